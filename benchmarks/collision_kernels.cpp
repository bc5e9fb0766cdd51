// SPDX-License-Identifier: MIT
// Microbenchmarks of the collision kernels: time_to_contact, resolve_collision
// (elastic, constant_restitution), time_to_plane and time_to_leave_cell, in
// float and double, 2D and 3D. Each kernel is measured
//  - single: one call per iteration on inputs loaded from a table of 256
//    pre-built cases; the next case's index depends on the result, so calls
//    do not overlap and the figure is a latency;
//  - batch: a sweep over 4096 pairs (or particles) of structure-of-arrays
//    storage (carom::particles), partners scattered in memory, reported as
//    items (pairs, particles) per second;
// and every one has a BM_raw_ twin: the same math written out by hand on plain
// arrays of T, no carom, so the abstraction cost is the ratio of the two.
// Inputs come from benchmarks/scenes.hpp (seeded; ~50 % hits) and are built
// outside the timed loops. Results go to benchmark::DoNotOptimize or to an
// output array followed by ClobberMemory, so nothing is measured empty.
//
// Run: build/release/benchmarks/bench_collision_kernels --benchmark_filter=^BM_
//      --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
// The callgrind_ benchmarks run a fixed number of iterations, for
// instruction counts under valgrind --tool=callgrind (see docs/performance.md).

#include <carom/collision/impulse.hpp>
#include <carom/collision/time_to_contact.hpp>
#include <carom/collision/time_to_leave_cell.hpp>
#include <carom/collision/time_to_plane.hpp>

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "scenes.hpp"

