// SPDX-License-Identifier: MIT
#pragma once
/// The walls of impulse mode under gravity (docs/impulse-mode.md): when a
/// parabolic flight hits one, when a particle rests on one instead of
/// bouncing on it, and how it is put back on it at the end of a step.

#include <cmath>
#include <cstddef>
#include <limits>
#include <span>
#include <vector>

#include "carom/core/vec.hpp"
#include "carom/collision/time_to_plane.hpp"
#include "carom/core/math.hpp"
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

/// Whether a sphere whose swept box (inflated by its radius) is
/// [lower, upper] may touch the wall: the box's lowest point along the
/// normal is within a radius of it (a radius of slack for round-off).
template <scalar T, std::size_t D>
[[nodiscard]] bool may_touch(const plane<T, D>& wall, const vec<T, D>& lower,
                             const vec<T, D>& upper, T radius) noexcept {
  T lowest = -wall.offset;
  for (std::size_t a = 0; a < D; ++a) {
    const T n = wall.normal[a];
    lowest += n * (n > T(0) ? lower[a] : upper[a]);
  }
  return lowest <= radius;
}

/// The walls as seen by particles on parabolic flights: each particle's
/// swept box (to skip the walls it cannot reach within the step, most of
/// them), and which particles rest on which walls (rests_on) as found when
/// they were last scheduled, which their flights since keep so (the height
/// of rests_on is their energy). Nothing is stored without gravity.
template <scalar T, std::size_t D>
class gravity_walls {
 public:
  gravity_walls(std::span<const plane<T, D>> walls, const vec<T, D>& g, std::size_t particles)
      : g_(g), walls_(walls.size()) {
    if (g == vec<T, D>{}) return;
    for (const auto& w : walls) push_.push_back(-dot(w.normal, g));
    flags_.assign(particles * walls.size(), 0);
    swept_.resize(particles);
  }

  /// Records particle k's swept box for the rest of the step.
  void sweep(std::size_t k, const vec<T, D>& lower, const vec<T, D>& upper) noexcept {
    swept_[k] = {lower, upper};
  }

  /// When particle k (state p at the current time, its box swept) hits wall
  /// w within the `horizon` of the step: +∞ if it cannot reach it or rests
  /// on it (remembered for settle()), else carom::time_to_plane under g.
  [[nodiscard]] T time(std::size_t k, std::size_t w, const plane<T, D>& wall,
                       const impulse_particle<T, D>& p, T horizon) noexcept {
    unsigned char& rests = flags_[k * walls_ + w];
    rests = 0;
    if (!may_touch(wall, swept_[k].lower, swept_[k].upper, p.radius)) return infinity<T>;
    rests = rests_on(wall, push_[w], p.position, p.velocity, p.radius, g_, horizon);
    return rests ? infinity<T> : time_to_plane(wall, p.position, p.velocity, p.radius, g_);
  }

  /// Puts particle k back on every wall it rests on (put_on), and on every
  /// wall it ends the step behind: a resting particle that a collision sent
  /// away while it had sunk, or that being put back on one wall pushed
  /// through another, in a wedge (both found by the engines fuzzer). Such
  /// a particle keeps its velocity away from the wall. In a wedge the
  /// walls are visited in turn until none is crossed (alternating
  /// projections onto the region, which is convex), at most
  /// settle_rounds times.
  void settle(std::size_t k, std::span<const plane<T, D>> walls,
              impulse_particle<T, D>& p) const noexcept {
    for (std::size_t w = 0; w < walls_; ++w)
      if (flags_[k * walls_ + w]) put_on(walls[w], p.position, p.velocity, p.radius);
    for (int round = 0; round < settle_rounds; ++round) {
      bool moved = false;
      for (const auto& wall : walls) {
        const T gap = wall.signed_distance(p.position) - p.radius;
        if (!(gap < T(0))) continue;
        const T u = dot(wall.normal, p.velocity);
        p.position -= gap * wall.normal;
        if (u < T(0)) p.velocity -= u * wall.normal;
        moved = true;
      }
      if (!moved) return;
    }
  }
  static constexpr int settle_rounds = 64;

 private:
  struct box_range {
    vec<T, D> lower;
    vec<T, D> upper;
  };

  vec<T, D> g_;
  std::size_t walls_;
  std::vector<T> push_;                // −n·g of each wall
  std::vector<unsigned char> flags_;  // particle × wall: rests on it
  std::vector<box_range> swept_;      // per particle
};

}  // namespace carom::detail
