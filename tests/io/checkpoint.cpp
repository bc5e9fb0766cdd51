// SPDX-License-Identifier: MIT
// Checkpoints (docs/restart.md): a run saved after n steps (or pair
// collisions), loaded into a freshly constructed engine and continued for n
// more ends bit for bit where an uninterrupted run of 2n ends, for every
// engine, float and double, 2D and 3D; every rejected file names its cause
// and leaves the engine exactly as it was.
#include <carom/carom.hpp>
#include <carom/io/checkpoint.hpp>
#include <carom/io/observers.hpp>

#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <span>
#include <streambuf>
#include <string>
#include <vector>

#include "checkpoint_support.hpp"
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
  const std::string file = carom_test::checkpoint_bytes(first);
  engine second(scene.container, scene.particles);
  carom_test::load_checkpoint_bytes(second, file);
  CHECK(carom_test::checkpoint_bytes(second) == file);
  second.run(half);
  first.run(half);  // saving changed nothing
  CHECK(second.events() == whole.events());
  CHECK(second.pair_collisions() == whole.pair_collisions());
  CHECK(ckpt_same_bits(second.time(), whole.time()));
  CHECK(ckpt_same_bits(second.collisional_virial(), whole.collisional_virial()));
  CHECK(ckpt_first_difference(second.state(), whole.state()) == scene.particles.size());
  CHECK(ckpt_first_difference(first.state(), whole.state()) == scene.particles.size());
}

// Cages of half-width 0.5 σ make lists longer than a row (15 entries): the
// spilled entries are saved and restored in order too.
TEST_CASE("checkpoint: event-driven with long neighbour lists is bit for bit",
          "[io][checkpoint]") {
  using engine = carom::event_driven<double, 3>;
  // 256 spheres: the box must be three cages plus σ wide.
  const auto scene = impulse_test::gas<double, 3>(4, 0.45, carom::boundary::periodic);
  const engine::params p{.search = {.cage_half_width = 0.5}};
  const std::uint64_t half = 4000;
  engine whole(scene.container, scene.particles, p);
  whole.run(2 * half);
  engine first(scene.container, scene.particles, p);
  first.run(half);
  const std::string file = carom_test::checkpoint_bytes(first);
  engine second(scene.container, scene.particles, p);
  carom_test::load_checkpoint_bytes(second, file);
  CHECK(carom_test::checkpoint_bytes(second) == file);
  second.run(half);
  CHECK(second.events() == whole.events());
  CHECK(ckpt_first_difference(second.state(), whole.state()) == scene.particles.size());
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
  carom_test::load_checkpoint_bytes(second, carom_test::checkpoint_bytes(first));
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
  carom_test::load_checkpoint_bytes(second, carom_test::checkpoint_bytes(first));
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

TEMPLATE_LIST_TEST_CASE("checkpoint: DEM continuation with DMT adhesion is bit for bit",
                        "[io][checkpoint][adhesion]", ckpt_spaces) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dimension;
  using law = carom::dmt<T>;
  using engine = carom::dem<T, D, law>;
  const auto scene = ckpt_beads<T, D>();  // radius 1 cm: R* = 5 mm between beads, 1 cm at a wall
  const auto adhesive = [](T effective_radius, T gamma) {
    return law({.youngs_modulus = T(1e7), .effective_radius = effective_radius,
                .work_of_adhesion = gamma, .damping = T(0.5)});
  };
  // F_po = 2πγR* ≈ 0.3 N against a weight of 9.8 N: beads stick, and slide.
  const auto params = [&](T gamma) {
    carom::dem_params<T, D, law> p{.pair_law = adhesive(T(0.005), gamma),
                                   .wall_law = adhesive(T(0.01), gamma),
                                   .pair_tangential = {.friction = T(0.4), .stiffness = T(2e7)},
                                   .max_impact_speed = T(1)};
    p.gravity[1] = T(-9.81);
    return p;
  };
  const std::uint64_t half = 3000;
  engine whole(scene.container, scene.particles, params(T(10)));
  whole.run(2 * half);
  engine first(scene.container, scene.particles, params(T(10)));
  first.run(half);
  REQUIRE(first.contact_count() > 0);
  engine second(scene.container, scene.particles, params(T(10)));
  carom_test::load_checkpoint_bytes(second, carom_test::checkpoint_bytes(first));
  second.run(half);
  CHECK(second.steps() == whole.steps());
  CHECK(second.contact_count() == whole.contact_count());
  CHECK(ckpt_first_difference(second.state(), whole.state()) == scene.particles.size());
  // Another work of adhesion is another run: the file does not load.
  engine other(scene.container, scene.particles, params(T(11)));
  CHECK_THROWS_WITH(carom_test::load_checkpoint_bytes(other, carom_test::checkpoint_bytes(first)),
                    Catch::Contains("fingerprint mismatch"));
}