namespace {

constexpr std::size_t batch_size = 4096;   // pairs or particles per batch sweep
constexpr std::size_t single_cases = 256;  // input table of the single-call benchmarks (power of 2)
constexpr benchmark::IterationCount callgrind_iterations = 1 << 20;

// The next table index; depends on the result r (never NaN), so consecutive
// calls form a dependency chain.
template <class T>
std::size_t next_case(std::size_t k, T r) noexcept {
  return (k + 1 + static_cast<std::size_t>(std::isnan(r))) & (single_cases - 1);
}

// Plain arrays of T, D values per particle, copied from carom storage: the
// raw baselines read these.
template <class T, std::size_t D, class Range>
std::vector<T> flatten(const Range& vectors) {
  std::vector<T> flat;
  flat.reserve(vectors.size() * D);
  for (const auto& v : vectors)
    for (std::size_t a = 0; a < D; ++a) flat.push_back(v[a]);
  return flat;
}

template <class T>
bool same_result(T a, T b) noexcept {
  if (std::isinf(a) || std::isinf(b)) return a == b;
  return std::abs(a - b) <= T(1e-5) * (T(1) + std::abs(a));
}

// The single-call loop: call(case) returns the value the next case's index
// depends on (after DoNotOptimize-ing its whole result).
template <class Cases, class Call>
void single_calls(benchmark::State& state, const Cases& cases, Call call) {
  std::size_t k = 0;
  for (auto _ : state) k = next_case(k, call(cases[k]));
  state.SetItemsProcessed(state.iterations());
}

// The batch loop: out[k] = kernel(k) for the whole batch, per iteration;
// the kernel may write further outputs of its own (ClobberMemory keeps
// them too).
template <class Out, class Kernel>
void sweep(benchmark::State& state, std::vector<Out>& out, Kernel kernel) {
  for (auto _ : state) {
    for (std::size_t k = 0; k < out.size(); ++k) out[k] = kernel(k);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(out.size()));
}

template <class T>
void count_hits(benchmark::State& state, const std::vector<T>& times) {
  std::size_t hits = 0;
  for (const T t : times) hits += std::isfinite(t) ? 1 : 0;
  state.counters["hit_fraction"] = static_cast<double>(hits) / static_cast<double>(times.size());
}

// ---- the raw baselines: the kernels' math by hand on plain T ----------------
namespace raw {

constexpr double never = std::numeric_limits<double>::infinity();

template <class T, std::size_t D>
inline T time_to_contact(const T* dx, const T* dv, T sigma) noexcept {
  T b = dx[0] * dv[0];
  for (std::size_t a = 1; a < D; ++a) b += dx[a] * dv[a];
  if (!(b < T(0))) return T(never);
  T dx2 = dx[0] * dx[0];
  for (std::size_t a = 1; a < D; ++a) dx2 += dx[a] * dx[a];
  const T c = dx2 - sigma * sigma;
  if (c <= T(0)) return T(0);
  T dv2 = dv[0] * dv[0];
  for (std::size_t a = 1; a < D; ++a) dv2 += dv[a] * dv[a];
  const T disc = b * b - dv2 * c;
  if (disc < T(0)) return T(never);
  return c / (std::sqrt(disc) - b);
}

// Writes the new velocities to out_i, out_j and returns the impulse.
// Inputs are read into locals before anything is written, so the compiler
// need not reload them in case out_i/out_j alias them.
template <class T, std::size_t D>
inline T resolve_collision(T e, const T* vi_in, const T* vj_in, T inverse_mass_i, T inverse_mass_j,
                           const T* n_in, T* out_i, T* out_j) noexcept {
  T vi[D], vj[D], n[D];
  for (std::size_t a = 0; a < D; ++a) vi[a] = vi_in[a], vj[a] = vj_in[a], n[a] = n_in[a];
  T u = (vi[0] - vj[0]) * n[0];
  for (std::size_t a = 1; a < D; ++a) u += (vi[a] - vj[a]) * n[a];
  T impulse = T(0);
  if (u > T(0)) {
    impulse = (T(1) + e) * u / (inverse_mass_i + inverse_mass_j);
    const T ki = impulse * inverse_mass_i, kj = impulse * inverse_mass_j;
    for (std::size_t a = 0; a < D; ++a) vi[a] -= ki * n[a], vj[a] += kj * n[a];
  }
  for (std::size_t a = 0; a < D; ++a) out_i[a] = vi[a], out_j[a] = vj[a];
  return impulse;
}

template <class T, std::size_t D>
inline T time_to_plane(const T* normal, T offset, const T* x, const T* v, T radius) noexcept {
  T nv = normal[0] * v[0];
  for (std::size_t a = 1; a < D; ++a) nv += normal[a] * v[a];
  const T approach = -nv;
  if (!(approach > T(0))) return T(never);
  T nx = normal[0] * x[0];
  for (std::size_t a = 1; a < D; ++a) nx += normal[a] * x[a];
  const T gap = nx - offset - radius;
  return gap > T(0) ? gap / approach : T(0);
}

template <class T>
struct cell_exit {
  T time;
  std::size_t axis;
  int direction;
};

template <class T, std::size_t D>
inline cell_exit<T> time_to_leave_cell(const T* x, const T* v, const T* lower,
                                       const T* upper) noexcept {
  cell_exit<T> exit{T(never), 0, 0};
  for (std::size_t a = 0; a < D; ++a) {
    T t = T(never);
    if (v[a] > T(0))
      t = (upper[a] - x[a]) / v[a];
    else if (v[a] < T(0))
      t = (lower[a] - x[a]) / v[a];
    if (t < exit.time) exit = {t > T(0) ? t : T(0), a, v[a] > T(0) ? 1 : -1};
  }
  return exit;
}

}  // namespace raw

// ---- time_to_contact ----------------------------------------------------------

template <class T, std::size_t D>
struct contact_case {
  carom::vec<T, D> dx, dv;
  T sigma;
};

template <class T, std::size_t D>
std::vector<contact_case<T, D>> contact_cases() {
  const auto scene = carom_scenes::make_pair_scene<T, D>(single_cases);
  const auto x = scene.particles.positions();
  const auto v = scene.particles.velocities();
  const auto r = scene.particles.radii();
  std::vector<contact_case<T, D>> cases;
  for (std::size_t k = 0; k < scene.size(); ++k) {
    const std::size_t i = scene.first[k], j = scene.second[k];
    cases.push_back({x[j] - x[i], v[j] - v[i], r[i] + r[j]});
  }
  return cases;
}

template <class T, std::size_t D>
void BM_time_to_contact_single(benchmark::State& state) {
  const auto cases = contact_cases<T, D>();
  single_calls(state, cases, [](const auto& c) {
    const T t = carom::time_to_contact(c.dx, c.dv, c.sigma);
    benchmark::DoNotOptimize(t);
    return t;
  });
}

template <class T, std::size_t D>
void BM_raw_time_to_contact_single(benchmark::State& state) {
  struct raw_case {
    T dx[D], dv[D], sigma;
  };
  std::vector<raw_case> cases;
  for (const auto& c : contact_cases<T, D>()) {
    raw_case r{};
    for (std::size_t a = 0; a < D; ++a) r.dx[a] = c.dx[a], r.dv[a] = c.dv[a];
    r.sigma = c.sigma;
    cases.push_back(r);
  }
  single_calls(state, cases, [](const raw_case& c) {
    const T t = raw::time_to_contact<T, D>(c.dx, c.dv, c.sigma);
    benchmark::DoNotOptimize(t);
    return t;
  });
}

template <class T, std::size_t D>
void BM_time_to_contact_batch(benchmark::State& state) {
  const auto scene = carom_scenes::make_pair_scene<T, D>(batch_size);
  const auto x = scene.particles.positions();
  const auto v = scene.particles.velocities();
  const auto r = scene.particles.radii();
  const std::size_t* first = scene.first.data();
  const std::size_t* second = scene.second.data();
  std::vector<T> times(scene.size());
  sweep(state, times, [&](std::size_t k) {
    const std::size_t i = first[k], j = second[k];
    return carom::time_to_contact(x[j] - x[i], v[j] - v[i], r[i] + r[j]);
  });
  count_hits(state, times);
}

template <class T, std::size_t D>
void BM_raw_time_to_contact_batch(benchmark::State& state) {
  const auto scene = carom_scenes::make_pair_scene<T, D>(batch_size);
  const std::vector<T> xs = flatten<T, D>(scene.particles.positions());
  const std::vector<T> vs = flatten<T, D>(scene.particles.velocities());
  const std::vector<T> rs(scene.particles.radii().begin(), scene.particles.radii().end());
  const T* x = xs.data();
  const T* v = vs.data();
  const T* r = rs.data();
  const std::size_t* first = scene.first.data();
  const std::size_t* second = scene.second.data();
  std::vector<T> times(scene.size());
  sweep(state, times, [&](std::size_t k) {
    const std::size_t i = first[k], j = second[k];
    T dx[D], dv[D];
    for (std::size_t a = 0; a < D; ++a) {
      dx[a] = x[j * D + a] - x[i * D + a];
      dv[a] = v[j * D + a] - v[i * D + a];
    }
    return raw::time_to_contact<T, D>(dx, dv, r[i] + r[j]);
  });
  // The baseline must compute what the kernel computes.
  const auto xc = scene.particles.positions();
  const auto vc = scene.particles.velocities();
  for (std::size_t k = 0; k < times.size(); ++k) {
    const std::size_t i = first[k], j = second[k];
    if (!same_result(times[k], carom::time_to_contact(xc[j] - xc[i], vc[j] - vc[i], r[i] + r[j])))
      state.SkipWithError("raw baseline disagrees with carom::time_to_contact");
  }
}

// ---- resolve_collision ----------------------------------------------------------

template <class T, std::size_t D>
struct impulse_case {
  carom::vec<T, D> vi, vj;
  T inverse_mass_i, inverse_mass_j;
  carom::vec<T, D> n;
};

template <class T, std::size_t D>
std::vector<impulse_case<T, D>> impulse_cases() {
  const auto scene = carom_scenes::make_pair_scene<T, D>(single_cases);
  const auto v = scene.particles.velocities();
  const auto im = scene.particles.inverse_masses();
  std::vector<impulse_case<T, D>> cases;
  for (std::size_t k = 0; k < scene.size(); ++k) {
    const std::size_t i = scene.first[k], j = scene.second[k];
    cases.push_back({v[i], v[j], im[i], im[j], scene.normals[k]});
  }
  return cases;
}

// The resolvers measured, and the coefficient e the raw baselines use for them.
template <class T, class Resolver>
T raw_restitution() {
  if constexpr (std::is_same_v<Resolver, carom::elastic>)
    return T(1);
  else
    return T(0.8);
}

template <class T, class Resolver>
Resolver make_resolver() {
  if constexpr (std::is_same_v<Resolver, carom::elastic>)
    return {};
  else
    return Resolver(raw_restitution<T, Resolver>());
}

template <class T, std::size_t D, class Resolver>
void BM_resolve_collision_single(benchmark::State& state) {
  const auto cases = impulse_cases<T, D>();
  const Resolver resolver = make_resolver<T, Resolver>();
  single_calls(state, cases, [&](const auto& c) {
    const auto result =
        carom::resolve_collision(resolver, c.vi, c.vj, c.inverse_mass_i, c.inverse_mass_j, c.n);
    benchmark::DoNotOptimize(result);
    return result.impulse;
  });
}

template <class T, std::size_t D, class Resolver>
void BM_raw_resolve_collision_single(benchmark::State& state) {
  struct raw_case {
    T vi[D], vj[D], inverse_mass_i, inverse_mass_j, n[D];
  };
  struct raw_result {
    T vi[D], vj[D], impulse;
  };
  std::vector<raw_case> cases;
  for (const auto& c : impulse_cases<T, D>()) {
    raw_case r{};
    for (std::size_t a = 0; a < D; ++a) r.vi[a] = c.vi[a], r.vj[a] = c.vj[a], r.n[a] = c.n[a];
    r.inverse_mass_i = c.inverse_mass_i;
    r.inverse_mass_j = c.inverse_mass_j;
    cases.push_back(r);
  }
  const T e = raw_restitution<T, Resolver>();
  single_calls(state, cases, [&](const raw_case& c) {
    raw_result result;
    result.impulse = raw::resolve_collision<T, D>(e, c.vi, c.vj, c.inverse_mass_i, c.inverse_mass_j,
                                                  c.n, result.vi, result.vj);
    benchmark::DoNotOptimize(result);
    return result.impulse;
  });
}

template <class T, std::size_t D, class Resolver>
void BM_resolve_collision_batch(benchmark::State& state) {
  const auto scene = carom_scenes::make_pair_scene<T, D>(batch_size);
  const Resolver resolver = make_resolver<T, Resolver>();
  const auto v = scene.particles.velocities();
  const auto im = scene.particles.inverse_masses();
  const carom::vec<T, D>* normals = scene.normals.data();
  const std::size_t* first = scene.first.data();
  const std::size_t* second = scene.second.data();
  const std::size_t n = scene.size();
  // New velocities go to separate arrays, so every sweep sees the same input.
  std::vector<carom::vec<T, D>> out_i(n), out_j(n);
  std::vector<T> impulses(n);
  sweep(state, impulses, [&](std::size_t k) {
    const std::size_t i = first[k], j = second[k];
    const auto result = carom::resolve_collision(resolver, v[i], v[j], im[i], im[j], normals[k]);
    out_i[k] = result.velocity_i;
    out_j[k] = result.velocity_j;
    return result.impulse;
  });
  std::size_t approaching = 0;
  for (const T j : impulses) approaching += j > T(0) ? 1 : 0;
  state.counters["approaching"] = static_cast<double>(approaching) / static_cast<double>(n);
}

template <class T, std::size_t D, class Resolver>
void BM_raw_resolve_collision_batch(benchmark::State& state) {
  const auto scene = carom_scenes::make_pair_scene<T, D>(batch_size);
  const std::vector<T> vs = flatten<T, D>(scene.particles.velocities());
  const std::vector<T> ims(scene.particles.inverse_masses().begin(),
                           scene.particles.inverse_masses().end());
  const std::vector<T> ns = flatten<T, D>(scene.normals);
  const T* v = vs.data();
  const T* im = ims.data();
  const T* normals = ns.data();
  const std::size_t* first = scene.first.data();
  const std::size_t* second = scene.second.data();
  const std::size_t n = scene.size();
  const T e = raw_restitution<T, Resolver>();
  std::vector<T> out_i(n * D), out_j(n * D), impulses(n);
  sweep(state, impulses, [&](std::size_t k) {
    const std::size_t i = first[k], j = second[k];
    return raw::resolve_collision<T, D>(e, v + i * D, v + j * D, im[i], im[j], normals + k * D,
                                        &out_i[k * D], &out_j[k * D]);
  });
  const Resolver resolver = make_resolver<T, Resolver>();
  const auto vc = scene.particles.velocities();
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t i = first[k], j = second[k];
    const auto expected =
        carom::resolve_collision(resolver, vc[i], vc[j], im[i], im[j], scene.normals[k]);
    bool same = same_result(impulses[k], expected.impulse);
    for (std::size_t a = 0; a < D; ++a)
      same = same && same_result(out_i[k * D + a], expected.velocity_i[a]) &&
             same_result(out_j[k * D + a], expected.velocity_j[a]);
    if (!same) state.SkipWithError("raw baseline disagrees with carom::resolve_collision");
  }
}

