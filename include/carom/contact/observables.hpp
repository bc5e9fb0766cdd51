// SPDX-License-Identifier: MIT
#pragma once
/// Closed-form observables of a head-on power-law contact (Y. T. Feng,
/// arXiv:2603.27764; docs/contact-laws.md):
/// two bodies of effective mass m touch at t = 0 with approach speed v0 > 0
/// and interact through the law alone. With q = 2/(p+1),
/// A = ((p+1)/2)^{1/(p+1)}, Ω = √(k/m), ζ = α/√(2(p+1)) and g(ζ) the
/// oscillator time to the peak (calibration.hpp):
///   δ_max = A (v0/Ω)^q exp(−q ζ g(ζ))          (every ζ ≥ 0, both conventions)
///   v(δ)  from the linear oscillator's trajectory through δ = A x^q
///   t_c   = A q (v0/Ω)^{q−1}/Ω ∫_0^{τ_end} x̂(τ)^{q−1} dτ  (Gauss–Jacobi)
/// τ_end = π/√(1−ζ²) unclipped (t_c = +∞ when ζ ≥ 1: the bodies never
/// separate), 2 g(ζ) no-tension (the force returns to 0 at δ > 0).
/// Derivation and accuracy in docs/contact-laws.md. The laws must follow
/// the formula of carom::contact_law exactly. float is computed in double.
/// Each function throws carom::invalid_input, naming itself and the
/// parameter, for an invalid law (p < 1, k ≤ 0, α < 0, non-finite), a
/// non-finite or non-positive mass or impact speed, or an argument outside
/// its range.

#include <algorithm>
#include <limits>
#include <type_traits>

#include "carom/contact/calibration.hpp"
#include "carom/contact/concepts.hpp"
#include "carom/contact/detail/oscillator.hpp"

namespace carom {

/// The state of a head-on contact at a time: overlap δ (m; negative is a
/// gap), overlap rate δ' (m/s, positive while approaching), and the law's
/// force (N; 0 out of contact).
template <scalar T>
struct contact_state {
  T time;
  T overlap;
  T overlap_rate;
  T force;
};

/// The two halves of a contact's phase portrait: loading (δ' ≥ 0, up to
/// δ_max) and unloading (δ' ≤ 0, from δ_max).
enum class contact_branch { loading, unloading };

namespace detail {

template <scalar T, contact_law<T> Law>
[[nodiscard]] contact_oscillator<working_t<T>> make_oscillator(const char* function, const Law& law,
                                                               T effective_mass, T impact_speed) {
  validate_power_law(function, law.exponent(), law.stiffness(), law.damping());
  require_positive(function, "effective mass m", effective_mass);
  require_positive(function, "impact speed v0", impact_speed);
  using W = working_t<T>;
  return {W(law.exponent()), W(law.stiffness()),
          W(law.damping()),  W(effective_mass),
          W(impact_speed),   std::is_same_v<typename Law::convention, no_tension>};
}

}  // namespace detail

/// Maximum overlap δ_max (m) reached from impact speed v0 (m/s) with
/// effective mass m (kg). Undamped: ((p+1) m v0² / (2k))^{1/(p+1)}.
template <scalar T, contact_law<T> Law>
[[nodiscard]] T max_overlap(const Law& law, T effective_mass, T impact_speed) {
  return T(detail::make_oscillator("carom::max_overlap", law, effective_mass, impact_speed)
               .max_overlap());
}

/// Contact duration (s): the time during which δ > 0 (unclipped) or F > 0
/// (no_tension), to ~1e-14 relative. +∞ for an unclipped law with ζ ≥ 1.
/// Scales as v0^{−(p−1)/(p+1)}; at p = 1 it is π/ω_d, ω_d = Ω√(1−ζ²).
template <scalar T, contact_law<T> Law>
[[nodiscard]] T contact_duration(const Law& law, T effective_mass, T impact_speed) {
  return T(detail::make_oscillator("carom::contact_duration", law, effective_mass, impact_speed)
               .duration());
}

/// The phase portrait: the overlap rate δ' (m/s) at overlap δ ∈ [0, δ_max]
/// on the given branch, from the linear oscillator's trajectory (a
/// one-dimensional root solve, no time integration). On the no-tension
/// unloading branch below the overlap where F returned to 0 the bodies
/// separate at constant speed: the result is then −e v0. At δ = 0 on the
/// unclipped unloading branch it is −e v0, too. Throws carom::invalid_input
/// also for δ outside [0, δ_max].
template <scalar T, contact_law<T> Law>
[[nodiscard]] T phase_portrait(const Law& law, T effective_mass, T impact_speed, T overlap,
                               contact_branch branch) {
  constexpr const char* function = "carom::phase_portrait";
  const auto oscillator = detail::make_oscillator(function, law, effective_mass, impact_speed);
  using W = detail::working_t<T>;
  const W peak = oscillator.max_overlap();
  detail::require(
      overlap >= T(0) && W(overlap) <= peak * (W(1) + W(16) * std::numeric_limits<T>::epsilon()),
      function, ": overlap must be in [0, max_overlap = ", peak, "] (got ", overlap, ")");
  return T(
      oscillator.rate_at_overlap(std::min(W(overlap), peak), branch == contact_branch::loading));
}

/// The state at time t (s) after first touch, from the parametric solution
/// (one quadrature per Newton step of t(τ) = t). Before the touch (t < 0)
/// and after the contact (t > t_c) the bodies move freely: δ = v0 t, or
/// δ = δ_end − e v0 (t − t_c) with δ_end = 0 unclipped and the overlap at
/// which F returned to 0 for no_tension. Throws carom::invalid_input also
/// for a non-finite t.
template <scalar T, contact_law<T> Law>
[[nodiscard]] contact_state<T> contact_state_at(const Law& law, T effective_mass, T impact_speed,
                                                T time) {
  constexpr const char* function = "carom::contact_state_at";
  const auto oscillator = detail::make_oscillator(function, law, effective_mass, impact_speed);
  detail::require(is_finite(time), function, ": time must be finite (got ", time, ")");
  using W = detail::working_t<T>;
  if (time <= T(0)) return {time, impact_speed * time, impact_speed, T(0)};
  const W duration = oscillator.duration();
  if (W(time) >= duration) {
    const W end = oscillator.end_phase();
    const W rate = oscillator.rate(end);
    const W overlap = oscillator.overlap(end);  // 0 unclipped, > 0 no_tension
    return {time, T(overlap + rate * (W(time) - duration)), T(rate), T(0)};
  }
  const auto phase = oscillator.phase_at_time(W(time));
  const T overlap = T(oscillator.overlap(phase.tau, phase.gap));
  const T rate = T(oscillator.rate(phase.tau, phase.gap));
  return {time, overlap, rate, law.force(overlap, rate, effective_mass)};
}

}  // namespace carom
