// SPDX-License-Identifier: MIT
#pragma once
/// Pieces every engine's checkpoint shares (docs/restart.md): the
/// fingerprint's common part (policy names, box, walls, an impulse
/// resolver's restitution), the particles' constant fields, which a file must repeat
/// exactly, and the checks of the values read.

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "carom/core/checkpoint_access.hpp"
#include "carom/core/error.hpp"
#include "carom/core/math.hpp"
#include "carom/core/vec.hpp"
#include "carom/geometry/box.hpp"
#include "carom/geometry/plane.hpp"
#include "carom/io/checkpoint_format.hpp"
#include "carom/particles/particles.hpp"

namespace carom::detail {

/// Builds a fingerprint: the bytes of what it is given, hashed at the end.
class checkpoint_fingerprint {
 public:
  /// The names of policy classes (g++ and clang++ spell a plain class
  /// alike, but not a template's default arguments).
  template <class... Types>
  void types() {
    (w_.text(checkpoint_type_name<Types>()), ...);
  }
  template <scalar T, std::size_t D>
  void container(const box<T, D>& b) {
    w_.value(b.lower());
    w_.value(b.upper());
    for (std::size_t a = 0; a < D; ++a) w_.u8(b.is_periodic(a) ? 1 : 0);
  }
  template <scalar T, std::size_t D>
  void walls(std::span<const plane<T, D>> walls) {
    w_.u64(walls.size());
    for (const auto& p : walls) {
      w_.value(p.normal);
      w_.value(p.offset);
    }
  }
  /// e(u) at approach speeds over eight decades: a resolver's parameters as
  /// far as the engine sees them.
  template <scalar T, class Resolver>
  void resolver(const Resolver& r) {
    for (const double u : {1e-4, 1e-3, 1e-2, 0.1, 1.0, 10.0, 100.0, 1e3, 1e4})
      w_.value(T(r.restitution(T(u))));
  }
  /// What a hard-particle engine's run is set up with besides its policies.
  template <scalar T, std::size_t D, class Resolver>
  void hard_particle_setup(const box<T, D>& b, std::span<const plane<T, D>> w,
                           const vec<T, D>& gravity, T collapse_guard_time, const Resolver& r) {
    container(b);
    walls(w);
    value(gravity);
    value(collapse_guard_time);
    resolver<T>(r);
  }
  template <class Value>
  void value(const Value& x) {
    w_.value(x);
  }
  void number(double x) { w_.value(x); }

  [[nodiscard]] std::uint64_t value() noexcept { return fnv1a64(w_.bytes()); }

