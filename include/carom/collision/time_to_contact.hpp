// SPDX-License-Identifier: MIT
#pragma once
/// Particle–particle collision time (docs/event-driven.md). With dx = x_j − x_i,
/// dv = v_j − v_i and σ = r_i + r_j, contact is |dx + dv t| = σ:
///   a = dv·dv, b = dx·dv, c = dx·dx − σ², disc = b² − a c,
/// a collision happens iff b < 0 and disc ≥ 0, at the smaller root written
/// without cancellation, t = c / (−b + √disc). Uniform gravity cancels in the
/// relative motion, so the same function serves parabolic flights.
///
/// Round-off guard (as in Bannerman et al., Comput. Part. Mech. 2014): a pair
/// that is touching or overlapping (c ≤ 0) while approaching (b < 0) collides
/// now, t = 0: never a negative time, never NaN. Valid while |dv|²|dx|² stays
/// in T's normal range (speeds and distances within ~1e±9 of each other in
/// float, ~1e±75 in double).

#include <cstddef>

#include "carom/config.hpp"
#include "carom/core/math.hpp"
#include "carom/core/vec.hpp"

namespace carom {

/// Earliest t ≥ 0 at which spheres i and j touch, given dx = x_j − x_i,
/// dv = v_j − v_i and sigma = r_i + r_j; +∞ when they separate or miss.
template <scalar T, std::size_t D>
[[nodiscard]] constexpr T time_to_contact(const vec<T, D>& dx, const vec<T, D>& dv,
                                          T sigma) noexcept {
  const T b = dot(dx, dv);
  if (!(b < T(0))) return infinity<T>;  // separating, at rest, or NaN input
  const T c = dot(dx, dx) - sigma * sigma;
  if (c <= T(0)) return T(0);  // touching or overlapping and approaching
  const T disc = b * b - dot(dv, dv) * c;
  if (disc < T(0)) return infinity<T>;  // misses
  return c / (carom::sqrt(disc) - b);
}

/// Whether spheres i and j touch before `horizon` (an event already known,
/// e.g. a particle's current earliest one), or are touching and approaching
/// now; if so, horizon becomes that time_to_contact. Made for a search over
/// many candidates: most pairs are rejected before the square root, because
/// √disc ≤ −b gives t ≥ c / (−2b), so c > −2b·horizon means t > horizon.
/// The two rejections share one branch (b < 0 is a coin toss in a fluid, a
/// branch of its own would be mispredicted half the time), and the function
/// is forced inline: called once per candidate in the engine's search.
template <scalar T, std::size_t D>
[[nodiscard]] CAROM_ALWAYS_INLINE constexpr bool earlier_contact(const vec<T, D>& dx,
                                                                 const vec<T, D>& dv, T sigma,
                                                                 T& horizon) noexcept {
  const T b = dot(dx, dv);
  const T c = dot(dx, dx) - sigma * sigma;
  // An approaching overlap (c ≤ 0) passes too: −2b·horizon ≥ 0 then. With
  // b ≥ 0 (or NaN) the first test fails whatever the second gives.
  if (!((b < T(0)) & (c <= T(-2) * b * horizon))) return false;
  if (c <= T(0)) {  // touching or overlapping and approaching: now, whatever the horizon
    horizon = T(0);
    return true;
  }
  const T disc = b * b - dot(dv, dv) * c;
  if (disc < T(0)) return false;
  const T t = c / (carom::sqrt(disc) - b);
  if (!(t < horizon)) return false;
  horizon = t;
  return true;
}

}  // namespace carom
