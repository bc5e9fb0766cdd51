// SPDX-License-Identifier: MIT
// Fuzzes the impulse resolvers (carom::resolve_collision,
// carom::resolve_wall_collision) with elastic, constant and
// velocity-dependent restitution, finite and infinite masses, and the
// constant_restitution constructor with valid and invalid e. On every
// input: finite velocities and a finite impulse J ≥ 0; a pair that is not
// approaching is left exactly as it was; momentum conserved; the normal
// relative velocity after is −e times the one before; kinetic energy never
// grows (and is conserved for e = 1).
//
// Tolerances: each output velocity is v ± (J/m) n, one multiply-add per
// component, so the conserved sums are exact to a few ε of the magnitudes
// involved (|m v| for momentum, m |v|² for energy, |v| for the normal
// speed); 64 ε of them is a wide margin.

#include <carom/collision/impulse.hpp>
#include <carom/core/error.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "fuzz_input.hpp"

namespace {

using carom_fuzz::check;
using carom_fuzz::fuzz_input;

/// A user resolver whose e falls with the approach speed, down to 0.
template <class T>
struct softening_restitution {
  T speed_scale;
  [[nodiscard]] constexpr T restitution(T u) const noexcept {
    return std::max(T(0), T(1) - u / speed_scale);
  }
};

template <class T>
constexpr T tol(T scale) {
  return 64 * carom_fuzz::eps<T> * scale;
}

template <class T, std::size_t D, class Resolver>
void pair(fuzz_input& in, const Resolver& resolver) {
  using V = carom::vec<T, D>;
  const V vi = in.signed_vector<T, D>(T(1e-3), T(100));
  const V vj = in.signed_vector<T, D>(T(1e-3), T(100));
  const std::size_t fixed = in.choice(3);  // 0: none; 1: i immovable; 2: j immovable
  const T wi = fixed == 1 ? T(0) : in.log_uniform(T(1e-3), T(1e3));  // inverse masses
  const T wj = fixed == 2 ? T(0) : in.log_uniform(T(1e-3), T(1e3));
  const V n = in.unit<T, D>();
  const auto r = carom::resolve_collision(resolver, vi, vj, wi, wj, n);
  check(carom::is_finite(r.velocity_i) && carom::is_finite(r.velocity_j) &&
            carom::is_finite(r.impulse) && r.impulse >= T(0),
        "resolve_collision: non-finite result or negative impulse");
  const T u = dot(vi - vj, n);
  if (!(u > T(0))) {
    check(r.velocity_i == vi && r.velocity_j == vj && r.impulse == T(0),
          "resolve_collision changed a pair that is not approaching");
    return;
  }
  const T e = T(resolver.restitution(u));
  const T speeds = carom::norm(vi) + carom::norm(vj);
  check(std::abs(dot(r.velocity_i - r.velocity_j, n) + e * u) <= tol(T(4) * speeds),
        "resolve_collision: normal relative velocity after is not -e u");
  // A zero inverse mass is an immovable body: it keeps its velocity.
  if (fixed == 1) check(r.velocity_i == vi, "resolve_collision moved an immovable body");
  if (fixed == 2) check(r.velocity_j == vj, "resolve_collision moved an immovable body");
  if (fixed != 0) return;  // no finite momentum or energy to conserve
  const T mi = T(1) / wi, mj = T(1) / wj;
  const V dp = (mi * r.velocity_i + mj * r.velocity_j) - (mi * vi + mj * vj);
  const T momentum_scale = mi * carom::norm(vi) + mj * carom::norm(vj) + T(2) * r.impulse;
  check(carom::norm(dp) <= tol(momentum_scale), "resolve_collision: momentum not conserved");
  const T before = mi * squared_norm(vi) + mj * squared_norm(vj);
  const T after = mi * squared_norm(r.velocity_i) + mj * squared_norm(r.velocity_j);
  const T energy_scale = before + after;
  check(after <= before + tol(energy_scale), "resolve_collision: kinetic energy grew");
  if (e == T(1)) check(std::abs(after - before) <= tol(energy_scale),
                       "resolve_collision: elastic collision lost energy");
}

template <class T, std::size_t D, class Resolver>
void wall(fuzz_input& in, const Resolver& resolver) {
  using V = carom::vec<T, D>;
  const V v = in.signed_vector<T, D>(T(1e-3), T(100));
  const T mass = in.log_uniform(T(1e-3), T(1e3));
  const V n = in.unit<T, D>();
  const auto r = carom::resolve_wall_collision(resolver, v, mass, n);
  check(carom::is_finite(r.velocity) && carom::is_finite(r.impulse) && r.impulse >= T(0),
        "resolve_wall_collision: non-finite result or negative impulse");
  const T u = -dot(v, n);
  if (!(u > T(0))) {
    check(r.velocity == v && r.impulse == T(0),
          "resolve_wall_collision changed a particle not moving into the wall");
    return;
  }
  const T e = T(resolver.restitution(u));
  const T speed = carom::norm(v);
  check(std::abs(-dot(r.velocity, n) + e * u) <= tol(T(4) * speed),
        "resolve_wall_collision: normal velocity after is not -e u");
  check(carom::norm((r.velocity - dot(r.velocity, n) * n) - (v - dot(v, n) * n)) <= tol(T(4) * speed),
        "resolve_wall_collision changed the tangential velocity");
  check(squared_norm(r.velocity) <= squared_norm(v) * (T(1) + tol(T(4))),
        "resolve_wall_collision: kinetic energy grew");
}

/// constant_restitution accepts exactly (0, 1] and says so with
/// carom::invalid_input otherwise.
template <class T>
void constructor(fuzz_input& in) {
  const bool valid = in.chance(128);
  const T e = valid ? in.uniform(T(0), T(1)) : in.chance(128) ? in.invalid_positive<T>()
                                                              : T(1) + in.log_uniform(T(1e-6), T(1e6));
  const bool accepted = e > T(0) && e <= T(1);
  try {
    const carom::constant_restitution<T> r(e);
    check(accepted && r.value() == e, "constant_restitution accepted an e outside (0, 1]");
  } catch (const carom::invalid_input&) {
    check(!accepted, "constant_restitution rejected an e inside (0, 1]");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz_input in(data, size);
  const std::size_t what = in.choice(3);
  const std::size_t resolver = in.choice(3);
  carom_fuzz::with_config(in, [&]<class T, std::size_t D>() {
    if (what == 2) return constructor<T>(in);
    auto run = [&](const auto& r) { what == 0 ? pair<T, D>(in, r) : wall<T, D>(in, r); };
    if (resolver == 0) run(carom::elastic{});
    else if (resolver == 1) run(carom::constant_restitution<T>(in.uniform(T(1e-3), T(1))));
    else run(softening_restitution<T>{in.log_uniform(T(1e-2), T(1e3))});
  });
  return 0;
}
