// SPDX-License-Identifier: MIT
#pragma once
/// A broad phase for swept (continuous) collision detection: each particle
/// is registered in every cell that the bounding box of its swept path
/// (the segment it will travel, inflated by its radius) overlaps, and two
/// particles are candidates when their current registrations share a cell.
/// If two spheres touch at some instant of their paths, the contact point
/// lies in both boxes, hence in a cell of both registrations: no pair that
/// can meet is missed, however long the paths (no tunnelling).
///
/// Registrations are re-done one particle at a time (after a collision
/// changes its path): insert() bumps the particle's generation, and entries
/// of older generations are skipped. A pair that shares several cells is
/// reported once, in the cell at the lower corner of the intersection of
/// the two integer cell ranges. Periodic axes are handled in unwrapped cell
/// coordinates: a range may run past the box and wrap, each entry keeps its
/// image shift, and a candidate comes with the offset (a whole number of
/// box lengths per axis) that puts its registered path next to the
/// caller's; paths longer than the box meet every image. When the stale
/// entries outnumber the live ones (a step with many collisions among few
/// particles), insert() drops them by registering everyone again: the
/// chains stay as long as the live registrations, and the work per
/// insert() stays constant on average. Storage is reused: once warm,
/// neither clear() nor insert() allocates.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "carom/core/vec.hpp"
#include "carom/geometry/box.hpp"
#include "carom/spatial/cell_grid.hpp"
#include "carom/spatial/linked_cells.hpp"

namespace carom {

/// Cells of swept paths over a box (see the file comment).
template <scalar T, std::size_t D>
  requires dimension<D>
class swept_grid {
 public:
  using vector = vec<T, D>;

  /// A grid of cells at least min_cell_width wide over the box, for
  /// particles 0 … count−1. Throws carom::invalid_input as cell_grid does.
  swept_grid(const box<T, D>& container, T min_cell_width, std::size_t count)
      : box_(container), grid_(container, min_cell_width), head_(grid_.cell_count(), detail::list_end),
        generation_(count, 0), range_(count), registered_(count, 0) {}

  /// Forgets every registration (the start of a step).
  void clear() noexcept {
    std::fill(head_.begin(), head_.end(), detail::list_end);
    entries_.clear();
    std::fill(registered_.begin(), registered_.end(), 0);
    live_ = 0;
  }

  /// Registers particle i over the axis-aligned box [lower, upper]
  /// (unwrapped coordinates), replacing its previous registration.
  void insert(std::uint32_t i, const vector& lower, const vector& upper) {
    range& r = range_[i];
    ++generation_[i];
    for (std::size_t a = 0; a < D; ++a) {
      r.lower[a] = cell_of(lower[a], a);
      r.upper[a] = cell_of(upper[a], a);
    }
    const std::size_t before = entries_.size();
    add_entries(i);
    live_ += entries_.size() - before;
    live_ -= registered_[i];
    registered_[i] = entries_.size() - before;
    if (entries_.size() > 2 * live_ + 64) drop_stale();
  }

  /// Calls f(j, offset) once for every particle j ≠ i (and periodic image)
  /// whose registration shares a cell with i's: x_j + offset is the image
  /// of j next to i's path.
  template <class F>
  void for_each_candidate(std::uint32_t i, F&& f) const {
    const range& ri = range_[i];
    for_each_cell(ri, [&](const cell& c) {
      const shift si = shift_of(c);
      for (std::uint32_t e = head_[wrapped_index(c)]; e != detail::list_end; e = entries_[e].next) {
        const entry& en = entries_[e];
        if (en.particle == i || en.generation != generation_[en.particle]) continue;
        const range& rj = range_[en.particle];
        vector offset{};
        bool first = true;  // is c the lower corner of the two ranges' intersection?
        for (std::size_t a = 0; a < D && first; ++a) {
          const std::int64_t images = std::int64_t(si[a]) - std::int64_t(en.image[a]);
          const std::int64_t lower_j = rj.lower[a] + images * grid_.counts()[a];
          first = c[a] == std::max(ri.lower[a], lower_j);
          offset[a] = T(images) * box_.lengths()[a];
        }
        if (first) f(en.particle, offset);
      }
    });
  }

  /// Entries stored since the last clear() (a cost measure).
  [[nodiscard]] std::size_t entries() const noexcept { return entries_.size(); }
  [[nodiscard]] const cell_grid<T, D>& grid() const noexcept { return grid_; }

 private:
    using cell = std::array<std::int64_t, D>;  // unwrapped cell coordinates
  using shift = std::array<std::int32_t, D>;  // whole box lengths per axis

  struct range {
    cell lower{};
    cell upper{};
  };
  struct entry {
    std::uint32_t particle;
    std::uint32_t generation;
    std::uint32_t next;
    shift image;
  };

  // Cell coordinate of x on an axis: clamped to the grid on walled axes,
  // unwrapped (and bounded, against overflow) on periodic ones. A NaN
  // coordinate goes to the lowest cell, as in cell_grid::coordinates_of,
  // rather than to an undefined conversion.
  [[nodiscard]] std::int64_t cell_of(T x, std::size_t a) const noexcept {
    const T f = std::floor((x - box_.lower()[a]) / grid_.widths()[a]);
    const std::int64_t n = grid_.counts()[a];
    if (!box_.is_periodic(a)) return !(f >= T(0)) ? 0 : (f >= T(n) ? n - 1 : std::int64_t(f));
    constexpr T bound = T(1 << 30);
    return !(f >= -bound) ? std::int64_t(-bound) : std::int64_t(std::min(f, bound));
  }

  [[nodiscard]] shift shift_of(const cell& c) const noexcept {
    shift s;
    for (std::size_t a = 0; a < D; ++a) {
      const std::int64_t n = grid_.counts()[a];
      s[a] = static_cast<std::int32_t>(c[a] >= 0 ? c[a] / n : -((-c[a] + n - 1) / n));
    }
    return s;
  }

  [[nodiscard]] std::size_t wrapped_index(const cell& c) const noexcept {
    cell_coordinates<D> k;
    for (std::size_t a = 0; a < D; ++a) {
      const std::int64_t n = grid_.counts()[a];
      k[a] = static_cast<std::int32_t>(((c[a] % n) + n) % n);
    }
    return grid_.index(k);
  }

  void add_entries(std::uint32_t i) {
    const std::uint32_t generation = generation_[i];
    for_each_cell(range_[i], [&](const cell& c) {
      std::uint32_t& head = head_[wrapped_index(c)];
      entries_.push_back({i, generation, head, shift_of(c)});
      head = static_cast<std::uint32_t>(entries_.size() - 1);
    });
  }

  // Every registered particle again, in index order: only live entries.
  void drop_stale() {
    std::fill(head_.begin(), head_.end(), detail::list_end);
    entries_.clear();
    for (std::uint32_t i = 0; i < registered_.size(); ++i)
      if (registered_[i] > 0) add_entries(i);
  }

  template <class F>
  static void for_each_cell(const range& r, F&& f) {
    cell c = r.lower;
    for (;;) {
      f(c);
      std::size_t a = 0;
      while (a < D && c[a] == r.upper[a]) c[a] = r.lower[a], ++a;
      if (a == D) return;
      ++c[a];
    }
  }

  box<T, D> box_;
  cell_grid<T, D> grid_;
  std::vector<std::uint32_t> head_;
  std::vector<std::uint32_t> generation_;
  std::vector<range> range_;
  std::vector<std::size_t> registered_;  // entries of each live registration
  std::size_t live_ = 0;                 // their sum
  std::vector<entry> entries_;
};

}  // namespace carom
