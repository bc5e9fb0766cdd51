// SPDX-License-Identifier: MIT
// carom::impulse_stepped: composition, input checks, running,
// order independence, allocation, the collision observer, set_velocity,
// the swept box of a parabola. Physics validation:
// tests/validation/impulse_*.cpp.
#include <carom/engines/event_driven/event_driven.hpp>
#include <carom/engines/impulse/impulse_stepped.hpp>
#include <carom/spatial/swept_grid.hpp>

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <numeric>
#include <random>
#include <type_traits>
#include <utility>
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
  CHECK_THAT(message({.time_step = T(0.1), .threads = -1}, ps), Contains("threads"));
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

namespace impulse_observer_test {

template <class T, std::size_t D>
using record = carom::collision_record<T, D>;

/// Runs `steps` steps, collecting every collision with its absolute time.
template <class Engine, class T = typename Engine::scalar_type>
std::vector<record<T, Engine::space_dimension>> collisions(Engine& e, std::size_t steps) {
  std::vector<record<T, Engine::space_dimension>> seen;
  for (std::size_t s = 0; s < steps; ++s)
    e.step([&](const record<T, Engine::space_dimension>& r) {
      seen.push_back(r);
      seen.back().time = T(e.time() + double(r.time));  // time() is the step's start
    });
  return seen;
}

}  // namespace impulse_observer_test

