// SPDX-License-Identifier: MIT
#pragma once
/// A planar wall: the half-space n·x ≥ offset is the inside, n the unit
/// normal pointing into it. A sphere of radius r touches the wall when
/// n·x − offset = r.

#include <cstddef>

#include "carom/core/error.hpp"
#include "carom/core/vec.hpp"

namespace carom {

/// Half-space {x : dot(normal, x) ≥ offset}; `normal` is a unit vector
/// pointing into the allowed region.
template <scalar T, std::size_t D>
  requires dimension<D>
struct plane {
  vec<T, D> normal;
  T offset;

  /// The plane through `point` whose inside is the side `inward_normal`
  /// points to; the normal is normalised. Throws carom::invalid_input for a
  /// zero or non-finite normal or a non-finite point.
  [[nodiscard]] static plane through(const vec<T, D>& point, const vec<T, D>& inward_normal) {
    detail::require(is_finite(point), "carom::plane::through: point must be finite");
    const T length = norm(inward_normal);
    detail::require(is_finite(inward_normal) && length > T(0) && is_finite(length),
                    "carom::plane::through: normal must be finite and non-zero");
    const vec<T, D> n = inward_normal / length;
    return {n, dot(n, point)};
  }

  /// Signed distance of x from the plane, positive inside.
  [[nodiscard]] constexpr T signed_distance(const vec<T, D>& x) const noexcept {
    return dot(normal, x) - offset;
  }
};

}  // namespace carom
