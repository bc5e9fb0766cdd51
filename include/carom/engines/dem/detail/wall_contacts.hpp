// SPDX-License-Identifier: MIT
#pragma once
/// The particle–wall contacts of carom::dem (docs/dem.md, "Walls, gravity,
/// constraints"): the walls (the box's, then the planes, then the
/// cylinders), the particles near each of them, the pass that adds the
/// contact forces, the tangential stretch of each (particle, wall) pair,
/// and the wall contacts as dem::contacts() reports them.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "carom/config.hpp"
#include "carom/contact/adhesion.hpp"
#include "carom/contact/concepts.hpp"
#include "carom/contact/rolling.hpp"
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
#include "carom/geometry/cylinder.hpp"
#include "carom/geometry/plane.hpp"

namespace carom::detail {

/// The walls of a dem engine and its contacts with them. A wall is a
/// partner of infinite mass: m* = m_i, R* = r_i (a cylinder too: its
/// contact is that of the plane tangent to it at the contact point).
/// Stretches, candidates and contacts are indexed by wall: the planes
/// (the box's first), then the cylinders.
template <scalar T, std::size_t D, contact_law<T> Law, tangential_model Tangential,
          rolling_model Rolling>
class dem_wall_contacts {
 public:
  using vector = vec<T, D>;
  using angular_type = angular<T, D>;
  using view = dem_particle_view<T, D>;
  using model = dem_contact_model<T, Law>;
  // With carom::jkr a particle that touched a wall stays in contact with it
  // until δ < −δ_c (touching_ flags the contact).
  static constexpr bool hysteretic = hysteretic_contact_law<Law, T>;

  /// `models`: one per species; `motions`: one per plane, in `container`;
  /// `margin`: the largest δ_c of a hysteretic law's wall contacts, or 0.
  dem_wall_contacts(std::vector<plane<T, D>> walls, std::vector<wall_motion<T, D>> motions,
                    std::vector<cylinder<T, D>> cylinders, const box<T, D>& container,
                    std::vector<model> models, T inverse_reference_radius, T radius_power,
                    T margin, std::size_t particles)
      : walls_(walls),
        cylinders_(std::move(cylinders)),
        models_(std::move(models)),
        inverse_reference_radius_(inverse_reference_radius),
        radius_power_(radius_power),
        spring_(particles * (walls_.size() + cylinders_.size())),
        roll_spring_(Rolling::has_history ? particles * (walls_.size() + cylinders_.size()) : 0),
        touching_(particles * (walls_.size() + cylinders_.size()), 0),
        initial_walls_(std::move(walls)),
        motions_(std::move(motions)),
        margin_(margin) {
    // How far a moving wall may have come within the box by time t, at most
    // (travel()): its speed along its normal, or, when it turns out of its
    // plane, its whole speed plus |Ω| times the distance of the farthest
    // corner of the box from its centre.
    for (std::size_t w = 0; w < walls_.size(); ++w) {
      const wall_motion<T, D>& m = motions_[w];
      moving_ = moving_ || m.moves();
      const vec<T, D> turn = cross(m.angular_velocity, walls_[w].normal);
      const bool tilts = squared_norm(turn) > T(0);
      T farthest = T(0);
      for (std::size_t corner = 0; corner < (std::size_t(1) << D); ++corner) {
        vector x;
        for (std::size_t a = 0; a < D; ++a)
          x[a] = (corner >> a) & 1 ? container.upper()[a] : container.lower()[a];
        farthest = std::max(farthest, norm(vector(x - m.centre)));
      }
      const T spin = std::sqrt(squared_angular(m.angular_velocity));
      travel_.push_back({double(tilts ? norm(m.velocity) : std::abs(dot(m.velocity, walls_[w].normal))),
                         double(tilts ? spin : T(0)), double(farthest), double(norm(m.velocity))});
    }
  }

  /// Whether a wall moves.
  [[nodiscard]] bool moving() const noexcept { return moving_; }

