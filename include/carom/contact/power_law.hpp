// SPDX-License-Identifier: MIT
#pragma once
/// Power-law normal contact forces with Tsuji-type damping (Y. T. Feng,
/// arXiv:2603.27764; docs/contact-laws.md):
///   F(δ, δ', m) = k δ^p + α √(m k) δ^{(p−1)/2} δ'
/// (δ ≥ 0 overlap in m, δ' overlap rate in m/s, positive while approaching,
/// m effective mass in kg, k in N/m^p, α dimensionless; F in N, repulsive
/// positive). The convention tag says whether F may go negative (unclipped)
/// or is clipped at 0 (no_tension).
///
/// carom::power_law<T> takes p at run time and pays one std::pow and one
/// sqrt per force. carom::fixed_power_law<T, N, D> fixes p = N/D at compile
/// time (D = 1, or D = 2 with N odd) and uses products and square roots only:
///   p = 1   (linear_spring_dashpot)  k δ + α√k · √m · δ'
///   p = 3/2 (hertz)                  k δ√δ + α√k · √(m √δ) · δ'
///   p = 2   (cone)                   k δ² + α√k · √(m δ) · δ'
/// using δ^{(p−1)/2} √m = √(m δ^{p−1}). Both are stateless and trivially
/// copyable; their force() carries no checks (debug builds assert δ ≥ 0),
/// their constructors check everything.

#include <cmath>
#include <type_traits>

#include "carom/config.hpp"
#include "carom/contact/calibration.hpp"
#include "carom/contact/concepts.hpp"
#include "carom/core/math.hpp"

namespace carom {

/// Parameters of a law with run-time exponent: p ≥ 1, k > 0 (N/m^p), α ≥ 0.
/// The zero defaults are rejected: exponent and stiffness must be given.
template <scalar T>
struct power_law_params {
  T exponent = T(0);
  T stiffness = T(0);
  T damping = T(0);
};

/// Parameters of a law with compile-time exponent: k > 0 (N/m^p), α ≥ 0.
template <scalar T>
struct contact_law_params {
  T stiffness = T(0);
  T damping = T(0);
};

namespace detail {

/// F, or max(0, F) in the no-tension convention (NaN stays NaN).
template <contact_convention Convention, scalar T>
[[nodiscard]] constexpr T apply_convention(T force) noexcept {
  if constexpr (std::is_same_v<Convention, no_tension>)
    return force < T(0) ? T(0) : force;
  else
    return force;
}

/// x^N by repeated squaring, unrolled at compile time.
template <int N, scalar T>
[[nodiscard]] constexpr T integer_power(T x) noexcept {
  if constexpr (N == 0) {
    return T(1);
  } else if constexpr (N == 1) {
    return x;
  } else {
    const T half = integer_power<N / 2>(x);
    return N % 2 == 0 ? half * half : half * half * x;
  }
}

}  // namespace detail

/// The power law with run-time exponent p ≥ 1 (any real p).
template <scalar T, contact_convention Convention = unclipped>
class power_law {
 public:
  using value_type = T;
  using convention = Convention;

  /// Throws carom::invalid_input unless p is finite and ≥ 1, k finite and
  /// > 0, α finite and ≥ 0.
  constexpr explicit power_law(const power_law_params<T>& params)
      : exponent_(params.exponent),
        stiffness_(params.stiffness),
        damping_(params.damping),
        damping_exponent_((params.exponent - T(1)) / T(2)),
        damping_factor_(params.damping * carom::sqrt(params.stiffness)) {
    detail::validate_power_law("carom::power_law", params.exponent, params.stiffness,
                               params.damping);
  }

  /// The law with stiffness k whose α gives the coefficient of restitution
  /// e in this law's convention, at every impact speed. Throws
  /// carom::invalid_input for p < 1, k ≤ 0, e ∉ (0, 1] or non-finite input.
  [[nodiscard]] static power_law from_restitution(T exponent, T stiffness, T restitution) {
    return power_law(
        {exponent, stiffness, damping_for_restitution(restitution, exponent, Convention{})});
  }

  /// The normal force (N) at overlap δ ≥ 0, overlap rate δ', effective mass
  /// m > 0: k δ^p + α √(m k) δ^{(p−1)/2} δ', clipped at 0 for no_tension.
  [[nodiscard]] T force(T overlap, T overlap_rate, T effective_mass) const noexcept {
    CAROM_ASSERT(overlap >= T(0));
    const T root = std::pow(overlap, damping_exponent_);  // δ^{(p−1)/2}
    return detail::apply_convention<Convention>(stiffness_ * overlap * root * root +
                                                damping_factor_ * std::sqrt(effective_mass) * root *
                                                    overlap_rate);
  }

