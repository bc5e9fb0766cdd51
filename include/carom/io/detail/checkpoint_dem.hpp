// SPDX-License-Identifier: MIT
#pragma once
/// The checkpoint of carom::dem (docs/restart.md, "DEM payload"): the step
/// count, every particle's motion, the forces and torques of the last
/// evaluation (velocity Verlet starts the next step from them), the fixed
/// and locked flags, the Verlet list as built (its reference positions,
/// entries and the tangential spring of each pair) and the wall springs
/// with the particles near each wall. The per-pair constants are computed
/// again from the list, as a rebuild does.

#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "carom/contact/concepts.hpp"
#include "carom/core/checkpoint_access.hpp"
#include "carom/engines/dem/dem.hpp"
#include "carom/io/checkpoint_format.hpp"
#include "carom/io/detail/checkpoint_common.hpp"

namespace carom::detail {

template <scalar T, std::size_t D, class Law, class Policies>
struct checkpoint_access<dem<T, D, Law, Policies>> {
  using engine = dem<T, D, Law, Policies>;
  using vector = vec<T, D>;
  using angular_type = angular<T, D>;
  static constexpr checkpoint_engine kind = checkpoint_engine::dem;

  [[nodiscard]] static std::uint64_t fingerprint(const engine& e) {
    checkpoint_fingerprint f;
    // The law by its parameters and values (law()), not by its name: the
    // compilers spell default template arguments differently.
    f.types<typename engine::integrator_type, typename engine::tangential_type>();
    f.container(e.box_);
    f.walls(e.walls());
    f.value(e.gravity_);
    f.value(e.dt_);
    f.value(e.list_.skin());
    law(f, e.pair_contacts_.law_, e.pair_contacts_.tangential_);
    law(f, e.wall_contacts_.law_, e.wall_contacts_.tangential_);
    f.value(e.pair_contacts_.inverse_reference_radius_);
    return f.value();
  }

  static void save(const engine& e, checkpoint_writer& w) {
    write_particle_constants(w, e.state_);
    w.u64(e.steps_);
    w.u64(e.contacts_);
    for (std::size_t i = 0; i < e.size(); ++i) {
      w.value(e.position_[i]);
      w.value(e.velocity_[i]);
      w.value(e.angular_velocity_[i]);
      w.value(e.force_[i]);
      w.value(e.torque_[i]);
      w.u8(e.mobile_[i] == T(0) ? 1 : 0);
      w.u8(e.rotation_locked_[i]);
    }
    const auto& list = e.list_;
    w.u64(list.builds_);
    w.values(std::span<const vector>(list.reference_));
    w.u64(list.partners_.size());
    for (const std::uint32_t o : list.offsets_) w.u32(o);
    for (const std::uint32_t j : list.partners_) w.u32(j);
    w.values(std::span<const vector>(list.payload_));
    const auto& walls = e.wall_contacts_;
    w.values(std::span<const vector>(walls.spring_));
    for (const unsigned char t : walls.touching_) w.u8(t);
    w.u64(walls.candidates_.size());
    for (const std::size_t o : walls.offsets_) w.u64(o);
    for (const std::uint32_t i : walls.candidates_) w.u32(i);
  }

