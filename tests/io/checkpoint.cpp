// SPDX-License-Identifier: MIT
// Checkpoints (docs/restart.md): a run saved after n steps (or pair
// collisions), loaded into a freshly constructed engine and continued for n
// more ends bit for bit where an uninterrupted run of 2n ends, for every
// engine, float and double, 2D and 3D; every rejected file names its cause
// and leaves the engine exactly as it was.
#include <carom/carom.hpp>
#include <carom/io/checkpoint.hpp>
#include <carom/io/observers.hpp>

#include <bit>
#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <sstream>
#include <streambuf>
#include <string>

#include "dem_support.hpp"
#include "impulse_support.hpp"
#include "support.hpp"

namespace {

template <class T, std::size_t D>
struct ckpt_space {
  using scalar = T;
  static constexpr std::size_t dimension = D;
};

template <class T>
[[nodiscard]] auto ckpt_bits(T x) {
  if constexpr (sizeof(T) == 4) return std::bit_cast<std::uint32_t>(x);
  else return std::bit_cast<std::uint64_t>(x);
}

template <class T, std::size_t D>
[[nodiscard]] bool ckpt_same_bits(const carom::vec<T, D>& a, const carom::vec<T, D>& b) {
  for (std::size_t k = 0; k < D; ++k)
    if (ckpt_bits(a[k]) != ckpt_bits(b[k])) return false;
  return true;
}
template <class T>
  requires std::floating_point<T>
[[nodiscard]] bool ckpt_same_bits(T a, T b) {
  return ckpt_bits(a) == ckpt_bits(b);
}

/// The index of the first particle whose position, velocity or angular
/// velocity differs in any bit, or size() if none does.
template <class T, std::size_t D>
[[nodiscard]] std::size_t ckpt_first_difference(const carom::particles<T, D>& a,
                                                const carom::particles<T, D>& b) {
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!ckpt_same_bits(a.positions()[i], b.positions()[i]) ||
        !ckpt_same_bits(a.velocities()[i], b.velocities()[i]) ||
        !ckpt_same_bits(a.angular_velocities()[i], b.angular_velocities()[i]))
      return i;
  return a.size();
}

template <class Engine>
[[nodiscard]] std::string ckpt_bytes(const Engine& e) {
  std::ostringstream out;
  carom::save_checkpoint(e, out);
  return out.str();
}

template <class Engine>
void ckpt_load(Engine& e, const std::string& bytes) {
  std::istringstream in(bytes);
  carom::load_checkpoint(e, in);
}

/// An equal-sphere gas at φ = 0.45 (108 spheres in 3D, 144 disks in 2D).
template <class T, std::size_t D>
[[nodiscard]] carom::lattice_result<T, D> ckpt_gas(carom::boundary kind) {
  return impulse_test::gas<T, D>(D == 3 ? 3 : 12, T(0.45), kind);
}

/// Beads of 1 cm, 1 kg, 0.5 m/s typical speed, packed close on a lattice in
/// a walled box under gravity: they collide within a few hundred steps.
template <class T, std::size_t D>
[[nodiscard]] carom::lattice_result<T, D> ckpt_beads() {
  auto scene = carom::lattice<T, D>(D == 3 ? 2 : 6, T(D == 3 ? 0.5 : 0.6), carom::boundary::wall,
                                    T(0.01), T(1));
  std::mt19937_64 generator(11);
  carom::maxwell_boltzmann(scene.particles, T(0.25), generator);
  return scene;
}

template <class T, std::size_t D>
[[nodiscard]] carom::dem_params<T, D, carom::hertz<T>> ckpt_dem_params() {
  auto p = dem_test::hertz_params<T, D>(T(0.1));
  p.gravity = dem_test::at<T, D>(T(0), T(-9.81), T(0));
  return p;
}

using ckpt_spaces = std::tuple<ckpt_space<float, 2>, ckpt_space<float, 3>, ckpt_space<double, 2>,
                               ckpt_space<double, 3>>;

}  // namespace

