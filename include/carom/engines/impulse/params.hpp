// SPDX-License-Identifier: MIT
#pragma once
/// Parameters of carom::impulse_stepped (engines/impulse/impulse_stepped.hpp)
/// and its boundary: every input check (docs/reliability.md) and the
/// derived settings, done before the engine exists, so a
/// rejected construction changes nothing.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <numeric>
#include <vector>

#include "carom/collision/concepts.hpp"
#include "carom/core/error.hpp"
#include "carom/core/threads.hpp"
#include "carom/core/vec.hpp"
#include "carom/engines/detail/initial_checks.hpp"
#include "carom/geometry/box.hpp"
#include "carom/geometry/plane.hpp"
#include "carom/particles/particles.hpp"

namespace carom {

/// Everything about an impulse-mode run besides the box and the particles.
/// Designated initialisers: `{.gravity = {0, -9.81}, .time_step = 1e-3}`.
template <scalar T, std::size_t D, class Resolver>
struct impulse_stepped_params {
  /// How much normal velocity a collision keeps (carom::elastic, …).
  Resolver resolver{};
  /// Uniform acceleration: flights within a step are exact parabolas.
  vec<T, D> gravity{};
  /// Walls besides the box's own, any orientation, normal pointing inwards.
  std::vector<plane<T, D>> planes{};
  /// Time step (required): finite and ≠ 0; negative runs backwards.
  T time_step = T(0);
  /// Inelastic-collapse guard (the TC model of Luding & McNamara): a
  /// collision within this time after a previous collision of either
  /// participant is elastic. At 0 it still applies to collisions at the
  /// same instant (a zero-time cascade through touching particles), which
  /// keeps that cascade finite for e < 1. Irrelevant for e = 1.
  T collapse_guard_time = T(0);
  /// Threads of a step when compiled with OpenMP (docs/threads.md); 0
  /// follows OMP_NUM_THREADS. The trajectory is the same, bit for bit, for
  /// every thread count and without OpenMP.
  int threads = 0;
};

namespace detail {

/// What the impulse engine is built from once its inputs pass every check.
template <scalar T, std::size_t D, class Resolver>
struct impulse_setup {
  Resolver resolver;
  vec<T, D> gravity;
  std::vector<plane<T, D>> walls;
  T time_step;
  T collapse_guard_time;
  T cell_width;
  std::vector<std::uint32_t> order;  // input index of each internal slot
  int threads = 1;                   // resolved: OpenMP's count for 0
};

/// Rejects a time step that is not finite and ≠ 0.
template <scalar T>
void check_impulse_time_step(T dt) {
  require(is_finite(dt) && dt != T(0),
          "carom::impulse_stepped: time_step must be finite and != 0 (got ", dt, ")");
}

/// The canonical order of the particles: by position (last axis first),
/// then velocity, radius and mass. It depends on the set of particles only,
/// not on the order they were given in, so every tie the engine breaks by
/// index is broken the same way for a shuffled input.
template <scalar T, std::size_t D>
[[nodiscard]] std::vector<std::uint32_t> canonical_order(const box<T, D>& container,
                                                         const particles<T, D>& initial) {
  std::vector<std::uint32_t> order(initial.size());
  std::iota(order.begin(), order.end(), 0u);
  auto key = [&](std::uint32_t i, std::size_t field) -> T {
    if (field < D) return container.wrap(initial.positions()[i])[D - 1 - field];
    if (field < 2 * D) return initial.velocities()[i][field - D];
    return field == 2 * D ? initial.radii()[i] : initial.masses()[i];
  };
  std::sort(order.begin(), order.end(), [&](std::uint32_t i, std::uint32_t j) {
    for (std::size_t f = 0; f < 2 * D + 2; ++f)
      if (key(i, f) != key(j, f)) return key(i, f) < key(j, f);
    return false;
  });
  for (std::size_t k = 1; k < order.size(); ++k)
    require(container.wrap(initial.positions()[order[k]]) !=
                container.wrap(initial.positions()[order[k - 1]]),
            "carom::impulse_stepped: particles ", order[k - 1], " and ", order[k],
            " have the same centre (no collision normal)");
  return order;
}

/// Checks everything and derives the impulse engine's settings (see its
/// constructor for the list of rejections).
template <scalar T, std::size_t D, impulse_resolver<T> Resolver>
[[nodiscard]] impulse_setup<T, D, Resolver> prepare_impulse(
    const box<T, D>& container, const particles<T, D>& initial,
    impulse_stepped_params<T, D, Resolver> p) {
  constexpr const char* name = "carom::impulse_stepped: ";
  require(!initial.empty(), name, "no particles");
  require(initial.size() < std::numeric_limits<std::uint32_t>::max(), name, "too many particles");
  require(is_finite(p.gravity), name, "gravity must be finite");
  check_impulse_time_step(p.time_step);
  require(is_finite(p.collapse_guard_time) && p.collapse_guard_time >= T(0), name,
          "collapse_guard_time must be finite and >= 0 (got ", p.collapse_guard_time, ")");
  require(p.threads >= 0, name, "threads must be >= 0, 0 for OpenMP's default (got ", p.threads,
          ")");
  // A sphere overlapping two walls at once (a channel narrower than it)
  // would bounce between them at time 0 for ever.
  std::vector<plane<T, D>> walls =
      checked_walls(name, container, initial, p.planes, inside::whole_sphere);
  // Cells: at least one diameter, and about one particle per cell when dilute.
  const auto radii = initial.radii();
  const T diameter = T(2) * *std::max_element(radii.begin(), radii.end());
  const T spacing = std::pow(container.volume() / T(initial.size()), T(1) / T(D));
  std::vector<std::uint32_t> order = canonical_order(container, initial);
  return {p.resolver,          p.gravity, std::move(walls), p.time_step, p.collapse_guard_time,
          std::max(diameter, spacing), std::move(order), thread_count(p.threads)};
}

}  // namespace detail
/// The former name of carom::impulse_stepped_params.
template <scalar T, std::size_t D, class Resolver>
using time_stepped_impulse_params [[deprecated("use carom::impulse_stepped_params")]] =
    impulse_stepped_params<T, D, Resolver>;

}  // namespace carom
