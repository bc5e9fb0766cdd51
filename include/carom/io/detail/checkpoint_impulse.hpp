// SPDX-License-Identifier: MIT
#pragma once
/// The checkpoint of carom::impulse_stepped (docs/restart.md, "Impulse
/// payload"): time, step count, time step (set_time_step() may have changed
/// it), the collision counters, the canonical order of the particles and,
/// in it, each particle's position, velocity, collision counter and last
/// collision time. Everything else is rebuilt at the start of each step.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "carom/core/checkpoint_access.hpp"
#include "carom/engines/impulse/impulse_stepped.hpp"
#include "carom/io/checkpoint_format.hpp"
#include "carom/io/detail/checkpoint_common.hpp"

namespace carom::detail {

template <scalar T, std::size_t D, class Resolver, class Integrator>
struct checkpoint_access<impulse_stepped<T, D, Resolver, Integrator>> {
  using engine = impulse_stepped<T, D, Resolver, Integrator>;
  using vector = vec<T, D>;
  static constexpr checkpoint_engine kind = checkpoint_engine::impulse_stepped;

  [[nodiscard]] static std::uint64_t fingerprint(const engine& e) {
    checkpoint_fingerprint f;
    f.hard_particle_setup(e.box_, e.walls(), e.gravity_, e.guard_, e.resolver_);
    return f.value();
  }

  static void save(const engine& e, checkpoint_writer& w) {
    write_hard_particles(w, e.particles_);
    w.value(e.dt_);
    w.value(e.time_);
    for (const std::uint64_t c : {e.steps_, e.pair_collisions_, e.wall_collisions_}) w.u64(c);
    for (std::size_t k = 0; k < e.size(); ++k) {
      w.u32(e.original_[k]);
      w.value(e.hot_[k].position);
      w.value(e.hot_[k].velocity);
      w.u32(e.counter_[k]);
      w.value(e.last_collision_[k]);
    }
  }

  /// Parses and checks everything into new arrays, then moves them in.
  static void load(engine& e, checkpoint_reader& r) {
    const auto omega = read_hard_particles(r, e.particles_);
    const std::size_t n = e.size();
    const T dt = r.real<T>();
    const double time = r.real<double>();
    require(is_finite(dt) && dt != T(0) && is_finite(time), checkpoint_reader_name,
            "the time or time step is not valid");
    const std::uint64_t steps = r.u64(), pairs = r.u64(), walls = r.u64();
    std::vector<std::uint32_t> original(n), slot(n), counter(n);
    std::vector<T> last_collision(n), mass(n), inverse_mass(n);
    auto hot = e.hot_;
    for (std::size_t k = 0; k < n; ++k) {
      original[k] = r.u32();
      check_below(original[k], n, "a particle index");
      r.read(hot[k].position);
      r.read(hot[k].velocity);
      require(is_finite(hot[k].position) && is_finite(hot[k].velocity), checkpoint_reader_name,
              "the state of particle ", original[k], " is not finite");
      counter[k] = r.u32();
      last_collision[k] = r.real<T>();
      require(!std::isnan(last_collision[k]) && last_collision[k] < infinity<T>,
              checkpoint_reader_name, "the last collision time of particle ", original[k],
              " is not valid");
    }
    r.finish();
    check_permutation(original, "the canonical order");
    auto published = e.particles_;
    for (std::size_t k = 0; k < n; ++k) {
      const std::uint32_t i = original[k];
      slot[i] = static_cast<std::uint32_t>(k);
      hot[k].clock = T(0);
      hot[k].radius = published.radii()[i];
      mass[k] = published.masses()[i];
      inverse_mass[k] = published.inverse_masses()[i];
      published.positions()[i] = hot[k].position;
      published.velocities()[i] = hot[k].velocity;
      published.angular_velocities()[i] = omega[i];
    }

    // Nothing below throws.
    e.particles_ = std::move(published);
    e.dt_ = dt;
    e.time_ = time;
    e.steps_ = steps;
    e.pair_collisions_ = pairs;
    e.wall_collisions_ = walls;
    e.original_ = std::move(original);
    e.slot_ = std::move(slot);
    e.hot_ = std::move(hot);
    e.mass_ = std::move(mass);
    e.inverse_mass_ = std::move(inverse_mass);
    e.counter_ = std::move(counter);
    e.last_collision_ = std::move(last_collision);
  }
};

}  // namespace carom::detail
