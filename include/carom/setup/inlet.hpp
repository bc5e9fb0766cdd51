// SPDX-License-Identifier: MIT
#pragma once
/// Particles entering and leaving a run (docs/dem.md, "Particles entering
/// and leaving"): carom::inlet draws particles in a box region (a plane
/// when the region is flat along an axis) at a rate, with a distribution of
/// radii and species, and places each where it overlaps no particle, wall
/// or cylinder, trying a bounded number of random positions; carom::outlet
/// removes the particles whose centres are in a region and tells their
/// ids and mass, from which a mass flow rate follows.
///
/// Both work on any engine with add(std::span<const particle_params>),
/// remove(std::span<const std::size_t>), positions(), radii(), masses(),
/// ids(), container(), walls() and cylinders(): carom::dem.
/// The random numbers are drawn from std::mt19937_64 and turned into
/// doubles by hand, so that a seed gives the same particles with every
/// standard library.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <utility>
#include <vector>

#include "carom/core/error.hpp"
#include "carom/core/vec.hpp"
#include "carom/geometry/box.hpp"
#include "carom/particles/particles.hpp"
#include "carom/setup/initial_states.hpp"

namespace carom {

/// What carom::inlet draws and where (SI units). Designated initialisers:
/// `{.lower = …, .upper = …, .rate = 2000, .min_radius = 1e-3,
///   .max_radius = 1.2e-3, .density = 2500}`.
template <scalar T, std::size_t D>
  requires dimension<D>
struct inlet_params {
  /// The region of the centres (m): lower ≤ upper on every axis, inside
  /// the container; lower == upper on an axis makes it a plane.
  vec<T, D> lower{};
  vec<T, D> upper{};
  /// Particles per second of insert(engine, elapsed); 0: `count` per call.
  T rate = T(0);
  /// Particles per insert() call when rate is 0.
  std::size_t count = 0;
  /// Radii uniform in [min_radius, max_radius] (m), unless `radii` is given.
  T min_radius = T(0);
  T max_radius = T(0);
  /// Discrete radii (m) drawn with `radius_weights` (empty: equal weights).
  std::vector<T> radii{};
  std::vector<T> radius_weights{};
  /// Density (kg/m³; kg/m² in 2D): mass = density × volume (area).
  T density = T(0);
  /// The weight of each species (its index in the engine's material
  /// table); empty: every particle is of species 0.
  std::vector<T> species_weights{};
  /// The velocity of every new particle (m/s).
  vec<T, D> velocity{};
  /// Seed of the random numbers.
  std::uint64_t seed = 1;
  /// Random positions tried per particle before it counts as not placed.
  int tries = 100;
  /// What happens when some particles cannot be placed: false, insert()
  /// throws and inserts none; true, it inserts those it placed and counts
  /// the others as missed (they are not owed again).
  bool partial = false;
};

/// What one insert() call did.
struct inlet_result {
  std::size_t inserted = 0;  ///< particles added to the engine
  std::size_t missed = 0;    ///< owed but not placed (partial inlets only)
};

/// Inserts particles into an engine between steps (see the file comment).
template <scalar T, std::size_t D>
  requires dimension<D>
class inlet {
 public:
  using params = inlet_params<T, D>;

  /// Throws carom::invalid_input, naming the field, for: a region not
  /// finite, with lower > upper on an axis, or outside `container` (the
  /// engine's); a rate negative or not finite; neither a rate nor a count;
  /// radii not finite and > 0 (min_radius > max_radius, or a discrete
  /// radius ≤ 0); weights negative, not finite or all 0, or radius_weights
  /// not one per radius; a density not finite and > 0; a velocity not
  /// finite; tries < 1.
  inlet(const box<T, D>& container, params p) : p_(std::move(p)), random_(p_.seed) {
    constexpr const char* name = "carom::inlet: ";
    detail::require(is_finite(p_.lower) && is_finite(p_.upper), name,
                    "lower and upper must be finite");
    for (std::size_t a = 0; a < D; ++a) {
      detail::require(p_.lower[a] <= p_.upper[a], name, "lower[", a, "] = ", p_.lower[a],
                      " is above upper[", a, "] = ", p_.upper[a]);
      detail::require(p_.lower[a] >= container.lower()[a] && p_.upper[a] <= container.upper()[a],
                      name, "the region [lower, upper] is outside the container on axis ", a,
                      " ([", p_.lower[a], ", ", p_.upper[a], "] not within [",
                      container.lower()[a], ", ", container.upper()[a], "])");
    }
    detail::require(is_finite(p_.rate) && p_.rate >= T(0), name,
                    "rate must be finite and >= 0 (got ", p_.rate, ")");
    detail::require(p_.rate > T(0) || p_.count > 0, name, "give a rate > 0 or a count > 0");
    if (p_.radii.empty()) {
      detail::require(is_finite(p_.min_radius) && p_.min_radius > T(0), name,
                      "min_radius must be finite and > 0 (got ", p_.min_radius, ")");
      detail::require(is_finite(p_.max_radius) && p_.max_radius >= p_.min_radius, name,
                      "max_radius must be finite and >= min_radius (got ", p_.max_radius, ")");
      largest_ = p_.max_radius;
    } else {
      for (std::size_t k = 0; k < p_.radii.size(); ++k) {
        detail::require(is_finite(p_.radii[k]) && p_.radii[k] > T(0), name, "radii[", k,
                        "] must be finite and > 0 (got ", p_.radii[k], ")");
        largest_ = std::max(largest_, p_.radii[k]);
      }
      detail::require(p_.radius_weights.empty() || p_.radius_weights.size() == p_.radii.size(),
                      name, "radius_weights must be empty or give one weight per radius (",
                      p_.radii.size(), " radii, ", p_.radius_weights.size(), " weights)");
      if (p_.radius_weights.empty()) p_.radius_weights.assign(p_.radii.size(), T(1));
      check_weights("radius_weights", p_.radius_weights);
    }
    if (!p_.species_weights.empty()) check_weights("species_weights", p_.species_weights);
    detail::require(is_finite(p_.density) && p_.density > T(0), name,
                    "density must be finite and > 0 (got ", p_.density, ")");
    detail::require(is_finite(p_.velocity), name, "velocity must be finite");
    detail::require(p_.tries >= 1, name, "tries must be >= 1 (got ", p_.tries, ")");
  }

