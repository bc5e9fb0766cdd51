// SPDX-License-Identifier: MIT
#pragma once
/// Time-stepped impulse mode (docs/impulse-mode.md): hard spheres (3D) or
/// disks (2D) moved with a fixed step dt, every contact inside a step found
/// at its exact time and resolved by an impulse resolver.
/// `carom::impulse_stepped<double, 2, carom::elastic>`,
/// `carom::impulse_stepped<float, 3, carom::constant_restitution<float>>`.
///
/// Design (docs/impulse-mode.md):
/// - a step is a small event-driven run over [0, |dt|] on free flights, the
///   exact parabola x + v t + g t²/2 (a straight line without gravity,
///   decided once per step: the drift is compiled for both); every contact
///   within it is found with the swept solvers, carom::time_to_contact for
///   pairs (every particle feels the same g, so relative motion is straight;
///   impulse mode has no fixed particles) and carom::time_to_plane with the
///   acceleration for walls, and resolved in time order; after each, only
///   the particles involved are re-registered and rescheduled (one event
///   per particle in a binary heap, stale events dropped by collision
///   counters, as in engines/event_driven/);
/// - candidates come from spatial/swept_grid.hpp, which registers each
///   particle over the cells of the box its path sweeps (start, end and the
///   parabola's turning point), again after every velocity change: no pair
///   whose paths meet is missed, whatever dt (no tunnelling);
/// - a step whose fastest path is longer than half a periodic length is
///   flown in equal pieces shorter than that (drift_pieces): a longer path
///   meets the images of every particle it passes;
/// - a particle resting on a wall under gravity (detail::rests_on) flies
///   into it instead of hopping ever more often, and is put back on it, at
///   rest along the normal, at the end of the step, carrying the particles
///   resting on it along (carry_stacks);
/// - order independence: the particles are stored in a canonical order
///   (position, then velocity, radius and mass) that a shuffle of the input
///   does not change, so ties are broken the same way, bit for bit;
/// - a touching or overlapping pair collides (time 0) only while it
///   approaches faster than round-off (Newton's cradle sends away only
///   the far sphere); a pair's overlap is never corrected (no energy
///   injected);
/// - a jammed loop, e.g. two disks touching each other on both sides of a
///   periodic axis, or a ring of spheres touching around it, turns one
///   collision into an endless cascade at one instant (each contact sends
///   the momentum back into the next; with nearly opposite normals, or a
///   light particle between heavy ones, pairwise impulses only shave it off
///   by round-off, and the instant may creep by round-off times): after
///   jammed_after collisions of a particle at one instant (jammed()),
///   the particles it collides with there join it in a cluster that moves
///   as one body, with its centre-of-mass velocity (at rest once it meets
///   a wall); the cascade ends;
/// - dt < 0 negates the velocities, drifts |dt| forwards and negates them
///   back: exactly the backward flow of free flights and elastic collisions;
/// - threads (OpenMP, docs/threads.md): each particle's swept box and
///   first event at the start of a drift, and its flight to the end, are
///   its own and run on the step's threads; the grid and the queue are
///   filled, and collisions resolved, on one thread in the one-thread
///   order, so the trajectory is the same bit for bit for any count;
/// - no allocation once warm, no virtual call, no check in the step;
///   everything is checked in the constructor and the setters;
/// - the fourth template argument, an integrator, is kept so that code
///   naming one still compiles: flights are exact, it changes nothing.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "carom/collision/concepts.hpp"
#include "carom/collision/impulse.hpp"
#include "carom/collision/time_to_contact.hpp"
#include "carom/collision/time_to_plane.hpp"
#include "carom/config.hpp"
#include "carom/core/checkpoint_access.hpp"
#include "carom/core/error.hpp"
#include "carom/core/threads.hpp"
#include "carom/engines/concepts.hpp"
#include "carom/engines/detail/fixed_step_runs.hpp"
#include "carom/engines/event_driven/collision_record.hpp"
#include "carom/engines/impulse/detail/flight.hpp"
#include "carom/engines/impulse/detail/gravity_walls.hpp"
#include "carom/engines/impulse/detail/records.hpp"
#include "carom/engines/impulse/params.hpp"
#include "carom/events/binary_heap_queue.hpp"
#include "carom/geometry/box.hpp"
#include "carom/integrate/concepts.hpp"
#include "carom/integrate/integrators.hpp"
#include "carom/particles/particles.hpp"
#include "carom/spatial/swept_grid.hpp"

