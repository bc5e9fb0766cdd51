// SPDX-License-Identifier: MIT
#pragma once
/// Time-stepped soft-sphere DEM (docs/dem.md): spheres (3D) or disks (2D)
/// that overlap slightly and push each other apart with a normal contact
/// law, a tangential spring with Coulomb friction and its history,
/// uniform gravity, the walls of a box (walled or periodic per axis) and
/// any number of planes.
///
/// `carom::dem<float, 2, carom::hertz<float>, carom::velocity_verlet>`
/// composes scalar, dimension, normal law (any carom::contact_law) and
/// policies: a bare integrator (carom::integrator), or
/// `carom::dem_policies<Integrator, Tangential>` to choose the tangential
/// model too (default: Mindlin spring).
///
/// Design (the parts in engines/dem/detail/):
/// - structure-of-arrays particle data, forces accumulated per particle;
///   the passes read it through spans (particle_view.hpp);
/// - a half Verlet list in CSR form built on linked cells
///   (spatial/verlet_list.hpp), rebuilt when a particle has moved more than
///   half the skin; the spring stretch of each pair is the list's payload
///   and survives rebuilds; walls keep one stretch per (particle, wall);
/// - pair constants (m*, √R*, (r_i + r_j)²) kept per list entry; each step a
///   branch-free pass collects the touching entries; blocks of them are
///   gathered into lanes (an array per component), the pure, branch-free
///   contact kernel (contact/soft_contact.hpp) runs across the lanes, which
///   compilers vectorise, and the forces are added back (pair_contacts.hpp); walls see only the particles within the skin of
///   them at the last rebuild (wall_contacts.hpp);
/// - per step: integrator advance, list check, forces, integrator correct
///   (integration.hpp); no allocation once the list has reached its largest
///   size, no virtual call, no check in the loop; everything is checked in
///   the constructor.
/// Fixed particles (fix()) have zero inverse mass: they neither move nor
/// feel gravity, and act on others as a partner of infinite mass.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <concepts>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "carom/contact/adhesion.hpp"
#include "carom/contact/power_law.hpp"
#include "carom/contact/time_step.hpp"
#include "carom/core/checkpoint_access.hpp"
#include "carom/engines/concepts.hpp"
#include "carom/engines/detail/fixed_step_runs.hpp"
#include "carom/engines/dem/detail/integration.hpp"
#include "carom/engines/dem/detail/pair_contacts.hpp"
#include "carom/engines/dem/detail/particle_view.hpp"
#include "carom/engines/dem/detail/wall_contacts.hpp"
#include "carom/engines/dem/observables.hpp"
#include "carom/engines/dem/params.hpp"
#include "carom/engines/dem/setup.hpp"
#include "carom/engines/dem/step_profile.hpp"
#include "carom/integrate/concepts.hpp"
#include "carom/geometry/box.hpp"
#include "carom/geometry/cylinder.hpp"
#include "carom/geometry/plane.hpp"
#include "carom/particles/particles.hpp"
#include "carom/spatial/verlet_list.hpp"

namespace carom {

/// The soft-sphere DEM engine (see the file comment): `carom::dem<double, 3,
/// carom::hertz<double>>`. Policies: an integrator (carom::integrator), or
/// carom::dem_policies<Integrator, Tangential>.
template <scalar T, std::size_t D, contact_law<T> Law, class Policies = velocity_verlet>
  requires dimension<D> &&
           integrator<typename detail::as_dem_policies<Policies>::type::integrator, T, D>
class dem : public detail::fixed_step_runs<dem<T, D, Law, Policies>> {
 public:
  using scalar_type = T;
  static constexpr std::size_t space_dimension = D;
  using vector = vec<T, D>;
  using angular_type = angular<T, D>;
  using policies = typename detail::as_dem_policies<Policies>::type;
  using integrator_type = typename policies::integrator;
  using tangential_type = typename policies::tangential;
  using rolling_type = typename policies::rolling;
  using params = dem_params<T, D, Law>;

