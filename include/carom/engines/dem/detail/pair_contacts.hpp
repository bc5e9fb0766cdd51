// SPDX-License-Identifier: MIT
#pragma once
/// The particle–particle contacts of carom::dem (docs/dem.md): constants
/// per Verlet-list entry, the two passes that add the contact forces (on
/// one thread, or on several with the same result bit for bit:
/// docs/threads.md), the bookkeeping of each pair's tangential stretch (the
/// list's payload, kept across rebuilds), and the pairs as dem::contacts()
/// reports them.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

#include "carom/config.hpp"
#include "carom/contact/adhesion.hpp"
#include "carom/contact/concepts.hpp"
#include "carom/contact/power_law.hpp"
#include "carom/contact/rolling.hpp"
#include "carom/contact/soft_contact.hpp"
#include "carom/contact/tangential.hpp"
#include "carom/core/checkpoint_access.hpp"
#include "carom/core/threads.hpp"
#include "carom/core/vec.hpp"
#include "carom/engines/dem/detail/observed_contact.hpp"
#include "carom/engines/dem/detail/particle_view.hpp"
#include "carom/engines/dem/observables.hpp"
#include "carom/engines/dem/setup.hpp"
#include "carom/engines/event_driven/collision_record.hpp"
#include "carom/geometry/box.hpp"
#include "carom/spatial/verlet_list.hpp"

namespace carom::detail {

/// Whether Law is a carom::fixed_power_law: F = k δ^p + α √k √(m δ^{p−1}) δ'.
template <class Law>
inline constexpr bool is_fixed_power_law = false;
template <scalar T, int N, int M, contact_convention C>
inline constexpr bool is_fixed_power_law<fixed_power_law<T, N, M, C>> = true;

/// The pair contacts of a dem engine whose Verlet list (owned by the
/// engine, which rebuilds it) carries the stretch of each pair.
template <scalar T, std::size_t D, contact_law<T> Law, tangential_model Tangential,
          rolling_model Rolling>
class dem_pair_contacts {
 public:
  using vector = vec<T, D>;
  using angular_type = angular<T, D>;
  using history = dem_history<T, D, Rolling, Law>;
  using list_type = verlet_list<T, D, history>;
  using view = dem_particle_view<T, D>;
  using model = dem_contact_model<T, Law>;
  // With carom::jkr a pair that touched stays in contact until δ < −δ_c.
  static constexpr bool hysteretic = hysteretic_contact_law<Law, T>;
  // A scaled adhesive law sees φ δ (contact_scaling).
  static constexpr bool adhesive = adhesive_contact_law<Law, T>;
  // Several species of one power law share a pass in list order: each
  // pair's k/k₀ joins its stiffness scale and (α/α₀)² multiplies the mass
  // the law damps with (carom::soft_contact_force), μ, kₜ, γₜ come per
  // lane. Rolling resistance keeps the passes by pair of species.
  static constexpr bool lanes_capable = is_fixed_power_law<Law> && !Rolling::has_history;

  /// `models`: one per pair of species [a · species + b] (a square
  /// number). add_forces() will run on up to `threads` threads.
  dem_pair_contacts(std::vector<model> models, T inverse_reference_radius, T radius_power,
                    int threads)
      : models_(std::move(models)),
        species_(std::size_t(std::lround(std::sqrt(double(models_.size()))))),
        inverse_reference_radius_(inverse_reference_radius),
        radius_power_(radius_power),
        threads_(threads),
        shares_(std::size_t(threads)) {
    if constexpr (lanes_capable) {
      const Law& reference = models_[0].law;
      one_pass_ = species_ > 1 && inverse_reference_radius_ > T(0) && reference.damping() > T(0);
      if (one_pass_)
        for (const model& m : models_) {
          const T damping_ratio = m.law.damping() / reference.damping();
          lane_models_.push_back({m.law.stiffness() / reference.stiffness(),
                                  damping_ratio * damping_ratio, m.tangential,
                                  inverse_tangential_stiffness(m.tangential)});
        }
    }
  }

  void set_threads(int threads) {
    threads_ = threads;
    shares_.resize(std::size_t(threads));
  }

