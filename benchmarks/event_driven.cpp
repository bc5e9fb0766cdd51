// SPDX-License-Identifier: MIT
// Collisions per second of the event-driven engine on the state points of
// docs/performance.md: monodisperse elastic hard spheres on an FCC
// lattice (N = 4 n³) in a periodic cube, σ = m = kT = 1, equilibrated for
// 10 τ outside the timing; also 2D disks (N = n²).
//
// Each state point is equilibrated once per process: the engine is kept
// between runs (repetitions continue its trajectory), and every run times
// one iteration of 5·10^6 binary collisions, at every N.
//
// N = 1,000,188 (n = 63): equilibrating it from the lattice (5 τ, 7·10^7
// collisions at φ = 0.45) would take minutes, so it starts from 27 copies
// of an equilibrated N = 37,044 box (n = 21, 10 τ) with fresh
// Maxwell–Boltzmann velocities, and runs 1 τ at full size before the
// timing; the whole case takes about 2 minutes of CPU. Its peak
// resident size (`/usr/bin/time -v`, --benchmark_filter=.*/63/450) is
// 373 MB, 373 bytes per particle, everything included (the engine's
// arrays are listed in docs/performance.md).
//
// Arguments: {n, 1000·φ}.
#include <benchmark/benchmark.h>

#include <carom/carom.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <random>
#include <utility>

namespace {

template <std::size_t D, class Search>
using engine = carom::event_driven<double, D, carom::elastic, carom::event_policies<Search>>;

constexpr std::uint64_t timed_collisions = 5'000'000;
constexpr std::size_t tiled_above = 40;  // n > 40 (3D): built from 27 copies of n / 3

/// A state point from the lattice, equilibrated for `tau`.
template <std::size_t D, class Search>
std::unique_ptr<engine<D, Search>> from_lattice(std::size_t n, double phi, double tau,
                                                std::mt19937_64& generator) {
  auto scene = carom::lattice<double, D>(n, phi, carom::boundary::periodic);
  carom::maxwell_boltzmann(scene.particles, 1.0, generator);
  auto sim = std::make_unique<engine<D, Search>>(scene.container, std::move(scene.particles));
  sim->run_until(tau);
  return sim;
}

/// 27 copies of an equilibrated box of n / 3 (n a multiple of 3), fresh
/// velocities, 1 τ more.
template <class Search>
std::unique_ptr<engine<3, Search>> tiled(std::size_t n, double phi, std::mt19937_64& generator) {
  carom::particles<double, 3> copies;
  carom::vec<double, 3> lower, side;
  {
    auto small = from_lattice<3, Search>(n / 3, phi, 10.0, generator);
    const auto& state = small->state();
    lower = small->container().lower();
    side = small->container().lengths();
    copies.reserve(27 * state.size());
    for (int k = 0; k < 3; ++k)
      for (int j = 0; j < 3; ++j)
        for (int i = 0; i < 3; ++i)
          for (std::size_t p = 0; p < state.size(); ++p)
            copies.add({.position = state.positions()[p] +
                                    carom::vec<double, 3>{i * side[0], j * side[1], k * side[2]},
                        .radius = state.radii()[p],
                        .mass = state.masses()[p]});
  }
  carom::maxwell_boltzmann(copies, 1.0, generator);
  const carom::box<double, 3> container(lower, lower + 3.0 * side,
                                        {carom::boundary::periodic, carom::boundary::periodic,
                                         carom::boundary::periodic});
  auto sim = std::make_unique<engine<3, Search>>(container, std::move(copies));
  sim->run_until(1.0);
  return sim;
}

/// The equilibrated engine of (n, φ), built at its first use in the
/// process; the previous state point's engine is freed first.
template <std::size_t D, class Search>
engine<D, Search>& equilibrated(std::size_t n, int phi_milli) {
  static std::unique_ptr<engine<D, Search>> sim;
  static std::pair<std::size_t, int> key{0, 0};
  if (sim && key == std::pair{n, phi_milli}) return *sim;
  sim.reset();
  std::mt19937_64 generator(20240521);
  const double phi = double(phi_milli) / 1000;
  if constexpr (D == 3)
    if (n > tiled_above) sim = tiled<Search>(n, phi, generator);
  if (!sim) sim = from_lattice<D, Search>(n, phi, 10.0, generator);
  key = {n, phi_milli};
  return *sim;
}

template <std::size_t D, class Search>
void equilibrated_collisions(benchmark::State& state) {
  auto& sim = equilibrated<D, Search>(static_cast<std::size_t>(state.range(0)),
                                      static_cast<int>(state.range(1)));
  sim.reset_observables();
  for (auto _ : state) sim.run(timed_collisions);
  const double count = sim.size();
  state.SetItemsProcessed(static_cast<std::int64_t>(sim.pair_collisions()));
  state.counters["N"] = count;
  state.counters["collisions_per_particle_per_tau"] =
      2 * double(sim.pair_collisions()) / (count * double(sim.observation_time()));
  state.counters["reduced_pressure"] = double(sim.pressure());
  state.counters["events_per_collision"] = double(sim.events()) / double(sim.pair_collisions());
}

void state_points_3d(benchmark::internal::Benchmark* b) {
  for (const int phi : {450, 300})
    for (const int n : {14, 30}) b->Args({n, phi});
}

}  // namespace

BENCHMARK_TEMPLATE(equilibrated_collisions, 3, carom::neighbour_lists)
    ->Apply(state_points_3d)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(equilibrated_collisions, 3, carom::cell_lists)
    ->Args({14, 450})
    ->Args({14, 300})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
// N = 1,000,188; alone: --benchmark_filter=equilibrated_collisions.*/63/450
BENCHMARK_TEMPLATE(equilibrated_collisions, 3, carom::neighbour_lists)
    ->Args({63, 450})
    ->Args({63, 300})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(equilibrated_collisions, 2, carom::neighbour_lists)
    ->Args({100, 500})
    ->Args({100, 300})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