  [[nodiscard]] constexpr T exponent() const noexcept { return exponent_; }
  [[nodiscard]] constexpr T stiffness() const noexcept { return stiffness_; }
  [[nodiscard]] constexpr T damping() const noexcept { return damping_; }

 private:
  T exponent_;
  T stiffness_;
  T damping_;
  T damping_exponent_;  // (p − 1)/2
  T damping_factor_;    // α √k
};

/// The power law with exponent p = Numerator/Denominator fixed at compile
/// time: Denominator 1 (p integer), or 2 with an odd Numerator (p half an
/// odd integer), and p ≥ 1. The force is constexpr (no std::pow).
// clang-format off
template <scalar T, int Numerator, int Denominator = 1, contact_convention Convention = unclipped>
  requires(Numerator >= Denominator &&
           (Denominator == 1 || (Denominator == 2 && Numerator % 2 == 1)))
class fixed_power_law {
  // clang-format on
 public:
  using value_type = T;
  using convention = Convention;

  /// Throws carom::invalid_input unless k is finite and > 0 and α finite
  /// and ≥ 0. constexpr: a valid law can be a compile-time constant.
  constexpr explicit fixed_power_law(const contact_law_params<T>& params)
      : stiffness_(params.stiffness),
        damping_(params.damping),
        damping_factor_(params.damping * carom::sqrt(params.stiffness)) {
    detail::validate_power_law(name(), exponent(), params.stiffness, params.damping);
  }

  /// The law with stiffness k whose α gives the coefficient of restitution
  /// e in this law's convention, at every impact speed. Throws
  /// carom::invalid_input for k ≤ 0, e ∉ (0, 1] or non-finite input.
  [[nodiscard]] static fixed_power_law from_restitution(T stiffness, T restitution) {
    return fixed_power_law(
        {stiffness, damping_for_restitution(restitution, exponent(), Convention{})});
  }

  /// The normal force (N) at overlap δ ≥ 0, overlap rate δ', effective mass
  /// m > 0: k δ^p + α √k √(m δ^{p−1}) δ', clipped at 0 for no_tension.
  [[nodiscard]] constexpr T force(T overlap, T overlap_rate, T effective_mass) const noexcept {
    CAROM_ASSERT(overlap >= T(0));
    T elastic, damping_scale;  // δ^p and √(m δ^{p−1})
    if constexpr (Denominator == 1) {
      elastic = detail::integer_power<Numerator>(overlap);
      damping_scale = carom::sqrt(effective_mass * detail::integer_power<Numerator - 1>(overlap));
    } else {
      const T root = carom::sqrt(overlap);
      elastic = detail::integer_power<Numerator / 2>(overlap) * root;
      damping_scale =
          carom::sqrt(effective_mass * detail::integer_power<Numerator / 2 - 1>(overlap) * root);
    }
    return detail::apply_convention<Convention>(stiffness_ * elastic +
                                                damping_factor_ * damping_scale * overlap_rate);
  }

  [[nodiscard]] static constexpr T exponent() noexcept { return T(Numerator) / T(Denominator); }
  [[nodiscard]] constexpr T stiffness() const noexcept { return stiffness_; }
  [[nodiscard]] constexpr T damping() const noexcept { return damping_; }

  /// "carom::hertz", "carom::cone", "carom::linear_spring_dashpot" or
  /// "carom::fixed_power_law": the name error messages use.
  [[nodiscard]] static constexpr const char* name() noexcept {
    if constexpr (Numerator == 1 && Denominator == 1) return "carom::linear_spring_dashpot";
    if constexpr (Numerator == 3 && Denominator == 2) return "carom::hertz";
    if constexpr (Numerator == 2 && Denominator == 1) return "carom::cone";
    return "carom::fixed_power_law";
  }

 private:
  T stiffness_;
  T damping_;
  T damping_factor_;  // α √k
};

/// p = 1: the linear spring–dashpot, F = k δ + 2ζ √(m k) δ' (α = 2ζ).
template <scalar T, contact_convention Convention = unclipped>
using linear_spring_dashpot = fixed_power_law<T, 1, 1, Convention>;

/// p = 3/2: Hertz with Tsuji damping, F = k δ√δ + α √(m k) δ^{1/4} δ',
/// k = 4/3 E* √R* (carom::hertz_stiffness).
template <scalar T, contact_convention Convention = unclipped>
using hertz = fixed_power_law<T, 3, 2, Convention>;

/// p = 2: a conical indenter, F = k δ² + α √(m k) √δ δ'.
template <scalar T, contact_convention Convention = unclipped>
using cone = fixed_power_law<T, 2, 1, Convention>;

static_assert(sizeof(power_law<double>) == 5 * sizeof(double));
static_assert(sizeof(hertz<double>) == 3 * sizeof(double));
static_assert(contact_law<power_law<float>, float> && contact_law<hertz<double>, double>);

}  // namespace carom