TEMPLATE_LIST_TEST_CASE("impulse mode: every collision is reported to the step's observer",
                        "[impulse]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  using engine = carom::impulse_stepped<T, D, carom::elastic>;
  const auto box = impulse_test::centred_box<T, D>(T(5), carom::boundary::wall);
  const double eps = double(carom_test::eps<T>);

  SECTION("two balls: the pair at t = 1.5, the walls x = ±5 at t = 5.5") {
    engine e(box, two_balls<T, D>(), {.time_step = T(0.4)});
    std::vector<carom::collision_record<T, D>> seen;
    double start = 0;
    for (int s = 0; s < 20; ++s) {
      start = e.time();
      e.step([&](const auto& r) {
        CHECK(e.time() == start);  // called inside the step
        CHECK(r.time >= T(0));
        CHECK(r.time <= e.time_step());
        seen.push_back(r);
        seen.back().time = T(start + double(r.time));
      });
    }
    REQUIRE(seen.size() == 3);
    CHECK(e.pair_collisions() == 1);
    CHECK(e.wall_collisions() == 2);
    // Head-on at unit speeds, equal masses: J = 2 m u / 2 = 2.
    const auto& pair = seen[0];
    CHECK(pair.kind == carom::partner_kind::particle);
    CHECK(double(pair.time) == Approx(1.5).epsilon(8 * eps));
    CHECK(pair.impulse == Approx(2).epsilon(8 * eps));
    CHECK(((pair.i == 0 && pair.partner == 1) || (pair.i == 1 && pair.partner == 0)));
    // The normal points from i to the partner: +x from ball 0.
    CHECK(pair.normal == at<T, D>(pair.i == 0 ? T(1) : T(-1)));
    for (const auto& wall : {seen[1], seen[2]}) {
      CHECK(wall.kind == carom::partner_kind::wall);
      CHECK(double(wall.time) == Approx(5.5).epsilon(8 * eps));
      CHECK(wall.impulse == Approx(2).epsilon(8 * eps));
      // After the exchange ball 0 flies back to x = -5: wall 0 (axis 0,
      // lower face); the normal points from the ball to the wall.
      CHECK(wall.partner == (wall.i == 0 ? 0u : 1u));
      CHECK(wall.normal == at<T, D>(wall.i == 0 ? T(-1) : T(1)));
      CHECK(e.walls()[wall.partner].normal == -wall.normal);
    }
  }

  SECTION("under gravity, as the event-driven engine reports them") {
    // A dilute walled gas under gravity for 2 time units: the same
    // collisions, in the same order, at the same times, with the same
    // normals and impulses. The two engines round differently, and hard
    // spheres amplify differences about 3-fold per collision: compared to
    // 1e3 ε 3^c for the c-th collision of the sequence.
    auto scene = impulse_test::gas<T, D>(D == 2 ? 4 : 2, T(0.1), carom::boundary::wall);
    const auto g = at<T, D>(T(0), T(-1));
    engine e(scene.container, scene.particles, {.gravity = g, .time_step = T(0.05)});
    const auto ours = impulse_observer_test::collisions(e, 40);
    carom::event_driven<T, D> reference(scene.container, scene.particles, {.gravity = g});
    std::vector<carom::collision_record<T, D>> theirs;
    reference.run_until(2.0, [&](const auto& r) { theirs.push_back(r); });
    REQUIRE(ours.size() == std::size_t(e.pair_collisions() + e.wall_collisions()));
    REQUIRE(ours.size() > 8);
    const std::size_t compared = std::min<std::size_t>(ours.size(), D == 2 ? 20 : 12);
    REQUIRE(theirs.size() >= compared);
    for (std::size_t c = 0; c < compared; ++c) {
      const auto &a = ours[c], &b = theirs[c];
      const double tol = 1e3 * eps * std::pow(3.0, double(c) / double(e.size()) + 1);
      CAPTURE(c, a.time, b.time, a.i, b.i, a.partner, b.partner);
      REQUIRE(a.kind == b.kind);
      // A pair may be reported from either side.
      const bool swapped = a.kind == carom::partner_kind::particle && a.i == b.partner;
      CHECK((swapped ? a.partner : a.i) == b.i);
      CHECK((swapped ? a.i : a.partner) == b.partner);
      CHECK(std::abs(double(a.time) - double(b.time)) <= tol * 2);
      CHECK(double(carom::norm((swapped ? -a.normal : a.normal) - b.normal)) <= tol);
      CHECK(std::abs(double(a.impulse - b.impulse)) <= tol * (1 + double(b.impulse)));
    }
  }

  SECTION("backwards, the same collisions in reverse order") {
    auto scene = impulse_test::gas<T, D>(D == 2 ? 4 : 2, T(0.1), carom::boundary::wall);
    engine e(scene.container, scene.particles,
             {.gravity = at<T, D>(T(0), T(-1)), .time_step = T(0.05)});
    const auto forward = impulse_observer_test::collisions(e, 20);
    e.set_time_step(T(-0.05));
    std::vector<carom::collision_record<T, D>> backward;
    for (int s = 0; s < 20; ++s)
      e.step([&](const auto& r) {
        CHECK(r.time <= T(0));
        CHECK(r.time >= e.time_step());
        backward.push_back(r);
        backward.back().time = T(e.time() + double(r.time));
      });
    REQUIRE(forward.size() == backward.size());
    REQUIRE(forward.size() > 4);
    for (std::size_t c = 0; c < forward.size(); ++c) {
      const auto &a = forward[c], &b = backward[backward.size() - 1 - c];
      CAPTURE(c);
      CHECK(a.kind == b.kind);
      const bool swapped = a.kind == carom::partner_kind::particle && a.i == b.partner;
      CHECK((swapped ? a.partner : a.i) == b.i);
      CHECK(double(a.time) == Approx(double(b.time)).margin(1e3 * eps));
      CHECK(double(carom::norm((swapped ? -a.normal : a.normal) - b.normal)) <= 1e3 * eps);
      CHECK(double(a.impulse) == Approx(double(b.impulse)).margin(1e3 * eps));
    }
  }
}

