// SPDX-License-Identifier: MIT
#pragma once
/// The particle–particle contacts of carom::dem (docs/dem.md): constants
/// per Verlet-list entry, the two passes that add the contact forces, the
/// bookkeeping of each pair's tangential stretch (the list's payload, kept
/// across rebuilds), and the pairs as dem::contacts() reports them.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "carom/config.hpp"
#include "carom/contact/concepts.hpp"
#include "carom/contact/soft_contact.hpp"
#include "carom/contact/tangential.hpp"
#include "carom/core/checkpoint_access.hpp"
#include "carom/core/vec.hpp"
#include "carom/engines/dem/detail/observed_contact.hpp"
#include "carom/engines/dem/detail/particle_view.hpp"
#include "carom/engines/dem/observables.hpp"
#include "carom/engines/dem/setup.hpp"
#include "carom/engines/event_driven/collision_record.hpp"
#include "carom/geometry/box.hpp"
#include "carom/spatial/verlet_list.hpp"

namespace carom::detail {

/// The pair contacts of a dem engine whose Verlet list (owned by the
/// engine, which rebuilds it) carries the stretch of each pair.
template <scalar T, std::size_t D, contact_law<T> Law, tangential_model Tangential>
class dem_pair_contacts {
 public:
  using vector = vec<T, D>;
  using angular_type = angular<T, D>;
  using list_type = verlet_list<T, D, vector>;
  using view = dem_particle_view<T, D>;

  dem_pair_contacts(const Law& law, const tangential_params<T>& tangential,
                    T inverse_reference_radius)
      : law_(law), tangential_(tangential), inverse_reference_radius_(inverse_reference_radius) {}

  // Per-entry constants of the Verlet list, set at each rebuild and after
  // fix(). A pair of two fixed particles gets reach² = 0: it never touches.
  void refresh(const list_type& list, const view& p) {
    const auto offsets = list.offsets();
    const auto partners = list.partners();
    const std::size_t entries = partners.size();
    if (pair_.capacity() < entries) {
      // Room for twice the size, as the list does: no allocation in steady state.
      reach2_.reserve(2 * entries);
      pair_.reserve(2 * entries);
      if (inverse_reference_radius_ > T(0)) pair_scale_.reserve(2 * entries);
      pair_touching_.reserve(2 * entries);
      touching_.reserve(2 * entries);
    }
    reach2_.resize(entries);
    pair_.resize(entries);
    if (inverse_reference_radius_ > T(0)) pair_scale_.resize(entries);
    touching_.resize(entries);
    // The stretches carried over by the rebuild may be non-zero: mark all
    // entries so that the next pass forgets those that do not touch.
    pair_touching_.assign(entries, 1);
    for (std::size_t i = 0; i + 1 < offsets.size(); ++i)
      for (std::uint32_t k = offsets[i]; k < offsets[i + 1]; ++k) {
        const std::uint32_t j = partners[k];
        const T reach = p.radius[i] + p.radius[j];
        const T inverse_mass_sum = p.inverse_mass[i] + p.inverse_mass[j];
        const T effective_radius = p.radius[i] * p.radius[j] / reach;
        reach2_[k] = inverse_mass_sum > T(0) ? reach * reach : T(0);
        pair_[k] = {inverse_mass_sum > T(0) ? T(1) / inverse_mass_sum : T(0),
                    std::sqrt(effective_radius)};
        if (inverse_reference_radius_ > T(0))
          pair_scale_[k] = stiffness_scale(effective_radius, inverse_reference_radius_);
      }
  }