  // Per-entry constants of the Verlet list, set at each rebuild and after
  // fix(). A pair of two fixed particles gets reach² = 0: it never touches.
  void refresh(const list_type& list, const view& p) {
    const auto offsets = list.offsets();
    const auto partners = list.partners();
    const std::size_t entries = partners.size();
    const bool several = species_ > 1;
    if (pair_.capacity() < entries) {
      // Room for twice the size, as the list does: no allocation in steady state.
      reach2_.reserve(2 * entries);
      pair_.reserve(2 * entries);
      if (inverse_reference_radius_ > T(0)) pair_scaling_.reserve(2 * entries);
      if (several) pair_model_.reserve(2 * entries);
      pair_touching_.reserve(2 * entries);
      touching_.reserve(2 * entries);
      if constexpr (hysteretic) release2_.reserve(2 * entries);
    }
    reach2_.resize(entries);
    pair_.resize(entries);
    if (inverse_reference_radius_ > T(0)) pair_scaling_.resize(entries);
    if (several) pair_model_.resize(entries);
    touching_.resize(entries);
    if constexpr (hysteretic) release2_.resize(entries);
    // The stretches carried over by the rebuild may be non-zero: mark all
    // entries so that the next pass forgets those that do not touch.
    pair_touching_.assign(entries, 1);
    const std::size_t n = offsets.size() - 1;
    CAROM_OMP(parallel for num_threads(threads_) if(threads_ > 1) schedule(static))
    for (std::size_t i = 0; i < n; ++i)
      for (std::uint32_t k = offsets[i]; k < offsets[i + 1]; ++k) {
        const std::uint32_t j = partners[k];
        const T reach = p.radius[i] + p.radius[j];
        const T inverse_mass_sum = p.inverse_mass[i] + p.inverse_mass[j];
        const T effective_radius = p.radius[i] * p.radius[j] / reach;
        reach2_[k] = inverse_mass_sum > T(0) ? reach * reach : T(0);
        const T mass = inverse_mass_sum > T(0) ? T(1) / inverse_mass_sum : T(0);
        pair_[k] = {mass, std::sqrt(effective_radius)};
        if (several) pair_model_[k] = std::uint32_t(p.species[i] * species_ + p.species[j]);
        contact_scaling<T> scaling{};
        if (inverse_reference_radius_ > T(0)) {
          scaling = scaling_at<Law>(effective_radius, inverse_reference_radius_, radius_power_);
          if (one_pass_) scaling.force *= lane_models_[pair_model_[k]].stiffness_ratio;
          // The law's mass as carom::soft_contact_force computes it.
          const T law_mass = law_mass_factor(k) * scaling.overlap * mass / scaling.force;
          if constexpr (adhesive) pair_scaling_[k] = {scaling.force, law_mass, scaling.overlap};
          else pair_scaling_[k] = {scaling.force, law_mass};
        }
        if constexpr (hysteretic) {
          const T release = reach + model_of(k).law.pulloff_separation() / scaling.overlap;
          release2_[k] = inverse_mass_sum > T(0) ? release * release : T(0);
        }
      }
  }

  /// Sets `sums` to the pair contact forces and torques. Called on one
  /// thread, or by every thread of a parallel region of up to the
  /// constructor's `threads` threads, with the same result bit for bit.
  /// `periodic`: whether the box has a periodic axis.
  void add_forces(list_type& list, const box<T, D>& container, bool periodic, const view& p,
                  const dem_force_sums<T, D>& sums, T dt) noexcept {
    const bool scaled = inverse_reference_radius_ > T(0);
    if (periodic) {
      if (scaled) add_forces_as<true, true>(list, container, p, sums, dt);
      else add_forces_as<true, false>(list, container, p, sums, dt);
    } else {
      if (scaled) add_forces_as<false, true>(list, container, p, sums, dt);
      else add_forces_as<false, false>(list, container, p, sums, dt);
    }
  }

  /// The contacts of the last add_forces().
  [[nodiscard]] std::size_t touching_count() const noexcept { return touching_count_; }

  /// Appends the touching pairs to `out`, in Verlet-list order
  /// (dem::contacts()).
  void observe(const list_type& list, const box<T, D>& container, const view& p,
               std::vector<dem_contact<T, D>>& out) const {
    const auto offsets = list.offsets();
    const auto partners = list.partners();
    const auto springs = list.payload();
    const bool scaled = inverse_reference_radius_ > T(0);
    for (std::uint32_t i = 0; i + 1 < offsets.size(); ++i)
      for (std::uint32_t k = offsets[i]; k < offsets[i + 1]; ++k) {
        const std::uint32_t j = partners[k];
        // The d of add_forces(): minimum_image() leaves walled axes as they are.
        const vector d = container.minimum_image(p.position[i] - p.position[j]);
        const T distance2 = squared_norm(d);
        if (!(in_contact(k, distance2, springs[k]) && distance2 > T(0))) continue;
        const T inverse_distance = T(1) / std::sqrt(distance2);
        const T overlap = p.radius[i] + p.radius[j] - distance2 * inverse_distance;
        // In one pass the kernel runs models_[0]'s law with the lane's
        // constants: computed here the same way, the force is the same.
        const model& m = model_of(k);
        const tangential_params<T> tangential =
            one_pass_ ? lane_models_[pair_model_[k]].tangential : m.tangential;
        const Law& law = one_pass_ ? models_[0].law : m.law;
        contact_scaling<T> scaling{};
        if (scaled) scaling.force = pair_scaling_[k].scale;
        if constexpr (adhesive)
          if (scaled) scaling.overlap = pair_scaling_[k].overlap;
        out.push_back(observed_contact<Tangential>(
            law, tangential, container, p, i, j, partner_kind::particle, d * inverse_distance,
            overlap, p.velocity[i] - p.velocity[j],
            angular_type(p.radius[i] * p.angular_velocity[i] + p.radius[j] * p.angular_velocity[j]),
            pair_[k].mass, scaling,
            contact_radius_of(m.law, pair_[k].root_radius, overlap, scaling.overlap),
            sliding(springs[k]), -d, law_mass_factor(k)));
      }
  }

