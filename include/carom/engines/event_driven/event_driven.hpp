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

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

#include "carom/collision/concepts.hpp"
#include "carom/config.hpp"
#include "carom/collision/impulse.hpp"
#include "carom/collision/time_to_contact.hpp"
#include "carom/collision/time_to_leave_cell.hpp"
#include "carom/collision/time_to_plane.hpp"
#include "carom/core/error.hpp"
#include "carom/core/vec.hpp"
#include "carom/engines/concepts.hpp"
#include "carom/engines/detail/initial_checks.hpp"
#include "carom/engines/event_driven/collision_record.hpp"
#include "carom/engines/event_driven/params.hpp"
#include "carom/engines/event_driven/records.hpp"
#include "carom/engines/event_driven/setup.hpp"
#include "carom/events/binary_heap_queue.hpp"
#include "carom/events/bucket_queue.hpp"
#include "carom/events/concepts.hpp"
#include "carom/geometry/box.hpp"
#include "carom/geometry/plane.hpp"
#include "carom/particles/particles.hpp"

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
      : event_driven(detail::prepare_event_driven(container, initial, p), container, initial,
                     std::move(p)) {}

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
    const std::uint64_t goal = pair_collisions_ + count;
    while (pair_collisions_ < goal && queue_.top_time() < infinity<T>) step(observer);
  }

  /// The former name of run(count, observer).
  template <class Observer = null_observer>
  [[deprecated("use run(count, observer)")]] void run_collisions(std::uint64_t count,
                                                                 Observer&& observer = {}) {
    run(count, std::forward<Observer>(observer));
  }

  // ---- observables ----------------------------------------------------

  [[nodiscard]] time_type time() const noexcept { return epoch_ + time_type(now_); }
  [[nodiscard]] std::uint32_t size() const noexcept {
    return static_cast<std::uint32_t>(hot_.size());
  }
  [[nodiscard]] const box<T, D>& container() const noexcept { return box_; }

  /// The particles with positions and velocities synchronised to time()
  /// (positions wrapped into the box on periodic axes).
  [[nodiscard]] const particles<T, D>& state() {
    synchronise();
    auto x = particles_.positions();
    auto v = particles_.velocities();
    for (std::uint32_t k = 0; k < size(); ++k) {
      x[original_[k]] = hot_[k].position;
      v[original_[k]] = hot_[k].velocity;
    }
    return particles_;
  }

  /// Σ ½ m v² at time() (velocities change with time only under gravity).
  [[nodiscard]] T kinetic_energy() const noexcept {
    T sum = T(0);
    for (std::uint32_t i = 0; i < size(); ++i)
      sum += squared_norm(velocity_now(i)) / inverse_mass_[i];
    return sum / T(2);
  }

  /// Σ m v at time().
  [[nodiscard]] vector momentum() const noexcept {
    vector sum{};
    for (std::uint32_t i = 0; i < size(); ++i) sum += velocity_now(i) / inverse_mass_[i];
    return sum;
  }

  /// Pair collisions since construction or the last reset_observables().
  [[nodiscard]] std::uint64_t pair_collisions() const noexcept { return pair_collisions_; }
  /// Wall collisions, likewise.
  [[nodiscard]] std::uint64_t wall_collisions() const noexcept { return wall_collisions_; }
  /// Every event processed (collisions, cell crossings, discarded stale
  /// events), likewise.
  [[nodiscard]] std::uint64_t events() const noexcept { return events_; }

  /// The collisional virial W = Σ_collisions r_ij · Δp_j = Σ |r_ij| J, summed
  /// over pair collisions since the last reset. The pressure over that
  /// window Δt is P = (N k_B T + W / (D Δt)) / V; see pressure().
  [[nodiscard]] time_type collisional_virial() const noexcept { return virial_; }

  /// Time elapsed since construction or the last reset_observables().
  [[nodiscard]] time_type observation_time() const noexcept { return time() - window_start_; }

  /// P = (2 K / D + W / (D Δt)) / V with the current kinetic energy K (the
  /// equilibrium N k_B T of an elastic run) and the virial W collected over
  /// observation_time() Δt > 0: the bulk pressure of a periodic system (with
  /// walls, see wall_pressure()).
  [[nodiscard]] time_type pressure() const noexcept {
    const time_type dims = time_type(D);
    return (2 * time_type(kinetic_energy()) / dims + virial_ / (dims * observation_time())) /
           time_type(box_.volume());
  }

  /// The pressure on the box's walls: the normal momentum they received
  /// over observation_time(), divided by their total area (length in 2D).
  /// Extra planes are not counted. 0 for a fully periodic box.
  [[nodiscard]] time_type wall_pressure() const noexcept {
    time_type area = 0;
    for (std::size_t a = 0; a < D; ++a)
      if (!box_.is_periodic(a)) area += 2 * time_type(box_.volume()) / time_type(box_.lengths()[a]);
    return area > 0 ? wall_impulse_ / (area * observation_time()) : 0;
  }

  /// Restarts the counters, the virial and the observation window.
  void reset_observables() noexcept {
    pair_collisions_ = wall_collisions_ = events_ = 0;
    virial_ = wall_impulse_ = 0;
    window_start_ = time();
  }

  /// Advances every particle's clock to time() (no physical change).
  void synchronise() noexcept {
    for (std::uint32_t i = 0; i < size(); ++i) advance(i);
  }

 private:
  using event_kind = detail::event_kind;
  using hot_particle = detail::hot_particle<T, D>;
  using scheduled = detail::scheduled_event;
  using bookkeeping = detail::bookkeeping;

  event_driven(detail::event_driven_setup<T, D>&& setup, const box<T, D>& container,
               const particles<T, D>& initial, params&& p)
      : box_(container),
        particles_(initial),
        params_(std::move(p)),
        search_(container, setup.largest_diameter, params_.search),
        queue_(initial.size(), params_.queue),
        walls_(std::move(setup.walls)),
        box_wall_(setup.box_wall),
        box_wall_count_(setup.box_wall_count),
        has_gravity_(params_.gravity != vector{}),
        guarded_(params_.collapse_guard_time > T(0)) {
    load_particles();
    for (std::uint32_t i = 0; i < size(); ++i) schedule(i);
  }

  /// Copies the particles into the hot arrays and the cells, checking that
  /// none overlaps another (prepare_event_driven checked the walls).
  void load_particles() {
    const auto n = static_cast<std::uint32_t>(particles_.size());
    hot_.resize(n);
    inverse_mass_.assign(particles_.inverse_masses().begin(), particles_.inverse_masses().end());
    book_.assign(n, bookkeeping{{0, 0, event_kind::none}, 0});
    last_collision_.assign(n, -infinity<T>);
    original_.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) original_[i] = i;
    std::vector<vector> wrapped(n);
    for (std::uint32_t i = 0; i < n; ++i) {
      const vector x = box_.wrap(particles_.positions()[i]);
      const T r = particles_.radii()[i];
      hot_[i] = {{x, particles_.velocities()[i], T(0), r}};
      wrapped[i] = x;
    }
    search_.insert_all(wrapped);
    detail::check_no_overlap(box_, search_, particles_, wrapped);
  }

  template <class Image>
  [[nodiscard]] CAROM_ALWAYS_INLINE vector displacement(const vector& raw,
                                                        const Image& image) const noexcept {
    return detail::displacement(box_, raw, image);
  }

  // ---- clocks -----------------------------------------------------------

  void advance(std::uint32_t i) noexcept {
    hot_particle& p = hot_[i];
    const T dt = now_ - p.local_time;
    if (dt == T(0)) return;
    p.position += p.velocity * dt;
    if (has_gravity_) {
      p.position += params_.gravity * (dt * dt / 2);
      p.velocity += params_.gravity * dt;
    }
    p.local_time = now_;
  }

  [[nodiscard]] vector velocity_now(std::uint32_t i) const noexcept {
    return hot_[i].velocity + params_.gravity * (now_ - hot_[i].local_time);
  }

  /// Moves the epoch to now: every clock and scheduled time is shifted so
  /// that now is 0 (keeps float times fine-grained on long runs). Every
  /// sort_interval-th time, also renumbers the particles in the search
  /// policy's spatial order, so that neighbours stay close in memory as the
  /// particles diffuse (they move much less than a diameter in between, and
  /// the renumbering costs as much as a few hundred events per particle).
  void move_epoch() {
    synchronise();
    for (auto& p : hot_) p.local_time = T(0);
    for (auto& t : last_collision_) t -= now_;
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
    detail::permute(hot_, order);
    detail::permute(inverse_mass_, order);
    detail::permute(last_collision_, order);
    detail::permute(original_, order);
    detail::permute(book_, order);
    for (auto& b : book_)
      if (b.event.kind == event_kind::pair) b.event.partner = renumbered[b.event.partner];
    for (std::uint32_t k = 0; k < order.size(); ++k) queue_.update(k, times[k]);
    search_.renumber(order, renumbered);
  }

  // ---- scheduling --------------------------------------------------------

  /// Finds particle i's next event (i's clock must be at now_).
  void schedule(std::uint32_t i) noexcept {
    const hot_particle& p = hot_[i];
    T best = infinity<T>;
    scheduled next{0, 0, event_kind::none};

    // Cage exit.
    vector lower, upper;
    search_.cage(i, lower, upper);
    const auto exit = has_gravity_
                          ? time_to_leave_cell(p.position, p.velocity, params_.gravity, lower, upper)
                          : time_to_leave_cell(p.position, p.velocity, lower, upper);
    if (exit.time < best) {
      best = exit.time;
      next = {static_cast<std::uint32_t>(2 * exit.axis + (exit.direction > 0 ? 1 : 0)), 0,
              event_kind::cell};
    }

    // Box walls within reach of the cage; then the extra planes.
    for (std::size_t a = 0; a < D; ++a) {
      if (box_wall_[a] == detail::no_wall) continue;
      if (search_.may_reach_wall(i, a, 0, p.radius)) consider_wall(p, box_wall_[a], best, next);
      if (search_.may_reach_wall(i, a, 1, p.radius)) consider_wall(p, box_wall_[a] + 1, best, next);
    }
    for (std::uint32_t w = box_wall_count_; w < walls_.size(); ++w) consider_wall(p, w, best, next);

    if (has_gravity_) schedule_pairs<true>(i, best, next);
    else schedule_pairs<false>(i, best, next);
    book_[i].event = next;
    queue_.update(i, now_ + best);
  }

  /// The earliest pair collision of i before `best` (the gravity test is
  /// hoisted out of the candidate loop, and everything the loop reads is
  /// copied to locals first: stores through `best` could alias members).
  template <bool Gravity>
  CAROM_ALWAYS_INLINE void schedule_pairs(std::uint32_t i, T& best, scheduled& next) const noexcept {
    const hot_particle* const hot = hot_.data();
    const vector xi = hot[i].position, vi = hot[i].velocity, g = params_.gravity;
    const T ri = hot[i].radius, now = now_;
    T earliest = best;
    std::uint32_t partner = no_partner;
    search_.for_each_candidate(i, [&](std::uint32_t j, const auto& image) CAROM_ALWAYS_INLINE {
      const hot_particle& q = hot[j];
      const T dt = now - q.local_time;
      vector xj = q.position + q.velocity * dt, vj = q.velocity;
      if constexpr (Gravity) {
        xj += g * (dt * dt / 2);
        vj += g * dt;
      }
      if (earlier_contact(displacement(xj - xi, image), vj - vi, ri + q.radius, earliest))
        partner = j;
    });
    if (partner == no_partner) return;
    best = earliest;
    next = {partner, book_[partner].counter, event_kind::pair};
  }

  void consider_wall(const hot_particle& p, std::uint32_t w, T& best, scheduled& next) const noexcept {
    const T t = has_gravity_ ? time_to_plane(walls_[w], p.position, p.velocity, p.radius, params_.gravity)
                             : time_to_plane(walls_[w], p.position, p.velocity, p.radius);
    if (t < best) {
      best = t;
      next = {w, 0, event_kind::wall};
    }
  }

  // ---- processing ----------------------------------------------------------

  template <class Observer>
  void step(Observer& observer) {
    const std::uint32_t i = queue_.top();
    now_ = queue_.top_time();
    ++events_;
    const scheduled e = book_[i].event;
    advance(i);
    switch (e.kind) {
      case event_kind::pair:
        if (book_[e.partner].counter == e.partner_count) collide(i, e.partner, observer);
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
    return guarded_ && now_ - last_collision_[i] < params_.collapse_guard_time;
  }

  template <class Observer>
  void collide(std::uint32_t i, std::uint32_t j, Observer& observer) {
    advance(j);
    hot_particle &p = hot_[i], &q = hot_[j];
    const vector dx = box_.minimum_image(q.position - p.position);
    const T distance = norm(dx);
    const vector n = dx / distance;
    const auto result = detail::guarded_resolution(
        within_guard(i) || within_guard(j), params_.resolver, [&](const auto& resolver) {
          return resolve_collision(resolver, p.velocity, q.velocity, inverse_mass_[i],
                                   inverse_mass_[j], n);
        });
    p.velocity = result.velocity_i;
    q.velocity = result.velocity_j;
    ++book_[i].counter;
    ++book_[j].counter;
    if (guarded_) last_collision_[i] = last_collision_[j] = now_;
    ++pair_collisions_;
    virial_ += time_type(distance) * time_type(result.impulse);
    if constexpr (!std::is_same_v<std::remove_cvref_t<Observer>, null_observer>)
      observer(record{T(time()), original_[i], original_[j], partner_kind::particle, n,
                      result.impulse});
    schedule(i);
    schedule(j);
  }

  template <class Observer>
  void hit_wall(std::uint32_t i, std::uint32_t w, Observer& observer) {
    hot_particle& p = hot_[i];
    const vector n = walls_[w].normal;
    const T mass = T(1) / inverse_mass_[i];
    const auto result = detail::guarded_resolution(
        within_guard(i), params_.resolver,
        [&](const auto& resolver) { return resolve_wall_collision(resolver, p.velocity, mass, n); });
    p.velocity = result.velocity;
    ++book_[i].counter;
    if (guarded_) last_collision_[i] = now_;
    ++wall_collisions_;
    if (w < box_wall_count_) wall_impulse_ += time_type(result.impulse);
    if constexpr (!std::is_same_v<std::remove_cvref_t<Observer>, null_observer>)
      observer(record{T(time()), original_[i], w, partner_kind::wall, -n, result.impulse});
    schedule(i);
  }

  void cross(std::uint32_t i, std::uint32_t axis, int direction) {
    search_.leave(i, axis, direction, hot_[i].position);
    schedule(i);
  }

  static constexpr std::uint32_t no_partner = std::numeric_limits<std::uint32_t>::max();

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

  std::vector<hot_particle> hot_;
  std::vector<T> inverse_mass_;
  std::vector<bookkeeping> book_;
  std::vector<T> last_collision_;  // read and written only if guarded_
  std::vector<std::uint32_t> original_;  // index in the particles given, by current index

  T now_ = T(0);
  time_type epoch_ = 0;
  std::uint64_t events_since_epoch_ = 0;
  static constexpr std::uint32_t sort_interval = 8;  // epochs
  std::uint32_t epochs_since_sort_ = sort_interval - 1;  // sort at the first epoch
  std::uint64_t pair_collisions_ = 0, wall_collisions_ = 0, events_ = 0;
  time_type virial_ = 0;
  time_type wall_impulse_ = 0;
  time_type window_start_ = 0;
};

}  // namespace carom
