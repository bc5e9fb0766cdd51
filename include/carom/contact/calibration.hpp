// SPDX-License-Identifier: MIT
#pragma once
/// Exact restitution calibration of the power-law contact (Y. T. Feng,
/// arXiv:2603.27764; docs/contact-laws.md).
///
/// The substitution δ = A x^q, q = 2/(p+1), A = ((p+1)/2)^{1/(p+1)} maps the
/// contact onto the linear oscillator v dv/dx + 2ζΩ v + Ω² x = 0 with
/// Ω = √(k/m) and the damping ratio ζ = α / √(2(p+1)). Hence, for every p
/// and every impact speed:
///   unclipped:  e = exp(−ζ π / √(1−ζ²)),  ζ = −ln e / √(π² + ln² e),
///               so α = √(2(p+1)) (−ln e) / √(π² + ln² e); e = 0 for ζ ≥ 1
///               (overdamped: δ → 0 without ever separating);
///   no_tension: e = exp(−2ζ g(ζ)), g(ζ) = arccos ζ / √(1−ζ²) (ζ < 1),
///               1 (ζ = 1), arccosh ζ / √(ζ²−1) (ζ > 1); e > 0 for every ζ,
///               so every e ∈ (0, 1] is reachable; α(e) by a safeguarded
///               Newton iteration to full precision.
/// The no-tension e does not depend on p once ζ is fixed. Using the unclipped
/// α in a clipping code is a silent error: e = 0.5 becomes e = 0.5503.
/// float arguments are computed in double and rounded once.

#include <cmath>
#include <limits>
#include <type_traits>
#include <utility>

#include "carom/contact/concepts.hpp"
#include "carom/core/error.hpp"
#include "carom/core/math.hpp"

