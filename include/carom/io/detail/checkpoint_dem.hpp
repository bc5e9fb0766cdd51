// SPDX-License-Identifier: MIT
#pragma once
/// The checkpoint of carom::dem (docs/restart.md, "DEM payload"): the step
/// count, every particle's motion, the forces and torques of the last
/// evaluation (velocity Verlet starts the next step from them), the fixed
/// and locked flags, the positions the Verlet list was built from and the
/// springs that are not zero (of list entries and of walls), with the
/// particles near each wall. Loading builds the list again from those
/// positions (a build depends on nothing else) and computes the per-pair
/// constants from it, as a rebuild does.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "carom/contact/adhesion.hpp"
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
  static constexpr bool rolling = engine::rolling_type::has_history;
  // With carom::jkr each pair's record also says whether it is attached.
  static constexpr bool hysteretic = hysteretic_contact_law<Law, T>;

  /// checkpoint_particle_set once particles were added or removed: the
  /// file then carries them. Otherwise it holds the motion of the
  /// particles the engine was constructed from, as files did before.
  [[nodiscard]] static std::uint32_t flags(const engine& e) noexcept {
    return e.particles_changed_ ? checkpoint_particle_set : 0;
  }

  [[nodiscard]] static std::uint64_t fingerprint(const engine& e, std::uint32_t flags) {
    checkpoint_fingerprint f;
    // The law by its parameters and values (law()), not by its name: the
    // compilers spell default template arguments differently.
    f.types<typename engine::integrator_type, typename engine::tangential_type,
            typename engine::rolling_type>();
    f.container(e.box_);
    // The walls at time 0 and their motions: a moving wall's place follows
    // from the step count.
    f.walls(e.wall_contacts_.initial_walls());
    if (e.wall_contacts_.moving())
      for (const auto& m : e.wall_contacts_.motions()) {
        f.value(m.velocity);
        f.value(m.angular_velocity);
        f.value(m.centre);
      }
    // Cylinders only when there are some: the fingerprints of runs without
    // them stay what they were.
    for (const auto& c : e.wall_contacts_.cylinders()) {
      f.value(c.centre);
      f.value(c.axis);
      f.value(c.radius);
      f.value(T(c.side == cylinder_side::inside ? 0 : 1));
      f.value(c.spin);
    }
    f.value(e.gravity_);
    f.value(e.dt_);
    f.value(e.list_.skin());
    for (const auto& m : e.pair_contacts_.models_) law(f, m.law, m.tangential, m.rolling);
    for (const auto& m : e.wall_contacts_.models_) law(f, m.law, m.tangential, m.rolling);
    f.value(e.pair_contacts_.inverse_reference_radius_);
    f.value(e.pair_contacts_.radius_power_);
    // The species, unless the file carries them with the particles.
    if ((flags & checkpoint_particle_set) == 0)
      for (const species_index s : e.species_) f.value(s);
    return f.value();
  }

  static void save(const engine& e, checkpoint_writer& w) {
    if (e.particles_changed_) checkpoint_access<particles<T, D>>::save(e.state_, w);
    else write_particle_constants(w, e.state_);
    w.u64(e.steps_);
    w.u64(e.contacts_);
    w.values(std::span<const vector>(e.position_));
    w.values(std::span<const vector>(e.velocity_));
    w.values(std::span<const angular_type>(e.angular_velocity_));
    w.values(std::span<const vector>(e.force_));
    w.values(std::span<const angular_type>(e.torque_));
    for (const T mobile : e.mobile_) w.u8(mobile == T(0) ? 1 : 0);
    w.values(std::span<const std::uint8_t>(e.rotation_locked_));
    const auto& list = e.list_;
    w.u64(list.builds_);
    w.values(std::span<const vector>(list.reference_));
    if constexpr (rolling || hysteretic) {
      // The tangential stretches (with the attached flags), then the rolling ones.
      std::vector<vector> stretches(list.payload_.size());
      std::vector<unsigned char> attached;
      for (std::size_t k = 0; k < stretches.size(); ++k) stretches[k] = sliding(list.payload_[k]);
      if constexpr (hysteretic)
        for (const auto& h : list.payload_) attached.push_back(h.attached);
      write_springs(w, std::span<const vector>(stretches), attached);
      if constexpr (rolling) {
        for (std::size_t k = 0; k < stretches.size(); ++k) stretches[k] = list.payload_[k].rolling;
        write_springs(w, std::span<const vector>(stretches), {});
      }
    } else {
      write_springs(w, std::span<const vector>(list.payload_), {});
    }
    const auto& walls = e.wall_contacts_;
    write_springs(w, std::span<const vector>(walls.spring_), walls.touching_);
    if constexpr (rolling) write_springs(w, std::span<const vector>(walls.roll_spring_), {});
    w.u64(walls.candidates_.size());
    for (const std::size_t o : walls.offsets_) w.u64(o);
    w.values(std::span<const std::uint32_t>(walls.candidates_));
  }

  /// Parses and checks everything into copies, then moves them in.
  static void load(engine& e, checkpoint_reader& r, std::uint32_t flags) {
    // The particles: those the file carries, checked as dem::add() checks
    // a new one, or else the engine's, which the file must repeat.
    const bool carried = (flags & checkpoint_particle_set) != 0;
    require(carried || !e.particles_changed_, checkpoint_reader_name,
            "the file holds the particles the engine was constructed from, and particles were "
            "added to or removed from this engine (dem::add(), dem::remove()): load it into an "
            "engine constructed from them");
    particles<T, D> set;
    auto admission = e.admission_;
    if (carried) {
      set = checkpoint_access<particles<T, D>>::load(r);
      for (std::size_t i = 0; i < set.size(); ++i)
        e.admit(admission, checkpoint_reader_name, i, set.radii()[i], set.masses()[i],
                set.species()[i]);
    } else {
      check_particle_constants(r, e.state_);
      set = e.state_;
    }
    const std::size_t n = set.size();
    std::vector<T> radius(set.radii().begin(), set.radii().end());
    std::vector<T> mass(set.masses().begin(), set.masses().end());
    std::vector<species_index> species;
    if (admission.species_count > 1) species.assign(set.species().begin(), set.species().end());
    const std::uint64_t steps = r.u64();
    const std::uint64_t contacts = r.u64();
    auto x = r.values<vector>(n, sizeof(vector), "positions");
    auto v = r.values<vector>(n, sizeof(vector), "velocities");
    auto omega = r.values<angular_type>(n, sizeof(angular_type), "angular velocities");
    auto force = r.values<vector>(n, sizeof(vector), "forces");
    auto torque = r.values<angular_type>(n, sizeof(angular_type), "torques");
    check_finite(std::span<const vector>(x), "the position");
    check_finite(std::span<const vector>(v), "the velocity");
    check_finite(std::span<const angular_type>(omega), "the angular velocity");
    check_finite(std::span<const vector>(force), "the force");
    check_finite(std::span<const angular_type>(torque), "the torque");
    const std::vector<std::uint8_t> fixed = r.u8s(n, "fixed flags");
    std::vector<std::uint8_t> locked = r.u8s(n, "rotation lock flags");
    std::vector<T> inverse_mass(n), inverse_inertia(n), mobile(n);
    for (std::size_t i = 0; i < n; ++i) {
      check_below(fixed[i], 2, "a fixed flag");
      check_below(locked[i], 2, "a rotation lock flag");
      // As fix(), free(), lock_rotation() and unlock_rotation() leave them.
      mobile[i] = fixed[i] ? T(0) : T(1);
      inverse_mass[i] = fixed[i] ? T(0) : set.inverse_masses()[i];
      inverse_inertia[i] = fixed[i] || locked[i] ? T(0) : set.inverse_inertias()[i];
    }

    // The list as it was built: a build depends only on the reference
    // positions, the radii, the box and the skin.
    auto list = e.list_;
    const std::uint64_t builds = r.u64();
    const auto reference = r.values<vector>(n, sizeof(vector), "reference positions");
    check_finite(std::span<const vector>(reference), "the reference position");
    list.build(reference, radius);
    list.builds_ = static_cast<std::size_t>(builds);
    std::vector<vector> pair_springs(list.size());
    std::vector<unsigned char> attached(hysteretic ? list.size() : 0, 0);
    read_springs(r, pair_springs, hysteretic ? &attached : nullptr, "pair springs");
    if constexpr (rolling || hysteretic) {
      std::vector<vector> pair_rolling(rolling ? list.size() : 0);
      if constexpr (rolling) read_springs(r, pair_rolling, nullptr, "pair rolling springs");
      list.payload_.assign(list.size(), {});
      for (std::size_t k = 0; k < list.size(); ++k) {
        auto& h = list.payload_[k];
        sliding(h) = pair_springs[k];
        if constexpr (rolling) h.rolling = pair_rolling[k];
        if constexpr (hysteretic) h.attached = attached[k];
      }
    } else {
      list.payload_ = std::move(pair_springs);
    }

    auto walls = e.wall_contacts_;
    const std::size_t wall_count = walls.wall_count();  // planes, then cylinders
    std::vector<vector> wall_springs(n * wall_count);
    std::vector<unsigned char> touching(n * wall_count, 0);
    read_springs(r, wall_springs, &touching, "wall springs");
    walls.spring_ = std::move(wall_springs);
    if constexpr (rolling) {
      std::vector<vector> wall_rolling(n * wall_count);
      read_springs(r, wall_rolling, nullptr, "wall rolling springs");
      walls.roll_spring_ = std::move(wall_rolling);
    }
    walls.touching_ = std::move(touching);
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

    const int threads = step_threads(e.requested_threads_, n);
    auto pairs = e.pair_contacts_;
    pairs.set_threads(threads);
    pairs.refresh(list, dem_particle_view<T, D>{x, v, omega, radius, mass, inverse_mass, mobile,
                                                species});

    walls.move_to(double(steps) * double(e.dt_));

    std::vector<particle_id> ids(set.ids().begin(), set.ids().end());

    // Nothing below throws.
    e.state_ = std::move(set);
    e.admission_ = std::move(admission);
    e.particles_changed_ = carried;
    e.threads_ = threads;
    e.radius_ = std::move(radius);
    e.mass_ = std::move(mass);
    e.id_ = std::move(ids);
    e.species_ = std::move(species);
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
  // The springs whose bits are not all zero (and, for walls, the entries
  // flagged as touching): a count, then a record (index, flag for walls,
  // spring) for each. In a settled bed most list entries and (particle,
  // wall) pairs hold none.
  static bool is_set(const vector& s) noexcept {
    using bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
    for (std::size_t a = 0; a < D; ++a)
      if (std::bit_cast<bits>(s[a]) != 0) return true;
    return false;
  }
  static void write_springs(checkpoint_writer& w, std::span<const vector> springs,
                            std::span<const unsigned char> touching) {
    const bool flags = !touching.empty();
    const auto kept = [&](std::size_t k) { return (flags && touching[k] != 0) || is_set(springs[k]); };
    std::uint64_t count = 0;
    for (std::size_t k = 0; k < springs.size(); ++k) count += kept(k) ? 1 : 0;
    w.u64(count);
    for (std::size_t k = 0; k < springs.size(); ++k) {
      if (!kept(k)) continue;
      w.u64(k);
      if (flags) w.u8(touching[k]);
      w.value(springs[k]);
    }
  }
  /// Reads what write_springs wrote into zeroed `springs` (and `touching`).
  static void read_springs(checkpoint_reader& r, std::span<vector> springs,
                           std::vector<unsigned char>* touching, const char* what) {
    const std::uint64_t count = r.u64();
    check_below(count, springs.size() + 1, what);
    std::uint64_t next = 0;  // the smallest index the next record may have
    for (std::uint64_t m = 0; m < count; ++m) {
      const std::uint64_t k = r.u64();
      require(k >= next && k < springs.size(), checkpoint_reader_name, "the indices of the ",
              what, " are not increasing entries of the engine's ", springs.size());
      next = k + 1;
      std::uint8_t flag = 0;
      if (touching != nullptr) {
        flag = r.u8();
        check_below(flag, 2, "a contact flag");
        (*touching)[k] = flag;
      }
      r.read(springs[k]);
      require(is_finite(springs[k]), checkpoint_reader_name, what, " ", k, " is not finite");
      // What write_springs leaves out: a file holding it is not one it wrote.
      require(flag != 0 || is_set(springs[k]), checkpoint_reader_name, what, " ", k,
              " is stored but zero");
    }
  }

  template <class L>
  static void law(checkpoint_fingerprint& f, const L& l, const tangential_params<T>& t,
                  const rolling_params<T>& rolling) {
    f.value(rolling.friction);
    f.value(rolling.stiffness);
    f.value(rolling.damping);
    f.value(l.exponent());
    f.value(l.stiffness());
    f.value(l.damping());
    f.value(T(std::is_same_v<typename L::convention, unclipped> ? 1 : 0));
    for (const double overlap : {1e-6, 1e-3})
      for (const double rate : {-1.0, 1.0}) f.value(l.force(T(overlap), T(rate), T(1)));
    if constexpr (adhesive_contact_law<L, T>) {
      f.value(l.pulloff_force());
      f.value(l.pulloff_separation());
    }
    f.value(t.friction);
    f.value(t.stiffness);
    f.value(t.damping);
  }
};

}  // namespace carom::detail
