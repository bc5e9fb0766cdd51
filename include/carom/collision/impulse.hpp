// SPDX-License-Identifier: MIT
#pragma once
/// Impulse resolvers for instantaneous collisions (docs/event-driven.md).
/// With n the unit
/// normal from i to j and u = (v_i − v_j)·n > 0 the approach speed, the
/// normal impulse is J = (1 + e) u / (1/m_i + 1/m_j), and
///   v_i' = v_i − J/m_i n,   v_j' = v_j + J/m_j n.
/// An infinite mass (a wall, a fixed particle) is a zero inverse mass.
/// Momentum is conserved to round-off; the kinetic energy changes by
/// −½ (1 − e²) m_eff u², m_eff = 1/(1/m_i + 1/m_j): nothing for e = 1.

#include <cstddef>
#include <type_traits>

#include "carom/collision/concepts.hpp"
#include "carom/core/error.hpp"
#include "carom/core/vec.hpp"

namespace carom {

/// Perfectly elastic collisions: e = 1.
struct elastic {
  template <scalar T>
  [[nodiscard]] constexpr T restitution(T) const noexcept {
    return T(1);
  }
};

/// The same coefficient of normal restitution e ∈ (0, 1] for every collision.
template <scalar T>
class constant_restitution {
 public:
  /// Throws carom::invalid_input unless 0 < e ≤ 1.
  constexpr explicit constant_restitution(T e) : e_(e) {
    detail::require(e > T(0) && e <= T(1),
                    "carom::constant_restitution: e must be in (0, 1] (got ", e, ")");
  }
  [[nodiscard]] constexpr T restitution(T) const noexcept { return e_; }
  [[nodiscard]] constexpr T value() const noexcept { return e_; }

 private:
  T e_;
};

/// Velocities after a pair collision, and the normal impulse J ≥ 0 that
/// particle j received (i received −J n).
template <scalar T, std::size_t D>
struct pair_impulse_result {
  vec<T, D> velocity_i;
  vec<T, D> velocity_j;
  T impulse;
};

/// Resolves the collision of i and j along the unit normal n pointing from i
/// to j. Pairs that are not approaching (u ≤ 0) are left unchanged with a
/// zero impulse. Precondition: inverse_mass_i + inverse_mass_j > 0.
template <scalar T, std::size_t D, impulse_resolver<T> Resolver>
[[nodiscard]] constexpr pair_impulse_result<T, D> resolve_collision(
    const Resolver& resolver, const vec<T, D>& velocity_i, const vec<T, D>& velocity_j,
    T inverse_mass_i, T inverse_mass_j, const vec<T, D>& n) noexcept {
  const T u = dot(velocity_i - velocity_j, n);
  if (!(u > T(0))) return {velocity_i, velocity_j, T(0)};
  const T e = static_cast<T>(resolver.restitution(u));
  const T impulse = (T(1) + e) * u / (inverse_mass_i + inverse_mass_j);
  return {velocity_i - (impulse * inverse_mass_i) * n, velocity_j + (impulse * inverse_mass_j) * n,
          impulse};
}

/// Velocity after a wall collision, and the impulse J ≥ 0 the particle
/// received along the wall normal.
template <scalar T, std::size_t D>
struct wall_impulse_result {
  vec<T, D> velocity;
  T impulse;
};

/// Resolves a particle of mass m hitting an immovable wall whose unit normal
/// n points into the allowed region: u = −v·n, v' = v + (1 + e) u n,
/// J = (1 + e) m u. A particle not moving into the wall is left unchanged
/// with J = 0.
template <scalar T, std::size_t D, impulse_resolver<T> Resolver>
[[nodiscard]] constexpr wall_impulse_result<T, D> resolve_wall_collision(
    const Resolver& resolver, const vec<T, D>& velocity, T mass, const vec<T, D>& n) noexcept {
  const T u = -dot(velocity, n);
  if (!(u > T(0))) return {velocity, T(0)};
  const T delta_v = (T(1) + static_cast<T>(resolver.restitution(u))) * u;
  return {velocity + delta_v * n, mass * delta_v};
}

namespace detail {

/// resolve(resolver), or resolve(carom::elastic{}) when `elastic_now`: the
/// inelastic-collapse guard of the TC model (S. Luding and S. McNamara,
/// Granular Matter 1, 113 (1998)), which makes a collision elastic when it
/// follows the previous one of a participant within a guard time. `resolve`
/// is called with one of the two resolvers and returns its impulse result.
template <class Resolver, class Resolve>
[[nodiscard]] constexpr auto guarded_resolution(bool elastic_now, const Resolver& resolver,
                                                Resolve&& resolve) {
  if constexpr (std::is_same_v<Resolver, elastic>) return resolve(resolver);
  else return elastic_now ? resolve(elastic{}) : resolve(resolver);
}

}  // namespace detail

}  // namespace carom
