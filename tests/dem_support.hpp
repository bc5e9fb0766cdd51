// SPDX-License-Identifier: MIT
#pragma once
// Helpers shared by the DEM engine tests (tests/engines/dem*.cpp).

#include <carom/contact/power_law.hpp>
#include <carom/core/vec.hpp>
#include <carom/engines/dem/params.hpp>

#include <cstddef>

namespace dem_test {

/// (x, y) in 2D, (x, y, z) in 3D: z = 0.5 puts a particle mid-height in a
/// unit box.
template <class T, std::size_t D>
carom::vec<T, D> at(T x, T y, T z = T(0.5)) {
  carom::vec<T, D> v{};
  v[0] = x;
  v[1] = y;
  if constexpr (D == 3) v[2] = z;
  return v;
}

/// Hertz calibrated to e = 0.8 (k = 1e7 N/m^1.5) with Mindlin friction
/// μ = 0.5, k_t = 2e8, the given tangential damping, for impacts up to 2 m/s.
template <class T, std::size_t D>
carom::dem_params<T, D, carom::hertz<T>> hertz_params(T tangential_damping = T(0)) {
  return {.pair_law = carom::hertz<T>::from_restitution(T(1e7), T(0.8)),
          .pair_tangential = {.friction = T(0.5), .stiffness = T(2e8), .damping = tangential_damping},
          .max_impact_speed = T(2)};
}

}  // namespace dem_test
