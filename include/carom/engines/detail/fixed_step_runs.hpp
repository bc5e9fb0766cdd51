// SPDX-License-Identifier: MIT
#pragma once
/// The run functions the two fixed-step engines (carom::dem,
/// carom::impulse_stepped) share, written once: a base class that calls the
/// engine's own step(), time() and time_step().

#include <cstdint>

#include "carom/engines/concepts.hpp"

namespace carom::detail {

template <class Engine>
class fixed_step_runs {
 public:
  /// Runs `steps` steps, calling observer(engine) after every `every`-th.
  template <class Observer = null_observer>
  void run(std::uint64_t steps, Observer&& observer = {}, std::uint64_t every = 1) {
    for (std::uint64_t s = 1; s <= steps; ++s) {
      engine().step();
      if (every != 0 && s % every == 0) observer(engine());
    }
  }

  /// Runs whole steps until time() is within half a step of t (none if t
  /// lies behind, in the direction of the step), calling observer(engine)
  /// after each.
  template <class Observer = null_observer>
  void run_until(double t, Observer&& observer = {}) {
    while ((t - double(engine().time())) / double(engine().time_step()) > 0.5) {
      engine().step();
      observer(engine());
    }
  }

 private:
  friend Engine;
  fixed_step_runs() = default;
  Engine& engine() noexcept { return static_cast<Engine&>(*this); }
};

}  // namespace carom::detail
