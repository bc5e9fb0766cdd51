// SPDX-License-Identifier: MIT
#pragma once
/// The checkpoint of carom::event_driven (docs/restart.md, "Event-driven
/// payload"): the clocks and epoch, the counters and accumulators, each
/// particle's local state, scheduled event and collision counter in the
/// engine's current order, and the neighbour search's cages and lists
/// exactly as they are, so that the continuation is bit for bit. The queue
/// is rebuilt from each particle's scheduled time.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "carom/core/checkpoint_access.hpp"
#include "carom/engines/event_driven/event_driven.hpp"
#include "carom/io/checkpoint_format.hpp"
#include "carom/io/detail/checkpoint_common.hpp"
#include "carom/spatial/cell_lists.hpp"
#include "carom/spatial/linked_cells.hpp"
#include "carom/spatial/neighbour_lists.hpp"

namespace carom::detail {

/// The chains of linked cells: each particle's cell, and every particle in
/// chain order (the order linked_cells::order() visits them).
template <std::size_t D>
struct checkpoint_cells {
  std::vector<cell_coordinates<D>> cell;
  std::vector<std::uint32_t> order;
};

template <scalar T, std::size_t D>
void write_cells(checkpoint_writer& w, const linked_cells<T, D>& cells, std::size_t n) {
  for (std::uint32_t i = 0; i < n; ++i)
    for (const std::int32_t c : cells.cell_of(i)) w.u32(static_cast<std::uint32_t>(c));
  for (const std::uint32_t j : cells.order()) w.u32(j);
}

template <scalar T, std::size_t D>
[[nodiscard]] checkpoint_cells<D> read_cells(checkpoint_reader& r, const cell_grid<T, D>& grid,
                                             std::size_t n) {
  checkpoint_cells<D> out;
  const std::vector<std::uint32_t> flat = r.u32s(std::uint64_t(n) * D, "cell coordinates");
  out.cell.resize(n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t a = 0; a < D; ++a) {
      check_below(flat[i * D + a], std::uint64_t(grid.counts()[a]), "a cell coordinate");
      out.cell[i][a] = static_cast<std::int32_t>(flat[i * D + a]);
    }
  out.order = r.u32s(n, "cell chain entries");
  check_permutation(out.order, "the cell chain order");
  return out;
}

/// Inserting in reverse chain order puts every chain back as it was; a
/// chain order that does not visit the cells as linked_cells::order() does
/// could not have been written, and is rejected.
template <scalar T, std::size_t D>
void restore_cells(linked_cells<T, D>& cells, const checkpoint_cells<D>& saved) {
  cells.reset(saved.order.size());
  for (std::size_t k = saved.order.size(); k-- > 0;)
    cells.insert(saved.order[k], saved.cell[saved.order[k]]);
  require(cells.order() == saved.order, checkpoint_reader_name,
          "the cell chain order does not follow the cells");
}

template <scalar T, std::size_t D, class Resolver, class Policies>
struct checkpoint_access<event_driven<T, D, Resolver, Policies>> {
  using engine = event_driven<T, D, Resolver, Policies>;
  using search_policy = typename engine::search_policy;
  using queue_policy = typename engine::queue_policy;
  using search_type = typename search_policy::template type<T, D>;
  using queue_type = typename queue_policy::template type<T>;
  static constexpr checkpoint_engine kind = checkpoint_engine::event_driven;
  static constexpr bool neighbour_search = std::is_same_v<search_policy, neighbour_lists>;
  static_assert(neighbour_search || std::is_same_v<search_policy, cell_lists>,
                "checkpoints of carom::event_driven support the search policies "
                "carom::neighbour_lists and carom::cell_lists");

  [[nodiscard]] static std::uint64_t fingerprint(const engine& e) {
    checkpoint_fingerprint f;
    f.number(neighbour_search ? 1 : 2);  // the search state's layout
    f.hard_particle_setup(e.box_, std::span<const plane<T, D>>(e.walls_), e.params_.gravity,
                          e.params_.collapse_guard_time, e.params_.resolver);
    if constexpr (neighbour_search) f.number(e.params_.search.cage_half_width);
    // Not the queue: it is rebuilt from the scheduled times, and any queue
    // pops them in the same order (docs/restart.md).
    return f.value();
  }

  static void save(const engine& e, checkpoint_writer& w) {
    write_hard_particles(w, e.particles_);
    w.value(e.now_);
    w.value(e.epoch_);
    w.u64(e.events_since_epoch_);
    w.u32(e.epochs_since_sort_);
    const auto& t = e.tally_;
    for (const std::uint64_t c : {t.pair_collisions, t.wall_collisions, t.events}) w.u64(c);
    for (const auto x : {t.virial, t.wall_impulse, t.window_start}) w.value(x);
    const auto& s = e.store_;
    for (std::uint32_t k = 0; k < e.size(); ++k) {
      w.u32(s.original[k]);
      w.value(s.hot[k].position);
      w.value(s.hot[k].velocity);
      w.value(s.hot[k].local_time);
      w.u32(s.book[k].event.partner);
      w.u32(s.book[k].event.partner_count);
      w.u8(static_cast<std::uint8_t>(s.book[k].event.kind));
      w.u32(s.book[k].counter);
      w.value(e.guarded_ ? s.last_collision[k] : -infinity<T>);  // kept only under a guard
      w.value(T(e.queue_.time_of(k)));
    }
    if constexpr (neighbour_search) {
      const search_type& n = e.search_;
      for (std::uint32_t k = 0; k < e.size(); ++k) {
        w.value(n.centre_[k]);
        w.u8((n.rows_[k].header & search_type::wraps_flag) ? 1 : 0);
        w.u32(n.count(k));
        n.for_each_entry(k, [&](std::uint32_t entry) { w.u32(entry); });
      }
    }
    write_cells(w, e.search_.cells_, e.size());
  }

