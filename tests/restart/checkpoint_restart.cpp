// SPDX-License-Identifier: MIT
// A run continued in another process (docs/restart.md): for each engine,
//   checkpoint_restart <engine> whole <out>        runs 2n, saves to out;
//   checkpoint_restart <engine> first <out>        runs n, saves to out;
//   checkpoint_restart <engine> second <in> <out>  builds the engine anew,
//                                                  loads in, runs n, saves.
// restart.cmake checks that the "whole" and "second" files are identical
// byte for byte, that is, the two runs end in the same state bit for bit.
// <engine>: event_driven (φ = 0.45), dem (frictional beads under gravity)
// or impulse_stepped.
#include <carom/carom.hpp>
#include <carom/io/checkpoint.hpp>

#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <random>
#include <string>

namespace {

template <class Engine>
int play(Engine engine, std::uint64_t n, const std::string& mode, const char* in, const char* out) {
  if (mode == "whole") engine.run(2 * n);
  else if (mode == "first") engine.run(n);
  else if (mode == "second") {
    carom::load_checkpoint(engine, std::filesystem::path(in));
    engine.run(n);
  } else {
    std::fprintf(stderr, "unknown mode '%s'\n", mode.c_str());
    return 2;
  }
  carom::save_checkpoint(engine, std::filesystem::path(out));
  return 0;
}

}  // namespace

int main(int argc, char** argv) try {
  const std::string kind = argc > 2 ? argv[1] : "";
  const std::string mode = argc > 2 ? argv[2] : "";
  const int files = mode == "second" ? 2 : 1;
  if (argc != 3 + files) {
    std::fprintf(stderr, "usage: checkpoint_restart <engine> whole|first|second [in] <out>\n");
    return 2;
  }
  const char* in = argv[3];
  const char* out = argv[2 + files];
  std::mt19937_64 generator(7);
  if (kind == "event_driven") {
    auto scene = carom::lattice<double, 3>(4, 0.45, carom::boundary::periodic);
    carom::maxwell_boltzmann(scene.particles, 1.0, generator);
    return play(carom::event_driven<double, 3>(scene.container, scene.particles), 20000, mode, in,
                out);
  }
  if (kind == "dem") {
    auto scene = carom::lattice<float, 2>(8, 0.6f, carom::boundary::wall, 0.01f, 1.0f);
    carom::maxwell_boltzmann(scene.particles, 0.25f, generator);
    const carom::dem_params<float, 2, carom::hertz<float>> p{
        .pair_law = carom::hertz<float>::from_restitution(1e7f, 0.8f),
        .pair_tangential = {.friction = 0.5f, .stiffness = 2e8f, .damping = 0.1f},
        .gravity = {0.0f, -9.81f},
        .max_impact_speed = 2.0f};
    return play(carom::dem<float, 2, carom::hertz<float>>(scene.container, scene.particles, p),
                3000, mode, in, out);
  }
  if (kind == "impulse_stepped") {
    auto scene = carom::lattice<double, 2>(12, 0.45, carom::boundary::wall);
    carom::maxwell_boltzmann(scene.particles, 1.0, generator);
    const carom::impulse_stepped_params<double, 2, carom::elastic> p{.gravity = {0.0, -1.0},
                                                                     .time_step = 0.01};
    return play(carom::impulse_stepped<double, 2>(scene.container, scene.particles, p), 300, mode,
                in, out);
  }
  std::fprintf(stderr, "unknown engine '%s'\n", kind.c_str());
  return 2;
} catch (const std::exception& e) {
  std::fprintf(stderr, "checkpoint_restart: %s\n", e.what());
  return 1;
}
