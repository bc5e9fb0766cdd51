// SPDX-License-Identifier: MIT
// Collisions per second of the event-driven engine on the state points of
// docs/performance.md: monodisperse elastic hard spheres on an FCC
// lattice (N = 4 n³) in a periodic cube, σ = m = kT = 1, equilibrated for
// 10 τ (5 τ for N ≈ 10^6) outside the timing; each iteration then runs a
// fixed number of binary collisions. Also 2D disks (N = n²).
//
// Arguments: {n, 1000·φ, search (0 neighbour lists, 1 cell lists)}.
#include <benchmark/benchmark.h>

#include <carom/carom.hpp>

#include <memory>
#include <random>

namespace {

template <std::size_t D, class Search>
void equilibrated_collisions(benchmark::State& state) {
  using engine = carom::event_driven<double, D, carom::elastic, carom::event_policies<Search>>;
  const auto n = static_cast<std::size_t>(state.range(0));
  const double phi = double(state.range(1)) / 1000;
  auto scene = carom::lattice<double, D>(n, phi, carom::boundary::periodic);
  std::mt19937_64 generator(20240521);
  carom::maxwell_boltzmann(scene.particles, 1.0, generator);
  auto sim = std::make_unique<engine>(scene.container, scene.particles);
  const double count = sim->size();
  sim->run_until(count > 5e5 ? 5.0 : 10.0);
  const auto batch = static_cast<std::uint64_t>(std::max(1e5, 5 * count));
  sim->reset_observables();
  for (auto _ : state) sim->run(batch);
  state.SetItemsProcessed(static_cast<std::int64_t>(sim->pair_collisions()));
  state.counters["N"] = count;
  state.counters["collisions_per_particle_per_tau"] =
      2 * double(sim->pair_collisions()) / (count * double(sim->observation_time()));
  state.counters["reduced_pressure"] = double(sim->pressure());
  state.counters["events_per_collision"] = double(sim->events()) / double(sim->pair_collisions());
}

void state_points_3d(benchmark::internal::Benchmark* b) {
  for (const int phi : {450, 300})
    for (const int n : {14, 30}) b->Args({n, phi});
}

}  // namespace

BENCHMARK_TEMPLATE(equilibrated_collisions, 3, carom::neighbour_lists)
    ->Apply(state_points_3d)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(equilibrated_collisions, 3, carom::cell_lists)
    ->Args({14, 450})
    ->Args({14, 300})
    ->Unit(benchmark::kMillisecond);
// N = 1,000,188: about 1.2 GiB and a minute of equilibration; run it with
// --benchmark_filter=equilibrated_collisions.*63.
BENCHMARK_TEMPLATE(equilibrated_collisions, 3, carom::neighbour_lists)
    ->Args({63, 450})
    ->Args({63, 300})
    ->Iterations(10)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(equilibrated_collisions, 2, carom::neighbour_lists)
    ->Args({100, 500})
    ->Args({100, 300})
    ->Unit(benchmark::kMillisecond);
