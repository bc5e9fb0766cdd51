// SPDX-License-Identifier: MIT
// Seed 001's incline checks (SPEC §3): a block sliding on a 30° plane, a
// block held by static friction, a sphere rolling, a sphere sliding while
// it spins up. Prints the simulated acceleration next to the analytical
// one (tests/validation/dem_incline.cpp checks them to 0.5 %).
#include <carom/carom.hpp>

#include <cmath>
#include <cstdio>

namespace {

using T = double;
constexpr T g = 9.81;
const T theta = carom::pi<T> / 6;

/// Mean acceleration along the slope between t = 0.05 s and 0.3 s.
T simulate(T mu, bool locked) {
  const auto box = carom::box<T, 3>::cube(2, carom::boundary::wall);
  const carom::vec<T, 3> centre{1, 1, 1}, normal{-std::sin(theta), 0, std::cos(theta)};
  const carom::vec<T, 3> down{-std::cos(theta), 0, -std::sin(theta)};
  const auto incline = carom::plane<T, 3>::through(centre, normal);
  carom::particles<T, 3> ps;
  ps.add({.position = centre + T(0.01) * incline.normal, .radius = 0.01, .mass = 0.01});
  carom::time_stepped<T, 3, carom::hertz<T>> e(
      box, ps,
      {.pair_law = carom::hertz<T>::from_restitution(1e7, 0.3),
       .pair_tangential = {.friction = mu, .stiffness = 2e8, .damping = 6e6},
       .gravity = {0, 0, -g},
       .planes = {incline},
       .max_impact_speed = 0.5,
       .steps_per_contact = 100});
  if (locked) e.lock_rotation(0);
  while (e.time() < 0.05) e.step();
  const T v0 = carom::dot(e.velocities()[0], down);
  const double t0 = e.time();
  while (e.time() < 0.3) e.step();
  return (carom::dot(e.velocities()[0], down) - v0) / T(e.time() - t0);
}

}  // namespace

int main() {
  const T s = std::sin(theta), c = std::cos(theta);
  std::printf("incline 30 deg, g = %.2f m/s^2: acceleration along the slope (m/s^2)\n", g);
  std::printf("%-40s %12s %12s\n", "case", "simulated", "analytical");
  std::printf("%-40s %12.5f %12.5f\n", "block sliding, mu = 0.3", simulate(0.3, true),
              g * (s - 0.3 * c));
  std::printf("%-40s %12.5f %12.5f\n", "block at rest, mu = 0.7 > tan 30", simulate(0.7, true),
              0.0);
  std::printf("%-40s %12.5f %12.5f\n", "sphere rolling, mu = 0.5", simulate(0.5, false),
              5.0 / 7.0 * g * s);
  std::printf("%-40s %12.5f %12.5f\n", "sphere sliding + spin-up, mu = 0.1",
              simulate(0.1, false), g * (s - 0.1 * c));
  std::printf("slip threshold mu* = 2/7 tan 30 = %.4f\n", 2.0 / 7.0 * std::tan(theta));
}
