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
      count_.assign(n, 0);
      wraps_.assign(n, 0);
      capacity_ = 16;
      list_.assign(n * capacity_, 0);
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
    /// Most lists have no entry across the box (wraps_ is false): those skip
    /// the shift.
    template <class F>
    CAROM_ALWAYS_INLINE void for_each_candidate(std::uint32_t i, F&& f) const {
      const std::uint32_t* e = list_.data() + std::size_t(i) * capacity_;
      const std::uint32_t* const last = e + count_[i];
      if (wraps_[i])
        for (; e != last; ++e) f(*e >> image_bits, shift_[*e & image_mask]);
      else
        for (; e != last; ++e) f(*e >> image_bits, same_image{});
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

    /// Particle order[k] becomes k (renumbered[old] = new).
    void renumber(const std::vector<std::uint32_t>& order,
                  const std::vector<std::uint32_t>& renumbered) {
      std::vector<std::uint32_t> lists(list_.size());
      std::vector<std::uint32_t> counts(count_.size());
      std::vector<std::uint8_t> wraps(wraps_.size());
      std::vector<vec<T, D>> centres(centre_.size());
      for (std::size_t k = 0; k < order.size(); ++k) {
        const std::size_t old = order[k];
        counts[k] = count_[old];
        wraps[k] = wraps_[old];
        centres[k] = centre_[old];
        for (std::uint32_t m = 0; m < count_[old]; ++m) {
          const std::uint32_t e = list_[old * capacity_ + m];
          lists[k * capacity_ + m] = (renumbered[e >> image_bits] << image_bits) | (e & image_mask);
        }
      }
      list_.swap(lists);
      count_.swap(counts);
      wraps_.swap(wraps);
      centre_.swap(centres);
      cells_.renumber(order);
    }

    /// Re-centres i's cage on its position (wrapped into the box) and
    /// rebuilds its list, symmetrically.
    void leave(std::uint32_t i, std::size_t, int, vec<T, D>& position) {
      std::uint32_t* first = list_.data() + std::size_t(i) * capacity_;
      for (const std::uint32_t* e = first; e != first + count_[i]; ++e) erase(*e >> image_bits, i);
      count_[i] = 0;
      wraps_[i] = 0;
      position = box_.wrap(position);
      centre_[i] = position;
      cells_.remove(i);
      cells_.insert(i, cells_.grid().coordinates_of(position));
      // Every particle scanned is written at the end of i's list and kept
      // only if close: no branch on close(), which would be mispredicted
      // for about one scanned particle in four. Locals, not members, in the
      // loop: the stores into the list could alias count_ and capacity_.
      std::uint32_t count = 0, capacity = capacity_;
      cells_.for_each_around(cells_.cell_of(i), i, [&](std::uint32_t j, std::uint32_t image) {
        if (count == capacity) {
          count_[i] = count;
          grow();
          capacity = capacity_;
          first = list_.data() + std::size_t(i) * capacity;
        }
        first[count] = (j << image_bits) | image;
        count += close(i, j, image) ? 1 : 0;
      });
      count_[i] = count;
      // push() may grow (reallocate) the lists: index them, hold no pointer.
      for (std::uint32_t k = 0; k < count; ++k) {
        const std::uint32_t entry = list_[std::size_t(i) * capacity_ + k];
        const std::uint32_t image = entry & image_mask;
        if (image != same_code) wraps_[i] = 1;
        push(entry >> image_bits, i, images - 1 - image);  // the opposite image
      }
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

    /// wraps_[i] is set by an entry across the box and cleared only when i's
    /// own list is rebuilt (erasing leaves it set: a harmless extra shift).
    void push(std::uint32_t i, std::uint32_t j, std::uint32_t code) {
      if (count_[i] == capacity_) grow();
      if (code != same_code) wraps_[i] = 1;
      list_[std::size_t(i) * capacity_ + count_[i]++] = (j << image_bits) | code;
    }

    void erase(std::uint32_t i, std::uint32_t j) noexcept {
      std::uint32_t* first = list_.data() + std::size_t(i) * capacity_;
      std::uint32_t* last = first + count_[i];
      std::uint32_t* at = std::find_if(first, last, [j](std::uint32_t e) { return e >> image_bits == j; });
      if (at != last) {
        *at = *(last - 1);
        --count_[i];
      }
    }

    /// Doubles every list's capacity (rare: only when a list overflows).
    void grow() {
      const std::uint32_t wider = 2 * capacity_;
      std::vector<std::uint32_t> lists(count_.size() * wider);
      for (std::size_t i = 0; i < count_.size(); ++i)
        std::copy_n(list_.data() + i * capacity_, count_[i], lists.data() + i * wider);
      list_.swap(lists);
      capacity_ = wider;
    }

    static constexpr std::uint32_t image_bits = 5;
    static constexpr std::uint32_t image_mask = (1u << image_bits) - 1;
    static constexpr std::uint32_t images = D == 3 ? 27 : 9;
    static constexpr std::uint32_t same_code = images / 2;  // digit 1 on every axis

    box<T, D> box_;
    T half_width_;
    T reach_;  // 2h, widened by round-off: the cages' extent in close()
    T reach_sigma2_;  // σ_max², likewise widened
    T sigma_max_;
    detail::linked_cells<T, D> cells_;
    std::array<vec<T, D>, images> shift_{};
    std::vector<vec<T, D>> centre_;
    std::vector<std::uint32_t> count_;
    std::vector<std::uint8_t> wraps_;  // any entry of i's list on a shifted image
    std::vector<std::uint32_t> list_;
    std::uint32_t capacity_ = 16;
  };
};

}  // namespace carom