  /// f(law, overlap, contact_scaling) for every overlapping pair (δ > 0),
  /// and with a hysteretic law (carom::jkr) for every pair the last force
  /// pass left attached, at −δ_c ≤ δ ≤ 0.
  template <class F>
  void visit_overlaps(const list_type& list, const box<T, D>& container, const view& p,
                      F& f) const {
    const auto offsets = list.offsets();
    const auto partners = list.partners();
    [[maybe_unused]] const auto springs = list.payload();
    for (std::size_t i = 0; i + 1 < offsets.size(); ++i)
      for (std::uint32_t k = offsets[i]; k < offsets[i + 1]; ++k) {
        const std::uint32_t j = partners[k];
        const T reach = p.radius[i] + p.radius[j];
        const vector d = container.minimum_image(p.position[i] - p.position[j]);
        const T distance = norm(d);
        bool counted = distance < reach;
        // Attached as the force pass left it.
        if constexpr (hysteretic) counted = counted || in_contact(k, squared_norm(d), springs[k]);
        if (counted)
          f(model_of(k).law, reach - distance,
            scaling_at<Law>(p.radius[i] * p.radius[j] / reach, inverse_reference_radius_,
                            radius_power_));
      }
  }

 private:
  template <class> friend struct detail::checkpoint_access;  // io/checkpoint.hpp
  struct share;
  struct pair_constants {
    T mass;         // m*
    T root_radius;  // √R*
  };
  // With a reference radius: F = s F_law(φ δ, δ', f φ m*/s) (contact_scaling).
  struct power_law_scaling {
    T scale;     // s: (R*/R_ref)^q, times k/k₀ in one pass
    T law_mass;  // f m*/s (law_mass_factor()), kept so that the kernel does not divide
  };
  struct adhesive_scaling {
    T scale;     // s = R*/R_ref
    T law_mass;  // φ m*/s
    T overlap;   // φ = (R_ref/R*)^{1/3}
  };
  using pair_scaling = std::conditional_t<adhesive, adhesive_scaling, power_law_scaling>;
  static constexpr std::size_t block_size = 64;
  // A pair of species in one pass (lanes_capable): its k/k₀, (α/α₀)² and
  // tangential constants.
  struct lane_model {
    T stiffness_ratio;
    T mass_factor;
    tangential_params<T> tangential;
    T inverse_tangential_stiffness;
  };
  struct touching_entry {
    std::uint32_t entry;  // index into the Verlet list
    std::uint32_t first;  // its particle i
  };

  // A block of touching contacts as lanes: one array per component, so that
  // the kernel loop reads and writes contiguous memory and compilers run it
  // on several contacts per instruction.
  static constexpr std::size_t angular_size = D == 2 ? 1 : 3;
  template <std::size_t Components>
  using lanes = std::array<std::array<T, block_size>, Components>;
  struct contact_block {
    lanes<D> separation;         // x_i − x_j (minimum image), then the unit normal
    lanes<D> relative_velocity;  // v_i − v_j
    lanes<angular_size> lever;   // r_i ω_i + r_j ω_j
    lanes<D> spring;             // stored stretch in, new stretch out
    lanes<D> force;              // on i
    lanes<angular_size> arm;     // n × F_t
    // r_i + r_j (then the overlap), m*, √R*, s, f φ m*/s and (a scaled
    // adhesive law) φ.
    std::array<T, block_size> reach, mass, root_radius, scale, law_mass, overlap_factor;
    // In one pass: each lane's μ, kₜ, γₜ and 1/kₜ.
    std::array<T, block_size> friction, tangential_stiffness, tangential_damping,
        inverse_tangential_stiffness;
    // With rolling resistance: ω_i − ω_j, the rolling stretch in and out,
    // and the rolling torque on i.
    lanes<angular_size> spin;
    lanes<D> roll_spring;
    lanes<angular_size> roll;
  };

  template <std::size_t C>
  static CAROM_ALWAYS_INLINE vec<T, C> load(const lanes<C>& from, std::size_t b) noexcept {
    vec<T, C> v{};
    for (std::size_t c = 0; c < C; ++c) v[c] = from[c][b];
    return v;
  }
  template <std::size_t C>
  static CAROM_ALWAYS_INLINE void store(lanes<C>& to, std::size_t b, const vec<T, C>& v) noexcept {
    for (std::size_t c = 0; c < C; ++c) to[c][b] = v[c];
  }
  static CAROM_ALWAYS_INLINE angular_type load_angular(const lanes<angular_size>& from,
                                                       std::size_t b) noexcept {
    if constexpr (D == 2) return from[0][b];
    else return load(from, b);
  }
  static CAROM_ALWAYS_INLINE void store_angular(lanes<angular_size>& to, std::size_t b,
                                                const angular_type& a) noexcept {
    if constexpr (D == 2) to[0][b] = a;
    else store(to, b, a);
  }

