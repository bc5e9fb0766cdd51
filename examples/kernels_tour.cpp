// SPDX-License-Identifier: MIT
// A tour of carom's collision kernels: when do two spheres meet, when does a
// ball thrown up hit the floor, what does an impulse do to their velocities.
#include <carom/carom.hpp>

#include <cstdio>
#include <exception>

#include "command_line.hpp"

int main(int argc, char** argv) try {
  example::command_line(
      "kernels_tour",
      "carom's collision kernels on a few hand-made cases: the time two spheres meet,\n"
      "the impulse between them, a ball thrown up hitting the floor, a ball leaving a\n"
      "cell. No flags.",
      {})
      .parse(argc, argv);
  using v3 = carom::vec<double, 3>;

  // Two unit spheres 3 apart on x, closing at 2 per second, offset by 0.5 in y.
  const v3 xi{0, 0, 0}, xj{3, 0.5, 0}, vi{1, 0, 0}, vj{-1, 0, 0};
  const double t = carom::time_to_contact(xj - xi, vj - vi, 2.0);
  std::printf("pair: contact after t = %.6f s\n", t);

  const v3 ci = xi + vi * t, cj = xj + vj * t;
  const v3 n = (cj - ci) / carom::norm(cj - ci);
  const auto hit = carom::resolve_collision(carom::constant_restitution<double>(0.8), vi, vj,
                                            1.0, 0.5, n);  // m_i = 1, m_j = 2
  std::printf("      impulse J = %.6f, v_i' = (%.4f, %.4f), v_j' = (%.4f, %.4f)\n", hit.impulse,
              hit.velocity_i[0], hit.velocity_i[1], hit.velocity_j[0], hit.velocity_j[1]);
  const v3 p_before = vi * 1.0 + vj * 2.0, p_after = hit.velocity_i * 1.0 + hit.velocity_j * 2.0;
  std::printf("      momentum before (%.4f, %.4f), after (%.4f, %.4f)\n", p_before[0],
              p_before[1], p_after[0], p_after[1]);

  // A ball of radius 0.1 thrown up at 3 m/s from 1 m, under g = 9.81.
  const auto floor = carom::plane<double, 3>::through(v3{0, 0, 0}, v3{0, 0, 1});
  const double t_floor =
      carom::time_to_plane(floor, v3{0, 0, 1}, v3{0, 0, 3}, 0.1, v3{0, 0, -9.81});
  std::printf("ball: hits the floor after t = %.6f s (analytic %.6f s)\n", t_floor,
              (3 + std::sqrt(9 + 2 * 9.81 * 0.9)) / 9.81);

  // The same ball leaving a cell of side 0.5 around its start.
  const auto exit = carom::time_to_leave_cell(v3{0.25, 0.25, 1.0}, v3{0, 0, 3}, v3{0, 0, -9.81},
                                              v3{0, 0, 0.75}, v3{0.5, 0.5, 1.25});
  std::printf("cell: leaves through axis %zu (%s face) after t = %.6f s\n", exit.axis,
              exit.direction > 0 ? "upper" : "lower", exit.time);
} catch (const std::exception& error) {
  std::fprintf(stderr, "kernels_tour: %s\n", error.what());
  return 1;
}
