// SPDX-License-Identifier: MIT
// Validation of the rolling resistance of carom::dem (carom::sds_rolling,
// docs/dem.md "Rolling resistance") against rigid-body mechanics. A ball
// (disk in 2D) of radius r rolling without slip on a plane feels the
// torque μ_r F_n r once its rolling spring slips: on the flat it decelerates
// at a = μ_r g / (1 + k), k = I/(m r²) = 2/5 (sphere) or 1/2 (disk), and
// stops; on an incline it rests while tan θ ≤ μ_r and rolls at
// a = g (sin θ − μ_r cos θ) / (1 + k) above.
#include <carom/engines/dem/dem.hpp>

#include <catch2/catch.hpp>
#include <cmath>

#include "support.hpp"

namespace {

constexpr double rolling_mu = 0.1;
constexpr double gravity_magnitude = 9.81;

template <class T, std::size_t D>
using rolling_engine =
    carom::dem<T, D, carom::hertz<T>,
               carom::dem_policies<carom::velocity_verlet, carom::mindlin_tangential_spring,
                                   carom::sds_rolling>>;

/// A ball resting on the floor of a walled box, rolling along x at v0
/// without slip, under gravity tilted by θ towards +x.
template <class T, std::size_t D>
rolling_engine<T, D> rolling_ball(double v0, double theta) {
  const T r = T(0.005), m = T(1e-3), k = T(1e6);
  const double overlap = std::pow(double(m) * gravity_magnitude / double(k), 2.0 / 3.0);
  carom::vec<T, D> x{}, v{}, g{};
  x[0] = T(0.02);
  if constexpr (D == 3) x[1] = T(0.05);
  x[D - 1] = r - T(overlap);  // at its resting overlap
  v[0] = T(v0);
  g[0] = T(gravity_magnitude * std::sin(theta));
  g[D - 1] = T(-gravity_magnitude * std::cos(theta));
  carom::angular<T, D> omega{};  // v + ω × (−r ẑ) = 0 at the contact point
  if constexpr (D == 3) omega[1] = T(v0) / r;
  else omega = -T(v0) / r;
  carom::particles<T, D> ps;
  ps.add({.position = x, .velocity = v, .radius = r, .mass = m, .angular_velocity = omega});
  // A stiff rolling spring (it slips after a rolling distance of ~1 µm),
  // damped about critically against the ball's rotation.
  return rolling_engine<T, D>(
      carom::box<T, D>::cube(T(0.1), carom::boundary::wall), ps,
      {.pair_law = carom::hertz<T>::from_restitution(k, T(0.5)),
       // Tangential damping near critical: the tangential spring does not
       // ring after the rolling torque sets in.
       .pair_tangential = {.friction = T(0.5), .stiffness = T(2e8), .damping = T(2e7)},
       .pair_rolling = {.friction = T(rolling_mu), .stiffness = T(1e3), .damping = T(1)},
       .gravity = g,
       .max_impact_speed = T(0.1),
       .steps_per_contact = 50});
}

template <std::size_t D>
constexpr double inertia_factor() {
  return D == 3 ? 0.4 : 0.5;
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("DEM rolling resistance: a rolling ball decelerates at mu_r g/(1+k) and stops",
                        "[dem][rolling]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const double v0 = 0.1;
  const double a = rolling_mu * gravity_magnitude / (1 + inertia_factor<D>());
  auto e = rolling_ball<T, D>(v0, 0.0);
  const double stop = v0 / a;
  e.run_until(0.5 * stop);
  CHECK(double(e.velocities()[0][0]) == Approx(v0 - a * e.time()).epsilon(0.01));
  // Still rolling without slip: the contact point is at rest.
  double spin = 0;
  if constexpr (D == 3) spin = double(e.angular_velocities()[0][1]);
  else spin = -double(e.angular_velocities()[0]);
  CHECK(spin * 0.005 == Approx(double(e.velocities()[0][0])).epsilon(1e-3));
  e.run_until(1.5 * stop);
  const double x_stopped = double(e.positions()[0][0]);
  CHECK(x_stopped - 0.02 == Approx(v0 * v0 / (2 * a)).epsilon(0.01));
  e.run_until(2 * stop);
  CHECK(std::abs(double(e.velocities()[0][0])) < 1e-4 * v0);
  CHECK(std::abs(double(e.positions()[0][0]) - x_stopped) < 1e-6);
}

TEMPLATE_LIST_TEST_CASE("DEM rolling resistance: a ball rests on an incline below tan(theta) = mu_r and rolls above",
                        "[dem][rolling]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  {
    const double theta = std::atan(0.8 * rolling_mu);
    auto e = rolling_ball<T, D>(0.0, theta);
    e.run_until(0.2);
    INFO("tan theta = 0.8 mu_r");
    // Held by the springs after an elastic roll of about μ_r m g / k_r = 1 µm.
    CHECK(std::abs(double(e.positions()[0][0]) - 0.02) < 1e-5);
    CHECK(std::abs(double(e.velocities()[0][0])) < 1e-5);
  }
  {
    const double theta = std::atan(1.5 * rolling_mu);
    auto e = rolling_ball<T, D>(0.0, theta);
    e.run_until(0.2);
    const double a = gravity_magnitude * (std::sin(theta) - rolling_mu * std::cos(theta)) /
                     (1 + inertia_factor<D>());
    INFO("tan theta = 1.5 mu_r");
    CHECK(double(e.velocities()[0][0]) == Approx(a * e.time()).epsilon(0.01));
  }
}

TEMPLATE_LIST_TEST_CASE("DEM rolling resistance: parameters without sds_rolling, or negative, are rejected",
                        "[dem][rolling][bad_input]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  carom::particles<T, D> ps;
  carom::vec<T, D> x{};
  x[0] = T(0.05);
  x[D - 1] = T(0.05);
  ps.add({.position = x, .radius = T(0.005), .mass = T(1e-3)});
  const auto box = carom::box<T, D>::cube(T(0.1), carom::boundary::wall);
  const auto law = carom::hertz<T>::from_restitution(T(1e6), T(0.5));
  const auto rejected = [&](auto make, const char* text) {
    const std::string message = carom_test::rejection_message(make);
    INFO(message);
    CHECK(message.find(text) != std::string::npos);
  };
  rejected([&] { carom::dem<T, D, carom::hertz<T>> e(box, ps, {.pair_law = law, .pair_rolling = {.friction = T(0.1)}}); },
           "need carom::sds_rolling");
  rejected([&] { rolling_engine<T, D> e(box, ps, {.pair_law = law, .pair_rolling = {.stiffness = T(-1)}}); },
           "pair_rolling.stiffness must be finite and >= 0");
  rejected([&] { rolling_engine<T, D> e(box, ps, {.pair_law = law, .wall_rolling = carom::rolling_params<T>{.friction = T(-1)}}); },
           "wall_rolling.friction must be finite and >= 0");
}
