// SPDX-License-Identifier: MIT
// A few thousand soft beads poured into a box settle to rest under
// gravity: Hertz with restitution e = 0.5 (k = 4/3 E* √R*, E = 10 MPa,
// ν = 0.25: a soft material keeps the contact long and the example fast),
// Mindlin tangential spring 8 G*, μ = 0.5, velocity Verlet, 20 steps per
// contact at the fastest impact.
// Prints the kinetic energy as it decays, with a progress note (done, rate,
// ETA); a settled bed ends with KE many orders of magnitude below the pour's.
// A long run can save checkpoints and be continued from one, bit for bit
// (docs/restart.md).
//
//   settling [--n N] [--time SECONDS] [--checkpoint-every K]
//            [--checkpoint-file FILE] [--restart FILE]
#include <carom/carom.hpp>
#include <carom/io/checkpoint.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <random>
#include <string>

#include "command_line.hpp"

int main(int argc, char** argv) try {
  using T = double;
  std::size_t n = 2000;
  double duration = 0.5;
  std::size_t checkpoint_every = 0;
  std::string checkpoint_file = "settling.ckpt";
  std::string restart;
  const example::command_line args(
      "settling",
      "Soft beads (radius 1 mm, 2500 kg/m^3; Hertz, e = 0.5, E = 10 MPa; friction 0.5)\n"
      "poured into a box 40 radii wide settle under gravity; prints the kinetic energy as\n"
      "it decays, with progress (done, rate, ETA).",
      {{"--n", &n, "N", "number of beads"},
       {"--time", &duration, "SECONDS", "simulated time, in seconds (in all, when restarting)"},
       {"--checkpoint-every", &checkpoint_every, "K",
        "save a checkpoint every K steps (0: never), replacing\nthe last one atomically"},
       {"--checkpoint-file", &checkpoint_file, "FILE", "where --checkpoint-every saves"},
       {"--restart", &restart, "FILE",
        "continue the run saved in FILE (give the same --n)"}});
  args.parse(argc, argv);
  if (n == 0) args.fail("--n must be > 0");
  if (!(duration > 0)) args.fail("--time must be > 0");
  const T radius = 1e-3, density = 2500;
  const T mass = density * T(4) / T(3) * carom::pi<T> * radius * radius * radius;
  // Beads on a loose random lattice high in a box 40 × 40 radii wide.
  const T width = 40 * radius, gap = T(2.4) * radius;
  const auto per_layer = std::size_t(width / gap) * std::size_t(width / gap);
  const std::size_t layers = n / per_layer + 2;  // whole layers, two spare
  const T height = T(layers) * gap * T(1.2);
  const carom::box<T, 3> box({}, {width, width, height},
                             {carom::boundary::wall, carom::boundary::wall, carom::boundary::wall});
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<T> jitter(-0.1 * radius, 0.1 * radius);
  carom::particles<T, 3> beads;
  const auto side = std::size_t(width / gap);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t layer = i / per_layer, row = i % per_layer / side, column = i % side;
    beads.add({.position = {gap * (T(column) + T(0.5)) + jitter(rng),
                            gap * (T(row) + T(0.5)) + jitter(rng),
                            gap * (T(layer) + T(0.5))},
               .radius = radius,
               .mass = mass});
  }
  // Material: E* for two beads, R* = R/2; rigid walls, R* = R.
  const T youngs = 1e7, poisson = 0.25;
  const T e_star = carom::effective_youngs_modulus(youngs, poisson, youngs, poisson);
  const T g_star = carom::effective_shear_modulus(carom::shear_modulus(youngs, poisson), poisson,
                                                  carom::shear_modulus(youngs, poisson), poisson);
  const T e_wall = carom::effective_youngs_modulus(youngs, poisson, carom::infinity<T>, poisson);
  using law = carom::hertz<T>;
  carom::dem_params<T, 3, law> params{
      .pair_law = law::from_restitution(carom::hertz_stiffness(e_star, radius / 2), T(0.5)),
      .wall_law = law::from_restitution(carom::hertz_stiffness(e_wall, radius), T(0.5)),
      .pair_tangential = {.friction = T(0.5), .stiffness = 8 * g_star, .damping = T(0)},
      .gravity = {0, 0, T(-9.81)},
      .max_impact_speed = std::sqrt(T(2) * T(9.81) * height),
      .steps_per_contact = 20};
  carom::dem<T, 3, law, carom::velocity_verlet> engine(box, beads, params);
  if (!restart.empty()) carom::load_checkpoint(engine, std::filesystem::path(restart));
  std::printf("%zu beads, box %.0f x %.0f x %.0f mm, dt = %.3g s\n", n, 1e3 * width, 1e3 * width,
              1e3 * height, double(engine.time_step()));
  std::printf("%10s %14s %14s %10s\n", "t (s)", "KE (J)", "KE_rot (J)", "contacts/N");
  const auto steps = std::size_t(duration / double(engine.time_step()));
  const std::size_t every = std::max<std::size_t>(1, steps / 20);
  const std::size_t resumed = engine.steps();  // 0 unless restarting
  if (resumed > 0) std::printf("restarted from %s at step %zu\n", restart.c_str(), resumed);
  const auto start = std::chrono::steady_clock::now();
  engine.run(steps > resumed ? steps - resumed : 0, [&](const auto& e) {
    if (checkpoint_every > 0 && e.steps() % checkpoint_every == 0)
      carom::save_checkpoint(e, std::filesystem::path(checkpoint_file));
    if (e.steps() % every != 0) return;
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double done = double(e.steps() - resumed);
    const double eta = elapsed * double(steps - e.steps()) / done;
    std::printf("%10.4f %14.4e %14.4e %10.2f   [%3.0f%%, %.1f M particle-steps/s, ETA %.0f s]\n",
                e.time(), double(e.kinetic_energy()), double(e.rotational_energy()),
                double(e.contact_count()) / double(e.size()), 100.0 * double(e.steps()) / double(steps),
                double(e.size()) * done / elapsed / 1e6, eta);
    std::fflush(stdout);  // live through a pipe
  });
} catch (const std::exception& error) {
  std::fprintf(stderr, "settling: %s\n", error.what());
  return 1;
}
