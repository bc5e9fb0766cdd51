// SPDX-License-Identifier: MIT
#pragma once
/// carom::cell_lists, a neighbour-search policy of carom::event_driven
/// (spatial/concepts.hpp): the cage of a particle is its cell of a grid at
/// least σ_max wide, its candidates the particles of the 3^D cells around
/// it; a cage exit moves the particle to the next cell (the scheme of
/// DynamO, M. Bannerman et al., J. Comput. Chem. 32, 3329 (2011)).

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "carom/config.hpp"
#include "carom/core/checkpoint_access.hpp"
#include "carom/core/vec.hpp"
#include "carom/geometry/box.hpp"
#include "carom/spatial/concepts.hpp"
#include "carom/spatial/linked_cells.hpp"

namespace carom {

/// Cell lists with cell-crossing events (see the file comment).
struct cell_lists {
  template <scalar T, std::size_t D>
  class type {
   public:
    type(const box<T, D>& container, T sigma_max, const cell_lists&)
        : box_(container), cells_(container, sigma_max) {}

    void insert_all(std::span<const vec<T, D>> positions) {
      cells_.reset(positions.size());
      for (std::size_t i = 0; i < positions.size(); ++i)
        cells_.insert(static_cast<std::uint32_t>(i), cells_.grid().coordinates_of(positions[i]));
    }

    template <class F>
    CAROM_ALWAYS_INLINE void for_each_candidate(std::uint32_t i, F&& f) const {
      cells_.for_each_around(cells_.cell_of(i), i, [&](std::uint32_t j, std::uint32_t)
                                                       CAROM_ALWAYS_INLINE { f(j, nearest_image{}); });
    }

    /// The cell; outer faces on walled axes are pushed out of reach (the
    /// wall is met first).
    void cage(std::uint32_t i, vec<T, D>& lower, vec<T, D>& upper) const noexcept {
      const auto& c = cells_.cell_of(i);
      lower = cells_.grid().lower_corner(c);
      upper = cells_.grid().upper_corner(c);
      for (std::size_t a = 0; a < D; ++a) {
        if (box_.is_periodic(a)) continue;
        if (c[a] == 0) lower[a] -= box_.lengths()[a];
        if (c[a] + 1 == cells_.grid().counts()[a]) upper[a] += box_.lengths()[a];
      }
    }

    /// Only particles in the outermost cells can reach a box wall.
    [[nodiscard]] bool may_reach_wall(std::uint32_t i, std::size_t axis, int side, T) const noexcept {
      const auto& c = cells_.cell_of(i);
      return side == 0 ? c[axis] == 0 : c[axis] + 1 == cells_.grid().counts()[axis];
    }

    [[nodiscard]] std::vector<std::uint32_t> spatial_order() const { return cells_.order(); }
    void renumber(const std::vector<std::uint32_t>& order, const std::vector<std::uint32_t>&) {
      cells_.renumber(order);
    }

    void leave(std::uint32_t i, std::size_t axis, int direction, vec<T, D>& position) noexcept {
      bool wrapped = false;
      const auto to = cells_.grid().step(cells_.cell_of(i), axis, direction, wrapped);
      if (to != cells_.cell_of(i)) {
        cells_.remove(i);
        cells_.insert(i, to);
      }
      if (wrapped) position[axis] -= T(direction) * box_.lengths()[axis];
    }

   private:
    template <class> friend struct detail::checkpoint_access;  // io/checkpoint.hpp
    box<T, D> box_;
    detail::linked_cells<T, D> cells_;
  };
};

}  // namespace carom
