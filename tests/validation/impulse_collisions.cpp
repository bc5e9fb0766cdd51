// SPDX-License-Identifier: MIT
// Impulse mode (carom::impulse_stepped) against exact
// results: no tunnelling at any dt, Newton's cradle, conservation laws,
// the restitution loss, initial overlaps, time reversal.
#include <carom/carom.hpp>

#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "impulse_support.hpp"
#include "support.hpp"

using impulse_test::at;

namespace {

template <class T, std::size_t D, class Resolver = carom::elastic>
using engine = carom::impulse_stepped<T, D, Resolver>;

template <class T, std::size_t D>
carom::particle_params<T, D> ball(carom::vec<T, D> x, carom::vec<T, D> v = {}, T mass = T(1)) {
  return {.position = x, .velocity = v, .radius = T(0.5), .mass = mass};
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("impulse mode: paths that cross within one huge step collide",
                        "[impulse][validation]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const auto box = impulse_test::centred_box<T, D>(T(4096), carom::boundary::wall);
  SECTION("head-on, 100 sigma apart, one step of 1000 contact-crossing times") {
    carom::particles<T, D> ps;
    ps.add(ball<T, D>(at<T, D>(T(-50)), at<T, D>(T(1))));
    ps.add(ball<T, D>(at<T, D>(T(50)), at<T, D>(T(-1))));
    engine<T, D> e(box, ps, {.time_step = T(1000)});
    e.step();
    // Contact at t = 49.5 (x = ∓0.5); the exchange of equal masses head-on
    // is exact, and each then flies 950.5 back: ends at ∓951.
    CHECK(e.pair_collisions() == 1);
    CHECK(e.velocities()[0] == at<T, D>(T(-1)));
    CHECK(e.velocities()[1] == at<T, D>(T(1)));
    CHECK(e.positions()[0][0] == T(-951));
    CHECK(e.positions()[1][0] == T(951));
  }
  SECTION("crossing at right angles: both reach the crossing point at t = 50") {
    carom::particles<T, D> ps;
    ps.add(ball<T, D>(at<T, D>(T(-50)), at<T, D>(T(1))));
    ps.add(ball<T, D>(at<T, D>(T(0), T(-50)), at<T, D>(T(0), T(1))));
    engine<T, D> e(box, ps, {.time_step = T(1000)});
    e.step();
    CHECK(e.pair_collisions() == 1);
    // They touch before the crossing point, along the diagonal: particle 0
    // leaves with the y velocity, particle 1 with the x velocity.
    CHECK(e.velocities()[0][0] == Approx(0).margin(1e-5));
    CHECK(e.velocities()[0][1] == Approx(1).epsilon(1e-5));
    CHECK(e.velocities()[1][0] == Approx(1).epsilon(1e-5));
  }
}

TEMPLATE_LIST_TEST_CASE("impulse mode: a projectile at dt = 100 crossing times hits the first "
                        "particle on its path",
                        "[impulse][validation]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  // A square (cubic) lattice of resting spheres, spacing 2 σ, and a
  // projectile along the row y = z = 0 at speed 100: it crosses a diameter
  // in 0.01, and the step is 1.
  const int side = D == 2 ? 8 : 4;
  const auto box = impulse_test::centred_box<T, D>(T(4096), carom::boundary::wall);
  carom::particles<T, D> ps;
  for (int i = 0; i < side; ++i)
    for (int j = -side / 2; j < side / 2; ++j)
      for (int k = 0; k < (D == 3 ? side : 1); ++k)
        ps.add(ball<T, D>(at<T, D>(T(2 * i), T(2 * j), T(2 * k))));
  const std::size_t projectile = ps.add(ball<T, D>(at<T, D>(T(-20)), at<T, D>(T(100))));
  const T dt = T(100) * (T(1) / T(100));
  engine<T, D> e(box, ps, {.time_step = dt});
  e.step();
  // Head-on with equal masses: the projectile stops where it touches the
  // first sphere (x = −1) and the momentum runs down the row, as in
  // Newton's cradle with gaps: one collision per sphere of the row.
  CHECK(e.velocities()[projectile] == carom::vec<T, D>{});
  CHECK(e.positions()[projectile][0] == Approx(-1).epsilon(1e-5));
  CHECK(e.pair_collisions() == std::uint64_t(side));
  std::size_t resting = 0;
  for (std::size_t i = 0; i + 1 < ps.size(); ++i) resting += e.velocities()[i] == carom::vec<T, D>{};
  CHECK(resting == ps.size() - 2);  // only the last of the row moves on
}

TEMPLATE_LIST_TEST_CASE("impulse mode: Newton's cradle sends away only the far sphere, at any dt",
                        "[impulse][validation]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const auto box = impulse_test::centred_box<T, D>(T(4096), carom::boundary::wall);
  const T dt = GENERATE(T(0.001), T(0.37), T(5), T(1000));
  const T gap = GENERATE(T(0), T(1.5));  // 0: the striker already touches the row
  carom::particles<T, D> ps;
  constexpr int row = 5;
  for (int i = 0; i < row; ++i) ps.add(ball<T, D>(at<T, D>(T(i))));  // touching: centres 1 = σ apart
  ps.add(ball<T, D>(at<T, D>(T(-1) - gap), at<T, D>(T(1))));
  engine<T, D> e(box, ps, {.time_step = dt});
  e.run(std::size_t(std::ceil(T(2) / dt)) + 1);
  CAPTURE(dt, gap);
  // Every contact is head-on between equal masses: exact exchanges.
  CHECK(e.pair_collisions() == std::uint64_t(row));
  for (int i = 0; i < row - 1; ++i) CHECK(e.velocities()[i] == carom::vec<T, D>{});
  CHECK(e.velocities()[row] == carom::vec<T, D>{});
  CHECK(e.velocities()[row - 1] == at<T, D>(T(1)));
  CHECK(e.kinetic_energy() == T(0.5));
}

TEMPLATE_LIST_TEST_CASE("impulse mode: momentum to round-off, energy too for e = 1",
                        "[impulse][validation]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  auto scene = impulse_test::gas<T, D>(D == 2 ? 10 : 3, T(0.4), carom::boundary::periodic);
  engine<T, D> e(scene.container, scene.particles, {.time_step = T(0.05)});
  const T k0 = e.kinetic_energy();
  e.run(200);
  const double collisions = double(e.pair_collisions());
  const double n = double(e.size());
  REQUIRE(collisions > 10 * n);
  // A collision conserves the pair's energy and momentum up to a few
  // roundings of their size (~ 2K/N and ~ √(2K/N) per particle); adding
  // these errors linearly over all collisions, plus the final sums, bounds
  // the drift: 16 ε (N_c/N + N) relative for K, 8 ε (N_c + N) √(2K/N) for P.
  const double eps = double(carom_test::eps<T>);
  CHECK(std::abs(double(e.kinetic_energy() / k0) - 1) < 16 * eps * (collisions / n + n));
  CHECK(double(carom::norm(e.momentum())) < 8 * eps * (collisions + n) * std::sqrt(2 * double(k0) / n));
}

TEMPLATE_LIST_TEST_CASE("impulse mode: the energy lost in a collision is exactly (1 - e^2)/2 m* u^2",
                        "[impulse][validation]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  using resolver = carom::constant_restitution<T>;
  const auto box = impulse_test::centred_box<T, D>(T(64), carom::boundary::wall);
  // Oblique impact of unequal masses; the approach speed at contact is
  // known from the straight-line contact time.
  const carom::vec<T, D> xi = at<T, D>(T(-3), T(0.3)), vi = at<T, D>(T(2), T(0.25));
  const carom::vec<T, D> xj = at<T, D>(T(1), T(-0.2)), vj = at<T, D>(T(-1), T(0));
  const T mi = T(1), mj = T(3), e_value = T(0.6);
  carom::particles<T, D> ps;
  ps.add(ball<T, D>(xi, vi, mi));
  ps.add(ball<T, D>(xj, vj, mj));
  engine<T, D, resolver> e(box, ps, {.resolver = resolver(e_value), .time_step = T(0.5)});
  const T k0 = e.kinetic_energy();
  e.run(8);
  REQUIRE(e.pair_collisions() == 1);
  const T t = carom::time_to_contact(xj - xi, vj - vi, T(1));
  const carom::vec<T, D> dx = xj + vj * t - (xi + vi * t);
  const T u = carom::dot(vi - vj, dx / carom::norm(dx));
  const T expected = T(0.5) * (1 - e_value * e_value) * (mi * mj / (mi + mj)) * u * u;
  // Both sides are a few roundings of quantities of size K0.
  CHECK(std::abs(double(k0 - e.kinetic_energy() - expected)) < 32 * double(carom_test::eps<T> * k0));
  CHECK(carom::norm(e.momentum() - (mi * vi + mj * vj)) < 8 * carom_test::eps<T> * (mi * 2 + mj));
}

TEMPLATE_LIST_TEST_CASE("impulse mode: overlapping input is separated without energy, never "
                        "re-collides",
                        "[impulse][validation]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const auto box = impulse_test::centred_box<T, D>(T(64), carom::boundary::wall);
  carom::particles<T, D> ps;
  // Pair A: 0.6 σ apart and approaching. Pair B: 0.5 σ apart, separating.
  // Pair C: 0.5 σ apart, at rest.
  ps.add(ball<T, D>(at<T, D>(T(-0.3)), at<T, D>(T(0.5), T(0.1))));
  ps.add(ball<T, D>(at<T, D>(T(0.3)), at<T, D>(T(-0.25))));
  ps.add(ball<T, D>(at<T, D>(T(-0.25), T(10)), at<T, D>(T(-0.1))));
  ps.add(ball<T, D>(at<T, D>(T(0.25), T(10)), at<T, D>(T(0.1))));
  ps.add(ball<T, D>(at<T, D>(T(-0.25), T(-10))));
  ps.add(ball<T, D>(at<T, D>(T(0.25), T(-10))));
  const T dt = GENERATE(T(0.01), T(1));
  engine<T, D> e(box, ps, {.time_step = dt});
  const T k0 = e.kinetic_energy();
  e.run(std::size_t(T(4) / dt));
  CAPTURE(dt);
  CHECK(e.pair_collisions() == 1);  // pair A, once, at t = 0
  // One elastic impulse along the line of centres (x): exchanged x velocities.
  CHECK(e.velocities()[0] == at<T, D>(T(-0.25), T(0.1)));
  CHECK(e.velocities()[1] == at<T, D>(T(0.5)));
  CHECK(e.kinetic_energy() == Approx(double(k0)).epsilon(4 * double(carom_test::eps<T>)));
  // B flies apart untouched; C stays where it was: no position correction.
  CHECK(e.velocities()[2] == at<T, D>(T(-0.1)));
  CHECK(e.positions()[4] == at<T, D>(T(-0.25), T(-10)));
  CHECK(e.positions()[5] == at<T, D>(T(0.25), T(-10)));
}

TEMPLATE_LIST_TEST_CASE("impulse mode: N steps forward, N with -dt, return to the start",
                        "[impulse][validation]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const bool gravity = GENERATE(false, true);  // gravity: walled box, velocity Verlet kicks
  auto scene = impulse_test::gas<T, D>(D == 2 ? 4 : 2, T(0.3), carom::boundary::periodic);
  if (gravity) {
    // Walls one unit clear of the lattice: no particle starts touching a
    // wall (the instant of a contact is where forward and backward runs
    // may legitimately disagree about a reflection by round-off).
    std::array<carom::boundary, D> walls{};
    walls.fill(carom::boundary::wall);
    carom::vec<T, D> lower = scene.container.lower(), upper = scene.container.upper();
    for (std::size_t a = 0; a < D; ++a) lower[a] -= T(1), upper[a] += T(1);
    scene.container = carom::box<T, D>(lower, upper, walls);
  }
  const T dt = T(0.05);
  engine<T, D> e(scene.container, scene.particles,
                 {.gravity = gravity ? at<T, D>(T(0), T(-1)) : carom::vec<T, D>{}, .time_step = dt});
  const std::size_t steps = D == 2 ? 20 : 10;
  e.run(steps);
  const double per_particle = 2 * double(e.pair_collisions()) / double(e.size());
  REQUIRE(per_particle > 1);
  e.set_time_step(-dt);
  e.run(steps);
  // Without round-off the return is exact (the step at -dt is the inverse
  // of the step at dt). Round-off (ε times the box size L, or the speeds)
  // is amplified by the chaos of hard spheres: each collision multiplies a
  // perturbation by about 1 + 2ℓ/σ, below 3 at these densities (ℓ the mean
  // free path), hence 16 ε L 3^c for c collisions per particle. Short runs
  // (c = 2–6) keep float meaningful.
  const double eps = double(carom_test::eps<T>), growth = std::pow(3.0, per_particle + 1);
  const double tolerance_x = 16 * eps * double(scene.container.lengths()[0]) * growth;
  double speed = 0, error_x = 0, error_v = 0;
  for (std::size_t i = 0; i < e.size(); ++i) {
    speed = std::max(speed, double(carom::norm(scene.particles.velocities()[i])));
    error_x = std::max(error_x, double(carom::norm(scene.container.minimum_image(
                                    e.positions()[i] - scene.particles.positions()[i]))));
    error_v = std::max(error_v, double(carom::norm(e.velocities()[i] - scene.particles.velocities()[i])));
  }
  CAPTURE(gravity, per_particle, error_x, error_v);
  CHECK(error_x < tolerance_x);
  CHECK(error_v < 16 * eps * (speed + 1) * growth);
  CHECK(std::abs(e.time()) < 1e-12);
}
