// SPDX-License-Identifier: MIT
#pragma once
/// The force of one soft (DEM) contact, as a pure kernel of values: the
/// normal law (contact/concepts.hpp) plus the tangential spring with
/// Coulomb friction (contact/tangential.hpp). The same kernel serves
/// particle–particle contacts and particle–wall contacts (a wall is a
/// partner of infinite mass and radius at rest).
///
/// Geometry: n is the unit normal pointing from the partner to this body,
/// δ > 0 the overlap, v_r = v_i − v_j the relative velocity of the centres,
/// and `lever` = r_i ω_i + r_j ω_j, so that the contact points slide at
///   v_t = v_r − (v_r·n) n − lever × n.
/// The overlap rate is δ' = −v_r·n. The torque on body i is −r_i (n × F_t)
/// and on j −r_j (n × F_t): the kernel returns n × F_t. The Coulomb limit is
/// μ F_n, or μ |F_n + 2 F_pulloff| for an adhesive law (contact/adhesion.hpp),
/// whose δ may then be negative down to −δ_c and whose `contact_radius` is
/// the law's a(δ).

#include <cstddef>

#include "carom/config.hpp"
#include "carom/contact/adhesion.hpp"
#include "carom/contact/concepts.hpp"
#include "carom/contact/tangential.hpp"
#include "carom/core/math.hpp"
#include "carom/core/vec.hpp"

namespace carom {

/// Result of carom::soft_contact_force: the force on body i (N), n × F_t
/// (N, a scalar in 2D), the new spring stretch ξ (m).
template <scalar T, std::size_t D>
struct soft_contact_result {
  vec<T, D> force;
  angular<T, D> normal_cross_tangential;
  vec<T, D> spring;
};

/// ω × n: the vector cross product in 3D, ω · perpendicular(n) in 2D.
template <scalar T, std::size_t D>
[[nodiscard]] constexpr vec<T, D> angular_cross(const angular<T, D>& omega,
                                                const vec<T, D>& n) noexcept {
  return cross(omega, n);
}

namespace detail {

/// carom::soft_contact_force_in_plane with the mass the law damps with,
/// f m*/s, and 1/kₜ (carom::inverse_tangential_stiffness) given: an engine
/// computes them once per pair, or per kind of pair.
template <tangential_model Tangential, scalar T, std::size_t D, contact_law<T> Law>
[[nodiscard]] CAROM_ALWAYS_INLINE constexpr soft_contact_result<T, D> soft_contact_force_with(
    const Law& law, const tangential_params<T>& tangential, T inverse_tangential_stiffness,
    const vec<T, D>& normal, T overlap, const vec<T, D>& relative_velocity,
    const angular<T, D>& lever, T effective_mass, T stiffness_scale, T law_mass, T contact_radius,
    const vec<T, D>& spring_in_plane, T dt) noexcept {
  const T normal_speed = dot(relative_velocity, normal);
  const T normal_force = stiffness_scale * law.force(overlap, -normal_speed, law_mass);
  if constexpr (Tangential::has_history) {
    const vec<T, D> sliding =
        relative_velocity - normal_speed * normal - angular_cross<T, D>(lever, normal);
    // Not const: g++ 12 keeps a const aggregate built in place in memory,
    // and a loop over contacts that copies it does not vectorise.
    auto [force, spring] = tangential_force_in_plane_with<Tangential>(
        tangential, inverse_tangential_stiffness, spring_in_plane, sliding,
        friction_load(law, normal_force, stiffness_scale), effective_mass, contact_radius, dt);
    return {normal_force * normal + force, cross(normal, force), spring};
  } else {
    return {normal_force * normal, angular<T, D>{}, vec<T, D>{}};
  }
}

}  // namespace detail

/// One contact whose stored stretch is already rotated into the tangent
/// plane ⊥ normal (carom::rotate_into_tangent_plane); otherwise as
/// carom::soft_contact_force. Lets an engine do the rotation in a separate
/// pass.
template <tangential_model Tangential, scalar T, std::size_t D, contact_law<T> Law>
[[nodiscard]] CAROM_ALWAYS_INLINE constexpr soft_contact_result<T, D> soft_contact_force_in_plane(
    const Law& law, const tangential_params<T>& tangential, const vec<T, D>& normal, T overlap,
    const vec<T, D>& relative_velocity, const angular<T, D>& lever, T effective_mass,
    T stiffness_scale, T contact_radius, const vec<T, D>& spring_in_plane, T dt,
    T law_mass_factor = T(1)) noexcept {
  return detail::soft_contact_force_with<Tangential>(
      law, tangential, carom::inverse_tangential_stiffness(tangential), normal, overlap,
      relative_velocity, lever, effective_mass, stiffness_scale,
      law_mass_factor * effective_mass / stiffness_scale, contact_radius, spring_in_plane, dt);
}

/// One contact. `stiffness_scale` s > 0 scales the law to stiffness s k at
/// the same α: F_n = s F_law(δ, δ', f m*/s) (1: the law as given).
/// `contact_radius` is √(R* δ), the scale of Mindlin's tangential spring.
/// `law_mass_factor` f (default 1) changes the law's damping alone: for a
/// power law with α √k √(m δ^{p−1}) δ', f = (α'/α)² and s = k'/k give the
/// law with k' and α' exactly, so that one law serves several materials.
/// The tangential damping keeps the true m*.
template <tangential_model Tangential, scalar T, std::size_t D, contact_law<T> Law>
[[nodiscard]] CAROM_ALWAYS_INLINE constexpr soft_contact_result<T, D> soft_contact_force(
    const Law& law, const tangential_params<T>& tangential, const vec<T, D>& normal, T overlap,
    const vec<T, D>& relative_velocity, const angular<T, D>& lever, T effective_mass,
    T stiffness_scale, T contact_radius, const vec<T, D>& spring, T dt,
    T law_mass_factor = T(1)) noexcept {
  return soft_contact_force_in_plane<Tangential>(
      law, tangential, normal, overlap, relative_velocity, lever, effective_mass,
      stiffness_scale, contact_radius,
      Tangential::has_history ? rotate_into_tangent_plane(spring, normal) : spring, dt,
      law_mass_factor);
}

}  // namespace carom