// ---- time_to_plane --------------------------------------------------------------

template <class T, std::size_t D>
struct plane_case {
  carom::plane<T, D> wall;
  carom::vec<T, D> x, v;
  T radius;
};

template <class T, std::size_t D>
std::vector<plane_case<T, D>> plane_cases() {
  const auto scene = carom_scenes::make_wall_scene<T, D>(single_cases);
  std::vector<plane_case<T, D>> cases;
  for (std::size_t i = 0; i < scene.size(); ++i)
    cases.push_back({scene.walls[scene.wall_of[i]], scene.particles.positions()[i],
                     scene.particles.velocities()[i], scene.particles.radii()[i]});
  return cases;
}

template <class T, std::size_t D>
void BM_time_to_plane_single(benchmark::State& state) {
  const auto cases = plane_cases<T, D>();
  single_calls(state, cases, [](const auto& c) {
    const T t = carom::time_to_plane(c.wall, c.x, c.v, c.radius);
    benchmark::DoNotOptimize(t);
    return t;
  });
}

template <class T, std::size_t D>
void BM_raw_time_to_plane_single(benchmark::State& state) {
  struct raw_case {
    T normal[D], offset, x[D], v[D], radius;
  };
  std::vector<raw_case> cases;
  for (const auto& c : plane_cases<T, D>()) {
    raw_case r{};
    for (std::size_t a = 0; a < D; ++a)
      r.normal[a] = c.wall.normal[a], r.x[a] = c.x[a], r.v[a] = c.v[a];
    r.offset = c.wall.offset;
    r.radius = c.radius;
    cases.push_back(r);
  }
  single_calls(state, cases, [](const raw_case& c) {
    const T t = raw::time_to_plane<T, D>(c.normal, c.offset, c.x, c.v, c.radius);
    benchmark::DoNotOptimize(t);
    return t;
  });
}

