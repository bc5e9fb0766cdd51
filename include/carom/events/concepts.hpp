// SPDX-License-Identifier: MIT
#pragma once
/// Concepts of the event layer.

#include <concepts>
#include <cstddef>
#include <cstdint>

#include "carom/core/concepts.hpp"

namespace carom {

namespace detail {

// The requirements of carom::event_queue, one concept each, so that a
// compiler's diagnostic names the one a type misses. Together they are
// exactly carom::event_queue; ordered as the requirements are checked.

/// `Q(n)` is valid for a std::size_t n.
template <class Q>
concept event_queue_is_constructible_from_size = std::constructible_from<Q, std::size_t>;

/// `q.update(i, t)` is a valid expression.
template <class Q, class T>
concept event_queue_has_update = requires(Q& q, std::uint32_t i, T t) {
  q.update(i, t);
};

/// `q.top()` is a valid expression on a const queue.
template <class Q>
concept event_queue_has_top = requires(const Q& cq) {
  cq.top();
};

/// `q.top()` returns a type convertible to std::uint32_t.
template <class Q>
concept event_queue_top_converts_to_index = requires(const Q& cq) {
  { cq.top() } -> std::convertible_to<std::uint32_t>;
};

/// `q.top_time()` is a valid expression on a const queue.
template <class Q>
concept event_queue_has_top_time = requires(const Q& cq) {
  cq.top_time();
};

/// `q.top_time()` returns a type convertible to T.
template <class Q, class T>
concept event_queue_top_time_converts_to_scalar = requires(const Q& cq) {
  { cq.top_time() } -> std::convertible_to<T>;
};

/// `q.time_of(i)` is a valid expression on a const queue.
template <class Q>
concept event_queue_has_time_of = requires(const Q& cq, std::uint32_t i) {
  cq.time_of(i);
};

/// `q.time_of(i)` returns a type convertible to T.
template <class Q, class T>
concept event_queue_time_of_converts_to_scalar = requires(const Q& cq, std::uint32_t i) {
  { cq.time_of(i) } -> std::convertible_to<T>;
};

/// `q.shift(dt)` is a valid expression.
template <class Q, class T>
concept event_queue_has_shift = requires(Q& q, T t) {
  q.shift(t);
};

}  // namespace detail

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
concept event_queue = scalar<T> && detail::event_queue_is_constructible_from_size<Q> &&
    detail::event_queue_has_update<Q, T> && detail::event_queue_has_top<Q> &&
    detail::event_queue_top_converts_to_index<Q> && detail::event_queue_has_top_time<Q> &&
    detail::event_queue_top_time_converts_to_scalar<Q, T> && detail::event_queue_has_time_of<Q> &&
    detail::event_queue_time_of_converts_to_scalar<Q, T> && detail::event_queue_has_shift<Q, T>;

}  // namespace carom