TEMPLATE_LIST_TEST_CASE("checkpoint: DEM continuation with attached JKR contacts is bit for bit",
                        "[io][checkpoint][adhesion]", ckpt_spaces) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dimension;
  using law = carom::jkr<T>;
  using engine = carom::dem<T, D, law>;
  // A heavy bead on the floor and a driven bead beside it (1 cm beads,
  // E* = 10 MPa, γ = 10 J/m²: δ₀ ≈ 7 µm and δ_c ≈ 6 µm between beads, 9 µm
  // and 7.5 µm at the wall), pulled apart at 1 cm/s: at the checkpoint both
  // contacts hold at δ < −δ_c/4, which only the attached flags keep; after
  // it both part.
  const T r = T(0.01);
  const auto adhesive = [](T effective_radius) {
    return law({.youngs_modulus = T(1e7), .effective_radius = effective_radius,
                .work_of_adhesion = T(10), .damping = T(0.5)});
  };
  const law pair_law = adhesive(r / 2), wall_law = adhesive(r);
  carom::particles<T, D> ps;
  carom::vec<T, D> x{};
  for (std::size_t a = 0; a < D; ++a) x[a] = T(0.05);  // near the corner: float moves them
  x[1] = r - wall_law.equilibrium_overlap();
  ps.add({.position = x, .radius = r, .mass = T(10)});
  x[0] -= 2 * r - pair_law.equilibrium_overlap();
  ps.add({.position = x, .radius = r, .mass = T(1)});
  const auto container = carom::box<T, D>::cube(T(1), carom::boundary::wall);
  const carom::dem_params<T, D, law> p{
      .pair_law = pair_law,
      .wall_law = wall_law,
      .pair_tangential = {.friction = T(0.4), .stiffness = T(2e7)},
      .max_impact_speed = T(0.1),
      .time_step = T(1e-6)};
  const auto prepare = [](engine& e) {
    e.fix(1);  // driven away along −x while bead 0 rises off the floor
    carom::vec<T, D> v{};
    v[0] = T(-0.01);
    e.set_velocity(1, v);
    v[0] = T(0);
    v[1] = T(0.01);
    e.set_velocity(0, v);
  };
  // The checkpoint: the first step at which both overlaps are below −δ_c/4
  // (~1.1 ms; the tension of < 0.5 N slows the 10 kg bead by ~1e-4 m/s).
  const auto apart = [&](const engine& e) {
    const auto q = e.positions();
    return r - q[0][1] < -wall_law.pulloff_separation() / 4 &&
           2 * r - carom::norm(carom::vec<T, D>(q[0] - q[1])) <
               -pair_law.pulloff_separation() / 4;
  };
  engine probe(container, ps, p);
  prepare(probe);
  std::uint64_t half = 0;
  while (!apart(probe) && half < 100000) {
    probe.step();
    ++half;
  }
  engine whole(container, ps, p);
  prepare(whole);
  whole.run(2 * half);
  engine first(container, ps, p);
  prepare(first);
  first.run(half);
  REQUIRE(apart(first));
  REQUIRE(first.contact_count() == 2);
  engine second(container, ps, p);
  carom_test::load_checkpoint_bytes(second, carom_test::checkpoint_bytes(first));
  second.run(half);
  CHECK(second.steps() == whole.steps());
  CHECK(second.contact_count() == whole.contact_count());
  CHECK(whole.contact_count() == 0);
  CHECK(ckpt_first_difference(second.state(), whole.state()) == ps.size());
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
  carom_test::load_checkpoint_bytes(second, carom_test::checkpoint_bytes(first));
  second.run(half);
  whole.run(half);
  CHECK(second.steps() == whole.steps());
  CHECK(ckpt_same_bits(second.time(), whole.time()));
  CHECK(second.pair_collisions() == whole.pair_collisions());
  CHECK(second.wall_collisions() == whole.wall_collisions());
  CHECK(ckpt_first_difference(second.state(), whole.state()) == scene.particles.size());
}

