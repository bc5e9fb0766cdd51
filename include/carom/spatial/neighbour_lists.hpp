// SPDX-License-Identifier: MIT
#pragma once
/// carom::neighbour_lists, the default neighbour-search policy of
/// carom::event_driven (spatial/concepts.hpp): the cage of a particle is a
/// cube of half-width h around its position when it last left its cage;
/// its candidates are the particles whose cages lie within σ_ij of its own
/// (an exact, symmetric list, ~15 particles at φ = 0.45 for h = 0.2 σ
/// instead of ~25 for cells); a cage exit re-centres the cage and rebuilds
/// that one list, adding and removing the particle in its neighbours' lists.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <utility>
#include <vector>

#include "carom/config.hpp"
#include "carom/core/checkpoint_access.hpp"
#include "carom/core/permutation.hpp"
#include "carom/core/error.hpp"
#include "carom/core/vec.hpp"
#include "carom/geometry/box.hpp"
#include "carom/spatial/concepts.hpp"
#include "carom/spatial/linked_cells.hpp"

namespace carom {

/// Per-particle neighbour lists over cubic cages (see the file comment).
/// `cage_half_width` is h in units of σ_max.
struct neighbour_lists {
  double cage_half_width = 0.2;

  template <scalar T, std::size_t D>
  class type {
   public:
    type(const box<T, D>& container, T sigma_max, const neighbour_lists& options)
        : box_(container),
          half_width_(validated(options.cage_half_width) * sigma_max),
          reach_(2 * half_width_ * T(1.000001)),
          reach_sigma2_(sigma_max * sigma_max * T(1.000001)),
          sigma_max_(sigma_max),
          cells_(container, sigma_max * (1 + 2 * T(options.cage_half_width)) * T(1.0001)) {
      // Three cells a side, so that the cell relation names the image.
      for (std::size_t a = 0; a < D; ++a)
        detail::require(!container.is_periodic(a) || cells_.grid().counts()[a] >= 3,
                        "carom::neighbour_lists: periodic axis ", a, " of length ",
                        container.lengths()[a], " is shorter than 3 (sigma_max + 2 h) = ",
                        3 * (sigma_max + 2 * half_width_));
    }

    void insert_all(std::span<const vec<T, D>> positions) {
      const std::size_t n = positions.size();
      detail::require(n < (std::size_t(1) << (32 - image_bits)),
                      "carom::neighbour_lists: at most 2^27 particles");
      for (std::uint32_t code = 0; code < images; ++code) {
        std::uint32_t rest = code;
        for (std::size_t a = 0; a < D; ++a, rest /= 3)
          shift_[code][a] = T(int(rest % 3) - 1) * box_.lengths()[a];
      }
      cells_.reset(n);
      centre_.assign(positions.begin(), positions.end());
      rows_.assign(n, row{});
      spill_of_.assign(n, 0);
      spill_.clear();
      free_spill_ = no_row;
      spill_capacity_ = row_entries + 1;
      for (std::size_t i = 0; i < n; ++i)
        cells_.insert(static_cast<std::uint32_t>(i), cells_.grid().coordinates_of(centre_[i]));
      for (std::uint32_t i = 0; i < n; ++i)
        cells_.for_each_around(cells_.cell_of(i), i, [&](std::uint32_t j, std::uint32_t image) {
          if (close(i, j, image)) push(i, j, image);
        });
    }

    /// Entries pack the neighbour's index with the code of its periodic
    /// image (fixed while both stay in their cages), so the engine adds a
    /// shift instead of rounding a minimum image for every candidate.
    /// Most lists have no entry across the box (no wraps flag): those skip
    /// the shift.
    template <class F>
    CAROM_ALWAYS_INLINE void for_each_candidate(std::uint32_t i, F&& f) const {
      const row& r = rows_[i];
      const std::uint32_t count = r.header & count_mask;
      const bool wraps = (r.header & wraps_flag) != 0;
      const auto visit = [&](const std::uint32_t* e,
                             const std::uint32_t* last) CAROM_ALWAYS_INLINE {
        if (wraps)
          for (; e != last; ++e) f(*e >> image_bits, shift_[*e & image_mask]);
        else
          for (; e != last; ++e) f(*e >> image_bits, same_image{});
      };
      visit(r.entry.data(), r.entry.data() + std::min(count, row_entries));
      if (count > row_entries) {
        const std::uint32_t* s = spill_row(i);
        visit(s, s + (count - row_entries));
      }
    }

