// SPDX-License-Identifier: MIT
// Particles entering and leaving a DEM run (dem::add, dem::remove,
// dem::remove_if): a particle added on a fixed one settles to the Hertz
// sink δ = (m g / k)^{2/3}; removing a particle that touched nothing leaves
// every other trajectory the same bit for bit (so the contact histories of
// the others, pair and wall, are carried over exactly); ids stay, through
// a checkpoint too; bad input is rejected and changes nothing.
#include <carom/engines/dem/dem.hpp>
#include <carom/io/checkpoint.hpp>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <span>
#include <vector>

#include "checkpoint_support.hpp"
#include "support.hpp"

namespace {

template <class T, std::size_t D>
carom::vec<T, D> insertion_at(T x, T up) {
  carom::vec<T, D> v{};
  for (std::size_t a = 0; a + 1 < D; ++a) v[a] = T(0.05);
  v[0] = x;
  v[D - 1] = up;
  return v;
}

template <class T, std::size_t D>
carom::vec<T, D> insertion_gravity() {
  carom::vec<T, D> g{};
  g[D - 1] = T(-9.81);
  return g;
}

template <class T, std::size_t D>
using insertion_engine = carom::dem<T, D, carom::hertz<T>>;

// A pile of particles dropped near x = 0.02 with friction (pair and wall
// springs loaded), and, when `far` is set, a fixed particle first, at
// x = 0.09 in mid-air, that never touches the pile.
template <class T, std::size_t D>
insertion_engine<T, D> insertion_pile(bool far) {
  const auto box = carom::box<T, D>::cube(T(0.1), carom::boundary::wall);
  const T r = T(0.004);
  carom::particles<T, D> ps;
  if (far) ps.add({.position = insertion_at<T, D>(T(0.09), T(0.05)), .radius = r, .mass = T(1e-3)});
  for (int k = 0; k < 6; ++k)
    ps.add({.position = insertion_at<T, D>(T(0.012) + T(0.0082) * T(k % 3),
                                           r + T(0.0085) * T(k >= 3 ? 1 : 0) + T(0.0002) * T(k)),
            .velocity = insertion_at<T, D>(T(0.05) * T(k % 2), T(-0.1)),
            .radius = r,
            .mass = T(1e-3)});
  carom::dem_params<T, D, carom::hertz<T>> p{
      .pair_law = carom::hertz<T>::from_restitution(T(2e6), T(0.5)),
      .pair_tangential = {.friction = T(0.5), .stiffness = T(1e5), .damping = T(0)},
      .gravity = insertion_gravity<T, D>(),
      .max_impact_speed = T(1),
      .steps_per_contact = 50,
      .skin = T(0.0008),
      .threads = 1};
  insertion_engine<T, D> e(box, ps, p);
  if (far) e.fix(0);
  return e;
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("dem::remove: removing a particle that touches nothing changes no "
                        "other trajectory, bit for bit",
                        "[dem][insertion]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  auto with = insertion_pile<T, D>(true);
  auto without = insertion_pile<T, D>(false);
  while (with.time() < 0.1) {
    with.step();
    without.step();
  }
  // The pile is in contact, with loaded tangential springs.
  bool loaded = false;
  for (const auto& c : with.contacts())
    if (c.i > 0 && carom::norm(c.tangential_force) > T(0)) loaded = true;
  REQUIRE(loaded);
  for (std::size_t i = 0; i < 6; ++i) {
    INFO("before, particle " << i);
    REQUIRE(with.positions()[i + 1] == without.positions()[i]);
    REQUIRE(with.velocities()[i + 1] == without.velocities()[i]);
  }
  REQUIRE(with.size() == 7);
  const std::size_t far_index = 0;
  CHECK(with.remove(std::span<const std::size_t>(&far_index, 1)) == 1);
  REQUIRE(with.size() == 6);
  for (std::size_t i = 0; i < 6; ++i) CHECK(with.ids()[i] == i + 1);
  for (int s = 0; s < 3000; ++s) {
    with.step();
    without.step();
  }
  for (std::size_t i = 0; i < 6; ++i) {
    INFO("particle " << i);
    CHECK(with.positions()[i] == without.positions()[i]);
    CHECK(with.velocities()[i] == without.velocities()[i]);
    CHECK(with.angular_velocities()[i] == without.angular_velocities()[i]);
  }
}

TEMPLATE_LIST_TEST_CASE("dem::add: a particle added on a fixed one settles to the Hertz sink",
                        "[dem][insertion]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const auto box = carom::box<T, D>::cube(T(0.1), carom::boundary::wall);
  const T r = T(0.005), m = T(1e-3), k = T(1e6);
  carom::particles<T, D> ps;
  ps.add({.position = insertion_at<T, D>(T(0.05), T(0.02)), .radius = r, .mass = m});
  insertion_engine<T, D> e(box, ps,
                           {.pair_law = carom::hertz<T>::from_restitution(k, T(0.2)),
                            .gravity = insertion_gravity<T, D>(),
                            .max_impact_speed = T(0.5),
                            .steps_per_contact = 100});
  e.fix(0);
  for (int s = 0; s < 100; ++s) e.step();
  const carom::particle_params<T, D> added{
      .position = insertion_at<T, D>(T(0.05), T(0.02) + T(2) * r), .radius = r, .mass = m};
  CHECK(e.add(std::span(&added, 1)) == 1);
  REQUIRE(e.size() == 2);
  CHECK(e.ids()[1] == 1);
  while (e.time() < 0.3) e.step();
  const double sink = std::pow(double(m) * 9.81 / double(k), 2.0 / 3.0);
  const double overlap = double(T(2) * r - (e.positions()[1][D - 1] - e.positions()[0][D - 1]));
  // In float the centres (≈ 0.03 m) move by whole ulps of 1.9e-9 m: the
  // overlap of 4.6e-6 m stops within 1.5 % of its rest value.
  CHECK(overlap == Approx(sink).epsilon(sizeof(T) == 4 ? 0.015 : 1e-3));
  CHECK(std::abs(double(e.velocities()[1][D - 1])) < 1e-4);
}

TEMPLATE_LIST_TEST_CASE("dem::add and dem::remove: ids, flags and forces stay with their "
                        "particles; all may leave and new ones enter",
                        "[dem][insertion]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  auto e = insertion_pile<T, D>(true);
  for (int s = 0; s < 300; ++s) e.step();
  e.fix(3);
  e.lock_rotation(5);
  const std::vector<carom::vec<T, D>> x(e.positions().begin(), e.positions().end());
  const std::vector<carom::vec<T, D>> f(e.forces().begin(), e.forces().end());
  CHECK(e.remove_if([](std::size_t i) { return i % 2 == 0; }) == 4);
  REQUIRE(e.size() == 3);
  for (std::size_t i = 0; i < 3; ++i) {
    CHECK(e.ids()[i] == 2 * i + 1);
    CHECK(e.state().ids()[i] == 2 * i + 1);
    CHECK(e.positions()[i] == x[2 * i + 1]);
    CHECK(e.forces()[i] == f[2 * i + 1]);
  }
  // Particle 3 was fixed (now 1) and 5 locked (now 2).
  const auto v1 = e.velocities()[1];
  for (int s = 0; s < 100; ++s) e.step();
  CHECK(e.velocities()[1] == v1);
  CHECK(e.positions()[1] == x[3]);
  std::vector<carom::particle_params<T, D>> more;
  more.reserve(3);
  for (int k = 0; k < 3; ++k)
    more.push_back({.position = insertion_at<T, D>(T(0.05) + T(0.01) * T(k), T(0.08)),
                    .radius = T(0.003),
                    .mass = T(1e-3)});
  CHECK(e.add(std::span<const carom::particle_params<T, D>>(more)) == 3);
  REQUIRE(e.size() == 6);
  CHECK(e.ids()[3] == 7);
  CHECK(e.ids()[5] == 9);
  CHECK(e.remove_if([](std::size_t) { return true; }) == 6);
  CHECK(e.size() == 0);
  for (int s = 0; s < 10; ++s) e.step();
  CHECK(e.add(std::span<const carom::particle_params<T, D>>(more)) == 0);
  for (int s = 0; s < 1000; ++s) e.step();
  REQUIRE(e.size() == 3);
  CHECK(e.ids()[0] == 10);
  CHECK(e.positions()[0][D - 1] < T(0.08));
  CHECK(carom::is_finite(e.positions()[2]));
}

TEMPLATE_LIST_TEST_CASE("dem::add and dem::remove reject bad input and change nothing",
                        "[dem][insertion][reliability]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  auto e = insertion_pile<T, D>(true);
  for (int s = 0; s < 10; ++s) e.step();
  const std::vector<carom::vec<T, D>> x(e.positions().begin(), e.positions().end());
  const carom::particle_params<T, D> good{
      .position = insertion_at<T, D>(T(0.05), T(0.08)), .radius = T(0.003), .mass = T(1e-3)};
  auto rejected = [&](carom::particle_params<T, D> bad) {
    const std::vector<carom::particle_params<T, D>> both{good, bad};
    return carom_test::rejection_message(
        [&] { e.add(std::span<const carom::particle_params<T, D>>(both)); });
  };
  auto bad = good;
  bad.radius = T(0.005);
  CHECK_THAT(rejected(bad), Catch::Contains("particle 1: radius 0.00") &&
                                Catch::Contains("largest_radius"));
  bad = good;
  bad.species = 1;
  CHECK_THAT(rejected(bad), Catch::Contains("particle 1: species 1 is outside the material"));
  bad = good;
  bad.position[D - 1] = T(0.2);
  CHECK_THAT(rejected(bad), Catch::Contains("particle 1: position is outside wall"));
  bad = good;
  bad.mass = T(-1);
  CHECK_THAT(rejected(bad), Catch::Contains("carom::dem::add: particle 1: mass must be finite"));
  bad = good;
  bad.velocity[0] = std::numeric_limits<T>::quiet_NaN();
  CHECK_THAT(rejected(bad), Catch::Contains("particle 1: velocity must be finite"));
  bad = good;
  CHECK_THAT(rejected(bad), Catch::Contains("particle 1: position is the centre of particle 7"));
  bad = good;
  bad.position[0] = T(0.07);
  bad.mass = T(1e-9);
  CHECK_THAT(rejected(bad), Catch::Contains("particle 1 (mass") &&
                                Catch::Contains("above the critical time step"));
  const std::size_t missing[] = {2, 7};
  CHECK_THAT(carom_test::rejection_message([&] { e.remove(missing); }),
             Catch::Contains("carom::dem::remove: indices: particle 7 does not exist"));
  REQUIRE(e.size() == 7);
  for (std::size_t i = 0; i < 7; ++i) {
    CHECK(e.ids()[i] == i);
    CHECK(e.positions()[i] == x[i]);
  }
  carom::particles<T, D> one;
  one.add(good);
  CHECK_THAT(carom_test::rejection_message([&] {
               insertion_engine<T, D>(e.container(), one,
                                      {.pair_law = carom::hertz<T>::from_restitution(T(1e6), T(0.5)),
                                       .largest_radius = T(-1)});
             }),
             Catch::Contains("largest_radius must be finite and >= 0 (got -1)"));
  // The engine runs on as before, and its next particle gets the next id.
  e.step();
  CHECK(e.add(std::span(&good, 1)) == 7);
  CHECK(e.ids()[7] == 7);
}


TEMPLATE_LIST_TEST_CASE("dem: a checkpoint after add and remove gives back the particles, and "
                        "add goes on after the largest id ever given",
                        "[dem][insertion][checkpoint]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  auto e = insertion_pile<T, D>(true);  // ids 0 … 6, the first fixed
  const std::vector<carom::particle_params<T, D>> above{
      {.position = insertion_at<T, D>(T(0.05), T(0.08)), .radius = T(0.004), .mass = T(1e-3)},
      {.position = insertion_at<T, D>(T(0.07), T(0.08)), .radius = T(0.003), .mass = T(2e-3)}};
  e.add(above);  // ids 7 and 8
  const std::size_t last = 8;
  e.remove(std::span(&last, 1));  // id 8 leaves: the next is 9 all the same
  e.run(10);
  // Into an engine constructed from other particles (the pile without the
  // fixed one): it takes the file's.
  auto loaded = insertion_pile<T, D>(false);
  carom_test::load_checkpoint_bytes(loaded, carom_test::checkpoint_bytes(e));
  CHECK(std::ranges::equal(loaded.ids(), e.ids()));
  CHECK(std::ranges::equal(loaded.radii(), e.radii()));
  CHECK(std::ranges::equal(loaded.masses(), e.masses()));
  CHECK(loaded.velocities()[0] == carom::vec<T, D>{});  // still fixed
  for (auto* engine : {&e, &loaded}) {
    REQUIRE(engine->add(std::span(above).last(1)) == 8);
    CHECK(engine->ids()[8] == 9);
    engine->run(10);
  }
  CHECK(carom_test::checkpoint_bytes(loaded) == carom_test::checkpoint_bytes(e));
}
