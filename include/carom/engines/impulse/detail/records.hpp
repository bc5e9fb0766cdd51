// SPDX-License-Identifier: MIT
#pragma once
/// What carom::impulse_stepped keeps per particle within a step: the hot
/// state its event loop reads for every candidate pair, and the one event
/// scheduled for each particle.

#include <cstddef>
#include <cstdint>

#include "carom/core/vec.hpp"

namespace carom::detail {

enum class impulse_event_kind : std::uint8_t { none, pair, wall };

/// A particle's free flight: its state at `clock`.
template <scalar T, std::size_t D>
struct impulse_particle {
  vec<T, D> position;  ///< at clock (unwrapped within a step)
  vec<T, D> velocity;  ///< at clock
  T clock;             ///< time within the step of the position
  T radius;
};

/// A particle's earliest event within the step.
template <scalar T, std::size_t D>
struct impulse_event {
  vec<T, D> offset;             ///< periodic image of the partner
  std::uint32_t partner;        ///< particle or wall index
  std::uint32_t partner_count;  ///< partner's collision counter when scheduled
  impulse_event_kind kind;
};

}  // namespace carom::detail
