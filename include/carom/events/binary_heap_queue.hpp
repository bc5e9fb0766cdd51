// SPDX-License-Identifier: MIT
#pragma once
/// An indexed binary min-heap with exactly one entry per particle: O(log N)
/// re-keying, O(1) access to the earliest event, no stale entries (a
/// particle's entry is moved, never duplicated). Entries hold their key, so
/// sifting touches only the heap array.
///
/// `carom::binary_heap_queue<T>` is the queue; `carom::binary_heap_queue<>`
/// (T = void, as with carom::bucket_queue<>) is its queue policy for
/// carom::event_driven (events/concepts.hpp), without options.

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "carom/core/concepts.hpp"
#include "carom/core/math.hpp"
#include "carom/events/detail/heap.hpp"

namespace carom {

/// Min-heap over one time per particle (a model of carom::event_queue) for
/// a scalar T; its (empty) options for T = void.
template <class T = void>
  requires scalar<T> || std::is_void_v<T>
class binary_heap_queue;

/// The queue policy that makes a carom::binary_heap_queue
/// (carom::event_queue_policy); the heap has no options.
template <>
class binary_heap_queue<void> {
 public:
  template <scalar T>
  using type = binary_heap_queue<T>;
};

template <class T>
  requires scalar<T> || std::is_void_v<T>
class binary_heap_queue {
 public:
  using time_type = T;

  /// n particles, each scheduled at +∞.
  explicit binary_heap_queue(std::size_t n, const binary_heap_queue<>& /*options*/ = {})
      : heap_(n), where_(n) {
    for (std::size_t k = 0; k < n; ++k) {
      heap_[k] = {infinity<T>, static_cast<std::uint32_t>(k)};
      where_[k] = static_cast<std::uint32_t>(k);
    }
  }

  /// Particle i's next event is at t.
  void update(std::uint32_t i, T t) noexcept {
    std::size_t k = where_[i];
    const T old = heap_[k].time;
    heap_[k].time = t;
    if (t < old) sift_up(k);
    else sift_down(k);
  }

  [[nodiscard]] std::uint32_t top() const noexcept { return heap_[0].particle; }
  [[nodiscard]] T top_time() const noexcept { return heap_[0].time; }
  [[nodiscard]] T time_of(std::uint32_t i) const noexcept { return heap_[where_[i]].time; }
  [[nodiscard]] std::size_t size() const noexcept { return heap_.size(); }

  /// Subtracts dt from every time: the order is kept because rounding is
  /// monotone (x ≤ y implies x − dt ≤ y − dt in floating point).
  void shift(T dt) noexcept {
    for (auto& entry : heap_) entry.time -= dt;
  }

 private:
  using entry = detail::heap_item<T>;

  [[nodiscard]] auto place() noexcept {
    return [this](std::size_t k, const entry& e) {
      heap_[k] = e;
      where_[e.particle] = static_cast<std::uint32_t>(k);
    };
  }

  void sift_up(std::size_t k) noexcept { detail::sift_up(heap_, k, place()); }
  void sift_down(std::size_t k) noexcept { detail::sift_down(heap_, k, place()); }

  std::vector<entry> heap_;
  std::vector<std::uint32_t> where_;
};

}  // namespace carom
