// SPDX-License-Identifier: MIT
#pragma once
/// Parameters and policies of carom::event_driven
/// (engines/event_driven/event_driven.hpp).

#include <cstddef>
#include <vector>

#include "carom/core/concepts.hpp"
#include "carom/core/vec.hpp"
#include "carom/events/bucket_queue.hpp"
#include "carom/geometry/plane.hpp"
#include "carom/spatial/cell_lists.hpp"
#include "carom/spatial/concepts.hpp"
#include "carom/spatial/neighbour_lists.hpp"

namespace carom {

/// The engine's neighbour search (carom::neighbour_lists or
/// carom::cell_lists) and event queue (a carom::event_queue).
template <class Search = neighbour_lists, template <class> class Queue = bucket_queue>
struct event_policies {
  using search = Search;
  template <class T>
  using queue = Queue<T>;
};

/// Everything about an event-driven run besides the box and the particles.
template <scalar T, std::size_t D, class Resolver, class Search = neighbour_lists>
struct event_driven_params {
  /// Uniform acceleration (zero: straight flights).
  vec<T, D> gravity{};
  /// Walls besides the box's own (any orientation, normal pointing inwards).
  std::vector<plane<T, D>> planes{};
  /// How much normal velocity a collision keeps.
  Resolver resolver{};
  /// Inelastic-collapse guard (the "TC model" of Luding & McNamara): a
  /// collision within this time of either participant's previous collision
  /// is elastic. 0 disables it; it matters only for e < 1.
  T collapse_guard_time = T(0);
  /// Options of the neighbour search (e.g. the cage size of neighbour lists).
  Search search{};
};

}  // namespace carom
