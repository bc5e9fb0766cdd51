// SPDX-License-Identifier: MIT
#pragma once
/// Output while a run goes on: run_with_output drives an engine from one
/// output time to the next and hands it to the output callables there
/// (writers, a progress printer, your own lambdas); progress_printer tells
/// how far a long run has got, how fast it goes and when it will end.
///
///     carom::lammps_dump_writer<double, 2> dump(file);
///     carom::progress_printer progress(std::cerr, 100.0);
///     carom::run_with_output(engine, 100.0, 0.5, dump, progress);

#include <algorithm>
#include <chrono>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <ostream>
#include <utility>

#include "carom/core/error.hpp"
#include "carom/io/concepts.hpp"

namespace carom {

/// Runs `engine` from its current time t₀ to t_end, calling every output
/// callable, in order, with the engine at t₀, t₀ + dt, t₀ + 2 dt, … (times
/// computed as t₀ + k dt, so they do not drift) and finally at t_end if the
/// last of those fell short of it. Returns the number of output times.
/// Throws carom::invalid_input unless dt > 0 and t_end ≥ t₀ are finite.
template <timed_engine Engine, class... Outputs>
  requires(std::invocable<Outputs&, Engine&> && ...)
std::size_t run_with_output(Engine& engine, double t_end, double dt, Outputs&&... outputs) {
  const double start = static_cast<double>(engine.time());
  detail::require(std::isfinite(dt) && dt > 0, "carom::run_with_output: dt must be finite and > 0 (got ",
                  dt, ")");
  detail::require(std::isfinite(t_end) && t_end >= start, "carom::run_with_output: t_end = ", t_end,
                  " must be finite and >= the engine's time ", start);
  std::size_t count = 0;
  for (;;) {
    const double t = std::min(start + double(count) * dt, t_end);
    engine.run_until(t);
    (outputs(engine), ...);
    ++count;
    if (t >= t_end) return count;
  }
}

/// An output callable that prints one line per call, at most every
/// `interval` of wall-clock time (the last call, at t_end, always prints):
///
///     t = 42.5 / 100 (42.5%), 3.1e+06 events/s, elapsed 0:00:12, ETA 0:00:16
///
/// The rate counts the engine's events() (or steps(), for a time-stepped
/// engine) since the previous line; engines with neither print no rate.
/// The ETA assumes simulated time keeps advancing at its mean pace so far.
class progress_printer {
 public:
  using clock = std::chrono::steady_clock;

  /// Prints to `out` (which must outlive the printer) for a run ending at
  /// t_end; the first call only starts the clock.
  progress_printer(std::ostream& out, double t_end,
                   std::chrono::duration<double> interval = std::chrono::seconds(1))
      : out_(&out), t_end_(t_end), interval_(interval) {}

  /// Prints a line if `interval` has passed since the last one, or t_end
  /// is reached.
  template <timed_engine Engine>
  void operator()(Engine& engine) {
    const auto now = clock::now();
    const double t = static_cast<double>(engine.time());
    const std::uint64_t work = work_of(engine);
    if (!started_) {
      started_ = true;
      start_ = last_ = now;
      t_start_ = t;
      last_work_ = work;
      return;
    }
    const bool done = t >= t_end_;
    if (!done && now - last_ < interval_) return;
    const double since_last = std::chrono::duration<double>(now - last_).count();
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    // A counter that went down was reset (reset_observables): count from 0.
    const std::uint64_t done_work = work >= last_work_ ? work - last_work_ : work;
    char line[160];
    int n = std::snprintf(line, sizeof line, "t = %.6g / %.6g (%.1f%%)", t, t_end_,
                          t_end_ > t_start_ ? 100 * (t - t_start_) / (t_end_ - t_start_) : 100.0);
    if (has_work<Engine>() && since_last > 0)
      n += std::snprintf(line + n, sizeof line - std::size_t(n), ", %.3g %s/s",
                         double(done_work) / since_last, work_name<Engine>());
    n += std::snprintf(line + n, sizeof line - std::size_t(n), ", elapsed ");
    n += clock_text(line + n, sizeof line - std::size_t(n), elapsed);
    if (!done && t > t_start_) {
      n += std::snprintf(line + n, sizeof line - std::size_t(n), ", ETA ");
      n += clock_text(line + n, sizeof line - std::size_t(n), elapsed * (t_end_ - t) / (t - t_start_));
    }
    *out_ << line << '\n' << std::flush;
    last_ = now;
    last_work_ = work;
    ++lines_;
  }

  /// Lines printed so far.
  [[nodiscard]] std::size_t lines() const noexcept { return lines_; }

 private:
  template <class Engine>
  static constexpr bool has_work() {
    return requires(Engine& e) { e.events(); } || requires(Engine& e) { e.steps(); };
  }
  template <class Engine>
  static constexpr const char* work_name() {
    return requires(Engine& e) { e.events(); } ? "events" : "steps";
  }
  template <class Engine>
  static std::uint64_t work_of(Engine& engine) {
    if constexpr (requires { engine.events(); }) return static_cast<std::uint64_t>(engine.events());
    else if constexpr (requires { engine.steps(); }) return static_cast<std::uint64_t>(engine.steps());
    else return 0;
  }
  /// h:mm:ss.
  static int clock_text(char* out, std::size_t size, double seconds) {
    const auto s = static_cast<long long>(std::llround(std::max(seconds, 0.0)));
    return std::snprintf(out, size, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
  }

  std::ostream* out_;
  double t_end_;
  std::chrono::duration<double> interval_;
  bool started_ = false;
  clock::time_point start_{}, last_{};
  double t_start_ = 0;
  std::uint64_t last_work_ = 0;
  std::size_t lines_ = 0;
};

}  // namespace carom