  /// Puts the moving walls where they are at time t (s).
  void move_to(double t) noexcept {
    time_ = t;
    for (std::size_t w = 0; w < walls_.size(); ++w)
      if (motions_[w].moves()) walls_[w] = moved(initial_walls_[w], motions_[w], t);
  }

  /// Whether a wall may have come half the skin closer to some particle
  /// between times t0 and t1: the engine then rebuilds its lists. Every
  /// half skin of travel counts from time 0, so the rebuilds fall on the
  /// same steps in a run continued from a checkpoint.
  [[nodiscard]] bool crossed(double t0, double t1) const noexcept {
    const double half_skin = 0.5 * double(skin_);
    for (const auto& b : travel_)
      if (std::floor(b.at(t1) / half_skin) > std::floor(b.at(t0) / half_skin)) return true;
    return false;
  }

  /// The walls at time 0 and their motions (one per wall).
  [[nodiscard]] std::span<const plane<T, D>> initial_walls() const noexcept {
    return initial_walls_;
  }
  [[nodiscard]] std::span<const wall_motion<T, D>> motions() const noexcept { return motions_; }

  /// The walls in force order: the box's, then the planes.
  [[nodiscard]] std::span<const plane<T, D>> walls() const noexcept { return walls_; }

  /// The cylinders, after the planes in force order (they stay in place).
  [[nodiscard]] std::span<const cylinder<T, D>> cylinders() const noexcept { return cylinders_; }

  /// Planes and cylinders.
  [[nodiscard]] std::size_t wall_count() const noexcept {
    return walls_.size() + cylinders_.size();
  }

  // The mobile particles that may touch wall w before the next rebuild:
  // those with a gap below `reach` (the skin) plus the largest δ_c of a
  // hysteretic law. A particle moves at most
  // skin/2 from its position at the last rebuild, and fix() calls this up
  // to skin/2 away from that position.
  void refresh(T reach, const view& p) {
    skin_ = reach;
    const std::size_t n = p.position.size();
    const std::size_t count = wall_count();
    offsets_.resize(count + 1);
    if (candidates_.capacity() < n * count) candidates_.reserve(n * count);
    candidates_.clear();
    const T within = reach + margin_;
    for (std::size_t w = 0; w < count; ++w) {
      offsets_[w] = candidates_.size();
      for (std::size_t i = 0; i < n; ++i) {
        const T gap = distance(w, p.position[i]) - p.radius[i];
        if (gap < within && p.mobile[i] != T(0))
          candidates_.push_back(static_cast<std::uint32_t>(i));
        else if (touching_[w * n + i]) {
          // Not touching (gap ≥ skin + δ_c, or fixed): forget its stretch now.
          spring_[w * n + i] = vector{};
          if constexpr (Rolling::has_history) roll_spring_[w * n + i] = vector{};
          touching_[w * n + i] = 0;
        }
      }
    }
    offsets_[count] = candidates_.size();
  }

  /// Carries each particle's springs and flags over to its new index after
  /// particles were added or removed (dem::add(), dem::remove()): particle
  /// i becomes new_index[i] unless that is `dropped`; the particles from
  /// new_index.size() to new_size are new and start with none. refresh()
  /// must follow. Allocates.
  void renumber(std::span<const std::uint32_t> new_index, std::size_t new_size,
                std::uint32_t dropped) {
    const std::size_t count = wall_count();
    const std::size_t n = new_index.size();
    auto carry = [&](auto& values) {
      std::remove_reference_t<decltype(values)> moved(count * new_size);
      for (std::size_t w = 0; w < count; ++w)
        for (std::size_t i = 0; i < n; ++i)
          if (new_index[i] != dropped) moved[w * new_size + new_index[i]] = values[w * n + i];
      values = std::move(moved);
    };
    carry(spring_);
    if constexpr (Rolling::has_history) carry(roll_spring_);
    carry(touching_);
  }

