// SPDX-License-Identifier: MIT
#pragma once
/// A planar wall: the half-space n·x ≥ offset is the inside, n the unit
/// normal pointing into it. A sphere of radius r touches the wall when
/// n·x − offset = r.

#include <cmath>
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

/// The prescribed rigid motion of a wall (docs/dem.md, "Moving walls"): a
/// translation at `velocity` (m/s) and a rotation at `angular_velocity`
/// (rad/s; in 2D a scalar, counter-clockwise) about `centre`, a point that
/// moves with the wall. The wall's surface at x moves at
/// velocity + angular_velocity × (x − centre(t)).
template <scalar T, std::size_t D>
  requires dimension<D>
struct wall_motion {
  vec<T, D> velocity{};
  angular<T, D> angular_velocity{};
  vec<T, D> centre{};  // at time 0

  /// Whether the wall moves at all.
  [[nodiscard]] constexpr bool moves() const noexcept {
    return velocity != vec<T, D>{} || angular<T, D>(angular_velocity) != angular<T, D>{};
  }
  /// The centre at time t (s).
  [[nodiscard]] constexpr vec<T, D> centre_at(double t) const noexcept {
    return centre + T(t) * velocity;
  }
  /// The velocity of the wall's surface at x at time t (m/s).
  [[nodiscard]] constexpr vec<T, D> velocity_at(const vec<T, D>& x, double t) const noexcept {
    return velocity + cross(angular_velocity, x - centre_at(t));
  }
};

/// v turned by the angle ω t (2D, counter-clockwise).
template <scalar T>
[[nodiscard]] vec<T, 2> rotated(const vec<T, 2>& v, T omega, double t) noexcept {
  const double angle = double(omega) * t;
  const T c = T(std::cos(angle)), s = T(std::sin(angle));
  return {c * v[0] - s * v[1], s * v[0] + c * v[1]};
}

/// v turned by the angle |ω| t about ω (3D, Rodrigues' formula).
template <scalar T>
[[nodiscard]] vec<T, 3> rotated(const vec<T, 3>& v, const vec<T, 3>& omega, double t) noexcept {
  const T speed = norm(omega);
  if (speed == T(0)) return v;
  const vec<T, 3> axis = omega / speed;
  const double angle = double(speed) * t;
  const T c = T(std::cos(angle)), s = T(std::sin(angle));
  return c * v + s * cross(axis, v) + ((T(1) - c) * dot(axis, v)) * axis;
}

/// The wall `initial` (its place at time 0) at time t under `motion`: the
/// rigid motion applied to its normal and to the point of it nearest the
/// centre, so that the place follows from t alone (no drift from step to
/// step, and a restarted run finds it again).
template <scalar T, std::size_t D>
[[nodiscard]] plane<T, D> moved(const plane<T, D>& initial, const wall_motion<T, D>& motion,
                                double t) noexcept {
  const vec<T, D> foot =
      motion.centre + (initial.offset - dot(initial.normal, motion.centre)) * initial.normal;
  vec<T, D> normal = rotated(initial.normal, motion.angular_velocity, t);
  normal /= norm(normal);
  const vec<T, D> point =
      motion.centre_at(t) + rotated(vec<T, D>(foot - motion.centre), motion.angular_velocity, t);
  return {normal, dot(normal, point)};
}

}  // namespace carom
