// SPDX-License-Identifier: MIT
#pragma once
/// A bounded bucket queue for one event per particle, after the idea of
/// G. Paul (J. Comput. Phys. 221, 615 (2007)): times in the near future fall
/// into buckets of width Δt kept as unsorted lists (O(1) insertion and
/// removal); only the current bucket is ordered, in a small binary heap;
/// times beyond the last bucket wait in an overflow list. When the buckets
/// run out, Δt is re-estimated from the spread of the scheduled times and
/// every particle is placed again. Each update is O(1) on average instead of
/// the O(log N) of a heap over all particles, and touches little memory.
///
/// `carom::bucket_queue<T>` is the queue; `carom::bucket_queue<>` (T = void,
/// as std::less<> names a different thing from std::less<int>) holds its
/// options and is the queue policy of carom::event_driven
/// (events/concepts.hpp: carom::event_queue_policy).

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <type_traits>

#include "carom/core/concepts.hpp"
#include "carom/core/error.hpp"
#include "carom/core/math.hpp"
#include "carom/events/detail/heap.hpp"

namespace carom {

/// Bucket queue over one time per particle (a model of carom::event_queue)
/// for a scalar T; its options for T = void.
template <class T = void>
  requires scalar<T> || std::is_void_v<T>
class bucket_queue;

/// The options of carom::bucket_queue, and the queue policy that makes one
/// (carom::event_queue_policy): `type<T>` is constructed from
/// (particle count, options).
template <>
class bucket_queue<void> {
 public:
  /// Buckets per particle (at least 16 buckets in all).
  double buckets_per_particle = 0.5;
  /// The buckets together cover `span` times the mean time ahead of the
  /// earliest scheduled event, re-estimated whenever they run out.
  double span = 4;

  template <scalar T>
  using type = bucket_queue<T>;
};

template <class T>
  requires scalar<T> || std::is_void_v<T>
class bucket_queue {
 public:
  using time_type = T;

  /// n particles, each scheduled at +∞. Throws carom::invalid_input for
  /// options that are not finite and positive, or above 64 buckets per
  /// particle.
  explicit bucket_queue(std::size_t n, const bucket_queue<>& options = {})
      : entry_(n, entry{infinity<T>, overflow, none, none, 0}),
        bucket_count_(validated_bucket_count(n, options)),
        span_(options.span) {
    for (std::size_t i = 0; i < n; ++i) link(static_cast<std::uint32_t>(i), overflow);
  }

  /// Particle i's next event is at t.
  void update(std::uint32_t i, T t) {
    entry_[i].time = t;
    if (entry_[i].where == in_heap && offset_of(t) < T(current_ + 1)) {
      // Stays in the current bucket (often the top, rescheduled): move it
      // within the heap instead of removing and pushing it.
      const std::size_t k = entry_[i].slot;
      const bool sooner = t < heap_[k].time;
      heap_[k].time = t;
      if (sooner) sift_up(k);
      else sift_down(k);
      return;
    }
    detach(i);
    place(i);
    if (heap_.empty()) advance();
    if (heap_.size() > heap_limit_) {
      // Δt no longer fits the times (e.g. right after construction): re-estimate
      // it; if that does not help (many equal times), tolerate a larger heap.
      rebuild();
      if (heap_.size() > heap_limit_ / 2) heap_limit_ *= 2;
    }
  }

  [[nodiscard]] std::uint32_t top() const noexcept { return heap_.empty() ? 0 : heap_[0].particle; }
  [[nodiscard]] T top_time() const noexcept {
    return heap_.empty() ? infinity<T> : heap_[0].time;
  }
  [[nodiscard]] T time_of(std::uint32_t i) const noexcept { return entry_[i].time; }
  [[nodiscard]] std::size_t size() const noexcept { return entry_.size(); }

  /// Subtracts dt from every time, then places every particle again (so no
  /// rounding of the shift can put a time in the wrong bucket).
  void shift(T dt) {
    for (auto& e : entry_) e.time -= dt;
    rebuild();
  }

 private:
  static constexpr std::uint32_t none = 0xffffffffu;
  static constexpr std::uint32_t in_heap = 0xfffffffeu;
  static constexpr std::uint32_t overflow = 0xfffffffdu;

  static std::uint32_t validated_bucket_count(std::size_t n, const bucket_queue<>& options) {
    const double per_particle = options.buckets_per_particle;
    detail::require(std::isfinite(per_particle) && per_particle > 0 && per_particle <= 64,
                    "carom::bucket_queue: buckets_per_particle must be in (0, 64] (got ",
                    per_particle, ")");
    detail::require(std::isfinite(options.span) && options.span > 0,
                    "carom::bucket_queue: span must be finite and > 0 (got ", options.span, ")");
    const auto buckets = static_cast<std::size_t>(double(n) * per_particle);
    detail::require(buckets < overflow, "carom::bucket_queue: too many buckets (", buckets, ")");
    return static_cast<std::uint32_t>(std::max<std::size_t>(16, buckets));
  }

  // ---- lists ------------------------------------------------------------

  std::uint32_t& head(std::uint32_t list) noexcept {
    return list == overflow ? overflow_head_ : head_[list];
  }

