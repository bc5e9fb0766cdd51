// SPDX-License-Identifier: MIT
#pragma once
/// The two explicit integrators of DEM codes, as carom::integrator policies
/// (integrate/concepts.hpp). Each kernel is generic over the value type, so
/// one body serves translation (vec<T, D>) and rotation (T in 2D, vec<T, 3>
/// in 3D).
///
/// Both are symplectic for conservative forces (velocity Verlet second
/// order, symplectic Euler first); velocity-dependent (damping) forces see
/// a velocity lagged by half a step (velocity Verlet) or by a whole one
/// (symplectic Euler): a first-order error in the restitution
/// (contact/time_step.hpp). The critical steps of contact/time_step.hpp are
/// velocity Verlet's.

#include "carom/core/concepts.hpp"

namespace carom {

/// Symplectic (semi-implicit) Euler, drift then kick:
///   x_{n+1} = x_n + v_n dt,  v_{n+1} = v_n + a(x_{n+1}, v_n) dt.
/// (The kick-then-drift variant has the positions of velocity Verlet.)
/// Damping forces see the velocity of the previous step.
struct symplectic_euler {
  template <class V, scalar T>
  static constexpr void advance(V& x, V& v, const V&, T dt) noexcept {
    x += v * dt;
  }
  template <class V, scalar T>
  static constexpr void correct(V& v, const V& a, T dt) noexcept {
    v += a * dt;
  }
};

/// Velocity Verlet in its DEM form (LAMMPS fix nve/sphere):
///   v_{n+½} = v_n + a_n dt/2,  x_{n+1} = x_n + v_{n+½} dt,
///   forces at x_{n+1} with v_{n+½},  v_{n+1} = v_{n+½} + a_{n+1} dt/2.
struct velocity_verlet {
  template <class V, scalar T>
  static constexpr void advance(V& x, V& v, const V& a, T dt) noexcept {
    v += a * (T(0.5) * dt);
    x += v * dt;
  }
  template <class V, scalar T>
  static constexpr void correct(V& v, const V& a, T dt) noexcept {
    v += a * (T(0.5) * dt);
  }
};

}  // namespace carom