  /// Inserts the particles owed after `elapsed` more seconds at the rate
  /// (the fractions carry over from call to call), or `count` particles
  /// without a rate. Each gets a radius and species drawn from the
  /// distributions, the velocity, and the first of `tries` random centres
  /// in the region where it overlaps no particle (minimum image on
  /// periodic axes), no wall and no cylinder. Throws carom::invalid_input,
  /// changing nothing (engine, random numbers and what is owed), for a
  /// negative or non-finite `elapsed`, when the engine rejects the
  /// particles (a radius above its largest_radius, a species outside its
  /// material table: its message follows), and, unless params.partial,
  /// when some particle found no place in `tries` tries.
  template <class Engine>
  inlet_result insert(Engine& engine, double elapsed = 0) {
    constexpr const char* name = "carom::inlet::insert: ";
    detail::require(std::isfinite(elapsed) && elapsed >= 0, name,
                    "elapsed must be finite and >= 0 (got ", elapsed, ")");
    double owed = double(p_.count);
    if (p_.rate > T(0)) owed = std::floor(carry_ + double(p_.rate) * elapsed);
    const double carry = p_.rate > T(0) ? carry_ + double(p_.rate) * elapsed - owed : 0.0;
    std::mt19937_64 random = random_;
    const box<T, D>& container = engine.container();
    // The particles that may touch a new one: centres within the region
    // grown by two of the largest radii (all of them on a periodic box).
    T reach = largest_;
    for (const T r : engine.radii()) reach = std::max(reach, r);
    reach += largest_;
    bool periodic = false;
    for (std::size_t a = 0; a < D; ++a) periodic = periodic || container.is_periodic(a);
    std::vector<vec<T, D>> near;
    std::vector<T> near_radius;
    const auto positions = engine.positions();
    for (std::size_t i = 0; i < positions.size(); ++i) {
      const vec<T, D> x = container.wrap(positions[i]);
      bool close = true;
      for (std::size_t a = 0; a < D && !periodic; ++a)
        close = close && x[a] >= p_.lower[a] - reach && x[a] <= p_.upper[a] + reach;
      if (!close) continue;
      near.push_back(x);
      near_radius.push_back(engine.radii()[i]);
    }
    std::vector<particle_params<T, D>> placed;
    std::size_t missed = 0;
    for (std::size_t k = 0; k < std::size_t(owed); ++k) {
      const T r = draw_radius(random);
      const species_index s = draw_species(random);
      bool found = false;
      for (int t = 0; t < p_.tries && !found; ++t) {
        vec<T, D> x{};
        for (std::size_t a = 0; a < D; ++a)
          x[a] = p_.lower[a] + T(unit(random)) * (p_.upper[a] - p_.lower[a]);
        found = fits(engine, container, x, r, near, near_radius);
        if (found) {
          near.push_back(x);
          near_radius.push_back(r);
          placed.push_back({.position = x,
                            .velocity = p_.velocity,
                            .radius = r,
                            .mass = p_.density * particle_volume<D>(r),
                            .species = s});
        }
      }
      if (!found) ++missed;
    }
    detail::require(p_.partial || missed == 0, name, missed, " of ", std::size_t(owed),
                    " particles found no place without overlap in ", p_.tries,
                    " tries each (tries); the region is too full, or set partial");
    if (!placed.empty()) {
      try {
        engine.add(std::span<const particle_params<T, D>>(placed));
      } catch (const invalid_input& e) {
        detail::fail(name, e.what());
      }
    }
    random_ = random;
    carry_ = carry;
    inserted_ += placed.size();
    missed_ += missed;
    return {placed.size(), missed};
  }

  /// Particles inserted and missed so far.
  [[nodiscard]] std::size_t inserted() const noexcept { return inserted_; }
  [[nodiscard]] std::size_t missed() const noexcept { return missed_; }
  [[nodiscard]] const params& parameters() const noexcept { return p_; }