  void link(std::uint32_t i, std::uint32_t list) noexcept {
    entry_[i].where = list;
    std::uint32_t& first = head(list);
    entry_[i].previous = none;
    entry_[i].next = first;
    if (first != none) entry_[first].previous = i;
    first = i;
  }

  void detach(std::uint32_t i) noexcept {
    const std::uint32_t list = entry_[i].where;
    if (list == in_heap) {
      heap_remove(entry_[i].slot);
      return;
    }
    if (entry_[i].previous != none) entry_[entry_[i].previous].next = entry_[i].next;
    else head(list) = entry_[i].next;
    if (entry_[i].next != none) entry_[entry_[i].next].previous = entry_[i].previous;
  }

  /// Position of time t in bucket widths from the start of bucket 0.
  [[nodiscard]] T offset_of(T t) const noexcept { return (t - base_) * inverse_width_; }

  /// Puts i in the heap if its time falls in the current bucket (or before),
  /// in a later bucket's list, or in the overflow list.
  void place(std::uint32_t i) {
    const T offset = offset_of(entry_[i].time);
    if (!(offset < T(buckets_))) link(i, overflow);  // also +∞ and NaN
    else if (offset < T(current_ + 1)) heap_push(i);
    else link(i, static_cast<std::uint32_t>(offset));
  }

  /// Moves on to the next non-empty bucket; past the last one, starts a new
  /// set of buckets from the overflow list.
  void advance() {
    while (heap_.empty()) {
      if (++current_ >= buckets_) {
        rebuild();
        return;
      }
      for (std::uint32_t i = head_[current_]; i != none;) {
        const std::uint32_t after = entry_[i].next;
        heap_push(i);
        i = after;
      }
      head_[current_] = none;
    }
  }

  /// Chooses Δt and the start of the buckets from the finite times and
  /// places every particle: by default about two events per bucket over
  /// four times the mean time ahead.
  void rebuild() {
    heap_.clear();
    overflow_head_ = none;
    const std::size_t n = entry_.size();
    T earliest = infinity<T>;
    double sum = 0;
    std::size_t finite = 0;
    for (const entry& e : entry_)
      if (const T t = e.time; t < infinity<T>) {
        earliest = std::min(earliest, t);
        sum += double(t);
        ++finite;
      }
    buckets_ = bucket_count_;
    head_.assign(buckets_, none);
    current_ = 0;
    base_ = finite ? earliest : T(0);
    const double spread = finite ? sum / double(finite) - double(earliest) : 0.0;
    const double width = spread > 0 ? span_ * spread / double(buckets_) : 1.0;
    inverse_width_ = T(1 / width);
    for (std::size_t i = 0; i < n; ++i) place(static_cast<std::uint32_t>(i));
    if (heap_.empty() && finite) advance_without_rebuild();
  }

  /// advance() for a fresh set of buckets: the earliest time is in bucket 0,
  /// so a non-empty bucket is always found.
  void advance_without_rebuild() {
    while (heap_.empty() && ++current_ < buckets_) {
      for (std::uint32_t i = head_[current_]; i != none;) {
        const std::uint32_t after = entry_[i].next;
        heap_push(i);
        i = after;
      }
      head_[current_] = none;
    }
  }

  // ---- the current bucket's heap -------------------------------------------

  using heap_item = detail::heap_item<T>;

  void heap_set(std::size_t k, const heap_item& item) noexcept {
    heap_[k] = item;
    entry_[item.particle].slot = static_cast<std::uint32_t>(k);
  }
  [[nodiscard]] auto heap_place() noexcept {
    return [this](std::size_t k, const heap_item& item) { heap_set(k, item); };
  }

  void heap_push(std::uint32_t i) {
    entry_[i].where = in_heap;
    heap_.push_back({entry_[i].time, i});
    sift_up(heap_.size() - 1);
  }

  void heap_remove(std::size_t k) noexcept {
    const heap_item last = heap_.back();
    heap_.pop_back();
    if (k == heap_.size()) return;
    heap_set(k, last);
    sift_up(k);
    sift_down(entry_[last.particle].slot);
  }

  void sift_up(std::size_t k) noexcept { detail::sift_up(heap_, k, heap_place()); }
  void sift_down(std::size_t k) noexcept { detail::sift_down(heap_, k, heap_place()); }

  /// One record per particle, so that an update touches one cache line per
  /// particle involved rather than one per field.
  struct entry {
    T time;
    std::uint32_t where;  // bucket, in_heap or overflow
    std::uint32_t next, previous;
    std::uint32_t slot;  // position in heap_
  };
  std::vector<entry> entry_;
  std::vector<std::uint32_t> head_;  // first particle of each bucket
  std::vector<heap_item> heap_;  // the current bucket, ordered
  std::uint32_t overflow_head_ = none;
  std::uint32_t buckets_ = 0;
  std::uint32_t bucket_count_;  // what every rebuild sets buckets_ to
  double span_;  // options.span
  std::uint32_t current_ = 0;
  std::size_t heap_limit_ = 64;
  T base_ = T(0);
  T inverse_width_ = T(1);
};

}  // namespace carom
