// SPDX-License-Identifier: MIT
// The bouncing ball in impulse mode (docs/impulse-mode.md): one disk of
// radius 0.05 dropped from rest with its bottom h = 1 above the floor of a
// tall walled box, e = 1, g = 9.81, run on a fixed step dt for 10 bounces.
// Its flights are exact parabolas, so every bounce is found at its exact
// time and speed and the ball comes back to h after every bounce, whatever
// dt. A code that moves particles on straight lines between kicks of
// gravity meets the floor inside a step at the wrong time and speed, and
// the apex after a bounce is off by up to |w| dt (w the impact speed: an
// energy error of up to m g |w| dt); scripts/plot_impulse_bounce.py draws
// both.
//
// The apex is measured from the state at step ends only: at the first step
// end after the n-th bounce, apex = (y − r) + v_y²/(2g), the height the
// ball's bottom reaches on its free parabola. That is exact for a free
// flight, and since a flight without collision keeps y + v_y²/(2g) from
// one step end to the next (exactly for the parabola, and for straight
// flights between two half kicks too), any step end of flight n gives the
// same value. A step longer than a flight can hold more than one bounce:
// the row is then that of the last one.
//
//   impulse_bounce    rows "dt n apex", n = 0 (the drop, apex h) to 10, for
//                     dt = 0.05, 0.3 and 0.0123 (--dt: one step only);
//                     '#' lines are comments
#include <carom/carom.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <utility>
#include <vector>

#include "command_line.hpp"

namespace {

using T = double;
constexpr T radius = 0.05, h = 1, g = 9.81;

/// The ball's apex after each bounce, as above: pairs {n, apex of flight n},
/// the drop (n = 0) first.
std::vector<std::pair<std::uint64_t, T>> apexes(T dt, std::uint64_t bounces) {
  const std::array<carom::boundary, 2> walls{carom::boundary::wall, carom::boundary::wall};
  const carom::box<T, 2> tall({-1, 0}, {1, 4}, walls);
  carom::particles<T, 2> ball;
  ball.add({.position = {0, radius + h}, .radius = radius, .mass = 1});
  carom::impulse_stepped<T, 2, carom::elastic> engine(tall, ball,
                                                      {.gravity = {0, -g}, .time_step = dt});
  const auto apex = [&] {
    const auto x = engine.positions()[0];
    const auto v = engine.velocities()[0];
    return x[1] - radius + v[1] * v[1] / (2 * g);
  };
  std::vector<std::pair<std::uint64_t, T>> result{{0, apex()}};
  // 10 bounces take about 9 s; the time limit only guards a runaway.
  while (engine.wall_collisions() < bounces && engine.time() < 100 * double(bounces)) {
    const std::uint64_t before = engine.wall_collisions();
    engine.step();
    if (engine.wall_collisions() > before) result.emplace_back(engine.wall_collisions(), apex());
  }
  return result;
}

}  // namespace

int main(int argc, char** argv) try {
  double dt = 0;
  std::size_t bounces = 10;
  const example::command_line args(
      "impulse_bounce",
      "A disk dropped from h = 1 onto the floor in impulse mode (e = 1, g = 9.81): the\n"
      "apex after each bounce, rows \"dt n apex\", at dt = 0.05, 0.3 and 0.0123.",
      {{"--dt", &dt, "DT", "run this time step only (0: the three above)"},
       {"--bounces", &bounces, "N", "bounces per run"}});
  args.parse(argc, argv);
  if (dt < 0) args.fail("--dt must be > 0 (or 0 for the three default steps)");
  if (bounces == 0) args.fail("--bounces must be > 0");
  const std::vector<double> steps =
      dt > 0 ? std::vector<double>{dt} : std::vector<double>{0.05, 0.3, 0.0123};
  std::printf("# disk of radius %g dropped from h = %g, e = 1, g = %g; the apex should stay h\n",
              radius, h, g);
  std::printf("# %6s %3s %15s\n", "dt", "n", "apex");
  for (const double step : steps) {
    for (const auto& [n, apex] : apexes(step, bounces))
      std::printf("%8g %3llu %15.12f\n", step, static_cast<unsigned long long>(n), apex);
    std::fflush(stdout);
  }
} catch (const std::exception& error) {
  std::fprintf(stderr, "impulse_bounce: %s\n", error.what());
  return 1;
}
