// SPDX-License-Identifier: MIT
#pragma once
/// What the output helpers (io/observers.hpp) and the writers' engine
/// call operators need from an engine.

#include <concepts>
#include <cstddef>
#include <type_traits>

#include "carom/core/concepts.hpp"
#include "carom/geometry/box.hpp"
#include "carom/particles/particles.hpp"

namespace carom {

/// An engine that can be driven to a time. Valid expressions, for an
/// lvalue `e` and a double `t`: `e.run_until(t)`; `e.time()`, convertible to
/// double. Modelled by carom::event_driven.
template <class Engine>
concept timed_engine = requires(Engine& e, double t) {
  e.run_until(t);
  { e.time() } -> std::convertible_to<double>;
};

/// A timed_engine whose state can be written: `e.state()` gives a
/// `const carom::particles<T, D>&` synchronised to `e.time()`, and
/// `e.container()` a `const carom::box<T, D>&`. Modelled by
/// carom::event_driven<T, D, …>.
template <class Engine, class T, std::size_t D>
concept snapshot_engine = timed_engine<Engine> && requires(Engine& e) {
  { e.state() } -> std::convertible_to<const particles<T, D>&>;
  { e.container() } -> std::convertible_to<const box<T, D>&>;
};

}  // namespace carom
