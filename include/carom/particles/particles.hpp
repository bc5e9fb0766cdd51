// SPDX-License-Identifier: MIT
#pragma once
/// Particle storage as structure-of-arrays: one contiguous array per field,
/// so a kernel streaming positions and velocities touches nothing else.
/// Insertion checks every value (docs/reliability.md) with the strong
/// guarantee: a rejected or failed add() leaves the storage exactly as it
/// was.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "carom/core/checkpoint_access.hpp"
#include "carom/core/error.hpp"
#include "carom/core/vec.hpp"

namespace carom {

/// Stable identifier of a particle: its insertion number, kept when an
/// engine reorders storage.
using particle_id = std::uint32_t;

/// The index of a particle's species (its material) in a
/// carom::material_table.
using species_index = std::uint32_t;

/// Everything add() needs to know about one particle. The moment of inertia
/// defaults (0) to a solid sphere, 2/5 m r², in 3D and a solid disk, ½ m r²,
/// in 2D.
template <scalar T, std::size_t D>
  requires dimension<D>
struct particle_params {
  vec<T, D> position{};
  vec<T, D> velocity{};
  T radius = T(0);
  T mass = T(0);
  angular<T, D> angular_velocity{};
  T moment_of_inertia = T(0);
  /// Its material in the engine's carom::material_table (DEM); 0 without one.
  species_index species = 0;
};

/// Moment of inertia of a solid sphere (3D) or disk (2D) about its centre.
template <std::size_t D, scalar T>
[[nodiscard]] constexpr T solid_moment_of_inertia(T mass, T radius) noexcept {
  return (D == 3 ? T(0.4) : T(0.5)) * mass * radius * radius;
}

/// Structure-of-arrays storage of spheres (D = 3) or disks (D = 2).
template <scalar T, std::size_t D>
  requires dimension<D>
class particles {
 public:
  using vector = vec<T, D>;
  using angular_type = angular<T, D>;
  using params = particle_params<T, D>;

  /// Adds one particle and returns its index. Throws carom::invalid_input,
  /// naming the particle, for a non-finite position, velocity or angular
  /// velocity, or a radius, mass or moment of inertia that is not finite and
  /// > 0 (a moment of inertia of 0 selects the solid default).
  std::size_t add(const params& p) {
    const std::size_t index = size();
    validate(p, index);
    if (!has_room()) reserve(index < 8 ? 16 : 2 * index);  // may throw; nothing changed yet
    // Capacity is there: the pushes below cannot throw.
    const T inertia =
        p.moment_of_inertia > T(0) ? p.moment_of_inertia : solid_moment_of_inertia<D>(p.mass, p.radius);
    positions_.push_back(p.position);
    velocities_.push_back(p.velocity);
    angular_velocities_.push_back(p.angular_velocity);
    radii_.push_back(p.radius);
    masses_.push_back(p.mass);
    inverse_masses_.push_back(T(1) / p.mass);
    inverse_inertias_.push_back(T(1) / inertia);
    ids_.push_back(static_cast<particle_id>(next_id_++));
    species_.push_back(p.species);
    return index;
  }

  /// Keeps the particles i with keep[i] != 0, in their order, with their
  /// ids, and drops the others; the ids of later add() calls continue
  /// after the largest ever given. Throws carom::invalid_input, changing
  /// nothing, unless keep has one flag per particle.
  void retain(std::span<const unsigned char> keep) {
    detail::require(keep.size() == size(), "carom::particles::retain: ", keep.size(),
                    " flags for ", size(), " particles");
    std::size_t m = 0;
    for (std::size_t i = 0; i < keep.size(); ++i) {
      if (!keep[i]) continue;
      positions_[m] = positions_[i];
      velocities_[m] = velocities_[i];
      angular_velocities_[m] = angular_velocities_[i];
      radii_[m] = radii_[i];
      masses_[m] = masses_[i];
      inverse_masses_[m] = inverse_masses_[i];
      inverse_inertias_[m] = inverse_inertias_[i];
      ids_[m] = ids_[i];
      species_[m] = species_[i];
      ++m;
    }
    positions_.resize(m);
    velocities_.resize(m);
    angular_velocities_.resize(m);
    radii_.resize(m);
    masses_.resize(m);
    inverse_masses_.resize(m);
    inverse_inertias_.resize(m);
    ids_.resize(m);
    species_.resize(m);
  }