namespace carom {

/// The impulse engine (see the file comment): hard particles on a fixed
/// time step, `carom::impulse_stepped<double, 2, carom::elastic>`.
template <scalar T, std::size_t D, impulse_resolver<T> Resolver = elastic,
          class Integrator = velocity_verlet>
  requires dimension<D> && integrator<Integrator, T, D>
class impulse_stepped : public detail::fixed_step_runs<impulse_stepped<T, D, Resolver, Integrator>> {
 public:
  using scalar_type = T;
  static constexpr std::size_t space_dimension = D;
  using vector = vec<T, D>;
  using integrator_type = Integrator;
  using params = impulse_stepped_params<T, D, Resolver>;
  using record = collision_record<T, D>;

  /// Copies the particles. Throws carom::invalid_input (naming the particle
  /// or parameter) for: no particles; a time step that is not finite and
  /// ≠ 0; a non-finite gravity; a negative or non-finite collapse guard; a
  /// plane with a non-unit or non-finite normal or not parallel to a
  /// periodic axis; a particle overlapping a wall or plane; two particles
  /// with the same centre. Initial overlaps of particle pairs are allowed:
  /// an approaching pair gets one impulse, a separating one is left alone.
  impulse_stepped(const box<T, D>& container, const particles<T, D>& initial, params p)
      : impulse_stepped(detail::prepare_impulse(container, initial, std::move(p)), container,
                        initial) {}

  // ---- running --------------------------------------------------------

  /// Advances one time step (backwards when time_step() < 0), calling
  /// on_collision(carom::collision_record) for every collision in time
  /// order: `time` is its offset from the step's start (negative for dt < 0;
  /// time() reads the start during the call), `i` and `partner` are indices
  /// in the order given (or the wall's index in walls()), `normal` points
  /// from i to the partner, i received −impulse·normal.
  template <class Observer = null_observer>
  void step(Observer&& on_collision = {}) {
    const T dt = dt_;
    sign_ = dt < T(0) ? T(-1) : T(1);
    if (dt < T(0)) for (auto& p : hot_) p.velocity = -p.velocity;
    const T fastest = fastest_speed();
    const std::size_t pieces = drift_pieces(std::abs(dt), fastest);
    const T piece = std::abs(dt) / T(pieces);
    for (std::size_t s = 0; s < pieces; ++s) {
      piece_start_ = T(s) * piece;
      // Collisions closer than the time a particle takes to cross its
      // position's round-off (at the fastest speed the piece can reach),
      // or than the round-off of the piece, are at one instant (jammed()).
      instant_ = T(16) * std::numeric_limits<T>::epsilon() * piece +
                 still_ / (fastest + norm(gravity_) * piece);
      if (has_gravity_) drift<true>(piece, on_collision);
      else drift<false>(piece, on_collision);
    }
    if (dt < T(0)) for (auto& p : hot_) p.velocity = -p.velocity;
    publish();
    ++steps_;
    time_ += double(dt);
  }

  // run(steps, observer, every), run_until(t, observer): detail::fixed_step_runs.

  /// Changes the time step (negative runs backwards). Throws
  /// carom::invalid_input, changing nothing, unless dt is finite and ≠ 0.
  void set_time_step(T dt) {
    detail::check_impulse_time_step(dt);
    dt_ = dt;
  }

  /// Runs the following steps on `threads` threads (0: OpenMP's default,
  /// OMP_NUM_THREADS), as params.threads does at construction, but on no
  /// more than one per 256 particles. The parts of a step that threads
  /// share are each particle's own: its swept box and first event at the
  /// start, its flight to the end; collisions are resolved in time order
  /// on one thread. The trajectory stays the same bit for bit. Without
  /// OpenMP every step runs on the calling thread. Throws
  /// carom::invalid_input for threads < 0.
  void set_threads(int threads) {
    detail::require(threads >= 0, "carom::impulse_stepped::set_threads: threads must be >= 0 (got ",
                    threads, ")");
    threads_ = detail::step_threads(detail::thread_count(threads), size());
  }
  /// The threads of a step (1 without OpenMP).
  [[nodiscard]] int threads() const noexcept { return threads_; }