TEMPLATE_LIST_TEST_CASE("impulse mode: a step five periodic lengths long, flown in pieces",
                        "[impulse]", carom_test::all_configs) {
  // Two balls head on at unit speeds in a periodic box of side 8 meet every
  // 3 time units (t = 1.5 + 3k), alternately directly and across the
  // boundary. A step of 40 carries each ball five box lengths; the engine
  // flies it in ten pieces of 4 (half the box), with the same collisions.
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  using engine = carom::impulse_stepped<T, D, carom::elastic>;
  const auto box = impulse_test::centred_box<T, D>(T(4), carom::boundary::periodic);
  const double tolerance = 64 * 40 * double(carom_test::eps<T>);
  engine e(box, two_balls<T, D>(), {.time_step = T(40)});
  std::vector<double> times;
  e.step([&](const auto& r) { times.push_back(double(r.time)); });
  REQUIRE(times.size() == 13);
  for (std::size_t k = 0; k < times.size(); ++k)
    CHECK(times[k] == Approx(1.5 + 3.0 * double(k)).margin(tolerance));
  engine fine(box, two_balls<T, D>(), {.time_step = T(0.5)});
  fine.run(80);
  CHECK(fine.pair_collisions() == 13);
  for (std::size_t i = 0; i < 2; ++i) {
    CHECK(double(carom::norm(box.minimum_image(e.positions()[i] - fine.positions()[i]))) <=
          tolerance);
    CHECK(e.velocities()[i] == fine.velocities()[i]);  // exchanged 13 times, exactly
  }
  // And back: the same pieces in reverse.
  e.set_time_step(T(-40));
  e.step();
  const auto start = two_balls<T, D>();
  for (std::size_t i = 0; i < 2; ++i)
    CHECK(double(carom::norm(box.minimum_image(e.positions()[i] - start.positions()[i]))) <=
          tolerance);
}

TEMPLATE_LIST_TEST_CASE("impulse mode: a ring jammed around a periodic axis moves as one body",
                        "[impulse]", carom_test::all_configs) {
  // Balls of diameter 1.0002 in a row around a periodic x axis as long as
  // the row overlap their neighbours on both sides, their centres a little
  // off the axis. Closing those offsets, each pair approaches at both of
  // its contacts, whose normals are nearly opposite: each impulse sends it
  // into the next contact, at one instant, for ever (even at e = 0 the
  // approach only shrinks by round-off, and a light ball between heavy
  // ones cannot move them by more than round-off). After a bounded cascade
  // the ring leaves as one body with its centre-of-mass velocity: momentum
  // kept, energy not gained.
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  std::array<carom::boundary, D> kinds{};
  kinds.fill(carom::boundary::periodic);
  const auto check_ring = [&]<class Resolver>(const Resolver& resolver, const std::vector<T>& masses,
                                              const std::vector<T>& offsets) {
    const auto n = T(masses.size());
    const carom::box<T, D> box(carom::vec<T, D>{}, at<T, D>(n, T(4), T(4)), kinds);
    carom::particles<T, D> ps;
    for (std::size_t k = 0; k < masses.size(); ++k)
      ps.add({.position = at<T, D>(T(k) + T(0.5), T(2) + offsets[k]),
              .velocity = at<T, D>(T(0.3) - T(0.2) * T(k), -offsets[k] * T(50)),
              .radius = T(0.5001),
              .mass = masses[k]});
    carom::impulse_stepped<T, D, Resolver> e(box, ps, {.resolver = resolver, .time_step = T(0.01)});
    const auto p0 = e.momentum();
    const T k0 = e.kinetic_energy();
    e.step();
    for (std::size_t k = 1; k < e.size(); ++k) CHECK(e.velocities()[k] == e.velocities()[0]);
    CHECK(double(carom::norm(e.momentum() - p0)) <= 64 * double(carom_test::eps<T>));
    CHECK(e.kinetic_energy() < k0);
    CHECK(e.pair_collisions() > 64);  // the cascade ran into the bound,
    CHECK(e.pair_collisions() <= 64 * 2 * e.size() + e.size());  // and stopped there
    CHECK(e.jammed_collisions() > 0);
    CHECK(e.jammed_collisions() < e.size());  // each joins two clusters
  };
  const std::vector<T> pair_offsets{T(0), T(0.01)}, ring_offsets{T(0), T(0.003), T(-0.002)};
  check_ring(carom::elastic{}, {T(1), T(3)}, pair_offsets);
  check_ring(carom::constant_restitution<T>(T(0.5)), {T(1), T(3)}, pair_offsets);
  check_ring(carom::elastic{}, {T(1), T(0.01), T(1)}, ring_offsets);
  check_ring(carom::constant_restitution<T>(T(0.5)), {T(1), T(0.01), T(1)}, ring_offsets);
}

