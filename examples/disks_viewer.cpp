// SPDX-License-Identifier: MIT
// A 2D hard-disk gas you can watch: N elastic disks (σ = m = kT = 1; N
// rounded up to a full square lattice, k²) start on a square lattice with
// Maxwell–Boltzmann velocities in a periodic box, and the event-driven
// engine runs them to --time, writing a frame every --frame-interval to
//   OUT.html        a self-contained page that animates the run (open it
//                   in a browser, offline),
//   OUT.lammpstrj   a LAMMPS dump (OVITO, VMD, or a restart),
//   OUT.pvd + OUT_NNNNNN.vtp   a ParaView time series,
// where OUT is the html path without its extension. Then it restarts a run
// from the dump's last frame and checks that it is the engine's state,
// bit for bit.
//
//   disks_viewer [OUT.html] [--n N] [--phi F] [--time T] [--frame-interval T]
//                [--seed S] [--boundary periodic|wall]
#include <carom/carom.hpp>
#include <carom/io.hpp>

#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <optional>
#include <string>

#include "command_line.hpp"

namespace {

struct options {
  std::string html = "disks.html";
  std::size_t n = 400;
  std::size_t side = 0;  // of the square lattice holding at least n
  double phi = 0.5;
  double time = 20;
  double frame_interval = 0.1;
  std::size_t seed = 1;
  std::string boundary = "periodic";
  bool periodic = true;
};

options parse(int argc, char** argv) {
  options o;
  const example::command_line args(
      "disks_viewer",
      "Elastic hard disks (sigma = m = kT = 1), event-driven from a square lattice; writes\n"
      "OUT.html (an animation, offline), OUT.lammpstrj (a LAMMPS dump) and OUT.pvd with\n"
      "OUT_NNNNNN.vtp (ParaView), then restarts from the dump's last frame and checks it is\n"
      "the engine's state, bit for bit. Times are in sigma sqrt(m/kT).",
      {{"OUT.html", &o.html, "", "the page to write; the other files go beside it"},
       {"--n", &o.n, "N", "number of disks, rounded up to a full square lattice (k^2)"},
       {"--phi", &o.phi, "F", "packing fraction (area of the disks / area of the box)"},
       {"--time", &o.time, "T", "simulated time to run"},
       {"--frame-interval", &o.frame_interval, "T",
        "simulated time between frames written\n(the event-driven engine has no time step)"},
       {"--seed", &o.seed, "S", "random seed of the initial velocities"},
       {"--boundary", &o.boundary, "periodic|wall", "the box's faces"}});
  args.parse(argc, argv);
  if (o.n == 0) args.fail("--n must be > 0");
  if (!(o.time > 0) || !(o.frame_interval > 0))
    args.fail("--time and --frame-interval must be > 0");
  o.periodic = o.boundary == "periodic";
  o.side = example::lattice_side(o.n, 2);
  return o;
}

int run(const options& o) {
  using engine_type = carom::event_driven<double, 2>;
  auto scene = carom::lattice<double, 2>(
      o.side, o.phi, o.periodic ? carom::boundary::periodic : carom::boundary::wall);
  std::mt19937_64 generator(o.seed);
  carom::maxwell_boltzmann(scene.particles, 1.0, generator);
  engine_type engine(scene.container, scene.particles);

  const std::filesystem::path html = o.html;
  const std::filesystem::path stem = std::filesystem::path(html).replace_extension();
  const std::filesystem::path dump_path = std::filesystem::path(stem).concat(".lammpstrj");
  std::ofstream dump_file(dump_path, std::ios::binary | std::ios::trunc);
  if (!dump_file) throw carom::io_error("disks_viewer: cannot open " + dump_path.string());

  carom::lammps_dump_writer<double, 2> dump(dump_file, {.mass = true});
  carom::vtk_series<double, 2> vtk(stem);
  carom::html_viewer<double> viewer(scene.container, {.title = "carom: " + std::to_string(engine.size()) +
                                                               " hard disks"});
  carom::progress_printer progress(std::cerr, o.time);
  const double energy = engine.kinetic_energy();
  const std::size_t outputs =
      carom::run_with_output(engine, o.time, o.frame_interval, dump, vtk, viewer, progress);
  viewer.save(html);
  dump_file.close();

  std::printf("%u disks, packing fraction %.3f, %s box, t = 0 to %g\n", engine.size(), o.phi,
              o.periodic ? "periodic" : "walled", o.time);
  if (engine.size() != o.n)  // the lattice is whole
    std::printf("  (--n %zu rounded up to a full %zu x %zu lattice)\n", o.n, o.side, o.side);
  std::printf("  %llu collisions, relative kinetic energy change %.1e\n",
              static_cast<unsigned long long>(engine.pair_collisions()),
              engine.kinetic_energy() / energy - 1);
  std::printf("  %zu frames written to\n", outputs);
  for (const auto& file : {html, dump_path, vtk.collection_path()})
    std::printf("    %s (%ju bytes)\n", file.string().c_str(),
                static_cast<std::uintmax_t>(std::filesystem::file_size(file)));

  // Restart: the dump's last frame is the engine's state, bit for bit, and
  // a new engine starts from it.
  std::ifstream in(dump_path, std::ios::binary);
  std::optional<carom::lammps_frame<double, 2>> last;
  while (auto frame = carom::read_lammps_frame<double, 2>(in)) last = std::move(frame);
  if (!last) throw carom::invalid_input("disks_viewer: no frame in " + dump_path.string());
  const auto& state = engine.state();
  bool identical = last->particles.size() == state.size();
  for (std::size_t i = 0; identical && i < state.size(); ++i)
    identical = last->particles.positions()[i] == state.positions()[i] &&
                last->particles.velocities()[i] == state.velocities()[i];
  engine_type restarted(last->container(), last->particles);
  restarted.run_until(1.0);
  std::printf("  restart from the last frame (t = %g): %s the engine's state; %llu collisions "
              "in one more time unit\n",
              last->time.value_or(0), identical ? "identical to" : "DIFFERENT FROM",
              static_cast<unsigned long long>(restarted.pair_collisions()));
  return identical ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) try {
  return run(parse(argc, argv));
} catch (const std::exception& error) {
  std::fprintf(stderr, "disks_viewer: %s\n", error.what());
  return 2;
}
