// SPDX-License-Identifier: MIT
#pragma once
/// Initial states that simulations start from, as LAMMPS' create_atoms and
/// velocity create give them: lattices at a packing fraction, and
/// Maxwell–Boltzmann velocities with zero total momentum and an exact
/// temperature. Shared by examples, tests and benchmarks.

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <cstddef>
#include <random>

#include "carom/core/error.hpp"
#include "carom/core/vec.hpp"
#include "carom/geometry/box.hpp"
#include "carom/particles/particles.hpp"

namespace carom {

/// Volume (area in 2D) of a sphere (disk) of this radius.
template <std::size_t D, scalar T>
[[nodiscard]] constexpr T particle_volume(T radius) noexcept {
  return D == 3 ? T(4) / T(3) * pi<T> * radius * radius * radius : pi<T> * radius * radius;
}

/// A lattice filling a cubic (square) periodic or walled box.
template <scalar T, std::size_t D>
struct lattice_result {
  box<T, D> container;
  carom::particles<T, D> particles;
};

/// Equal spheres (disks) of diameter `diameter` and mass `mass` at packing
/// fraction `packing`, on an FCC lattice of 4 n³ sites in 3D (sites
/// a·(i, j, k) + a·{(¼,¼,¼), (¾,¾,¼), (¾,¼,¾), (¼,¾,¾)}, i, j, k in loop
/// order) or a square lattice of n² sites
/// offset by a/2 in 2D; box side L = (N v / φ)^{1/D}. With walls the box
/// is widened just enough for the outer particles to clear them (so φ is
/// then slightly lower). Velocities are zero.
/// Throws carom::invalid_input if the lattice would overlap (φ above
/// π√2/6 ≈ 0.74 in 3D, π/4 in 2D), or for n = 0 or a non-positive size.
template <scalar T, std::size_t D>
  requires dimension<D>
[[nodiscard]] lattice_result<T, D> lattice(std::size_t n, T packing, boundary kind,
                                           T diameter = T(1), T mass = T(1)) {
  detail::require(n > 0, "carom::lattice: n must be > 0");
  detail::require(is_finite(diameter) && diameter > T(0) && is_finite(mass) && mass > T(0),
                  "carom::lattice: diameter and mass must be finite and > 0");
  const T max_packing = D == 3 ? pi<T> * std::sqrt(T(2)) / T(6) : pi<T> / T(4);
  detail::require(packing > T(0) && packing < max_packing, "carom::lattice: packing fraction ",
                  packing, " must be in (0, ", max_packing, ")");
  const std::size_t count = D == 3 ? 4 * n * n * n : n * n;
  const T side =
      std::pow(T(count) * particle_volume<D>(diameter / 2) / packing, T(1) / T(D));
  const T a = side / T(n);
  // On walled axes the box grows, if needed, so the outer spheres clear the
  // walls (FCC sites sit a/4 from the faces).
  const T inset = D == 3 ? a / 4 : a / 2;
  const T margin = std::max(T(0), diameter / 2 - inset) * (1 + 8 * std::numeric_limits<T>::epsilon());
  vec<T, D> lower{}, upper{};
  std::array<boundary, D> kinds{};
  for (std::size_t d = 0; d < D; ++d) {
    kinds[d] = kind;
    lower[d] = kind == boundary::wall ? -margin : T(0);
    upper[d] = kind == boundary::wall ? side + margin : side;
  }
  lattice_result<T, D> result{box<T, D>(lower, upper, kinds), {}};
  result.particles.reserve(count);
  auto place = [&](const vec<T, D>& x) {
    result.particles.add({.position = x, .radius = diameter / 2, .mass = mass});
  };
  if constexpr (D == 3) {
    constexpr T basis[4][3] = {{0.25, 0.25, 0.25}, {0.75, 0.75, 0.25}, {0.75, 0.25, 0.75},
                               {0.25, 0.75, 0.75}};
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j)
        for (std::size_t k = 0; k < n; ++k)
          for (const auto& b : basis)
            place({a * (T(i) + b[0]), a * (T(j) + b[1]), a * (T(k) + b[2])});
  } else {
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) place({a * (T(i) + T(0.5)), a * (T(j) + T(0.5))});
  }
  return result;
}

/// Gaussian velocity components, centre-of-mass velocity removed, rescaled
/// so that Σ m v² = D N k_B T exactly (k_B = 1 in the caller's units).
template <scalar T, std::size_t D, class Generator>
void maxwell_boltzmann(particles<T, D>& ps, T temperature, Generator& generator) {
  detail::require(is_finite(temperature) && temperature > T(0),
                  "carom::maxwell_boltzmann: temperature must be finite and > 0");
  if (ps.empty()) return;
  std::normal_distribution<double> gauss;
  auto v = ps.velocities();
  const auto m = ps.masses();
  vec<double, D> momentum{};
  double total_mass = 0;
  for (std::size_t i = 0; i < ps.size(); ++i) {
    vec<double, D> u{};
    for (std::size_t a = 0; a < D; ++a) u[a] = gauss(generator) / std::sqrt(double(m[i]));
    for (std::size_t a = 0; a < D; ++a) v[i][a] = T(u[a]);
    momentum += double(m[i]) * u;
    total_mass += double(m[i]);
  }
  const vec<double, D> drift = momentum / total_mass;
  double twice_kinetic = 0;
  for (std::size_t i = 0; i < ps.size(); ++i) {
    vec<double, D> u{};
    for (std::size_t a = 0; a < D; ++a) u[a] = double(v[i][a]) - drift[a];
    twice_kinetic += double(m[i]) * squared_norm(u);
    for (std::size_t a = 0; a < D; ++a) v[i][a] = T(u[a]);
  }
  const double scale = std::sqrt(double(D) * double(ps.size()) * double(temperature) / twice_kinetic);
  for (std::size_t i = 0; i < ps.size(); ++i) v[i] = v[i] * T(scale);
}

}  // namespace carom
