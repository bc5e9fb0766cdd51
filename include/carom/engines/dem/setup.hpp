// SPDX-License-Identifier: MIT
#pragma once
/// The boundary of carom::dem: every input check (docs/reliability.md) and the
/// derived settings (walls, time step, skin), done before the engine
/// exists, so a rejected construction changes nothing.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <numeric>
#include <vector>

#include "carom/contact/concepts.hpp"
#include "carom/contact/tangential.hpp"
#include "carom/contact/time_step.hpp"
#include "carom/core/error.hpp"
#include "carom/core/threads.hpp"
#include "carom/engines/dem/params.hpp"
#include "carom/engines/detail/initial_checks.hpp"
#include "carom/geometry/box.hpp"
#include "carom/geometry/plane.hpp"
#include "carom/particles/particles.hpp"

namespace carom {

namespace detail {

/// ω² of an angular velocity (scalar in 2D, vector in 3D).
template <scalar T>
[[nodiscard]] constexpr T squared_angular(T omega) noexcept {
  return omega * omega;
}
template <scalar T>
[[nodiscard]] constexpr T squared_angular(const vec<T, 3>& omega) noexcept {
  return squared_norm(omega);
}

/// √(R*/R_ref), the stiffness scale of a contact of effective radius R*
/// (dem_params::reference_radius); 1 without a reference radius (inverse 0).
template <scalar T>
[[nodiscard]] T stiffness_scale(T effective_radius, T inverse_reference_radius) noexcept {
  return inverse_reference_radius > T(0) ? std::sqrt(effective_radius * inverse_reference_radius)
                                         : T(1);
}

/// What the engine is built from once its inputs have passed every check.
template <scalar T, std::size_t D, class Law>
struct dem_setup {
  Law pair_law;
  Law wall_law;
  tangential_params<T> pair_tangential;
  tangential_params<T> wall_tangential;
  vec<T, D> gravity;
  std::vector<plane<T, D>> walls;
  T time_step;
  T skin;
  T max_diameter;
  T inverse_reference_radius;
  bool periodic;
  int threads;
};

template <scalar T>
void check_tangential(const char* which, const tangential_params<T>& t) {
  auto ok = [](T x) { return is_finite(x) && x >= T(0); };
  require(ok(t.friction), "carom::dem: ", which, ".friction must be finite and >= 0 (got ",
          t.friction, ")");
  require(ok(t.stiffness), "carom::dem: ", which,
          ".stiffness must be finite and >= 0 (got ", t.stiffness, ")");
  require(ok(t.damping), "carom::dem: ", which, ".damping must be finite and >= 0 (got ",
          t.damping, ")");
}

/// Checks everything and derives the engine's settings (see the
/// dem constructor for the list of rejections).
template <scalar T, std::size_t D, contact_law<T> Law>
[[nodiscard]] dem_setup<T, D, Law> prepare_dem(const box<T, D>& container,
                                               const particles<T, D>& initial,
                                               dem_params<T, D, Law> p) {
  constexpr const char* name = "carom::dem: ";
  require(!initial.empty(), name, "no particles");
  require(is_finite(p.gravity), name, "gravity must be finite");
  const tangential_params<T> wall_tangential = p.wall_tangential.value_or(p.pair_tangential);
  check_tangential("pair_tangential", p.pair_tangential);
  check_tangential("wall_tangential", wall_tangential);
  require(is_finite(p.max_impact_speed) && p.max_impact_speed > T(0), name,
          "max_impact_speed must be finite and > 0 (got ", p.max_impact_speed, ")");
  require(p.steps_per_contact >= 1, name, "steps_per_contact must be >= 1 (got ",
          p.steps_per_contact, ")");
  require(is_finite(p.reference_radius) && p.reference_radius >= T(0), name,
          "reference_radius must be finite and >= 0 (got ", p.reference_radius, ")");
  require(is_finite(p.time_step) && p.time_step >= T(0), name,
          "time_step must be finite and > 0, or 0 for the default (got ", p.time_step, ")");
  require(is_finite(p.skin), name, "skin must be finite (got ", p.skin, ")");
  require(p.threads >= 0, name, "threads must be >= 0, 0 for OpenMP's default (got ", p.threads,
          ")");

  std::vector<plane<T, D>> walls = checked_walls(name, container, initial, p.planes, inside::centre);
  {  // two equal centres have no contact normal (found by tests/fuzz/engines.cpp: NaN state)
    std::vector<vec<T, D>> centres;
    for (const auto& x : initial.positions()) centres.push_back(container.wrap(x));
    std::vector<std::uint32_t> order(initial.size());
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(), [&](std::uint32_t i, std::uint32_t j) {
      for (std::size_t a = 0; a < D; ++a)
        if (centres[i][a] != centres[j][a]) return centres[i][a] < centres[j][a];
      return false;
    });
    for (std::size_t k = 1; k < order.size(); ++k)
      require(centres[order[k]] != centres[order[k - 1]], name, "particles ",
              std::min(order[k - 1], order[k]), " and ", std::max(order[k - 1], order[k]),
              " have the same centre (no contact normal)");
  }
  T min_mass = infinity<T>, max_radius = T(0);
  for (std::size_t i = 0; i < initial.size(); ++i) {
    min_mass = std::min(min_mass, initial.masses()[i]);
    max_radius = std::max(max_radius, initial.radii()[i]);
  }

  bool periodic = false;
  for (std::size_t a = 0; a < D; ++a) periodic = periodic || container.is_periodic(a);
  const T skin = p.skin < T(0) ? T(0.2) * max_radius : p.skin;
  const T inverse_reference_radius = p.reference_radius > T(0) ? T(1) / p.reference_radius : T(0);
  auto scale = [&](T effective_radius) { return stiffness_scale(effective_radius, inverse_reference_radius); };
  // The stiffest contacts: smallest mass, largest scale (scaled law at mass m
  // moves like the law at mass m/s).
  const Law wall_law = p.wall_law.value_or(p.pair_law);
  const T pair_mass = T(0.5) * min_mass / scale(T(0.5) * max_radius);
  const T wall_mass = min_mass / scale(max_radius);
  const bool has_walls = !walls.empty();
  T dt = p.time_step;
  if (dt == T(0)) {
    dt = recommended_time_step(p.pair_law, pair_mass, p.max_impact_speed, p.steps_per_contact);
    if (has_walls)
      dt = std::min(dt, recommended_time_step(wall_law, wall_mass, p.max_impact_speed,
                                              p.steps_per_contact));
  } else {
    auto check = [&](const Law& law, T mass, const char* which) {
      const T critical = critical_time_step(law, mass, p.max_impact_speed);
      require(dt <= critical, name, "time_step = ", dt, " is above the critical time step ", critical,
              " of the ", which, " at max_impact_speed = ", p.max_impact_speed);
    };
    check(p.pair_law, pair_mass, "pair_law");
    if (has_walls) check(wall_law, wall_mass, "wall_law");
  }
  return {p.pair_law, wall_law, p.pair_tangential, wall_tangential, p.gravity,
          std::move(walls), dt, skin, T(2) * max_radius, inverse_reference_radius, periodic,
          thread_count(p.threads)};
}

}  // namespace detail
}  // namespace carom
