// SPDX-License-Identifier: MIT
#pragma once
/// Contact parameters from particle and material properties (SI units).
/// Pair quantities are harmonic means: a wall or a fixed body is a partner
/// of infinite mass and radius (carom::infinity<T>), a rigid one of
/// infinite Young's and shear moduli. These are kernels (constexpr,
/// noexcept, unchecked but asserted in debug builds): an invalid value
/// makes an invalid stiffness, which the law constructors reject.

#include <cmath>

#include "carom/config.hpp"
#include "carom/contact/calibration.hpp"
#include "carom/core/math.hpp"

namespace carom {
namespace detail {

/// 1/(1/a + 1/b), exact when one side is +∞.
template <scalar T>
[[nodiscard]] constexpr T harmonic_pair(T a, T b) noexcept {
  CAROM_ASSERT(a > T(0) && b > T(0));
  if (!is_finite(b)) return a;
  if (!is_finite(a)) return b;
  return a * b / (a + b);
}

}  // namespace detail

/// m* = m_i m_j / (m_i + m_j) (kg); m_j = +∞ (a wall) gives m_i.
template <scalar T>
[[nodiscard]] constexpr T effective_mass(T mass_i, T mass_j) noexcept {
  return detail::harmonic_pair(mass_i, mass_j);
}

/// R* = R_i R_j / (R_i + R_j) (m); R_j = +∞ (a plane wall) gives R_i.
template <scalar T>
[[nodiscard]] constexpr T effective_radius(T radius_i, T radius_j) noexcept {
  return detail::harmonic_pair(radius_i, radius_j);
}

/// E* = 1 / ((1 − ν_i²)/E_i + (1 − ν_j²)/E_j) (Pa), from Young's moduli E
/// (Pa) and Poisson ratios ν ∈ (−1, 0.5]; E_j = +∞ is a rigid partner.
template <scalar T>
[[nodiscard]] constexpr T effective_youngs_modulus(T youngs_i, T poisson_i, T youngs_j,
                                                   T poisson_j) noexcept {
  return detail::harmonic_pair(youngs_i / (T(1) - poisson_i * poisson_i),
                               youngs_j / (T(1) - poisson_j * poisson_j));
}

/// G = E / (2 (1 + ν)) (Pa) of an isotropic material.
template <scalar T>
[[nodiscard]] constexpr T shear_modulus(T youngs, T poisson) noexcept {
  return youngs / (T(2) * (T(1) + poisson));
}

/// G* = 1 / ((2 − ν_i)/G_i + (2 − ν_j)/G_j) (Pa), the Mindlin pair shear
/// modulus; G_j = +∞ is a rigid partner.
template <scalar T>
[[nodiscard]] constexpr T effective_shear_modulus(T shear_i, T poisson_i, T shear_j,
                                                  T poisson_j) noexcept {
  return detail::harmonic_pair(shear_i / (T(2) - poisson_i), shear_j / (T(2) - poisson_j));
}

/// Hertz stiffness k = 4/3 E* √R* (N/m^{3/2}), so that F = k δ^{3/2}.
template <scalar T>
[[nodiscard]] constexpr T hertz_stiffness(T effective_youngs, T effective_radius) noexcept {
  return T(4) / T(3) * effective_youngs * carom::sqrt(effective_radius);
}

/// Mindlin's tangential stiffness k_t = 8 G* √(R* δ) (N/m) at overlap δ
/// (no-slip, for the incremental tangential force dF_t = −k_t dξ).
template <scalar T>
[[nodiscard]] constexpr T mindlin_tangential_stiffness(T effective_shear, T effective_radius,
                                                       T overlap) noexcept {
  return T(8) * effective_shear * carom::sqrt(effective_radius * overlap);
}

/// Linear (p = 1, unclipped) stiffness giving the contact duration t_c (s)
/// with restitution e at effective mass m (kg): t_c = π/ω_d gives
/// k = m (π² + ln² e) / t_c² (N/m). Throws carom::invalid_input unless m and
/// t_c are finite and > 0 and 0 < e ≤ 1.
template <scalar T>
[[nodiscard]] T linear_stiffness_for_duration(T effective_mass, T duration, T restitution) {
  constexpr const char* function = "carom::linear_stiffness_for_duration";
  detail::require_positive(function, "effective mass m", effective_mass);
  detail::require_positive(function, "duration t_c", duration);
  detail::require_restitution(function, restitution);
  const T log_e = std::log(restitution);
  return effective_mass * (square(pi<T>) + square(log_e)) / square(duration);
}

}  // namespace carom
