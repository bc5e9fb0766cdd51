// SPDX-License-Identifier: MIT
// What writing trajectories costs.
//
// 1. Formatting one frame of N particles (3D double, values of an
//    equilibrated gas) into a stream that discards the bytes: bytes/s and
//    particles/s. Beside each carom writer, the raw baseline of the same
//    layout printed with `ostream << setprecision(max_digits10)`. The
//    LAMMPS frames have the nine columns id type x y z vx vy vz radius
//    (docs/performance.md's table); lammps_frame_default has the default
//    layout, which adds mass omegax omegay omegaz.
// 2. The overhead on a run: the event-driven engine (N = 10 976 hard
//    spheres, φ = 0.3) writing a LAMMPS frame to a discarding stream every
//    K collisions per particle (N·K/2 pair collisions); K = 0 runs without
//    output. Items are pair collisions; the counter output_share is the
//    part of the thread's CPU time spent in the writer (state() included),
//    timed around each frame, so it holds on a loaded machine too.
//
// Arguments: 1. {N}; 2. {K}.
#include <benchmark/benchmark.h>

#include <carom/carom.hpp>
#include <carom/io.hpp>

#include <ctime>
#include <iomanip>
#include <limits>
#include <memory>
#include <ostream>
#include <random>
#include <streambuf>

namespace {

/// A stream buffer that counts and forgets what it is given.
class counting_buffer : public std::streambuf {
 public:
  std::int64_t bytes = 0;

 protected:
  std::streamsize xsputn(const char*, std::streamsize n) override {
    bytes += n;
    return n;
  }
  int_type overflow(int_type c) override {
    ++bytes;
    return traits_type::not_eof(c);
  }
};

/// An equilibrated periodic hard-sphere gas of about N spheres (4 n³).
auto gas(std::size_t n, double phi) {
  auto scene = carom::lattice<double, 3>(n, phi, carom::boundary::periodic);
  std::mt19937_64 generator(20261202);
  carom::maxwell_boltzmann(scene.particles, 1.0, generator);
  return scene;
}

auto equilibrated(std::size_t particles) {
  std::size_t n = 1;
  while (4 * (n + 1) * (n + 1) * (n + 1) <= particles) ++n;
  auto scene = gas(n, 0.3);
  carom::event_driven<double, 3> engine(scene.container, scene.particles);
  engine.run_until(2.0);
  return carom::lattice_result<double, 3>{scene.container, engine.state()};
}

void report(benchmark::State& state, const counting_buffer& sink, std::size_t particles) {
  state.SetBytesProcessed(sink.bytes);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * particles));
  state.counters["N"] = double(particles);
  state.counters["bytes_per_particle"] =
      double(sink.bytes) / double(state.iterations() * particles);
}

/// id type x y z vx vy vz radius: the layout the baseline prints.
constexpr carom::lammps_dump_params nine_columns{.mass = false, .angular_velocity = false};

void lammps_frame(benchmark::State& state) {
  const auto scene = equilibrated(static_cast<std::size_t>(state.range(0)));
  counting_buffer sink;
  std::ostream out(&sink);
  carom::lammps_dump_writer<double, 3> writer(out, nine_columns);
  std::int64_t step = 0;
  for (auto _ : state) writer.write(scene.container, scene.particles, step++);
  report(state, sink, scene.particles.size());
}

/// The default layout, with mass omegax omegay omegaz (what a restart needs).
void lammps_frame_default(benchmark::State& state) {
  const auto scene = equilibrated(static_cast<std::size_t>(state.range(0)));
  counting_buffer sink;
  std::ostream out(&sink);
  carom::lammps_dump_writer<double, 3> writer(out);
  std::int64_t step = 0;
  for (auto _ : state) writer.write(scene.container, scene.particles, step++);
  report(state, sink, scene.particles.size());
}

