// SPDX-License-Identifier: MIT
#pragma once
/// carom::vec<T, D>: the fixed-size, constexpr aggregate vector every kernel
/// takes by value. No dependency; brace-initialisable:
/// `carom::vec<double, 3>{1.0, 2.0, 3.0}`.

#include <array>
#include <cstddef>
#include <type_traits>

#include "carom/core/concepts.hpp"
#include "carom/core/math.hpp"

namespace carom {

/// A D-dimensional vector of scalar T; an aggregate (one public array).
template <scalar T, std::size_t D>
  requires dimension<D>
struct vec {
  using value_type = T;
  static constexpr std::size_t size = D;

  std::array<T, D> components;

  [[nodiscard]] constexpr T& operator[](std::size_t i) noexcept { return components[i]; }
  [[nodiscard]] constexpr const T& operator[](std::size_t i) const noexcept {
    return components[i];
  }

  /// The zero vector.
  [[nodiscard]] static constexpr vec zero() noexcept { return vec{}; }

  constexpr vec& operator+=(const vec& o) noexcept {
    for (std::size_t i = 0; i < D; ++i) components[i] += o.components[i];
    return *this;
  }
  constexpr vec& operator-=(const vec& o) noexcept {
    for (std::size_t i = 0; i < D; ++i) components[i] -= o.components[i];
    return *this;
  }
  constexpr vec& operator*=(T s) noexcept {
    for (std::size_t i = 0; i < D; ++i) components[i] *= s;
    return *this;
  }
  constexpr vec& operator/=(T s) noexcept {
    for (std::size_t i = 0; i < D; ++i) components[i] /= s;
    return *this;
  }

  [[nodiscard]] friend constexpr vec operator+(vec a, const vec& b) noexcept { return a += b; }
  [[nodiscard]] friend constexpr vec operator-(vec a, const vec& b) noexcept { return a -= b; }
  [[nodiscard]] friend constexpr vec operator*(vec a, T s) noexcept { return a *= s; }
  [[nodiscard]] friend constexpr vec operator*(T s, vec a) noexcept { return a *= s; }
  [[nodiscard]] friend constexpr vec operator/(vec a, T s) noexcept { return a /= s; }
  [[nodiscard]] friend constexpr vec operator-(vec a) noexcept {
    for (std::size_t i = 0; i < D; ++i) a.components[i] = -a.components[i];
    return a;
  }
  [[nodiscard]] friend constexpr bool operator==(const vec&, const vec&) noexcept = default;
};

// Deduction guide: vec{1.0, 2.0, 3.0} is a vec<double, 3>.
template <scalar T, std::same_as<T>... U>
vec(T, U...) -> vec<T, 1 + sizeof...(U)>;

/// a · b.
template <scalar T, std::size_t D>
[[nodiscard]] constexpr T dot(const vec<T, D>& a, const vec<T, D>& b) noexcept {
  T s = a[0] * b[0];
  for (std::size_t i = 1; i < D; ++i) s += a[i] * b[i];
  return s;
}

/// |a|².
template <scalar T, std::size_t D>
[[nodiscard]] constexpr T squared_norm(const vec<T, D>& a) noexcept {
  return dot(a, a);
}

/// |a|.
template <scalar T, std::size_t D>
[[nodiscard]] constexpr T norm(const vec<T, D>& a) noexcept {
  return carom::sqrt(dot(a, a));
}

/// a × b (3D).
template <scalar T>
[[nodiscard]] constexpr vec<T, 3> cross(const vec<T, 3>& a, const vec<T, 3>& b) noexcept {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

/// The scalar (z) component of a × b for 2D vectors.
template <scalar T>
[[nodiscard]] constexpr T cross(const vec<T, 2>& a, const vec<T, 2>& b) noexcept {
  return a[0] * b[1] - a[1] * b[0];
}

/// a rotated by +90°: (−a_y, a_x). ω × r in 2D is ω · perpendicular(r).
template <scalar T>
[[nodiscard]] constexpr vec<T, 2> perpendicular(const vec<T, 2>& a) noexcept {
  return {-a[1], a[0]};
}

/// ω × r in 2D, ω the scalar angular velocity about z: ω · perpendicular(r).
template <scalar T>
[[nodiscard]] constexpr vec<T, 2> cross(T omega, const vec<T, 2>& r) noexcept {
  return omega * perpendicular(r);
}

/// The type of an angular velocity or torque: a scalar about z in 2D, a
/// vector in 3D.
template <scalar T, std::size_t D>
  requires dimension<D>
using angular = std::conditional_t<D == 2, T, vec<T, 3>>;

/// True when every component is finite.
template <scalar T, std::size_t D>
[[nodiscard]] constexpr bool is_finite(const vec<T, D>& a) noexcept {
  for (std::size_t i = 0; i < D; ++i)
    if (!is_finite(a[i])) return false;
  return true;
}

}  // namespace carom
