// SPDX-License-Identifier: MIT
#pragma once
/// Rolling resistance: a spring–dashpot–slider on the rolling displacement
/// (Luding, Granular Matter 10, 235 (2008); LAMMPS pair granular's
/// `rolling sds`).
///
/// Per contact the engine keeps the rolling stretch ξ_r (m) in the tangent
/// plane. Each step, given the normal n (from the partner j to this body
/// i), the relative spin Δω = ω_i − ω_j, the effective radius R* and the
/// normal force F_n:
///   1. ξ_r is rotated into the current tangent plane, keeping |ξ_r|;
///   2. the rolling velocity v_r = R* (Δω × n) stretches it: ξ_r += v_r dt;
///   3. F_r = −k_r ξ_r − γ_r v_r, capped at |F_r| ≤ μ_r F_n (then ξ_r is
///      reset to the stretch of the capped force);
///   4. the torque on i is R* (n × F_r), on j its opposite.
/// The torque opposes Δω: a ball rolling on a plane decelerates at
/// μ_r g / (1 + I/(m r²)) once the spring slips, and rests on an incline
/// while tan θ ≤ μ_r (docs/dem.md, "Rolling resistance").

#include <concepts>
#include <cstddef>

#include "carom/config.hpp"
#include "carom/contact/tangential.hpp"
#include "carom/core/vec.hpp"

namespace carom {

/// Parameters of the rolling spring: μ_r ≥ 0 (dimensionless), k_r ≥ 0
/// (N/m), γ_r ≥ 0 (N s/m). All zero: no resistance.
template <scalar T>
struct rolling_params {
  T friction = T(0);
  T stiffness = T(0);
  T damping = T(0);
};

/// Rolling model tag: no rolling resistance, no history.
struct no_rolling {
  static constexpr bool has_history = false;
};

/// Rolling model tag: the spring–dashpot–slider above.
struct sds_rolling {
  static constexpr bool has_history = true;
};

/// A rolling model tag: carom::no_rolling or carom::sds_rolling.
template <class M>
concept rolling_model = requires {
  { M::has_history } -> std::convertible_to<bool>;
};

/// What a contact with rolling resistance keeps: the tangential stretch
/// and the rolling one (carom::dem's neighbour-list payload with
/// carom::sds_rolling; without it the payload is the tangential stretch).
template <scalar T, std::size_t D>
struct sliding_and_rolling {
  vec<T, D> sliding{};
  vec<T, D> rolling{};
};

/// The rolling torque on body i and the updated rolling stretch.
template <scalar T, std::size_t D>
struct rolling_result {
  angular<T, D> torque;
  vec<T, D> spring;
};

/// Steps 2–4 above for a stretch already in the tangent plane (step 1:
/// carom::rotate_into_tangent_plane). Branch-free, like the tangential
/// spring it shares its slider with.
template <scalar T, std::size_t D>
[[nodiscard]] CAROM_ALWAYS_INLINE constexpr rolling_result<T, D> rolling_resistance_in_plane(
    const rolling_params<T>& p, const vec<T, D>& spring_in_plane, const vec<T, D>& normal,
    const angular<T, D>& relative_spin, T effective_radius, T normal_force, T dt) noexcept {
  const vec<T, D> rolling_velocity = effective_radius * cross(relative_spin, normal);
  // The tangential slider with σ = 1 and m* = 1: F = −(k_r ξ + γ_r v_r).
  auto [force, spring] = tangential_force_in_plane<linear_tangential_spring>(
      tangential_params<T>{p.friction, p.stiffness, p.damping}, spring_in_plane,
      rolling_velocity, normal_force, T(1), T(1), dt);
  return {effective_radius * cross(normal, force), spring};
}

}  // namespace carom