/// Raw baseline: the same lines through operator<< with max_digits10.
void lammps_frame_iostream_baseline(benchmark::State& state) {
  const auto scene = equilibrated(static_cast<std::size_t>(state.range(0)));
  counting_buffer sink;
  std::ostream out(&sink);
  out << std::setprecision(std::numeric_limits<double>::max_digits10);
  const auto& ps = scene.particles;
  for (auto _ : state) {
    out << "ITEM: TIMESTEP\n0\nITEM: NUMBER OF ATOMS\n" << ps.size()
        << "\nITEM: BOX BOUNDS pp pp pp\n";
    for (std::size_t a = 0; a < 3; ++a)
      out << scene.container.lower()[a] << ' ' << scene.container.upper()[a] << '\n';
    out << "ITEM: ATOMS id type x y z vx vy vz radius\n";
    for (std::size_t i = 0; i < ps.size(); ++i) {
      const auto& x = ps.positions()[i];
      const auto& v = ps.velocities()[i];
      out << ps.ids()[i] + 1 << " 1 " << x[0] << ' ' << x[1] << ' ' << x[2] << ' ' << v[0] << ' '
          << v[1] << ' ' << v[2] << ' ' << ps.radii()[i] << '\n';
    }
  }
  report(state, sink, ps.size());
}

void vtp_frame(benchmark::State& state) {
  const auto scene = equilibrated(static_cast<std::size_t>(state.range(0)));
  counting_buffer sink;
  std::ostream out(&sink);
  for (auto _ : state) carom::write_vtp(out, scene.particles);
  report(state, sink, scene.particles.size());
}

/// Thread CPU time in seconds (the machine may be shared: wall time is not
/// this thread's).
double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

/// Collisions per second with a LAMMPS frame (engine.state() included)
/// every K collisions per particle; the counter output_share is the part of
/// the CPU time spent writing, timed around each frame.
void event_driven_with_dump(benchmark::State& state) {
  const auto every = static_cast<std::uint64_t>(state.range(0));
  auto scene = gas(14, 0.3);
  auto engine = std::make_unique<carom::event_driven<double, 3>>(scene.container, scene.particles);
  engine->run_until(5.0);
  const std::uint64_t n = engine->size();
  const std::uint64_t batch = every > 0 ? every * n / 2 : 50 * n;
  counting_buffer sink;
  std::ostream out(&sink);
  carom::lammps_dump_writer<double, 3> writer(out, nine_columns);
  engine->reset_observables();
  double running = 0, writing = 0;
  for (auto _ : state) {
    const double t0 = cpu_seconds();
    engine->run(batch);
    const double t1 = cpu_seconds();
    if (every > 0) writer(*engine);
    running += t1 - t0;
    writing += cpu_seconds() - t1;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(engine->pair_collisions()));
  state.counters["N"] = double(n);
  state.counters["collisions_per_particle_between_frames"] = double(every);
  state.counters["frames"] = double(writer.frames());
  state.counters["ms_per_frame"] = every > 0 ? 1e3 * writing / double(writer.frames()) : 0.0;
  state.counters["output_share"] = writing / (running + writing);
}

}  // namespace

BENCHMARK(lammps_frame)->Arg(1000)->Arg(10000)->Arg(100000)->Unit(benchmark::kMicrosecond);
BENCHMARK(lammps_frame_default)->Arg(10000)->Unit(benchmark::kMicrosecond);
BENCHMARK(lammps_frame_iostream_baseline)->Arg(10000)->Unit(benchmark::kMicrosecond);
BENCHMARK(vtp_frame)->Arg(10000)->Unit(benchmark::kMicrosecond);
BENCHMARK(event_driven_with_dump)->Arg(0)->Iterations(4)->Unit(benchmark::kMillisecond);
BENCHMARK(event_driven_with_dump)->Arg(100)->Iterations(4)->Unit(benchmark::kMillisecond);
BENCHMARK(event_driven_with_dump)->Arg(10)->Iterations(20)->Unit(benchmark::kMillisecond);
BENCHMARK(event_driven_with_dump)->Arg(1)->Iterations(100)->Unit(benchmark::kMillisecond);
