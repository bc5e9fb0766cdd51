// SPDX-License-Identifier: MIT
#pragma once
/// Concepts of the event layer.

#include <concepts>
#include <cstddef>
#include <cstdint>

#include "carom/core/concepts.hpp"

namespace carom {

/// A queue holding exactly one scheduled time per particle (the
/// "one event per particle" design): the engine re-keys a particle whenever
/// its next event changes, and always processes the particle with the
/// earliest time. Valid expressions, for Q a queue over times of type T:
///   `Q(n)` — n particles, every time +∞;
///   `q.update(i, t)` — particle i's next event is now at t;
///   `q.top()` — the particle with the earliest time; `q.top_time()` that time;
///   `q.time_of(i)`; `q.shift(dt)` — subtract dt from every time (order kept).
/// Models: carom::bucket_queue<T>, carom::binary_heap_queue<T>.
template <class Q, class T>
concept event_queue = scalar<T> && std::constructible_from<Q, std::size_t> &&
                      requires(Q& q, const Q& cq, std::uint32_t i, T t) {
                        q.update(i, t);
                        { cq.top() } -> std::convertible_to<std::uint32_t>;
                        { cq.top_time() } -> std::convertible_to<T>;
                        { cq.time_of(i) } -> std::convertible_to<T>;
                        q.shift(t);
                      };

}  // namespace carom