  /// Adds the wall contact forces and torques to `sums`; returns the
  /// number of contacts. Called by every thread of a parallel region, it
  /// shares each wall's particles among them (one wall after the other, so
  /// that a particle adds its walls in order) and returns the contacts of
  /// the calling thread's share.
  std::size_t add_forces(const view& p, const dem_force_sums<T, D>& sums, T dt) noexcept {
    return inverse_reference_radius_ > T(0) ? add_forces_as<true>(p, sums, dt)
                                            : add_forces_as<false>(p, sums, dt);
  }

  /// Appends the wall contacts to `out`, wall by wall (dem::contacts()).
  void observe(const box<T, D>& container, const view& p,
               std::vector<dem_contact<T, D>>& out) const {
    const std::size_t n = p.position.size();
    for_each_wall([&](std::size_t w, const auto& surface) {
      for (std::size_t m = offsets_[w]; m < offsets_[w + 1]; ++m) {
        const std::uint32_t i = candidates_[m];
        const T ri = p.radius[i];
        const auto [overlap, normal] = surface.contact(p.position[i], ri);
        if (!(overlap > T(0)) && !attached(p, i, touching_[w * n + i], overlap)) continue;
        const contact_scaling<T> scaling = scale_for<true>(ri);
        const model& mi = model_of(p, i);
        out.push_back(observed_contact<Tangential>(
            mi.law, mi.tangential, container, p, i, w, partner_kind::wall, normal, overlap,
            surface.relative_velocity(p.velocity[i], p.position[i], ri - overlap / 2, normal),
            angular_type(ri * p.angular_velocity[i]), p.mass[i], scaling,
            contact_radius_of(mi.law, ri, overlap, scaling.overlap), spring_[w * n + i],
            -(ri - overlap / 2) * normal));
      }
    });
  }

  /// f(law, overlap, contact_scaling) for every overlapping mobile
  /// particle and wall (δ > 0), and with a hysteretic law (carom::jkr) for
  /// every one the last force pass left attached, at −δ_c ≤ δ ≤ 0; particle
  /// by particle.
  template <class F>
  void visit_overlaps(const view& p, F& f) const {
    const std::size_t n = p.position.size();
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t w = 0; w < wall_count(); ++w) {
        const T overlap = p.radius[i] - distance(w, p.position[i]);
        const bool counted =
            overlap > T(0) || attached(p, std::uint32_t(i), touching_[w * n + i], overlap);
        if (counted && p.mobile[i] != T(0))
          f(model_of(p, i).law, overlap, scale_for<true>(p.radius[i]));
      }
  }

 private:
  template <class> friend struct detail::checkpoint_access;  // io/checkpoint.hpp
  // A wall as its contacts see it: the overlap and the inward normal of a
  // sphere at x of radius r, the velocity v relative to its surface at the
  // contact point x − to_point · normal, and its spin.
  // (Copies of the walls: through a reference the compiler reloads them
  // after every force it stores.)
  struct plane_surface {
    plane<T, D> wall;
    const wall_motion<T, D>& motion;
    bool moving;
    double time;
    [[nodiscard]] std::pair<T, vector> contact(const vector& x, T r) const noexcept {
      return {r - wall.signed_distance(x), wall.normal};
    }
    // A resting wall passes v as it is (adding a zero velocity, or even
    // finding the contact point, costs).
    [[nodiscard]] vector relative_velocity(const vector& v, const vector& x, T to_point,
                                           const vector& normal) const noexcept {
      return moving ? vector(v - motion.velocity_at(vector(x - to_point * normal), time)) : v;
    }
    [[nodiscard]] angular_type spin() const noexcept {
      return moving ? angular_type(motion.angular_velocity) : angular_type{};
    }
  };
  struct cylinder_surface {
    cylinder<T, D> wall;
    [[nodiscard]] std::pair<T, vector> contact(const vector& x, T r) const noexcept {
      return {r - wall.signed_distance(x), wall.normal_at(x)};
    }
    [[nodiscard]] vector relative_velocity(const vector& v, const vector& x, T to_point,
                                           const vector& normal) const noexcept {
      return v - wall.velocity_at(vector(x - to_point * normal));
    }
    [[nodiscard]] angular_type spin() const noexcept { return wall.angular_velocity(); }
  };