  // The contacts of a share of the list: the rows of one thread (all rows
  // on one thread). Thread t owns the particles and rows of its share
  // (share_start()). (1) It finds the touching entries of its rows (pass
  // 1: find_touching) and computes those whose partner j is a later
  // thread's (the outgoing ones; j > i: a row's partners never belong to an
  // earlier thread). (2) After a barrier it adds up the forces on its
  // particles in list order: first the outgoing contacts of earlier
  // threads that reach them, then its own, a block at a time: gather the
  // pairs' data into lanes, run the branch-free kernel across the lanes,
  // add the forces to the particles. An outgoing contact is thus computed
  // twice, with the same result bit for bit (kernel()), and its stretch
  // kept once.
  template <bool Periodic, bool Scaled>
  void add_forces_as(list_type& list, const box<T, D>& container, const view& particles,
                     const dem_force_sums<T, D>& force_sums, T dt) noexcept {
    // Local copies: their spans stay in registers, where through the
    // references the compiler reloads them after each byte store (callgrind:
    // 0.8 % fewer instructions per step).
    const view p = particles;
    const dem_force_sums<T, D> sums = force_sums;
    const auto offsets = list.offsets();
    const auto partners = list.partners();
    const auto springs = list.payload();
    const auto threads = std::size_t(team_size());
    const auto thread = std::size_t(thread_index());
    share& mine = shares_[thread];
    const std::size_t n = offsets.size() - 1;
    const bool balanced = share_rows_.size() == threads + 1 && share_rows_.back() == n;
    const std::uint32_t row_begin =
        balanced ? share_rows_[thread] : share_start(offsets, thread, threads);
    const std::uint32_t row_end =
        balanced ? share_rows_[thread + 1] : share_start(offsets, thread + 1, threads);
    mine.rows = {row_begin, row_end};
    mine.started = threads > 1 ? wall_seconds() : 0;

    // A share's touching entries fit where its rows' entries start.
    touching_entry* const touching = touching_.data() + offsets[row_begin];
    const std::size_t count =
        find_touching<Periodic>(list, container, p, row_begin, row_end, touching);
    mine.touching = count;
    if (threads > 1) {
      mine.outgoing.clear();
      for (std::size_t m = 0; m < count; ++m)
        if (partners[touching[m].entry] >= row_end) mine.outgoing.push_back(touching[m]);
      const std::size_t outgoing = mine.outgoing.size();
      mine.outgoing_force.resize(outgoing);
      if constexpr (Tangential::has_history) mine.outgoing_arm.resize(outgoing);
      if constexpr (Rolling::has_history) mine.outgoing_roll.resize(outgoing);
      if (species_ > 1 && !one_pass_) {
        evaluate_by_model<Periodic, Scaled>(mine, mine.outgoing.data(), outgoing, list,
                                            container, p, dt, mine.outgoing_force.data(),
                                            mine.outgoing_arm.data(), mine.outgoing_roll.data(),
                                            false);
      } else {
        for (std::size_t first = 0; first < outgoing; first += block_size) {
          const std::size_t lanes = std::min(block_size, outgoing - first);
          gather<Periodic, Scaled>(mine.block, mine.outgoing.data() + first, lanes, partners,
                                   springs, container, p);
          run_kernel<Scaled>(mine.block, dt);
          for (std::size_t b = 0; b < lanes; ++b) {
            mine.outgoing_force[first + b] = load(mine.block.force, b);
            if constexpr (Tangential::has_history)
              mine.outgoing_arm[first + b] = load_angular(mine.block.arm, b);
            if constexpr (Rolling::has_history)
              mine.outgoing_roll[first + b] = load_angular(mine.block.roll, b);
          }
        }
      }
      mine.busy = wall_seconds() - mine.started;
      CAROM_OMP(barrier)
      mine.started = wall_seconds();
    }

    std::fill(sums.force.begin() + row_begin, sums.force.begin() + row_end, vector{});
    std::fill(sums.torque.begin() + row_begin, sums.torque.begin() + row_end, angular_type{});
    for (std::size_t t = 0; t < thread; ++t) {
      const share& earlier = shares_[t];
      for (std::size_t m = 0; m < earlier.outgoing.size(); ++m) {
        const std::uint32_t j = partners[earlier.outgoing[m].entry];
        if (j < row_begin || j >= row_end) continue;
        angular_type arm{};
        angular_type roll{};
        if constexpr (Tangential::has_history) arm = earlier.outgoing_arm[m];
        if constexpr (Rolling::has_history) roll = earlier.outgoing_roll[m];
        add_to(sums, p, j, -earlier.outgoing_force[m], arm, -roll);
      }
    }
    if (species_ > 1 && !one_pass_) {
      // Grouped by pair of species, kernel results are added in list
      // order, as on one species: the sums do not depend on the grouping.
      mine.force.resize(count);
      if constexpr (Tangential::has_history) mine.arm.resize(count);
      if constexpr (Rolling::has_history) mine.roll.resize(count);
      evaluate_by_model<Periodic, Scaled>(mine, touching, count, list, container, p, dt,
                                          mine.force.data(), mine.arm.data(), mine.roll.data(),
                                          true);
      for (std::size_t m = 0; m < count; ++m) {
        const auto [k, i] = touching[m];
        const std::uint32_t j = partners[k];
        angular_type arm{};
        angular_type roll{};
        if constexpr (Tangential::has_history) arm = mine.arm[m];
        if constexpr (Rolling::has_history) roll = mine.roll[m];
        add_to(sums, p, i, mine.force[m], arm, roll);
        if (j < row_end) add_to(sums, p, j, -mine.force[m], arm, -roll);
      }
      count_touching(mine, count, threads, n);
      return;
    }
    contact_block& block = mine.block;
    for (std::size_t first = 0; first < count; first += block_size) {
      const std::size_t lanes = std::min(block_size, count - first);
      gather<Periodic, Scaled>(block, touching + first, lanes, partners, springs, container, p);
      run_kernel<Scaled>(block, dt);
      for (std::size_t b = 0; b < lanes; ++b) {
        const auto [k, i] = touching[first + b];
        const std::uint32_t j = partners[k];
        const vector f = load(block.force, b);
        angular_type arm{};
        if constexpr (Tangential::has_history) {
          sliding(springs[k]) = load(block.spring, b);
          arm = load_angular(block.arm, b);
        }
        angular_type roll{};
        if constexpr (Rolling::has_history) {
          springs[k].rolling = load(block.roll_spring, b);
          roll = load_angular(block.roll, b);
        }
        add_to(sums, p, i, f, arm, roll);
        if (j < row_end) add_to(sums, p, j, -f, arm, -roll);
      }
    }
    count_touching(mine, count, threads, n);
  }

