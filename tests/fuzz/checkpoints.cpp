// SPDX-License-Identifier: MIT
// Fuzzes the checkpoint reader (io/checkpoint.hpp) of the three engines on
// small scenes, float and double, 2D and 3D, and of a DEM engine loading
// the file of one whose particles were removed and added (which carries
// them: header flag 1), and of a DEM engine with carom::jkr and a spinning
// cylinder (3D) or circle (2D) whose pairs and wall contacts are attached
// (the file carries the attached flags). The bytes after the selectors
// become, by the mode byte:
//   0: the whole file, as given;
//   1: a payload, sealed with the header of a real checkpoint and a valid
//      checksum, so that the payload parser sees it;
//   2: edits (position, value) of a real checkpoint's payload, sealed
//      again: files that pass every check but one;
//   3: the same after the header's flags (the first 4 bytes).
// On every input load_checkpoint either throws carom::invalid_input and
// the engine saves to exactly the same bytes as before (nothing changed),
// or it accepts the file, and then saving again gives back the very file
// read (everything read was kept, and nothing else).

#include <carom/carom.hpp>
#include <carom/io/checkpoint.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz_input.hpp"

namespace {

using carom_fuzz::check;
using carom_fuzz::fuzz_input;

template <class Engine>
std::string ckpt_fuzz_bytes(const Engine& e) {
  std::ostringstream out;
  carom::save_checkpoint(e, out);
  return out.str();
}

/// The header of `like` (a checkpoint, or a header) around a new payload,
/// with its checksum.
std::string ckpt_fuzz_seal(const std::string& like, const std::string& payload) {
  std::string file = like.substr(0, carom::detail::checkpoint_header_size) + payload;
  for (std::size_t k = 0; k < 8; ++k)
    file[48 + k] = static_cast<char>((std::uint64_t(payload.size()) >> (8 * k)) & 0xFF);
  carom::detail::checkpoint_checksum checksum;
  checksum.add(file);
  std::uint64_t sum = checksum.value();
  for (std::size_t k = 0; k < 8; ++k, sum >>= 8) file.push_back(static_cast<char>(sum & 0xFF));
  return file;
}

/// Loads a file made from the bytes `rest` (see the file comment) and the
/// real checkpoint `like` into e.
template <class Engine>
void try_load(Engine& e, const std::string& like, fuzz_input& in, const std::uint8_t* rest,
              std::size_t size) {
  const std::string before = ckpt_fuzz_bytes(e);
  const std::vector<std::uint8_t> bytes(rest, rest + size);
  std::string file;
  const std::size_t mode = in.choice(4);
  switch (mode) {
    case 0: file.assign(bytes.begin(), bytes.end()); break;
    case 1: file = ckpt_fuzz_seal(like, std::string(bytes.begin(), bytes.end())); break;
    default: {
      std::string header = like.substr(0, carom::detail::checkpoint_header_size);
      std::size_t k = 0;
      for (; mode == 3 && k < 4 && k < bytes.size(); ++k)
        header[36 + k] = static_cast<char>(bytes[k]);
      std::string payload(like.begin() + carom::detail::checkpoint_header_size, like.end() - 8);
      for (; k + 2 < bytes.size(); k += 3)
        payload[(bytes[k] | (std::size_t(bytes[k + 1]) << 8)) % payload.size()] =
            static_cast<char>(bytes[k + 2]);
      file = ckpt_fuzz_seal(header, payload);
    }
  }
  std::istringstream stream(file);
  try {
    carom::load_checkpoint(e, stream);
  } catch (const carom::invalid_input&) {
    check(ckpt_fuzz_bytes(e) == before, "a rejected checkpoint changed the engine");
    return;
  }
  check(ckpt_fuzz_bytes(e) == file, "an accepted checkpoint does not save back to itself");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz_input in(data, size);
  const std::size_t engine = in.choice(5);
  carom_fuzz::with_config(in, [&]<class T, std::size_t D>() {
    const std::size_t selectors = std::min<std::size_t>(size, 3);  // engine, config, mode
    const std::uint8_t* rest = data + selectors;
    const std::size_t rest_size = size - selectors;
    auto scene = carom::lattice<T, D>(2, T(0.3), carom::boundary::wall, T(0.01), T(1));
    const auto v = scene.particles.velocities();
    for (std::size_t i = 0; i < v.size(); ++i) v[i][0] = T(0.05) * T(int(i % 3) - 1);
    const carom::dem_params<T, D, carom::hertz<T>> p{
        .pair_law = carom::hertz<T>::from_restitution(T(1e7), T(0.8)),
        .pair_tangential = {.friction = T(0.5), .stiffness = T(2e8)}};
    using dem = carom::dem<T, D, carom::hertz<T>>;
    if (engine == 0) {
      carom::event_driven<T, D> e(scene.container, scene.particles);
      e.run_until(0.1);
      try_load(e, ckpt_fuzz_bytes(e), in, rest, rest_size);
    } else if (engine == 1) {
      dem e(scene.container, scene.particles, p);
      e.run(3);
      try_load(e, ckpt_fuzz_bytes(e), in, rest, rest_size);
    } else if (engine == 2) {
      carom::impulse_stepped<T, D> e(scene.container, scene.particles, {.time_step = T(0.01)});
      e.run(3);
      try_load(e, ckpt_fuzz_bytes(e), in, rest, rest_size);
    } else if (engine == 4) {
      // Two beads of radius 5 mm inside a drum of radius 15 mm about the
      // middle of the box, spinning at 2 rad/s: one touching the drum, the
      // other touching it, each at the JKR overlap δ₀ of zero load (R* =
      // 2.5 mm between the beads, 5 mm at the drum), so that both contacts
      // are attached when the file is written.
      using law = carom::jkr<T>;
      const T r = T(0.005), drum = T(0.015);
      const auto adhesive = [](T effective_radius) {
        return law({.youngs_modulus = T(1e7), .effective_radius = effective_radius,
                    .work_of_adhesion = T(10), .damping = T(0.5)});
      };
      const law pair_law = adhesive(r / 2), wall_law = adhesive(r);
      const auto box = carom::box<T, D>::cube(T(0.04), carom::boundary::wall);
      carom::vec<T, D> middle{};
      for (std::size_t a = 0; a < D; ++a) middle[a] = T(0.02);
      carom::vec<T, D> x = middle;
      x[0] += drum - r + wall_law.equilibrium_overlap();  // ρ = R − r + δ₀
      carom::particles<T, D> beads;
      (void)beads.add({.position = x, .radius = r, .mass = T(1e-3)});
      x[0] -= T(2) * r - pair_law.equilibrium_overlap();
      (void)beads.add({.position = x, .radius = r, .mass = T(1e-3)});
      carom::dem_params<T, D, law> params{.pair_law = pair_law,
                                          .wall_law = wall_law,
                                          .pair_tangential = {.friction = T(0.4), .stiffness = T(2e5)},
                                          .max_impact_speed = T(0.1)};
      if constexpr (D == 3)
        params.cylinders = {carom::cylinder<T, D>::around(middle, {T(0), T(0), T(1)}, drum,
                                                          carom::cylinder_side::inside, T(2))};
      else
        params.cylinders = {
            carom::cylinder<T, D>::circle(middle, drum, carom::cylinder_side::inside, T(2))};
      params.gravity[1] = T(-9.81);
      carom::dem<T, D, law> e(box, beads, params);
      e.run(3);
      check(e.contact_count() == 2, "checkpoints: the JKR beads are not both in contact");
      try_load(e, ckpt_fuzz_bytes(e), in, rest, rest_size);
    } else {
      // Particles 1 and 4 leave, a smaller and lighter one enters where 1
      // was: the file carries the particle set.
      dem changed(scene.container, scene.particles, p);
      changed.run(3);
      const carom::particle_params<T, D> added{.position = changed.positions()[1],
                                               .radius = T(0.8) * changed.radii()[1],
                                               .mass = T(0.5) * changed.masses()[1]};
      changed.remove_if([](std::size_t i) { return i == 1 || i == 4; });
      changed.add(std::span(&added, 1));
      changed.run(2);
      dem e(scene.container, scene.particles, p);
      try_load(e, ckpt_fuzz_bytes(changed), in, rest, rest_size);
    }
  });
  return 0;
}