  /// Copies the particles. Throws carom::invalid_input (naming the particle
  /// or parameter) for: no particles; two particles with the same centre;
  /// a particle centre outside a wall or plane (initial overlaps with walls and particles are allowed: DEM
  /// resolves them); a non-finite gravity; a plane with a non-unit or
  /// non-finite normal or not parallel to a periodic axis; μ, k_t or γ_t
  /// negative or non-finite; a max impact speed ≤ 0; dt < 0, or above the
  /// critical step of either law at the max impact speed and the smallest
  /// effective mass; a bad skin, reference radius or largest_radius
  /// (not finite, or negative); a periodic axis
  /// shorter than twice the cutoff; both or neither of pair_law and
  /// materials, or a particle's species outside the material table; rolling
  /// parameters without carom::sds_rolling, or negative; plane_motions not
  /// one per plane, not finite, or tilting a plane off a periodic axis;
  /// cylinders not finite, of radius ≤ 0, with a non-unit axis or one off a
  /// periodic axis, narrower than a particle inside them, or with a
  /// particle centre on the wrong side; an adhesive law
  /// (contact/adhesion.hpp) with a reference radius.
  dem(const box<T, D>& container, const particles<T, D>& initial, params p)
      : dem(detail::prepare_dem<T, D, Law, tangential_type, rolling_type>(container, initial,
                                                                          std::move(p)),
            container, initial) {}

  // ---- running --------------------------------------------------------

  /// Advances one time step.
  void step() { step(detail::no_step_timing{}); }

  // run(steps, observer, every) and run_until(t, observer): from
  // detail::fixed_step_runs.

  /// Runs `steps` steps and returns the time spent in neighbour search,
  /// force computation and integration.
  step_profile run_profiled(std::uint64_t steps) {
    detail::step_phase_timing timing;
    for (std::uint64_t s = 0; s < steps; ++s) step(timing);
    return timing.profile;
  }

  // ---- particle constraints and state changes between steps -----------
  // Each throws carom::invalid_input naming the function and the particle
  // for i >= size() or a non-finite value, and then changes nothing.

  /// Fixes particle i in place: zero velocity and angular velocity, no
  /// response to forces or gravity from then on (infinite mass for its
  /// partners).
  void fix(std::size_t i) {
    check_index("fix", i);
    inverse_mass_[i] = T(0);
    inverse_inertia_[i] = T(0);
    mobile_[i] = T(0);
    velocity_[i] = vector{};
    angular_velocity_[i] = angular_type{};
    refresh_constants();
  }

  /// Undoes fix(i): particle i gets back its mass and moment of inertia
  /// (its rotation stays locked if lock_rotation(i) was called) and feels
  /// forces and gravity again, starting at its current velocity. A no-op
  /// on a particle that is not fixed.
  void free(std::size_t i) {
    check_index("free", i);
    inverse_mass_[i] = state_.inverse_masses()[i];
    inverse_inertia_[i] = rotation_locked_[i] ? T(0) : state_.inverse_inertias()[i];
    mobile_[i] = T(1);
    refresh_constants();
  }

  /// Locks the rotation of particle i at its current angular velocity
  /// (a block that slides without rolling).
  void lock_rotation(std::size_t i) {
    check_index("lock_rotation", i);
    rotation_locked_[i] = 1;
    inverse_inertia_[i] = T(0);
  }

  /// Undoes lock_rotation(i): torques turn particle i again (a fixed
  /// particle stays fixed until free(i)).
  void unlock_rotation(std::size_t i) {
    check_index("unlock_rotation", i);
    rotation_locked_[i] = 0;
    if (mobile_[i] != T(0)) inverse_inertia_[i] = state_.inverse_inertias()[i];
  }

  /// Sets the velocity of particle i (m/s). A fixed particle given a
  /// velocity moves at it, unaffected by forces (a driven particle).
  void set_velocity(std::size_t i, const vector& v) {
    check_index("set_velocity", i);
    detail::require(is_finite(v), "carom::dem::set_velocity: particle ", i,
                    ": the velocity is not finite");
    velocity_[i] = v;
  }

