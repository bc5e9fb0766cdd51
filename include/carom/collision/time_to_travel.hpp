// SPDX-License-Identifier: MIT
#pragma once
/// One-dimensional flight under constant acceleration, the building block of
/// the particle–plane and cell-exit solvers: the earliest t ≥ 0 at which
/// s(t) = u t + ½ a t² reaches the level h. Roots are taken in the
/// cancellation-free form; a level already reached (h ≤ 0) while moving
/// towards it gives 0, never a negative time.

#include "carom/core/math.hpp"

namespace carom {

/// Earliest t ≥ 0 with u t + ½ a t² = h for a point moving towards the level
/// at speed u with acceleration a (both counted positive towards it).
/// When h ≤ 0 (the level is reached or passed, e.g. a round-off overlap) the
/// time is 0 if the point is moving towards it now, otherwise the time at
/// which it turns round or comes back; +∞ if it never does.
template <scalar T>
[[nodiscard]] constexpr T time_to_travel(T h, T u, T a) noexcept {
  if (h <= T(0)) {
    if (u > T(0) || (u == T(0) && a > T(0))) return T(0);
    if (!(a > T(0))) return infinity<T>;
    // Moving away (u < 0), accelerated back: it crosses the level again at
    // the larger root, or turns round before getting clear of it.
    const T disc = u * u + T(2) * a * h;
    return disc > T(0) ? (carom::sqrt(disc) - u) / a : -u / a;
  }
  if (a == T(0)) return u > T(0) ? h / u : infinity<T>;
  const T disc = u * u + T(2) * a * h;
  if (disc < T(0)) return infinity<T>;  // decelerates and turns before the level
  if (u > T(0)) return T(2) * h / (u + carom::sqrt(disc));
  if (a > T(0)) return (carom::sqrt(disc) - u) / a;
  return infinity<T>;
}

}  // namespace carom
