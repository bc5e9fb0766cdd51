// SPDX-License-Identifier: MIT
#pragma once
/// A half Verlet neighbour list with a skin, built on linked cells, with a
/// per-pair payload (the contact history of a DEM engine) carried across
/// rebuilds.
///
/// Every pair i < j closer than r_i + r_j + margin + skin at the last build
/// is stored once, in compressed-sparse-row form: the partners of i are
/// partners()[offsets()[i] .. offsets()[i+1]), sorted by index, and
/// payload()[k] belongs to entry k. The list stays valid (contains every
/// pair closer than r_i + r_j + margin) until some particle has moved more than skin/2 since the
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

#include "carom/config.hpp"
#include "carom/core/checkpoint_access.hpp"
#include "carom/core/error.hpp"
#include "carom/core/threads.hpp"
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
  /// Cells are max_diameter + margin + skin wide. `margin` (m, default 0)
  /// is how far apart two particles may be and still interact (the
  /// pull-off separation of an adhesive law that outlasts contact); the
  /// rebuild criterion stays skin/2. Throws carom::invalid_input for a
  /// non-finite or non-positive max_diameter, a negative or non-finite skin
  /// or margin, or a periodic axis shorter than 2 (max_diameter + margin +
  /// skin) (a pair would interact through two images).
  verlet_list(const box<T, D>& container, T max_diameter, T skin, T margin = T(0))
      : box_(container),
        cells_(container, checked_width(container, max_diameter, skin, margin)),
        skin_(skin), reach_(margin + skin), half_skin2_(T(0.25) * skin * skin) {}

  /// True when some particle moved more than skin/2 since the last build,
  /// or the list was never built or the particle count changed. With
  /// `threads` > 1 (and OpenMP) the particles are shared among that many
  /// threads in static order, as a threaded engine shares them when it
  /// moves them, so that each thread reads what it wrote.
  [[nodiscard]] bool needs_rebuild(std::span<const vec<T, D>> positions,
                                   int threads = 1) const noexcept {
    if (!built_ || positions.size() != reference_.size()) return true;
    if (threads > 1) {
      bool moved = false;
      CAROM_OMP(parallel for num_threads(threads) schedule(static) reduction(|| : moved))
      for (std::size_t i = 0; i < positions.size(); ++i)
        moved = moved || squared_norm(positions[i] - reference_[i]) > half_skin2_;
      return moved;
    }
    for (std::size_t i = 0; i < positions.size(); ++i)
      if (squared_norm(positions[i] - reference_[i]) > half_skin2_) return true;
    return false;
  }

  /// Rebuilds from positions (inside the box on walled axes, wrapped on
  /// periodic ones) and radii, keeping the payload of surviving pairs. With
  /// `threads` > 1 (and OpenMP) the rows are shared among that many
  /// threads; the list is the same.
  void build(std::span<const vec<T, D>> positions, std::span<const T> radii, int threads = 1) {
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
    if (threads > 1) {
      build_threaded(positions, radii, had_old, threads);
    } else {
      for (std::size_t i = 0; i < n; ++i) {
        offsets_[i] = static_cast<std::uint32_t>(partners_.size());
        add_row(i, positions, radii, had_old, partners_, payload_);
      }
      offsets_[n] = static_cast<std::uint32_t>(partners_.size());
    }
    built_ = true;
    ++builds_;
  }

  /// Marks a particle dropped by renumber().
  static constexpr std::uint32_t dropped = 0xFFFFFFFFu;

  /// Renumbers the stored pairs after particles were added or removed:
  /// particle i becomes new_index[i], or is dropped with its pairs when
  /// new_index[i] == dropped; the particles from new_index.size() up to
  /// new_size are new and have no pairs. The kept particles must keep
  /// their order (new_index increasing over them), so that every row stays
  /// sorted and the payload of each kept pair goes along to the next
  /// build(), which must follow (needs_rebuild() is true until then).
  /// Allocates. Does nothing to a list never built.
  void renumber(std::span<const std::uint32_t> new_index, std::size_t new_size) {
    if (!built_) return;
    std::vector<std::uint32_t> offsets(new_size + 1, 0), partners;
    std::vector<Payload> payload;
    partners.reserve(partners_.size());
    payload.reserve(payload_.size());
    std::size_t row = 0;
    for (std::size_t i = 0; i + 1 < offsets_.size() && i < new_index.size(); ++i) {
      const std::uint32_t ni = new_index[i];
      if (ni == dropped) continue;
      while (row <= ni) offsets[row++] = static_cast<std::uint32_t>(partners.size());
      for (std::uint32_t k = offsets_[i]; k < offsets_[i + 1]; ++k) {
        const std::uint32_t nj = new_index[partners_[k]];
        if (nj == dropped) continue;
        partners.push_back(nj);
        payload.push_back(payload_[k]);
      }
    }
    while (row <= new_size) offsets[row++] = static_cast<std::uint32_t>(partners.size());
    offsets_ = std::move(offsets);
    partners_ = std::move(partners);
    payload_ = std::move(payload);
    reference_.clear();  // needs_rebuild() until the next build
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
  static T checked_width(const box<T, D>& container, T max_diameter, T skin, T margin) {
    detail::require(is_finite(max_diameter) && max_diameter > T(0),
                    "carom::verlet_list: largest diameter must be finite and > 0 (got ",
                    max_diameter, ")");
    detail::require(is_finite(skin) && skin >= T(0),
                    "carom::verlet_list: skin must be finite and >= 0 (got ", skin, ")");
    detail::require(is_finite(margin) && margin >= T(0),
                    "carom::verlet_list: margin must be finite and >= 0 (got ", margin, ")");
    const T width = max_diameter + margin + skin;
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

  // Appends row i (its partners, sorted, and their payload) to `partners`
  // and `payload`.
  void add_row(std::size_t i, std::span<const vec<T, D>> positions, std::span<const T> radii,
               bool had_old, std::vector<std::uint32_t>& partners,
               std::vector<Payload>& payload) const {
    const std::size_t begin = partners.size();
    const vec<T, D> xi = positions[i];
    const T reach = radii[i] + reach_;
    cells_.for_each_around(cells_.cell_of(static_cast<std::uint32_t>(i)),
                           static_cast<std::uint32_t>(i), [&](std::uint32_t j, std::uint32_t) {
      if (j < i) return;
      const T cutoff = reach + radii[j];
      if (squared_norm(box_.minimum_image(positions[j] - xi)) < cutoff * cutoff)
        partners.push_back(j);
    });
    std::sort(partners.begin() + std::ptrdiff_t(begin), partners.end());
    // The payload: a merge of the new sorted row with the old one.
    std::size_t old = had_old ? old_offsets_[i] : 0;
    const std::size_t old_end = had_old ? old_offsets_[i + 1] : 0;
    for (std::size_t k = begin; k < partners.size(); ++k) {
      while (old < old_end && old_partners_[old] < partners[k]) ++old;
      payload.push_back(old < old_end && old_partners_[old] == partners[k] ? old_payload_[old]
                                                                            : Payload{});
    }
  }

  // Thread t builds the rows [n t/T, n (t+1)/T) into its own arrays, which
  // are then joined in thread order.
  void build_threaded(std::span<const vec<T, D>> positions, std::span<const T> radii,
                      bool had_old, int threads) {
    if (thread_rows_.size() < std::size_t(threads)) thread_rows_.resize(std::size_t(threads));
    const std::size_t n = positions.size();
    CAROM_OMP(parallel num_threads(threads))
    {
      const auto team = std::size_t(detail::team_size());
      const auto t = std::size_t(detail::thread_index());
      rows& mine = thread_rows_[t];
      const std::size_t begin = n * t / team, end = n * (t + 1) / team;
      mine.partners.clear();
      mine.payload.clear();
      for (std::size_t i = begin; i < end; ++i) {
        offsets_[i] = static_cast<std::uint32_t>(mine.partners.size());
        add_row(i, positions, radii, had_old, mine.partners, mine.payload);
      }
      CAROM_OMP(barrier)
      CAROM_OMP(single)
      {
        std::size_t total = 0;
        for (std::size_t u = 0; u < team; ++u) {
          thread_rows_[u].first = total;
          total += thread_rows_[u].partners.size();
        }
        partners_.resize(total);
        payload_.resize(total);
        offsets_[n] = static_cast<std::uint32_t>(total);
      }  // implied barrier
      for (std::size_t i = begin; i < end; ++i)
        offsets_[i] += static_cast<std::uint32_t>(mine.first);
      std::copy(mine.partners.begin(), mine.partners.end(),
                partners_.begin() + std::ptrdiff_t(mine.first));
      std::copy(mine.payload.begin(), mine.payload.end(),
                payload_.begin() + std::ptrdiff_t(mine.first));
    }
  }

  box<T, D> box_;
  detail::linked_cells<T, D> cells_;
  T skin_;
  T reach_;  // margin + skin
  T half_skin2_;
  bool built_ = false;
  std::size_t builds_ = 0;
  std::vector<vec<T, D>> reference_;
  std::vector<std::uint32_t> offsets_, partners_, old_offsets_, old_partners_;
  std::vector<Payload> payload_, old_payload_;
  struct rows {  // a thread's share of a threaded build
    std::vector<std::uint32_t> partners;
    std::vector<Payload> payload;
    std::size_t first = 0;  // where it goes in partners_
  };
  std::vector<rows> thread_rows_;
};

}  // namespace carom