  // f(w, surface) for the planes, then the cylinders.
  template <class F>
  void for_each_wall(F&& f) const {
    for (std::size_t w = 0; w < walls_.size(); ++w)
      f(w, plane_surface{walls_[w], motions_[w], motions_[w].moves(), time_});
    for (std::size_t c = 0; c < cylinders_.size(); ++c)
      f(walls_.size() + c, cylinder_surface{cylinders_[c]});
  }

  // The stretch of a (particle, wall) pair is touched only while it is, or
  // just was, in contact (touching_ flags). Species and wall motion are
  // switches at run time: the wall pass is a small part of a step, and
  // each template flag would double what every engine type compiles.
  template <bool Scaled>
  std::size_t add_forces_as(const view& p, const dem_force_sums<T, D>& sums, T dt) noexcept {
    std::size_t contacts = 0;
    for_each_wall([&](std::size_t w, const auto& surface) {
      contacts += add_wall_forces<Scaled>(w, surface, p, sums, dt);
    });
    return contacts;
  }

  // Wall w's contacts. A cylinder's is that of the plane tangent to it at
  // the contact point: soft_contact_force turns the stretch into the
  // current tangent plane, which turns as the particle goes round. (The
  // surface by value: a local the force stores cannot alias.)
  template <bool Scaled, class Surface>
  std::size_t add_wall_forces(std::size_t w, const Surface surface, const view& p,
                              const dem_force_sums<T, D>& sums, T dt) noexcept {
    const std::size_t n = p.position.size();
    const bool several = !p.species.empty();
    const model only = models_[0];  // one species: in registers
    [[maybe_unused]] const angular_type spin = surface.spin();
    vector* const springs = spring_.data() + w * n;
    // Without rolling resistance roll_spring_ is empty: no offset into it.
    [[maybe_unused]] vector* const roll_springs =
        Rolling::has_history ? roll_spring_.data() + w * n : nullptr;
    unsigned char* const touching = touching_.data() + w * n;
    const std::size_t first = offsets_[w];
    const std::size_t last = offsets_[w + 1];
    std::size_t contacts = 0;
    CAROM_OMP(for schedule(static))
    for (std::size_t m = first; m < last; ++m) {
      const std::uint32_t i = candidates_[m];
      const T ri = p.radius[i];
      const auto [overlap, normal] = surface.contact(p.position[i], ri);
      if (!(overlap > T(0)) && !attached(p, i, touching[i], overlap)) {
        if constexpr (Tangential::has_history || Rolling::has_history || hysteretic)
          if (touching[i]) {
            springs[i] = vector{};
            if constexpr (Rolling::has_history) roll_springs[i] = vector{};
            touching[i] = 0;
          }
        continue;
      }
      ++contacts;
      const contact_scaling<T> scaling = scale_for<Scaled>(ri);
      // φ: 1 at compile time but for an adhesive law.
      const T overlap_factor = adhesive_contact_law<Law, T> ? scaling.overlap : T(1);
      const model& mi = several ? models_[p.species[i]] : only;
      const vector velocity =
          surface.relative_velocity(p.velocity[i], p.position[i], ri - overlap / 2, normal);
      // The law sees φ δ and, through the mass factor φ, the mass φ m/s
      // (contact_scaling).
      const auto c = soft_contact_force<Tangential>(
          mi.law, mi.tangential, normal, overlap_factor * overlap, velocity,
          angular_type(ri * p.angular_velocity[i]), p.mass[i], scaling.force,
          Tangential::scales_with_contact ? contact_radius_of(mi.law, ri, overlap, overlap_factor)
                                          : T(1),
          springs[i], dt, overlap_factor);
      if constexpr (hysteretic) touching[i] = 1;
      if constexpr (Tangential::has_history) {
        springs[i] = c.spring;
        touching[i] = 1;
        sums.torque[i] -= ri * c.normal_cross_tangential;
      }
      if constexpr (Rolling::has_history) {  // R* = r_i, against the wall's spin
        const auto r = rolling_resistance_in_plane(
            mi.rolling, rotate_into_tangent_plane(roll_springs[i], normal), normal,
            angular_type(p.angular_velocity[i] - spin), ri, dot(c.force, normal), dt);
        roll_springs[i] = r.spring;
        touching[i] = 1;
        sums.torque[i] += r.torque;
      }
      sums.force[i] += c.force;
    }
    return contacts;
  }

