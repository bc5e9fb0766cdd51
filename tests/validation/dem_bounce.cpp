// SPDX-License-Identifier: MIT
// Bouncing ball, a standard DEM check: a ball dropped from h_1 onto a wall
// rebounds to h_{n+1} = e^{2n} h_1. Hertz with α calibrated for e in the
// law's own convention (unclipped and no-tension); within 1 % up to n = 5.
// Gravity does no net work between the entry and exit of a contact (δ = 0
// at both), so only the contact's dissipation sets the ratio; the apex is
// detected to within g dt²/2 (< 1e-10 m here).
#include <carom/engines/dem/dem.hpp>

#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "support.hpp"

namespace {

template <class T, std::size_t D, class Law>
std::vector<double> apex_heights(const Law& law, T h1, int count) {
  const auto box = carom::box<T, D>::cube(T(0.2), carom::boundary::wall);
  const T r = T(0.01);
  carom::vec<T, D> x{};
  for (std::size_t a = 0; a + 1 < D; ++a) x[a] = T(0.1);
  x[D - 1] = r + h1;
  carom::particles<T, D> ps;
  ps.add({.position = x, .radius = r, .mass = T(0.01)});
  carom::vec<T, D> g{};
  g[D - 1] = T(-9.81);
  carom::dem_params<T, D, Law> p{
      .pair_law = law, .gravity = g, .max_impact_speed = T(1.1), .steps_per_contact = 100};
  carom::dem<T, D, Law> e(box, ps, p);
  std::vector<double> apexes{double(h1)};
  T previous = T(0);
  while (int(apexes.size()) < count && e.time() < 5.0) {
    e.step();
    const T v = e.velocities()[0][D - 1];
    if (previous > T(0) && v <= T(0) && e.contact_count() == 0)
      apexes.push_back(double(e.positions()[0][D - 1] - r));
    previous = v;
  }
  return apexes;
}

template <class T, std::size_t D, class Law>
void check_bounces() {
  const T e = T(0.9);
  const Law law = Law::from_restitution(T(1e8), e);
  const auto h = apex_heights<T, D>(law, T(0.05), 6);
  REQUIRE(h.size() == 6);
  for (std::size_t n = 1; n <= 5; ++n) {
    INFO("bounce " << n);
    CHECK(h[n] == Approx(std::pow(double(e), 2.0 * double(n)) * h[0]).epsilon(0.01));
  }
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("DEM bouncing ball: apex heights fall as e^{2n}", "[dem]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  check_bounces<T, D, carom::hertz<T>>();
  check_bounces<T, D, carom::hertz<T, carom::no_tension>>();
}
