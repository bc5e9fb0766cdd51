// SPDX-License-Identifier: MIT
#pragma once
/// Where carom::dem's steps spend their time: the record that
/// dem::run_profiled() returns (carom::step_profile), and the two timers a
/// step is written against, one that reads the clock between phases and
/// one whose calls fold away, so that step() pays nothing for profiling.

#include <chrono>

namespace carom {

/// Seconds spent in each phase of the steps run by run_profiled().
struct step_profile {
  double neighbour_seconds = 0;
  double force_seconds = 0;
  double integration_seconds = 0;
};

namespace detail {

/// The timer of an unprofiled step: every call is empty.
struct no_step_timing {
  static constexpr void mark() noexcept {}
  static constexpr void integration() noexcept {}
  static constexpr void neighbours() noexcept {}
  static constexpr void forces() noexcept {}
};

/// The timer of run_profiled(): adds the time since the last call to the
/// phase that just ended.
struct step_phase_timing {
  using clock = std::chrono::steady_clock;
  step_profile profile;
  clock::time_point last{};
  void mark() noexcept { last = clock::now(); }
  double lap() noexcept {
    const auto now = clock::now();
    const double seconds = std::chrono::duration<double>(now - last).count();
    last = now;
    return seconds;
  }
  void integration() noexcept { profile.integration_seconds += lap(); }
  void neighbours() noexcept { profile.neighbour_seconds += lap(); }
  void forces() noexcept { profile.force_seconds += lap(); }
};

}  // namespace detail
}  // namespace carom