  /// Sets the angular velocity of particle i (rad/s; a scalar in 2D).
  void set_angular_velocity(std::size_t i, const angular_type& omega) {
    check_index("set_angular_velocity", i);
    detail::require(is_finite(omega), "carom::dem::set_angular_velocity: particle ", i,
                    ": the angular velocity is not finite");
    angular_velocity_[i] = omega;
  }

  // ---- particles entering and leaving between steps (docs/dem.md) ------

  /// Appends the particles `added` after the others and returns the index
  /// of the first; their ids follow the largest id given so far (ids()).
  /// They start with no contact history and a zero force: they feel their
  /// contacts from the next step's force evaluation (inserting them
  /// without overlap, as carom::inlet does, makes that exact). The
  /// neighbour list is rebuilt and every surviving contact history kept.
  /// Throws carom::invalid_input, naming the particle (its place in
  /// `added`) and the field, and then changes nothing, for: a non-finite
  /// position, velocity or angular velocity, a radius, mass or moment of
  /// inertia that is not finite and > 0 (0 for the moment selects the solid
  /// default); a radius above the largest the list was built for
  /// (dem_params::largest_radius, or the largest initial radius); a species
  /// outside the material table; a centre outside the box or behind a
  /// plane or cylinder, or equal to another particle's; a mass or radius
  /// that makes the time step exceed the critical step of the stiffest
  /// contact (as the constructor checks). Allocates.
  std::size_t add(std::span<const particle_params<T, D>> added) {
    constexpr const char* name = "carom::dem::add: ";
    const std::size_t first = size();
    particles<T, D> staged = state_;
    detail::dem_admission<T, Law> admission = admission_;
    for (std::size_t k = 0; k < added.size(); ++k) {
      const particle_params<T, D>& q = added[k];
      try {
        staged.add(q);
      } catch (const invalid_input& e) {
        // "carom::particles::add: particle i: what" without its prefix.
        const std::string what = e.what();
        const std::size_t cut = what.find(": ", what.find("particle "));
        detail::fail(name, "particle ", k, ": ",
                     cut == std::string::npos ? what : what.substr(cut + 2));
      }
      admit(admission, name, k, q.radius, q.mass, q.species);
      const vector x = box_.wrap(q.position);
      const auto planes = wall_contacts_.walls();
      for (std::size_t w = 0; w < planes.size(); ++w)
        detail::require(planes[w].signed_distance(x) >= T(0), name, "particle ", k,
                        ": position is outside wall ", w,
                        " (box walls first, then planes), at distance ",
                        planes[w].signed_distance(x));
      const auto cylinders = wall_contacts_.cylinders();
      for (std::size_t c = 0; c < cylinders.size(); ++c)
        detail::require(cylinders[c].signed_distance(x) >= T(0), name, "particle ", k,
                        ": position is on the wrong side of cylinder ", c);
      for (std::size_t i = 0; i < first + k; ++i)
        detail::require(box_.wrap(staged.positions()[i]) != x, name, "particle ", k,
                        ": position is the centre of particle ", i, " (no contact normal)");
    }
    // Everything checked: from here on nothing is rejected.
    const std::size_t n = first + added.size();
    std::vector<std::uint32_t> same(first);
    for (std::size_t i = 0; i < first; ++i) same[i] = static_cast<std::uint32_t>(i);
    list_.renumber(same, n);
    wall_contacts_.renumber(same, n, list_type::dropped);
    for (std::size_t i = first; i < n; ++i) {
      position_.push_back(staged.positions()[i]);
      velocity_.push_back(staged.velocities()[i]);
      angular_velocity_.push_back(staged.angular_velocities()[i]);
      radius_.push_back(staged.radii()[i]);
      mass_.push_back(staged.masses()[i]);
      inverse_mass_.push_back(staged.inverse_masses()[i]);
      inverse_inertia_.push_back(staged.inverse_inertias()[i]);
      mobile_.push_back(T(1));
      rotation_locked_.push_back(0);
      id_.push_back(staged.ids()[i]);
      if (admission.species_count > 1) species_.push_back(staged.species()[i]);
      force_.push_back(vector{});
      torque_.push_back(angular_type{});
    }
    state_ = std::move(staged);
    admission_ = std::move(admission);
    particles_changed_ = true;
    resized();
    return first;
  }

