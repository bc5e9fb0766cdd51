// SPDX-License-Identifier: MIT
#pragma once
/// The binary min-heap both event queues order their events with: items
/// (time, particle) in an array, each move reported to the queue so that it
/// can find a particle's item again (an indexed heap, re-keyed in place).

#include <cstddef>
#include <cstdint>
#include <vector>

#include "carom/core/concepts.hpp"

namespace carom::detail {

/// One heap entry: a particle's time next to its index, so that sifting
/// compares without leaving the heap array.
template <scalar T>
struct heap_item {
  T time;
  std::uint32_t particle;
};

/// Moves heap[k] up to its place. place(slot, item) stores item at slot
/// and records where it went.
template <scalar T, class Place>
inline void sift_up(std::vector<heap_item<T>>& heap, std::size_t k, Place&& place) noexcept {
  const heap_item<T> moving = heap[k];
  while (k > 0) {
    const std::size_t parent = (k - 1) / 2;
    if (!(moving.time < heap[parent].time)) break;
    place(k, heap[parent]);
    k = parent;
  }
  place(k, moving);
}

/// Moves heap[k] down to its place (see sift_up).
template <scalar T, class Place>
inline void sift_down(std::vector<heap_item<T>>& heap, std::size_t k, Place&& place) noexcept {
  const heap_item<T> moving = heap[k];
  const std::size_t n = heap.size();
  for (;;) {
    std::size_t child = 2 * k + 1;
    if (child >= n) break;
    if (child + 1 < n && heap[child + 1].time < heap[child].time) ++child;
    if (!(heap[child].time < moving.time)) break;
    place(k, heap[child]);
    k = child;
  }
  place(k, moving);
}

}  // namespace carom::detail