  /// Reserves room for n particles in every array.
  void reserve(std::size_t n) {
    positions_.reserve(n);
    velocities_.reserve(n);
    angular_velocities_.reserve(n);
    radii_.reserve(n);
    masses_.reserve(n);
    inverse_masses_.reserve(n);
    inverse_inertias_.reserve(n);
    ids_.reserve(n);
    species_.reserve(n);
  }

  [[nodiscard]] std::size_t size() const noexcept { return positions_.size(); }
  [[nodiscard]] bool empty() const noexcept { return positions_.empty(); }

  [[nodiscard]] std::span<vector> positions() noexcept { return positions_; }
  [[nodiscard]] std::span<const vector> positions() const noexcept { return positions_; }
  [[nodiscard]] std::span<vector> velocities() noexcept { return velocities_; }
  [[nodiscard]] std::span<const vector> velocities() const noexcept { return velocities_; }
  [[nodiscard]] std::span<angular_type> angular_velocities() noexcept { return angular_velocities_; }
  [[nodiscard]] std::span<const angular_type> angular_velocities() const noexcept {
    return angular_velocities_;
  }
  [[nodiscard]] std::span<const T> radii() const noexcept { return radii_; }
  [[nodiscard]] std::span<const T> masses() const noexcept { return masses_; }
  [[nodiscard]] std::span<const T> inverse_masses() const noexcept { return inverse_masses_; }
  [[nodiscard]] std::span<const T> inverse_inertias() const noexcept { return inverse_inertias_; }
  [[nodiscard]] std::span<const particle_id> ids() const noexcept { return ids_; }
  [[nodiscard]] std::span<const species_index> species() const noexcept { return species_; }

  /// Total kinetic energy of translation, Σ ½ m v².
  [[nodiscard]] T kinetic_energy() const noexcept {
    T sum = T(0);
    for (std::size_t i = 0; i < size(); ++i) sum += masses_[i] * squared_norm(velocities_[i]);
    return T(0.5) * sum;
  }

  /// Total momentum Σ m v.
  [[nodiscard]] vector momentum() const noexcept {
    vector sum{};
    for (std::size_t i = 0; i < size(); ++i) sum += masses_[i] * velocities_[i];
    return sum;
  }

 private:
  template <class> friend struct detail::checkpoint_access;  // io/checkpoint.hpp
  [[nodiscard]] bool has_room() const noexcept {
    const std::size_t n = size();
    return n < positions_.capacity() && n < velocities_.capacity() &&
           n < angular_velocities_.capacity() && n < radii_.capacity() && n < masses_.capacity() &&
           n < inverse_masses_.capacity() && n < inverse_inertias_.capacity() &&
           n < ids_.capacity() && n < species_.capacity();
  }

  static void validate(const params& p, std::size_t index) {
    detail::require(is_finite(p.position), "carom::particles::add: particle ", index,
                    ": position must be finite");
    detail::require(is_finite(p.velocity), "carom::particles::add: particle ", index,
                    ": velocity must be finite");
    detail::require(is_finite(angular_type(p.angular_velocity)), "carom::particles::add: particle ",
                    index, ": angular velocity must be finite");
    detail::require(is_finite(p.radius) && p.radius > T(0), "carom::particles::add: particle ",
                    index, ": radius must be finite and > 0 (got ", p.radius, ")");
    detail::require(is_finite(p.mass) && p.mass > T(0), "carom::particles::add: particle ", index,
                    ": mass must be finite and > 0 (got ", p.mass, ")");
    detail::require(is_finite(p.moment_of_inertia) && p.moment_of_inertia >= T(0),
                    "carom::particles::add: particle ", index,
                    ": moment of inertia must be finite and >= 0 (got ", p.moment_of_inertia, ")");
  }

  std::vector<vector> positions_;
  std::vector<vector> velocities_;
  std::vector<angular_type> angular_velocities_;
  std::vector<T> radii_;
  std::vector<T> masses_;
  std::vector<T> inverse_masses_;
  std::vector<T> inverse_inertias_;
  std::vector<particle_id> ids_;
  std::vector<species_index> species_;
  std::size_t next_id_ = 0;
};

}  // namespace carom
