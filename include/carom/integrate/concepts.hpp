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

namespace detail {

// The requirements of carom::integrator, one concept each, so that a
// compiler's diagnostic names the one a type misses (for instance the
// rotation overloads, "integrator_has_advance_for_angular"). Together they are
// exactly carom::integrator; ordered as the requirements are checked.

/// `I::advance(x, v, a, dt)` is a valid expression (x, v, a of type vec<T, D>).
template <class I, class T, std::size_t D>
concept integrator_has_advance_for_vec = requires(vec<T, D>& x, vec<T, D>& v, const vec<T, D>& a,
                                                  T dt) {
  I::advance(x, v, a, dt);
};

/// `I::advance(x, v, a, dt)` is noexcept.
template <class I, class T, std::size_t D>
concept integrator_advance_for_vec_is_noexcept = requires(vec<T, D>& x, vec<T, D>& v,
                                                          const vec<T, D>& a, T dt) {
  { I::advance(x, v, a, dt) }
  noexcept;
};

/// `I::correct(v, a, dt)` is a valid expression (v, a of type vec<T, D>).
template <class I, class T, std::size_t D>
concept integrator_has_correct_for_vec = requires(vec<T, D>& v, const vec<T, D>& a, T dt) {
  I::correct(v, a, dt);
};

/// `I::correct(v, a, dt)` is noexcept.
template <class I, class T, std::size_t D>
concept integrator_correct_for_vec_is_noexcept = requires(vec<T, D>& v, const vec<T, D>& a, T dt) {
  { I::correct(v, a, dt) }
  noexcept;
};

/// `I::advance(theta, omega, alpha, dt)` is a valid expression (θ, ω, α of type angular<T, D>).
template <class I, class T, std::size_t D>
concept integrator_has_advance_for_angular = requires(angular<T, D>& theta, angular<T, D>& omega,
                                                      const angular<T, D>& alpha, T dt) {
  I::advance(theta, omega, alpha, dt);
};

/// `I::advance(theta, omega, alpha, dt)` is noexcept.
template <class I, class T, std::size_t D>
concept integrator_advance_for_angular_is_noexcept = requires(angular<T, D>& theta,
                                                              angular<T, D>& omega,
                                                              const angular<T, D>& alpha, T dt) {
  { I::advance(theta, omega, alpha, dt) }
  noexcept;
};

/// `I::correct(omega, alpha, dt)` is a valid expression (ω, α of type angular<T, D>).
template <class I, class T, std::size_t D>
concept integrator_has_correct_for_angular = requires(angular<T, D>& omega,
                                                      const angular<T, D>& alpha, T dt) {
  I::correct(omega, alpha, dt);
};

/// `I::correct(omega, alpha, dt)` is noexcept.
template <class I, class T, std::size_t D>
concept integrator_correct_for_angular_is_noexcept = requires(angular<T, D>& omega,
                                                              const angular<T, D>& alpha, T dt) {
  { I::correct(omega, alpha, dt) }
  noexcept;
};

}  // namespace detail

/// An integrator policy for scalar T in dimension D. Valid expressions, all
/// static and noexcept, for lvalues x, v (vec<T, D>), θ, ω (angular<T, D>),
/// const a (vec<T, D>), const α (angular<T, D>) and T dt > 0:
///   - `I::advance(x, v, a, dt)`, `I::advance(θ, ω, α, dt)`: before forces;
///   - `I::correct(v, a, dt)`, `I::correct(ω, α, dt)`: after forces.
/// Models: carom::symplectic_euler, carom::velocity_verlet
/// (integrate/integrators.hpp), and any user type with these four kernels.
template <class I, class T, std::size_t D>
concept integrator = scalar<T> && dimension<D> && detail::integrator_has_advance_for_vec<I, T, D> &&
    detail::integrator_advance_for_vec_is_noexcept<I, T, D> &&
    detail::integrator_has_correct_for_vec<I, T, D> &&
    detail::integrator_correct_for_vec_is_noexcept<I, T, D> &&
    detail::integrator_has_advance_for_angular<I, T, D> &&
    detail::integrator_advance_for_angular_is_noexcept<I, T, D> &&
    detail::integrator_has_correct_for_angular<I, T, D> &&
    detail::integrator_correct_for_angular_is_noexcept<I, T, D>;

}  // namespace carom
