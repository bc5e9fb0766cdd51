// SPDX-License-Identifier: MIT
#pragma once
/// Event-driven hard spheres (3D) and disks (2D) (docs/event-driven.md):
/// particles fly freely (straight lines, or parabolas under uniform
/// gravity) and the engine jumps from one collision to the next.
///
/// Design (after what the published fast codes do, Smallenburg's EDMD and
/// DynamO; none of their code is used):
/// - one scheduled event per particle (its earliest pair collision, wall
///   collision or cage exit) in a queue policy: a bucket queue after G. Paul
///   (O(1) per event on average, default) or an indexed binary heap;
/// - lazy invalidation: a pair event remembers the partner's collision
///   counter and is discarded when it pops if the partner has changed since;
/// - local clocks: a particle's position is stored at its own last-update
///   time and only advanced when it takes part in an event;
/// - cages and candidates from a neighbour-search policy
///   (spatial/concepts.hpp): exact per-particle neighbour lists
///   over small cubic cages (default), or cell lists with cell-crossing
///   events;
/// - hot/cold split: the fields read for every candidate pair (position,
///   velocity, local time, radius) share one cache line in 3D double;
/// - times are kept relative to an epoch that is moved forward every N
///   events, so float runs keep their resolution;
/// - round-off guard: collision times come from carom::time_to_contact and
///   carom::time_to_plane, never negative, so no event is scheduled in the
///   past, and a pair left touching while approaching collides at once.
///
/// Its parts in detail/: particle_store.hpp (the particles and their local
/// clocks), event_prediction.hpp (a particle's next event), observables.hpp
/// (counters and pressures).

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "carom/collision/concepts.hpp"
#include "carom/collision/impulse.hpp"
#include "carom/core/checkpoint_access.hpp"
#include "carom/core/error.hpp"
#include "carom/core/math.hpp"
#include "carom/core/vec.hpp"
#include "carom/engines/concepts.hpp"
#include "carom/engines/event_driven/collision_record.hpp"
#include "carom/engines/event_driven/detail/event_prediction.hpp"
#include "carom/engines/event_driven/detail/observables.hpp"
#include "carom/engines/event_driven/detail/particle_store.hpp"
#include "carom/engines/event_driven/params.hpp"
#include "carom/engines/event_driven/records.hpp"
#include "carom/engines/event_driven/setup.hpp"
#include "carom/events/concepts.hpp"
#include "carom/geometry/box.hpp"
#include "carom/geometry/plane.hpp"
#include "carom/particles/particles.hpp"
#include "carom/spatial/concepts.hpp"

namespace carom {

/// Event-driven engine: `carom::event_driven<double, 3>` (elastic spheres),
/// `carom::event_driven<float, 2, carom::constant_restitution<float>>`, …
template <scalar T, std::size_t D, impulse_resolver<T> Resolver = elastic,
          class Policies = event_policies<>>
  requires dimension<D> && event_search<typename Policies::search, T, D> &&
           event_queue_policy<typename Policies::queue, T>
class event_driven {
 public:
  using scalar_type = T;
  static constexpr std::size_t space_dimension = D;
  using vector = vec<T, D>;
  using search_policy = typename Policies::search;
  using queue_policy = typename Policies::queue;
  using params = event_driven_params<T, D, Resolver, search_policy, queue_policy>;
  using record = collision_record<T, D>;
  /// Absolute time: at least double, whatever T is.
  using time_type = std::common_type_t<T, double>;

  /// Takes a copy of the particles. Throws carom::invalid_input (naming the
  /// particle or the pair) for: no particles, a particle outside a wall or a
  /// plane, two overlapping particles, a non-finite gravity or collapse
  /// guard time, a plane without a finite unit normal or not parallel to a
  /// periodic axis, a periodic axis shorter than three largest diameters,
  /// an inelastic resolver under gravity without a collapse guard (a
  /// particle coming to rest on a wall would collide infinitely often
  /// before time moves on: inelastic collapse).
  event_driven(const box<T, D>& container, const particles<T, D>& initial, params p = {})
      : event_driven(container, particles<T, D>(initial), std::move(p)) {}

  /// The same, taking the particles over instead of copying them (at 10^6
  /// particles the copy is about 100 MB more at the peak).
  event_driven(const box<T, D>& container, particles<T, D>&& initial, params p = {})
      : event_driven(detail::prepare_event_driven(container, initial, p), container,
                     std::move(initial), std::move(p)) {}

