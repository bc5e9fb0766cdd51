// SPDX-License-Identifier: MIT
// Validation of carom::dem against the restitution calibration of
// docs/contact-laws.md: a head-on collision at the default time step reproduces the
// calibrated e within 1e-3 for p = 1, 3/2, 2, both conventions, equal and
// unequal masses and sphere–wall. The default dt resolves the contact with
// 1000 steps; velocity Verlet's error in e is first order in dt (≈ 4e-3 at
// 100 steps for p = 1, docs/contact-laws.md).
#include <carom/engines/dem/dem.hpp>

#include <catch2/catch.hpp>
#include <cmath>

#include "dem_support.hpp"
#include "support.hpp"

namespace {

/// Restitution of one head-on impact at relative speed 2 m/s: two
/// particles of masses m1, m2, or (m2 = 0) one particle against the wall x = 0.
template <class T, std::size_t D, class Law>
T measured_restitution(const Law& law, T m1, T m2) {
  const auto box = carom::box<T, D>::cube(T(0.1), carom::boundary::wall);
  carom::particles<T, D> ps;
  const T r = T(0.005);
  const bool wall = m2 == T(0);
  ps.add({.position = dem_test::on_x_axis<T, D>(wall ? T(0.0051) : T(0.0449)),
          .velocity = dem_test::on_x_axis<T, D>(wall ? T(-2) : T(1)),
          .radius = r,
          .mass = m1});
  ps.add({.position = dem_test::on_x_axis<T, D>(T(0.0551)),
          .velocity = dem_test::on_x_axis<T, D>(wall ? T(0) : T(-1)),
          .radius = r,
          .mass = wall ? m1 : m2});
  // Velocities are along x only: make the transverse components zero.
  carom::dem_params<T, D, Law> p{.pair_law = law, .max_impact_speed = T(2)};
  using engine = carom::dem<T, D, Law,
                                     carom::dem_policies<carom::velocity_verlet, carom::frictionless>>;
  engine e(box, ps, p);
  if (wall) e.fix(1);
  REQUIRE(dem_test::run_through_impact(e, 200000));
  const T v1 = e.velocities()[0][0];
  return wall ? v1 / T(2) : (e.velocities()[1][0] - v1) / T(2);
}

template <class T, std::size_t D, class Law>
void check_law(T stiffness) {
  for (const T e : {T(0.3), T(0.5), T(0.8), T(0.95)}) {
    const Law law = Law::from_restitution(stiffness, e);
    INFO("p = " << law.exponent() << ", e = " << e);
    CHECK(std::abs(measured_restitution<T, D>(law, T(0.01), T(0.01)) - e) < T(1e-3));
    CHECK(std::abs(measured_restitution<T, D>(law, T(0.01), T(0.03)) - e) < T(1e-3));
    CHECK(std::abs(measured_restitution<T, D>(law, T(0.01), T(0)) - e) < T(1e-3));
  }
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("DEM head-on impacts reproduce the calibrated restitution", "[dem]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  // Stiffnesses giving contacts of similar duration (~0.1-0.5 ms).
  check_law<T, D, carom::linear_spring_dashpot<T>>(T(1e4));
  check_law<T, D, carom::hertz<T>>(T(1e8));
  check_law<T, D, carom::cone<T>>(T(1e11));
  check_law<T, D, carom::linear_spring_dashpot<T, carom::no_tension>>(T(1e4));
  check_law<T, D, carom::hertz<T, carom::no_tension>>(T(1e8));
  check_law<T, D, carom::cone<T, carom::no_tension>>(T(1e11));
}
