// SPDX-License-Identifier: MIT
// Impulse mode (carom::impulse_stepped) under uniform gravity against exact
// results: within a step particles fly the exact parabola, so a bouncing
// ball keeps its height (or loses e² of it per bounce) at any dt, an
// elastic gas conserves kinetic plus potential energy to round-off, a run
// is time-reversible, and a ball at rest on a floor stays there.
#include <carom/carom.hpp>

#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "impulse_support.hpp"
#include "support.hpp"

namespace impulse_gravity_test {

using impulse_test::at;

template <class T, std::size_t D, class Resolver = carom::elastic>
using engine = carom::impulse_stepped<T, D, Resolver>;

// g = 2 downwards and a drop from h = 1: the ball falls for 1, flies 2
// between bounces and meets the floor at t = 1, 3, 5, …
constexpr double g = 2;
constexpr double radius = 0.5;

/// A tall walled box with its floor at y = 0.
template <class T, std::size_t D>
carom::box<T, D> tall_box() {
  std::array<carom::boundary, D> walls{};
  walls.fill(carom::boundary::wall);
  return {at<T, D>(T(-5), T(0), T(-5)), at<T, D>(T(5), T(100), T(5)), walls};
}

/// One ball of radius 1/2, its lowest point `height` above the floor.
template <class T, std::size_t D>
carom::particles<T, D> ball_at(T height, T speed = T(0)) {
  carom::particles<T, D> ps;
  ps.add({.position = at<T, D>(T(0), T(radius) + height),
          .velocity = at<T, D>(T(0), speed),
          .radius = T(radius),
          .mass = T(1)});
  return ps;
}

/// The height the ball's lowest point would reach with its vertical
/// velocity: its energy over m g.
template <class T, std::size_t D>
double apex_of(const carom::vec<T, D>& x, const carom::vec<T, D>& v) {
  return double(x[1]) - radius + double(v[1]) * double(v[1]) / (2 * g);
}

/// Allowed error of a quantity of size 1 after `steps` steps: 1e-9 in
/// double; in float each step rounds the position and velocity a few times
/// (x + v t + g t²/2, the bounce, the apex formula), about 4 ε of a unit
/// quantity, and those errors are added linearly: 4 ε per step, plus 16 ε.
/// (In double that bound is below 1e-9 for every run here.)
template <class T>
double tolerance(double steps) {
  if constexpr (std::is_same_v<T, double>)
    return 1e-9;
  else
    return (4 * steps + 16) * double(carom_test::eps<T>);
}

/// Kinetic plus potential energy, −Σ m g·(x − lower).
template <class T, std::size_t D, class Engine>
double total_energy(const Engine& e, const carom::vec<T, D>& gravity) {
  double sum = 0;
  for (std::size_t i = 0; i < e.size(); ++i) {
    const double m = double(e.masses()[i]);
    sum += 0.5 * m * double(carom::squared_norm(e.velocities()[i]));
    for (std::size_t a = 0; a < D; ++a)
      sum -= m * double(gravity[a]) * double(e.positions()[i][a] - e.container().lower()[a]);
  }
  return sum;
}

// The tests are in the namespace too: its names hide those of the other
// files of the folder, which share one translation unit.

TEMPLATE_LIST_TEST_CASE(
    "impulse mode under gravity: a ball with e = 1 follows the exact bouncing "
    "motion at any dt",
    "[impulse][validation][gravity]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  // 0.25 divides the flight time 2 (bounces fall on step ends), 0.3 and
  // 0.0123 do not, 2 is one whole flight, 2.7 and 7.1 more than one.
  const T dt = GENERATE(T(0.25), T(0.3), T(0.0123), T(2), T(2.7), T(7.1));
  engine<T, D> e(tall_box<T, D>(), ball_at<T, D>(T(1)),
                 {.gravity = at<T, D>(T(0), T(-g)), .time_step = dt});
  double worst_apex = 0, worst_height = 0, worst_speed = 0, sideways = 0;
  while (e.wall_collisions() < 10) {
    e.step();
    // The exact motion: with s = ((t + 1) mod 2) − 1 ∈ [−1, 1), the ball's
    // lowest point is at 1 − s² and its velocity is −2 s.
    const double s = std::fmod(e.time() + 1, 2.0) - 1;
    const auto x = e.positions()[0];
    const auto v = e.velocities()[0];
    worst_apex = std::max(worst_apex, std::abs(apex_of<T, D>(x, v) - 1));
    worst_height = std::max(worst_height, std::abs(double(x[1]) - radius - (1 - s * s)));
    // A step ending at a bounce (s = ±1) may end before or after it.
    const double speed_error = std::abs(double(v[1]) + 2 * s);
    worst_speed = std::max(worst_speed, std::abs(s) > 1 - 1e-6
                                            ? std::min(speed_error, std::abs(double(v[1]) - 2 * s))
                                            : speed_error);
    sideways = std::max(sideways, std::abs(double(x[0])));
  }
  const double tol = tolerance<T>(double(e.steps()));
  CAPTURE(dt, e.steps(), worst_apex, worst_height, worst_speed, tol);
  CHECK(e.pair_collisions() == 0);
  CHECK(sideways == 0);
  CHECK(worst_apex <= tol);
  CHECK(worst_height <= tol);
  // Speeds are up to 2: the same relative error is 2 tol in absolute terms.
  CHECK(worst_speed <= 2 * tol);
  // The 10th bounce is at t = 19, in the step that contains it.
  CHECK(e.time() >= 19 - 1e-9);
  CHECK(e.time() < 19 + double(dt) + 1e-9);
}

TEMPLATE_LIST_TEST_CASE(
    "impulse mode under gravity: with e < 1 the apex after n bounces is h e^(2n)",
    "[impulse][validation][gravity]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  using resolver = carom::constant_restitution<T>;
  const T restitution = GENERATE(T(0.8), T(0.5));
  const T dt = GENERATE(T(0.05), T(0.3), T(2.7));
  engine<T, D, resolver> e(
      tall_box<T, D>(), ball_at<T, D>(T(1)),
      {.resolver = resolver(restitution), .gravity = at<T, D>(T(0), T(-g)), .time_step = dt});
  // Heights e^(2n) down to 1e-2 and 2e-4, far above round-off (where the
  // ball would be taken to rest on the floor). A long step can take the
  // count past the last one: those are not checked.
  const std::uint64_t bounces = restitution > T(0.6) ? 10 : 6;
  double worst = 0;
  std::uint64_t checked = 0;
  while (e.wall_collisions() < bounces) {
    e.step();
    const std::uint64_t n = e.wall_collisions();
    if (n > bounces) break;
    const double expected = std::pow(double(restitution), 2.0 * double(n));
    // Relative to the apex in double; in float relative to h, since the
    // round-off of a height is ε of the coordinates (about h), not of it.
    const double scale = std::is_same_v<T, double> ? expected : 1.0;
    worst = std::max(
        worst, std::abs(apex_of<T, D>(e.positions()[0], e.velocities()[0]) - expected) / scale);
    ++checked;
  }
  // A bounce keeps e of the normal velocity to a few roundings: the error
  // of the apex grows by a few ε per bounce, within tolerance().
  const double tol = tolerance<T>(double(e.steps()));
  CAPTURE(restitution, dt, e.steps(), worst, tol);
  CHECK(checked > 0);
  CHECK(worst <= tol);
}

TEMPLATE_LIST_TEST_CASE(
    "impulse mode under gravity: an elastic gas in a closed box conserves "
    "kinetic plus potential energy",
    "[impulse][validation][gravity]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  // 16 disks or 8 spheres at φ = 0.1, kT = 1 and g = 1: the box is about 11
  // (2D) or 3.7 (3D) high, so gravity stratifies the gas, and the
  // particles collide a few times per unit time.
  auto scene = impulse_test::gas<T, D>(D == 2 ? 4 : 2, T(0.1), carom::boundary::wall);
  const carom::vec<T, D> gravity = at<T, D>(T(0), T(-1));
  engine<T, D> e(scene.container, scene.particles, {.gravity = gravity, .time_step = T(0.01)});
  const double e0 = total_energy<T, D>(e, gravity);
  const std::uint64_t steps = 10000;
  double worst = 0;
  for (std::uint64_t s = 0; s < steps; s += 100) {
    e.run(100);
    worst = std::max(worst, std::abs(total_energy<T, D>(e, gravity) / e0 - 1));
  }
  const double per_particle = 2 * double(e.pair_collisions()) / double(e.size());
  // Every step rounds each particle's energy a few times and every
  // collision its participants' once more: 1e-10 in double (asked), and in
  // float the linear sum of 4 ε per step and per collision.
  const double tol = std::is_same_v<T, double>
                         ? 1e-10
                         : 4 * (double(steps) + per_particle) * double(carom_test::eps<T>);
  CAPTURE(per_particle, e.wall_collisions(), worst, tol);
  REQUIRE(per_particle > 10);
  REQUIRE(e.wall_collisions() > 100);
  CHECK(worst <= tol);
}

TEMPLATE_LIST_TEST_CASE("impulse mode under gravity: run, reverse the velocities, run back",
                        "[impulse][validation][gravity]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  // A dilute walled gas, lifted one unit clear of the walls so that no
  // particle starts touching one.
  auto scene = impulse_test::gas<T, D>(D == 2 ? 4 : 2, T(0.1), carom::boundary::wall);
  std::array<carom::boundary, D> walls{};
  walls.fill(carom::boundary::wall);
  carom::vec<T, D> lower = scene.container.lower(), upper = scene.container.upper();
  for (std::size_t a = 0; a < D; ++a) lower[a] -= T(1), upper[a] += T(1);
  const carom::box<T, D> box(lower, upper, walls);
  engine<T, D> e(box, scene.particles, {.gravity = at<T, D>(T(0), T(-1)), .time_step = T(0.02)});
  const std::size_t steps = 100;
  e.run(steps);
  REQUIRE(e.wall_collisions() > 0);
  for (std::size_t i = 0; i < e.size(); ++i) e.set_velocity(i, -e.velocities()[i]);
  e.run(steps);
  const double per_particle =
      double(e.pair_collisions()) / double(e.size());  // 2 per collision, 2 ways
  // Without round-off the particles retrace their paths exactly. Round-off
  // (ε L) is amplified by the chaos of hard spheres, about 3 per collision
  // at these densities (see impulse_collisions.cpp), hence 16 ε L 3^c for c
  // collisions per particle each way; in double the asked 1e-8 L.
  const double side = double(box.lengths()[1]);
  const double eps = double(carom_test::eps<T>), growth = std::pow(3.0, per_particle + 1);
  const double tol = std::is_same_v<T, double> ? 1e-8 : 16 * eps * growth;
  double error_x = 0, error_v = 0, speed = 0;
  for (std::size_t i = 0; i < e.size(); ++i) {
    speed = std::max(speed, double(carom::norm(scene.particles.velocities()[i])));
    error_x =
        std::max(error_x, double(carom::norm(e.positions()[i] - scene.particles.positions()[i])));
    error_v =
        std::max(error_v, double(carom::norm(e.velocities()[i] + scene.particles.velocities()[i])));
  }
  CAPTURE(per_particle, e.wall_collisions(), error_x / side, error_v, tol);
  CHECK(error_x <= tol * side);
  CHECK(error_v <= tol * (speed + std::sqrt(2 * side)));  // speeds reach √(v² + 2 g L)
}

TEMPLATE_LIST_TEST_CASE(
    "impulse mode under gravity: a ball at rest on the floor stays there, an "
    "inelastic one comes to rest",
    "[impulse][validation][gravity]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  using resolver = carom::constant_restitution<T>;
  const T dt = GENERATE(T(0.05), T(1));
  // Round-off of a coordinate near 1 after the sink over a step is undone.
  const double slack = 64 * double(carom_test::eps<T>) * (1 + g * double(dt * dt));
  SECTION("at rest: no bounce, no sink left at the end of a step") {
    engine<T, D> e(tall_box<T, D>(), ball_at<T, D>(T(0)),
                   {.gravity = at<T, D>(T(0), T(-g)), .time_step = dt});
    for (int s = 0; s < 100; ++s) {
      e.step();
      REQUIRE(std::abs(double(e.positions()[0][1]) - radius) <= slack);
      REQUIRE(e.velocities()[0] == carom::vec<T, D>{});
    }
    CHECK(e.wall_collisions() == 0);
  }
  SECTION("e = 0.5 from h = 1: infinitely many bounces in finite time, cut off at round-off") {
    // Unguarded, the bounces end at t = 1 + 2 e / (1 − e) = 3.
    engine<T, D, resolver> e(
        tall_box<T, D>(), ball_at<T, D>(T(1)),
        {.resolver = resolver(T(0.5)), .gravity = at<T, D>(T(0), T(-g)), .time_step = dt});
    double highest = 1;
    e.run_until(3.5, [&](const auto& engine) {
      const double apex = apex_of<T, D>(engine.positions()[0], engine.velocities()[0]);
      CHECK(apex <= highest + slack);  // never gains energy
      highest = std::min(highest, apex);
    });
    CHECK(std::abs(double(e.positions()[0][1]) - radius) <= slack);
    CHECK(e.velocities()[0] == carom::vec<T, D>{});
    // e^(2n) reaches the round-off of the height after about 25 (double)
    // or 12 (float) bounces.
    CHECK(e.wall_collisions() < 64);
  }
}

TEMPLATE_LIST_TEST_CASE("impulse mode under gravity: a ball resting on a ball resting on the floor",
                        "[impulse][validation][gravity]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const T dt = T(0.05);
  carom::particles<T, D> ps = ball_at<T, D>(T(0));
  ps.add({.position = at<T, D>(T(0), T(3 * radius)), .radius = T(radius), .mass = T(1)});
  const carom::vec<T, D> gravity = at<T, D>(T(0), T(-g));
  engine<T, D> e(tall_box<T, D>(), ps, {.gravity = gravity, .time_step = dt});
  const double e0 = total_energy<T, D>(e, gravity);
  // The floor holds the lower ball at the end of every step; within a step
  // both fall by at most g dt²/2, and the upper one is carried back up
  // with the lower one, losing the speed it fell with: the energy stays.
  // Exact in double; in float each step rounds the upper ball's height
  // (about 2, ε of it) and the roundings can add up: 2 ε per step.
  const double jitter = g * double(dt * dt) / 2, eps = double(carom_test::eps<T>);
  const int steps = 200;
  for (int s = 1; s <= steps; ++s) {
    e.step();
    const double slack = (64 + 2 * s) * eps;
    REQUIRE(std::abs(double(e.positions()[0][1]) - radius) <= slack);
    REQUIRE(std::abs(double(e.positions()[1][1]) - 3 * radius) <= jitter + slack);
    REQUIRE(std::abs(total_energy<T, D>(e, gravity) - e0) <= slack * e0);
  }
  CHECK(e.pair_collisions() < 1000);  // a few per step at most
}

TEMPLATE_LIST_TEST_CASE("impulse mode under gravity: a heavy ball on a light one does not sink into it",
                        "[impulse][validation][gravity]", carom_test::all_configs) {
  // Gravity points up, to the ceiling; a light ball (m = 0.12) reaches it
  // and rests there, a heavy one (m = 5.7) comes up to rest on it (found by
  // the engines fuzzer). Each step the light ball sinks into the ceiling
  // and is put back, and the heavy one falls as far into the light one:
  // unless it is carried back with it, the overlap grew by g dt²/2 every
  // step (0.47 after 16 steps). It must stay below g dt²/2.
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const carom::box<T, D> box(carom::vec<T, D>{}, at<T, D>(T(7.2667), T(5.4713), T(2)), [] {
    std::array<carom::boundary, D> kinds{};
    kinds.fill(carom::boundary::wall);
    return kinds;
  }());
  carom::particles<T, D> ps;
  ps.add({.position = at<T, D>(T(5.699), T(4.699), T(1)), .velocity = at<T, D>(T(0), T(0.0202)),
          .radius = T(0.39538), .mass = T(0.12165)});
  ps.add({.position = at<T, D>(T(5.699), T(2.699), T(1)), .velocity = at<T, D>(T(0), T(-4.942)),
          .radius = T(0.39308), .mass = T(5.6961)});
  const T dt = T(0.1347), up = T(9.932);
  engine<T, D, carom::constant_restitution<T>> e(
      box, ps,
      {.resolver = carom::constant_restitution<T>(T(0.7227)), .gravity = at<T, D>(T(0), up),
       .time_step = dt});
  const double sink = double(up) * double(dt) * double(dt) / 2;
  const double slack = 1e3 * double(carom_test::eps<T>);  // positions of size 5
  double deepest = 0;
  for (int step = 0; step < 60; ++step) {
    e.step();
    const double distance = double(carom::norm(carom::vec<T, D>(e.positions()[1] - e.positions()[0])));
    deepest = std::max(deepest, double(e.radii()[0] + e.radii()[1]) - distance);
    REQUIRE(deepest <= sink + slack);
    for (std::size_t i = 0; i < 2; ++i)
      for (const auto& wall : e.walls())
        REQUIRE(double(wall.signed_distance(e.positions()[i]) - e.radii()[i]) >= -slack);
  }
  // By then both rest against the ceiling, the heavy ball on the light one.
  CHECK(double(e.positions()[0][1] + e.radii()[0]) == Approx(5.4713).margin(slack));
  CHECK(double(e.positions()[1][1]) < double(e.positions()[0][1]));
}

TEMPLATE_LIST_TEST_CASE("impulse mode under gravity: a ball sliding into an acute wedge stays inside",
                        "[impulse][gravity]", carom_test::all_configs) {
  // A tilted floor meets the box's left wall at 48°. An inelastic ball
  // slides down the floor into the corner, where it rests on the floor
  // and sinks into it within each step; putting it back along the floor's
  // normal pushed it through the left wall (found by the engines fuzzer).
  // It must end every step inside both walls, to round-off.
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const carom::box<T, D> box(carom::vec<T, D>{}, at<T, D>(T(2), T(7.4), T(2)), [] {
    std::array<carom::boundary, D> kinds{};
    kinds.fill(carom::boundary::wall);
    return kinds;
  }());
  const auto floor = carom::plane<T, D>::through(at<T, D>(T(0), T(0.28)),
                                                 at<T, D>(T(-0.664), T(0.747)));
  carom::particles<T, D> ps;
  ps.add({.position = at<T, D>(T(1.32), T(5.7), T(1)), .velocity = at<T, D>(T(-0.01)),
          .radius = T(0.14), .mass = T(0.39)});
  engine<T, D, carom::constant_restitution<T>> e(
      box, ps,
      {.resolver = carom::constant_restitution<T>(T(0.5)), .gravity = at<T, D>(T(0), T(-1.05)),
       .planes = {floor}, .time_step = T(0.97)});
  const double tolerance = 64 * 8 * double(carom_test::eps<T>);
  for (int step = 0; step < 40; ++step) {
    e.step();
    for (const auto& wall : e.walls())
      CHECK(double(wall.signed_distance(e.positions()[0]) - e.radii()[0]) >= -tolerance);
  }
  CHECK(e.wall_collisions() > 0);
}

}  // namespace impulse_gravity_test
