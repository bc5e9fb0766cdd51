// SPDX-License-Identifier: MIT
#pragma once
/// The interface the three engines share, so that output, progress and
/// analysis code is written once for all of them:
///   - carom::event_driven<T, D, Resolver, Policies>: hard particles, exact
///     collision times, one event at a time (engines/event_driven/);
///   - carom::dem<T, D, Law, Policies>: soft-sphere DEM on a fixed time step
///     (engines/dem/);
///   - carom::impulse_stepped<T, D, Resolver, Integrator>: hard particles on
///     a fixed time step, collisions inside a step found by sweeping
///     (engines/impulse/).

#include <concepts>
#include <cstddef>
#include <cstdint>

#include "carom/core/concepts.hpp"
#include "carom/core/vec.hpp"
#include "carom/geometry/box.hpp"
#include "carom/particles/particles.hpp"

namespace carom {

/// The observer that does nothing: the zero-cost default of every engine's
/// run functions (the engine skips building what it would be given).
struct null_observer {
  template <class... Seen>
  constexpr void operator()(const Seen&...) const noexcept {}
};

/// The former name of carom::null_observer for the time-stepped engines.
using null_engine_observer [[deprecated("use carom::null_observer")]] = null_observer;

/// A carom engine. For an engine `e`, a time `t` (double), a count `n`
/// (std::uint64_t) and an observer `f`, the valid expressions are
///   - `E::scalar_type` (T) and `E::space_dimension` (D);
///   - `e.time()` → convertible to double: the simulated time;
///   - `e.run_until(t)`, `e.run_until(t, f)`: advance to time t (a
///     time-stepped engine stops on the step nearest to t);
///   - `e.run(n)`, `e.run(n, f)`: n more pair collisions (event-driven) or
///     n steps (time-stepped);
///   - `e.state()` → `const carom::particles<T, D>&`: positions, velocities,
///     angular velocities, radii, masses and ids at e.time(), in the order
///     the particles were given;
///   - `e.container()` → `const carom::box<T, D>&`;
///   - `e.kinetic_energy()` → T (Σ ½ m v²), `e.momentum()` → vec<T, D>.
/// The observer is called once per event or step: with a
/// carom::collision_record for every collision (event-driven), with the
/// engine after every step (time-stepped). Modelled by carom::event_driven,
/// carom::dem and carom::impulse_stepped.
template <class E>
concept engine =
    requires {
      typename E::scalar_type;
      requires dimension<E::space_dimension>;
    } &&
    requires(E& e, const E& c, double t, std::uint64_t n) {
      { c.time() } -> std::convertible_to<double>;
      e.run_until(t);
      e.run_until(t, null_observer{});
      e.run(n);
      e.run(n, null_observer{});
      { e.state() } -> std::same_as<const particles<typename E::scalar_type, E::space_dimension>&>;
      { c.container() } -> std::same_as<const box<typename E::scalar_type, E::space_dimension>&>;
      { c.kinetic_energy() } -> std::convertible_to<typename E::scalar_type>;
      { c.momentum() } -> std::convertible_to<vec<typename E::scalar_type, E::space_dimension>>;
    };

/// A carom::engine of scalar T in dimension D.
template <class E, class T, std::size_t D>
concept engine_of = engine<E> && std::same_as<typename E::scalar_type, T> && E::space_dimension == D;

}  // namespace carom