  /// Sets the velocity of particle i (index in the order given) between
  /// steps, e.g. to reverse a run. Throws carom::invalid_input naming the
  /// function and the particle, changing nothing, for i >= size() or a
  /// non-finite velocity.
  void set_velocity(std::size_t i, const vector& v) {
    detail::require(i < size(), "carom::impulse_stepped::set_velocity: particle ", i,
                    " does not exist (size ", size(), ")");
    detail::require(is_finite(v), "carom::impulse_stepped::set_velocity: particle ", i,
                    ": the velocity is not finite");
    hot_[slot_[i]].velocity = v;
    particles_.velocities()[i] = v;
  }

  // ---- state (in the order the particles were given) --------------------

  [[nodiscard]] std::size_t size() const noexcept { return hot_.size(); }
  [[nodiscard]] T time_step() const noexcept { return dt_; }
  [[nodiscard]] double time() const noexcept { return time_; }
  [[nodiscard]] std::uint64_t steps() const noexcept { return steps_; }
  [[nodiscard]] const box<T, D>& container() const noexcept { return box_; }
  /// The particles at time(), positions wrapped into the box on periodic axes.
  [[nodiscard]] const particles<T, D>& state() const noexcept { return particles_; }
  [[nodiscard]] std::span<const vector> positions() const noexcept { return particles_.positions(); }
  [[nodiscard]] std::span<const vector> velocities() const noexcept {
    return particles_.velocities();
  }
  [[nodiscard]] std::span<const T> radii() const noexcept { return particles_.radii(); }
  [[nodiscard]] std::span<const T> masses() const noexcept { return particles_.masses(); }
  [[nodiscard]] std::span<const particle_id> ids() const noexcept { return particles_.ids(); }
  /// The walls: the box's, then params.planes.
  [[nodiscard]] std::span<const plane<T, D>> walls() const noexcept { return walls_; }
  /// Pair collisions since construction.
  [[nodiscard]] std::uint64_t pair_collisions() const noexcept { return pair_collisions_; }
  /// Wall collisions since construction.
  [[nodiscard]] std::uint64_t wall_collisions() const noexcept { return wall_collisions_; }
  /// Collisions resolved as a jammed cluster (docs/impulse-mode.md,
  /// "Jammed loops"), which lose energy even at e = 1; a diagnostic, counted
  /// since construction (a checkpoint does not hold it). Included in
  /// pair_collisions() and wall_collisions().
  [[nodiscard]] std::uint64_t jammed_collisions() const noexcept { return jammed_collisions_; }

  /// Σ ½ m v² (summed in the canonical order: the same for a shuffled input).
  [[nodiscard]] T kinetic_energy() const noexcept {
    T sum = T(0);
    for (std::size_t k = 0; k < size(); ++k) sum += mass_[k] * squared_norm(hot_[k].velocity);
    return T(0.5) * sum;
  }
  /// Σ m v.
  [[nodiscard]] vector momentum() const noexcept {
    vector sum{};
    for (std::size_t k = 0; k < size(); ++k) sum += mass_[k] * hot_[k].velocity;
    return sum;
  }

 private:
  template <class> friend struct detail::checkpoint_access;  // io/checkpoint.hpp
  using event_kind = detail::impulse_event_kind;
  using hot_particle = detail::impulse_particle<T, D>;
  using scheduled = detail::impulse_event<T, D>;
  struct swept_box {
    vector lower;
    vector upper;
  };

