// SPDX-License-Identifier: MIT
#pragma once
/// The integrator concept of the time-stepped (DEM) engine, after
/// Boost.Odeint's steppers: the engine never knows which scheme it runs.
///
/// A step splits around the one force evaluation it contains:
///   1. `I::advance(x, v, a, dt)` for every particle, a the acceleration of
///      the previous force evaluation: moves x (and v as the scheme wants);
///   2. the engine computes forces at the new positions, reading v;
///   3. `I::correct(v, a, dt)` with the new acceleration.
/// The same two kernels advance rotation: `advance(θ, ω, α, dt)` and
/// `correct(ω, α, dt)` with θ, ω, α of type carom::angular<T, D> (a scalar
/// about z in 2D, a vector in 3D). Spheres and disks are isotropic, so the
/// engine keeps no orientation: it passes a scratch θ that it discards.

#include <cstddef>

#include "carom/core/concepts.hpp"
#include "carom/core/vec.hpp"

namespace carom {

/// An integrator policy for scalar T in dimension D. Valid expressions, all
/// static and noexcept, for lvalues x, v (vec<T, D>), θ, ω (angular<T, D>),
/// const a (vec<T, D>), const α (angular<T, D>) and T dt > 0:
///   - `I::advance(x, v, a, dt)`, `I::advance(θ, ω, α, dt)`: before forces;
///   - `I::correct(v, a, dt)`, `I::correct(ω, α, dt)`: after forces.
/// Models: carom::symplectic_euler, carom::velocity_verlet
/// (integrate/integrators.hpp), and any user type with these four kernels.
template <class I, class T, std::size_t D>
concept integrator = scalar<T> && dimension<D> &&
    requires(vec<T, D>& x, vec<T, D>& v, const vec<T, D>& a, angular<T, D>& theta,
             angular<T, D>& omega, const angular<T, D>& alpha, T dt) {
  { I::advance(x, v, a, dt) } noexcept;
  { I::correct(v, a, dt) } noexcept;
  { I::advance(theta, omega, alpha, dt) } noexcept;
  { I::correct(omega, alpha, dt) } noexcept;
};

}  // namespace carom