namespace carom {

/// The damping ratio ζ = α / √(2(p+1)) of the linear oscillator a power law
/// maps onto (dimensionless). ζ < 1 underdamped, ζ ≥ 1 overdamped.
/// Precondition: p ≥ 1, α ≥ 0 (not checked: a kernel).
template <scalar T>
[[nodiscard]] constexpr T damping_ratio(T damping, T exponent) noexcept {
  return damping / carom::sqrt(T(2) * (exponent + T(1)));
}

namespace detail {

/// The precision the contact observables compute in: double for float.
template <scalar T>
using working_t = std::conditional_t<std::is_same_v<T, float>, double, T>;

template <scalar T>
void require_exponent(const char* function, T exponent) {
  require(is_finite(exponent) && exponent >= T(1), function,
          ": exponent p must be finite and >= 1 (got ", exponent, ")");
}

template <scalar T>
void require_damping(const char* function, T damping) {
  require(is_finite(damping) && damping >= T(0), function,
          ": damping alpha must be finite and >= 0 (got ", damping, ")");
}

template <scalar T>
void require_restitution(const char* function, T restitution) {
  require(restitution > T(0) && restitution <= T(1), function,
          ": restitution e must be in (0, 1] (got ", restitution, ")");
}

template <scalar T>
void require_positive(const char* function, const char* parameter, T value) {
  require(is_finite(value) && value > T(0), function, ": ", parameter,
          " must be finite and > 0 (got ", value, ")");
}

/// Throws carom::invalid_input, naming the law and the parameter, unless p
/// is finite and ≥ 1, k finite and > 0, α finite and ≥ 0. constexpr for
/// valid parameters, so that a law can be a compile-time constant.
template <scalar T>
constexpr void validate_power_law(const char* law, T exponent, T stiffness, T damping) {
  if (is_finite(exponent) && exponent >= T(1) && is_finite(stiffness) && stiffness > T(0) &&
      is_finite(damping) && damping >= T(0))
    return;
  require_exponent(law, exponent);
  require_positive(law, "stiffness k", stiffness);
  require_damping(law, damping);
}

/// ζ = α/√(2(p+1)) in working precision, after checking α and p.
template <scalar T>
[[nodiscard]] working_t<T> checked_damping_ratio(const char* function, T damping, T exponent) {
  require_damping(function, damping);
  require_exponent(function, exponent);
  return damping_ratio(working_t<T>(damping), working_t<T>(exponent));
}

/// −ln e and √(2(p+1)) in working precision, after checking e and p.
template <scalar T>
[[nodiscard]] std::pair<working_t<T>, working_t<T>> checked_calibration_inputs(const char* function,
                                                                               T restitution,
                                                                               T exponent) {
  require_restitution(function, restitution);
  require_exponent(function, exponent);
  using W = working_t<T>;
  return {-std::log(W(restitution)), std::sqrt(W(2) * (W(exponent) + W(1)))};
}

/// g(ζ): the oscillator time Ω s from first touch to the maximum overlap;
/// the no-tension contact ends at 2 g(ζ), the unclipped one at π/√(1−ζ²).
template <scalar W>
[[nodiscard]] W peak_time(W zeta) noexcept {
  if (zeta < W(1)) return std::acos(zeta) / std::sqrt((W(1) - zeta) * (W(1) + zeta));
  if (zeta == W(1)) return W(1);
  return std::acosh(zeta) / std::sqrt((zeta - W(1)) * (zeta + W(1)));
}

/// ζ with 2 ζ g(ζ) = −ln e: Newton's iteration on the increasing, concave
/// h(ζ) = ζ g(ζ), kept inside a bracket that shrinks every step (bisection
/// when Newton would leave it).
template <scalar W>
[[nodiscard]] W no_tension_damping_ratio(W minus_log_restitution) noexcept {
  const W target = minus_log_restitution / W(2);
  if (!(target > W(0))) return W(0);
  // h(ζ) ≥ arccosh ζ ≥ ln ζ for ζ ≥ 1, and h(1) = 1: the root is below hi.
  W lo = W(0), hi = target > W(1) ? std::exp(target) : W(1);
  W zeta = target > W(1) ? std::exp(target) / W(2) : W(2) * target / pi<W>;
  for (int iteration = 0; iteration < 400; ++iteration) {
    const W g = peak_time(zeta);
    const W residual = zeta * g - target;
    if (residual == W(0)) return zeta;
    (residual < W(0) ? lo : hi) = zeta;
    // g'(ζ) = (ζ g − 1)/(1 − ζ²), whose limit at ζ = 1 is −1/3 − 4(1−ζ)/15.
    const W u = W(1) - zeta;
    const W slope = std::abs(u) < W(1e-4) ? -(W(1) / W(3) + W(4) * u / W(15))
                                          : (zeta * g - W(1)) / (u * (W(1) + zeta));
    W next = zeta - residual / (g + zeta * slope);
    if (!(next > lo && next < hi)) next = (lo + hi) / W(2);
    if (std::abs(next - zeta) <= W(2) * std::numeric_limits<W>::epsilon() * zeta) return next;
    zeta = next;
  }
  return zeta;
}

}  // namespace detail

/// α for the unclipped convention: √(2(p+1)) (−ln e) / √(π² + ln² e).
/// e = 1 gives 0; e → 0 gives ζ → 1. Throws carom::invalid_input unless
/// 0 < e ≤ 1 and p is finite and ≥ 1.
template <scalar T>
[[nodiscard]] T damping_for_restitution(T restitution, T exponent) {
  const auto [minus_log_e, scale] =
      detail::checked_calibration_inputs("carom::damping_for_restitution", restitution, exponent);
  return T(scale * minus_log_e / std::sqrt(square(pi<decltype(scale)>) + square(minus_log_e)));
}

/// e reached in the unclipped convention: exp(−ζ π / √(1−ζ²)), ζ the damping
/// ratio; 0 when ζ ≥ 1 (overdamped: the overlap decays to 0 in infinite
/// time and the bodies never separate). α = 0 gives 1. Throws
/// carom::invalid_input unless α is finite and ≥ 0 and p finite and ≥ 1.
template <scalar T>
[[nodiscard]] T restitution_for_damping(T damping, T exponent) {
  using W = detail::working_t<T>;
  const W zeta = detail::checked_damping_ratio("carom::restitution_for_damping", damping, exponent);
  if (zeta >= W(1)) return T(0);
  return T(std::exp(-zeta * pi<W> / std::sqrt((W(1) - zeta) * (W(1) + zeta))));
}

/// α for the no-tension convention (force clipped at 0): the root of
/// exp(−2 ζ g(ζ)) = e times √(2(p+1)), to full precision. Every e ∈ (0, 1]
/// is reachable (ζ > 1 below e = exp(−2) ≈ 0.135). Throws
/// carom::invalid_input unless 0 < e ≤ 1 and p is finite and ≥ 1.
template <scalar T>
[[nodiscard]] T damping_for_restitution_no_tension(T restitution, T exponent) {
  const auto [minus_log_e, scale] = detail::checked_calibration_inputs(
      "carom::damping_for_restitution_no_tension", restitution, exponent);
  return T(scale * detail::no_tension_damping_ratio(minus_log_e));
}

/// e reached in the no-tension convention: exp(−2 ζ g(ζ)), independent of p
/// at fixed ζ; > 0 for every finite α (it tends to 1/(4ζ²) as ζ → ∞).
/// Throws carom::invalid_input unless α is finite and ≥ 0 and p finite and
/// ≥ 1.
template <scalar T>
[[nodiscard]] T restitution_for_damping_no_tension(T damping, T exponent) {
  const auto zeta =
      detail::checked_damping_ratio("carom::restitution_for_damping_no_tension", damping, exponent);
  return T(std::exp(-2 * zeta * detail::peak_time(zeta)));
}

/// damping_for_restitution in the given convention (generic code:
/// `damping_for_restitution(e, p, typename Law::convention{})`).
template <scalar T, contact_convention Convention>
[[nodiscard]] T damping_for_restitution(T restitution, T exponent, Convention) {
  if constexpr (std::is_same_v<Convention, no_tension>)
    return damping_for_restitution_no_tension(restitution, exponent);
  else
    return damping_for_restitution(restitution, exponent);
}

/// restitution_for_damping in the given convention.
template <scalar T, contact_convention Convention>
[[nodiscard]] T restitution_for_damping(T damping, T exponent, Convention) {
  if constexpr (std::is_same_v<Convention, no_tension>)
    return restitution_for_damping_no_tension(damping, exponent);
  else
    return restitution_for_damping(damping, exponent);
}

/// The coefficient of restitution a law produces, in its own convention,
/// at every impact speed. Throws carom::invalid_input for a law whose p or
/// α is invalid.
template <class Law>
requires contact_law<Law, law_scalar_t<Law>>
[[nodiscard]] law_scalar_t<Law> restitution_of(const Law& law) {
  return restitution_for_damping(law.damping(), law.exponent(), typename Law::convention{});
}

}  // namespace carom
