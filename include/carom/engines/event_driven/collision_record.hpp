// SPDX-License-Identifier: MIT
#pragma once
/// What an event-driven engine tells its observer about each collision.

#include <cstddef>

#include "carom/core/vec.hpp"

namespace carom {

/// The other participant of a collision: a particle or a wall.
enum class partner_kind : unsigned char { particle, wall };

/// One collision: at `time`, particle i hit `partner` (particle index, or
/// wall index: the box's walls in axis order, lower face first, then the
/// extra planes in the order given). `normal` is the unit normal from i
/// towards the partner; i received the impulse −impulse·normal and a
/// particle partner +impulse·normal (impulse ≥ 0, momentum units).
template <scalar T, std::size_t D>
struct collision_record {
  T time;
  std::size_t i;
  std::size_t partner;
  partner_kind kind;
  vec<T, D> normal;
  T impulse;
};

}  // namespace carom
