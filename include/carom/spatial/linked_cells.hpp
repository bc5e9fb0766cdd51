// SPDX-License-Identifier: MIT
#pragma once
/// Linked cells: the particles of each cell of a carom::cell_grid as a list
/// threaded through per-particle links (head per cell, next/previous per
/// particle), the structure every neighbour search of carom is built on.
/// One sentinel, detail::list_end, ends every chain.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "carom/config.hpp"
#include "carom/core/permutation.hpp"
#include "carom/core/vec.hpp"
#include "carom/geometry/box.hpp"
#include "carom/spatial/cell_grid.hpp"

namespace carom::detail {

/// The end of every linked-cell chain in carom (the sentinel of head and next links).
inline constexpr std::uint32_t list_end = 0xFFFFFFFFu;

/// Particles kept in the cells of a grid as doubly-linked lists (removal in
/// O(1), for searches that move one particle at a time).
template <scalar T, std::size_t D>
class linked_cells {
 public:
  linked_cells(const box<T, D>& container, T width)
      : grid_(container, width), morton_(morton_order()) {}

  void reset(std::size_t particles) {
    head_.assign(grid_.cell_count(), list_end);
    next_.assign(particles, list_end);
    previous_.assign(particles, list_end);
    cell_.resize(particles);
  }

  void insert(std::uint32_t i, const cell_coordinates<D>& c) noexcept {
    cell_[i] = c;
    const std::size_t k = grid_.index(c);
    next_[i] = head_[k];
    previous_[i] = list_end;
    if (head_[k] != list_end) previous_[head_[k]] = i;
    head_[k] = i;
  }

  void remove(std::uint32_t i) noexcept {
    if (previous_[i] != list_end) next_[previous_[i]] = next_[i];
    else head_[grid_.index(cell_[i])] = next_[i];
    if (next_[i] != list_end) previous_[next_[i]] = previous_[i];
  }

  /// f(j, image) for every particle j ≠ i in the cells around cell c, with
  /// the image code of j's cell (see cell_grid::for_each_neighbour).
  template <class F>
  void for_each_around(const cell_coordinates<D>& c, std::uint32_t i, F&& f) const {
    grid_.for_each_neighbour(c, [&](std::size_t k, std::uint32_t image) CAROM_ALWAYS_INLINE {
      for (std::uint32_t j = head_[k]; j != list_end; j = next_[j])
        if (j != i) f(j, image);
    });
  }

  /// Every particle, cell by cell along a Morton (Z-order) curve, so that
  /// neighbours in every direction end up close in memory.
  [[nodiscard]] std::vector<std::uint32_t> order() const {
    std::vector<std::uint32_t> result;
    result.reserve(cell_.size());
    for (const std::uint32_t cell : morton_)
      for (std::uint32_t j = head_[cell]; j != list_end; j = next_[j]) result.push_back(j);
    return result;
  }

  /// Particle order[k] is now particle k (in place: no copy of the cells).
  void renumber(const std::vector<std::uint32_t>& order) {
    permute_in_place(std::span(cell_), order);
    std::fill(head_.begin(), head_.end(), list_end);
    for (std::size_t k = order.size(); k-- > 0;) insert(static_cast<std::uint32_t>(k), cell_[k]);
  }

  [[nodiscard]] const cell_grid<T, D>& grid() const noexcept { return grid_; }

 private:
  /// Cell indices sorted by the Morton code of their coordinates.
  [[nodiscard]] std::vector<std::uint32_t> morton_order() const {
    const auto& n = grid_.counts();
    std::vector<std::pair<std::uint64_t, std::uint32_t>> keyed;
    const auto cells = static_cast<std::uint32_t>(grid_.cell_count());
    keyed.reserve(cells);
    cell_coordinates<D> c{};
    for (std::uint32_t k = 0; k < cells; ++k) {
      std::uint64_t code = 0;
      for (int bit = 0; bit < 21; ++bit)
        for (std::size_t a = 0; a < D; ++a)
          code |= std::uint64_t((std::uint32_t(c[a]) >> bit) & 1u) << (D * std::size_t(bit) + a);
      keyed.emplace_back(code, k);
      for (std::size_t a = 0; a < D && ++c[a] == n[a]; ++a) c[a] = 0;  // next cell, x fastest
    }
    std::sort(keyed.begin(), keyed.end());
    std::vector<std::uint32_t> order(keyed.size());
    for (std::size_t k = 0; k < keyed.size(); ++k) order[k] = keyed[k].second;
    return order;
  }

 public:
  [[nodiscard]] const cell_coordinates<D>& cell_of(std::uint32_t i) const noexcept {
    return cell_[i];
  }

 private:
  cell_grid<T, D> grid_;
  std::vector<std::uint32_t> head_, next_, previous_;
  std::vector<cell_coordinates<D>> cell_;
  std::vector<std::uint32_t> morton_;  // cell indices in Morton order
};

}  // namespace carom::detail