  // The end of a pass: the touching count and, on several threads, the
  // shares of the next pass.
  void count_touching(share& mine, std::size_t count, std::size_t threads, std::size_t n) {
    if (threads > 1) {
      mine.busy += wall_seconds() - mine.started;
      CAROM_OMP(barrier)
      if (thread_index() == 0) {
        touching_count_ = 0;
        for (std::size_t t = 0; t < threads; ++t) touching_count_ += shares_[t].touching;
        rebalance(threads, n);
      }
    } else {
      touching_count_ = count;
    }
  }

  // The kernel on `count` touching entries, grouped by their pair of
  // species (a counting sort, stable): writes the force on i and n × F_t
  // of entries[m] to force[m], arm[m] and roll[m] (the rolling torque on
  // i), and, if `keep_springs`, the new
  // stretches to the list.
  template <bool Periodic, bool Scaled>
  void evaluate_by_model(share& mine, const touching_entry* entries, std::size_t count,
                         list_type& list, const box<T, D>& container, const view& p, T dt,
                         vector* force, angular_type* arm, angular_type* roll,
                         bool keep_springs) noexcept {
    const auto partners = list.partners();
    const auto springs = list.payload();
    mine.model_start.assign(models_.size() + 1, 0);
    for (std::size_t m = 0; m < count; ++m) ++mine.model_start[pair_model_[entries[m].entry] + 1];
    for (std::size_t t = 0; t < models_.size(); ++t)
      mine.model_start[t + 1] += mine.model_start[t];
    mine.sorted.resize(count);
    mine.order.resize(count);
    mine.cursor.assign(mine.model_start.begin(), mine.model_start.end() - 1);
    for (std::size_t m = 0; m < count; ++m) {
      const std::uint32_t slot = mine.cursor[pair_model_[entries[m].entry]]++;
      mine.sorted[slot] = entries[m];
      mine.order[slot] = std::uint32_t(m);
    }
    for (std::size_t t = 0; t < models_.size(); ++t)
      for (std::size_t first = mine.model_start[t]; first < mine.model_start[t + 1];
           first += block_size) {
        const std::size_t lanes = std::min<std::size_t>(block_size, mine.model_start[t + 1] - first);
        gather<Periodic, Scaled>(mine.block, mine.sorted.data() + first, lanes, partners, springs,
                                 container, p);
        kernel<Scaled, false>(mine.block, models_[t], dt);
        for (std::size_t b = 0; b < lanes; ++b) {
          const std::uint32_t m = mine.order[first + b];
          force[m] = load(mine.block.force, b);
          if constexpr (Tangential::has_history) {
            arm[m] = load_angular(mine.block.arm, b);
            if (keep_springs)
              sliding(springs[mine.sorted[first + b].entry]) = load(mine.block.spring, b);
          }
          if constexpr (Rolling::has_history) {
            roll[m] = load_angular(mine.block.roll, b);
            if (keep_springs)
              springs[mine.sorted[first + b].entry].rolling = load(mine.block.roll_spring, b);
          }
        }
      }
  }

  // The force f, the torque −r × arm and the rolling torque `roll` of one
  // contact on particle i (the partner j gets −f, the same −r × arm term
  // with its own r, and −roll).
  CAROM_ALWAYS_INLINE static void add_to(const dem_force_sums<T, D>& sums, const view& p,
                                         std::uint32_t i, const vector& f,
                                         [[maybe_unused]] const angular_type& arm,
                                         [[maybe_unused]] const angular_type& roll) noexcept {
    if constexpr (Tangential::has_history) sums.torque[i] -= p.radius[i] * arm;
    if constexpr (Rolling::has_history) sums.torque[i] += roll;
    sums.force[i] += f;
  }