  /// Removes the particles whose indices are in `indices` (in any order,
  /// repeats allowed) and returns how many were removed. The others keep
  /// their order (indices shift down), ids, fixed and locked flags, forces
  /// of the last evaluation (a survivor that touched a removed particle
  /// keeps its push for the half step that follows, as velocity Verlet
  /// would have applied it) and every contact history among themselves
  /// and with the walls. Throws carom::invalid_input for an index ≥
  /// size(), and then changes nothing. Allocates.
  std::size_t remove(std::span<const std::size_t> indices) {
    std::vector<unsigned char> keep(size(), 1);
    for (const std::size_t i : indices) {
      detail::require(i < size(), "carom::dem::remove: indices: particle ", i,
                      " does not exist (size ", size(), ")");
      keep[i] = 0;
    }
    return remove_flagged(keep);
  }

  /// Removes the particles i for which remove(i) is true (e.g. those
  /// below an outlet: `[&](std::size_t i) { return e.positions()[i][2] <
  /// 0; }`), as remove(indices) does, and returns how many were removed.
  template <class Predicate>
    requires std::predicate<Predicate&, std::size_t>
  std::size_t remove_if(Predicate remove) {
    std::vector<unsigned char> keep(size(), 1);
    for (std::size_t i = 0; i < size(); ++i) keep[i] = remove(i) ? 0 : 1;
    return remove_flagged(keep);
  }

  /// The largest radius a particle added by add() may have (m).
  [[nodiscard]] T largest_radius() const noexcept { return admission_.largest_radius; }

  /// Runs the following steps on `threads` threads (0: OpenMP's default,
  /// OMP_NUM_THREADS), as params.threads does at construction, but on no
  /// more than one per 256 particles, below which a thread costs more in
  /// synchronisation than it saves; the trajectory stays the same bit for
  /// bit. Without OpenMP every step runs on the calling thread. Throws
  /// carom::invalid_input for threads < 0.
  void set_threads(int threads) {
    detail::require(threads >= 0, "carom::dem::set_threads: threads must be >= 0 (got ", threads,
                    ")");
    requested_threads_ = detail::thread_count(threads);
    threads_ = detail::step_threads(requested_threads_, size());
    pair_contacts_.set_threads(threads_);
    refresh_constants();
  }
  /// The threads of a step (1 without OpenMP).
  [[nodiscard]] int threads() const noexcept { return threads_; }

  // ---- state ------------------------------------------------------------

