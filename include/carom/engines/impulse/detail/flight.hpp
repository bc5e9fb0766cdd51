// SPDX-License-Identifier: MIT
#pragma once
/// Free flight inside an impulse-mode step (docs/impulse-mode.md): the
/// exact parabola x + v t + g t²/2 under uniform gravity (a straight line
/// without gravity), and the box a sphere sweeps along it.

#include <cstddef>

#include "carom/core/vec.hpp"

namespace carom::detail {

/// Position after a time t of free flight from x at velocity v: the
/// parabola under the acceleration g (Gravity), the straight line without.
template <bool Gravity, scalar T, std::size_t D>
[[nodiscard]] constexpr vec<T, D> flight_position(const vec<T, D>& x, const vec<T, D>& v,
                                                  const vec<T, D>& g, T t) noexcept {
  if constexpr (Gravity)
    return x + v * t + g * (t * t / 2);
  else
    return x + v * t;
}

/// Velocity after a time t of free flight (see flight_position).
template <bool Gravity, scalar T, std::size_t D>
[[nodiscard]] constexpr vec<T, D> flight_velocity(const vec<T, D>& v, const vec<T, D>& g,
                                                  T t) noexcept {
  if constexpr (Gravity)
    return v + g * t;
  else
    return v;
}

/// The axis-aligned box [lower, upper] that holds a sphere of radius r over
/// t ∈ [0, duration] of free flight from x at velocity v. Per axis a
/// parabola is monotonic on either side of its turning point, so the
/// start, the end and the turning point (if it falls inside) bound it.
template <bool Gravity, scalar T, std::size_t D>
constexpr void swept_bounds(const vec<T, D>& x, const vec<T, D>& v, const vec<T, D>& g, T r,
                            T duration, vec<T, D>& lower, vec<T, D>& upper) noexcept {
  const vec<T, D> end = flight_position<Gravity>(x, v, g, duration);
  for (std::size_t a = 0; a < D; ++a) {
    T low = x[a] < end[a] ? x[a] : end[a];
    T high = x[a] < end[a] ? end[a] : x[a];
    if constexpr (Gravity) {
      const T turn = g[a] != T(0) ? -v[a] / g[a] : T(0);
      if (turn > T(0) && turn < duration) {
        const T apex = x[a] - v[a] * v[a] / (2 * g[a]);
        low = apex < low ? apex : low;
        high = apex > high ? apex : high;
      }
    }
    lower[a] = low - r;
    upper[a] = high + r;
  }
}

}  // namespace carom::detail
