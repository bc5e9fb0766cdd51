// SPDX-License-Identifier: MIT
// Validation of the moving walls of carom::dem (docs/dem.md, "Moving
// walls"): a piston compressing a ball against the floor pushes with the
// Hertz force of the overlap its travel imposes; a block on a conveyor
// plane is dragged at μ g up to the belt speed; a block on a turntable ends
// up turning with it (3D); a run continued from a checkpoint finds the
// moving walls again, bit for bit; bad motions are rejected.
#include <carom/engines/dem/dem.hpp>

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "checkpoint_support.hpp"
#include "support.hpp"

namespace {

constexpr double wall_stiffness = 1e8;  // Hertz, N/m^1.5

template <class T, std::size_t D>
carom::vec<T, D> up(T z, T x = T(0.05)) {
  carom::vec<T, D> v{};
  for (std::size_t a = 0; a + 1 < D; ++a) v[a] = x;
  v[D - 1] = z;
  return v;
}

/// A ball of radius 5 mm on the floor, no gravity, under a piston plane
/// that starts touching it and moves down at `speed`.
template <class T, std::size_t D>
carom::dem<T, D, carom::hertz<T>> piston_on_a_ball(double speed) {
  const T r = T(0.005);
  carom::particles<T, D> ps;
  ps.add({.position = up<T, D>(r), .radius = r, .mass = T(1e-3)});
  carom::vec<T, D> down{};
  down[D - 1] = T(-1);
  return carom::dem<T, D, carom::hertz<T>>(
      carom::box<T, D>::cube(T(0.1), carom::boundary::wall), ps,
      {.pair_law = carom::hertz<T>::from_restitution(T(wall_stiffness), T(0.5)),
       .planes = {carom::plane<T, D>::through(up<T, D>(2 * r), down)},
       .plane_motions = {{.velocity = T(speed) * down}},
       .max_impact_speed = T(0.01),
       .steps_per_contact = 50});
}

/// A block (rotation locked) at rest on a floor plane at z = 0.01 m that
/// moves as `motion`, with friction μ = 0.4 under gravity.
template <class T, std::size_t D>
carom::dem<T, D, carom::hertz<T>> block_on(const carom::wall_motion<T, D>& motion,
                                           carom::vec<T, D> x) {
  const T r = T(0.005), m = T(1e-3), k = T(1e6);
  const double rest = std::pow(double(m) * 9.81 / double(k), 2.0 / 3.0);
  x[D - 1] = T(0.01) + r - T(rest);
  carom::particles<T, D> ps;
  ps.add({.position = x, .radius = r, .mass = m});
  carom::vec<T, D> g{}, normal{};
  g[D - 1] = T(-9.81);
  normal[D - 1] = T(1);
  carom::dem<T, D, carom::hertz<T>> e(
      carom::box<T, D>::cube(T(0.1), carom::boundary::wall), ps,
      {.pair_law = carom::hertz<T>::from_restitution(k, T(0.5)),
       .pair_tangential = {.friction = T(0.4), .stiffness = T(2e8), .damping = T(2e7)},
       .gravity = g,
       .planes = {carom::plane<T, D>::through(up<T, D>(T(0.01)), normal)},
       .plane_motions = {motion},
       .max_impact_speed = T(0.1),
       .steps_per_contact = 50});
  e.lock_rotation(0);
  return e;
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("DEM moving walls: a piston presses a ball with the Hertz force of its travel",
                        "[dem][moving_walls]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const double speed = 1e-3;
  auto e = piston_on_a_ball<T, D>(speed);
  const std::size_t piston = 2 * D;
  for (const double t : {0.05, 0.1, 0.2}) {
    e.run_until(t);
    // Slow and damped: both contacts carry the same force, and each takes
    // half the travel, δ = u t / 2.
    const double overlap = speed * e.time() / 2;
    const double force = wall_stiffness * std::pow(overlap, 1.5);
    const auto forces = e.wall_forces();
    INFO("t = " << e.time());
    CHECK(double(forces[piston][D - 1]) == Approx(force).epsilon(0.01));
    CHECK(double(-forces[2 * (D - 1)][D - 1]) == Approx(force).epsilon(0.01));  // the floor
    CHECK(double(e.walls()[piston].offset) == Approx(-(0.01 - speed * e.time())).epsilon(1e-5));
  }
}

TEMPLATE_LIST_TEST_CASE("DEM moving walls: a conveyor plane drags a block at mu g up to its speed",
                        "[dem][moving_walls]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const double belt = 0.2, a = 0.4 * 9.81;
  carom::wall_motion<T, D> motion{};
  motion.velocity[0] = T(belt);
  auto e = block_on<T, D>(motion, up<T, D>(T(0)));
  e.run_until(0.5 * belt / a);
  CHECK(double(e.velocities()[0][0]) == Approx(a * e.time()).epsilon(0.01));
  e.run_until(2 * belt / a);
  CHECK(double(e.velocities()[0][0]) == Approx(belt).epsilon(1e-3));
}

TEMPLATE_TEST_CASE("DEM moving walls: a block on a turntable ends up turning with it",
                   "[dem][moving_walls]", float, double) {
  using T = TestType;
  const double omega = 5, radius = 0.02;  // ω² ρ = 0.5 < μ g: it can hold on
  const carom::wall_motion<T, 3> motion{.angular_velocity = {T(0), T(0), T(omega)},
                                        .centre = {T(0.05), T(0.05), T(0)}};
  auto e = block_on<T, 3>(motion, {T(0.05 + radius), T(0.05), T(0)});
  e.run_until(1.0);
  const carom::vec<T, 3> x = e.positions()[0];
  const carom::vec<T, 3> surface = motion.velocity_at(x, e.time());
  const double speed = double(carom::norm(surface));
  CHECK(double(carom::norm(carom::vec<T, 3>(e.velocities()[0] - surface))) < 0.01 * speed);
  CHECK(speed > 0.5 * omega * radius);  // it has not been flung off the axis' reach
}

TEMPLATE_LIST_TEST_CASE("DEM moving walls: a run continued from a checkpoint finds the walls again",
                        "[dem][moving_walls][checkpoint]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  auto reference = piston_on_a_ball<T, D>(0.05);
  reference.run(3000);
  const std::string middle = carom_test::checkpoint_bytes(reference);
  reference.run(3000);
  auto continued = piston_on_a_ball<T, D>(0.05);
  carom_test::load_checkpoint_bytes(continued, middle);
  CHECK(continued.walls()[2 * D].offset != piston_on_a_ball<T, D>(0.05).walls()[2 * D].offset);
  continued.run(3000);
  CHECK(carom_test::checkpoint_bytes(continued) == carom_test::checkpoint_bytes(reference));
  CHECK(reference.neighbours().builds() > 1);  // the piston's travel rebuilt the lists
}

TEMPLATE_LIST_TEST_CASE("DEM moving walls: bad motions are rejected", "[dem][moving_walls][bad_input]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  carom::particles<T, D> ps;
  ps.add({.position = up<T, D>(T(0.05)), .radius = T(0.005), .mass = T(1e-3)});
  carom::vec<T, D> normal{};
  normal[D - 1] = T(1);
  const auto floor = carom::plane<T, D>::through(up<T, D>(T(0.01)), normal);
  const auto law = carom::hertz<T>::from_restitution(T(1e6), T(0.5));
  const auto rejected = [&](const carom::box<T, D>& box, std::vector<carom::wall_motion<T, D>> m,
                            const char* text) {
    const std::string message = carom_test::rejection_message([&] {
      carom::dem<T, D, carom::hertz<T>> e(box, ps,
                                          {.pair_law = law, .planes = {floor}, .plane_motions = m});
    });
    INFO(message);
    CHECK(message.find(text) != std::string::npos);
  };
  const auto walled = carom::box<T, D>::cube(T(0.1), carom::boundary::wall);
  rejected(walled, {{}, {}}, "one motion per plane (1 planes, 2 motions)");
  carom::wall_motion<T, D> bad{};
  bad.velocity[0] = std::numeric_limits<T>::infinity();
  rejected(walled, {bad}, "plane_motions[0] is not finite");
  std::array<carom::boundary, D> kinds{};
  kinds.fill(carom::boundary::wall);
  kinds[0] = carom::boundary::periodic;
  carom::wall_motion<T, D> tilting{};
  if constexpr (D == 3) tilting.angular_velocity[1] = T(1);
  else tilting.angular_velocity = T(1);
  rejected(carom::box<T, D>({}, up<T, D>(T(0.1), T(0.1)), kinds), {tilting},
           "out of parallel with the periodic axis 0");
}
