// SPDX-License-Identifier: MIT
#pragma once
// Scenes shared by the impulse-mode tests (tests/engines/impulse_stepped.cpp,
// tests/validation/impulse_*.cpp).

#include <carom/carom.hpp>

#include <cstddef>
#include <random>
#include <vector>

namespace impulse_test {

/// A vector with the given first components, the rest 0.
template <class T, std::size_t D>
carom::vec<T, D> at(T x, T y = T(0), T z = T(0)) {
  carom::vec<T, D> v{};
  v[0] = x;
  v[1] = y;
  if constexpr (D == 3) v[2] = z;
  return v;
}

/// A cube [-half, half]^D with the same boundary on every axis.
template <class T, std::size_t D>
carom::box<T, D> centred_box(T half, carom::boundary kind) {
  std::array<carom::boundary, D> kinds;
  kinds.fill(kind);
  carom::vec<T, D> lo, hi;
  for (std::size_t a = 0; a < D; ++a) lo[a] = -half, hi[a] = half;
  return carom::box<T, D>(lo, hi, kinds);
}

/// An equal-sphere gas (σ = m = 1) on a lattice at packing fraction phi in a
/// periodic or walled cube, Maxwell–Boltzmann velocities at kT = 1, zero
/// total momentum.
template <class T, std::size_t D>
carom::lattice_result<T, D> gas(std::size_t n, T phi, carom::boundary kind, unsigned seed = 7) {
  auto scene = carom::lattice<T, D>(n, phi, kind);
  std::mt19937_64 generator(seed);
  carom::maxwell_boltzmann(scene.particles, T(1), generator);
  return scene;
}

/// The same particles added in the order perm (the copy's particle s is
/// the original's perm[s]).
template <class T, std::size_t D>
carom::particles<T, D> permuted(const carom::particles<T, D>& ps,
                                const std::vector<std::size_t>& perm) {
  carom::particles<T, D> out;
  for (const std::size_t i : perm)
    out.add({.position = ps.positions()[i],
             .velocity = ps.velocities()[i],
             .radius = ps.radii()[i],
             .mass = ps.masses()[i]});
  return out;
}

}  // namespace impulse_test