TEMPLATE_LIST_TEST_CASE("impulse mode: set_velocity between steps", "[impulse]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  using engine = carom::impulse_stepped<T, D, carom::elastic>;
  const auto box = impulse_test::centred_box<T, D>(T(5), carom::boundary::wall);
  engine e(box, two_balls<T, D>(), {.time_step = T(0.25)});
  e.run(2);
  using Catch::Matchers::Contains;
  const auto x = std::vector(e.positions().begin(), e.positions().end());
  const auto v = std::vector(e.velocities().begin(), e.velocities().end());
  CHECK_THROWS_WITH(e.set_velocity(2, at<T, D>(T(1))),
                    Contains("set_velocity") && Contains("particle 2 does not exist"));
  CHECK_THROWS_WITH(e.set_velocity(1, at<T, D>(std::numeric_limits<T>::quiet_NaN())),
                    Contains("set_velocity") && Contains("particle 1") && Contains("not finite"));
  CHECK_THROWS_AS(e.set_velocity(0, at<T, D>(carom::infinity<T>)), carom::invalid_input);
  CHECK(std::equal(x.begin(), x.end(), e.positions().begin()));
  CHECK(std::equal(v.begin(), v.end(), e.velocities().begin()));
  // Ball 1 (input order) stopped: ball 0 reaches it 2 time units later
  // and stops in its turn (head-on, equal masses).
  e.set_velocity(1, carom::vec<T, D>{});
  CHECK(e.velocities()[1] == carom::vec<T, D>{});
  CHECK(e.velocities()[0] == v[0]);
  e.run(4);
  CHECK(e.positions()[1] == x[1]);  // it did not move
  CHECK(e.pair_collisions() == 0);
  e.run(8);  // ball 0 at x = -1.5 + t touches ball 1 (at 1.5) when t = 2
  CHECK(e.pair_collisions() == 1);
  CHECK(e.velocities()[0] == carom::vec<T, D>{});
  CHECK(e.velocities()[1] == v[0]);
  // Every velocity reversed: back to where the run started.
  for (std::size_t i = 0; i < e.size(); ++i) e.set_velocity(i, -e.velocities()[i]);
  e.run(12);
  CHECK(e.pair_collisions() == 2);
  CHECK(e.positions()[0][0] == Approx(double(x[0][0])).margin(16 * double(carom_test::eps<T>)));
  CHECK(e.positions()[1][0] == Approx(double(x[1][0])).margin(16 * double(carom_test::eps<T>)));
  CHECK(e.velocities()[0] == -v[0]);
  CHECK(e.velocities()[1] == carom::vec<T, D>{});
}

