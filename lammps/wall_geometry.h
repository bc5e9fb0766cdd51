// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
// The surface of a fix wall/carom: a plane, or an axis-aligned cylinder
// with the atoms inside it (a drum, a pipe) or outside it (a post, a rod),
// possibly spinning about its axis. The cylinder is carom::cylinder, as
// carom::dem's cylinder walls, so that the overlap, the normal and the
// wall's velocity at the contact point are carom's. Nothing here includes LAMMPS: bad words throw
// std::invalid_argument with the message the fix hands to error->all.
//
//   plane px py pz nx ny nz                       n points to the atoms
//   xcylinder|ycylinder|zcylinder R [centre c1 c2] [outside] [spin w]
//
// A cylinder's axis is along x, y or z through (c1, c2), the other two
// coordinates in the order x, y, z (default 0 0, as LAMMPS' fix wall/gran);
// it spins at w rad/s, right-handed about +x, +y or +z (default 0). The
// atoms are inside it unless `outside` is given.

#include <carom/core/vec.hpp>
#include <carom/geometry/cylinder.hpp>

#include <cstddef>
#include <span>
#include <string>

namespace carom_lammps {

/// Where a sphere meets the wall: δ > 0 when they overlap, the unit normal
/// from the surface into the atoms' side.
struct wall_contact {
  double overlap = 0;
  carom::vec<double, 3> normal{};
};

class wall_geometry {
 public:
  /// Reads the wall's words (above) from the start of `words`; `used` is
  /// set to how many they are, the model's words follow them.
  static wall_geometry parse(std::span<const std::string> words, std::size_t& used);

  /// The contact of a sphere at x of radius r (δ = r − the distance of x
  /// from the surface, positive on the atoms' side). Inline: the fix asks
  /// it for every atom at every step.
  [[nodiscard]] wall_contact contact(const carom::vec<double, 3>& x, double r) const {
    if (!is_cylinder_) return {r - (carom::dot(normal_, x) - offset_), normal_};
    return {r - cylinder_.signed_distance(x), cylinder_.normal_at(x)};
  }

  /// v relative to the surface at the contact point x − (r − δ/2) n, as
  /// carom::dem takes it (a resting wall gives v as it is).
  [[nodiscard]] carom::vec<double, 3> relative_velocity(const carom::vec<double, 3>& v,
                                                        const carom::vec<double, 3>& x, double r,
                                                        const wall_contact& c) const;

  /// The wall's angular velocity (rad/s): a cylinder's spin about its
  /// axis, zero for a plane.
  [[nodiscard]] carom::vec<double, 3> angular_velocity() const {
    return is_cylinder_ ? cylinder_.angular_velocity() : carom::vec<double, 3>{};
  }

  /// A sphere inside a cylinder must be narrower than it (its centre
  /// would reach the axis, where the normal is undefined): the largest
  /// radius an atom may have, or 0 for a plane or the outside of a
  /// cylinder (any).
  [[nodiscard]] double radius_limit() const {
    return is_cylinder_ && cylinder_.side == carom::cylinder_side::inside ? cylinder_.radius : 0.0;
  }

 private:
  bool is_cylinder_ = false;
  carom::vec<double, 3> normal_{};  // plane: unit, into the atoms' side
  double offset_ = 0;               // plane: n · (a point of it)
  carom::cylinder<double, 3> cylinder_{};
};

}  // namespace carom_lammps