TEMPLATE_LIST_TEST_CASE("checkpoint: event-driven continuation at phi = 0.45 is bit for bit",
                        "[io][checkpoint]", ckpt_spaces) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dimension;
  using engine = carom::event_driven<T, D>;
  const auto scene = ckpt_gas<T, D>(carom::boundary::periodic);
  // 4000 collisions are ~10^4 events: the save and the continuation both
  // fall after epoch moves and a renumbering (every 4096 events at most).
  const std::uint64_t half = 4000;
  engine whole(scene.container, scene.particles);
  whole.run(2 * half);
  engine first(scene.container, scene.particles);
  first.run(half);
  REQUIRE(first.events() > 4096);
  const std::string file = ckpt_bytes(first);
  engine second(scene.container, scene.particles);
  ckpt_load(second, file);
  CHECK(ckpt_bytes(second) == file);
  second.run(half);
  first.run(half);  // saving changed nothing
  CHECK(second.events() == whole.events());
  CHECK(second.pair_collisions() == whole.pair_collisions());
  CHECK(ckpt_same_bits(second.time(), whole.time()));
  CHECK(ckpt_same_bits(second.collisional_virial(), whole.collisional_virial()));
  CHECK(ckpt_first_difference(second.state(), whole.state()) == scene.particles.size());
  CHECK(ckpt_first_difference(first.state(), whole.state()) == scene.particles.size());
}

TEST_CASE("checkpoint: event-driven with walls, gravity, cell lists and a binary heap",
          "[io][checkpoint]") {
  using engine = carom::event_driven<double, 3, carom::elastic,
                                     carom::event_policies<carom::cell_lists, carom::binary_heap_queue>>;
  const auto scene = ckpt_gas<double, 3>(carom::boundary::wall);
  const engine::params p{.gravity = {0, 0, -1.0}};
  const std::uint64_t half = 3000;
  engine whole(scene.container, scene.particles, p);
  whole.run(2 * half);
  engine first(scene.container, scene.particles, p);
  first.run(half);
  engine second(scene.container, scene.particles, p);
  ckpt_load(second, ckpt_bytes(first));
  second.run(half);
  CHECK(second.wall_collisions() == whole.wall_collisions());
  CHECK(ckpt_same_bits(second.wall_pressure(), whole.wall_pressure()));
  CHECK(ckpt_first_difference(second.state(), whole.state()) == scene.particles.size());
}

TEMPLATE_LIST_TEST_CASE("checkpoint: DEM continuation with friction history is bit for bit",
                        "[io][checkpoint]", ckpt_spaces) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dimension;
  using engine = carom::dem<T, D, carom::hertz<T>>;
  const auto scene = ckpt_beads<T, D>();
  const auto p = ckpt_dem_params<T, D>();
  const std::uint64_t half = 3000;
  const auto prepare = [&](engine& e) {
    e.fix(0);  // a fixed bead and a bead that slides without rolling
    e.lock_rotation(1);
  };
  engine whole(scene.container, scene.particles, p);
  prepare(whole);
  whole.run(2 * half);
  engine first(scene.container, scene.particles, p);
  prepare(first);
  first.run(half);
  // The save holds tangential springs (stretched by sliding contacts).
  bool stretched = false;
  for (const auto& spring : first.neighbours().payload()) stretched |= spring != carom::vec<T, D>{};
  REQUIRE(stretched);
  REQUIRE(first.contact_count() > 0);
  engine second(scene.container, scene.particles, p);
  ckpt_load(second, ckpt_bytes(first));
  second.run(half);
  CHECK(second.steps() == whole.steps());
  CHECK(second.contact_count() == whole.contact_count());
  CHECK(second.neighbours().builds() == whole.neighbours().builds());
  CHECK(ckpt_first_difference(second.state(), whole.state()) == scene.particles.size());
  bool same_forces = true;
  for (std::size_t i = 0; i < scene.particles.size(); ++i)
    same_forces &= ckpt_same_bits(second.forces()[i], whole.forces()[i]);
  CHECK(same_forces);
  // The fixed and locked beads stay so.
  CHECK(second.velocities()[0] == carom::vec<T, D>{});
}

TEMPLATE_LIST_TEST_CASE("checkpoint: impulse-mode continuation is bit for bit", "[io][checkpoint]",
                        ckpt_spaces) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dimension;
  using engine = carom::impulse_stepped<T, D, carom::elastic>;
  const auto scene = ckpt_gas<T, D>(carom::boundary::wall);
  typename engine::params p{.time_step = T(0.01)};
  p.gravity[D - 1] = T(-1);
  const std::uint64_t half = 200;
  engine whole(scene.container, scene.particles, p);
  whole.run(half);
  engine first(scene.container, scene.particles, p);
  first.run(half);
  first.set_time_step(T(0.02));  // the time step is state too
  whole.set_time_step(T(0.02));
  engine second(scene.container, scene.particles, p);
  ckpt_load(second, ckpt_bytes(first));
  second.run(half);
  whole.run(half);
  CHECK(second.steps() == whole.steps());
  CHECK(ckpt_same_bits(second.time(), whole.time()));
  CHECK(second.pair_collisions() == whole.pair_collisions());
  CHECK(second.wall_collisions() == whole.wall_collisions());
  CHECK(ckpt_first_difference(second.state(), whole.state()) == scene.particles.size());
}
