// SPDX-License-Identifier: MIT
#pragma once
/// The integrator's two halves of a carom::dem step over every particle
/// (integrate/concepts.hpp): advance before the force pass, correct after
/// it, with the acceleration F/m + g (no g for a fixed particle) and the
/// angular acceleration τ/I.

#include <cstddef>
#include <span>

#include "carom/config.hpp"
#include "carom/core/concepts.hpp"
#include "carom/core/vec.hpp"

namespace carom::detail {

/// The particle fields the integrator moves, and what sets their
/// accelerations.
template <scalar T, std::size_t D>
struct dem_motion {
  std::span<vec<T, D>> position;
  std::span<vec<T, D>> velocity;
  std::span<angular<T, D>> angular_velocity;
  std::span<const vec<T, D>> force;
  std::span<const angular<T, D>> torque;
  std::span<const T> inverse_mass;     // 0 for a fixed particle
  std::span<const T> inverse_inertia;  // 0 for a fixed or rotation-locked one
  std::span<const T> mobile;           // 1, or 0 for a fixed particle
  vec<T, D> gravity;
  T dt;
  int threads;  // > 1: the particles are shared among that many threads
};

// Both are inlined into the step: called, they read the spans of the
// view from memory (callgrind: 2 % more instructions per step).

/// Integrator::advance for every particle, with the accelerations of the
/// last force pass.
template <class Integrator, scalar T, std::size_t D>
CAROM_ALWAYS_INLINE inline void advance_particles(const dem_motion<T, D>& m) noexcept {
  CAROM_OMP(parallel for num_threads(m.threads) if(m.threads > 1) schedule(static))
  for (std::size_t i = 0; i < m.position.size(); ++i) {
    const vec<T, D> a = m.force[i] * m.inverse_mass[i] + m.gravity * m.mobile[i];
    Integrator::advance(m.position[i], m.velocity[i], a, m.dt);
    angular<T, D> orientation{};  // spheres are isotropic: no orientation kept
    Integrator::advance(orientation, m.angular_velocity[i],
                        angular<T, D>(m.torque[i] * m.inverse_inertia[i]), m.dt);
  }
}

/// Integrator::correct for every particle, with the accelerations of the
/// force pass that just ran.
template <class Integrator, scalar T, std::size_t D>
CAROM_ALWAYS_INLINE inline void correct_particles(const dem_motion<T, D>& m) noexcept {
  CAROM_OMP(parallel for num_threads(m.threads) if(m.threads > 1) schedule(static))
  for (std::size_t i = 0; i < m.position.size(); ++i) {
    Integrator::correct(m.velocity[i],
                        vec<T, D>(m.force[i] * m.inverse_mass[i] + m.gravity * m.mobile[i]), m.dt);
    Integrator::correct(m.angular_velocity[i],
                        angular<T, D>(m.torque[i] * m.inverse_inertia[i]), m.dt);
  }
}

}  // namespace carom::detail