  impulse_stepped(detail::impulse_setup<T, D, Resolver>&& setup, const box<T, D>& container,
                  const particles<T, D>& initial)
      : box_(container),
        particles_(initial),
        resolver_(setup.resolver),
        gravity_(setup.gravity),
        walls_(std::move(setup.walls)),
        dt_(setup.time_step),
        guard_(setup.collapse_guard_time),
        has_gravity_(setup.gravity != vector{}),
        original_(std::move(setup.order)),
        grid_(container, setup.cell_width, initial.size()),
        queue_(initial.size()),
        gravity_walls_(walls_, gravity_, initial.size()),
        shortest_period_(shortest_period(container)),
        still_(T(64) * std::numeric_limits<T>::epsilon() * largest_coordinate(container)),
        threads_(detail::step_threads(setup.threads, initial.size())) {
    const std::size_t n = initial.size();
    hot_.resize(n);
    mass_.resize(n);
    inverse_mass_.resize(n);
    slot_.resize(n);
    counter_.assign(n, 0);
    event_.assign(n, scheduled{vector{}, 0, 0, event_kind::none});
    last_collision_.assign(n, -infinity<T>);
    swept_.resize(n);
    first_event_.resize(n);
    same_instant_.assign(n, 0);
    cluster_.assign(n, none);
    next_member_.assign(n, none);
    jammed_list_.reserve(n);
    if (has_gravity_) {
      put_back_.resize(n);
      carried_.reserve(n);
    }
    for (std::size_t k = 0; k < n; ++k) {
      const std::uint32_t i = original_[k];
      hot_[k] = {box_.wrap(initial.positions()[i]), initial.velocities()[i], T(0),
                 initial.radii()[i]};
      mass_[k] = initial.masses()[i];
      inverse_mass_[k] = initial.inverse_masses()[i];
      slot_[i] = static_cast<std::uint32_t>(k);
    }
    publish();
  }

  // ---- the drift: an event-driven run over [0, h] -------------------------

  /// How many drifts a step of length h takes: one, unless the fastest
  /// particle (at the step's start, plus gravity's |g| h²/2) travels more
  /// than half the shortest periodic length. A path that long meets the
  /// images of every particle it passes, and its swept box holds a number
  /// of cells that grows as its length to the power D: such a step is
  /// flown in equal pieces no longer than that (at most max_pieces), which
  /// changes its result by round-off only.
  [[nodiscard]] std::size_t drift_pieces(T h, T fastest) const noexcept {
    if (!(shortest_period_ < infinity<T>)) return 1;
    const T reach = fastest * h + T(0.5) * norm(gravity_) * h * h;
    const T pieces = std::ceil(reach / (T(0.5) * shortest_period_));
    if (!(pieces > T(1))) return 1;
    return pieces < T(max_pieces) ? static_cast<std::size_t>(pieces) : max_pieces;
  }
  static constexpr std::size_t max_pieces = 1024;

  [[nodiscard]] T fastest_speed() const noexcept {
    T fastest2 = T(0);
    const std::size_t n = size();
    // A maximum is exact: the same whatever the threads' shares.
    CAROM_OMP(parallel for num_threads(threads_) if(threads_ > 1) schedule(static)
                  reduction(max : fastest2))
    for (std::size_t k = 0; k < n; ++k)
      fastest2 = std::max(fastest2, squared_norm(hot_[k].velocity));
    return std::sqrt(fastest2);
  }

  template <bool Gravity, class Observer>
  void drift(T h, Observer& on_collision) {
    horizon_ = h;
    now_ = T(0);
    grid_.clear();
    const std::size_t n = size();
    // Each particle's own work runs on the step's threads; the grid and the
    // queue are filled on one, in the canonical order, so that candidates
    // and ties come in the same order for every thread count.
    CAROM_OMP(parallel for num_threads(threads_) if(threads_ > 1) schedule(static))
    for (std::size_t k = 0; k < n; ++k) swept_[k] = sweep<Gravity>(std::uint32_t(k));
    for (std::size_t k = 0; k < n; ++k)
      grid_.insert(std::uint32_t(k), swept_[k].lower, swept_[k].upper);
    CAROM_OMP(parallel for num_threads(threads_) if(threads_ > 1) schedule(dynamic, 64))
    for (std::size_t k = 0; k < n; ++k)
      first_event_[k] = next_event<Gravity, true>(std::uint32_t(k));
    for (std::size_t k = 0; k < n; ++k) queue_.update(std::uint32_t(k), first_event_[k]);
    while (queue_.top_time() <= h) process<Gravity>(on_collision);
    now_ = h;
    CAROM_OMP(parallel for num_threads(threads_) if(threads_ > 1) schedule(static))
    for (std::size_t k = 0; k < n; ++k) {
      advance<Gravity>(std::uint32_t(k));
      if constexpr (Gravity) {
        const vector before = hot_[k].position;
        gravity_walls_.settle(k, walls_, hot_[k]);
        put_back_[k] = hot_[k].position - before;
      }
      hot_[k].clock = T(0);
      last_collision_[k] -= h;  // the next step starts at 0
      // Jammed counts and clusters start again each drift (a checkpoint
      // need not hold them).
      same_instant_[k] = 0;
    }
    if constexpr (Gravity) carry_stacks();
    dissolve_clusters();
  }