  [[nodiscard]] std::size_t size() const noexcept { return position_.size(); }
  [[nodiscard]] T time_step() const noexcept { return dt_; }
  [[nodiscard]] double time() const noexcept { return double(steps_) * double(dt_); }
  [[nodiscard]] std::uint64_t steps() const noexcept { return steps_; }
  [[nodiscard]] const box<T, D>& container() const noexcept { return box_; }
  /// The particles at time(), in the order given: positions (wrapped into
  /// the box on periodic axes), velocities, angular velocities; radii,
  /// masses and ids as given (a fixed particle keeps its mass here).
  [[nodiscard]] const particles<T, D>& state() {
    const auto x = state_.positions();
    const auto v = state_.velocities();
    const auto w = state_.angular_velocities();
    for (std::size_t i = 0; i < size(); ++i) {
      x[i] = box_.wrap(position_[i]);
      v[i] = velocity_[i];
      w[i] = angular_velocity_[i];
    }
    return state_;
  }
  [[nodiscard]] std::span<const vector> positions() const noexcept { return position_; }
  [[nodiscard]] std::span<const vector> velocities() const noexcept { return velocity_; }
  [[nodiscard]] std::span<const angular_type> angular_velocities() const noexcept {
    return angular_velocity_;
  }
  /// Contact forces (gravity excluded) of the last force evaluation (N).
  [[nodiscard]] std::span<const vector> forces() const noexcept { return force_; }
  [[nodiscard]] std::span<const T> radii() const noexcept { return radius_; }
  [[nodiscard]] std::span<const T> masses() const noexcept { return mass_; }
  [[nodiscard]] std::span<const particle_id> ids() const noexcept { return id_; }
  /// The walls in force order: the box's, then params.planes, where they
  /// are at time() (moving planes: params.plane_motions).
  [[nodiscard]] std::span<const plane<T, D>> walls() const noexcept {
    return wall_contacts_.walls();
  }
  /// The cylinder walls (params.cylinders); in force order, wall indices
  /// (dem_contact::partner, wall_forces()) walls().size() + k.
  [[nodiscard]] std::span<const cylinder<T, D>> cylinders() const noexcept {
    return wall_contacts_.cylinders();
  }
  /// The motion of each wall, in walls() order (the box's do not move).
  [[nodiscard]] std::span<const wall_motion<T, D>> wall_motions() const noexcept {
    return wall_contacts_.motions();
  }
  /// Contacts (particle–particle and particle–wall) of the last force pass.
  [[nodiscard]] std::size_t contact_count() const noexcept { return contacts_; }
  /// The Verlet list; its payload is each pair's tangential stretch
  /// (carom::sliding_and_rolling with carom::sds_rolling), with carom::jkr
  /// also whether the pair is attached.
  [[nodiscard]] const verlet_list<T, D, detail::dem_history<T, D, rolling_type, Law>>&
  neighbours() const noexcept {
    return list_;
  }

  /// Σ ½ m v² over mobile particles (J).
  [[nodiscard]] T kinetic_energy() const noexcept {
    T sum = T(0);
    for (std::size_t i = 0; i < size(); ++i) sum += mass_[i] * squared_norm(velocity_[i]);
    return T(0.5) * sum;
  }
  /// Σ ½ I ω² (J).
  [[nodiscard]] T rotational_energy() const noexcept {
    T sum = T(0);
    for (std::size_t i = 0; i < size(); ++i)
      if (inverse_inertia_[i] > T(0))
        sum += detail::squared_angular(angular_velocity_[i]) / inverse_inertia_[i];
    return T(0.5) * sum;
  }
  /// The potential energy of the normal contact forces (J), damping
  /// excluded. A power law: Σ k δ^{p+1}/(p+1) over overlapping contacts
  /// (with its √(R*/R_ref) scaling). An adhesive law (contact/adhesion.hpp):
  /// Σ law.energy(δ) over its contacts (each at its own R* when scaled),
  /// elastic and surface energy, 0 at
  /// first touch; with carom::jkr that includes the attached contacts at
  /// −δ_c ≤ δ ≤ 0. Kinetic plus elastic energy is conserved by an undamped
  /// frictionless contact while it lasts; a JKR contact that breaks at
  /// −δ_c takes its energy U(−δ_c) > 0 with it (the hysteresis of JKR).
  [[nodiscard]] T elastic_energy() const noexcept {
    double sum = 0;
    auto add = [&sum](const Law& law, T overlap, detail::contact_scaling<T> scaling) {
      if constexpr (adhesive_contact_law<Law, T>) {
        // ∫ s F(φ δ) dδ = (s/φ) U(φ δ).
        sum += double(scaling.force) / double(scaling.overlap) *
               double(law.energy(scaling.overlap * overlap));
      } else {
        const double p = double(law.exponent());
        sum += double(scaling.force) * double(law.stiffness()) *
               std::pow(double(overlap), p + 1) / (p + 1);
      }
    };
    const auto p = particle_view();
    pair_contacts_.visit_overlaps(list_, box_, p, add);
    wall_contacts_.visit_overlaps(p, add);
    return T(sum);
  }
  /// Σ m v over all particles (kg m/s).
  [[nodiscard]] vector momentum() const noexcept {
    vector sum{};
    for (std::size_t i = 0; i < size(); ++i) sum += mass_[i] * velocity_[i];
    return sum;
  }

