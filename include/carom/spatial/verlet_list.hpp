// SPDX-License-Identifier: MIT
#pragma once
/// A half Verlet neighbour list with a skin, built on linked cells, with a
/// per-pair payload (the contact history of a DEM engine) carried across
/// rebuilds.
///
/// Every pair i < j closer than r_i + r_j + skin at the last build is stored
/// once, in compressed-sparse-row form: the partners of i are
/// partners()[offsets()[i] .. offsets()[i+1]), sorted by index, and
/// payload()[k] belongs to entry k. The list stays valid (contains every
/// touching pair) until some particle has moved more than skin/2 since the
/// build: needs_rebuild() tells. A rebuild matches old and new entries by
/// (i, j) with a merge of the sorted rows, so the payload of a pair that
/// stays in the list survives; a new pair starts with a value-initialised
/// payload. Storage is reused: once the arrays have reached their largest
/// size, neither build nor check allocates. The list knows nothing about
/// contact laws.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "carom/core/checkpoint_access.hpp"
#include "carom/core/error.hpp"
#include "carom/core/vec.hpp"
#include "carom/geometry/box.hpp"
#include "carom/spatial/cell_grid.hpp"
#include "carom/spatial/linked_cells.hpp"

namespace carom {

/// Half Verlet list over a box for particles of diameter ≤ max_diameter.
template <scalar T, std::size_t D, class Payload>
  requires dimension<D>
class verlet_list {
 public:
  /// Cells are max_diameter + skin wide. Throws carom::invalid_input for a
  /// non-finite or non-positive max_diameter, a negative or non-finite skin,
  /// or a periodic axis shorter than 2 (max_diameter + skin) (a pair would
  /// touch through two images).
  verlet_list(const box<T, D>& container, T max_diameter, T skin)
      : box_(container), cells_(container, checked_width(container, max_diameter, skin)),
        skin_(skin), half_skin2_(T(0.25) * skin * skin) {}

  /// True when some particle moved more than skin/2 since the last build,
  /// or the list was never built or the particle count changed.
  [[nodiscard]] bool needs_rebuild(std::span<const vec<T, D>> positions) const noexcept {
    if (!built_ || positions.size() != reference_.size()) return true;
    for (std::size_t i = 0; i < positions.size(); ++i)
      if (squared_norm(positions[i] - reference_[i]) > half_skin2_) return true;
    return false;
  }

  /// Rebuilds from positions (inside the box on walled axes, wrapped on
  /// periodic ones) and radii, keeping the payload of surviving pairs.
  void build(std::span<const vec<T, D>> positions, std::span<const T> radii) {
    const std::size_t n = positions.size();
    reference_.assign(positions.begin(), positions.end());
    fill_cells(positions);
    std::swap(offsets_, old_offsets_);
    std::swap(partners_, old_partners_);
    std::swap(payload_, old_payload_);
    const bool had_old = built_ && old_offsets_.size() == n + 1;
    offsets_.resize(n + 1);
    partners_.clear();
    payload_.clear();
    // Room for twice the last size: a list that fluctuates in steady state
    // stops allocating after a few builds.
    const std::size_t room = 2 * old_partners_.size();
    if (partners_.capacity() < room) partners_.reserve(std::max(room, 2 * partners_.capacity()));
    if (payload_.capacity() < room) payload_.reserve(std::max(room, 2 * payload_.capacity()));
    for (std::size_t i = 0; i < n; ++i) {
      offsets_[i] = static_cast<std::uint32_t>(partners_.size());
      const vec<T, D> xi = positions[i];
      const T reach = radii[i] + skin_;
      cells_.for_each_around(cells_.cell_of(static_cast<std::uint32_t>(i)),
                             static_cast<std::uint32_t>(i), [&](std::uint32_t j, std::uint32_t) {
        if (j < i) return;
        const T cutoff = reach + radii[j];
        if (squared_norm(box_.minimum_image(positions[j] - xi)) < cutoff * cutoff)
          partners_.push_back(j);
      });
      const auto first = partners_.begin() + offsets_[i];
      std::sort(first, partners_.end());
      carry_payload(i, had_old);
    }
    offsets_[n] = static_cast<std::uint32_t>(partners_.size());
    built_ = true;
    ++builds_;
  }

  [[nodiscard]] std::span<const std::uint32_t> offsets() const noexcept { return offsets_; }
  [[nodiscard]] std::span<const std::uint32_t> partners() const noexcept { return partners_; }
  [[nodiscard]] std::span<Payload> payload() noexcept { return payload_; }
  [[nodiscard]] std::span<const Payload> payload() const noexcept { return payload_; }
  /// Number of stored pairs.
  [[nodiscard]] std::size_t size() const noexcept { return partners_.size(); }
  /// Number of builds so far.
  [[nodiscard]] std::size_t builds() const noexcept { return builds_; }
  [[nodiscard]] T skin() const noexcept { return skin_; }

 private:
  template <class> friend struct detail::checkpoint_access;  // io/checkpoint.hpp
  static T checked_width(const box<T, D>& container, T max_diameter, T skin) {
    detail::require(is_finite(max_diameter) && max_diameter > T(0),
                    "carom::verlet_list: largest diameter must be finite and > 0 (got ",
                    max_diameter, ")");
    detail::require(is_finite(skin) && skin >= T(0),
                    "carom::verlet_list: skin must be finite and >= 0 (got ", skin, ")");
    const T width = max_diameter + skin;
    for (std::size_t a = 0; a < D; ++a)
      detail::require(!container.is_periodic(a) || container.lengths()[a] >= T(2) * width,
                      "carom::verlet_list: periodic axis ", a, " of length ",
                      container.lengths()[a], " is shorter than twice the cutoff ", width);
    return width;
  }

  // Each cell's chain in increasing index order.
  void fill_cells(std::span<const vec<T, D>> positions) {
    const std::size_t n = positions.size();
    cells_.reset(n);
    for (std::size_t k = n; k-- > 0;)
      cells_.insert(static_cast<std::uint32_t>(k), cells_.grid().coordinates_of(positions[k]));
  }

  // Payload of row i: merge of the new sorted row with the old one.
  void carry_payload(std::size_t i, bool had_old) {
    const std::size_t begin = offsets_[i];
    const std::size_t end = partners_.size();
    std::size_t old = had_old ? old_offsets_[i] : 0;
    const std::size_t old_end = had_old ? old_offsets_[i + 1] : 0;
    for (std::size_t k = begin; k < end; ++k) {
      while (old < old_end && old_partners_[old] < partners_[k]) ++old;
      payload_.push_back(old < old_end && old_partners_[old] == partners_[k] ? old_payload_[old]
                                                                              : Payload{});
    }
  }

  box<T, D> box_;
  detail::linked_cells<T, D> cells_;
  T skin_;
  T half_skin2_;
  bool built_ = false;
  std::size_t builds_ = 0;
  std::vector<vec<T, D>> reference_;
  std::vector<std::uint32_t> offsets_, partners_, old_offsets_, old_partners_;
  std::vector<Payload> payload_, old_payload_;
};

}  // namespace carom