template <class T, std::size_t D>
void BM_time_to_plane_batch(benchmark::State& state) {
  const auto scene = carom_scenes::make_wall_scene<T, D>(batch_size);
  const auto x = scene.particles.positions();
  const auto v = scene.particles.velocities();
  const auto r = scene.particles.radii();
  const carom::plane<T, D>* walls = scene.walls.data();
  const std::size_t* wall_of = scene.wall_of.data();
  std::vector<T> times(scene.size());
  sweep(state, times,
        [&](std::size_t i) { return carom::time_to_plane(walls[wall_of[i]], x[i], v[i], r[i]); });
  count_hits(state, times);
}

template <class T, std::size_t D>
void BM_raw_time_to_plane_batch(benchmark::State& state) {
  const auto scene = carom_scenes::make_wall_scene<T, D>(batch_size);
  const std::vector<T> xs = flatten<T, D>(scene.particles.positions());
  const std::vector<T> vs = flatten<T, D>(scene.particles.velocities());
  const std::vector<T> rs(scene.particles.radii().begin(), scene.particles.radii().end());
  std::vector<T> wall_normals, wall_offsets;
  for (const auto& w : scene.walls) {
    for (std::size_t a = 0; a < D; ++a) wall_normals.push_back(w.normal[a]);
    wall_offsets.push_back(w.offset);
  }
  const T* x = xs.data();
  const T* v = vs.data();
  const T* r = rs.data();
  const T* normals = wall_normals.data();
  const T* offsets = wall_offsets.data();
  const std::size_t* wall_of = scene.wall_of.data();
  std::vector<T> times(scene.size());
  sweep(state, times, [&](std::size_t i) {
    const std::size_t w = wall_of[i];
    return raw::time_to_plane<T, D>(normals + w * D, offsets[w], x + i * D, v + i * D, r[i]);
  });
  for (std::size_t i = 0; i < times.size(); ++i)
    if (!same_result(times[i], carom::time_to_plane(scene.walls[scene.wall_of[i]],
                                                    scene.particles.positions()[i],
                                                    scene.particles.velocities()[i], r[i])))
      state.SkipWithError("raw baseline disagrees with carom::time_to_plane");
}