  // The first row of thread t's share: the shares hold about as many list
  // entries each (rows: the free surface of a bed has fewer neighbours).
  [[nodiscard]] static std::uint32_t share_start(std::span<const std::uint32_t> offsets,
                                                 std::size_t t, std::size_t threads) noexcept {
    const std::size_t n = offsets.size() - 1;
    if (t == threads) return std::uint32_t(n);
    const auto target = std::uint32_t(std::uint64_t(offsets[n]) * t / threads);
    return std::uint32_t(std::lower_bound(offsets.begin(), offsets.end() - 1, target) -
                         offsets.begin());
  }

  // The shares of the next pass: rows in proportion to the time each
  // thread spent on its own (the result does not depend on the shares, only
  // the speed does), moved halfway from the last ones against oscillation.
  void rebalance(std::size_t threads, std::size_t n) {
    double total = 0;
    for (std::size_t t = 0; t < threads; ++t) total += shares_[t].busy;
    if (!(total > 0)) return;
    share_rows_.resize(threads + 1);
    share_rows_[0] = 0;
    share_rows_[threads] = std::uint32_t(n);
    std::size_t u = 0;
    double before = 0;  // the time of the shares before u
    for (std::size_t t = 1; t < threads; ++t) {
      const double target = total * double(t) / double(threads);
      while (u + 1 < threads && before + shares_[u].busy < target) before += shares_[u++].busy;
      const share& s = shares_[u];
      const double fraction = s.busy > 0 ? std::clamp((target - before) / s.busy, 0.0, 1.0) : 0.0;
      const double row = double(s.rows[0]) + fraction * double(s.rows[1] - s.rows[0]);
      share_rows_[t] = std::uint32_t((row + double(shares_[t].rows[0])) / 2);
    }
  }

  // The lanes of `count` (1 to block_size) touching entries; the lanes
  // after them repeat the first, so that the kernel reads only values of
  // real contacts.
  template <bool Periodic, bool Scaled>
  CAROM_ALWAYS_INLINE void gather(contact_block& block, const touching_entry* entries,
                                  std::size_t count, std::span<const std::uint32_t> partners,
                                  std::span<const history> springs, const box<T, D>& container,
                                  const view& p) const noexcept {
    for (std::size_t b = 0; b < count; ++b) {
      const auto [k, i] = entries[b];
      const std::uint32_t j = partners[k];
      vector d = p.position[i] - p.position[j];
      if constexpr (Periodic) d = container.minimum_image(d);
      store(block.separation, b, d);
      store(block.relative_velocity, b, p.velocity[i] - p.velocity[j]);
      store_angular(block.lever, b,
                    angular_type(p.radius[i] * p.angular_velocity[i] +
                                 p.radius[j] * p.angular_velocity[j]));
      if constexpr (Tangential::has_history) store(block.spring, b, sliding(springs[k]));
      if constexpr (Rolling::has_history) {
        store(block.roll_spring, b, springs[k].rolling);
        store_angular(block.spin, b, angular_type(p.angular_velocity[i] - p.angular_velocity[j]));
      }
      block.reach[b] = p.radius[i] + p.radius[j];
      block.mass[b] = pair_[k].mass;
      block.root_radius[b] = pair_[k].root_radius;
      if constexpr (Scaled) {
        block.scale[b] = pair_scaling_[k].scale;
        block.law_mass[b] = pair_scaling_[k].law_mass;
        if constexpr (adhesive) block.overlap_factor[b] = pair_scaling_[k].overlap;
      }
      if constexpr (lanes_capable) {
        if (one_pass_) {  // the same way for every lane: predicted
          const lane_model& lane = lane_models_[pair_model_[k]];
          block.friction[b] = lane.tangential.friction;
          block.tangential_stiffness[b] = lane.tangential.stiffness;
          block.tangential_damping[b] = lane.tangential.damping;
          block.inverse_tangential_stiffness[b] = lane.inverse_tangential_stiffness;
        }
      }
    }
    if (count < block_size) pad(block, count);
  }

  static void pad(contact_block& block, std::size_t count) noexcept {
    const auto repeat = [count](auto& lanes) {
      for (auto& lane : lanes) std::fill(lane.begin() + std::ptrdiff_t(count), lane.end(), lane[0]);
    };
    repeat(block.separation);
    repeat(block.relative_velocity);
    repeat(block.lever);
    repeat(block.spring);
    if constexpr (Rolling::has_history) {
      repeat(block.roll_spring);
      repeat(block.spin);
    }
    const auto repeat_one = [count](auto& lane) {
      std::fill(lane.begin() + std::ptrdiff_t(count), lane.end(), lane[0]);
    };
    repeat_one(block.reach);
    repeat_one(block.mass);
    repeat_one(block.root_radius);
    repeat_one(block.scale);
    repeat_one(block.law_mass);
    repeat_one(block.overlap_factor);
    repeat_one(block.friction);
    repeat_one(block.tangential_stiffness);
    repeat_one(block.tangential_damping);
    repeat_one(block.inverse_tangential_stiffness);
  }