  // ---- contacts and what follows from them (engines/dem/observables.hpp) --

  /// The contacts at the current state, computed on request (the step
  /// stores nothing for them): particle pairs in Verlet-list order, then
  /// wall contacts wall by wall. Each is the contact kernel evaluated at
  /// the current positions, velocities and angular velocities with the
  /// stored tangential stretch ξ, without stretching it further (dt = 0):
  ///   F_n = law(δ, δ', m*),  F_t = −σ (k_t ξ + γ_t m* v_t), |F_t| ≤ μ F_n.
  /// The stretch is the one the last force evaluation left, so F_t is the
  /// friction force it applied whenever the velocities equal the ones it
  /// saw (e.g. a packing at rest); otherwise (velocity Verlet sees the
  /// half-step velocities; set_velocity()) the damping terms differ from
  /// forces(). The contact set is the one of the last force evaluation.
  [[nodiscard]] std::vector<dem_contact<T, D>> contacts() const {
    std::vector<dem_contact<T, D>> out;
    out.reserve(contacts_);
    const auto p = particle_view();
    pair_contacts_.observe(list_, box_, p, out);
    wall_contacts_.observe(box_, p, out);
    return out;
  }

  /// The force that the particles exert on each wall, in walls() order
  /// and then on each of cylinders() (N):
  /// minus the sum of the wall's contact forces in contacts(). Under
  /// gravity the floor of a bed at rest carries its weight.
  [[nodiscard]] std::vector<vector> wall_forces() const {
    return carom::wall_forces(contacts(), wall_contacts_.wall_count());
  }

  /// Love–Weber contact stress over the box volume (carom::love_weber_stress:
  /// σ_ab = (1/V) Σ l_a f_b, compressive positive; no kinetic part).
  [[nodiscard]] dem_tensor<T, D> stress() const { return stress(box_.volume()); }

  /// The same over a volume V (m³, m² in 2D) of your choice, e.g. the
  /// region the particles fill. Throws carom::invalid_input unless V is
  /// finite and > 0.
  [[nodiscard]] dem_tensor<T, D> stress(T volume) const {
    detail::require(is_finite(volume) && volume > T(0),
                    "carom::dem::stress: the volume must be finite and > 0 (got ", volume, ")");
    return love_weber_stress(contacts(), volume);
  }

  /// Mean number of particle–particle contacts of a mobile particle
  /// (carom::coordination_number: 2 N_c / N_mobile without fixed
  /// particles; wall contacts not counted; 0 if every particle is fixed).
  [[nodiscard]] T coordination_number() const {
    return carom::coordination_number(contacts(), std::span<const T>(mobile_));
  }

 private:
  template <class> friend struct detail::checkpoint_access;  // io/checkpoint.hpp
  dem(detail::dem_setup<T, D, Law>&& setup, const box<T, D>& container,
      const particles<T, D>& initial)
      : box_(container),
        state_(initial),
        gravity_(setup.gravity),
        dt_(setup.time_step),
        periodic_(setup.periodic),
        threads_(detail::step_threads(setup.threads, initial.size())),
        requested_threads_(setup.threads),
        position_(initial.positions().begin(), initial.positions().end()),
        velocity_(initial.velocities().begin(), initial.velocities().end()),
        angular_velocity_(initial.angular_velocities().begin(),
                          initial.angular_velocities().end()),
        radius_(initial.radii().begin(), initial.radii().end()),
        mass_(initial.masses().begin(), initial.masses().end()),
        inverse_mass_(initial.inverse_masses().begin(), initial.inverse_masses().end()),
        inverse_inertia_(initial.inverse_inertias().begin(), initial.inverse_inertias().end()),
        mobile_(initial.size(), T(1)),
        rotation_locked_(initial.size(), 0),
        id_(initial.ids().begin(), initial.ids().end()),
        species_(std::move(setup.species)),
        force_(initial.size()),
        torque_(initial.size()),
        list_(container, setup.max_diameter, setup.skin, setup.pair_separation),
        pair_contacts_(std::move(setup.pair_models), setup.inverse_reference_radius,
                       setup.radius_power, threads_),
        wall_contacts_(std::move(setup.walls), std::move(setup.wall_motions),
                       std::move(setup.cylinders), container, std::move(setup.wall_models),
                       setup.inverse_reference_radius, setup.radius_power, setup.wall_separation,
                       initial.size()),
        admission_(std::move(setup.admission)) {
    rebuild();
    compute_forces();
  }