    void cage(std::uint32_t i, vec<T, D>& lower, vec<T, D>& upper) const noexcept {
      for (std::size_t a = 0; a < D; ++a) {
        lower[a] = centre_[i][a] - half_width_;
        upper[a] = centre_[i][a] + half_width_;
      }
    }

    [[nodiscard]] bool may_reach_wall(std::uint32_t i, std::size_t axis, int side,
                                      T radius) const noexcept {
      const T reach = half_width_ + radius;
      return side == 0 ? centre_[i][axis] - reach <= box_.lower()[axis]
                       : centre_[i][axis] + reach >= box_.upper()[axis];
    }

    [[nodiscard]] std::vector<std::uint32_t> spatial_order() const { return cells_.order(); }

    /// Particle order[k] becomes k (renumbered[old] = new), in place.
    void renumber(const std::vector<std::uint32_t>& order,
                  const std::vector<std::uint32_t>& renumbered) {
      detail::permute_in_place(std::span(rows_), order);
      detail::permute_in_place(std::span(spill_of_), order);
      detail::permute_in_place(std::span(centre_), order);
      const auto remap = [&](std::uint32_t& e) {
        e = (renumbered[e >> image_bits] << image_bits) | (e & image_mask);
      };
      for (std::uint32_t k = 0; k < rows_.size(); ++k) {
        const std::uint32_t count = rows_[k].header & count_mask;
        for (std::uint32_t m = 0; m < std::min(count, row_entries); ++m) remap(rows_[k].entry[m]);
        for (std::uint32_t m = row_entries; m < count; ++m) remap(spill_row(k)[m - row_entries]);
      }
      cells_.renumber(order);
    }

    /// Re-centres i's cage on its position (wrapped into the box) and
    /// rebuilds its list, symmetrically.
    void leave(std::uint32_t i, std::size_t, int, vec<T, D>& position) {
      for_each_entry(i, [&](std::uint32_t e) { erase(e >> image_bits, i); });
      if (count(i) > row_entries) release_spill_row(i);
      position = box_.wrap(position);
      centre_[i] = position;
      cells_.remove(i);
      cells_.insert(i, cells_.grid().coordinates_of(position));
      // Every particle scanned is written at the end of i's row and kept
      // only if close: no branch on close(), which would be mispredicted
      // for about one scanned particle in four. A list longer than the row
      // moves on to the scratch list. Locals, not members, in the loop: the
      // stores could alias the members.
      std::uint32_t found = 0, capacity = row_entries;
      std::uint32_t* first = rows_[i].entry.data();
      cells_.for_each_around(cells_.cell_of(i), i, [&](std::uint32_t j, std::uint32_t image) {
        if (found == capacity) {
          first = widened_scan(first, found);
          capacity = static_cast<std::uint32_t>(scratch_.size());
        }
        first[found] = (j << image_bits) | image;
        found += close(i, j, image) ? 1 : 0;
      });
      if (found > row_entries) spill_scan(i, found);
      std::uint32_t header = found;
      for (std::uint32_t k = 0; k < found; ++k) {
        const std::uint32_t e = first[k];
        if ((e & image_mask) != same_code) header |= wraps_flag;
        push(e >> image_bits, i, images - 1 - (e & image_mask));  // the opposite image
      }
      rows_[i].header = header;
    }

   private:
    template <class> friend struct detail::checkpoint_access;  // io/checkpoint.hpp
    static T validated(double h) {
      detail::require(std::isfinite(h) && h > 0 && h <= 0.5,
                      "carom::neighbour_lists: cage_half_width must be in (0, 0.5] sigma (got ",
                      h, ")");
      return T(h);
    }