 private:
  static void check_weights(const char* which, const std::vector<T>& weights) {
    T sum = T(0);
    for (std::size_t k = 0; k < weights.size(); ++k) {
      detail::require(is_finite(weights[k]) && weights[k] >= T(0), "carom::inlet: ", which, "[",
                      k, "] must be finite and >= 0 (got ", weights[k], ")");
      sum += weights[k];
    }
    detail::require(sum > T(0), "carom::inlet: ", which, " must not all be 0");
  }

  // A double in [0, 1) from the top 53 bits.
  static double unit(std::mt19937_64& random) {
    return double(random() >> 11) * 0x1.0p-53;
  }

  static std::size_t pick(std::mt19937_64& random, const std::vector<T>& weights) {
    double sum = 0;
    for (const T w : weights) sum += double(w);
    double u = unit(random) * sum;
    for (std::size_t k = 0; k + 1 < weights.size(); ++k) {
      if (u < double(weights[k])) return k;
      u -= double(weights[k]);
    }
    return weights.size() - 1;
  }

  T draw_radius(std::mt19937_64& random) const {
    if (!p_.radii.empty()) return p_.radii[pick(random, p_.radius_weights)];
    return p_.min_radius + T(unit(random)) * (p_.max_radius - p_.min_radius);
  }

  species_index draw_species(std::mt19937_64& random) const {
    if (p_.species_weights.empty()) return 0;
    return static_cast<species_index>(pick(random, p_.species_weights));
  }

  template <class Engine>
  static bool fits(const Engine& engine, const box<T, D>& container, const vec<T, D>& x, T r,
                   const std::vector<vec<T, D>>& near, const std::vector<T>& near_radius) {
    for (const auto& w : engine.walls())
      if (w.signed_distance(x) < r) return false;
    for (const auto& c : engine.cylinders())
      if (c.signed_distance(x) < r) return false;
    for (std::size_t j = 0; j < near.size(); ++j) {
      const T reach = r + near_radius[j];
      if (squared_norm(container.minimum_image(near[j] - x)) < reach * reach) return false;
    }
    return true;
  }

  params p_;
  std::mt19937_64 random_;
  T largest_ = T(0);
  double carry_ = 0;  // the fraction of a particle owed
  std::size_t inserted_ = 0;
  std::size_t missed_ = 0;
};

/// The region of carom::outlet: centres with lower ≤ x ≤ upper on every
/// axis leave (m); ±∞ allowed, e.g. upper = (∞, ∞, 0), lower = −∞: the
/// half-space below z = 0.
template <scalar T, std::size_t D>
  requires dimension<D>
struct outlet_params {
  vec<T, D> lower{};
  vec<T, D> upper{};
};

/// What one outlet::remove() call took out.
template <scalar T>
struct outlet_result {
  std::vector<particle_id> ids;  ///< of the removed particles, in their former order
  T mass = T(0);                 ///< their total mass (kg)
};

/// Removes the particles whose centres are in a region (see the file
/// comment).
template <scalar T, std::size_t D>
  requires dimension<D>
class outlet {
 public:
  /// Throws carom::invalid_input for a bound that is NaN or lower > upper
  /// on an axis.
  explicit outlet(outlet_params<T, D> p) : p_(p) {
    for (std::size_t a = 0; a < D; ++a) {
      detail::require(!std::isnan(p_.lower[a]) && !std::isnan(p_.upper[a]),
                      "carom::outlet: lower and upper must not be NaN (axis ", a, ")");
      detail::require(p_.lower[a] <= p_.upper[a], "carom::outlet: lower[", a, "] = ", p_.lower[a],
                      " is above upper[", a, "] = ", p_.upper[a]);
    }
  }

  /// Removes the particles whose centres (wrapped into the box) are in the
  /// region, and returns their ids and mass; the totals add up.
  template <class Engine>
  outlet_result<T> remove(Engine& engine) {
    outlet_result<T> out;
    std::vector<std::size_t> leaving;
    const auto positions = engine.positions();
    for (std::size_t i = 0; i < positions.size(); ++i) {
      const vec<T, D> x = engine.container().wrap(positions[i]);
      bool in = true;
      for (std::size_t a = 0; a < D; ++a) in = in && x[a] >= p_.lower[a] && x[a] <= p_.upper[a];
      if (!in) continue;
      leaving.push_back(i);
      out.ids.push_back(engine.ids()[i]);
      out.mass += engine.masses()[i];
    }
    if (!leaving.empty()) engine.remove(std::span<const std::size_t>(leaving));
    removed_ += leaving.size();
    removed_mass_ += double(out.mass);
    return out;
  }

  /// Particles and mass (kg) removed so far.
  [[nodiscard]] std::size_t removed() const noexcept { return removed_; }
  [[nodiscard]] double removed_mass() const noexcept { return removed_mass_; }

 private:
  outlet_params<T, D> p_;
  std::size_t removed_ = 0;
  double removed_mass_ = 0;
};

}  // namespace carom
