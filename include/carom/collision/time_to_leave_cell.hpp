// SPDX-License-Identifier: MIT
#pragma once
/// Cell-crossing time for cell lists: when does a point leave the
/// axis-aligned cell [lower, upper)? The result names the face, so an engine
/// moves the particle to the neighbouring cell without searching.

#include <cstddef>

#include "carom/collision/time_to_travel.hpp"
#include "carom/core/vec.hpp"

namespace carom {

/// When and through which face a point leaves its cell.
template <scalar T>
struct cell_exit_result {
  T time;               ///< +∞ if it never leaves
  std::size_t axis;     ///< axis of the face crossed
  int direction;        ///< +1 through the upper face, −1 through the lower
};

/// Earliest t ≥ 0 at which x + v t leaves [lower, upper] (straight flight).
/// A point already outside by round-off and moving further out gives 0.
template <scalar T, std::size_t D>
[[nodiscard]] constexpr cell_exit_result<T> time_to_leave_cell(const vec<T, D>& x,
                                                               const vec<T, D>& v,
                                                               const vec<T, D>& lower,
                                                               const vec<T, D>& upper) noexcept {
  // No branch on the sign of v (random in a gas, so often mispredicted):
  // inside the cell, the time to the face ahead is the larger of the two
  // signed face times (v = 0 gives ±∞ or NaN there, hence the test of v).
  cell_exit_result<T> exit{infinity<T>, 0, 0};
  for (std::size_t a = 0; a < D; ++a) {
    const T up = (upper[a] - x[a]) / v[a], down = (lower[a] - x[a]) / v[a];
    const T t = up > down ? up : down;
    const bool earlier = (t < exit.time) & (v[a] != T(0));
    exit.axis = earlier ? a : exit.axis;
    exit.direction = earlier ? (v[a] > T(0) ? 1 : -1) : exit.direction;
    exit.time = earlier ? t : exit.time;
  }
  exit.time = exit.time > T(0) ? exit.time : T(0);
  return exit;
}

/// Same for a parabolic flight under the uniform acceleration g.
template <scalar T, std::size_t D>
[[nodiscard]] constexpr cell_exit_result<T> time_to_leave_cell(
    const vec<T, D>& x, const vec<T, D>& v, const vec<T, D>& g, const vec<T, D>& lower,
    const vec<T, D>& upper) noexcept {
  cell_exit_result<T> exit{infinity<T>, 0, 0};
  for (std::size_t a = 0; a < D; ++a) {
    const T up = time_to_travel(upper[a] - x[a], v[a], g[a]);
    const T down = time_to_travel(x[a] - lower[a], -v[a], -g[a]);
    if (up < exit.time) exit = {up, a, 1};
    if (down < exit.time) exit = {down, a, -1};
  }
  return exit;
}

}  // namespace carom
