// SPDX-License-Identifier: MIT
#pragma once
/// Tangential contact: Coulomb friction with a tangential spring and
/// history (Cundall & Strack 1979), the model of LAMMPS' gran/*/history.
///
/// Per contact the engine keeps the spring stretch ξ (m), a vector in the
/// tangent plane. Each step, given the contact normal n, the tangential
/// relative velocity v_t of the contact points (m/s), the normal force
/// F_n ≥ 0 (N), the effective mass m* (kg), the contact scale
/// s = √(R* δ) (m) and dt (s):
///   1. ξ is rotated into the current tangent plane, keeping |ξ|;
///   2. ξ += v_t dt;
///   3. F_t = −σ (k_t ξ + γ_t m* v_t), σ = s (Mindlin) or 1 (linear);
///   4. if |F_t| > μ F_n: F_t ← μ F_n F_t/|F_t| and ξ is reset to the
///      stretch that gives that force, ξ = −(F_t/σ + γ_t m* v_t)/k_t.
/// Step 4 makes the spring slip instead of growing without bound; at rest
/// (v_t = 0, |F_t| < μ F_n) ξ is constant and the contact holds without
/// creep. Mindlin's no-slip stiffness 8 G* √(R* δ) is k_t = 8 G*
/// (carom::effective_shear_modulus); LAMMPS' hertz/history is k_t = kt,
/// γ_t = gammat.

#include <concepts>
#include <cstddef>

#include "carom/config.hpp"
#include "carom/core/math.hpp"
#include "carom/core/vec.hpp"

