// SPDX-License-Identifier: MIT
#pragma once
/// A cylindrical wall: in 3D an infinite circular cylinder of radius R
/// about the line through `centre` along the unit `axis`, in 2D the circle
/// of radius R about `centre`. The particles are inside it (a drum, a
/// pipe) or outside it (a post, a rod). The wall may spin about its own
/// axis: it stays in place, and its surface at x moves at
/// Ω × (x − centre), Ω = spin · axis (in 2D the scalar spin,
/// counter-clockwise).
///
/// With ρ the distance of x from the axis, the signed distance of x from
/// the surface is R − ρ inside and ρ − R outside, positive where the
/// particles belong; a sphere of radius r touches the wall when it equals
/// r. The normal points from the surface into that region.

#include <cmath>
#include <cstddef>

#include "carom/core/error.hpp"
#include "carom/core/vec.hpp"

namespace carom {

/// Which side of a cylinder the particles are on.
enum class cylinder_side { inside, outside };

/// A cylinder (3D) or circle (2D) wall, possibly spinning about its axis
/// (see the file comment). Make one with carom::cylinder::around (3D) or
/// carom::cylinder::circle (2D), which check and normalise it.
template <scalar T, std::size_t D>
  requires dimension<D>
struct cylinder {
  vec<T, D> centre{};  // a point of the axis (m)
  vec<T, D> axis{};    // unit direction of the axis (3D); zero in 2D
  T radius = T(1);     // m
  cylinder_side side = cylinder_side::inside;
  T spin = T(0);  // rad/s about the axis (right-handed; 2D: counter-clockwise)

  /// The 3D cylinder of `radius` about the line through `point` along
  /// `axis` (normalised here), spinning at `spin` about it. Throws
  /// carom::invalid_input for a non-finite point or spin, a zero or
  /// non-finite axis, or a radius that is not finite and > 0.
  [[nodiscard]] static cylinder around(const vec<T, D>& point, const vec<T, D>& axis, T radius,
                                       cylinder_side side, T spin = T(0))
    requires(D == 3)
  {
    detail::require(is_finite(point), "carom::cylinder::around: point must be finite");
    const T length = norm(axis);
    detail::require(is_finite(axis) && length > T(0) && is_finite(length),
                    "carom::cylinder::around: axis must be finite and non-zero");
    detail::require(is_finite(radius) && radius > T(0),
                    "carom::cylinder::around: radius must be finite and > 0 (got ", radius, ")");
    detail::require(is_finite(spin), "carom::cylinder::around: spin must be finite");
    return {point, axis / length, radius, side, spin};
  }

  /// The 2D circle of `radius` about `centre`, spinning at `spin`
  /// (counter-clockwise). Throws carom::invalid_input for a non-finite
  /// centre or spin, or a radius that is not finite and > 0.
  [[nodiscard]] static cylinder circle(const vec<T, D>& centre, T radius, cylinder_side side,
                                       T spin = T(0))
    requires(D == 2)
  {
    detail::require(is_finite(centre), "carom::cylinder::circle: centre must be finite");
    detail::require(is_finite(radius) && radius > T(0),
                    "carom::cylinder::circle: radius must be finite and > 0 (got ", radius, ")");
    detail::require(is_finite(spin), "carom::cylinder::circle: spin must be finite");
    return {centre, vec<T, D>{}, radius, side, spin};
  }

  /// x − centre without its component along the axis: from the axis to x.
  [[nodiscard]] constexpr vec<T, D> from_axis(const vec<T, D>& x) const noexcept {
    const vec<T, D> r = x - centre;
    if constexpr (D == 3)
      return r - dot(r, axis) * axis;
    else
      return r;
  }

  /// Signed distance of x from the surface (m), positive on the
  /// particles' side.
  [[nodiscard]] T signed_distance(const vec<T, D>& x) const noexcept {
    const T rho = norm(from_axis(x));
    return side == cylinder_side::inside ? radius - rho : rho - radius;
  }

  /// The unit normal of the surface at the point nearest x, pointing to the
  /// particles' side. On the axis, where every direction is as near, the
  /// zero vector.
  [[nodiscard]] vec<T, D> normal_at(const vec<T, D>& x) const noexcept {
    const vec<T, D> r = from_axis(x);
    const T rho = norm(r);
    if (!(rho > T(0))) return vec<T, D>{};
    return (side == cylinder_side::inside ? -T(1) : T(1)) / rho * r;
  }

  /// The angular velocity of the wall (rad/s): spin · axis; in 2D spin.
  [[nodiscard]] constexpr angular<T, D> angular_velocity() const noexcept {
    if constexpr (D == 3)
      return spin * axis;
    else
      return spin;
  }

  /// The velocity of the wall's surface at x (m/s): Ω × (x − centre).
  [[nodiscard]] constexpr vec<T, D> velocity_at(const vec<T, D>& x) const noexcept {
    return cross(angular_velocity(), vec<T, D>(x - centre));
  }
};

}  // namespace carom