  // The kernel with models_[0], on every lane the same constants or, in
  // one pass, each lane's own.
  template <bool Scaled>
  CAROM_ALWAYS_INLINE void run_kernel(contact_block& block, T dt) const noexcept {
    if constexpr (lanes_capable && Scaled)
      if (one_pass_) return kernel<true, true>(block, models_[0], dt);
    kernel<Scaled, false>(block, models_[0], dt);
  }

  // The contact kernel on every lane of a block. One compiled copy (not
  // inlined) runs every block, each lane by the same instructions (no
  // remainder loop: a compiler may contract a remainder's arithmetic
  // differently from the vector loop's), so that a contact's result does
  // not depend on its block or lane: every thread count gives the same.
  template <bool Scaled, bool Lanes>
  CAROM_NOINLINE static void kernel(contact_block& block, const model& m, T dt) noexcept {
    const Law law = m.law;
    const tangential_params<T> shared_tangential = m.tangential;
    [[maybe_unused]] const rolling_params<T> rolling = m.rolling;
    // Three loops over the lanes rather than one: a contact's chain of
    // square roots and divisions is long (1/|d|, the stretch's rotation,
    // the law, the Coulomb cap), and in one loop body it leaves the
    // processor waiting; short loops of independent lanes overlap them.
    // Each value is computed as in one loop, so results are the same.
    // 1. The normal (in place of the separation) and the overlap (in place
    // of the reach).
    for (std::size_t b = 0; b < block_size; ++b) {
      const vector d = load(block.separation, b);
      const T distance2 = squared_norm(d);
      const T inverse_distance = T(1) / std::sqrt(distance2);
      store(block.separation, b, d * inverse_distance);
      block.reach[b] = block.reach[b] - distance2 * inverse_distance;
    }
    // 2. The stored stretches, rotated into the tangent plane.
    if constexpr (Tangential::has_history || Rolling::has_history) {
      for (std::size_t b = 0; b < block_size; ++b) {
        const vector normal = load(block.separation, b);
        if constexpr (Tangential::has_history)
          store(block.spring, b, rotate_into_tangent_plane(load(block.spring, b), normal));
        if constexpr (Rolling::has_history)
          store(block.roll_spring, b,
                rotate_into_tangent_plane(load(block.roll_spring, b), normal));
      }
    }
    // 3. The forces and the new stretches.
    for (std::size_t b = 0; b < block_size; ++b) {
      const vector normal = load(block.separation, b);
      const T overlap = block.reach[b];
      const T overlap_factor = Scaled && adhesive ? block.overlap_factor[b] : T(1);
      const tangential_params<T> tangential =
          Lanes ? tangential_params<T>{block.friction[b], block.tangential_stiffness[b],
                                       block.tangential_damping[b]}
                : shared_tangential;
      const auto f = detail::soft_contact_force_with<Tangential>(
          law, tangential,
          Lanes ? block.inverse_tangential_stiffness[b] : inverse_tangential_stiffness(tangential),
          normal, overlap_factor * overlap, load(block.relative_velocity, b),
          load_angular(block.lever, b), block.mass[b], Scaled ? block.scale[b] : T(1),
          Scaled ? block.law_mass[b] : block.mass[b],
          Tangential::scales_with_contact
              ? contact_radius_of(law, block.root_radius[b], overlap, overlap_factor)
              : T(1),
          Tangential::has_history ? load(block.spring, b) : vector{}, dt);
      store(block.force, b, f.force);
      if constexpr (Tangential::has_history) {
        store(block.spring, b, f.spring);
        store_angular(block.arm, b, f.normal_cross_tangential);
      }
      if constexpr (Rolling::has_history) {
        // F_n as F · n (F_t ⊥ n): a normal-force field in the kernel's
        // result would cost 1 % of the kernel without rolling.
        const T radius = block.root_radius[b] * block.root_radius[b];  // R*
        const auto r = rolling_resistance_in_plane(rolling, load(block.roll_spring, b), normal,
                                                   load_angular(block.spin, b), radius,
                                                   dot(f.force, normal), dt);
        store(block.roll_spring, b, r.spring);
        store_angular(block.roll, b, r.torque);
      }
    }
  }

  // The radius a of the contact area (m) that scales the tangential
  // spring: the adhesive law's a(φ δ)/φ² (contact_scaling), which it takes
  // at δ ≤ 0 too; otherwise √R* √δ, √δ here beside the law's own: the
  // compiler computes it once.
  static CAROM_ALWAYS_INLINE T contact_radius_of(const Law& law, T root_radius, T overlap,
                                                 [[maybe_unused]] T overlap_factor) noexcept {
    if constexpr (adhesive)
      return scaled_contact_radius(law, overlap, overlap_factor);
    else return root_radius * std::sqrt(overlap);
  }