// ---- time_to_leave_cell ---------------------------------------------------------

template <class T, std::size_t D>
struct cell_case {
  carom::vec<T, D> x, v, lower, upper;
};

template <class T, std::size_t D>
std::vector<cell_case<T, D>> cell_cases() {
  const auto scene = carom_scenes::make_cell_scene<T, D>(single_cases);
  std::vector<cell_case<T, D>> cases;
  for (std::size_t i = 0; i < scene.size(); ++i)
    cases.push_back({scene.particles.positions()[i], scene.particles.velocities()[i],
                     scene.lower[i], scene.upper[i]});
  return cases;
}

template <class T, std::size_t D>
void BM_time_to_leave_cell_single(benchmark::State& state) {
  const auto cases = cell_cases<T, D>();
  single_calls(state, cases, [](const auto& c) {
    const auto exit = carom::time_to_leave_cell(c.x, c.v, c.lower, c.upper);
    benchmark::DoNotOptimize(exit);
    return exit.time;
  });
}

template <class T, std::size_t D>
void BM_raw_time_to_leave_cell_single(benchmark::State& state) {
  struct raw_case {
    T x[D], v[D], lower[D], upper[D];
  };
  std::vector<raw_case> cases;
  for (const auto& c : cell_cases<T, D>()) {
    raw_case r{};
    for (std::size_t a = 0; a < D; ++a)
      r.x[a] = c.x[a], r.v[a] = c.v[a], r.lower[a] = c.lower[a], r.upper[a] = c.upper[a];
    cases.push_back(r);
  }
  single_calls(state, cases, [](const raw_case& c) {
    const auto exit = raw::time_to_leave_cell<T, D>(c.x, c.v, c.lower, c.upper);
    benchmark::DoNotOptimize(exit);
    return exit.time;
  });
}

