// SPDX-License-Identifier: MIT
// Incline checks from rigid-body mechanics on an inclined carom::plane,
// θ = 30°:
// - a block (rotation locked) slides with a = g (sin θ − μ cos θ), and
//   stays at rest for μ > tan θ (static friction from the tangential
//   spring with history: no creep);
// - a sphere (disk) rolls with a = 5/7 g sin θ (2/3 in 2D) above the slip
//   threshold μ* = 2/7 tan θ (1/3 tan θ), and below it slides with
//   a = g (sin θ − μ cos θ) while spinning up at μ m g cos θ r / I;
// - the threshold is located within 2 %: at 1.02 μ* the contact point
//   does not slip, at 0.98 μ* it does.
// Accelerations come from a least-squares parabola through the distance
// travelled after the initial normal transient; tolerance 0.5 %.
#include <carom/engines/dem/dem.hpp>

#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "support.hpp"

namespace {

constexpr double g = 9.81;
constexpr double theta = 0.5235987755982988;  // 30°

template <class T, std::size_t D>
struct incline_run {
  double acceleration;      // along the slope, downhill (m/s²)
  double angular_rate;      // dω/dt about the rolling axis (rad/s²)
  double slip_ratio;        // contact-point speed / centre speed at the end
  double distance;          // travelled between the first and last sample
};

template <class T, std::size_t D>
carom::vec<T, D> slope_vector(double x, double z) {
  carom::vec<T, D> v{};
  v[0] = T(x);
  v[D - 1] = T(z);
  return v;
}

/// The rolling component of ω: −ω_y in 3D (downhill along −x, normal
/// mostly +z), ω in 2D; positive when rolling downhill.
template <class T, std::size_t D>
double rolling_rate(const carom::angular<T, D>& w) {
  if constexpr (D == 2) return double(w);
  else return -double(w[1]);
}

template <class T, std::size_t D>
incline_run<T, D> run_incline(double mu, bool locked, double duration) {
  const auto box = carom::box<T, D>::cube(T(2), carom::boundary::wall);
  const auto n = slope_vector<T, D>(-std::sin(theta), std::cos(theta));
  const auto down = slope_vector<T, D>(-std::cos(theta), -std::sin(theta));
  const T r = T(0.01);
  carom::vec<T, D> centre{};
  for (std::size_t a = 0; a < D; ++a) centre[a] = T(1);
  const auto incline = carom::plane<T, D>::through(centre, n);
  carom::particles<T, D> ps;
  ps.add({.position = centre + r * incline.normal, .radius = r, .mass = T(0.01)});
  carom::dem_params<T, D, carom::hertz<T>> p{
      .pair_law = carom::hertz<T>::from_restitution(T(1e7), T(0.3)),
      .pair_tangential = {.friction = T(mu), .stiffness = T(2e8), .damping = T(6e6)},
      .gravity = slope_vector<T, D>(0, -g),
      .planes = {incline},
      .max_impact_speed = T(0.5),
      .steps_per_contact = 100};
  carom::dem<T, D, carom::hertz<T>> e(box, ps, p);
  if (locked) e.lock_rotation(0);
  // Least-squares parabola s(t) = s0 + v0 t + a t²/2, after a transient.
  const double start = 0.05;
  while (e.time() < start) e.step();
  const auto x0 = e.positions()[0];
  const double w0 = rolling_rate<T, D>(e.angular_velocities()[0]);
  double sums[3][3] = {}, rhs[3] = {};
  double last_distance = 0;
  while (e.time() < start + duration) {
    e.run(20);
    const double t = e.time() - start;
    const double s = double(carom::dot(e.positions()[0] - x0, down));
    const double basis[3] = {1.0, t, 0.5 * t * t};
    for (int i = 0; i < 3; ++i) {
      rhs[i] += basis[i] * s;
      for (int j = 0; j < 3; ++j) sums[i][j] += basis[i] * basis[j];
    }
    last_distance = s;
  }
  // Solve the 3×3 normal equations by Cramer's rule.
  auto det = [](double m[3][3]) {
    return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
           m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
           m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
  };
  double a_matrix[3][3];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) a_matrix[i][j] = j == 2 ? rhs[i] : sums[i][j];
  const double acceleration = det(a_matrix) / det(sums);
  const double w1 = rolling_rate<T, D>(e.angular_velocities()[0]);
  const double speed = double(carom::dot(e.velocities()[0], down));
  const double slip = speed - w1 * double(r);
  return {acceleration, (w1 - w0) / (e.time() - start), slip / speed, last_distance};
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("DEM incline: sliding block and static friction", "[dem]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const double mu = 0.3;
  const auto slide = run_incline<T, D>(mu, true, 0.25);
  CHECK(slide.acceleration == Approx(g * (std::sin(theta) - mu * std::cos(theta))).epsilon(0.005));
  // μ = 0.7 > tan 30° = 0.577: at rest, to round-off (no creep).
  const auto rest = run_incline<T, D>(0.7, true, 0.5);
  CHECK(std::abs(rest.distance) < 1e-9 + 8 * double(carom_test::eps<T>));
}

TEMPLATE_LIST_TEST_CASE("DEM incline: rolling, sliding with spin-up, slip threshold", "[dem]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const double ratio = D == 3 ? 2.0 / 7.0 : 1.0 / 3.0;  // I/(m r² + I)
  const double threshold = ratio * std::tan(theta);
  const double r = 0.01;
  const double inertia_factor = D == 3 ? 0.4 : 0.5;  // I / (m r²)

  const auto roll = run_incline<T, D>(0.5, false, 0.25);
  CHECK(roll.acceleration == Approx((1 - ratio) * g * std::sin(theta)).epsilon(0.005));
  CHECK(std::abs(roll.slip_ratio) < 2e-3);

  const double mu = 0.1;
  const auto spin = run_incline<T, D>(mu, false, 0.25);
  CHECK(spin.acceleration == Approx(g * (std::sin(theta) - mu * std::cos(theta))).epsilon(0.005));
  CHECK(spin.angular_rate ==
        Approx(mu * g * std::cos(theta) / (inertia_factor * r)).epsilon(0.005));

  const auto above = run_incline<T, D>(1.02 * threshold, false, 0.25);
  const auto below = run_incline<T, D>(0.98 * threshold, false, 0.25);
  CHECK(std::abs(above.slip_ratio) < 2e-3);
  CHECK(below.slip_ratio > 1e-2);
}