namespace {

/// FNV-1a 64 of a checkpoint without the writer's carom version (bytes 12
/// to 23) and the checksum, which covers it.
[[nodiscard]] std::uint64_t ckpt_hash_without_version(std::string bytes) {
  bytes.erase(12, 12);
  bytes.erase(bytes.size() - 8);
  return carom::detail::fnv1a64(bytes);
}

/// ckpt_beads' lattice with fixed velocities along x (−5, 0, 5 cm/s in turn).
template <class T, std::size_t D>
[[nodiscard]] carom::lattice_result<T, D> ckpt_drifting_beads() {
  auto scene = carom::lattice<T, D>(D == 3 ? 2 : 6, T(D == 3 ? 0.5 : 0.6), carom::boundary::wall,
                                    T(0.01), T(1));
  const auto v = scene.particles.velocities();
  for (std::size_t i = 0; i < v.size(); ++i) v[i][0] = T(0.05) * T(int(i % 3) - 1);
  return scene;
}

}  // namespace

// The files of engines whose particles did not change are what they were
// before the header had flags, byte for byte (so every file written then
// still loads): the hashes were taken then, and g++ and clang++ agree.
TEMPLATE_LIST_TEST_CASE("checkpoint: a DEM engine whose particles did not change writes the "
                        "bytes it always wrote",
                        "[io][checkpoint]", ckpt_spaces) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dimension;
  const auto scene = ckpt_drifting_beads<T, D>();
  carom::dem<T, D, carom::hertz<T>> e(scene.container, scene.particles, ckpt_dem_params<T, D>());
  e.run(300);
  const std::uint64_t expected = sizeof(T) == 4
                                     ? (D == 2 ? 0xff49c8709c2c36bdULL : 0x91494a48e6af0032ULL)
                                     : (D == 2 ? 0xe263fab2b46dfe82ULL : 0x01795d859fcdd515ULL);
  CHECK(ckpt_hash_without_version(carom_test::checkpoint_bytes(e)) == expected);
}

// Two species: the hash was taken again when the species came to share one
// pass of the contact kernel (forces changed by round-off); the layout is
// the one above.
TEST_CASE("checkpoint: a DEM engine of two species whose particles did not change writes the "
          "bytes it always wrote",
          "[io][checkpoint]") {
  using T = double;
  const carom::material_table<T> table(
      {{.youngs_modulus = 1e7, .poisson_ratio = 0.3, .density = 2500, .restitution = 0.8,
        .friction = 0.3},
       {.youngs_modulus = 4e7, .poisson_ratio = 0.25, .density = 7800, .restitution = 0.6,
        .friction = 0.2}},
      carom::material<T>{.youngs_modulus = 2e7, .poisson_ratio = 0.3, .restitution = 0.9,
                         .friction = 0.5});
  const auto scene = ckpt_drifting_beads<T, 3>();
  carom::particles<T, 3> ps;  // the species alternate: each enters the fingerprint
  for (std::size_t i = 0; i < scene.particles.size(); ++i)
    ps.add({.position = scene.particles.positions()[i],
            .velocity = scene.particles.velocities()[i],
            .radius = 0.01,
            .mass = 1,
            .species = carom::species_index(i % 2)});
  carom::dem<T, 3, carom::hertz<T>> e(
      scene.container, ps, {.gravity = {0, -9.81, 0}, .max_impact_speed = 2, .materials = table});
  e.run(300);
  CHECK(ckpt_hash_without_version(carom_test::checkpoint_bytes(e)) == 0x3697c7bc45a1373fULL);
}