  /// A particle put back on its wall at the end of a drift (settle) moves
  /// by up to g dt²/2 without a collision, while a particle resting on it
  /// fell as far within the step: left alone, it would sink that much
  /// deeper into it every step, without end when it is the heavier one
  /// (found by the engines fuzzer). So a shift that brings a particle into
  /// a neighbour carries the neighbour along by the same shift, and the
  /// neighbour loses its velocity towards it along the shift, as the
  /// particle put back lost its velocity into the wall (for a stack at
  /// rest this removes exactly the energy it fell by). Transitively, in
  /// the canonical order: the same for any thread count. A particle on a
  /// wall itself is not carried.
  void carry_stacks() noexcept {
    carried_.clear();
    const std::size_t n = size();
    for (std::size_t k = 0; k < n; ++k)
      if (put_back_[k] != vector{}) carried_.push_back(std::uint32_t(k));
    // Each particle joins once (its shift turns non-zero): no reallocation.
    for (std::size_t m = 0; m < carried_.size(); ++m) {
      const std::uint32_t k = carried_[m];
      const vector shift = put_back_[k];
      const T length = norm(shift);
      grid_.for_each_candidate(k, [&](std::uint32_t j, const vector& offset) {
        if (put_back_[j] != vector{}) return;
        hot_particle& q = hot_[j];
        const vector after = q.position + offset - hot_[k].position;
        const T reach = q.radius + hot_[k].radius;
        const T gap2 = squared_norm(after);
        if (!(gap2 < reach * reach && gap2 < squared_norm(vector(after + shift)))) return;
        const vector from = q.position;
        q.position += shift;
        if (length > T(0)) {
          const vector axis = shift / length;
          const T u = dot(q.velocity - hot_[k].velocity, axis);
          if (u < T(0)) q.velocity -= u * axis;
        }
        gravity_walls_.settle(j, walls_, q);  // inside every wall still
        put_back_[j] = q.position - from;
        if (put_back_[j] != vector{}) carried_.push_back(j);
      });
    }
  }

  template <bool Gravity>
  [[nodiscard]] vector position_at(const hot_particle& p, T t) const noexcept {
    return detail::flight_position<Gravity>(p.position, p.velocity, gravity_, t - p.clock);
  }

  template <bool Gravity>
  [[nodiscard]] vector velocity_at(const hot_particle& p, T t) const noexcept {
    return detail::flight_velocity<Gravity>(p.velocity, gravity_, t - p.clock);
  }

  template <bool Gravity>
  void advance(std::uint32_t k) noexcept {
    hot_particle& p = hot_[k];
    p.position = position_at<Gravity>(p, now_);
    p.velocity = velocity_at<Gravity>(p, now_);
    p.clock = now_;
  }

  /// The box k's path sweeps from now to the end of the step (k's clock
  /// must be at now), recorded for the walls under gravity.
  template <bool Gravity>
  [[nodiscard]] swept_box sweep(std::uint32_t k) noexcept {
    const hot_particle& p = hot_[k];
    swept_box box{};
    detail::swept_bounds<Gravity>(p.position, p.velocity, gravity_, p.radius, horizon_ - now_,
                                  box.lower, box.upper);
    if constexpr (Gravity) gravity_walls_.sweep(k, box.lower, box.upper);
    return box;
  }

  /// Registers k's swept path from now to the end of the step.
  template <bool Gravity>
  void enroll(std::uint32_t k) {
    const swept_box box = sweep<Gravity>(k);
    grid_.insert(k, box.lower, box.upper);
  }

  /// Schedules k's earliest event within the step (k's clock must be at now).
  template <bool Gravity>
  void schedule(std::uint32_t k) noexcept {
    queue_.update(k, next_event<Gravity, false>(k));
  }

