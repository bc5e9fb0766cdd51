// SPDX-License-Identifier: MIT
#pragma once
/// Resting contacts of impulse mode under gravity (docs/impulse-mode.md):
/// when a particle rests on a wall instead of bouncing on it, and how it is
/// put back on the wall at the end of a step.

#include <cmath>
#include <cstddef>
#include <limits>
#include <span>
#include <vector>

#include "carom/core/vec.hpp"
#include "carom/engines/impulse/detail/records.hpp"
#include "carom/geometry/plane.hpp"

namespace carom::detail {

/// Whether a particle under gravity rests on a wall: gravity pushes it into
/// the wall (push = −n·g > 0) and its normal energy, as the height above
/// contact that it could reach, gap + u²/(2 push) (u the normal velocity),
/// is zero but for round-off. The hard-sphere model has no resting contact:
/// such a particle would make ever shorter hops (infinitely many for
/// e < 1, at the scale of round-off for e = 1). Round-off is 64 ε of every
/// coordinate that enters the height, including the sink over the step
/// (`horizon`), so a particle put back on the wall at rest stays resting.
template <scalar T, std::size_t D>
[[nodiscard]] bool rests_on(const plane<T, D>& wall, T push, const vec<T, D>& x, const vec<T, D>& v,
                            T radius, const vec<T, D>& g, T horizon) noexcept {
  if (!(push > T(0))) return false;
  const T gap = wall.signed_distance(x) - radius;
  T scale = std::abs(wall.offset) + radius;
  for (std::size_t a = 0; a < D; ++a)
    scale += std::abs(x[a]) + horizon * (std::abs(v[a]) + horizon * std::abs(g[a]));
  const T tolerance = T(64) * std::numeric_limits<T>::epsilon() * scale;
  const T u = dot(wall.normal, v);
  return gap <= tolerance && u * u <= 2 * push * (tolerance - gap);
}

/// Puts a sphere that rests on a wall back on it (touching) and at rest
/// along its normal: the end of a step, after it sank for the rest of the
/// step (rests_on). This changes its energy by push times its height of
/// rests_on, a round-off amount.
template <scalar T, std::size_t D>
constexpr void put_on(const plane<T, D>& wall, vec<T, D>& x, vec<T, D>& v, T radius) noexcept {
  x -= (wall.signed_distance(x) - radius) * wall.normal;
  v -= dot(v, wall.normal) * wall.normal;
}

/// Which particles rest on which walls (rests_on), as found when they were
/// last scheduled: their flights since then keep it so (the height of
/// rests_on is their energy). Nothing is stored without gravity.
template <scalar T, std::size_t D>
class resting_contacts {
 public:
  resting_contacts(std::span<const plane<T, D>> walls, const vec<T, D>& g, std::size_t particles)
      : g_(g), walls_(walls.size()) {
    if (g == vec<T, D>{}) return;
    for (const auto& w : walls) push_.push_back(-dot(w.normal, g));
    flags_.assign(particles * walls.size(), 0);
  }

  /// Whether particle k (x, v, radius at the current time, `horizon` the
  /// length of the step) rests on wall w; remembered for settle().
  bool update(std::size_t k, std::size_t w, const plane<T, D>& wall, const vec<T, D>& x,
              const vec<T, D>& v, T radius, T horizon) noexcept {
    const bool rests = rests_on(wall, push_[w], x, v, radius, g_, horizon);
    flags_[k * walls_ + w] = rests;
    return rests;
  }

  /// Puts particle k back on every wall it rests on (put_on).
  void settle(std::size_t k, std::span<const plane<T, D>> walls,
              impulse_particle<T, D>& p) const noexcept {
    for (std::size_t w = 0; w < walls_; ++w)
      if (flags_[k * walls_ + w]) put_on(walls[w], p.position, p.velocity, p.radius);
  }

 private:
  vec<T, D> g_;
  std::size_t walls_;
  std::vector<T> push_;               // −n·g of each wall
  std::vector<unsigned char> flags_;  // particle × wall
};

}  // namespace carom::detail
