// SPDX-License-Identifier: MIT
#pragma once
/// The particles as carom::event_driven keeps them between events: one
/// local clock per particle (a position is stored at its particle's last
/// update and advanced only when it takes part in an event), the fields of
/// the candidate loop apart from the cold ones, and the renumbering that
/// keeps neighbours close in memory.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "carom/config.hpp"
#include "carom/core/math.hpp"
#include "carom/core/permutation.hpp"
#include "carom/core/vec.hpp"
#include "carom/engines/event_driven/records.hpp"
#include "carom/geometry/box.hpp"
#include "carom/particles/particles.hpp"

namespace carom::detail {

/// Per-particle arrays of the event-driven engine, by current index.
template <scalar T, std::size_t D>
struct event_particle_store {
  using vector = vec<T, D>;

  std::vector<hot_particle<T, D>> hot;
  std::vector<T> inverse_mass;
  std::vector<bookkeeping> book;
  std::vector<T> last_collision;        ///< only under a collapse guard (else empty)
  std::vector<std::uint32_t> original;  ///< index in the particles given

  [[nodiscard]] std::uint32_t size() const noexcept {
    return static_cast<std::uint32_t>(hot.size());
  }

  /// Takes the particles with positions wrapped into the box, every clock
  /// at 0; returns the wrapped positions. `guarded`: keep each particle's
  /// last collision time (for a collapse guard).
  std::vector<vector> load(const box<T, D>& container, const particles<T, D>& given,
                           bool guarded) {
    const auto n = static_cast<std::uint32_t>(given.size());
    hot.resize(n);
    inverse_mass.assign(given.inverse_masses().begin(), given.inverse_masses().end());
    book.assign(n, bookkeeping{{0, 0, event_kind::none}, 0});
    last_collision.assign(guarded ? n : 0, -infinity<T>);
    original.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) original[i] = i;
    std::vector<vector> wrapped(n);
    for (std::uint32_t i = 0; i < n; ++i) {
      const vector x = container.wrap(given.positions()[i]);
      hot[i] = {{x, given.velocities()[i], T(0), given.radii()[i]}};
      wrapped[i] = x;
    }
    return wrapped;
  }

  /// Moves i's clock to `now` along its flight (a parabola under gravity);
  /// forced inline: it runs for every participant of every event.
  CAROM_ALWAYS_INLINE void advance(std::uint32_t i, T now, const vector& gravity, bool has_gravity) noexcept {
    hot_particle<T, D>& p = hot[i];
    const T dt = now - p.local_time;
    if (dt == T(0)) return;
    p.position += p.velocity * dt;
    if (has_gravity) {
      p.position += gravity * (dt * dt / 2);
      p.velocity += gravity * dt;
    }
    p.local_time = now;
  }

  [[nodiscard]] vector velocity_at(std::uint32_t i, T now, const vector& gravity) const noexcept {
    return hot[i].velocity + gravity * (now - hot[i].local_time);
  }

  /// Makes `now` the new time origin; every clock must be at `now`.
  void restart_clocks(T now) noexcept {
    for (auto& p : hot) p.local_time = T(0);
    for (auto& t : last_collision) t -= now;
  }

  /// Particle order[k] becomes k (renumbered[old] = new), scheduled pair
  /// events following their partners; in place.
  void renumber(const std::vector<std::uint32_t>& order,
                const std::vector<std::uint32_t>& renumbered) {
    permute_in_place(std::span(hot), order);
    permute_in_place(std::span(inverse_mass), order);
    permute_in_place(std::span(last_collision), order);
    permute_in_place(std::span(original), order);
    permute_in_place(std::span(book), order);
    for (auto& b : book)
      if (b.event.kind == event_kind::pair) b.event.partner = renumbered[b.event.partner];
  }

  /// Writes the positions and velocities (clocks must agree) into `out`, in
  /// the order the particles were given.
  void store_into(particles<T, D>& out) const {
    auto x = out.positions();
    auto v = out.velocities();
    for (std::uint32_t k = 0; k < size(); ++k) {
      x[original[k]] = hot[k].position;
      v[original[k]] = hot[k].velocity;
    }
  }
};

}  // namespace carom::detail
