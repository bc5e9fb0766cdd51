// SPDX-License-Identifier: MIT
#pragma once
/// What the contact passes of carom::dem (detail/pair_contacts.hpp,
/// detail/wall_contacts.hpp) see of its structure-of-arrays particle
/// storage: spans over the fields they read, and over the force and torque
/// sums they add to. Made once per pass, so the loops index plain arrays.

#include <cstddef>
#include <span>

#include "carom/core/concepts.hpp"
#include "carom/core/vec.hpp"
#include "carom/particles/particles.hpp"

namespace carom::detail {

/// The particle fields a contact pass reads, indexed by particle.
template <scalar T, std::size_t D>
struct dem_particle_view {
  std::span<const vec<T, D>> position;
  std::span<const vec<T, D>> velocity;
  std::span<const angular<T, D>> angular_velocity;
  std::span<const T> radius;
  std::span<const T> mass;
  std::span<const T> inverse_mass;  // 0 for a fixed particle
  std::span<const T> mobile;        // 1, or 0 for a fixed particle
  std::span<const species_index> species;  // empty with one species
};

/// The contact force and torque sums of each particle, which a pass adds to.
template <scalar T, std::size_t D>
struct dem_force_sums {
  std::span<vec<T, D>> force;
  std::span<angular<T, D>> torque;
};

}  // namespace carom::detail
