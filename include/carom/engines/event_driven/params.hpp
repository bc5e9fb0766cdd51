// SPDX-License-Identifier: MIT
#pragma once
/// Parameters and policies of carom::event_driven
/// (engines/event_driven/event_driven.hpp).

#include <cstddef>
#include <vector>

#include "carom/core/concepts.hpp"
#include "carom/core/vec.hpp"
#include "carom/events/binary_heap_queue.hpp"
#include "carom/events/bucket_queue.hpp"
#include "carom/geometry/plane.hpp"
#include "carom/spatial/cell_lists.hpp"
#include "carom/spatial/concepts.hpp"
#include "carom/spatial/neighbour_lists.hpp"

namespace carom {

namespace detail {

/// A queue template constructed from a particle count alone (a
/// carom::event_queue), as a queue policy without options.
template <template <class...> class Queue>
struct sized_queue_policy {
  template <class T>
  class type : public Queue<T> {
   public:
    type(std::size_t n, const sized_queue_policy& /*options*/) : Queue<T>(n) {}
  };
};

/// The queue policy of a queue template: Queue<> if that names one
/// (carom::bucket_queue<>, carom::binary_heap_queue<>), else Queue wrapped.
template <template <class...> class Queue>
struct queue_policy_of {
  using type = sized_queue_policy<Queue>;
};

template <template <class...> class Queue>
  requires requires { typename Queue<>::template type<double>; }
struct queue_policy_of<Queue> {
  using type = Queue<>;
};

}  // namespace detail

/// The engine's policies, named by their templates: the neighbour search
/// (carom::neighbour_lists or carom::cell_lists, a carom::event_search) and
/// the event queue (carom::bucket_queue or carom::binary_heap_queue). `queue`
/// is the queue's policy (carom::event_queue_policy), e.g.
/// carom::bucket_queue<>, whose options carom::event_driven_params holds.
/// Any type with members `search` and `queue` naming the two policies may
/// stand in for event_policies.
template <class Search = neighbour_lists, template <class...> class Queue = bucket_queue>
struct event_policies {
  using search = Search;
  using queue = typename detail::queue_policy_of<Queue>::type;
};

/// Everything about an event-driven run besides the box and the particles.
template <scalar T, std::size_t D, class Resolver, class Search = neighbour_lists,
          class Queue = bucket_queue<>>
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
  /// Options of the event queue (e.g. the bucket queue's buckets per
  /// particle).
  Queue queue{};
};

}  // namespace carom