    /// Can i and j (on the periodic image `image` of its cell) touch while
    /// both stay in their cages? The gap between the cubes (per axis, beyond
    /// 2h) is below σ_max. Using σ_max rather than r_i + r_j keeps the list
    /// valid whatever the radii, at the price of a few extra candidates in
    /// polydisperse systems.
    [[nodiscard]] bool close(std::uint32_t i, std::uint32_t j, std::uint32_t image) const noexcept {
      const vec<T, D> d = centre_[j] - centre_[i] + shift_[image];
      T gap2 = T(0);
      for (std::size_t a = 0; a < D; ++a) {
        // max(e, 0) as (e + |e|) / 2, exact, and without the branch g++
        // makes of std::max here (see leave()).
        const T e = std::abs(d[a]) - reach_;
        const T out = (e + std::abs(e)) * T(0.5);
        gap2 += out * out;
      }
      return gap2 < reach_sigma2_;
    }

    [[nodiscard]] std::uint32_t count(std::uint32_t i) const noexcept {
      return rows_[i].header & count_mask;
    }
    [[nodiscard]] std::uint32_t* spill_row(std::uint32_t i) noexcept {
      return spill_.data() + std::size_t(spill_of_[i]) * spill_capacity_;
    }
    [[nodiscard]] const std::uint32_t* spill_row(std::uint32_t i) const noexcept {
      return spill_.data() + std::size_t(spill_of_[i]) * spill_capacity_;
    }

    /// Adds entry e at the end of i's list (spilling past the row).
    CAROM_ALWAYS_INLINE void append(std::uint32_t i, std::uint32_t e) {
      row& r = rows_[i];
      const std::uint32_t m = r.header & count_mask;
      if (m < row_entries) r.entry[m] = e;
      else spill_row_for(i, m)[m - row_entries] = e;
      r.header = (r.header + 1) | ((e & image_mask) != same_code ? wraps_flag : 0);
    }

    /// Gives i a spill row: a free one, or a new one at the end of the pool.
    void take_spill_row(std::uint32_t i) {
      if (free_spill_ == no_row) {
        spill_of_[i] = static_cast<std::uint32_t>(spill_.size() / spill_capacity_);
        spill_.resize(spill_.size() + spill_capacity_);
      } else {
        spill_of_[i] = free_spill_;
        free_spill_ = spill_[std::size_t(free_spill_) * spill_capacity_];
      }
    }

    /// Puts i's spill row on the free list, linked through its first entry.
    void release_spill_row(std::uint32_t i) noexcept {
      spill_row(i)[0] = free_spill_;
      free_spill_ = spill_of_[i];
    }

    /// i's spill row, about to hold entry m ≥ row_entries (taken for the
    /// first, widened when full).
    std::uint32_t* spill_row_for(std::uint32_t i, std::uint32_t m) {
      if (m == row_entries) take_spill_row(i);
      while (m - row_entries >= spill_capacity_) grow_spill();
      return spill_row(i);
    }

    /// leave()'s scan outgrew `first`: i's row (moved to the scratch list,
    /// which always holds more than a row), or the scratch list (doubled).
    std::uint32_t* widened_scan(const std::uint32_t* first, std::uint32_t found) {
      if (first == scratch_.data()) scratch_.resize(2 * std::size_t(found));
      else std::copy_n(first, found, scratch_.data());
      return scratch_.data();
    }

    /// Moves a scanned list of `found` > row_entries entries from the
    /// scratch list into i's row and spill row.
    void spill_scan(std::uint32_t i, std::uint32_t found) {
      std::copy_n(scratch_.data(), row_entries, rows_[i].entry.data());
      take_spill_row(i);
      while (found - row_entries > spill_capacity_) grow_spill();
      std::copy_n(scratch_.data() + row_entries, found - row_entries, spill_row(i));
    }

    /// The wraps flag is set by an entry across the box and cleared only
    /// when i's own list is rebuilt (erasing leaves it set: a harmless
    /// extra shift).
    void push(std::uint32_t i, std::uint32_t j, std::uint32_t code) {
      append(i, (j << image_bits) | code);
    }