namespace {

/// Takes the particles whose index is 2 mod 5 out of a DEM bed and puts
/// smaller, lighter ones, moving, in their places: the file then carries
/// the particle set (header flag 1).
template <class Engine>
void ckpt_exchange(Engine& e) {
  using T = typename Engine::scalar_type;
  constexpr std::size_t D = Engine::space_dimension;
  std::vector<carom::particle_params<T, D>> added;
  for (std::size_t i = 2; i < e.size(); i += 5) {
    carom::vec<T, D> v{};
    v[0] = T(0.1);
    added.push_back({.position = e.positions()[i], .velocity = v,
                     .radius = T(0.9) * e.radii()[i], .mass = T(0.8) * e.masses()[i]});
  }
  e.remove_if([](std::size_t i) { return i % 5 == 2; });
  e.add(added);
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("checkpoint: DEM continuation after particles left and entered is bit "
                        "for bit",
                        "[io][checkpoint]", ckpt_spaces) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dimension;
  using engine = carom::dem<T, D, carom::hertz<T>>;
  const auto scene = ckpt_beads<T, D>();
  const auto p = ckpt_dem_params<T, D>();
  const std::uint64_t steps = 1000;
  engine first(scene.container, scene.particles, p);
  first.fix(0);
  first.lock_rotation(1);
  first.run(steps);
  ckpt_exchange(first);
  first.run(steps);
  const std::size_t last = first.size() - 1;
  first.remove(std::span(&last, 1));  // the largest id given is no longer there
  first.run(steps);
  bool stretched = false;
  for (const auto& spring : first.neighbours().payload()) stretched |= spring != carom::vec<T, D>{};
  REQUIRE(stretched);
  const std::string file = carom_test::checkpoint_bytes(first);
  CHECK(file[36] == 1);  // the particle set is in the file
  // Loaded into an engine constructed from the original particles, or from
  // only one of them: both take the file's particles and save it back.
  engine second(scene.container, scene.particles, p);
  carom_test::load_checkpoint_bytes(second, file);
  CHECK(carom_test::checkpoint_bytes(second) == file);
  carom::particles<T, D> one;
  one.add({.position = scene.particles.positions()[0], .radius = scene.particles.radii()[0],
           .mass = scene.particles.masses()[0]});
  engine third(scene.container, one, p);
  carom_test::load_checkpoint_bytes(third, file);
  CHECK(carom_test::checkpoint_bytes(third) == file);
  CHECK(std::ranges::equal(second.ids(), first.ids()));
  for (engine* e : {&first, &second, &third}) {
    e->run(steps);
    ckpt_exchange(*e);  // ids go on from the largest given
    e->run(steps);
  }
  CHECK(second.ids().back() == first.ids().back());
  CHECK(carom_test::checkpoint_bytes(second) == carom_test::checkpoint_bytes(first));
  CHECK(carom_test::checkpoint_bytes(third) == carom_test::checkpoint_bytes(first));
  CHECK(ckpt_first_difference(second.state(), first.state()) == first.size());
}

namespace {

/// Recomputes the checksum of a file whose bytes were edited.
[[nodiscard]] std::string ckpt_reseal(std::string bytes) {
  carom::detail::checkpoint_checksum checksum;
  checksum.add({bytes.data(), bytes.size() - 8});
  std::uint64_t sum = checksum.value();
  for (std::size_t k = 0; k < 8; ++k, sum >>= 8)
    bytes[bytes.size() - 8 + k] = static_cast<char>(sum & 0xFF);
  return bytes;
}

/// Adds `delta` to the payload length of the header (offset 48).
[[nodiscard]] std::string ckpt_relength(std::string bytes, std::int64_t delta) {
  std::uint64_t length = 0;
  for (std::size_t k = 0; k < 8; ++k)
    length |= std::uint64_t(static_cast<unsigned char>(bytes[48 + k])) << (8 * k);
  length += static_cast<std::uint64_t>(delta);
  for (std::size_t k = 0; k < 8; ++k) bytes[48 + k] = static_cast<char>((length >> (8 * k)) & 0xFF);
  return bytes;
}

/// A stream buffer that takes `budget` bytes, then fails (a full disk).
class ckpt_failing_buffer : public std::streambuf {
 public:
  explicit ckpt_failing_buffer(std::streamsize budget) : budget_(budget) {}

 protected:
  int_type overflow(int_type c) override {
    if (budget_ <= 0) return traits_type::eof();
    --budget_;
    return c;
  }
  std::streamsize xsputn(const char*, std::streamsize n) override {
    const std::streamsize taken = std::min(n, budget_);
    budget_ -= taken;
    return taken;
  }

