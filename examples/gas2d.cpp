// SPDX-License-Identifier: MIT
// A 2D gas of atoms in a walled box under gravity, colliding elastically,
// moved with a fixed time step by carom's impulse mode
// (carom::impulse_stepped<double, 2, carom::elastic>): every contact inside a
// step is found with the swept collision-time solver, so atoms never pass
// through each other and simultaneous contacts come out right. N atoms
// (σ = m = kT = 1; N rounded up to a full square lattice, k²) start on a
// square lattice with Maxwell–Boltzmann velocities and settle into a
// barometric profile.
//
// Prints, per frame: time, kinetic energy K, potential energy U = Σ m g h,
// E = K + U and the momentum; at the end the drift of E (round-off only:
// flights within a step are exact parabolas). Writes
//   OUT.html        a self-contained page that animates the run,
//   OUT.lammpstrj   a LAMMPS dump (OVITO, VMD).
//
//   gas2d [OUT.html] [--n N] [--phi F] [--gravity G] [--dt DT] [--frames K]
//         [--steps-per-frame S] [--seed S] [--quiet]
#include <carom/carom.hpp>
#include <carom/io.hpp>

#include <cmath>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "command_line.hpp"

namespace {

struct options {
  std::string html = "gas2d.html";
  std::size_t n = 400;
  std::size_t side = 0;  // of the square lattice holding at least n
  double phi = 0.2;
  double gravity = 0.25;
  double dt = 0.01;
  std::size_t frames = 200;
  std::size_t steps_per_frame = 10;
  std::size_t seed = 1;
  bool quiet = false;
};

options parse(int argc, char** argv) {
  options o;
  const example::command_line args(
      "gas2d",
      "A 2D gas of elastic atoms (sigma = m = kT = 1) in a walled box under gravity, moved\n"
      "with a fixed time step by carom's impulse mode; prints the energies per frame and\n"
      "writes OUT.html (an animation) and OUT.lammpstrj (a LAMMPS dump). Times are in\n"
      "sigma sqrt(m/kT).",
      {{"OUT.html", &o.html, "", "the page to write; the dump goes beside it"},
       {"--n", &o.n, "N", "number of atoms, rounded up to a full square lattice (k^2)"},
       {"--phi", &o.phi, "F", "packing fraction (area of the atoms / area of the box)"},
       {"--gravity", &o.gravity, "G", "acceleration of gravity, in kT/(m sigma)"},
       {"--dt", &o.dt, "DT", "time step"},
       {"--frames", &o.frames, "K", "number of frames printed and written"},
       {"--steps-per-frame", &o.steps_per_frame, "S", "time steps between frames"},
       {"--seed", &o.seed, "S", "random seed of the initial velocities"},
       {"--quiet", &o.quiet, "", "no per-frame rows, just the summary"}});
  args.parse(argc, argv);
  if (o.n == 0 || o.frames == 0 || o.steps_per_frame == 0)
    args.fail("--n, --frames and --steps-per-frame must be > 0");
  if (!(o.dt > 0)) args.fail("--dt must be > 0");
  o.side = example::lattice_side(o.n, 2);
  return o;
}

int run(const options& o) {
  using engine_type = carom::impulse_stepped<double, 2, carom::elastic>;
  auto scene = carom::lattice<double, 2>(o.side, o.phi, carom::boundary::wall);
  std::mt19937_64 generator(o.seed);
  carom::maxwell_boltzmann(scene.particles, 1.0, generator);
  const carom::vec<double, 2> g{0, -o.gravity};
  engine_type engine(scene.container, scene.particles, {.gravity = g, .time_step = o.dt});

  auto potential = [&] {
    double u = 0;
    for (std::size_t i = 0; i < engine.size(); ++i)
      u -= engine.masses()[i] * carom::dot(g, engine.positions()[i] - scene.container.lower());
    return u;
  };

  const std::filesystem::path html = o.html;
  const std::filesystem::path dump_path = std::filesystem::path(html).replace_extension(".lammpstrj");
  std::ofstream dump_file(dump_path, std::ios::binary | std::ios::trunc);
  if (!dump_file) throw carom::io_error("gas2d: cannot open " + dump_path.string());
  carom::lammps_dump_writer<double, 2> dump(dump_file, {.mass = true});
  carom::html_viewer<double> viewer(
      scene.container, {.title = "carom impulse mode: " + std::to_string(engine.size()) + " atoms"});

  const double e0 = engine.kinetic_energy() + potential();
  double worst = 0;
  std::printf("%u atoms, packing fraction %.3f, g = %g, dt = %g, walled box %g x %g\n",
              unsigned(engine.size()), o.phi, o.gravity, o.dt, scene.container.lengths()[0],
              scene.container.lengths()[1]);
  if (engine.size() != o.n)  // the lattice is whole
    std::printf("(--n %zu rounded up to a full %zu x %zu lattice)\n", o.n, o.side, o.side);
  if (!o.quiet) std::printf("%10s %12s %12s %14s %12s %12s\n", "t", "K", "U", "E = K + U", "px", "py");
  auto frame = [&](engine_type& e) {
    const double k = e.kinetic_energy(), u = potential();
    const auto p = e.momentum();
    worst = std::max(worst, std::abs((k + u) / e0 - 1));
    if (!o.quiet) {
      std::printf("%10.3f %12.5f %12.5f %14.8f %12.5f %12.5f\n", e.time(), k, u, k + u, p[0], p[1]);
      std::fflush(stdout);  // live through a pipe
    }
    viewer(e);
    dump(e);
  };
  frame(engine);
  engine.run(o.frames * o.steps_per_frame, frame, o.steps_per_frame);
  viewer.save(html);
  dump_file.close();

  std::printf("%llu atom-atom and %llu wall collisions in %zu steps; largest |E/E0 - 1| = %.2e\n",
              static_cast<unsigned long long>(engine.pair_collisions()),
              static_cast<unsigned long long>(engine.wall_collisions()), engine.steps(), worst);
  std::printf("%zu frames written to %s and %s\n", viewer.frames(), html.string().c_str(),
              dump_path.string().c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) try {
  return run(parse(argc, argv));
} catch (const std::exception& error) {
  std::fprintf(stderr, "gas2d: %s\n", error.what());
  return 2;
}
