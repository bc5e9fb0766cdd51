// SPDX-License-Identifier: MIT
#pragma once
/// Small scalar helpers shared by every layer; constexpr where the standard
/// library is not (std::sqrt is not constexpr in C++20).

#include <cmath>
#include <limits>
#include <type_traits>

#include "carom/core/concepts.hpp"

namespace carom {

/// +∞ of T: the "never" of every collision-time solver.
template <scalar T>
inline constexpr T infinity = std::numeric_limits<T>::infinity();

/// π in T.
template <scalar T>
inline constexpr T pi = T(3.141592653589793238462643383279502884L);

/// x².
template <scalar T>
[[nodiscard]] constexpr T square(T x) noexcept {
  return x * x;
}

/// √x: std::sqrt at run time, Newton's iteration in constant evaluation.
/// Returns NaN for x < 0, like std::sqrt.
template <scalar T>
[[nodiscard]] constexpr T sqrt(T x) noexcept {
  if (!std::is_constant_evaluated()) return std::sqrt(x);
  if (x < T(0) || x != x) return std::numeric_limits<T>::quiet_NaN();
  if (x == T(0) || x == infinity<T>) return x;
  T r = x >= T(1) ? x : T(1);
  for (T prev = T(0); r != prev;) {
    prev = r;
    r = T(0.5) * (r + x / r);
    if (r >= prev) break;  // monotone from above: stop at the fixed point
  }
  return r;
}

/// True when x is neither NaN nor ±∞ (constexpr, unlike std::isfinite).
template <scalar T>
[[nodiscard]] constexpr bool is_finite(T x) noexcept {
  return x == x && x != infinity<T> && x != -infinity<T>;
}

}  // namespace carom
