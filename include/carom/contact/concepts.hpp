// SPDX-License-Identifier: MIT
#pragma once
/// Concepts of the contact layer: what a soft-contact (DEM) engine needs from
/// a normal contact law, and the two conventions for the sign of its force.
///
/// The family is Feng's power law with Tsuji-type damping (docs/contact-laws.md):
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

namespace detail {

// The requirements of carom::contact_law, one concept each, so that a
// compiler's diagnostic names the one a type misses ("required for the
// satisfaction of 'contact_law_force_is_noexcept<L, T>'") instead of only
// contact_law. Together they are exactly carom::contact_law; ordered as the
// requirements are checked.

/// L is trivially copyable (an engine copies it into its kernels).
template <class L>
concept contact_law_is_trivially_copyable = std::is_trivially_copyable_v<L>;

/// `typename L::convention` names a type.
template <class L>
concept contact_law_has_convention_typedef = requires {
  typename L::convention;
};

/// `typename L::convention` is carom::unclipped or carom::no_tension.
template <class L>
concept contact_law_convention_is_unclipped_or_no_tension =
    contact_convention<typename L::convention>;

/// `law.force(overlap, rate, effective_mass)` is a valid expression.
template <class L, class T>
concept contact_law_has_force = requires(const L& law, T overlap, T rate, T effective_mass) {
  law.force(overlap, rate, effective_mass);
};

/// `law.force(overlap, rate, effective_mass)` is noexcept.
template <class L, class T>
concept contact_law_force_is_noexcept = requires(const L& law, T overlap, T rate,
                                                 T effective_mass) {
  { law.force(overlap, rate, effective_mass) }
  noexcept;
};

/// `law.force(overlap, rate, effective_mass)` returns exactly T.
template <class L, class T>
concept contact_law_force_returns_scalar = requires(const L& law, T overlap, T rate, T effective_mass) {
  { law.force(overlap, rate, effective_mass) } -> std::same_as<T>;
};

/// `law.exponent()` is a valid expression.
template <class L>
concept contact_law_has_exponent = requires(const L& law) {
  law.exponent();
};

/// `law.exponent()` is noexcept.
template <class L>
concept contact_law_exponent_is_noexcept = requires(const L& law) {
  { law.exponent() }
  noexcept;
};

/// `law.exponent()` returns exactly T.
template <class L, class T>
concept contact_law_exponent_returns_scalar = requires(const L& law) {
  { law.exponent() } -> std::same_as<T>;
};

/// `law.stiffness()` is a valid expression.
template <class L>
concept contact_law_has_stiffness = requires(const L& law) {
  law.stiffness();
};

/// `law.stiffness()` is noexcept.
template <class L>
concept contact_law_stiffness_is_noexcept = requires(const L& law) {
  { law.stiffness() }
  noexcept;
};

/// `law.stiffness()` returns exactly T.
template <class L, class T>
concept contact_law_stiffness_returns_scalar = requires(const L& law) {
  { law.stiffness() } -> std::same_as<T>;
};

/// `law.damping()` is a valid expression.
template <class L>
concept contact_law_has_damping = requires(const L& law) {
  law.damping();
};

/// `law.damping()` is noexcept.
template <class L>
concept contact_law_damping_is_noexcept = requires(const L& law) {
  { law.damping() }
  noexcept;
};

/// `law.damping()` returns exactly T.
template <class L, class T>
concept contact_law_damping_returns_scalar = requires(const L& law) {
  { law.damping() } -> std::same_as<T>;
};

}  // namespace detail

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
concept contact_law = scalar<T> && detail::contact_law_is_trivially_copyable<L> &&
    detail::contact_law_has_convention_typedef<L> &&
    detail::contact_law_convention_is_unclipped_or_no_tension<L> &&
    detail::contact_law_has_force<L, T> && detail::contact_law_force_is_noexcept<L, T> &&
    detail::contact_law_force_returns_scalar<L, T> && detail::contact_law_has_exponent<L> &&
    detail::contact_law_exponent_is_noexcept<L> && detail::contact_law_exponent_returns_scalar<L, T> &&
    detail::contact_law_has_stiffness<L> && detail::contact_law_stiffness_is_noexcept<L> &&
    detail::contact_law_stiffness_returns_scalar<L, T> && detail::contact_law_has_damping<L> &&
    detail::contact_law_damping_is_noexcept<L> && detail::contact_law_damping_returns_scalar<L, T>;

/// The scalar type of a contact law: what its stiffness() returns. Lets a
/// function taking only a law deduce T (`restitution_of(law)`).
template <class L>
using law_scalar_t = std::remove_cvref_t<decltype(std::declval<const L&>().stiffness())>;

}  // namespace carom