  /// Adds the pair contact forces and torques to `sums`; returns the
  /// number of contacts. `periodic`: whether the box has a periodic axis.
  std::size_t add_forces(list_type& list, const box<T, D>& container, bool periodic,
                         const view& p, const dem_force_sums<T, D>& sums, T dt) noexcept {
    const bool scaled = inverse_reference_radius_ > T(0);
    if (periodic)
      return scaled ? add_forces_as<true, true>(list, container, p, sums, dt)
                    : add_forces_as<true, false>(list, container, p, sums, dt);
    return scaled ? add_forces_as<false, true>(list, container, p, sums, dt)
                  : add_forces_as<false, false>(list, container, p, sums, dt);
  }

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
        if (!(distance2 < reach2_[k] && distance2 > T(0))) continue;
        const T inverse_distance = T(1) / std::sqrt(distance2);
        const T overlap = p.radius[i] + p.radius[j] - distance2 * inverse_distance;
        out.push_back(observed_contact<Tangential>(
            law_, tangential_, container, p, i, j, partner_kind::particle, d * inverse_distance,
            overlap, p.velocity[i] - p.velocity[j],
            angular_type(p.radius[i] * p.angular_velocity[i] + p.radius[j] * p.angular_velocity[j]),
            pair_[k].mass, scaled ? pair_scale_[k] : T(1),
            pair_[k].root_radius * std::sqrt(overlap), springs[k], -d));
      }
  }

  /// f(law, overlap, stiffness scale) for every overlapping pair.
  template <class F>
  void visit_overlaps(const list_type& list, const box<T, D>& container, const view& p,
                      F& f) const {
    const auto offsets = list.offsets();
    const auto partners = list.partners();
    for (std::size_t i = 0; i + 1 < offsets.size(); ++i)
      for (std::uint32_t k = offsets[i]; k < offsets[i + 1]; ++k) {
        const std::uint32_t j = partners[k];
        const T reach = p.radius[i] + p.radius[j];
        const T distance = norm(container.minimum_image(p.position[i] - p.position[j]));
        if (distance < reach)
          f(law_, reach - distance,
            stiffness_scale(p.radius[i] * p.radius[j] / reach, inverse_reference_radius_));
      }
  }

 private:
  template <class> friend struct detail::checkpoint_access;  // io/checkpoint.hpp
  struct pair_constants {
    T mass;         // m*
    T root_radius;  // √R*
  };
  static constexpr std::size_t block_size = 64;
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
    lanes<D> separation;         // x_i − x_j (minimum image)
    lanes<D> relative_velocity;  // v_i − v_j
    lanes<angular_size> lever;   // r_i ω_i + r_j ω_j
    lanes<D> spring;             // stored stretch in, new stretch out
    lanes<D> force;              // on i
    lanes<angular_size> arm;     // n × F_t
    std::array<T, block_size> reach, mass, root_radius, scale;
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

  // Pass 2 (pass 1: find_touching): the contact kernel over the touching
  // entries, a block at a time: gather the pairs' data into lanes, run the
  // branch-free kernel across the lanes, add the forces to the particles.
  template <bool Periodic, bool Scaled>
  std::size_t add_forces_as(list_type& list, const box<T, D>& container, const view& particles,
                            const dem_force_sums<T, D>& force_sums, T dt) noexcept {
    // Local copies: their spans stay in registers, where through the
    // references the compiler reloads them after each byte store (callgrind:
    // 0.8 % fewer instructions per step).
    const view p = particles;
    const dem_force_sums<T, D> sums = force_sums;
    find_touching<Periodic>(list, container, p);
    const auto partners = list.partners();
    const auto springs = list.payload();
    contact_block& block = block_;
    for (std::size_t first = 0; first < touching_count_; first += block_size) {
      const std::size_t count = std::min(block_size, touching_count_ - first);
      for (std::size_t b = 0; b < count; ++b) {
        const auto [k, i] = touching_[first + b];
        const std::uint32_t j = partners[k];
        vector d = p.position[i] - p.position[j];
        if constexpr (Periodic) d = container.minimum_image(d);
        store(block.separation, b, d);
        store(block.relative_velocity, b, p.velocity[i] - p.velocity[j]);
        store_angular(block.lever, b,
                      angular_type(p.radius[i] * p.angular_velocity[i] +
                                   p.radius[j] * p.angular_velocity[j]));
        if constexpr (Tangential::has_history) store(block.spring, b, springs[k]);
        block.reach[b] = p.radius[i] + p.radius[j];
        block.mass[b] = pair_[k].mass;
        block.root_radius[b] = pair_[k].root_radius;
        if constexpr (Scaled) block.scale[b] = pair_scale_[k];
      }
      kernel<Scaled>(block, count, dt);
      for (std::size_t b = 0; b < count; ++b) {
        const auto [k, i] = touching_[first + b];
        const std::uint32_t j = partners[k];
        const vector f = load(block.force, b);
        if constexpr (Tangential::has_history) {
          springs[k] = load(block.spring, b);
          const angular_type arm = load_angular(block.arm, b);
          sums.torque[i] -= p.radius[i] * arm;
          sums.torque[j] -= p.radius[j] * arm;
        }
        sums.force[i] += f;
        sums.force[j] -= f;
      }
    }
    return touching_count_;
  }

  // The contact kernel on the first `count` lanes of a block.
  template <bool Scaled>
  void kernel(contact_block& block, std::size_t count, T dt) const noexcept {
    const Law law = law_;
    const tangential_params<T> tangential = tangential_;
    for (std::size_t b = 0; b < count; ++b) {
      const vector d = load(block.separation, b);
      const T distance2 = squared_norm(d);
      const T inverse_distance = T(1) / std::sqrt(distance2);
      const vector normal = d * inverse_distance;
      const T overlap = block.reach[b] - distance2 * inverse_distance;
      vector spring{};
      if constexpr (Tangential::has_history)
        spring = rotate_into_tangent_plane(load(block.spring, b), normal);
      const auto f = soft_contact_force_in_plane<Tangential>(
          law, tangential, normal, overlap, load(block.relative_velocity, b),
          load_angular(block.lever, b), block.mass[b], Scaled ? block.scale[b] : T(1),
          // √δ here, beside the law's own: the compiler computes it once.
          Tangential::scales_with_contact ? block.root_radius[b] * std::sqrt(overlap) : T(1),
          spring, dt);
      store(block.force, b, f.force);
      if constexpr (Tangential::has_history) {
        store(block.spring, b, f.spring);
        store_angular(block.arm, b, f.normal_cross_tangential);
      }
    }
  }

  // Pass 1: a branch-free sweep of the Verlet list that writes the touching
  // entries to touching_ (in a settled bed a third of the entries do not
  // touch, in no predictable pattern: a branch per entry would often
  // mispredict). It also forgets the stretch of an entry that no longer
  // touches.
  template <bool Periodic>
  void find_touching(list_type& list, const box<T, D>& container, const view& p) noexcept {
    const auto offsets = list.offsets();
    const auto partners = list.partners();
    const auto springs = list.payload();
    touching_entry* const out = touching_.data();
    std::size_t count = 0;
    for (std::uint32_t i = 0; i + 1 < offsets.size(); ++i) {
      const vector xi = p.position[i];
      for (std::uint32_t k = offsets[i]; k < offsets[i + 1]; ++k) {
        vector d = xi - p.position[partners[k]];
        if constexpr (Periodic) d = container.minimum_image(d);
        const T distance2 = squared_norm(d);
        const bool touches = (distance2 < reach2_[k]) & (distance2 > T(0));
        out[count] = {k, i};
        count += touches;
        if constexpr (Tangential::has_history) {
          // Rare (a contact just ended), so predictable.
          if (pair_touching_[k] > static_cast<unsigned char>(touches)) springs[k] = vector{};
          pair_touching_[k] = static_cast<unsigned char>(touches);
        }
      }
    }
    touching_count_ = count;
  }

  Law law_;
  tangential_params<T> tangential_;
  T inverse_reference_radius_;
  // Per Verlet-list entry, in separate arrays so that each pass streams
  // only what it reads: (r_i + r_j)² (0 for two fixed particles), m* and √R*,
  // √(R*/R_ref) (only with a reference radius).
  std::vector<T> reach2_;
  std::vector<pair_constants> pair_;
  std::vector<T> pair_scale_;
  std::vector<unsigned char> pair_touching_;  // per entry: stretch may be non-zero
  std::vector<touching_entry> touching_;      // the touching entries of this step
  contact_block block_;                       // scratch of add_forces_as()
  std::size_t touching_count_ = 0;
};

}  // namespace carom::detail
