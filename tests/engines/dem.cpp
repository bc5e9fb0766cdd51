// SPDX-License-Identifier: MIT
// carom::dem: composition, input checks, constraints, neighbour
// list and history bookkeeping. Physics validation: tests/validation/dem_*.
#include <carom/engines/dem/dem.hpp>

#include <atomic>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <new>
#include <type_traits>

#include "allocations.hpp"
#include "dem_support.hpp"
#include "support.hpp"

using carom_test::allocations;

namespace {

/// Forward (explicit) Euler: a third integrator written by a user.
struct forward_euler {
  template <class V, class T>
  static constexpr void advance(V& x, V& v, const V& a, T dt) noexcept {
    x += v * dt;
    v += a * dt;
  }
  template <class V, class T>
  static constexpr void correct(V&, const V&, T) noexcept {}
};

static_assert(carom::integrator<carom::velocity_verlet, float, 2>);
static_assert(carom::integrator<carom::symplectic_euler, double, 3>);
static_assert(carom::integrator<forward_euler, double, 3>);
static_assert(!carom::integrator<int, double, 3>);

// The spelling in the comment of engines/dem/dem.hpp compiles: scalar,
// dimension, law and a bare integrator.
using spelled = carom::dem<float, 2, carom::hertz<float>, carom::velocity_verlet>;
static_assert(std::is_same_v<spelled::integrator_type, carom::velocity_verlet>);
static_assert(std::is_same_v<spelled::tangential_type, carom::mindlin_tangential_spring>);

template <class T, std::size_t D>
carom::particle_params<T, D> dem_ball(carom::vec<T, D> x, carom::vec<T, D> v = {}) {
  return {.position = x, .velocity = v, .radius = T(0.01), .mass = T(0.01)};
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("dem rejects bad input and keeps good defaults", "[dem]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  using engine = carom::dem<T, D, carom::hertz<T>>;
  const auto box = carom::box<T, D>::cube(T(1), carom::boundary::wall);
  carom::particles<T, D> ps;
  ps.add(dem_ball<T, D>(dem_test::at<T, D>(T(0.5), T(0.5))));
  const auto good = dem_test::hertz_params<T, D>();
  const engine e(box, ps, good);
  CHECK(e.time_step() > T(0));
  CHECK(e.time_step() <= carom::critical_time_step(*good.pair_law, T(0.005), T(2)));

  // Each rejection names the parameter (docs/reliability.md, bad-input table).
  using Catch::Contains;
  auto bad = [&](auto edit, const char* named) {
    auto p = good;
    edit(p);
    CHECK_THROWS_AS(engine(box, ps, p), carom::invalid_input);
    CHECK_THROWS_WITH(engine(box, ps, p), Contains("carom::dem") && Contains(named));
  };
  bad([](auto& p) { p.time_step = T(-1e-6); }, "time_step");
  bad([](auto& p) { p.time_step = T(1); }, "above the critical time step");  // far above Δt_crit
  bad([](auto& p) { p.max_impact_speed = T(0); }, "max_impact_speed");
  bad([](auto& p) { p.pair_tangential.friction = T(-0.1); }, "pair_tangential.friction");
  bad([](auto& p) { p.wall_tangential = carom::tangential_params<T>{.friction = std::numeric_limits<T>::quiet_NaN()}; },
      "wall_tangential.friction");
  bad([](auto& p) { p.gravity[0] = carom::infinity<T>; }, "gravity");
  bad([](auto& p) { p.skin = carom::infinity<T>; }, "skin");
  bad([](auto& p) { p.steps_per_contact = 0; }, "steps_per_contact");
  bad([](auto& p) { p.threads = -1; }, "threads");
  bad([](auto& p) { p.reference_radius = T(-1); }, "reference_radius");
  bad([](auto& p) { p.planes.push_back({dem_test::at<T, D>(T(2), T(0)), T(0)}); }, "plane 0");  // not unit
  bad([](auto& p) { p.planes.push_back({dem_test::at<T, D>(T(0), T(1), T(0)), T(0.9)}); },  // centre out
      "particle 0");

  carom::particles<T, D> none;
  CHECK_THROWS_WITH(engine(box, none, good), Contains("no particles"));
  carom::particles<T, D> outside;
  outside.add(dem_ball<T, D>(dem_test::at<T, D>(T(0.5), T(1.5))));
  // particles::add accepts it; the engine checks the container.
  CHECK_THROWS_AS(engine(box, outside, good), carom::invalid_input);
  CHECK_THROWS_WITH(engine(box, outside, good), Contains("particle 0") && Contains("outside wall"));

  engine f(box, ps, good);
  CHECK_THROWS_WITH(f.fix(1), Contains("fix") && Contains("particle 1 does not exist"));
  CHECK_THROWS_WITH(f.lock_rotation(7), Contains("lock_rotation") && Contains("particle 7"));
}

TEMPLATE_LIST_TEST_CASE("dem: fixed particles stay, a user integrator plugs in", "[dem]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const auto box = carom::box<T, D>::cube(T(1), carom::boundary::wall);
  carom::particles<T, D> ps;
  ps.add(dem_ball<T, D>(dem_test::at<T, D>(T(0.5), T(0.5))));
  ps.add(dem_ball<T, D>(dem_test::at<T, D>(T(0.5), T(0.6))));
  auto p = dem_test::hertz_params<T, D>();
  p.gravity[1] = T(-9.81);

  carom::dem<T, D, carom::hertz<T>, forward_euler> e(box, ps, p);
  e.fix(0);
  e.run(200);
  CHECK(e.positions()[0] == dem_test::at<T, D>(T(0.5), T(0.5)));
  // Free fall under forward Euler: v = g t exactly, x = x0 + g dt² n(n−1)/2.
  const T t = T(200) * e.time_step();
  CHECK(e.velocities()[1][1] == Approx(-9.81 * double(t)).epsilon(1e-4));
  const double drop = 9.81 * double(e.time_step()) * double(e.time_step()) * 200 * 199 / 2;
  CHECK(double(e.positions()[1][1]) == Approx(0.6 - drop).epsilon(1e-4));
}

TEMPLATE_LIST_TEST_CASE("dem: the Verlet list keeps contact history across rebuilds",
                        "[dem]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  // A block (rotation locked) at rest on the floor under gravity tilted by
  // tan θ = 0.2 < μ = 0.5, beside a row of balls that fly off, forcing
  // rebuilds. Static friction lives in the wall spring; the pair springs of
  // the row are carried over by the rebuilds.
  const auto box = carom::box<T, D>::cube(T(1), carom::boundary::wall);
  carom::particles<T, D> ps;
  ps.add(dem_ball<T, D>(dem_test::at<T, D>(T(0.5), T(0.01))));
  for (int k = 0; k < 5; ++k)
    ps.add(dem_ball<T, D>(dem_test::at<T, D>(T(0.1), T(0.2) + T(0.0199) * T(k)), dem_test::at<T, D>(T(1), T(0), T(0))));
  auto p = dem_test::hertz_params<T, D>();
  p.gravity = dem_test::at<T, D>(T(-1.962), T(-9.81), T(0));
  p.skin = T(0.002);
  p.pair_tangential.damping = T(6e6);  // ζ ≈ 0.3 for the tangential oscillation
  p.pair_law = carom::hertz<T>::from_restitution(T(1e7), T(0.3));
  carom::dem<T, D, carom::hertz<T>> e(box, ps, p);
  e.lock_rotation(0);
  e.run(60000);  // the initial normal and tangential transients die out
  const std::size_t builds_before = e.neighbours().builds();
  const auto x_before = e.positions()[0];
  e.run(40000);
  CHECK(e.neighbours().builds() > builds_before);  // the flying row forced rebuilds
  // No creep: the tangential spring holds the block to round-off.
  const double resolution = 4 * double(carom_test::eps<T>) * 0.5;  // of x near 0.5
  CHECK(std::abs(double(e.positions()[0][0] - x_before[0])) < 1e-10 + resolution);
  CHECK(e.contact_count() >= 1);
}

TEMPLATE_LIST_TEST_CASE("dem: a pair stretch grows while touching and is forgotten after",
                        "[dem]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  // Two balls overlapping by 1e-4 m, the second sliding along y and leaving
  // along x: the stretch (the list's payload) builds up step after step
  // through the touching-entry pass, then is reset once they part, while
  // the pair is still in the list (a wide skin: no rebuild).
  const auto box = carom::box<T, D>::cube(T(1), carom::boundary::wall);
  carom::particles<T, D> ps;
  ps.add(dem_ball<T, D>(dem_test::at<T, D>(T(0.5), T(0.5))));
  ps.add(dem_ball<T, D>(dem_test::at<T, D>(T(0.5) + T(0.02) - T(1e-4), T(0.5)), dem_test::at<T, D>(T(0.05), T(0.2))));
  auto p = dem_test::hertz_params<T, D>();
  p.skin = T(0.01);
  carom::dem<T, D, carom::hertz<T>> e(box, ps, p);
  REQUIRE(e.neighbours().size() == 1);
  const std::size_t builds = e.neighbours().builds();
  e.step();
  const T first = carom::norm(e.neighbours().payload()[0]);
  CHECK(first > T(0));
  e.step();
  CHECK(carom::norm(e.neighbours().payload()[0]) > first);
  std::size_t steps = 0;
  while (e.contact_count() > 0 && steps++ < 100000) e.step();
  REQUIRE(e.contact_count() == 0);
  CHECK(e.neighbours().builds() == builds);
  CHECK(e.neighbours().payload()[0] == carom::vec<T, D>{});
}

TEST_CASE("dem: no allocation in the step loop once warm", "[dem]") {
  using T = double;
  constexpr std::size_t D = 3;
  // A dense elastic gas in a periodic box: the list is rebuilt often and
  // its size fluctuates.
  const auto box = carom::box<T, D>::cube(T(0.15), carom::boundary::periodic);
  carom::particles<T, D> ps;
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j)
      for (int k = 0; k < 6; ++k)
        ps.add(dem_ball<T, D>(dem_test::at<T, D>(T(0.025) * i, T(0.025) * j, T(0.025) * k),
                          carom_test::random_vec<T, D>(T(-1), T(1))));
  carom::dem_params<T, D, carom::hertz<T>> p{
      .pair_law = carom::hertz<T>(carom::contact_law_params<T>{.stiffness = T(1e7)}),
      .max_impact_speed = T(4),
      .steps_per_contact = 100};
  carom::dem<T, D, carom::hertz<T>> e(box, ps, p);
  e.run(10000);  // warm: the list grows from none (lattice) to its steady size
  const std::size_t builds = e.neighbours().builds();
  const std::size_t before = allocations.load();
  e.run(3000);
  const std::size_t after = allocations.load();  // before any CHECK: Catch allocates
  CHECK(e.neighbours().builds() > builds + 5);
  if (CAROM_TEST_COUNT_ALLOCATIONS)
    CHECK(after == before);
  else
    WARN("allocation counting is off under AddressSanitizer");
}

TEMPLATE_LIST_TEST_CASE("dem: stiffness scales with sqrt(R*/R_ref) when asked", "[dem]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const auto box = carom::box<T, D>::cube(T(1), carom::boundary::wall);
  const T r1 = T(0.01), r2 = T(0.03), overlap = T(1e-4);
  carom::particles<T, D> ps;
  ps.add({.position = dem_test::at<T, D>(T(0.5), T(0.5)), .radius = r1, .mass = T(0.01)});
  ps.add({.position = dem_test::at<T, D>(T(0.5) + r1 + r2 - overlap, T(0.5)), .radius = r2, .mass = T(0.02)});
  const T k = T(1e8);
  carom::dem_params<T, D, carom::hertz<T>> p{
      .pair_law = carom::hertz<T>::from_restitution(k, T(0.7)), .max_impact_speed = T(1)};
  const carom::dem<T, D, carom::hertz<T>> plain(box, ps, p);
  p.reference_radius = T(0.005);
  const carom::dem<T, D, carom::hertz<T>> scaled(box, ps, p);
  // At rest the force is elastic only: k δ^{3/2}, times √(R*/R_ref) when scaled.
  const double elastic = double(k) * std::pow(double(overlap), 1.5);
  const double r_star = double(r1) * double(r2) / double(r1 + r2);
  // δ = 1e-4 from positions near 0.5: float resolves it to ~1e-3.
  const double tolerance = std::is_same_v<T, float> ? 3e-3 : 1e-6;
  CHECK(-double(plain.forces()[0][0]) == Approx(elastic).epsilon(tolerance));
  CHECK(-double(scaled.forces()[0][0]) ==
        Approx(elastic * std::sqrt(r_star / 0.005)).epsilon(tolerance));
  // The smaller default step of the stiffer scaled law.
  CHECK(scaled.time_step() < plain.time_step());
}
