// SPDX-License-Identifier: MIT
// Fuzzes the checkpoint reader (io/checkpoint.hpp) of the three engines on
// small scenes, float and double, 2D and 3D. The bytes after the selectors
// become, by the mode byte:
//   0: the whole file, as given;
//   1: a payload, sealed with the engine's own header and a valid
//      checksum, so that the payload parser sees it;
//   2: edits (position, value) of a real checkpoint's payload of the
//      engine, sealed again: files that pass every check but one.
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

/// The header of `like` around a new payload, with its checksum.
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

template <class Engine>
void try_load(Engine& e, fuzz_input& in, const std::uint8_t* rest, std::size_t size) {
  const std::string before = ckpt_fuzz_bytes(e);
  const std::vector<std::uint8_t> bytes(rest, rest + size);
  std::string file;
  switch (in.choice(3)) {
    case 0: file.assign(bytes.begin(), bytes.end()); break;
    case 1: file = ckpt_fuzz_seal(before, std::string(bytes.begin(), bytes.end())); break;
    default: {
      std::string payload(before.begin() + carom::detail::checkpoint_header_size, before.end() - 8);
      for (std::size_t k = 0; k + 2 < bytes.size(); k += 3)
        payload[(bytes[k] | (std::size_t(bytes[k + 1]) << 8)) % payload.size()] =
            static_cast<char>(bytes[k + 2]);
      file = ckpt_fuzz_seal(before, payload);
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
  const std::size_t engine = in.choice(3);
  carom_fuzz::with_config(in, [&]<class T, std::size_t D>() {
    const std::size_t selectors = std::min<std::size_t>(size, 3);  // engine, config, mode
    const std::uint8_t* rest = data + selectors;
    const std::size_t rest_size = size - selectors;
    auto scene = carom::lattice<T, D>(2, T(0.3), carom::boundary::wall, T(0.01), T(1));
    const auto v = scene.particles.velocities();
    for (std::size_t i = 0; i < v.size(); ++i) v[i][0] = T(0.05) * T(int(i % 3) - 1);
    if (engine == 0) {
      carom::event_driven<T, D> e(scene.container, scene.particles);
      e.run_until(0.1);
      try_load(e, in, rest, rest_size);
    } else if (engine == 1) {
      carom::dem_params<T, D, carom::hertz<T>> p{
          .pair_law = carom::hertz<T>::from_restitution(T(1e7), T(0.8)),
          .pair_tangential = {.friction = T(0.5), .stiffness = T(2e8)}};
      carom::dem<T, D, carom::hertz<T>> e(scene.container, scene.particles, p);
      e.run(3);
      try_load(e, in, rest, rest_size);
    } else {
      carom::impulse_stepped<T, D> e(scene.container, scene.particles, {.time_step = T(0.01)});
      e.run(3);
      try_load(e, in, rest, rest_size);
    }
  });
  return 0;
}
