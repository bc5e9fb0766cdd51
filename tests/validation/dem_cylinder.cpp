// SPDX-License-Identifier: MIT
// Validation of the cylinder walls of carom::dem (docs/dem.md,
// "Cylinders"): a ball resting at the bottom of a drum sinks into it by
// the Hertz overlap of its weight, δ = (m g / k)^{2/3}; a ball running
// round the inside of a spinning drum (no gravity) is brought by friction
// to rolling without sliding, at the speed that conservation of
// m v − I ω / r sets; a ball bounces off a post (outside a cylinder) with
// the calibrated restitution; a run continued from a checkpoint is the
// same bit for bit; a tumbling bed in a spinning drum steps without
// allocating, and runs the same bit for bit on every thread count; bad
// cylinders are rejected.
#include <carom/engines/dem/dem.hpp>

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "allocations.hpp"
#include "checkpoint_support.hpp"
#include "dem_support.hpp"
#include "support.hpp"
#include "threads_support.hpp"

namespace {

/// The middle of the box of 0.1 m.
template <class T, std::size_t D>
carom::vec<T, D> cylinder_middle() {
  carom::vec<T, D> v{};
  for (std::size_t a = 0; a < D; ++a) v[a] = T(0.05);
  return v;
}

/// A cylinder about the middle of the box: along x (3D) for a drum under
/// gravity along −z, along z otherwise; a circle in 2D.
template <class T, std::size_t D>
carom::cylinder<T, D> cylinder_about_middle(T radius, carom::cylinder_side side, T spin,
                                            std::size_t axis) {
  if constexpr (D == 3) {
    carom::vec<T, 3> direction{};
    direction[axis] = T(1);
    return carom::cylinder<T, 3>::around(cylinder_middle<T, 3>(), direction, radius, side, spin);
  } else {
    (void)axis;
    return carom::cylinder<T, 2>::circle(cylinder_middle<T, 2>(), radius, side, spin);
  }
}

constexpr double cylinder_k = 1e6;  // Hertz, N/m^1.5
constexpr double cylinder_drum_radius = 0.04, cylinder_ball_radius = 0.005;

/// A ball running round the inside of a drum of radius 4 cm spinning at
/// `spin` about z (no gravity): centre 3.5 cm from the axis, velocity
/// `speed` along the circle, not turning.
template <class T, std::size_t D>
carom::dem<T, D, carom::hertz<T>> cylinder_ball_in_drum(double spin, double speed) {
  const double orbit = cylinder_drum_radius - cylinder_ball_radius;
  carom::vec<T, D> x = cylinder_middle<T, D>(), v{};
  x[0] += T(orbit);
  v[1] = T(speed);
  carom::particles<T, D> ps;
  ps.add({.position = x, .velocity = v, .radius = T(cylinder_ball_radius), .mass = T(1e-3)});
  return carom::dem<T, D, carom::hertz<T>>(
      carom::box<T, D>::cube(T(0.1), carom::boundary::wall), ps,
      {.pair_law = carom::hertz<T>::from_restitution(T(cylinder_k), T(0.5)),
       .pair_tangential = {.friction = T(0.5), .stiffness = T(2e8), .damping = T(2e7)},
       .cylinders = {cylinder_about_middle<T, D>(T(cylinder_drum_radius),
                                                 carom::cylinder_side::inside, T(spin), 2)},
       .max_impact_speed = T(1),
       .steps_per_contact = 50});
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("DEM cylinder: a ball at rest in a drum sinks by the Hertz overlap of its weight",
                        "[dem][cylinder]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const double r = cylinder_ball_radius, R = cylinder_drum_radius, m = 1e-3, g = 9.81;
  const double overlap = std::pow(m * g / cylinder_k, 2.0 / 3.0);
  carom::vec<T, D> x = cylinder_middle<T, D>(), gravity{};
  x[D - 1] -= T(R - r - 2 * overlap);  // a little above its rest
  gravity[D - 1] = T(-g);
  carom::particles<T, D> ps;
  ps.add({.position = x, .radius = T(r), .mass = T(m)});
  carom::dem<T, D, carom::hertz<T>> e(
      carom::box<T, D>::cube(T(0.1), carom::boundary::wall), ps,
      {.pair_law = carom::hertz<T>::from_restitution(T(cylinder_k), T(0.3)),
       .gravity = gravity,
       .cylinders = {cylinder_about_middle<T, D>(T(R), carom::cylinder_side::inside, T(0), 0)},
       .max_impact_speed = T(0.1),
       .steps_per_contact = 50});
  e.run_until(0.1);
  const double depth = 0.05 - double(e.positions()[0][D - 1]) - (R - r);
  CHECK(depth == Approx(overlap).epsilon(0.01));
  const auto contacts = e.contacts();
  REQUIRE(contacts.size() == 1);
  CHECK(contacts[0].partner == 2 * D);  // after the box's walls
  const auto forces = e.wall_forces();
  REQUIRE(forces.size() == 2 * D + 1);
  CHECK(double(forces[2 * D][D - 1]) == Approx(-m * g).epsilon(1e-3));
}

TEMPLATE_LIST_TEST_CASE("DEM cylinder: a ball in a spinning drum ends up rolling without sliding",
                        "[dem][cylinder]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  // Friction F at the contact, a distance r out along the radius: m dv/dt =
  // F, I dω/dt = r F, so m v − I ω / r keeps its initial value m v0, and
  // at the end the contact point moves with the drum's surface, v + ω r =
  // Ω R. With I = κ m r²: v = (v0 + κ Ω R) / (1 + κ), ω = (Ω R − v) / r.
  const double spin = 25, v0 = 0.5, R = cylinder_drum_radius, r = cylinder_ball_radius;
  auto e = cylinder_ball_in_drum<T, D>(spin, v0);
  const double kappa = 1 / (double(e.state().inverse_inertias()[0]) * 1e-3 * r * r);
  const double v = (v0 + kappa * spin * R) / (1 + kappa), omega = (spin * R - v) / r;
  e.run_until(0.3);
  const carom::vec<T, D> x = e.positions()[0], u = e.velocities()[0];
  // The speed along the circle, and the spin about z.
  const double dx = double(x[0]) - 0.05, dy = double(x[1]) - 0.05;
  const double rho = std::hypot(dx, dy);
  const double along = (dx * double(u[1]) - dy * double(u[0])) / rho;
  double turning = 0;
  if constexpr (D == 3) turning = double(e.angular_velocities()[0][2]);
  else turning = double(e.angular_velocities()[0]);
  INFO("v = " << along << " (" << v << "), omega = " << turning << " (" << omega << ")");
  CHECK(along == Approx(v).epsilon(2e-3));
  CHECK(turning == Approx(omega).epsilon(5e-3));
  CHECK(std::abs(along + turning * r - spin * R) < 1e-3 * spin * R);  // no sliding
  if constexpr (D == 3) CHECK(std::abs(double(x[2]) - 0.05) < 1e-9);
}

TEMPLATE_LIST_TEST_CASE("DEM cylinder: a ball bounces off a post with the calibrated restitution",
                        "[dem][cylinder]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const double e_target = 0.7, speed = 0.5;
  carom::vec<T, D> x = cylinder_middle<T, D>(), v{};
  x[0] += T(0.025);
  v[0] = T(-speed);
  carom::particles<T, D> ps;
  ps.add({.position = x, .velocity = v, .radius = T(0.005), .mass = T(1e-3)});
  carom::dem<T, D, carom::hertz<T>> e(
      carom::box<T, D>::cube(T(0.1), carom::boundary::wall), ps,
      {.pair_law = carom::hertz<T>::from_restitution(T(cylinder_k), T(e_target)),
       .cylinders = {cylinder_about_middle<T, D>(T(0.01), carom::cylinder_side::outside, T(0), 2)},
       .max_impact_speed = T(speed)});
  REQUIRE(dem_test::run_through_impact(e, 2000000));
  const carom::vec<T, D> after = e.velocities()[0];
  CHECK(double(after[0]) / speed == Approx(e_target).epsilon(2e-3));
  CHECK(std::abs(double(after[1])) < 1e-6);
}

TEMPLATE_LIST_TEST_CASE("DEM cylinder: a run continued from a checkpoint is the same bit for bit",
                        "[dem][cylinder][checkpoint]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  auto reference = cylinder_ball_in_drum<T, D>(25, 0.5);
  reference.run(2000);
  REQUIRE(reference.contact_count() == 1);
  const std::string middle = carom_test::checkpoint_bytes(reference);
  reference.run(2000);
  auto continued = cylinder_ball_in_drum<T, D>(25, 0.5);
  carom_test::load_checkpoint_bytes(continued, middle);
  continued.run(2000);
  CHECK(carom_test::checkpoint_bytes(continued) == carom_test::checkpoint_bytes(reference));
  // Another drum does not take the checkpoint.
  auto other = cylinder_ball_in_drum<T, D>(20, 0.5);
  CHECK_THROWS_AS(carom_test::load_checkpoint_bytes(other, middle), carom::invalid_input);
}

TEMPLATE_LIST_TEST_CASE("DEM cylinder: a bed tumbling in a spinning drum steps without allocating",
                        "[dem][cylinder]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  // Balls of 2.5 mm on a grid in the lower half of a drum of 4 cm along x
  // (the box's walls close it), turning at 20 rad/s under gravity.
  carom::particles<T, D> ps;
  for (int i = -6; i <= 6; ++i)
    for (int j = -6; j <= 0; ++j)
      for (int k = 0; k < (D == 3 ? 6 : 1); ++k) {
        if (i * i + j * j > 36) continue;
        carom::vec<T, D> x = cylinder_middle<T, D>();
        x[D - 2] += T(0.0055) * T(i);
        x[D - 1] += T(0.0055) * T(j);
        if constexpr (D == 3) x[0] = T(0.01) + T(0.0055) * T(k);
        ps.add({.position = x, .radius = T(0.0025), .mass = T(1e-4)});
      }
  carom::vec<T, D> gravity{};
  gravity[D - 1] = T(-9.81);
  carom::dem<T, D, carom::hertz<T>> e(
      carom::box<T, D>::cube(T(0.1), carom::boundary::wall), ps,
      {.pair_law = carom::hertz<T>::from_restitution(T(cylinder_k), T(0.5)),
       .pair_tangential = {.friction = T(0.5), .stiffness = T(2e8), .damping = T(0)},
       .gravity = gravity,
       .cylinders = {cylinder_about_middle<T, D>(T(cylinder_drum_radius),
                                                 carom::cylinder_side::inside, T(20), 0)},
       .max_impact_speed = T(1),
       .steps_per_contact = 20});
  e.run(5000);  // warm: the list and the walls' candidates reach their sizes
  const std::size_t builds = e.neighbours().builds();
  const std::size_t before = carom_test::allocations.load();
  e.run(5000);
  const std::size_t after = carom_test::allocations.load();  // before any CHECK
  CHECK(e.neighbours().builds() > builds);
  if (CAROM_TEST_COUNT_ALLOCATIONS)
    CHECK(after == before);
  else
    WARN("allocation counting is off under AddressSanitizer");
}

TEMPLATE_TEST_CASE("DEM cylinder: a drum runs the same bit for bit on every thread count",
                   "[dem][cylinder][threads]", float, double) {
  using T = TestType;
  // 1,088 beads (at least 256 for each of 4 threads) in the lower half of
  // a drum of 2 cm along z turning at 3 rad/s, closed by the box's walls.
  carom::particles<T, 3> ps;
  for (int i = -9; i <= 9; ++i)
    for (int j = -9; j <= 0; ++j)
      for (int k = 0; k < 8; ++k)
        if (i * i + j * j <= 81)
          ps.add({.position = {T(0.0021) * T(i), T(0.0021) * T(j), T(0.0011) + T(0.0021) * T(k)},
                  .radius = T(0.001),
                  .mass = T(1e-5)});
  const auto start = [&](int threads) {
    return carom::dem<T, 3, carom::hertz<T>>(
        carom::box<T, 3>({T(-0.022), T(-0.022), T(0)}, {T(0.022), T(0.022), T(0.02)},
                         {carom::boundary::wall, carom::boundary::wall, carom::boundary::wall}),
        ps,
        {.pair_law = carom::hertz<T>::from_restitution(T(2e4), T(0.5)),
         .pair_tangential = {.friction = T(0.5), .stiffness = T(8e5), .damping = T(0)},
         .gravity = {T(0), T(-9.81), T(0)},
         .cylinders = {carom::cylinder<T, 3>::around({}, {T(0), T(0), T(1)}, T(0.02),
                                                     carom::cylinder_side::inside, T(3))},
         .max_impact_speed = T(0.5),
         .steps_per_contact = 20,
         .threads = threads});
  };
  auto reference = start(1);
  reference.run(1000);
  REQUIRE(reference.wall_forces()[6][1] < T(0));  // the drum carries the bed
  carom_test::check_every_thread_count(start, 1000, carom_test::checkpoint_bytes(reference));
}

TEMPLATE_LIST_TEST_CASE("DEM cylinder: bad cylinders are rejected", "[dem][cylinder][bad_input]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  carom::particles<T, D> ps;
  ps.add({.position = cylinder_middle<T, D>(), .radius = T(0.005), .mass = T(1e-3)});
  const auto law = carom::hertz<T>::from_restitution(T(1e6), T(0.5));
  const auto rejected = [&](const carom::box<T, D>& box, const carom::cylinder<T, D>& c,
                            const char* text) {
    const std::string message = carom_test::rejection_message([&] {
      carom::dem<T, D, carom::hertz<T>> e(box, ps, {.pair_law = law, .cylinders = {c}});
    });
    INFO(message);
    CHECK(message.find(text) != std::string::npos);
  };
  const auto walled = carom::box<T, D>::cube(T(0.1), carom::boundary::wall);
  const auto good = cylinder_about_middle<T, D>(T(0.04), carom::cylinder_side::inside, T(1), 2);
  auto c = good;
  c.radius = T(0);
  rejected(walled, c, "cylinders[0].radius must be finite and > 0");
  c = good;
  c.spin = std::numeric_limits<T>::infinity();
  rejected(walled, c, "cylinders[0].spin must be finite");
  c = good;
  c.radius = T(0.004);
  rejected(walled, c, "does not fit inside");
  c = good;
  c.side = carom::cylinder_side::outside;
  rejected(walled, c, "on the wrong side");
  c = good;
  c.axis[0] = T(1);
  rejected(walled, c, D == 3 ? "cylinders[0].axis must be a unit vector"
                             : "cylinders[0].axis must be zero in 2D");
  std::array<carom::boundary, D> kinds{};
  kinds.fill(carom::boundary::wall);
  kinds[0] = carom::boundary::periodic;
  carom::vec<T, D> upper{};
  for (std::size_t a = 0; a < D; ++a) upper[a] = T(0.1);
  rejected(carom::box<T, D>({}, upper, kinds), good,
           D == 3 ? "cylinders[0].axis must lie along the periodic axis 0"
                  : "a circle needs a box without periodic axes");
  // A good one is taken.
  CHECK(carom_test::rejection_message([&] {
          carom::dem<T, D, carom::hertz<T>> e(walled, ps, {.pair_law = law, .cylinders = {good}});
        }) == "accepted");
}