TEMPLATE_LIST_TEST_CASE("impulse mode: the swept box holds the whole parabola", "[impulse]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  using V = carom::vec<T, D>;
  for (int trial = 0; trial < 200; ++trial) {
    const V x = carom_test::random_vec<T, D>(T(-2), T(2)),
            v = carom_test::random_vec<T, D>(T(-3), T(3));
    V g = carom_test::random_vec<T, D>(T(-5), T(5));
    if (trial % 4 == 0) g[trial % D] = T(0);  // an axis without gravity
    const T r = T(0.5), duration = carom_test::uniform(T(0.01), T(3));
    V lower, upper;
    carom::detail::swept_bounds<true>(x, v, g, r, duration, lower, upper);
    V low_seen = x, high_seen = x;
    T outside = T(0);  // how far a sampled sphere sticks out of the box, beyond round-off
    for (int k = 0; k <= 1000; ++k) {
      const V at_t = carom::detail::flight_position<true>(x, v, g, duration * T(k) / T(1000));
      for (std::size_t a = 0; a < D; ++a) {
        const T slack = 16 * carom_test::eps<T> * (std::abs(at_t[a]) + 1);
        outside =
            std::max({outside, lower[a] - (at_t[a] - r) - slack, at_t[a] + r - upper[a] - slack});
        low_seen[a] = std::min(low_seen[a], at_t[a]);
        high_seen[a] = std::max(high_seen[a], at_t[a]);
      }
    }
    CHECK(outside <= T(0));
    // Tight: the box is the path's own extent (the sampling misses the
    // turning point by at most (duration/1000)² g / 8).
    T loose = T(0);
    for (std::size_t a = 0; a < D; ++a) {
      const T sampling =
          duration * duration * std::abs(g[a]) / T(8e6) + 16 * carom_test::eps<T> * T(32);
      loose = std::max(
          {loose, low_seen[a] - r - lower[a] - sampling, upper[a] - high_seen[a] - r - sampling});
    }
    CHECK(loose <= T(0));
  }
}

TEMPLATE_LIST_TEST_CASE("swept grid: re-registered many times, it keeps few entries and the same candidates",
                        "[impulse]", carom_test::all_configs) {
  // Three particles registered again 600 times each over random boxes in a
  // periodic box of side 4 (cells 1 wide): the stale entries are dropped, and
  // the candidates are always those of a grid holding only the last boxes.
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  using vector = carom::vec<T, D>;
  const auto box = impulse_test::centred_box<T, D>(T(2), carom::boundary::periodic);
  std::mt19937 rng(11);
  std::uniform_real_distribution<T> corner(T(-2), T(2)), extent(T(0), T(1.5));
  std::array<std::pair<vector, vector>, 3> boxes;
  const auto draw = [&] {
    vector lower, upper;
    for (std::size_t a = 0; a < D; ++a) {
      lower[a] = corner(rng);
      upper[a] = lower[a] + extent(rng);
    }
    return std::pair{lower, upper};
  };
  using found = std::vector<std::pair<std::uint32_t, std::array<T, D>>>;
  const auto candidates = [](const carom::swept_grid<T, D>& grid, std::uint32_t i) {
    found out;
    grid.for_each_candidate(i, [&](std::uint32_t j, const vector& offset) {
      out.push_back({j, offset.components});
    });
    std::sort(out.begin(), out.end());
    return out;
  };
  carom::swept_grid<T, D> grid(box, T(1), 3);
  grid.clear();
  for (std::uint32_t i = 0; i < 3; ++i) {
    boxes[i] = draw();
    grid.insert(i, boxes[i].first, boxes[i].second);
  }
  // A box at most 1.5 wide spans at most 3 cells per axis: 3^D entries.
  std::size_t most = 1;
  for (std::size_t a = 0; a < D; ++a) most *= 3;
  bool few = true, same = true;
  for (std::uint32_t round = 0; round < 1800; ++round) {
    const std::uint32_t i = round % 3;
    boxes[i] = draw();
    grid.insert(i, boxes[i].first, boxes[i].second);
    few &= grid.entries() <= most * 6 + 64;  // twice the three live registrations
    carom::swept_grid<T, D> fresh(box, T(1), 3);
    fresh.clear();
    for (std::uint32_t k = 0; k < 3; ++k) fresh.insert(k, boxes[k].first, boxes[k].second);
    for (std::uint32_t k = 0; k < 3; ++k) same &= candidates(grid, k) == candidates(fresh, k);
  }
  CHECK(few);
  CHECK(same);
}