  using list_type = verlet_list<T, D, detail::dem_history<T, D, rolling_type, Law>>;

  // What add() and load_checkpoint() check of particle k of `name`'s input
  // joining the engine, of radius r, mass m (both finite and > 0) and
  // species s, besides its place; then widens `a` by it.
  void admit(detail::dem_admission<T, Law>& a, const char* name, std::size_t k, T r, T m,
             species_index s) const {
    detail::require(r <= a.largest_radius, name, "particle ", k, ": radius ", r,
                    " is above the largest radius ", a.largest_radius,
                    " the neighbour list was built for (dem_params::largest_radius)");
    detail::require(s < a.species_count, name, "particle ", k, ": species ", s,
                    " is outside the material table (", a.species_count, " species)");
    const auto cylinders = wall_contacts_.cylinders();
    for (std::size_t c = 0; c < cylinders.size(); ++c)
      detail::require(cylinders[c].side == cylinder_side::outside || r < cylinders[c].radius,
                      name, "particle ", k, ": radius ", r, " does not fit inside cylinder ", c);
    a.min_mass = std::min(a.min_mass, m);
    a.min_radius = std::min(a.min_radius, r);
    a.max_radius = std::max(a.max_radius, r);
    detail::for_each_stiffest_contact(a, [&](const Law& law, T mass, const char* which) {
      const T critical = critical_time_step(law, mass, a.max_impact_speed);
      detail::require(dt_ <= critical, name, "particle ", k, " (mass ", m, ", radius ", r,
                      "): time_step = ", dt_, " is above the critical time step ", critical,
                      " of the ", which, " at max_impact_speed = ", a.max_impact_speed);
    });
  }

  // Compacts every per-particle array to the particles with keep[i] != 0
  // and carries the histories over (remove(), remove_if()).
  std::size_t remove_flagged(std::span<const unsigned char> keep) {
    const std::size_t n = size();
    std::vector<std::uint32_t> new_index(n, list_type::dropped);
    std::size_t m = 0;
    for (std::size_t i = 0; i < n; ++i)
      if (keep[i]) new_index[i] = static_cast<std::uint32_t>(m++);
    if (m == n) return 0;
    auto compact = [&](auto& values) {
      if (values.size() != n) return;  // species_ with one species
      std::size_t kept = 0;
      for (std::size_t i = 0; i < n; ++i)
        if (keep[i]) values[kept++] = values[i];
      values.resize(kept);
    };
    list_.renumber(new_index, m);
    wall_contacts_.renumber(new_index, m, list_type::dropped);
    compact(position_);
    compact(velocity_);
    compact(angular_velocity_);
    compact(radius_);
    compact(mass_);
    compact(inverse_mass_);
    compact(inverse_inertia_);
    compact(mobile_);
    compact(rotation_locked_);
    compact(id_);
    compact(species_);
    compact(force_);
    compact(torque_);
    state_.retain(keep);
    particles_changed_ = true;
    resized();
    return n - m;
  }

  // After add() and remove(): the threads for the new size, and the list.
  void resized() {
    threads_ = detail::step_threads(requested_threads_, size());
    pair_contacts_.set_threads(threads_);
    rebuild();
  }

