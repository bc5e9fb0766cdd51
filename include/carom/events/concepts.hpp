// SPDX-License-Identifier: MIT
#pragma once
/// Concepts of the event layer: carom::event_queue (a queue of one time per
/// particle) and carom::event_queue_policy (the options type that names a
/// queue and configures it, as carom::event_search does for the neighbour
/// search in spatial/concepts.hpp).

#include <concepts>
#include <cstddef>
#include <cstdint>

#include "carom/core/concepts.hpp"

namespace carom {

namespace detail {

// The requirements of carom::event_queue and carom::event_queue_policy,
// one concept each, so that a compiler's diagnostic names the one a type
// misses; ordered as the requirements are checked.

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

/// Every operation of carom::event_queue, without the constructor from a
/// size (a policy's queue is constructed from (size, options) instead).
template <class Q, class T>
concept event_queue_operations =
    event_queue_has_update<Q, T> && event_queue_has_top<Q> && event_queue_top_converts_to_index<Q> &&
    event_queue_has_top_time<Q> && event_queue_top_time_converts_to_scalar<Q, T> &&
    event_queue_has_time_of<Q> && event_queue_time_of_converts_to_scalar<Q, T> &&
    event_queue_has_shift<Q, T>;

/// The policy can be copied (carom::event_driven_params holds one).
template <class P>
concept event_queue_policy_is_copy_constructible = std::copy_constructible<P>;

/// `P::type<T>` names the queue.
template <class P, class T>
concept event_queue_policy_has_type = requires { typename P::template type<T>; };

/// `P::type<T>(n, options)` is valid for a std::size_t n and a const P.
template <class P, class T>
concept event_queue_policy_type_is_constructible_from_size_and_options =
    std::constructible_from<typename P::template type<T>, std::size_t, const P&>;

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
    detail::event_queue_operations<Q, T>;

/// The queue policy of carom::event_driven, chosen like its neighbour
/// search (carom::event_search): P is a small options type whose member
/// template `P::type<T>` is the queue, constructed from (particle count,
/// options) and offering every operation of carom::event_queue.
/// carom::event_driven_params holds one (`queue`).
/// Models: carom::bucket_queue<> (options: buckets per particle, span),
/// carom::binary_heap_queue<> (none).
template <class P, class T>
concept event_queue_policy = scalar<T> && detail::event_queue_policy_is_copy_constructible<P> &&
    detail::event_queue_policy_has_type<P, T> &&
    detail::event_queue_policy_type_is_constructible_from_size_and_options<P, T> &&
    detail::event_queue_operations<typename P::template type<T>, T>;

}  // namespace carom