    /// Removes j from i's list, the last entry taking its place.
    void erase(std::uint32_t i, std::uint32_t j) noexcept {
      row& r = rows_[i];
      const std::uint32_t n = r.header & count_mask;
      const auto is_j = [j](std::uint32_t e) { return e >> image_bits == j; };
      std::uint32_t* first = r.entry.data();
      std::uint32_t* last = first + std::min(n, row_entries);
      std::uint32_t* at = std::find_if(first, last, is_j);
      if (at == last) {
        if (n <= row_entries) return;
        first = spill_row(i);
        last = first + (n - row_entries);
        at = std::find_if(first, last, is_j);
        if (at == last) return;
      }
      *at = n <= row_entries ? r.entry[n - 1] : spill_row(i)[n - 1 - row_entries];
      --r.header;
      if (n - 1 == row_entries) release_spill_row(i);
    }

    /// For checkpoints: f(entry) for i's entries in order, and a list set
    /// as it was saved (entries and wraps flag; the neighbours' lists are
    /// set by their own calls).
    template <class F>
    CAROM_ALWAYS_INLINE void for_each_entry(std::uint32_t i, F&& f) const {
      const std::uint32_t n = count(i);
      for (std::uint32_t m = 0; m < std::min(n, row_entries); ++m) f(rows_[i].entry[m]);
      for (std::uint32_t m = row_entries; m < n; ++m) f(spill_row(i)[m - row_entries]);
    }
    void assign_list(std::uint32_t i, std::span<const std::uint32_t> entries, bool wraps) {
      if (count(i) > row_entries) release_spill_row(i);
      rows_[i].header = 0;
      for (const std::uint32_t e : entries) append(i, e);
      rows_[i].header = (rows_[i].header & count_mask) | (wraps ? wraps_flag : 0);
    }

    /// Doubles the capacity of every spill row (rare: only when a list
    /// outgrows its row and spill).
    void grow_spill() {
      const std::uint32_t wider = 2 * spill_capacity_;
      const std::size_t spill_rows = spill_.size() / spill_capacity_;
      std::vector<std::uint32_t> spill(spill_rows * wider);
      for (std::size_t k = 0; k < spill_rows; ++k)
        std::copy_n(spill_.data() + k * spill_capacity_, spill_capacity_, spill.data() + k * wider);
      spill_.swap(spill);
      spill_capacity_ = wider;
    }

    static constexpr std::uint32_t image_bits = 5;
    static constexpr std::uint32_t image_mask = (1u << image_bits) - 1;
    static constexpr std::uint32_t images = D == 3 ? 27 : 9;
    static constexpr std::uint32_t same_code = images / 2;  // digit 1 on every axis

    /// A list in one 64-byte cache line: its length, its wraps flag (any
    /// entry on a shifted image) and its first 15 entries, about all of
    /// them at φ = 0.45; the rest spill into a row of spill_.
    static constexpr std::uint32_t row_entries = 15;
    static constexpr std::uint32_t wraps_flag = 1u << 31;
    static constexpr std::uint32_t no_row = 0xffffffffu;
    static constexpr std::uint32_t count_mask = wraps_flag - 1;
    struct alignas(64) row {
      std::uint32_t header = 0;  // count | wraps_flag
      std::array<std::uint32_t, row_entries> entry{};
    };
    static_assert(sizeof(row) == 64);

    box<T, D> box_;
    T half_width_;
    T reach_;  // 2h, widened by round-off: the cages' extent in close()
    T reach_sigma2_;  // σ_max², likewise widened
    T sigma_max_;
    detail::linked_cells<T, D> cells_;
    std::array<vec<T, D>, images> shift_{};
    std::vector<vec<T, D>> centre_;
    std::vector<row> rows_;
    std::vector<std::uint32_t> spill_of_;    // i's spill row, while its list is longer than a row
    std::vector<std::uint32_t> spill_;       // spill rows of spill_capacity_ entries
    std::uint32_t free_spill_ = no_row;      // the first spill row not in use
    std::uint32_t spill_capacity_ = row_entries + 1;
    // leave()'s scan, when it outgrows the row
    std::vector<std::uint32_t> scratch_ = std::vector<std::uint32_t>(std::size_t(4) * row_entries);
  };
};

}  // namespace carom