  // ---- running -------------------------------------------------------

  /// Processes every event up to time t (absolute), then sets the clock to
  /// t; observer(carom::collision_record) after every collision.
  template <class Observer = null_observer>
  void run_until(time_type t, Observer&& observer = {}) {
    while (queue_.top_time() <= T(t - epoch_)) step(observer);  // the epoch may move
    const T target = T(t - epoch_);
    if (target > now_) now_ = target;
  }

  /// Processes events until `count` more pair collisions have happened (or
  /// no event is left). It returns only when they happen: particles that
  /// never meet (e.g. parallel flights between two walls) keep it running;
  /// run_until is bounded by time instead. Throws carom::invalid_input,
  /// changing nothing, for count > 0 with a single particle (which would
  /// never return).
  template <class Observer = null_observer>
  void run(std::uint64_t count, Observer&& observer = {}) {
    detail::require(count == 0 || size() > 1, "carom::event_driven::run: ", count,
                    " pair collisions asked of a single particle (use run_until)");
    const std::uint64_t goal = tally_.pair_collisions + count;
    while (tally_.pair_collisions < goal && queue_.top_time() < infinity<T>) step(observer);
  }

  /// The former name of run(count, observer).
  template <class Observer = null_observer>
  [[deprecated("use run(count, observer)")]] void run_collisions(std::uint64_t count,
                                                                 Observer&& observer = {}) {
    run(count, std::forward<Observer>(observer));
  }

  // ---- observables ----------------------------------------------------

  [[nodiscard]] time_type time() const noexcept { return epoch_ + time_type(now_); }
  [[nodiscard]] std::uint32_t size() const noexcept { return store_.size(); }
  [[nodiscard]] const box<T, D>& container() const noexcept { return box_; }

  /// The particles with positions and velocities synchronised to time()
  /// (positions wrapped into the box on periodic axes).
  [[nodiscard]] const particles<T, D>& state() {
    synchronise();
    store_.store_into(particles_);
    return particles_;
  }

  /// Σ ½ m v² at time() (velocities change with time only under gravity).
  [[nodiscard]] T kinetic_energy() const noexcept {
    T sum = T(0);
    for (std::uint32_t i = 0; i < size(); ++i)
      sum += squared_norm(velocity_now(i)) / store_.inverse_mass[i];
    return sum / T(2);
  }

  /// Σ m v at time().
  [[nodiscard]] vector momentum() const noexcept {
    vector sum{};
    for (std::uint32_t i = 0; i < size(); ++i) sum += velocity_now(i) / store_.inverse_mass[i];
    return sum;
  }

  /// Pair collisions since construction or the last reset_observables().
  [[nodiscard]] std::uint64_t pair_collisions() const noexcept { return tally_.pair_collisions; }
  /// Wall collisions, likewise.
  [[nodiscard]] std::uint64_t wall_collisions() const noexcept { return tally_.wall_collisions; }
  /// Every event processed (collisions, cell crossings, discarded stale
  /// events), likewise.
  [[nodiscard]] std::uint64_t events() const noexcept { return tally_.events; }

  /// The collisional virial W = Σ_collisions r_ij · Δp_j = Σ |r_ij| J, summed
  /// over pair collisions since the last reset. The pressure over that
  /// window Δt is P = (N k_B T + W / (D Δt)) / V; see pressure().
  [[nodiscard]] time_type collisional_virial() const noexcept { return tally_.virial; }

  /// Time elapsed since construction or the last reset_observables().
  [[nodiscard]] time_type observation_time() const noexcept {
    return time() - tally_.window_start;
  }

  /// P = (2 K / D + W / (D Δt)) / V with the current kinetic energy K (the
  /// equilibrium N k_B T of an elastic run) and the virial W collected over
  /// observation_time() Δt > 0: the bulk pressure of a periodic system (with
  /// walls, see wall_pressure()).
  [[nodiscard]] time_type pressure() const noexcept {
    return tally_.template pressure<D>(time_type(kinetic_energy()), observation_time(),
                                       time_type(box_.volume()));
  }

  /// The pressure on the box's walls: the normal momentum they received
  /// over observation_time(), divided by their total area (length in 2D).
  /// Extra planes are not counted. 0 for a fully periodic box.
  [[nodiscard]] time_type wall_pressure() const noexcept {
    return tally_.wall_pressure(box_, observation_time());
  }

  /// Restarts the counters, the virial and the observation window.
  void reset_observables() noexcept { tally_.restart(time()); }