  /// Finds k's earliest event within the step, stored in event_[k], and
  /// returns its time (+∞ beyond the step). k's clock must be at now;
  /// Synchronised: every clock is, as at the start of the step. Touches
  /// nothing but k's own records: the threads of a step call it at once.
  template <bool Gravity, bool Synchronised>
  [[nodiscard]] T next_event(std::uint32_t k) noexcept {
    const hot_particle& p = hot_[k];
    T best = infinity<T>;
    scheduled next{vector{}, 0, 0, event_kind::none};
    const auto walls = static_cast<std::uint32_t>(walls_.size());
    for (std::uint32_t w = 0; w < walls; ++w) {
      T t;
      if constexpr (Gravity) t = gravity_walls_.time(k, w, walls_[w], p, horizon_);
      else t = time_to_plane(walls_[w], p.position, p.velocity, p.radius);
      if (t < best) {
        best = t;
        next = {vector{}, w, 0, event_kind::wall};
      }
    }
    grid_.for_each_candidate(k, [&](std::uint32_t j, const vector& offset) {
      const hot_particle& q = hot_[j];
      const vector xj = Synchronised ? q.position : position_at<Gravity>(q, now_);
      const vector vj = Synchronised ? q.velocity : velocity_at<Gravity>(q, now_);
      const vector dx = xj + offset - p.position, dv = vj - p.velocity;
      T t = time_to_contact(dx, dv, p.radius + q.radius);
      // Touching now: collide only if the pair approaches faster than the
      // round-off of its velocities, so that a pair the resolver leaves
      // alone is never scheduled again at once. (A slower approach is one
      // the impulse cannot change: two balls almost on top of each other,
      // found by the engines fuzzer, collided at time 0 for ever.)
      if (t == T(0) &&
          !(dot(-dv, dx) >
            T(8) * std::numeric_limits<T>::epsilon() * (norm(p.velocity) + norm(vj)) * norm(dx)))
        t = infinity<T>;
      if (t < best) {
        best = t;
        next = {offset, j, counter_[j], event_kind::pair};
      }
    });
    event_[k] = next;
    return now_ + best <= horizon_ ? now_ + best : infinity<T>;
  }

  template <bool Gravity, class Observer>
  void process(Observer& on_collision) {
    const std::uint32_t k = queue_.top();
    now_ = queue_.top_time();
    const scheduled e = event_[k];
    advance<Gravity>(k);
    if (e.kind == event_kind::wall) hit_wall<Gravity>(k, e.partner, on_collision);
    else if (e.kind == event_kind::pair && counter_[e.partner] == e.partner_count)
      collide<Gravity>(k, e.partner, e.offset, on_collision);
    else schedule<Gravity>(k);  // the partner moved on: stale
  }

  [[nodiscard]] bool within_guard(std::uint32_t k) const noexcept {
    return now_ - last_collision_[k] <= guard_;
  }

  // ---- jammed clusters (file comment) -----------------------------------

  /// Notes a collision of i and j (j = i for a wall) at now_, approaching
  /// at speed u; true once either has collided more than jammed_after
  /// times in a row at one instant, or belongs to a jammed cluster of this
  /// instant. A collision is at the instant of the particle's previous one
  /// when the time between them is round-off (instant_), or when the pair
  /// closes no more than the round-off of positions (still_) in that time.
  bool jammed(std::uint32_t i, std::uint32_t j, T u) noexcept {
    if (!jammed_list_.empty() && now_ - jam_time_ > instant_) dissolve_clusters();
    auto count = [&](std::uint32_t k) {
      const T since = now_ - last_collision_[k];
      same_instant_[k] = since <= instant_ || since * u <= still_ ? same_instant_[k] + 1 : 1;
      last_collision_[k] = now_;
      return same_instant_[k] > jammed_after;
    };
    const bool counted_i = count(i);
    const bool counted_j = j != i && count(j);
    return counted_i || counted_j || cluster_[i] != none || cluster_[j] != none;
  }
  static constexpr std::uint32_t jammed_after = 64;
  static constexpr std::uint32_t none = std::numeric_limits<std::uint32_t>::max();

