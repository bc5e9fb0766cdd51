// SPDX-License-Identifier: MIT
#pragma once
/// Time steps for explicit integration of a power-law contact
/// (docs/contact-laws.md, "Critical time step").
///
/// The stiffest moment of a contact is its maximum overlap (p ≥ 1): there
/// the law linearises to the oscillator m y'' + c y' + k_l y = 0 with
///   k_l = dF/dδ = p k δ_max^{p−1},   c = α √(m k) δ_max^{(p−1)/2},
///   ω = √(k_l/m),                    ζ_l = c / (2 √(m k_l)) = α / (2√p).
/// Velocity Verlet in its DEM form (half kick, drift, force at the new
/// position with the half-step velocity, half kick) is, for that
/// oscillator, the leapfrog with lagged damping; its amplification matrix
/// has trace 2 − h² − 4ζ_l h and determinant 1 − 2ζ_l h (h = ω Δt), and the
/// Jury conditions give stability iff
///   Δt < Δt_crit = (2/ω) (√(1 + ζ_l²) − ζ_l)
/// (Belytschko's bound for central differences with damping). Δt_crit and
/// t_c both scale as v0^{−(p−1)/(p+1)}: their ratio depends on p and α only.
/// Use the largest impact speed and the smallest effective mass expected.

#include <algorithm>
#include <cmath>

#include "carom/contact/observables.hpp"

namespace carom {

/// Δt_crit (s) of velocity Verlet for a contact of effective mass m (kg)
/// hit at v0 (m/s): (2/ω)(√(1+ζ_l²) − ζ_l), ω² = p k δ_max^{p−1}/m,
/// ζ_l = α/(2√p). At p = 1, α = 0 it is the textbook 2/Ω. Throws
/// carom::invalid_input for an invalid law, mass or speed.
template <scalar T, contact_law<T> Law>
[[nodiscard]] T critical_time_step(const Law& law, T effective_mass, T impact_speed) {
  const T peak = max_overlap(law, effective_mass, impact_speed);  // validates
  using W = detail::working_t<T>;
  const W p = W(law.exponent());
  const W omega =
      std::sqrt(p * W(law.stiffness()) * std::pow(W(peak), p - W(1)) / W(effective_mass));
  const W zeta = W(law.damping()) / (W(2) * std::sqrt(p));
  return T(W(2) / omega * (std::sqrt(W(1) + zeta * zeta) - zeta));
}

/// A time step resolving the contact with `steps_per_contact` steps:
/// min(t_c / steps, Δt_crit). For an unclipped law with ζ ≥ 1 (t_c = +∞)
/// twice the time to maximum overlap stands for t_c. Velocity Verlet's
/// error in e is first order: at most 2.6e-2 with 20 steps, 7.8e-3 with 50,
/// 4.0e-3 with 100 for p ≤ 3, e ≥ 0.05 (docs/contact-laws.md); with
/// e ≥ 0.05, p ≤ 3 and N ≥ 20, t_c/N stays below Δt_crit, the cap being
/// the stability limit, not an accuracy choice. Throws carom::invalid_input
/// for steps_per_contact < 1 and for an invalid law, mass or speed.
template <scalar T, contact_law<T> Law>
[[nodiscard]] T recommended_time_step(const Law& law, T effective_mass, T impact_speed,
                                      int steps_per_contact) {
  constexpr const char* function = "carom::recommended_time_step";
  detail::require(steps_per_contact >= 1, function, ": steps_per_contact must be >= 1 (got ",
                  steps_per_contact, ")");
  const auto oscillator = detail::make_oscillator(function, law, effective_mass, impact_speed);
  using W = detail::working_t<T>;
  W duration = oscillator.duration();
  if (!(duration < infinity<W>)) duration = W(2) * oscillator.time(oscillator.peak_phase());
  return std::min(T(duration / W(steps_per_contact)),
                  critical_time_step(law, effective_mass, impact_speed));
}

/// Throws carom::invalid_input, naming dt and Δt_crit, unless
/// 0 < dt ≤ Δt_crit for impacts up to max_impact_speed (and the law, mass
/// and speed are valid). The check a time-stepped engine runs once.
template <scalar T, contact_law<T> Law>
void check_time_step(const Law& law, T effective_mass, T max_impact_speed, T dt) {
  constexpr const char* function = "carom::check_time_step";
  detail::require(is_finite(dt) && dt > T(0), function, ": dt must be finite and > 0 (got ", dt,
                  ")");
  const T critical = critical_time_step(law, effective_mass, max_impact_speed);
  detail::require(dt <= critical, function, ": dt = ", dt, " is above the critical time step ",
                  critical, " of this contact law at v0 = ", max_impact_speed);
}

}  // namespace carom
