// SPDX-License-Identifier: MIT
#pragma once
/// Particle–plane collision time (docs/event-driven.md): a sphere of radius r touches the
/// wall {n·x = d} when n·x(t) − d = r. Straight flight gives
/// t = (d + r − n·x) / (n·v) for n·v < 0; uniform gravity g gives the
/// smaller non-negative root of gap + (n·v) t + ½ (n·g) t² = 0.

#include <cstddef>

#include "carom/collision/time_to_travel.hpp"
#include "carom/core/vec.hpp"
#include "carom/geometry/plane.hpp"

namespace carom {

/// Earliest t ≥ 0 at which a sphere (centre x, velocity v, radius r) in
/// straight flight touches the wall; +∞ if it moves parallel or away. A
/// sphere touching or overlapping the wall while approaching gives 0.
template <scalar T, std::size_t D>
[[nodiscard]] constexpr T time_to_plane(const plane<T, D>& wall, const vec<T, D>& x,
                                        const vec<T, D>& v, T radius) noexcept {
  const T approach = -dot(wall.normal, v);
  if (!(approach > T(0))) return infinity<T>;
  const T gap = wall.signed_distance(x) - radius;
  return gap > T(0) ? gap / approach : T(0);
}

/// Same for a parabolic flight under the uniform acceleration g: the
/// earliest t ≥ 0 of gap + (n·v) t + ½ (n·g) t² = 0 while approaching.
/// A sphere resting on a floor (gap 0, n·v = 0, g pushing into the wall)
/// gives 0.
template <scalar T, std::size_t D>
[[nodiscard]] constexpr T time_to_plane(const plane<T, D>& wall, const vec<T, D>& x,
                                        const vec<T, D>& v, T radius,
                                        const vec<T, D>& g) noexcept {
  return time_to_travel(wall.signed_distance(x) - radius, -dot(wall.normal, v),
                        -dot(wall.normal, g));
}

}  // namespace carom