  void check_index(const char* what, std::size_t i) const {
    detail::require(i < size(), "carom::dem::", what, ": particle ", i,
                    " does not exist (size ", size(), ")");
  }

  // Timed by run_profiled() (detail::step_phase_timing) or not
  // (detail::no_step_timing: the calls fold away).
  template <class Timing>
  void step(Timing&& timing) {
    timing.mark();
    detail::advance_particles<integrator_type>(motion());
    timing.integration();
    bool walls_came_closer = false;
    if (wall_contacts_.moving()) {
      const double now = double(steps_ + 1) * double(dt_);
      wall_contacts_.move_to(now);
      walls_came_closer = wall_contacts_.crossed(time(), now);
    }
    if (walls_came_closer || list_.needs_rebuild(position_, threads_)) rebuild();
    timing.neighbours();
    compute_forces();
    timing.forces();
    detail::correct_particles<integrator_type>(motion());
    timing.integration();
    ++steps_;
  }

  void rebuild() {
    if (periodic_)
      for (auto& x : position_) x = box_.wrap(x);
    list_.build(position_, radius_, threads_);
    refresh_constants();
  }

  void compute_forces() noexcept {
    const auto p = particle_view();
    const detail::dem_force_sums<T, D> sums{force_, torque_};
    // Pairs, then walls: the order of the additions fixes their rounding.
    std::size_t wall_contacts = 0;
    CAROM_OMP(parallel num_threads(threads_) if(threads_ > 1) reduction(+ : wall_contacts))
    {
      pair_contacts_.add_forces(list_, box_, periodic_, p, sums, dt_);
      wall_contacts += wall_contacts_.add_forces(p, sums, dt_);
    }
    contacts_ = pair_contacts_.touching_count() + wall_contacts;
  }

  // After each rebuild, after fix() and after set_threads().
  void refresh_constants() {
    const auto p = particle_view();
    pair_contacts_.refresh(list_, p);
    wall_contacts_.refresh(list_.skin(), p);
  }

  [[nodiscard]] detail::dem_particle_view<T, D> particle_view() const noexcept {
    return {position_, velocity_, angular_velocity_, radius_, mass_, inverse_mass_, mobile_,
            species_};
  }

  [[nodiscard]] detail::dem_motion<T, D> motion() noexcept {
    return {position_, velocity_, angular_velocity_, force_, torque_,
            inverse_mass_, inverse_inertia_, mobile_, gravity_, dt_, threads_};
  }

  box<T, D> box_;
  particles<T, D> state_;  // state() and the particles' constant fields
  vector gravity_;
  T dt_;
  bool periodic_ = false;
  int threads_ = 1;  // of a step (1 without OpenMP)
  int requested_threads_ = 1;  // params.threads or set_threads(), before the cap by size
  bool particles_changed_ = false;  // add() or remove() was called
  std::uint64_t steps_ = 0;
  std::size_t contacts_ = 0;
  std::vector<vector> position_;
  std::vector<vector> velocity_;
  std::vector<angular_type> angular_velocity_;
  std::vector<T> radius_;
  std::vector<T> mass_;
  std::vector<T> inverse_mass_;
  std::vector<T> inverse_inertia_;
  std::vector<T> mobile_;  // 1, or 0 for a fixed particle (no gravity)
  std::vector<unsigned char> rotation_locked_;  // lock_rotation() without unlock_rotation()
  std::vector<particle_id> id_;
  std::vector<species_index> species_;  // empty with one species
  std::vector<vector> force_;
  std::vector<angular_type> torque_;
  verlet_list<T, D, detail::dem_history<T, D, rolling_type, Law>> list_;
  detail::dem_pair_contacts<T, D, Law, tangential_type, rolling_type> pair_contacts_;
  detail::dem_wall_contacts<T, D, Law, tangential_type, rolling_type> wall_contacts_;
  detail::dem_admission<T, Law> admission_;  // what add() checks against
};

}  // namespace carom
