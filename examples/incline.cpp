// SPDX-License-Identifier: MIT
// Friction on an incline (docs/dem.md; Pöschel & Schwager, "Computational
// Granular Dynamics", 2005): a block sliding on a 30° plane, a block held
// by static friction, a sphere rolling, a sphere sliding while it spins up.
// Prints the simulated acceleration next to the analytical one
// (tests/validation/dem_incline.cpp checks them to 0.5 %).
//
//   incline            the four cases above
//   incline --sweep    rows "shape mu simulated analytical" for a block, a
//                      sphere (3D) and a disk (2D), μ from 0 to 0.7
//                      (scripts/plot_dem.py draws them)
#include <carom/carom.hpp>

#include <cmath>
#include <cstdio>
#include <exception>

#include "command_line.hpp"

namespace {

using T = double;
constexpr T g = 9.81;
const T theta = carom::pi<T> / 6;

/// A vector in the x–z plane of the slope (x, y in 2D).
template <std::size_t D>
carom::vec<T, D> in_plane(T x, T z) {
  carom::vec<T, D> v{};
  v[0] = x;
  v[D - 1] = z;
  return v;
}

/// Mean acceleration along the slope between t = 0.05 s and 0.3 s of a
/// sphere (D = 3) or disk (D = 2) of radius 1 cm, or of a block (rotation
/// locked), released at rest on the incline.
template <std::size_t D>
T simulate(T mu, bool locked) {
  const auto box = carom::box<T, D>::cube(2, carom::boundary::wall);
  carom::vec<T, D> centre{};
  for (std::size_t a = 0; a < D; ++a) centre[a] = 1;
  const auto down = in_plane<D>(-std::cos(theta), -std::sin(theta));
  const auto incline = carom::plane<T, D>::through(centre, in_plane<D>(-std::sin(theta), std::cos(theta)));
  carom::particles<T, D> ps;
  ps.add({.position = centre + T(0.01) * incline.normal, .radius = 0.01, .mass = 0.01});
  carom::dem<T, D, carom::hertz<T>> e(
      box, ps,
      {.pair_law = carom::hertz<T>::from_restitution(1e7, 0.3),
       .pair_tangential = {.friction = mu, .stiffness = 2e8, .damping = 6e6},
       .gravity = in_plane<D>(0, -g),
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

/// Sliding a = g (sin θ − μ cos θ) below the slip threshold μ* = k/(1+k)
/// tan θ, rolling a = g sin θ / (1 + k) above it, with I = k m r² (k = 2/5
/// sphere, 1/2 disk); a block (k = ∞) stops for μ ≥ tan θ.
T analytical(T mu, T k) {
  const T s = std::sin(theta), c = std::cos(theta);
  if (std::isinf(k)) return std::max(T(0), g * (s - mu * c));
  return mu < k / (1 + k) * std::tan(theta) ? g * (s - mu * c) : g * s / (1 + k);
}

void sweep() {
  std::printf("# incline 30 deg, g = %.2f m/s^2: acceleration along the slope (m/s^2)\n", g);
  std::printf("# %-6s %6s %18s %18s\n", "shape", "mu", "simulated", "analytical");
  for (int step = 0; step <= 28; ++step) {
    const T mu = 0.025 * step;
    std::printf("%-8s %6.3f %18.12f %18.12f\n", "block", mu, simulate<3>(mu, true),
                analytical(mu, carom::infinity<T>));
    std::printf("%-8s %6.3f %18.12f %18.12f\n", "sphere", mu, simulate<3>(mu, false),
                analytical(mu, T(2) / 5));
    std::printf("%-8s %6.3f %18.12f %18.12f\n", "disk", mu, simulate<2>(mu, false),
                analytical(mu, T(1) / 2));
    std::fflush(stdout);  // a long sweep: show each mu through a pipe
  }
}

}  // namespace

int main(int argc, char** argv) try {
  bool sweep_mu = false;
  example::command_line(
      "incline",
      "Blocks and spheres of radius 1 cm released on a 30 degree incline (Hertz, Mindlin\n"
      "friction): the simulated acceleration along the slope, in m/s^2, next to the\n"
      "analytical one.",
      {{"--sweep", &sweep_mu, "",
        "instead, rows \"shape mu simulated analytical\" for a block, a sphere and\n"
        "a disk, friction coefficient mu from 0 to 0.7 (for scripts/plot_dem.py)"}})
      .parse(argc, argv);
  if (sweep_mu) {
    sweep();
    return 0;
  }
  const T s = std::sin(theta), c = std::cos(theta);
  std::printf("incline 30 deg, g = %.2f m/s^2: acceleration along the slope (m/s^2)\n", g);
  std::printf("%-40s %12s %12s\n", "case", "simulated", "analytical");
  std::printf("%-40s %12.5f %12.5f\n", "block sliding, mu = 0.3", simulate<3>(0.3, true),
              g * (s - 0.3 * c));
  std::printf("%-40s %12.5f %12.5f\n", "block at rest, mu = 0.7 > tan 30", simulate<3>(0.7, true),
              0.0);
  std::printf("%-40s %12.5f %12.5f\n", "sphere rolling, mu = 0.5", simulate<3>(0.5, false),
              5.0 / 7.0 * g * s);
  std::printf("%-40s %12.5f %12.5f\n", "sphere sliding + spin-up, mu = 0.1",
              simulate<3>(0.1, false), g * (s - 0.1 * c));
  std::printf("slip threshold mu* = 2/7 tan 30 = %.4f\n", 2.0 / 7.0 * std::tan(theta));
} catch (const std::exception& error) {
  std::fprintf(stderr, "incline: %s\n", error.what());
  return 1;
}