  /// Advances every particle's clock to time() (no physical change).
  void synchronise() noexcept {
    for (std::uint32_t i = 0; i < size(); ++i) advance(i);
  }

 private:
  template <class> friend struct detail::checkpoint_access;  // io/checkpoint.hpp
  using event_kind = detail::event_kind;
  using hot_particle = detail::hot_particle<T, D>;
  using scheduled = detail::scheduled_event;

  event_driven(detail::event_driven_setup<T, D>&& setup, const box<T, D>& container,
               particles<T, D>&& initial, params&& p)
      : box_(container),
        particles_(std::move(initial)),
        params_(std::move(p)),
        search_(container, setup.largest_diameter, params_.search),
        queue_(particles_.size(), params_.queue),
        walls_(std::move(setup.walls)),
        box_wall_(setup.box_wall),
        box_wall_count_(setup.box_wall_count),
        has_gravity_(params_.gravity != vector{}),
        guarded_(params_.collapse_guard_time > T(0)) {
    // The cages, checking that no particle overlaps another
    // (prepare_event_driven checked the walls).
    const std::vector<vector> wrapped = store_.load(box_, particles_, guarded_);
    search_.insert_all(wrapped);
    detail::check_no_overlap(box_, search_, particles_, wrapped);
    for (std::uint32_t i = 0; i < size(); ++i) schedule(i);
  }

  // ---- clocks -----------------------------------------------------------

  void advance(std::uint32_t i) noexcept { store_.advance(i, now_, params_.gravity, has_gravity_); }

  [[nodiscard]] vector velocity_now(std::uint32_t i) const noexcept {
    return store_.velocity_at(i, now_, params_.gravity);
  }

  /// Moves the epoch to now: every clock and scheduled time is shifted so
  /// that now is 0 (keeps float times fine-grained on long runs). Every
  /// sort_interval-th time, also renumbers the particles in the search
  /// policy's spatial order, so that neighbours stay close in memory as the
  /// particles diffuse (they move much less than a diameter in between, and
  /// the renumbering costs as much as a few hundred events per particle).
  void move_epoch() {
    synchronise();
    store_.restart_clocks(now_);
    queue_.shift(now_);
    epoch_ += time_type(now_);
    now_ = T(0);
    events_since_epoch_ = 0;
    if (++epochs_since_sort_ >= sort_interval) {
      epochs_since_sort_ = 0;
      sort_spatially();
    }
  }

  void sort_spatially() {
    const std::vector<std::uint32_t> order = search_.spatial_order();  // old index of each new
    std::vector<std::uint32_t> renumbered(order.size());              // new index of each old
    for (std::uint32_t k = 0; k < order.size(); ++k) renumbered[order[k]] = k;
    std::vector<T> times(order.size());
    for (std::uint32_t k = 0; k < order.size(); ++k) times[k] = queue_.time_of(order[k]);
    store_.renumber(order, renumbered);
    for (std::uint32_t k = 0; k < order.size(); ++k) queue_.update(k, times[k]);
    search_.renumber(order, renumbered);
  }

  // ---- scheduling --------------------------------------------------------

  /// Finds particle i's next event (i's clock must be at now_).
  void schedule(std::uint32_t i) noexcept {
    const hot_particle& p = store_.hot[i];
    const vector& g = params_.gravity;
    T best = infinity<T>;
    scheduled next{0, 0, event_kind::none};
    vector lower, upper;
    search_.cage(i, lower, upper);
    detail::consider_cage_exit(p, lower, upper, g, has_gravity_, best, next);
    // Box walls within reach of the cage; then the extra planes.
    for (std::size_t a = 0; a < D; ++a) {
      const std::uint32_t w = box_wall_[a];
      if (w == detail::no_wall) continue;
      if (search_.may_reach_wall(i, a, 0, p.radius))
        detail::consider_wall(walls_[w], w, p, g, has_gravity_, best, next);
      if (search_.may_reach_wall(i, a, 1, p.radius))
        detail::consider_wall(walls_[w + 1], w + 1, p, g, has_gravity_, best, next);
    }
    for (std::uint32_t w = box_wall_count_; w < walls_.size(); ++w)
      detail::consider_wall(walls_[w], w, p, g, has_gravity_, best, next);
    if (has_gravity_) detail::consider_pairs<true>(i, store_, search_, box_, g, now_, best, next);
    else detail::consider_pairs<false>(i, store_, search_, box_, g, now_, best, next);
    store_.book[i].event = next;
    queue_.update(i, now_ + best);
  }