  /// Joins the clusters of i and j and gives every member their common
  /// centre-of-mass velocity; returns the part along n of the momentum j
  /// received.
  template <bool Gravity>
  T stick(std::uint32_t i, std::uint32_t j, const vector& n) {
    const vector before = hot_[j].velocity;
    const std::uint32_t root = join(i, j);
    vector momentum{};
    T mass = T(0);
    for (std::uint32_t k = root; k != none; k = next_member_[k]) {
      advance<Gravity>(k);
      momentum += mass_[k] * hot_[k].velocity;
      mass += mass_[k];
    }
    set_cluster_velocity<Gravity>(root, momentum / mass);
    return mass_[j] * dot(hot_[j].velocity - before, n);
  }

  /// Stops k's cluster at a wall of normal n; returns the impulse along n
  /// that the wall gave the cluster.
  template <bool Gravity>
  T stop_at_wall(std::uint32_t k, const vector& n) {
    const std::uint32_t root = join(k, k);
    T impulse = T(0);
    for (std::uint32_t m = root; m != none; m = next_member_[m]) {
      advance<Gravity>(m);
      impulse -= mass_[m] * dot(hot_[m].velocity, n);
    }
    set_cluster_velocity<Gravity>(root, vector{});
    return impulse;
  }

  /// The root of the cluster holding i and j (merged if they differ; a
  /// particle in none starts its own, listed in jammed_list_).
  std::uint32_t join(std::uint32_t i, std::uint32_t j) noexcept {
    for (const std::uint32_t k : {i, j})
      if (cluster_[k] == none) {
        cluster_[k] = k;
        jammed_list_.push_back(k);
      }
    const std::uint32_t a = cluster_[i], b = cluster_[j];
    jam_time_ = now_;
    if (a == b) return a;
    std::uint32_t tail = b;
    for (std::uint32_t k = b; k != none; k = next_member_[k]) {
      cluster_[k] = a;
      tail = k;
    }
    next_member_[tail] = next_member_[a];
    next_member_[a] = b;
    return a;
  }

  template <bool Gravity>
  void set_cluster_velocity(std::uint32_t root, const vector& v) {
    for (std::uint32_t k = root; k != none; k = next_member_[k]) {
      hot_[k].velocity = v;
      last_collision_[k] = now_;
      ++counter_[k];
      enroll<Gravity>(k);
    }
    for (std::uint32_t k = root; k != none; k = next_member_[k]) schedule<Gravity>(k);
  }

  /// Ends the clusters of an instant that has passed.
  void dissolve_clusters() noexcept {
    for (const std::uint32_t k : jammed_list_) cluster_[k] = next_member_[k] = none;
    jammed_list_.clear();
  }

  template <class Observer>
  static constexpr bool observed = !std::is_same_v<std::remove_cvref_t<Observer>, null_observer>;

  template <bool Gravity, class Observer>
  void collide(std::uint32_t i, std::uint32_t j, const vector& offset, Observer& on_collision) {
    advance<Gravity>(j);
    hot_particle &p = hot_[i], &q = hot_[j];
    const vector dx = q.position + offset - p.position;
    const vector n = dx / norm(dx);
    const bool guarded = within_guard(i) || within_guard(j);
    ++pair_collisions_;
    if (jammed(i, j, dot(p.velocity - q.velocity, n))) {
      ++jammed_collisions_;
      const T impulse = stick<Gravity>(i, j, n);
      if constexpr (observed<Observer>)
        on_collision(record{sign_ * (piece_start_ + now_), original_[i], original_[j],
                            partner_kind::particle, n, impulse});
      return;
    }
    const auto result = detail::guarded_resolution(guarded, resolver_, [&](const auto& resolver) {
      return resolve_collision(resolver, p.velocity, q.velocity, inverse_mass_[i], inverse_mass_[j],
                               n);
    });
    p.velocity = result.velocity_i;
    q.velocity = result.velocity_j;
    ++counter_[i];
    ++counter_[j];
    if constexpr (observed<Observer>)
      on_collision(record{sign_ * (piece_start_ + now_), original_[i], original_[j],
                          partner_kind::particle, n,
                          result.impulse});
    enroll<Gravity>(i);
    enroll<Gravity>(j);
    schedule<Gravity>(i);
    schedule<Gravity>(j);
  }

