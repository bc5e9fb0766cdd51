// SPDX-License-Identifier: MIT
#pragma once
/// Concepts of the collision layer.

#include <concepts>

#include "carom/core/concepts.hpp"

namespace carom {

namespace detail {

// The requirements of carom::impulse_resolver, one concept each, so that a
// compiler's diagnostic names the one a type misses. Together they are
// exactly carom::impulse_resolver; ordered as the requirements are checked.

/// R is copy constructible (engines keep a copy).
template <class R>
concept impulse_resolver_is_copy_constructible = std::copy_constructible<R>;

/// `r.restitution(u)` is a valid expression.
template <class R, class T>
concept impulse_resolver_has_restitution = requires(const R& r, T u) {
  r.restitution(u);
};

/// `r.restitution(u)` is noexcept.
template <class R, class T>
concept impulse_resolver_restitution_is_noexcept = requires(const R& r, T u) {
  { r.restitution(u) }
  noexcept;
};

/// `r.restitution(u)` returns a type convertible to T.
template <class R, class T>
concept impulse_resolver_restitution_converts_to_scalar = requires(const R& r, T u) {
  { r.restitution(u) } -> std::convertible_to<T>;
};

}  // namespace detail

/// An impulse resolver decides how much normal relative velocity a hard
/// collision keeps. Valid expression: `r.restitution(u)` with u > 0 the
/// approach speed, returning e ∈ [0, 1] (noexcept: it runs in hot loops).
/// Models: carom::elastic, carom::constant_restitution<T>, and any user type
/// with a velocity-dependent e(u).
template <class R, class T>
concept impulse_resolver = scalar<T> && detail::impulse_resolver_is_copy_constructible<R> &&
    detail::impulse_resolver_has_restitution<R, T> &&
    detail::impulse_resolver_restitution_is_noexcept<R, T> &&
    detail::impulse_resolver_restitution_converts_to_scalar<R, T>;

}  // namespace carom
