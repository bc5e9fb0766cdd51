// SPDX-License-Identifier: MIT
#pragma once
/// Concepts of the collision layer.

#include <concepts>

#include "carom/core/concepts.hpp"

namespace carom {

/// An impulse resolver decides how much normal relative velocity a hard
/// collision keeps. Valid expression: `r.restitution(u)` with u > 0 the
/// approach speed, returning e ∈ [0, 1] (noexcept: it runs in hot loops).
/// Models: carom::elastic, carom::constant_restitution<T>, and any user type
/// with a velocity-dependent e(u).
template <class R, class T>
concept impulse_resolver = scalar<T> && std::copy_constructible<R> && requires(const R& r, T u) {
  { r.restitution(u) } noexcept -> std::convertible_to<T>;
};

}  // namespace carom