template <class T, std::size_t D>
void BM_time_to_leave_cell_batch(benchmark::State& state) {
  const auto scene = carom_scenes::make_cell_scene<T, D>(batch_size);
  const auto x = scene.particles.positions();
  const auto v = scene.particles.velocities();
  const carom::vec<T, D>* lower = scene.lower.data();
  const carom::vec<T, D>* upper = scene.upper.data();
  std::vector<carom::cell_exit_result<T>> exits(scene.size());
  sweep(state, exits,
        [&](std::size_t i) { return carom::time_to_leave_cell(x[i], v[i], lower[i], upper[i]); });
}

template <class T, std::size_t D>
void BM_raw_time_to_leave_cell_batch(benchmark::State& state) {
  const auto scene = carom_scenes::make_cell_scene<T, D>(batch_size);
  const std::vector<T> xs = flatten<T, D>(scene.particles.positions());
  const std::vector<T> vs = flatten<T, D>(scene.particles.velocities());
  const std::vector<T> lowers = flatten<T, D>(scene.lower);
  const std::vector<T> uppers = flatten<T, D>(scene.upper);
  const T* x = xs.data();
  const T* v = vs.data();
  const T* lower = lowers.data();
  const T* upper = uppers.data();
  std::vector<raw::cell_exit<T>> exits(scene.size());
  sweep(state, exits, [&](std::size_t i) {
    return raw::time_to_leave_cell<T, D>(x + i * D, v + i * D, lower + i * D, upper + i * D);
  });
  for (std::size_t i = 0; i < exits.size(); ++i) {
    const auto expected =
        carom::time_to_leave_cell(scene.particles.positions()[i], scene.particles.velocities()[i],
                                  scene.lower[i], scene.upper[i]);
    if (!same_result(exits[i].time, expected.time) || exits[i].axis != expected.axis ||
        exits[i].direction != expected.direction)
      state.SkipWithError("raw baseline disagrees with carom::time_to_leave_cell");
  }
}

}  // namespace

