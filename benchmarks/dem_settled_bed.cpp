// SPDX-License-Identifier: MIT
// The DEM settled-bed case (dem_scene.hpp, docs/performance.md), and the
// same with two species of several sizes (two_species_*): items are
// particle-steps. Stage A: 15,000 steps settling from the lattice
// (timed whole, one iteration); stage B: the settled bed, 1,000 steps per
// iteration after stage A has run once (cached). Counters: contacts per
// particle (Z) and, for stage B, the time shares of neighbour search,
// forces and integration (run_profiled).
//
//   taskset -c 1 build/release/benchmarks/bench_dem_settled_bed
//       --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
//   build/release/benchmarks/bench_dem_settled_bed_openmp --benchmark_filter=-200/
#include <benchmark/benchmark.h>

#include <memory>

#include "dem_scene.hpp"

namespace {

using dem_scene::fresh;
using dem_scene::settled;
using dem_scene::stage_a_steps;
constexpr int stage_b_steps_per_iteration = 1000;

// `fresh(nx, ny, nz)`: a new engine on the lattice.
template <class Fresh>
void run_stage_a(benchmark::State& state, Fresh fresh) {
  const int nx = int(state.range(0)), ny = int(state.range(1)), nz = int(state.range(2));
  std::size_t contacts = 0, n = 0;
  for (auto _ : state) {
    state.PauseTiming();
    auto e = fresh(nx, ny, nz);
    e->set_threads(int(state.range(3)));
    state.ResumeTiming();
    e->run(stage_a_steps);
    contacts = e->contact_count();
    n = e->size();
  }
  state.SetItemsProcessed(state.iterations() * std::int64_t(n) * stage_a_steps);
  state.counters["Z"] = double(contacts) / double(n);
}

// `settled`: the engine after stage A (copied).
template <class Engine>
void run_stage_b(benchmark::State& state, const Engine& settled) {
  auto e = std::make_unique<Engine>(settled);
  e->set_threads(int(state.range(3)));
  carom::step_profile profile;
  for (auto _ : state) {
    const auto p = e->run_profiled(stage_b_steps_per_iteration);
    profile.neighbour_seconds += p.neighbour_seconds;
    profile.force_seconds += p.force_seconds;
    profile.integration_seconds += p.integration_seconds;
  }
  const double total =
      profile.neighbour_seconds + profile.force_seconds + profile.integration_seconds;
  state.SetItemsProcessed(state.iterations() * std::int64_t(e->size()) *
                          stage_b_steps_per_iteration);
  state.counters["Z"] = double(e->contact_count()) / double(e->size());
  state.counters["neigh%"] = 100 * profile.neighbour_seconds / total;
  state.counters["force%"] = 100 * profile.force_seconds / total;
  state.counters["integ%"] = 100 * profile.integration_seconds / total;
}

template <class T>
void stage_a(benchmark::State& state) {
  run_stage_a(state, fresh<T>);
}
template <class T>
void stage_b(benchmark::State& state) {
  run_stage_b(state, settled<T>(int(state.range(0)), int(state.range(1)), int(state.range(2))));
}
template <class T>
void two_species_stage_a(benchmark::State& state) {
  run_stage_a(state, dem_scene::fresh_two_species<T>);
}
template <class T>
void two_species_stage_b(benchmark::State& state) {
  run_stage_b(state, dem_scene::settled_two_species<T>(int(state.range(0)), int(state.range(1)),
                                                       int(state.range(2))));
}

}  // namespace

// N = 1e4 (20 × 20 × 25) and N = 1e5 (80 × 50 × 25), as in the README,
// on one thread (fourth argument); stage B at 1e5 times 2,000 steps (2e8
// particle-steps) per repetition.
BENCHMARK_TEMPLATE(stage_a, double)->Args({20, 20, 25, 1})->Args({80, 50, 25, 1})->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK_TEMPLATE(stage_a, float)->Args({20, 20, 25, 1})->Args({80, 50, 25, 1})->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK_TEMPLATE(stage_b, double)->Args({20, 20, 25, 1})->Iterations(10)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(stage_b, float)->Args({20, 20, 25, 1})->Iterations(10)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(stage_b, double)->Args({80, 50, 25, 1})->Iterations(2)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(stage_b, float)->Args({80, 50, 25, 1})->Iterations(2)->Unit(benchmark::kMillisecond);
// The two-species polydisperse bed (dem_scene.hpp), 10⁴ spheres.
BENCHMARK_TEMPLATE(two_species_stage_a, double)->Args({20, 20, 25, 1})->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK_TEMPLATE(two_species_stage_b, double)->Args({20, 20, 25, 1})->Iterations(10)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(two_species_stage_b, float)->Args({20, 20, 25, 1})->Iterations(10)->Unit(benchmark::kMillisecond);
#if defined(_OPENMP)
// bench_dem_settled_bed_openmp: the same on 2 threads (wall-clock rates:
// UseRealTime), and N = 1e6 (200 × 200 × 25, about 1 GB; its stage A,
// run once before its stage B, takes about 18 minutes on 2 cores:
// --benchmark_filter=-200/ leaves it out).
BENCHMARK_TEMPLATE(stage_b, double)->Args({20, 20, 25, 2})->Iterations(10)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(stage_b, float)->Args({20, 20, 25, 2})->Iterations(10)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(stage_b, double)->Args({80, 50, 25, 2})->Iterations(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(stage_b, float)->Args({80, 50, 25, 2})->Iterations(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_TEMPLATE(stage_b, double)->Args({200, 200, 25, 2})->Iterations(1)->Unit(benchmark::kMillisecond)->UseRealTime();
#endif