  /// Parses and checks everything into new objects, then moves them in.
  static void load(engine& e, checkpoint_reader& r) {
    const auto omega = read_hard_particles(r, e.particles_);
    const std::uint32_t n = e.size();
    const T now = r.real<T>();
    const auto epoch = r.real<typename engine::time_type>();
    require(is_finite(now) && is_finite(epoch), checkpoint_reader_name, "the clock is not finite");
    const std::uint64_t events_since_epoch = r.u64();
    const std::uint32_t epochs_since_sort = r.u32();
    check_below(epochs_since_sort, engine::sort_interval, "the epoch count since the last sort");
    auto tally = e.tally_;
    tally.pair_collisions = r.u64();
    tally.wall_collisions = r.u64();
    tally.events = r.u64();
    r.read(tally.virial);
    r.read(tally.wall_impulse);
    r.read(tally.window_start);

    event_particle_store<T, D> store;
    store.hot.resize(n);
    store.inverse_mass.resize(n);
    store.book.resize(n);
    store.last_collision.resize(e.guarded_ ? n : 0);
    store.original.resize(n);
    std::vector<T> times(n);
    const auto walls = static_cast<std::uint32_t>(e.walls_.size());
    for (std::uint32_t k = 0; k < n; ++k) {
      store.original[k] = r.u32();
      check_below(store.original[k], n, "a particle index");
      auto& h = store.hot[k];
      r.read(h.position);
      r.read(h.velocity);
      r.read(h.local_time);
      require(is_finite(h.position) && is_finite(h.velocity) && is_finite(h.local_time),
              checkpoint_reader_name, "the state of particle ", store.original[k],
              " is not finite");
      h.radius = e.particles_.radii()[store.original[k]];
      store.inverse_mass[k] = e.particles_.inverse_masses()[store.original[k]];
      auto& b = store.book[k];
      b.event.partner = r.u32();
      b.event.partner_count = r.u32();
      const std::uint8_t event = r.u8();
      check_below(event, 4, "an event kind");
      b.event.kind = static_cast<event_kind>(event);
      if (b.event.kind == event_kind::pair) check_below(b.event.partner, n, "an event's partner");
      if (b.event.kind == event_kind::wall) check_below(b.event.partner, walls, "an event's wall");
      if (b.event.kind == event_kind::cell) check_below(b.event.partner, 2 * D, "an event's face");
      b.counter = r.u32();
      const T last_collision = r.real<T>();
      if (e.guarded_) store.last_collision[k] = last_collision;
      times[k] = r.real<T>();
      // Without a guard the engine writes −∞ there and nothing else.
      require(!std::isnan(last_collision) && last_collision < infinity<T> &&
                  (e.guarded_ || last_collision == -infinity<T>) && !std::isnan(times[k]) &&
                  times[k] > -infinity<T>,
              checkpoint_reader_name, "a time of particle ", store.original[k], " is not valid");
    }
    check_permutation(store.original, "the particle order");

    search_type search(e.box_, 2 * *std::max_element(e.particles_.radii().begin(),
                                                      e.particles_.radii().end()),
                       e.params_.search);
    if constexpr (neighbour_search) read_lists(r, search, n);
    restore_cells(search.cells_, read_cells(r, search.cells_.grid(), n));
    r.finish();
    queue_type queue(n, e.params_.queue);
    for (std::uint32_t k = 0; k < n; ++k) queue.update(k, times[k]);

    // Nothing below throws.
    std::copy(omega.begin(), omega.end(), e.particles_.angular_velocities().begin());
    e.store_ = std::move(store);
    e.search_ = std::move(search);
    e.queue_ = std::move(queue);
    e.now_ = now;
    e.epoch_ = epoch;
    e.events_since_epoch_ = events_since_epoch;
    e.epochs_since_sort_ = epochs_since_sort;
    e.tally_ = tally;
  }

 private:
  /// The cages' centres and the neighbour lists, entry by entry (their
  /// order is the order candidates are visited in).
  static void read_lists(checkpoint_reader& r, search_type& s, std::uint32_t n) {
    std::vector<vec<T, D>> centres(n);
    std::vector<std::uint8_t> wraps(n);
    std::vector<std::vector<std::uint32_t>> lists(n);
    for (std::uint32_t k = 0; k < n; ++k) {
      r.read(centres[k]);
      require(is_finite(centres[k]), checkpoint_reader_name, "a cage centre is not finite");
      wraps[k] = r.u8();
      check_below(wraps[k], 2, "a wrap flag");
      const std::uint32_t count = r.u32();
      check_below(count, n, "a neighbour count");
      lists[k] = r.u32s(count, "neighbour entries");
      for (const std::uint32_t entry : lists[k]) {
        check_below(entry & search_type::image_mask, search_type::images, "an image code");
        check_below(entry >> search_type::image_bits, n, "a neighbour");
        require(entry >> search_type::image_bits != k, checkpoint_reader_name, "particle slot ",
                k, " is its own neighbour");
      }
    }
    s.insert_all(centres);  // the image shifts and the sizes
    for (std::uint32_t k = 0; k < n; ++k) s.assign_list(k, lists[k], wraps[k] != 0);
  }
};

}  // namespace carom::detail
