// SPDX-License-Identifier: MIT
#pragma once
/// Checks every engine makes on its walls and initial particles before it
/// changes any state (docs/reliability.md): the boundary checks everything,
/// the hot loops nothing.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <type_traits>
#include <vector>

#include "carom/collision/concepts.hpp"
#include "carom/collision/impulse.hpp"
#include "carom/core/error.hpp"
#include "carom/core/vec.hpp"
#include "carom/geometry/box.hpp"
#include "carom/geometry/plane.hpp"
#include "carom/particles/particles.hpp"

namespace carom::detail {

/// How much of each particle must start inside every wall.
enum class inside {
  centre,       ///< soft spheres: DEM resolves an initial overlap with a wall
  whole_sphere  ///< hard spheres: an overlapping one would be hit again at time 0
};

/// Round-off allowed in a hard-sphere contact check: 16 ulps of `scale`,
/// the size of the coordinates that went into the distance.
template <scalar T>
[[nodiscard]] T contact_tolerance(T scale) noexcept {
  return T(16) * std::numeric_limits<T>::epsilon() * scale;
}

/// The box's walls followed by the planes (the numbering every engine uses
/// in messages and collision records), after checking the planes
/// (check_planes) and that every particle is inside every wall as `required`
/// (positions are wrapped into the box first).
template <scalar T, std::size_t D>
[[nodiscard]] std::vector<plane<T, D>> checked_walls(const char* name, const box<T, D>& container,
                                                     const particles<T, D>& initial,
                                                     const std::vector<plane<T, D>>& planes,
                                                     inside required) {
  check_planes(name, container, planes);
  std::vector<plane<T, D>> walls = container.walls();
  walls.insert(walls.end(), planes.begin(), planes.end());
  for (std::size_t i = 0; i < initial.size(); ++i) {
    const vec<T, D> x = container.wrap(initial.positions()[i]);
    const T r = initial.radii()[i];
    // The distance n·x − offset carries round-off of a few ulps of the largest
    // coordinate (|n| = 1), so the tolerance scales with max_a |x_a|, not the sum.
    T largest = T(0);
    for (std::size_t a = 0; a < D; ++a) largest = std::max(largest, std::abs(x[a]));
    const T scale = r + largest;
    for (std::size_t k = 0; k < walls.size(); ++k) {
      const T d = walls[k].signed_distance(x);
      const T needed = required == inside::whole_sphere
                           ? r - contact_tolerance(scale + std::abs(walls[k].offset))
                           : T(0);
      require(d >= needed, name, "particle ", i, " (id ", initial.ids()[i], ", radius ", r,
              ") is outside wall ", k, " (box walls first, then planes): its centre is at distance ",
              d, required == inside::whole_sphere ? ", less than its radius" : ", behind it");
    }
  }
  return walls;
}

/// True when the resolver keeps less than all of the normal velocity at
/// some approach speed between 1e-12 and 1e12 (probed at every decade;
/// carom::elastic never is).
template <scalar T, impulse_resolver<T> Resolver>
[[nodiscard]] bool is_inelastic(const Resolver& resolver) noexcept {
  if constexpr (std::is_same_v<Resolver, elastic>) return false;
  else {
    for (int decade = -12; decade <= 12; ++decade)
      if (T(resolver.restitution(T(std::pow(10.0, decade)))) < T(1)) return true;
    return false;
  }
}

}  // namespace carom::detail