  /// Parses and checks everything into copies, then moves them in.
  static void load(engine& e, checkpoint_reader& r) {
    check_particle_constants(r, e.state_);
    const std::size_t n = e.size();
    const std::uint64_t steps = r.u64();
    const std::uint64_t contacts = r.u64();
    std::vector<vector> x(n), v(n), force(n);
    std::vector<angular_type> omega(n), torque(n);
    std::vector<T> inverse_mass(n), inverse_inertia(n), mobile(n);
    std::vector<unsigned char> locked(n);
    for (std::size_t i = 0; i < n; ++i) {
      r.read(x[i]);
      r.read(v[i]);
      r.read(omega[i]);
      r.read(force[i]);
      r.read(torque[i]);
      require(is_finite(x[i]) && is_finite(v[i]) && is_finite(omega[i]) && is_finite(force[i]) &&
                  is_finite(torque[i]),
              checkpoint_reader_name, "the state of particle ", i, " is not finite");
      const std::uint8_t fixed = r.u8();
      locked[i] = r.u8();
      check_below(fixed, 2, "a fixed flag");
      check_below(locked[i], 2, "a rotation lock flag");
      // As fix(), free(), lock_rotation() and unlock_rotation() leave them.
      mobile[i] = fixed ? T(0) : T(1);
      inverse_mass[i] = fixed ? T(0) : e.state_.inverse_masses()[i];
      inverse_inertia[i] = fixed || locked[i] ? T(0) : e.state_.inverse_inertias()[i];
    }

    auto list = e.list_;
    list.builds_ = r.u64();
    list.reference_ = r.values<vector>(n, sizeof(vector), "reference positions");
    check_finite(std::span<const vector>(list.reference_), "the reference position");
    const std::uint64_t entries = r.u64();
    list.offsets_ = r.u32s(n + 1, "list offsets");
    list.partners_ = r.u32s(entries, "list entries");
    require(list.offsets_.front() == 0 && list.offsets_.back() == entries, checkpoint_reader_name,
            "the Verlet list's offsets do not span its ", entries, " entries");
    for (std::size_t i = 0; i < n; ++i)
      require(list.offsets_[i] <= list.offsets_[i + 1], checkpoint_reader_name,
              "the Verlet list's offsets decrease at particle ", i);
    for (std::size_t i = 0; i < n; ++i) {
      for (std::uint32_t k = list.offsets_[i]; k < list.offsets_[i + 1]; ++k)
        require(list.partners_[k] > i && list.partners_[k] < n &&
                    (k == list.offsets_[i] || list.partners_[k - 1] < list.partners_[k]),
                checkpoint_reader_name, "the Verlet list's row of particle ", i,
                " is not a sorted list of later particles");
    }
    list.payload_ = r.values<vector>(entries, sizeof(vector), "pair springs");
    check_finite(std::span<const vector>(list.payload_), "a pair spring");
    list.built_ = true;

    auto walls = e.wall_contacts_;
    const std::size_t wall_count = walls.walls_.size();
    walls.spring_ = r.values<vector>(n * wall_count, sizeof(vector), "wall springs");
    check_finite(std::span<const vector>(walls.spring_), "a wall spring");
    const std::vector<std::uint8_t> touching = r.u8s(n * wall_count, "wall contact flags");
    walls.touching_.assign(touching.begin(), touching.end());
    const std::uint64_t near = r.u64();
    check_below(near, n * wall_count + 1, "the count of particles near walls");
    walls.offsets_.resize(wall_count + 1);
    for (auto& o : walls.offsets_) {
      o = static_cast<std::size_t>(r.u64());
      check_below(o, near + 1, "a wall offset");
    }
    walls.candidates_ = r.u32s(near, "particles near walls");
    require(walls.offsets_.front() == 0 && walls.offsets_.back() == near, checkpoint_reader_name,
            "the wall offsets do not span the particles near walls");
    for (std::size_t w = 0; w < wall_count; ++w) {
      require(walls.offsets_[w] <= walls.offsets_[w + 1], checkpoint_reader_name,
              "the wall offsets decrease at wall ", w);
    }
    for (const std::uint32_t i : walls.candidates_) check_below(i, n, "a particle near a wall");
    r.finish();

    auto pairs = e.pair_contacts_;
    pairs.refresh(list, dem_particle_view<T, D>{x, v, omega, e.radius_, e.mass_, inverse_mass,
                                                mobile});

    // Nothing below throws.
    e.steps_ = steps;
    e.contacts_ = static_cast<std::size_t>(contacts);
    e.position_ = std::move(x);
    e.velocity_ = std::move(v);
    e.angular_velocity_ = std::move(omega);
    e.force_ = std::move(force);
    e.torque_ = std::move(torque);
    e.inverse_mass_ = std::move(inverse_mass);
    e.inverse_inertia_ = std::move(inverse_inertia);
    e.mobile_ = std::move(mobile);
    e.rotation_locked_ = std::move(locked);
    e.list_ = std::move(list);
    e.pair_contacts_ = std::move(pairs);
    e.wall_contacts_ = std::move(walls);
  }

 private:
  template <class L>
  static void law(checkpoint_fingerprint& f, const L& l, const tangential_params<T>& t) {
    f.value(l.exponent());
    f.value(l.stiffness());
    f.value(l.damping());
    f.value(T(std::is_same_v<typename L::convention, unclipped> ? 1 : 0));
    for (const double overlap : {1e-6, 1e-3})
      for (const double rate : {-1.0, 1.0}) f.value(l.force(T(overlap), T(rate), T(1)));
    f.value(t.friction);
    f.value(t.stiffness);
    f.value(t.damping);
  }
};

}  // namespace carom::detail