  // ---- processing ----------------------------------------------------------

  template <class Observer>
  void step(Observer& observer) {
    const std::uint32_t i = queue_.top();
    now_ = queue_.top_time();
    ++tally_.events;
    const scheduled e = store_.book[i].event;
    advance(i);
    switch (e.kind) {
      case event_kind::pair:
        if (store_.book[e.partner].counter == e.partner_count) collide(i, e.partner, observer);
        else schedule(i);  // the partner moved on: stale
        break;
      case event_kind::wall:
        hit_wall(i, e.partner, observer);
        break;
      case event_kind::cell:
        cross(i, e.partner / 2, (e.partner % 2) ? 1 : -1);
        break;
      case event_kind::none:
        schedule(i);
        break;
    }
    if (++events_since_epoch_ >= epoch_interval()) move_epoch();
  }

  [[nodiscard]] std::uint64_t epoch_interval() const noexcept {
    return std::max<std::uint64_t>(4096, 4 * std::uint64_t(size()));
  }

  [[nodiscard]] bool within_guard(std::uint32_t i) const noexcept {
    return guarded_ && now_ - store_.last_collision[i] < params_.collapse_guard_time;
  }

  template <class Observer>
  void collide(std::uint32_t i, std::uint32_t j, Observer& observer) {
    advance(j);
    hot_particle &p = store_.hot[i], &q = store_.hot[j];
    const vector dx = box_.minimum_image(q.position - p.position);
    const T distance = norm(dx);
    const vector n = dx / distance;
    const auto result = detail::guarded_resolution(
        within_guard(i) || within_guard(j), params_.resolver, [&](const auto& resolver) {
          return resolve_collision(resolver, p.velocity, q.velocity, store_.inverse_mass[i],
                                   store_.inverse_mass[j], n);
        });
    p.velocity = result.velocity_i;
    q.velocity = result.velocity_j;
    ++store_.book[i].counter;
    ++store_.book[j].counter;
    if (guarded_) store_.last_collision[i] = store_.last_collision[j] = now_;
    ++tally_.pair_collisions;
    tally_.virial += time_type(distance) * time_type(result.impulse);
    if constexpr (!std::is_same_v<std::remove_cvref_t<Observer>, null_observer>)
      observer(record{T(time()), store_.original[i], store_.original[j], partner_kind::particle, n,
                      result.impulse});
    schedule(i);
    schedule(j);
  }

  template <class Observer>
  void hit_wall(std::uint32_t i, std::uint32_t w, Observer& observer) {
    hot_particle& p = store_.hot[i];
    const vector n = walls_[w].normal;
    const T mass = T(1) / store_.inverse_mass[i];
    const auto result = detail::guarded_resolution(
        within_guard(i), params_.resolver,
        [&](const auto& resolver) { return resolve_wall_collision(resolver, p.velocity, mass, n); });
    p.velocity = result.velocity;
    ++store_.book[i].counter;
    if (guarded_) store_.last_collision[i] = now_;
    ++tally_.wall_collisions;
    if (w < box_wall_count_) tally_.wall_impulse += time_type(result.impulse);
    if constexpr (!std::is_same_v<std::remove_cvref_t<Observer>, null_observer>)
      observer(record{T(time()), store_.original[i], w, partner_kind::wall, -n, result.impulse});
    schedule(i);
  }

  void cross(std::uint32_t i, std::uint32_t axis, int direction) {
    search_.leave(i, axis, direction, store_.hot[i].position);
    schedule(i);
  }

  box<T, D> box_;
  particles<T, D> particles_;  // cold data and the synchronised view
  params params_;
  typename search_policy::template type<T, D> search_;
  typename queue_policy::template type<T> queue_;
  std::vector<plane<T, D>> walls_;
  std::array<std::uint32_t, D> box_wall_{};
  std::uint32_t box_wall_count_ = 0;
  bool has_gravity_ = false;
  bool guarded_ = false;  // collapse_guard_time > 0

  detail::event_particle_store<T, D> store_;

  T now_ = T(0);
  time_type epoch_ = 0;
  std::uint64_t events_since_epoch_ = 0;
  static constexpr std::uint32_t sort_interval = 8;  // epochs
  std::uint32_t epochs_since_sort_ = sort_interval - 1;  // sort at the first epoch
  detail::event_tally<time_type> tally_;
};

}  // namespace carom