 private:
  std::streamsize budget_;
};

/// A fresh directory under the system's temporary one.
[[nodiscard]] std::filesystem::path ckpt_directory(const std::string& name) {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("carom_checkpoint_" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace

TEST_CASE("checkpoint: a rejected file names its cause and changes nothing", "[io][checkpoint]") {
  using engine = carom::dem<double, 3, carom::hertz<double>>;
  const auto scene = ckpt_beads<double, 3>();
  const auto p = ckpt_dem_params<double, 3>();
  engine source(scene.container, scene.particles, p);
  source.run(400);
  const std::string good = carom_test::checkpoint_bytes(source);
  engine target(scene.container, scene.particles, p);
  target.run(300);
  const std::string before = carom_test::checkpoint_bytes(target);
  const auto rejects = [&](const std::string& bytes, const std::string& cause) {
    CHECK_THROWS_AS(carom_test::load_checkpoint_bytes(target, bytes), carom::invalid_input);
    CHECK_THROWS_WITH(carom_test::load_checkpoint_bytes(target, bytes), Catch::Contains(cause));
    CHECK(carom_test::checkpoint_bytes(target) == before);
  };
  SECTION("not a checkpoint") { rejects("P3\n1 1\n", "not a carom checkpoint"); }
  SECTION("another format version") {
    std::string b = good;
    b[8] = 2;
    rejects(b, "format version 2 is not supported");
  }
  SECTION("truncated header") { rejects(good.substr(0, 30), "truncated: the header ends after 30"); }
  SECTION("truncated payload") { rejects(good.substr(0, good.size() - 100), "truncated"); }
  SECTION("a flipped bit") {
    std::string b = good;
    b[good.size() / 2] = static_cast<char>(b[good.size() / 2] ^ 0x10);
    rejects(b, "checksum mismatch: the file is corrupt");
  }
  SECTION("another scalar type") {
    const auto fs = ckpt_beads<float, 3>();
    const carom::dem<float, 3, carom::hertz<float>> other(fs.container, fs.particles,
                                                          ckpt_dem_params<float, 3>());
    rejects(carom_test::checkpoint_bytes(other), "the file holds a float engine, this one is double");
  }
  SECTION("another dimension") {
    const auto s2 = ckpt_beads<double, 2>();
    const carom::dem<double, 2, carom::hertz<double>> other(s2.container, s2.particles,
                                                            ckpt_dem_params<double, 2>());
    rejects(carom_test::checkpoint_bytes(other), "the file holds a 2D engine, this one is 3D");
  }
  SECTION("another engine") {
    const carom::impulse_stepped<double, 3> other(scene.container, scene.particles,
                                                  {.time_step = 1e-3});
    rejects(carom_test::checkpoint_bytes(other), "the file holds carom::impulse_stepped, this engine is carom::dem");
  }
  SECTION("other parameters") {
    auto q = p;
    q.gravity[1] = -9.8;
    const engine other(scene.container, scene.particles, q);
    rejects(carom_test::checkpoint_bytes(other), "fingerprint mismatch");
  }
  SECTION("another tangential model") {
    const carom::dem<double, 3, carom::hertz<double>,
                     carom::dem_policies<carom::velocity_verlet, carom::frictionless>>
        other(scene.container, scene.particles, p);
    rejects(carom_test::checkpoint_bytes(other), "fingerprint mismatch");
  }
  SECTION("other particles") {
    carom::particles<double, 3> heavier;
    for (std::size_t i = 0; i < scene.particles.size(); ++i)
      heavier.add({.position = scene.particles.positions()[i],
                   .radius = scene.particles.radii()[i],
                   .mass = i == 3 ? 2.0 : scene.particles.masses()[i]});
    const engine other(scene.container, heavier, p);
    rejects(carom_test::checkpoint_bytes(other), "particle 3: mass 2 in the file differs from the engine's 1");
  }
  SECTION("bytes after the state") {
    std::string b = good;
    b.insert(b.size() - 8, 1, '\0');
    rejects(ckpt_reseal(ckpt_relength(b, 1)), "malformed payload: 1 bytes left after the engine state");
  }
  SECTION("pair springs out of order") {
    // Header, particle constants, counters, motion and flags, list builds
    // and reference positions, then the count of stored springs: records
    // of an index and a spring follow.
    const std::size_t n = scene.particles.size();
    const std::size_t first = 56 + 8 + n * 28 + 16 + n * 5 * 24 + 2 * n + 8 + n * 24;
    std::string b = good;
    std::uint64_t count = 0;
    for (std::size_t k = 0; k < 8; ++k)
      count |= std::uint64_t(static_cast<unsigned char>(b[first + k])) << (8 * k);
    REQUIRE(count >= 2);
    const std::size_t record = 8 + 24;
    std::swap_ranges(b.begin() + std::ptrdiff_t(first + 8), b.begin() + std::ptrdiff_t(first + 16),
                     b.begin() + std::ptrdiff_t(first + 8 + record));
    rejects(ckpt_reseal(b), "the indices of the pair springs are not increasing");
  }
  SECTION("a file that cannot be opened") {
    CHECK_THROWS_WITH(carom::load_checkpoint(target, std::filesystem::path("/nonexistent/x.ckpt")),
                      Catch::Contains("cannot open '/nonexistent/x.ckpt'"));
    CHECK(carom_test::checkpoint_bytes(target) == before);
  }
}

TEST_CASE("checkpoint: a rejected particle set names its cause and changes nothing",
          "[io][checkpoint]") {
  using engine = carom::dem<double, 3, carom::hertz<double>>;
  const auto scene = ckpt_beads<double, 3>();
  const auto p = ckpt_dem_params<double, 3>();
  engine source(scene.container, scene.particles, p);
  source.run(300);
  ckpt_exchange(source);
  source.run(100);
  const std::string good = carom_test::checkpoint_bytes(source);
  const std::size_t n = source.size();
  engine target(scene.container, scene.particles, p);
  target.run(200);
  const auto rejects = [&](const std::string& bytes, const std::string& cause) {
    const std::string before = carom_test::checkpoint_bytes(target);
    CHECK_THROWS_WITH(carom_test::load_checkpoint_bytes(target, bytes), Catch::Contains(cause));
    CHECK(carom_test::checkpoint_bytes(target) == before);
  };
  // The payload: the count, then radii, masses, inverse moments of inertia
  // (8 bytes each), ids and species (4 bytes each), the next id.
  const auto edited = [&](std::size_t at, const auto& value) {
    std::string b = good;
    std::memcpy(b.data() + at, &value, sizeof(value));  // little-endian machines
    return ckpt_reseal(b);
  };
  const std::size_t radii = 64, masses = radii + 8 * n, ids = radii + 24 * n, species = ids + 4 * n;
  for (int round = 0; round < 2; ++round) {  // into an unchanged engine, then into a changed one
    rejects(edited(radii + 8, 0.02), "particle 1: radius 0.02 is above the largest radius 0.005");
    rejects(edited(masses + 16, 0.0), "particle 2: mass 0 is not finite and > 0");
    rejects(edited(masses, 1e-9), "is above the critical time step");
    rejects(edited(species + 12, std::uint32_t(1)),
            "particle 3: species 1 is outside the material table (1 species)");
    rejects(edited(ids + 4, source.ids()[0]), "is given to two particles");
    rejects(edited(species + 4 * n, std::uint64_t(source.ids().back())), "is not below the next id");
    rejects(edited(36, std::uint32_t(3)), "unknown header flags 3");
    ckpt_exchange(target);
  }
  // A file without the particle set holds those the engine was constructed
  // from: this one's changed.
  const engine unchanged(scene.container, scene.particles, p);
  rejects(carom_test::checkpoint_bytes(unchanged), "particles were added to or removed from");

  // Only carom::dem carries a particle set.
  carom::impulse_stepped<double, 3> hard(scene.container, scene.particles, {.time_step = 1e-3});
  std::string flagged = carom_test::checkpoint_bytes(hard);
  const std::string before = flagged;
  flagged[36] = 1;
  CHECK_THROWS_WITH(carom_test::load_checkpoint_bytes(hard, ckpt_reseal(flagged)),
                    Catch::Contains("the particle-set flag is set, but only carom::dem writes it"));
  CHECK(carom_test::checkpoint_bytes(hard) == before);
}

TEST_CASE("checkpoint: rejections leave event-driven and impulse engines unchanged",
          "[io][checkpoint]") {
  const auto scene = ckpt_gas<double, 2>(carom::boundary::periodic);
  carom::event_driven<double, 2> hard(scene.container, scene.particles);
  hard.run(500);
  const std::string good = carom_test::checkpoint_bytes(hard);
  carom::event_driven<double, 2> target(scene.container, scene.particles);
  target.run(100);
  const std::string before = carom_test::checkpoint_bytes(target);
  // A payload cut short but sealed again: the reader finds the gap itself.
  std::string cut = good;
  cut.erase(cut.size() - 24, 16);
  CHECK_THROWS_WITH(carom_test::load_checkpoint_bytes(target, ckpt_reseal(ckpt_relength(cut, -16))), Catch::Contains("malformed payload"));
  CHECK(carom_test::checkpoint_bytes(target) == before);

  // One particle fewer, in the same box: the count differs.
  carom::particles<double, 2> fewer;
  for (std::size_t i = 0; i + 1 < scene.particles.size(); ++i)
    fewer.add({.position = scene.particles.positions()[i],
               .velocity = scene.particles.velocities()[i],
               .radius = scene.particles.radii()[i],
               .mass = scene.particles.masses()[i]});
  carom::impulse_stepped<double, 2> all(scene.container, scene.particles, {.time_step = 0.01});
  carom::impulse_stepped<double, 2> less(scene.container, fewer, {.time_step = 0.01});
  less.run(3);
  const std::string less_before = carom_test::checkpoint_bytes(less);
  CHECK_THROWS_WITH(carom_test::load_checkpoint_bytes(less, carom_test::checkpoint_bytes(all)),
                    Catch::Contains("the file holds 144 particles, the engine 143"));
  CHECK(carom_test::checkpoint_bytes(less) == less_before);
}

TEST_CASE("checkpoint: a failed write leaves the previous checkpoint loadable",
          "[io][checkpoint]") {
  using engine = carom::impulse_stepped<double, 3>;
  const auto scene = ckpt_gas<double, 3>(carom::boundary::periodic);
  const engine::params p{.time_step = 0.01};
  engine e(scene.container, scene.particles, p);
  e.run(20);
  const std::string saved = carom_test::checkpoint_bytes(e);

  SECTION("a stream that fails part way throws carom::io_error") {
    ckpt_failing_buffer full_disk(100);
    std::ostream out(&full_disk);
    CHECK_THROWS_AS(carom::save_checkpoint(e, out), carom::io_error);
  }
  SECTION("a file write that fails keeps the old file whole") {
    const auto dir = ckpt_directory("failed_write");
    const auto file = dir / "run.ckpt";
    carom::save_checkpoint(e, file);
    e.run(20);
    // A directory where the temporary file would go: opening it fails.
    std::filesystem::create_directory(dir / "run.ckpt.partial");
    CHECK_THROWS_AS(carom::save_checkpoint(e, file), carom::io_error);
    engine fresh(scene.container, scene.particles, p);
    carom::load_checkpoint(fresh, file);
    CHECK(carom_test::checkpoint_bytes(fresh) == saved);
    std::filesystem::remove_all(dir);
  }
  SECTION("a successful write replaces the file") {
    const auto dir = ckpt_directory("replace");
    const auto file = dir / "run.ckpt";
    carom::save_checkpoint(e, file);
    e.run(20);
    carom::save_checkpoint(e, file);
    CHECK_FALSE(std::filesystem::exists(dir / "run.ckpt.partial"));
    engine fresh(scene.container, scene.particles, p);
    carom::load_checkpoint(fresh, file);
    CHECK(carom_test::checkpoint_bytes(fresh) == carom_test::checkpoint_bytes(e));
    std::filesystem::remove_all(dir);
  }
}

TEST_CASE("checkpoint: run_with_output writes one every K steps and keeps the last M",
          "[io][checkpoint]") {
  using engine = carom::impulse_stepped<float, 2>;
  const auto scene = ckpt_gas<float, 2>(carom::boundary::periodic);
  const engine::params p{.time_step = 0.01f};
  engine e(scene.container, scene.particles, p);
  const auto dir = ckpt_directory("series");
  carom::checkpoint_series series(dir / "gas", 10, 2);
  // Outputs every 5 steps over 100 steps: checkpoints at 10, 20, …, 100.
  carom::run_with_output(e, 1.0, 0.05, series);
  REQUIRE(e.steps() == 100);
  REQUIRE(series.files().size() == 2);
  CHECK(series.files().back() == dir / "gas.000000000100.ckpt");
  CHECK(series.files().front() == dir / "gas.000000000090.ckpt");
  CHECK_FALSE(std::filesystem::exists(dir / "gas.000000000080.ckpt"));
  engine fresh(scene.container, scene.particles, p);
  carom::load_checkpoint(fresh, series.files().back());
  CHECK(carom_test::checkpoint_bytes(fresh) == carom_test::checkpoint_bytes(e));
  CHECK_THROWS_WITH(carom::checkpoint_series(dir / "x", 0), Catch::Contains("every must be > 0"));
  std::filesystem::remove_all(dir);
}