  // Whether entry k at distance² `distance2` is in contact (the caller
  // also asks for distance2 > 0): closer than r_i + r_j, or attached and
  // closer than r_i + r_j + δ_c.
  CAROM_ALWAYS_INLINE bool in_contact(std::uint32_t k, T distance2,
                                      [[maybe_unused]] const history& h) const noexcept {
    const bool touches = distance2 < reach2_[k];
    if constexpr (hysteretic) {
      const bool held = (h.attached != 0) & (distance2 <= release2_[k]);
      return touches || held;
    } else {
      return touches;
    }
  }

  // Pass 1: a branch-free sweep of the rows first .. last of the Verlet
  // list that writes their touching entries to `out` and returns their
  // number (in a settled bed a third of the entries do not touch, in no
  // predictable pattern: a branch per entry would often mispredict). It
  // also forgets the stretch of an entry that no longer touches. With a
  // hysteretic law it also collects the attached entries at −δ_c ≤ δ ≤ 0,
  // and marks each entry attached or not.
  template <bool Periodic>
  std::size_t find_touching(list_type& list, const box<T, D>& container, const view& p,
                            std::uint32_t first, std::uint32_t last,
                            touching_entry* const out) noexcept {
    const auto offsets = list.offsets();
    const auto partners = list.partners();
    const auto springs = list.payload();
    std::size_t count = 0;
    for (std::uint32_t i = first; i < last; ++i) {
      const vector xi = p.position[i];
      for (std::uint32_t k = offsets[i]; k < offsets[i + 1]; ++k) {
        vector d = xi - p.position[partners[k]];
        if constexpr (Periodic) d = container.minimum_image(d);
        const T distance2 = squared_norm(d);
        const bool touches = in_contact(k, distance2, springs[k]) & (distance2 > T(0));
        out[count] = {k, i};
        count += touches;
        if constexpr (Tangential::has_history) {
          // Rare (a contact just ended), so predictable.
          if (pair_touching_[k] > static_cast<unsigned char>(touches)) springs[k] = history{};
          pair_touching_[k] = static_cast<unsigned char>(touches);
        }
        if constexpr (hysteretic) springs[k].attached = static_cast<unsigned char>(touches);
      }
    }
    return count;
  }

  [[nodiscard]] const model& model_of(std::uint32_t entry) const noexcept {
    return models_[species_ > 1 ? pair_model_[entry] : 0];
  }

  // f of F = s F_law(δ, δ', f m*/s) for entry k: (α/α₀)² in one pass, else 1.
  [[nodiscard]] T law_mass_factor(std::uint32_t entry) const noexcept {
    return one_pass_ ? lane_models_[pair_model_[entry]].mass_factor : T(1);
  }

  std::vector<model> models_;  // [a · species_ + b]
  std::size_t species_;
  bool one_pass_ = false;               // several species, one pass (lanes_capable)
  std::vector<lane_model> lane_models_;  // ... then one per model
  T inverse_reference_radius_;
  T radius_power_;
  // Per Verlet-list entry, in separate arrays so that each pass streams
  // only what it reads: (r_i + r_j)² (0 for two fixed particles), m* and √R*,
  // √(R*/R_ref) (only with a reference radius).
  std::vector<T> reach2_;
  std::vector<pair_constants> pair_;
  std::vector<pair_scaling> pair_scaling_;
  std::vector<std::uint32_t> pair_model_;  // with several species: index into models_
  std::vector<unsigned char> pair_touching_;  // per entry: stretch may be non-zero
  std::vector<T> release2_;  // with a hysteretic law: (r_i + r_j + δ_c)², 0 for two fixed
  std::vector<touching_entry> touching_;      // this step's, each share's from its first entry
  std::size_t touching_count_ = 0;
  // What each thread of add_forces() keeps (shares_[0] on one thread).
  struct share {
    std::size_t touching = 0;              // touching entries of its rows
    std::array<std::uint32_t, 2> rows{};   // its rows in the last pass
    double started = 0;                    // when it began its current phase
    double busy = 0;                       // ... and the seconds they took
    std::vector<touching_entry> outgoing;  // those whose partner is a later thread's
    std::vector<vector> outgoing_force;    // ... their force on i
    std::vector<angular_type> outgoing_arm;  // ... and n × F_t
    std::vector<angular_type> outgoing_roll;  // ... and the rolling torque on i
    contact_block block{};                 // scratch
    // Scratch of evaluate_by_model() (several species only): its results
    // for the share's own contacts, the entries by model and where each
    // came from, the models' first slots and the next free ones.
    std::vector<vector> force;
    std::vector<angular_type> arm;
    std::vector<angular_type> roll;
    std::vector<touching_entry> sorted;
    std::vector<std::uint32_t> order;
    std::vector<std::uint32_t> model_start;
    std::vector<std::uint32_t> cursor;
  };
  int threads_;
  std::vector<share> shares_;
  std::vector<std::uint32_t> share_rows_;  // the shares' first rows for the next pass, and n
};

}  // namespace carom::detail