// ---- registration: each carom benchmark next to its raw baseline ------------------
// clang-format off
#define CAROM_BENCH_KERNEL(name)                                         \
  BENCHMARK_TEMPLATE(BM_##name, float, 2);  BENCHMARK_TEMPLATE(BM_raw_##name, float, 2);  \
  BENCHMARK_TEMPLATE(BM_##name, float, 3);  BENCHMARK_TEMPLATE(BM_raw_##name, float, 3);  \
  BENCHMARK_TEMPLATE(BM_##name, double, 2); BENCHMARK_TEMPLATE(BM_raw_##name, double, 2); \
  BENCHMARK_TEMPLATE(BM_##name, double, 3); BENCHMARK_TEMPLATE(BM_raw_##name, double, 3)
#define CAROM_BENCH_RESOLVER(name, resolver_float, resolver_double)                                   \
  BENCHMARK_TEMPLATE(BM_##name, float, 2, resolver_float);   BENCHMARK_TEMPLATE(BM_raw_##name, float, 2, resolver_float);   \
  BENCHMARK_TEMPLATE(BM_##name, float, 3, resolver_float);   BENCHMARK_TEMPLATE(BM_raw_##name, float, 3, resolver_float);   \
  BENCHMARK_TEMPLATE(BM_##name, double, 2, resolver_double); BENCHMARK_TEMPLATE(BM_raw_##name, double, 2, resolver_double); \
  BENCHMARK_TEMPLATE(BM_##name, double, 3, resolver_double); BENCHMARK_TEMPLATE(BM_raw_##name, double, 3, resolver_double)
// clang-format on

CAROM_BENCH_KERNEL(time_to_contact_single);
CAROM_BENCH_KERNEL(time_to_contact_batch);
CAROM_BENCH_RESOLVER(resolve_collision_single, carom::elastic, carom::elastic);
CAROM_BENCH_RESOLVER(resolve_collision_batch, carom::elastic, carom::elastic);
CAROM_BENCH_RESOLVER(resolve_collision_single, carom::constant_restitution<float>,
                     carom::constant_restitution<double>);
CAROM_BENCH_RESOLVER(resolve_collision_batch, carom::constant_restitution<float>,
                     carom::constant_restitution<double>);
CAROM_BENCH_KERNEL(time_to_plane_single);
CAROM_BENCH_KERNEL(time_to_plane_batch);
CAROM_BENCH_KERNEL(time_to_leave_cell_single);
CAROM_BENCH_KERNEL(time_to_leave_cell_batch);
#undef CAROM_BENCH_KERNEL
#undef CAROM_BENCH_RESOLVER

// Fixed iteration counts for instruction counting under callgrind.
BENCHMARK_TEMPLATE(BM_time_to_contact_single, double, 3)
    ->Name("callgrind_time_to_contact_single<double, 3>")
    ->Iterations(callgrind_iterations);
BENCHMARK_TEMPLATE(BM_raw_time_to_contact_single, double, 3)
    ->Name("callgrind_raw_time_to_contact_single<double, 3>")
    ->Iterations(callgrind_iterations);
BENCHMARK_TEMPLATE(BM_time_to_contact_single, float, 3)
    ->Name("callgrind_time_to_contact_single<float, 3>")
    ->Iterations(callgrind_iterations);
BENCHMARK_TEMPLATE(BM_raw_time_to_contact_single, float, 3)
    ->Name("callgrind_raw_time_to_contact_single<float, 3>")
    ->Iterations(callgrind_iterations);
