// SPDX-License-Identifier: MIT
// carom::impulse_stepped: composition, input checks, running,
// order independence, allocation. Physics validation:
// tests/validation/impulse_*.cpp.
#include <carom/engines/impulse/impulse_stepped.hpp>

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <numeric>
#include <random>
#include <type_traits>
#include <vector>

#include "allocations.hpp"
#include "impulse_support.hpp"
#include "support.hpp"

using impulse_test::at;

namespace {

// Three engines, one interface.
static_assert(carom::engine<carom::impulse_stepped<double, 2, carom::elastic>>);
static_assert(carom::engine_of<carom::dem<float, 3, carom::hertz<float>>, float, 3>);
static_assert(carom::engine_of<carom::event_driven<float, 2>, float, 2>);
static_assert(!carom::engine<carom::particles<double, 3>>);
static_assert(std::is_same_v<carom::impulse_stepped<double, 2, carom::elastic>::params,
                             carom::impulse_stepped_params<double, 2, carom::elastic>>);
static_assert(std::is_same_v<carom::dem<float, 3, carom::hertz<float>>::params,
                             carom::dem_params<float, 3, carom::hertz<float>>>);
static_assert(std::is_same_v<carom::impulse_stepped<double, 2, carom::elastic>::integrator_type,
                             carom::velocity_verlet>);
static_assert(
    std::is_same_v<carom::impulse_stepped<double, 3, carom::constant_restitution<double>,
                                       carom::symplectic_euler>::integrator_type,
                   carom::symplectic_euler>);

template <class T, std::size_t D>
carom::particles<T, D> two_balls() {
  carom::particles<T, D> ps;
  ps.add({.position = at<T, D>(T(-2)), .velocity = at<T, D>(T(1)), .radius = T(0.5), .mass = T(1)});
  ps.add({.position = at<T, D>(T(2)), .velocity = at<T, D>(T(-1)), .radius = T(0.5), .mass = T(1)});
  return ps;
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("impulse mode: input checks name the culprit and change nothing",
                        "[impulse]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  using engine = carom::impulse_stepped<T, D, carom::elastic>;
  const auto box = impulse_test::centred_box<T, D>(T(5), carom::boundary::wall);
  const auto ps = two_balls<T, D>();
  auto message = [&](typename engine::params p, const carom::particles<T, D>& input) {
    try {
      engine e(box, input, std::move(p));
    } catch (const carom::invalid_input& error) {
      return std::string(error.what());
    }
    return std::string("accepted");
  };
  using Catch::Matchers::Contains;
  CHECK_THAT(message({}, ps), Contains("time_step"));
  CHECK_THAT(message({.time_step = std::numeric_limits<T>::infinity()}, ps), Contains("time_step"));
  CHECK_THAT(message({.time_step = T(0.1)}, carom::particles<T, D>{}), Contains("no particles"));
  CHECK_THAT(message({.gravity = at<T, D>(std::numeric_limits<T>::quiet_NaN()), .time_step = T(0.1)}, ps),
             Contains("gravity"));
  CHECK_THAT(message({.time_step = T(0.1), .collapse_guard_time = T(-1)}, ps),
             Contains("collapse_guard_time"));
  CHECK_THAT(message({.planes = {{at<T, D>(T(2)), T(0)}}, .time_step = T(0.1)}, ps),
             Contains("plane 0"));
  CHECK_THAT(message({.planes = {{at<T, D>(T(1)), T(0)}}, .time_step = T(0.1)}, ps),
             Contains("particle 0"));  // its centre is at x = -2, behind the plane x = 0
  carom::particles<T, D> outside;
  outside.add({.position = at<T, D>(T(6)), .radius = T(0.5), .mass = T(1)});
  CHECK_THAT(message({.time_step = T(0.1)}, outside), Contains("particle 0"));
  carom::particles<T, D> same = two_balls<T, D>();
  same.add({.position = at<T, D>(T(2)), .radius = T(0.5), .mass = T(1)});
  CHECK_THAT(message({.time_step = T(0.1)}, same), Contains("same centre"));
  CHECK(message({.time_step = T(-0.1)}, ps) == "accepted");  // backwards is allowed

  engine e(box, ps, {.time_step = T(0.1)});
  CHECK_THROWS_AS(e.set_time_step(T(0)), carom::invalid_input);
  CHECK_THROWS_AS(e.set_time_step(std::numeric_limits<T>::quiet_NaN()), carom::invalid_input);
  CHECK(e.time_step() == T(0.1));
  e.set_time_step(T(-0.2));
  CHECK(e.time_step() == T(-0.2));
}

TEMPLATE_LIST_TEST_CASE("impulse mode: runs, counts and reports in the input order", "[impulse]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const auto box = impulse_test::centred_box<T, D>(T(5), carom::boundary::wall);
  carom::impulse_stepped<T, D, carom::elastic> e(box, two_balls<T, D>(), {.time_step = T(0.25)});
  REQUIRE(e.size() == 2);
  CHECK(e.positions()[0] == at<T, D>(T(-2)));  // input order, not the canonical one
  CHECK(e.ids()[1] == 1);
  std::size_t calls = 0;
  e.run(8, [&](const auto& engine) { calls += engine.steps() % 2 == 0; }, 2);
  CHECK(calls == 4);
  CHECK(e.steps() == 8);
  CHECK(e.time() == Approx(2.0));
  // Contact at t = 1.5: the velocities are exchanged, exactly (head-on, equal masses).
  CHECK(e.pair_collisions() == 1);
  CHECK(e.velocities()[0] == at<T, D>(T(-1)));
  CHECK(e.velocities()[1] == at<T, D>(T(1)));
  CHECK(e.positions()[0][0] == Approx(-1.0));  // at -0.5 at t = 1.5, then 0.5 back
  e.run_until(4.0);
  CHECK(e.steps() == 16);
  CHECK(e.wall_collisions() == 0);
  e.run_until(10.0);  // each ball reaches its wall (x = ±4.5) at t = 5.5
  CHECK(e.wall_collisions() == 2);
  CHECK(e.state().positions()[0] == e.positions()[0]);
}

TEMPLATE_LIST_TEST_CASE("impulse mode: shuffled input gives the same trajectories, bit for bit",
                        "[impulse]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  using engine = carom::impulse_stepped<T, D, carom::constant_restitution<T>>;
  // A walled gas under gravity, plus exact ties: a ball striking two balls
  // placed symmetrically about its path (both contacts at the same instant)
  // and a touching row struck at one end (a zero-time cascade).
  auto scene = impulse_test::gas<T, D>(D == 2 ? 8 : 3, T(0.3), carom::boundary::wall);
  carom::particles<T, D> ps = scene.particles;
  auto upper = scene.container.upper();
  upper[1] += T(4);  // a strip above the gas for the ties
  std::array<carom::boundary, D> walls{};
  walls.fill(carom::boundary::wall);
  const carom::box<T, D> box(scene.container.lower(), upper, walls);
  const T top = upper[1] - T(2);
  // Mid-depth in 3D: spheres must start inside every wall.
  const T z = (box.lower()[D - 1] + box.upper()[D - 1]) / T(2);
  ps.add({.position = at<T, D>(T(0.5), top, z), .velocity = at<T, D>(T(3)), .radius = T(0.5), .mass = T(1)});
  ps.add({.position = at<T, D>(T(2.5), top + T(0.6), z), .radius = T(0.5), .mass = T(1)});
  ps.add({.position = at<T, D>(T(2.5), top - T(0.6), z), .radius = T(0.5), .mass = T(1)});
  const typename engine::params p{.resolver = carom::constant_restitution<T>(T(0.9)),
                                  .gravity = at<T, D>(T(0), T(-1)),
                                  .time_step = T(0.02)};
  std::vector<std::size_t> perm(ps.size());
  std::iota(perm.begin(), perm.end(), std::size_t(0));
  std::shuffle(perm.begin(), perm.end(), carom_test::rng());
  engine a(box, ps, p);
  engine b(box, impulse_test::permuted(ps, perm), p);
  a.run(300);
  b.run(300);
  CHECK(a.pair_collisions() == b.pair_collisions());
  CHECK(a.pair_collisions() > 100);
  CHECK(a.kinetic_energy() == b.kinetic_energy());
  std::size_t same = 0;
  for (std::size_t s = 0; s < perm.size(); ++s)
    same += b.positions()[s] == a.positions()[perm[s]] && b.velocities()[s] == a.velocities()[perm[s]];
  CHECK(same == perm.size());
}

TEST_CASE("impulse mode: no allocation in the step loop once warm", "[impulse]") {
  using T = double;
  constexpr std::size_t D = 2;
  auto scene = impulse_test::gas<T, D>(20, T(0.4), carom::boundary::wall);
  carom::impulse_stepped<T, D, carom::elastic> e(scene.container, scene.particles,
                                               {.gravity = {0, -1}, .time_step = T(0.05)});
  e.run(2000);  // warm: the swept grid's entry pool reaches its steady size
  const std::uint64_t collisions = e.pair_collisions();
  const std::size_t before = carom_test::allocations.load();
  e.run(1000);
  const std::size_t after = carom_test::allocations.load();  // before any CHECK: Catch allocates
  CHECK(e.pair_collisions() > collisions + 1000);
  if (CAROM_TEST_COUNT_ALLOCATIONS)
    CHECK(after == before);
  else
    WARN("allocation counting is off under AddressSanitizer");
}
