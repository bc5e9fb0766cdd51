// SPDX-License-Identifier: MIT
#pragma once
/// Concepts of the contact layer: what a soft-contact (DEM) engine needs from
/// a normal contact law, and the two conventions for the sign of its force.
///
/// The family is Feng's power law with Tsuji-type damping (SPEC §4):
///   F(δ, δ', m) = k δ^p + α √(m k) δ^{(p−1)/2} δ',   p ≥ 1,
/// δ ≥ 0 the overlap, δ' its rate (positive while approaching), m the
/// effective mass, k the stiffness (N/m^p), α the dimensionless damping.
/// With this damping the coefficient of restitution depends on α and p only,
/// never on the impact speed (docs/contact-laws.md).

#include <concepts>
#include <type_traits>
#include <utility>

#include "carom/core/concepts.hpp"

namespace carom {

/// Convention tag: the force is used as computed. Near the end of unloading
/// the damping term makes it negative (tensile) when α > 0; the contact lasts
/// while δ > 0.
struct unclipped {};

/// Convention tag: the force is clipped at zero, F = max(0, F_unclipped), as
/// most DEM codes do. The contact ends when F returns to 0, at an overlap
/// δ > 0; the particles then separate at constant speed.
struct no_tension {};

/// One of the two convention tags, carom::unclipped or carom::no_tension.
template <class C>
concept contact_convention = std::same_as<C, unclipped> || std::same_as<C, no_tension>;

/// A normal contact law of the power-law family above, usable in the hot loop
/// of a time-stepped engine. For `const L law`, T overlap δ ≥ 0, T rate δ'
/// and T effective mass m > 0, the valid expressions are
///   - `typename L::convention`: carom::unclipped or carom::no_tension;
///   - `law.force(overlap, rate, m)` noexcept → T: the normal force magnitude
///     in N, repulsive positive, k δ^p + α √(m k) δ^{(p−1)/2} δ', clipped at
///     ≥ 0 when the convention is no_tension;
///   - `law.exponent()`, `law.stiffness()`, `law.damping()` noexcept → T:
///     p ≥ 1, k > 0 and α ≥ 0 of that formula (α = 0 for an elastic law);
/// and L is trivially copyable (an engine copies it into its kernels).
/// The calibration, observables and time-step functions rely on the formula
/// above holding exactly; a law with another functional form may model the
/// concept for an engine, but those closed forms do not apply to it.
/// Every power law has an α (0 when elastic), so carom has no separate
/// elastic/dissipative concepts: an engine never needs `if constexpr` here.
/// Models: carom::power_law<T, C> (run-time p), carom::fixed_power_law<T, N,
/// D, C> and its aliases carom::linear_spring_dashpot<T, C>,
/// carom::hertz<T, C>, carom::cone<T, C> (compile-time p).
template <class L, class T>
concept contact_law = scalar<T> && std::is_trivially_copyable_v<L> &&
    contact_convention<typename L::convention> &&
    requires(const L& law, T overlap, T rate, T effective_mass) {
  { law.force(overlap, rate, effective_mass) }
  noexcept->std::same_as<T>;
  { law.exponent() }
  noexcept->std::same_as<T>;
  { law.stiffness() }
  noexcept->std::same_as<T>;
  { law.damping() }
  noexcept->std::same_as<T>;
};

/// The scalar type of a contact law: what its stiffness() returns. Lets a
/// function taking only a law deduce T (`restitution_of(law)`).
template <class L>
using law_scalar_t = std::remove_cvref_t<decltype(std::declval<const L&>().stiffness())>;

}  // namespace carom