  // Whether particle i, flagged `touching` with a wall at overlap δ ≤ 0,
  // is still attached to it: φ δ ≥ −δ_c of a hysteretic law, the law's
  // δ_c at R_ref (always false for another law).
  [[nodiscard]] CAROM_ALWAYS_INLINE bool attached([[maybe_unused]] const view& p,
                                                  [[maybe_unused]] std::uint32_t i,
                                                  [[maybe_unused]] unsigned char touching,
                                                  [[maybe_unused]] T overlap) const noexcept {
    if constexpr (hysteretic)
      return touching != 0 && scale_for<true>(p.radius[i]).overlap * overlap >=
                                  -model_of(p, i).law.pulloff_separation();
    else return false;
  }

  // The contact radius a (m) of the tangential spring: the adhesive law's
  // a(φ δ)/φ² (contact_scaling), or √(r_i δ).
  [[nodiscard]] static CAROM_ALWAYS_INLINE T contact_radius_of(
      const Law& law, T ri, T overlap, [[maybe_unused]] T overlap_factor) noexcept {
    if constexpr (adhesive_contact_law<Law, T>)
      return scaled_contact_radius(law, overlap, overlap_factor);
    else return std::sqrt(ri * overlap);
  }

  // Signed distance of x from wall w (planes, then cylinders).
  [[nodiscard]] T distance(std::size_t w, const vector& x) const noexcept {
    return w < walls_.size() ? walls_[w].signed_distance(x)
                             : cylinders_[w - walls_.size()].signed_distance(x);
  }

  template <bool Scaled>
  [[nodiscard]] contact_scaling<T> scale_for(T effective_radius) const noexcept {
    if constexpr (Scaled)
      return scaling_at<Law>(effective_radius, inverse_reference_radius_, radius_power_);
    else
      return {};  // constants: the kernel folds the scaling away
  }

  [[nodiscard]] const model& model_of(const view& p, std::uint32_t i) const noexcept {
    return models_[p.species.empty() ? 0 : p.species[i]];
  }

  // The speeds of travel(): b(t) = along t + spin (farthest t + speed t²/2).
  struct travel_bound {
    double along, spin, farthest, speed;
    [[nodiscard]] double at(double t) const noexcept {
      return along * t + spin * (farthest * t + 0.5 * speed * t * t);
    }
  };

  std::vector<plane<T, D>> walls_;  // where they are at time_
  std::vector<cylinder<T, D>> cylinders_;
  std::vector<model> models_;       // per species
  T inverse_reference_radius_;
  T radius_power_;
  std::vector<vector> spring_;            // [plane, then cylinder][particle]
  std::vector<vector> roll_spring_;       // [wall][particle], with rolling resistance
  std::vector<unsigned char> touching_;   // [wall][particle]: stretch may be non-zero
  std::vector<std::size_t> offsets_;      // CSR over walls (planes, cylinders) of candidates_
  std::vector<std::uint32_t> candidates_;  // particles within reach of each wall
  std::vector<plane<T, D>> initial_walls_;  // walls_ at time 0
  std::vector<wall_motion<T, D>> motions_;
  std::vector<travel_bound> travel_;
  bool moving_ = false;
  T margin_;  // the largest δ_c of a hysteretic law's contacts, or 0
  double time_ = 0;
  T skin_ = T(0);
};

}  // namespace carom::detail
