// SPDX-License-Identifier: MIT
// The bouncing ball (docs/dem.md; Pöschel & Schwager, "Computational
// Granular Dynamics", 2005): a ball dropped from h_1 = 5 cm onto the floor
// rebounds to the apex heights h_{n+1} = e^{2n} h_1. One ball of radius
// 1 cm and 10 g, Hertz with k = 4/3 E* √R* = 1.5e10 N/m^1.5 (steel on a
// steel floor) and α calibrated for e = 0.5, 0.7 and 0.9 (no-tension
// convention, as most DEM codes clip the force),
// time step t_c/100, velocity Verlet. Prints each apex next to e^{2n} h_1
// and the restitution of that bounce, √(h_{n+1}/h_n); tests/validation/
// dem_bounce.cpp checks the apexes to 1 % up to n = 5. The weight acting
// during the contact (impulse m g t_c) lowers the slowest bounces' e by
// about g t_c / v_impact, under 1 % here.
//
//   bounce    rows "e n apex_m predicted_m relative_error bounce_e";
//             '#' lines are comments (scripts/plot_dem.py reads them)
#include <carom/carom.hpp>

#include <cmath>
#include <cstdio>
#include <exception>
#include <vector>

#include "command_line.hpp"

namespace {

using T = double;
using law = carom::hertz<T, carom::no_tension>;
constexpr T radius = 0.01, h1 = 0.05, g = 9.81;

/// Apex heights of the ball's bottom above the floor, h_1 first, until
/// `count` apexes or 10 s of simulated time.
std::vector<T> apex_heights(T restitution, int count) {
  const auto box = carom::box<T, 3>::cube(T(0.2), carom::boundary::wall);
  carom::particles<T, 3> ball;
  ball.add({.position = {0.1, 0.1, radius + h1}, .radius = radius, .mass = 0.01});
  carom::dem<T, 3, law> engine(
      box, ball,
      {.pair_law = law::from_restitution(1.5e10, restitution),
       .gravity = {0, 0, -g},
       .max_impact_speed = std::sqrt(2 * g * h1) * T(1.1),
       .steps_per_contact = 100});
  std::vector<T> apexes{h1};
  T previous = 0;
  while (int(apexes.size()) < count && engine.time() < 10.0) {
    engine.step();
    // The apex: the upward speed changes sign in free flight (to g dt²/2).
    const T v = engine.velocities()[0][2];
    if (previous > 0 && v <= 0 && engine.contact_count() == 0)
      apexes.push_back(engine.positions()[0][2] - radius);
    previous = v;
  }
  return apexes;
}

}  // namespace

int main(int argc, char** argv) try {
  example::command_line(
      "bounce",
      "A 1 cm, 10 g steel ball dropped from 5 cm onto a steel floor (Hertz, calibrated\n"
      "for e = 0.5, 0.7, 0.9): each apex height next to e^(2n) h_1. No flags.",
      {})
      .parse(argc, argv);
  std::printf("# ball dropped from h_1 = %.3f m; apex n+1 should be e^{2n} h_1\n", h1);
  std::printf("# %4s %3s %14s %14s %12s %10s\n", "e", "n", "apex (m)", "e^{2n} h_1", "rel. error",
              "bounce e");
  for (const T e : {0.5, 0.7, 0.9}) {
    const auto apexes = apex_heights(e, e < 0.6 ? 6 : 11);
    for (std::size_t n = 0; n < apexes.size(); ++n) {
      const T predicted = std::pow(e, 2 * T(n)) * h1;
      const T bounce_e = n == 0 ? e : std::sqrt(apexes[n] / apexes[n - 1]);
      std::printf("%6.2f %3zu %14.6e %14.6e %12.2e %10.5f\n", e, n, apexes[n], predicted,
                  apexes[n] / predicted - 1, bounce_e);
    }
    std::fflush(stdout);  // one restitution done: show it through a pipe
  }
} catch (const std::exception& error) {
  std::fprintf(stderr, "bounce: %s\n", error.what());
  return 1;
}