 private:
  checkpoint_writer w_;
};

/// Writes the count, then the particles' radii, masses, inverse moments of
/// inertia and ids, each as one array in the order the particles were given.
template <scalar T, std::size_t D>
void write_particle_constants(checkpoint_writer& w, const particles<T, D>& p) {
  w.u64(p.size());
  w.values(p.radii());
  w.values(p.masses());
  w.values(p.inverse_inertias());
  w.values(p.ids());
}

template <scalar T>
void check_same_constants(std::span<const T> file, std::span<const T> engine, const char* field) {
  for (std::size_t i = 0; i < engine.size(); ++i)
    require(std::bit_cast<std::uint64_t>(double(file[i])) ==
                std::bit_cast<std::uint64_t>(double(engine[i])),
            checkpoint_reader_name, "particle ", i, ": ", field, " ", file[i],
            " in the file differs from the engine's ", engine[i],
            " (construct the engine from the same particles)");
}

/// Reads what write_particle_constants wrote and throws unless it is the
/// engine's count and bit-for-bit its values.
template <scalar T, std::size_t D>
void check_particle_constants(checkpoint_reader& r, const particles<T, D>& p) {
  const std::uint64_t n = r.u64();
  require(n == p.size(), checkpoint_reader_name, "the file holds ", n,
          " particles, the engine ", p.size());
  for (const auto& [engine, field] :
       {std::pair{p.radii(), "radius"}, std::pair{p.masses(), "mass"},
        std::pair{p.inverse_inertias(), "inverse moment of inertia"}})
    check_same_constants<T>(r.values<T>(n, sizeof(T), "particle constants"), engine, field);
  const std::vector<std::uint32_t> ids = r.u32s(n, "ids");
  for (std::size_t i = 0; i < p.size(); ++i)
    require(ids[i] == p.ids()[i], checkpoint_reader_name, "particle ", i, ": id ", ids[i],
            " in the file differs from the engine's ", p.ids()[i]);
}

/// Throws unless every value is finite (`what` names them).
template <class Value>
void check_finite(std::span<const Value> values, const char* what) {
  for (std::size_t i = 0; i < values.size(); ++i)
    require(is_finite(values[i]), checkpoint_reader_name, what, " of particle ", i,
            " is not finite");
}

/// The particles as a hard-particle engine keeps them between events:
/// their constant fields, then their angular velocities (smooth spheres
/// keep those as given).
template <scalar T, std::size_t D>
void write_hard_particles(checkpoint_writer& w, const particles<T, D>& p) {
  write_particle_constants(w, p);
  w.values(p.angular_velocities());
}

/// Reads what write_hard_particles wrote, checking the constant fields;
/// returns the angular velocities.
template <scalar T, std::size_t D>
[[nodiscard]] std::vector<angular<T, D>> read_hard_particles(checkpoint_reader& r,
                                                             const particles<T, D>& p) {
  check_particle_constants(r, p);
  auto omega = r.values<angular<T, D>>(p.size(), sizeof(angular<T, D>), "angular velocities");
  check_finite(std::span<const angular<T, D>>(omega), "the angular velocity");
  return omega;
}

/// Throws unless `order` is a permutation of 0 … n − 1.
inline void check_permutation(std::span<const std::uint32_t> order, const char* what) {
  std::vector<unsigned char> seen(order.size(), 0);
  for (const std::uint32_t k : order) {
    require(k < order.size() && !seen[k], checkpoint_reader_name, what,
            " is not a permutation of the particles");
    seen[k] = 1;
  }
}

/// Throws unless x < bound.
inline void check_below(std::uint64_t x, std::uint64_t bound, const char* what) {
  require(x < bound, checkpoint_reader_name, what, " ", x, " is out of range (at most ",
          bound, " - 1)");
}

/// The particle set a carom::dem checkpoint carries once particles were
/// added or removed (checkpoint_particle_set): the constant fields
/// (write_particle_constants), each particle's species (u32) and the id
/// of the next particle added (u64).
template <scalar T, std::size_t D>
struct checkpoint_access<particles<T, D>> {
  static void save(const particles<T, D>& p, checkpoint_writer& w) {
    write_particle_constants(w, p);
    w.values(p.species());
    w.u64(p.next_id_);
  }

  /// Reads what save() wrote, checking that radii, masses and inverse
  /// moments of inertia are finite and > 0 and that the ids are distinct
  /// and below the next id (at most 2^32). Positions and velocities are
  /// zero: they are dem::state()'s to fill.
  [[nodiscard]] static particles<T, D> load(checkpoint_reader& r) {
    particles<T, D> p;
    const std::uint64_t n = r.u64();
    p.radii_ = r.values<T>(n, sizeof(T), "radii");
    p.masses_ = r.values<T>(n, sizeof(T), "masses");
    p.inverse_inertias_ = r.values<T>(n, sizeof(T), "inverse moments of inertia");
    p.ids_ = r.u32s(n, "ids");
    p.species_ = r.u32s(n, "species");
    const std::uint64_t next = r.u64();
    for (const auto& [values, field] :
         {std::pair{p.radii(), "radius"}, std::pair{p.masses(), "mass"},
          std::pair{p.inverse_inertias(), "inverse moment of inertia"}})
      for (std::size_t i = 0; i < n; ++i)
        require(is_finite(values[i]) && values[i] > T(0), checkpoint_reader_name, "particle ", i,
                ": ", field, " ", values[i], " is not finite and > 0");
    check_below(next, (std::uint64_t(1) << 32) + 1, "the next id");
    std::vector<particle_id> ids = p.ids_;
    std::sort(ids.begin(), ids.end());
    for (std::size_t k = 0; k < ids.size(); ++k) {
      require(ids[k] < next, checkpoint_reader_name, "id ", ids[k], " is not below the next id ",
              next);
      require(k == 0 || ids[k] != ids[k - 1], checkpoint_reader_name, "id ", ids[k],
              " is given to two particles");
    }
    p.next_id_ = static_cast<std::size_t>(next);
    for (const T m : p.masses_) p.inverse_masses_.push_back(T(1) / m);  // as particles::add()
    p.positions_.resize(n);
    p.velocities_.resize(n);
    p.angular_velocities_.resize(n);
    return p;
  }
};

}  // namespace carom::detail
