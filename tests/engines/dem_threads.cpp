// SPDX-License-Identifier: MIT
// carom::dem on several threads (docs/threads.md): the trajectory is the
// same bit for bit for every thread count. Built without OpenMP, every
// count runs on one thread and the test still holds.
#include <carom/engines/dem/dem.hpp>

#include <catch2/catch.hpp>
#include <string>

#include "checkpoint_support.hpp"
#include "dem_support.hpp"
#include "support.hpp"
#include "threads_support.hpp"

namespace {

// A bed of frictional spheres (disks in 2D) falling onto the floor of a box
// that is periodic along x, with one particle fixed: contacts with
// particles and walls, their stretches, and both pair passes' paths.
template <class T, std::size_t D>
struct falling_bed {
  carom::box<T, D> box;
  carom::particles<T, D> particles;
  bool two_species = false;
  carom::dem<T, D, carom::hertz<T>> engine(int threads) const {
    // Strong damping (e = 0.1) and gravity: contacts last within a
    // thousand steps.
    auto p = dem_test::hertz_params<T, D>(T(100));
    p.pair_law = carom::hertz<T>::from_restitution(T(1e7), T(0.1));
    if (two_species) {  // about as stiff (4/3 E* √R = 1e7 at R = 1 cm), and as damped
      p.pair_law.reset();
      carom::material_table<T> table(
          {{.youngs_modulus = T(1.4e8), .poisson_ratio = T(0.3), .density = T(2500),
            .restitution = T(0.1), .friction = T(0.5)},
           {.youngs_modulus = T(2.8e8), .poisson_ratio = T(0.2), .density = T(7800),
            .restitution = T(0.15), .friction = T(0.3)}});
      table.set_pair(0, 1, {.tangential_damping = T(100)});
      p.materials = table;
    }
    p.gravity[D - 1] = T(-200);
    p.steps_per_contact = 50;
    p.threads = threads;
    carom::dem<T, D, carom::hertz<T>> e(box, particles, p);
    e.fix(0);
    return e;
  }
};

template <class T, std::size_t D>
falling_bed<T, D> make_falling_bed(bool two_species) {
  // Enough particles for 4 threads (at least 256 each).
  constexpr int side = D == 3 ? 11 : 48;
  // Gaps of 0.4 to 1.4 mm: dense within a few hundred steps.
  constexpr T spacing = T(0.0204);
  std::array<carom::boundary, D> kinds{};
  kinds.fill(carom::boundary::wall);
  kinds[0] = carom::boundary::periodic;
  carom::vec<T, D> upper{};
  for (std::size_t a = 0; a < D; ++a) upper[a] = spacing * side;
  upper[D - 1] = T(2) * spacing * side;
  const carom::box<T, D> box({}, upper, kinds);
  carom::particles<T, D> ps;
  const int layers = D == 3 ? side : side / 2;
  for (int k = 0; k < layers; ++k)
    for (int j = 0; j < (D == 3 ? side : 1); ++j)
      for (int i = 0; i < side; ++i) {
        carom::vec<T, D> x{};
        x[0] = spacing * (T(i) + T(0.5));
        x[D - 1] = spacing * (T(k) + T(0.5));
        if constexpr (D == 3) x[1] = spacing * (T(j) + T(0.5));
        x += carom_test::random_vec<T, D>(T(-0.0001), T(0.0001));
        ps.add({.position = x,
                .velocity = carom_test::random_vec<T, D>(T(-0.1), T(0.1)),
                .radius = T(0.01) * carom_test::uniform<T>(T(0.95), T(1.0)),
                .mass = T(0.01),
                .species = carom::species_index(two_species && ps.size() % 3 == 0)});
      }
  return {box, std::move(ps), two_species};
}

template <class T, std::size_t D>
void check_thread_counts(bool two_species, std::size_t steps) {
  // Settle until the bed is dense and its contacts hold friction
  // stretches, then go on from there with each thread count.
  const auto bed = make_falling_bed<T, D>(two_species);
  auto reference = bed.engine(1);
  reference.run(1000);
  const std::string settled = carom_test::checkpoint_bytes(reference);
  const auto from_settled = [&](int threads) {
    auto e = bed.engine(threads);
    carom_test::load_checkpoint_bytes(e, settled);
    return e;
  };
  reference.run(steps);
  const std::string expected = carom_test::checkpoint_bytes(reference);
  INFO(reference.contact_count() << " contacts");
  REQUIRE(reference.contact_count() > reference.size());
  carom_test::check_every_thread_count(from_settled, steps, expected);
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("dem: 1, 2, 3 and 4 threads give the same trajectory bit for bit",
                        "[dem][threads]", carom_test::all_configs) {
  check_thread_counts<typename TestType::scalar, TestType::dim>(false, 1000);
}

// Each step groups the contacts by pair of species: the sums must still
// not depend on how the rows are shared.
TEMPLATE_LIST_TEST_CASE("dem: two material species give the same trajectory on 1 to 4 threads",
                        "[dem][threads][materials]", carom_test::all_configs) {
  check_thread_counts<typename TestType::scalar, TestType::dim>(true, 400);
}

// dem::remove_if and dem::add between steps: the threads follow the new
// size, the histories are carried over, and the trajectory stays the same
// on every thread count.
TEMPLATE_LIST_TEST_CASE("dem: particles leaving and entering give the same trajectory on 1 to "
                        "4 threads",
                        "[dem][threads][insertion]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const auto bed = make_falling_bed<T, D>(false);
  auto run = [&](int threads) {
    auto e = bed.engine(threads);
    e.run(600);
    e.remove_if([](std::size_t i) { return i % 3 == 1; });
    e.run(200);
    std::vector<carom::particle_params<T, D>> added;
    const T spacing = bed.box.lengths()[0] / T(D == 3 ? 11 : 48);
    for (int i = 0; i < (D == 3 ? 5 : 8); ++i) {
      carom::vec<T, D> x{};
      for (std::size_t a = 0; a + 1 < D; ++a) x[a] = spacing * (T(2 * i) + T(0.5));
      x[D - 1] = T(0.95) * bed.box.upper()[D - 1];
      added.push_back({.position = x, .radius = T(0.009), .mass = T(0.01)});
    }
    e.add(std::span<const carom::particle_params<T, D>>(added));
    e.run(400);
    return e;
  };
  auto reference = run(1);
  REQUIRE(reference.contact_count() > reference.size() / 4);
  for (const int threads : {2, 4}) {
    INFO(threads << " threads");
    auto e = run(threads);
#if defined(_OPENMP)
    CHECK(e.threads() > 1);
#endif
    REQUIRE(e.size() == reference.size());
    bool same = true;
    for (std::size_t i = 0; i < e.size(); ++i)
      same = same && e.positions()[i] == reference.positions()[i] &&
             e.velocities()[i] == reference.velocities()[i] &&
             e.angular_velocities()[i] == reference.angular_velocities()[i] &&
             e.ids()[i] == reference.ids()[i];
    CHECK(same);
  }
}
