// SPDX-License-Identifier: MIT
#pragma once
/// The boundary of carom::event_driven: every check of its box, particles
/// and parameters, and the walls it derives, done before the engine exists,
/// so a rejected construction changes nothing (docs/reliability.md). The
/// pair-overlap check needs the engine's neighbour search and is made by
/// the engine before it schedules anything.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "carom/collision/concepts.hpp"
#include "carom/core/error.hpp"
#include "carom/core/math.hpp"
#include "carom/core/vec.hpp"
#include "carom/engines/detail/initial_checks.hpp"
#include "carom/engines/event_driven/params.hpp"
#include "carom/engines/event_driven/records.hpp"
#include "carom/geometry/box.hpp"
#include "carom/geometry/plane.hpp"
#include "carom/particles/particles.hpp"

namespace carom::detail {

/// An axis without box walls (periodic).
inline constexpr std::uint32_t no_wall = std::numeric_limits<std::uint32_t>::max();

/// What the event-driven engine is built from once its inputs pass.
template <scalar T, std::size_t D>
struct event_driven_setup {
  std::vector<plane<T, D>> walls;        ///< the box's walls, then the planes
  std::array<std::uint32_t, D> box_wall;  ///< lower wall of each walled axis, or no_wall
  std::uint32_t box_wall_count;
  T largest_diameter;
};

/// Checks everything but pair overlaps (see the event_driven constructor
/// for the list of rejections) and numbers the walls.
template <scalar T, std::size_t D, class Resolver, class Search, class Queue>
[[nodiscard]] event_driven_setup<T, D> prepare_event_driven(
    const box<T, D>& container, const particles<T, D>& initial,
    const event_driven_params<T, D, Resolver, Search, Queue>& p) {
  constexpr const char* name = "carom::event_driven: ";
  require(!initial.empty(), name, "needs at least one particle");
  require(initial.size() < std::numeric_limits<std::uint32_t>::max(), name, "too many particles");
  const auto radii = initial.radii();
  const T sigma = 2 * *std::max_element(radii.begin(), radii.end());
  for (std::size_t a = 0; a < D; ++a)
    require(!container.is_periodic(a) || container.lengths()[a] >= 3 * sigma, name,
            "periodic axis ", a, " of length ", container.lengths()[a],
            " is shorter than three largest diameters (", 3 * sigma, ")");
  require(is_finite(p.gravity), name, "gravity must be finite");
  require(is_finite(p.collapse_guard_time) && p.collapse_guard_time >= T(0), name,
          "collapse_guard_time must be finite and >= 0 (got ", p.collapse_guard_time, ")");
  require(p.gravity == vec<T, D>{} || p.collapse_guard_time > T(0) ||
              !is_inelastic<T>(p.resolver),
          name,
          "an inelastic resolver under gravity needs collapse_guard_time > 0 (without it a "
          "particle coming to rest on a wall collides infinitely often in a finite time); with "
          "a guard t_g a resting particle bounces about every t_g, so pick a small fraction of "
          "sqrt(diameter / |gravity|), e.g. 1e-4 of it");

  event_driven_setup<T, D> setup{
      checked_walls(name, container, initial, p.planes, inside::whole_sphere), {}, 0, sigma};
  for (std::size_t a = 0, k = 0; a < D; ++a) {
    setup.box_wall[a] = container.is_periodic(a) ? no_wall : static_cast<std::uint32_t>(k);
    if (!container.is_periodic(a)) k += 2;
  }
  setup.box_wall_count = static_cast<std::uint32_t>(setup.walls.size() - p.planes.size());
  return setup;
}

/// Throws carom::invalid_input, naming the pair and their ids, if two
/// particles overlap (beyond round-off). `search` holds `wrapped`, the
/// positions wrapped into the box.
template <scalar T, std::size_t D, class Search>
void check_no_overlap(const box<T, D>& container, const Search& search,
                      const particles<T, D>& initial, const std::vector<vec<T, D>>& wrapped) {
  const auto radii = initial.radii();
  const auto n = static_cast<std::uint32_t>(wrapped.size());
  for (std::uint32_t i = 0; i < n; ++i)
    search.for_each_candidate(i, [&](std::uint32_t j, const auto& image) {
      if (j <= i) return;
      const vec<T, D> dx = displacement(container, wrapped[j] - wrapped[i], image);
      const T sigma = radii[i] + radii[j];
      const T d2 = squared_norm(dx);
      require(d2 >= sigma * sigma - contact_tolerance(sigma * sigma), "carom::event_driven: particles ",
              i, " and ", j, " (ids ", initial.ids()[i], ", ", initial.ids()[j],
              ") overlap: distance ", carom::sqrt(d2), " < ", sigma);
    });
}

}  // namespace carom::detail
