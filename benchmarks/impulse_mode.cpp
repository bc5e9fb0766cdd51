// SPDX-License-Identifier: MIT
// Impulse mode (carom::impulse_stepped with carom::elastic) against the
// event-driven engine on the same system: N = 100² elastic hard disks
// (σ = m = kT = 1) in a periodic square, a dilute gas (φ = 0.05) and a
// dense one (φ = 0.5), both equilibrated for 10 τ by the event-driven
// engine outside the timing, so the two engines start from the same state.
//
// Items are particle-steps: for impulse mode N per step; for the
// event-driven engine N per dt of simulated time (the same simulated time
// as the impulse run at that dt). Counters: collisions per second and
// simulated time per second (both rates), collisions per particle per step.
//
// Arguments: {1000·φ, 1000·dt, threads}.
//
//   taskset -c 1 build/release/benchmarks/bench_impulse_mode
//       --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
//
// bench_impulse_mode_openmp (built where OpenMP is, docs/threads.md) also
// runs impulse mode on 1 and 2 threads, timed by the wall clock:
//
//   build/release/benchmarks/bench_impulse_mode_openmp --benchmark_filter=real_time
//       --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <carom/carom.hpp>

#include <map>
#include <memory>
#include <random>

namespace {

constexpr std::size_t side = 100;
constexpr std::size_t steps_per_iteration = 10;

/// The equilibrated state at packing fraction phi (built once per phi).
const carom::particles<double, 2>& equilibrated(double phi, carom::box<double, 2>& box) {
  struct entry {
    carom::box<double, 2> box;
    carom::particles<double, 2> particles;
  };
  static std::map<double, std::unique_ptr<entry>> cache;
  auto& slot = cache[phi];
  if (!slot) {
    auto scene = carom::lattice<double, 2>(side, phi, carom::boundary::periodic);
    std::mt19937_64 generator(20261202);
    carom::maxwell_boltzmann(scene.particles, 1.0, generator);
    carom::event_driven<double, 2> ed(scene.container, scene.particles);
    ed.run_until(10.0);
    slot = std::make_unique<entry>(entry{scene.container, ed.state()});
  }
  box = slot->box;
  return slot->particles;
}

void report(benchmark::State& state, double particles, double steps, double collisions, double dt) {
  state.SetItemsProcessed(static_cast<std::int64_t>(particles * steps));
  state.counters["collisions_per_s"] = benchmark::Counter(collisions, benchmark::Counter::kIsRate);
  state.counters["simulated_time_per_s"] = benchmark::Counter(steps * dt, benchmark::Counter::kIsRate);
  state.counters["collisions_per_particle_step"] = collisions / (particles * steps);
}

void impulse_mode(benchmark::State& state) {
  const double phi = double(state.range(0)) / 1000, dt = double(state.range(1)) / 1000;
  carom::box<double, 2> box = carom::box<double, 2>::cube(1, carom::boundary::periodic);
  const auto& start = equilibrated(phi, box);
  carom::impulse_stepped<double, 2, carom::elastic> sim(
      box, start, {.time_step = dt, .threads = int(state.range(2))});
  sim.run(steps_per_iteration);  // warm: the swept grid's storage
  const std::uint64_t before = sim.pair_collisions();
  double steps = 0;
  for (auto _ : state) {
    sim.run(steps_per_iteration);
    steps += steps_per_iteration;
  }
  report(state, double(sim.size()), steps, double(sim.pair_collisions() - before), dt);
}

void event_driven(benchmark::State& state) {
  const double phi = double(state.range(0)) / 1000, dt = double(state.range(1)) / 1000;
  carom::box<double, 2> box = carom::box<double, 2>::cube(1, carom::boundary::periodic);
  const auto& start = equilibrated(phi, box);
  carom::event_driven<double, 2> sim(box, start);
  sim.run_until(dt * steps_per_iteration);
  sim.reset_observables();
  double steps = 0;
  for (auto _ : state) {
    sim.run_until(sim.time() + dt * steps_per_iteration);
    steps += steps_per_iteration;
  }
  report(state, double(sim.size()), steps, double(sim.pair_collisions()), dt);
}

void cases(benchmark::internal::Benchmark* b) {
  b->Args({50, 100, 1})->Args({50, 1000, 1})->Args({500, 10, 1})->Args({500, 100, 1});
}

}  // namespace

BENCHMARK(impulse_mode)->Apply(cases)->Unit(benchmark::kMillisecond);
BENCHMARK(event_driven)->Apply(cases)->Unit(benchmark::kMillisecond);
#if defined(_OPENMP)
// bench_impulse_mode_openmp: impulse mode again on 1 and 2 threads, timed by
// the wall clock (--benchmark_filter=real_time picks these).
BENCHMARK(impulse_mode)
    ->Args({50, 100, 1})
    ->Args({50, 100, 2})
    ->Args({500, 10, 1})
    ->Args({500, 10, 2})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
#endif
