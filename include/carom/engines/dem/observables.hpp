// SPDX-License-Identifier: MIT
#pragma once
/// What a DEM user reads between steps (docs/dem.md, "Contacts, wall
/// forces, stress"): one record per contact (carom::dem_contact), and the
/// quantities derived from a list of them: the force on each wall, the
/// Love–Weber stress tensor and the coordination number. carom::dem builds
/// the list on request (dem::contacts()); these functions are pure.

#include <array>
#include <cstddef>
#include <span>
#include <type_traits>
#include <vector>

#include "carom/core/concepts.hpp"
#include "carom/core/vec.hpp"
#include "carom/engines/event_driven/collision_record.hpp"

namespace carom {

/// One contact of a DEM state, as carom::dem::contacts() reports it. Every
/// vector is in the box frame; forces act on particle i (its partner feels
/// the opposite).
template <scalar T, std::size_t D>
struct dem_contact {
  /// The particle (index into the engine's particles).
  std::size_t i = 0;
  /// The partner: a particle index (kind particle, j > i never assumed), or
  /// a wall index into dem::walls() (kind wall: the box's walls, then the
  /// planes).
  std::size_t partner = 0;
  /// Whether `partner` is a particle or a wall.
  partner_kind kind = partner_kind::particle;
  /// Overlap δ > 0 (m): r_i + r_j − |x_j − x_i|, or r_i − distance to the wall.
  T overlap = T(0);
  /// Unit normal from i towards the partner (m/m): (x_j − x_i)/|x_j − x_i|
  /// (minimum image on periodic axes), or minus the wall's normal.
  vec<T, D> normal{};
  /// Normal force F_n (N): the contact law's value, positive when the
  /// contact pushes the two apart (it may be negative for an unclipped law
  /// while the overlap shrinks fast). Its vector on i is −F_n · normal.
  T normal_force = T(0);
  /// Tangential (friction) force on i (N), ⊥ normal; zero for
  /// carom::frictionless.
  vec<T, D> tangential_force{};
  /// Total contact force on i (N): −F_n · normal + tangential_force.
  vec<T, D> force{};
  /// Branch vector l (m): from the centre of i to the centre of j (minimum
  /// image), or to contact_point for a wall.
  vec<T, D> branch{};
  /// Contact point (m): the middle of the overlap on the line of centres,
  /// x_i + (r_i − δ/2) · normal (midway between the centres for equal
  /// radii), wrapped into the box on periodic axes.
  vec<T, D> contact_point{};
};

/// A D × D tensor, row-major: `t[a][b]`.
template <scalar T, std::size_t D>
using dem_tensor = std::array<std::array<T, D>, D>;

/// The force that the particles exert on each of `walls` walls (N):
/// F_w = −Σ force over the wall contacts with wall w (the reaction to what
/// the wall exerts on them). Particle–particle contacts are ignored;
/// contacts naming a wall index ≥ walls are ignored.
template <scalar T, std::size_t D>
[[nodiscard]] std::vector<vec<T, D>> wall_forces(const std::vector<dem_contact<T, D>>& contacts,
                                                 std::size_t walls) {
  std::vector<vec<T, D>> result(walls);
  for (const auto& c : contacts)
    if (c.kind == partner_kind::wall && c.partner < walls) result[c.partner] -= c.force;
  return result;
}

/// Love–Weber stress of the contacts (Pa in 3D, N/m in 2D), compressive
/// positive (the granular-mechanics sign; continuum mechanics' Cauchy
/// stress is its negative):
///   σ_ab = (1/V) Σ_contacts l_a f_b,
/// l the branch vector (dem_contact::branch), f = −force the force on the
/// partner. A compressed packing has σ_aa > 0 and pressure tr σ / D > 0.
/// Each contact counts once; contacts with walls count with the branch to
/// the contact point. Contact part only: the kinetic (streaming) part
/// −(1/V) Σ m v ⊗ v is not included. σ is symmetric only when every
/// particle is in rotational equilibrium. `volume` V (m³, m² in 2D) is
/// taken as given (carom::dem::stress checks it).
template <scalar T, std::size_t D>
[[nodiscard]] dem_tensor<T, D> love_weber_stress(const std::vector<dem_contact<T, D>>& contacts,
                                                 T volume) noexcept {
  std::array<std::array<double, D>, D> sum{};  // double: many terms of both signs
  for (const auto& c : contacts)
    for (std::size_t a = 0; a < D; ++a)
      for (std::size_t b = 0; b < D; ++b) sum[a][b] -= double(c.branch[a]) * double(c.force[b]);
  dem_tensor<T, D> sigma{};
  for (std::size_t a = 0; a < D; ++a)
    for (std::size_t b = 0; b < D; ++b) sigma[a][b] = T(sum[a][b] / double(volume));
  return sigma;
}

/// Mean number of particle partners of a mobile particle:
///   Z = Σ_mobile particles (their particle–particle contacts) / N_mobile,
/// which is 2 N_c / N_mobile when no particle is fixed (a contact with a
/// fixed particle counts once, for its mobile end). Wall contacts are not
/// counted. 0 when mobile_count is 0. `mobile` flags each particle
/// (non-zero: mobile).
template <scalar T, std::size_t D>
[[nodiscard]] T coordination_number(const std::vector<dem_contact<T, D>>& contacts,
                                    std::type_identity_t<std::span<const T>> mobile) noexcept {
  std::size_t ends = 0, mobile_count = 0;
  for (const auto& m : mobile) mobile_count += m != T(0);
  for (const auto& c : contacts)
    if (c.kind == partner_kind::particle)
      ends += std::size_t(mobile[c.i] != T(0)) + std::size_t(mobile[c.partner] != T(0));
  return mobile_count == 0 ? T(0) : T(double(ends) / double(mobile_count));
}

}  // namespace carom
