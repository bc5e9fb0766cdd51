// SPDX-License-Identifier: MIT
#pragma once
/// Prediction of a particle's next event in carom::event_driven: the
/// earliest of its cage exit, its wall collisions and its pair collisions
/// with the candidates of the neighbour search. Each function lowers `best`
/// (a time from now) and sets `next` if it finds an earlier event.

#include <cstddef>
#include <cstdint>
#include <limits>

#include "carom/collision/time_to_contact.hpp"
#include "carom/collision/time_to_leave_cell.hpp"
#include "carom/collision/time_to_plane.hpp"
#include "carom/config.hpp"
#include "carom/core/vec.hpp"
#include "carom/engines/event_driven/detail/particle_store.hpp"
#include "carom/engines/event_driven/records.hpp"
#include "carom/geometry/box.hpp"
#include "carom/geometry/plane.hpp"

namespace carom::detail {

/// p leaving its cage [lower, upper] (p's clock at now).
template <scalar T, std::size_t D>
inline void consider_cage_exit(const hot_particle<T, D>& p, const vec<T, D>& lower,
                               const vec<T, D>& upper, const vec<T, D>& gravity, bool has_gravity,
                               T& best, scheduled_event& next) noexcept {
  const auto exit = has_gravity ? time_to_leave_cell(p.position, p.velocity, gravity, lower, upper)
                                : time_to_leave_cell(p.position, p.velocity, lower, upper);
  if (exit.time < best) {
    best = exit.time;
    next = {static_cast<std::uint32_t>(2 * exit.axis + (exit.direction > 0 ? 1 : 0)), 0,
            event_kind::cell};
  }
}

/// p hitting wall number w.
template <scalar T, std::size_t D>
inline void consider_wall(const plane<T, D>& wall, std::uint32_t w, const hot_particle<T, D>& p,
                          const vec<T, D>& gravity, bool has_gravity, T& best,
                          scheduled_event& next) noexcept {
  const T t = has_gravity ? time_to_plane(wall, p.position, p.velocity, p.radius, gravity)
                          : time_to_plane(wall, p.position, p.velocity, p.radius);
  if (t < best) {
    best = t;
    next = {w, 0, event_kind::wall};
  }
}

/// The earliest pair collision of particle i (clock at now) with a
/// candidate of `search`, the other clocks advanced on the fly. The gravity
/// test is hoisted out of the candidate loop, and everything the loop reads
/// is copied to locals first: stores through `best` could alias the arrays.
template <bool Gravity, scalar T, std::size_t D, class Search>
CAROM_ALWAYS_INLINE inline void consider_pairs(std::uint32_t i,
                                               const event_particle_store<T, D>& store,
                                               const Search& search, const box<T, D>& container,
                                               const vec<T, D>& gravity, T now, T& best,
                                               scheduled_event& next) noexcept {
  constexpr std::uint32_t no_partner = std::numeric_limits<std::uint32_t>::max();
  const hot_particle<T, D>* const hot = store.hot.data();
  const vec<T, D> xi = hot[i].position, vi = hot[i].velocity, g = gravity;
  const T ri = hot[i].radius;
  T earliest = best;
  std::uint32_t partner = no_partner;
  search.for_each_candidate(i, [&](std::uint32_t j, const auto& image) CAROM_ALWAYS_INLINE {
    const hot_particle<T, D>& q = hot[j];
    const T dt = now - q.local_time;
    vec<T, D> xj = q.position + q.velocity * dt, vj = q.velocity;
    if constexpr (Gravity) {
      xj += g * (dt * dt / 2);
      vj += g * dt;
    }
    if (earlier_contact(displacement(container, xj - xi, image), vj - vi, ri + q.radius, earliest))
      partner = j;
  });
  if (partner == no_partner) return;
  best = earliest;
  next = {partner, store.book[partner].counter, event_kind::pair};
}

}  // namespace carom::detail
