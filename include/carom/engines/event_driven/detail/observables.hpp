// SPDX-License-Identifier: MIT
#pragma once
/// The observables carom::event_driven accumulates between resets
/// (counters, the collisional virial, the impulse on the box's walls) and
/// the pressures computed from them (docs/event-driven.md, Observables).

#include <cstddef>
#include <cstdint>

#include "carom/core/concepts.hpp"
#include "carom/geometry/box.hpp"

namespace carom::detail {

/// Counters and sums since construction or the last restart; Time is the
/// engine's absolute time type (at least double).
template <class Time>
struct event_tally {
  std::uint64_t pair_collisions = 0;
  std::uint64_t wall_collisions = 0;
  std::uint64_t events = 0;  ///< every event processed, stale ones included
  Time virial = 0;           ///< Σ |r_ij| J over pair collisions
  Time wall_impulse = 0;     ///< normal momentum received by the box's walls
  Time window_start = 0;     ///< when the observation window began

  /// Zeroes everything and opens a new window at `now`.
  void restart(Time now) noexcept {
    *this = event_tally{};
    window_start = now;
  }

  /// P = (2 K / D + W / (D Δt)) / V over a window Δt.
  template <std::size_t D>
  [[nodiscard]] Time pressure(Time kinetic_energy, Time window, Time volume) const noexcept {
    const Time dims = Time(D);
    return (2 * kinetic_energy / dims + virial / (dims * window)) / volume;
  }

  /// The walls' impulse over a window Δt divided by their total area
  /// (length in 2D); 0 for a fully periodic box.
  template <scalar T, std::size_t D>
  [[nodiscard]] Time wall_pressure(const box<T, D>& container, Time window) const noexcept {
    Time area = 0;
    for (std::size_t a = 0; a < D; ++a)
      if (!container.is_periodic(a))
        area += 2 * Time(container.volume()) / Time(container.lengths()[a]);
    return area > 0 ? wall_impulse / (area * window) : 0;
  }
};

}  // namespace carom::detail