namespace carom {

/// Parameters of the tangential spring: μ ≥ 0, k_t ≥ 0 (N/m for the linear
/// spring, Pa = N/m² for Mindlin's, multiplied by √(R* δ)), γ_t ≥ 0 (1/s,
/// damping force γ_t m* v_t, also multiplied by √(R* δ) for Mindlin).
/// All zero: frictionless.
template <scalar T>
struct tangential_params {
  T friction = T(0);
  T stiffness = T(0);
  T damping = T(0);
};

/// The tangential force on the first body and the updated stretch.
template <scalar T, std::size_t D>
struct tangential_result {
  vec<T, D> force;
  vec<T, D> spring;
};

/// Tangential model tag: no tangential force, no history.
struct frictionless {
  static constexpr bool has_history = false;
  static constexpr bool scales_with_contact = false;
};

/// Tangential model tag: spring of constant stiffness k_t (N/m).
struct linear_tangential_spring {
  static constexpr bool has_history = true;
  static constexpr bool scales_with_contact = false;
};

/// Tangential model tag: spring stiffness and damping multiplied by
/// √(R* δ) (Mindlin; LAMMPS hertz/history).
struct mindlin_tangential_spring {
  static constexpr bool has_history = true;
  static constexpr bool scales_with_contact = true;
};

/// A tangential model tag: carom::frictionless,
/// carom::linear_tangential_spring or carom::mindlin_tangential_spring.
template <class M>
concept tangential_model = requires {
  { M::has_history } -> std::convertible_to<bool>;
  { M::scales_with_contact } -> std::convertible_to<bool>;
};

/// Step 1 above: the stretch ξ rotated into the plane ⊥ normal, keeping |ξ|.
/// Branch-free (selects, and divisions whose operands are always finite and
/// non-zero), so that an engine's loop over contacts can run it on several
/// contacts per instruction.
template <scalar T, std::size_t D>
[[nodiscard]] CAROM_ALWAYS_INLINE constexpr vec<T, D> rotate_into_tangent_plane(
    vec<T, D> spring, const vec<T, D>& normal) noexcept {
  const T length2 = squared_norm(spring);
  spring -= dot(spring, normal) * normal;
  const T projected2 = squared_norm(spring);
  // length2 == projected2 gives a factor of exactly 1: ξ stays as it was.
  const bool rescale = projected2 > T(0);
  const T factor = carom::sqrt(length2 / (rescale ? projected2 : T(1)));
  return spring * (rescale ? factor : T(1));
}

/// 1/kₜ as carom::tangential_force_in_plane uses it (1 without a spring).
template <scalar T>
[[nodiscard]] CAROM_ALWAYS_INLINE constexpr T inverse_tangential_stiffness(
    const tangential_params<T>& p) noexcept {
  return T(1) / (p.stiffness > T(0) ? p.stiffness : T(1));
}

namespace detail {

/// carom::tangential_force_in_plane with 1/kₜ given
/// (carom::inverse_tangential_stiffness): an engine whose contacts have
/// different kₜ computes it once per kind of contact, not per contact.
template <tangential_model Model, scalar T, std::size_t D>
[[nodiscard]] CAROM_ALWAYS_INLINE constexpr tangential_result<T, D> tangential_force_in_plane_with(
    const tangential_params<T>& p, [[maybe_unused]] T inverse_stiffness, vec<T, D> spring,
    const vec<T, D>& tangential_velocity, T normal_force, T effective_mass, T contact_scale,
    T dt) noexcept {
  if constexpr (!Model::has_history) {
    return {vec<T, D>{}, vec<T, D>{}};
  } else {
    // 2. stretch.
    spring += tangential_velocity * dt;
    // 3. trial force.
    const T sigma = Model::scales_with_contact ? contact_scale : T(1);
    const vec<T, D> damping_force = (p.damping * effective_mass) * tangential_velocity;
    vec<T, D> force = -sigma * (p.stiffness * spring + damping_force);
    // 4. Coulomb cap, branch-free as step 1 (slipping implies |F_t| > 0).
    // With F_t = −σ (k_t ξ + D), D the damping force, the stretch that gives
    // the capped force c F_t is −(c F_t/σ + D)/k_t = c ξ + (c − 1) D/k_t:
    // no division by σ. Without a spring (k_t = 0) the stretch is reset.
    const T limit = p.friction * (normal_force > T(0) ? normal_force : T(0));
    const T magnitude2 = squared_norm(force);
    const bool slips = magnitude2 > limit * limit;
    const T quotient = limit / carom::sqrt(slips ? magnitude2 : T(1));
    const T cap = slips ? quotient : T(1);
    force *= cap;
    const bool has_spring = p.stiffness > T(0);
    // A factor rather than a nested select: clang++ then vectorises float.
    const T spring_kept = has_spring ? T(1) : T(0);
    const vec<T, D> slipped =
        spring_kept * (cap * spring + ((cap - T(1)) * inverse_stiffness) * damping_force);
    for (std::size_t c = 0; c < D; ++c) spring[c] = slips ? slipped[c] : spring[c];
    return {force, spring};
  }
}

}  // namespace detail

/// Steps 2–4 above for one contact whose stretch is already in the tangent
/// plane (step 1 done, e.g. by carom::rotate_into_tangent_plane).
template <tangential_model Model, scalar T, std::size_t D>
[[nodiscard]] CAROM_ALWAYS_INLINE constexpr tangential_result<T, D> tangential_force_in_plane(
    const tangential_params<T>& p, const vec<T, D>& spring, const vec<T, D>& tangential_velocity,
    T normal_force, T effective_mass, T contact_scale, T dt) noexcept {
  return detail::tangential_force_in_plane_with<Model>(p, inverse_tangential_stiffness(p), spring,
                                                       tangential_velocity, normal_force,
                                                       effective_mass, contact_scale, dt);
}

/// Steps 1–4 above for one contact. `spring` is the stored ξ, `normal` the
/// unit normal n, `tangential_velocity` v_t (already ⊥ n). Returns a zero
/// force and stretch for carom::frictionless.
template <tangential_model Model, scalar T, std::size_t D>
[[nodiscard]] CAROM_ALWAYS_INLINE constexpr tangential_result<T, D> tangential_force(
    const tangential_params<T>& p, const vec<T, D>& spring, const vec<T, D>& normal,
    const vec<T, D>& tangential_velocity, T normal_force, T effective_mass, T contact_scale,
    T dt) noexcept {
  if constexpr (!Model::has_history)
    return {vec<T, D>{}, vec<T, D>{}};
  else
    return tangential_force_in_plane<Model>(p, rotate_into_tangent_plane(spring, normal),
                                            tangential_velocity, normal_force, effective_mass,
                                            contact_scale, dt);
}

}  // namespace carom
