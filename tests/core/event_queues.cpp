// SPDX-License-Identifier: MIT
#include <carom/core/error.hpp>
#include <carom/events/binary_heap_queue.hpp>
#include <carom/events/bucket_queue.hpp>
#include <carom/events/concepts.hpp>

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <set>
#include <utility>

#include "support.hpp"

static_assert(carom::event_queue<carom::binary_heap_queue<double>, double>);
static_assert(carom::event_queue<carom::bucket_queue<float>, float>);
static_assert(carom::event_queue_policy<carom::bucket_queue<>, double>);
static_assert(carom::event_queue_policy<carom::binary_heap_queue<>, float>);

namespace event_queues_test {

// Drives a queue of n particles the way the engine does (pop the earliest,
// reschedule it later, reschedule a few others anywhere, shift the origin
// now and then) and checks every answer against an ordered set.
template <class Queue>
void check_against_sorted_set(Queue& queue, std::uint32_t n, int steps = 200000) {
  using T = typename Queue::time_type;
  std::set<std::pair<T, std::uint32_t>> reference;
  std::vector<T> times(n, std::numeric_limits<T>::infinity());
  auto set = [&](std::uint32_t i, T t) {
    reference.erase({times[i], i});
    times[i] = t;
    reference.insert({t, i});
    queue.update(i, t);
  };
  for (std::uint32_t i = 0; i < n; ++i) reference.insert({times[i], i});
  for (std::uint32_t i = 0; i < n; ++i)
    set(i, i % 10 == 0 ? std::numeric_limits<T>::infinity() : carom_test::uniform<T>(0, 1));
  T now = 0;
  for (int step = 0; step < steps; ++step) {
    REQUIRE(queue.top_time() == reference.begin()->first);
    const std::uint32_t i = queue.top();
    REQUIRE(times[i] == reference.begin()->first);
    now = times[i];
    REQUIRE(std::isfinite(now));
    const T gap = -std::log(carom_test::uniform<T>(T(1e-6), 1)) * T(0.01);
    set(i, step % 97 == 0 ? now : now + gap);  // ties with now happen
    if (step % 3 == 0) {
      const auto j = static_cast<std::uint32_t>(carom_test::uniform<double>(0, n - 1));
      set(j, step % 5 == 0 ? std::numeric_limits<T>::infinity() : now + T(3) * gap);
    }
    if (step % 50000 == 49999) {  // move the origin to now
      queue.shift(now);
      std::set<std::pair<T, std::uint32_t>> shifted;
      for (std::uint32_t k = 0; k < n; ++k) {
        times[k] -= now;
        shifted.insert({times[k], k});
      }
      reference.swap(shifted);
      now = 0;
    }
    REQUIRE(queue.time_of(i) == times[i]);
  }
}

}  // namespace event_queues_test

TEMPLATE_PRODUCT_TEST_CASE("event queues return the earliest time like a sorted set",
                           "[events]", (carom::binary_heap_queue, carom::bucket_queue),
                           (float, double)) {
  const std::uint32_t n = 3000;
  TestType queue(n);
  event_queues_test::check_against_sorted_set(queue, n);
}

TEST_CASE("a bucket queue made by its policy with other options keeps the order", "[events]") {
  const std::uint32_t n = 3000;
  for (const carom::bucket_queue<> options :
       {carom::bucket_queue<>{.buckets_per_particle = 4, .span = 0.5},
        carom::bucket_queue<>{.buckets_per_particle = 0.001, .span = 40}}) {
    carom::bucket_queue<>::type<double> queue(n, options);
    event_queues_test::check_against_sorted_set(queue, n, 60000);
  }
  carom::binary_heap_queue<>::type<float> heap(n, carom::binary_heap_queue<>{});
  event_queues_test::check_against_sorted_set(heap, n, 60000);
}

TEST_CASE("bucket queue options out of range are rejected", "[events]") {
  using options = carom::bucket_queue<>;
  const double inf = std::numeric_limits<double>::infinity();
  for (const options bad : {options{.buckets_per_particle = 0}, options{.buckets_per_particle = -1},
                            options{.buckets_per_particle = 65}, options{.buckets_per_particle = inf},
                            options{.span = 0}, options{.span = std::nan("")}, options{.span = inf}})
    CHECK_THROWS_AS(carom::bucket_queue<double>(10, bad), carom::invalid_input);
  CHECK_NOTHROW(carom::bucket_queue<double>(10, options{.buckets_per_particle = 64, .span = 1e-3}));
}