  template <bool Gravity, class Observer>
  void hit_wall(std::uint32_t k, std::uint32_t w, Observer& on_collision) {
    hot_particle& p = hot_[k];
    const vector n = walls_[w].normal;
    const bool guarded = within_guard(k);
    ++wall_collisions_;
    if (jammed(k, k, -dot(p.velocity, n))) {
      ++jammed_collisions_;
      const T impulse = stop_at_wall<Gravity>(k, n);
      if constexpr (observed<Observer>)
        on_collision(record{sign_ * (piece_start_ + now_), original_[k], w, partner_kind::wall, -n,
                            impulse});
      return;
    }
    const auto result = detail::guarded_resolution(guarded, resolver_, [&](const auto& resolver) {
      return resolve_wall_collision(resolver, p.velocity, mass_[k], n);
    });
    p.velocity = result.velocity;
    ++counter_[k];
    if constexpr (observed<Observer>)
      on_collision(record{sign_ * (piece_start_ + now_), original_[k], w, partner_kind::wall, -n,
                          result.impulse});
    enroll<Gravity>(k);
    schedule<Gravity>(k);
  }

  [[nodiscard]] static T shortest_period(const box<T, D>& container) noexcept {
    T shortest = infinity<T>;
    for (std::size_t a = 0; a < D; ++a)
      if (container.is_periodic(a)) shortest = std::min(shortest, container.lengths()[a]);
    return shortest;
  }

  [[nodiscard]] static T largest_coordinate(const box<T, D>& container) noexcept {
    T largest = T(0);
    for (std::size_t a = 0; a < D; ++a)
      largest = std::max({largest, std::abs(container.lower()[a]), std::abs(container.upper()[a])});
    return largest;
  }

  /// Wraps the positions into the box and copies the state, in the input
  /// order, into particles_.
  void publish() noexcept {
    const auto x = particles_.positions();
    const auto v = particles_.velocities();
    const std::size_t n = size();
    CAROM_OMP(parallel for num_threads(threads_) if(threads_ > 1) schedule(static))
    for (std::size_t k = 0; k < n; ++k) {
      hot_[k].position = box_.wrap(hot_[k].position);
      x[original_[k]] = hot_[k].position;
      v[original_[k]] = hot_[k].velocity;
    }
  }

  box<T, D> box_;
  particles<T, D> particles_;  // the published state, input order
  Resolver resolver_;
  vector gravity_;
  std::vector<plane<T, D>> walls_;
  T dt_;
  T guard_;
  T sign_ = T(1);  // sign of the step being taken
  bool has_gravity_ = false;
  std::vector<std::uint32_t> original_;  // input index of each canonical slot
  std::vector<std::uint32_t> slot_;      // canonical slot of each input index
  swept_grid<T, D> grid_;
  binary_heap_queue<T> queue_;
  detail::gravity_walls<T, D> gravity_walls_;

  std::vector<swept_box> swept_;  // of each particle at the start of a drift
  std::vector<T> first_event_;    // time of each particle's first event in a drift
  std::vector<hot_particle> hot_;
  std::vector<T> mass_;
  std::vector<T> inverse_mass_;
  std::vector<std::uint32_t> counter_;
  std::vector<scheduled> event_;
  std::vector<T> last_collision_;
  std::vector<std::uint32_t> same_instant_;  // collisions in a row at one instant
  std::vector<std::uint32_t> cluster_;       // root of each particle's jammed cluster, or none
  std::vector<std::uint32_t> next_member_;   // the cluster's members, listed from its root
  std::vector<std::uint32_t> jammed_list_;   // every particle in a cluster (capacity n)
  T jam_time_ = T(0);                        // of the latest stick
  std::vector<vector> put_back_;             // under gravity: each shift at a drift's end
  std::vector<std::uint32_t> carried_;       // particles shifted, in order (capacity n)

  T shortest_period_;  // the shortest periodic axis, +∞ without one
  T horizon_ = T(0);
  T instant_ = T(0);  // collisions closer than this are at one instant (step())
  T still_;           // round-off of positions: 64 ε of the box's largest coordinate
  int threads_ = 1;   // of a step (1 without OpenMP)
  T now_ = T(0);
  T piece_start_ = T(0);  // of the drift under way, from the step's start
  double time_ = 0;
  std::uint64_t steps_ = 0;
  std::uint64_t pair_collisions_ = 0;
  std::uint64_t wall_collisions_ = 0;
  std::uint64_t jammed_collisions_ = 0;
};

}  // namespace carom
