// SPDX-License-Identifier: MIT
// Uniaxial (oedometric) compression of a granular packing by a piston:
// soft beads settle under gravity in a box with rigid side walls, then a
// plane above them moves down at a constant speed (carom::wall_motion) and
// squeezes the bed. Prints the piston's force against its displacement,
// with the axial stress F/A and the floor's load, which carries the
// piston's force plus the beads' weight less what wall friction holds
// (Janssen). One material (carom::material_table): Hertz with e = 0.5
// (E = 10 MPa, ν = 0.25), Mindlin spring 8 G*, μ = 0.5; rigid walls;
// velocity Verlet.
//
//   compression [--n N] [--strain EPS] [--speed V] [--rows K] [--settle SECONDS]
#include <carom/carom.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <random>

#include "command_line.hpp"

int main(int argc, char** argv) try {
  using T = double;
  std::size_t n = 1000, rows = 20;
  double strain = 0.15, speed = 0.02, settle_time = 2;
  const example::command_line args(
      "compression",
      "Beads of radius 1 mm (Hertz, e = 0.5, E = 10 MPa; friction 0.5) settle in a box\n"
      "20 radii wide; a piston then compresses the bed at a constant speed. Prints the\n"
      "piston's displacement, its force and the axial stress, and the floor's load.",
      {{"--n", &n, "N", "number of beads"},
       {"--strain", &strain, "EPS", "compression, as a fraction of the settled bed's height"},
       {"--speed", &speed, "M/S", "piston speed (m/s)"},
       {"--rows", &rows, "K", "rows of output over the compression"},
       {"--settle", &settle_time, "SECONDS", "longest settling before the piston starts"}});
  args.parse(argc, argv);
  if (n == 0) args.fail("--n must be > 0");
  if (!(strain > 0 && strain < 0.5)) args.fail("--strain must be in (0, 0.5)");
  if (!(speed > 0)) args.fail("--speed must be > 0");
  if (rows == 0) args.fail("--rows must be > 0");
  if (!(settle_time > 0)) args.fail("--settle must be > 0");

  const T radius = 1e-3, density = 2500, g = 9.81;
  const T mass = carom::solid_mass<3>(density, radius);
  const T width = 20 * radius, gap = T(2.2) * radius;
  const auto side = std::size_t(width / gap);
  const std::size_t layers = (n + side * side - 1) / (side * side);
  const T height = T(layers + 2) * gap * T(1.5);
  const carom::box<T, 3> box({}, {width, width, height},
                             {carom::boundary::wall, carom::boundary::wall, carom::boundary::wall});
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<T> jitter(-0.05 * radius, 0.05 * radius);
  carom::particles<T, 3> beads;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t layer = i / (side * side), row = i % (side * side) / side, column = i % side;
    beads.add({.position = {gap * (T(column) + T(0.5)) + jitter(rng),
                            gap * (T(row) + T(0.5)) + jitter(rng), gap * (T(layer) + T(0.5))},
               .radius = radius,
               .mass = mass});
  }
  // One material; without a wall material the walls are rigid, with the
  // beads' restitution and friction against them.
  using law = carom::hertz<T>;
  carom::dem_params<T, 3, law> params{
      .gravity = {0, 0, -g},
      .max_impact_speed = T(1),
      .steps_per_contact = 20,
      .materials = carom::material_table<T>({{.youngs_modulus = 1e7,
                                              .poisson_ratio = 0.25,
                                              .density = density,
                                              .restitution = 0.5,
                                              .friction = 0.5}})};

  // Settling: until the beads are nearly at rest.
  carom::dem<T, 3, law> settle(box, beads, params);
  const auto settle_steps = std::size_t(0.02 / double(settle.time_step()));
  while (settle.time() < settle_time) {
    settle.run(settle_steps);
    if (settle.kinetic_energy() < 1e-6 * T(n) * mass * g * radius) break;
  }
  const auto& bed = settle.state();
  T top = 0;
  for (std::size_t i = 0; i < n; ++i) top = std::max(top, bed.positions()[i][2] + radius);
  std::printf("%zu beads settled in %.2f s, bed height %.2f mm, dt = %.3g s\n", n, settle.time(),
              1e3 * top, double(settle.time_step()));

  // The piston: a plane just above the bed, its normal down, moving down.
  // (The settled state starts a new engine: contact histories start again.)
  params.planes = {carom::plane<T, 3>::through({0, 0, top + T(0.01) * radius}, {0, 0, -1})};
  params.plane_motions = {{.velocity = {0, 0, -T(speed)}}};
  carom::dem<T, 3, law> press(box, bed, params);
  const std::size_t piston = press.walls().size() - 1, floor = 4;  // the box's z = 0 wall
  const T area = width * width, weight = T(n) * mass * g;
  const T travel = T(strain) * top;
  const auto steps = std::size_t(travel / T(speed) / press.time_step());
  const std::size_t every = std::max<std::size_t>(1, steps / rows);
  std::printf("piston at %.3f m/s over %.3f mm (strain %.3f); bed weight %.4g N\n", speed,
              1e3 * travel, strain, double(weight));
  std::printf("%14s %14s %16s %16s %12s\n", "displacement", "piston force", "axial stress",
              "floor load", "contacts/N");
  std::printf("%14s %14s %16s %16s %12s\n", "(mm)", "(N)", "(Pa)", "(N)", "");
  press.run(steps, [&](const auto& e) {
    if (e.steps() % every != 0) return;
    const auto forces = e.wall_forces();
    const T push = forces[piston][2];  // the beads push the piston up
    std::printf("%14.4f %14.5g %16.5g %16.5g %12.2f\n", 1e3 * T(speed) * e.time(), double(push),
                double(push / area), double(-forces[floor][2]),
                double(e.contact_count()) / double(e.size()));
    std::fflush(stdout);
  });
} catch (const std::exception& error) {
  std::fprintf(stderr, "compression: %s\n", error.what());
  return 1;
}
