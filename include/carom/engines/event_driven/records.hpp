// SPDX-License-Identifier: MIT
#pragma once
/// The per-particle records of carom::event_driven, laid out for the
/// collision loop: what is read for every candidate pair in one cache line,
/// a particle's scheduled event beside its collision counter.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "carom/config.hpp"
#include "carom/core/vec.hpp"
#include "carom/geometry/box.hpp"
#include "carom/spatial/concepts.hpp"

namespace carom::detail {

/// What a particle's scheduled event is.
enum class event_kind : std::uint8_t { none, pair, wall, cell };

/// The fields read for every candidate pair, together.
template <scalar T, std::size_t D>
struct hot_fields {
  vec<T, D> position;  ///< at local_time
  vec<T, D> velocity;  ///< at local_time
  T local_time;
  T radius;
};

/// Aligned to its size rounded up to a power of two (64 bytes in 3D
/// double, 32 in 3D float and 2D double), so that reading one candidate
/// touches one cache line, never two.
template <scalar T, std::size_t D>
struct alignas(std::bit_ceil(sizeof(hot_fields<T, D>))) hot_particle : hot_fields<T, D> {};

/// A particle's next event.
struct scheduled_event {
  std::uint32_t partner;        ///< particle, wall index, or 2·axis + (direction > 0)
  std::uint32_t partner_count;  ///< partner's collision counter when scheduled
  event_kind kind;
};

/// A particle's scheduled event and collision counter, together: a
/// collision reads and writes both, for both particles.
struct bookkeeping {
  scheduled_event event;
  std::uint32_t counter;  ///< collisions so far (invalidates events naming it)
};

/// x_j − x_i on the periodic image a search names (spatial/concepts.hpp).
template <scalar T, std::size_t D, class Image>
[[nodiscard]] CAROM_ALWAYS_INLINE inline vec<T, D> displacement(const box<T, D>& container,
                                                         const vec<T, D>& raw,
                                                         const Image& image) noexcept {
  if constexpr (std::is_same_v<Image, nearest_image>) return container.minimum_image(raw);
  else if constexpr (std::is_same_v<Image, same_image>) return raw;
  else return raw + image;
}

}  // namespace carom::detail
