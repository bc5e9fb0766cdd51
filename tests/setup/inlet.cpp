// SPDX-License-Identifier: MIT
// carom::inlet and carom::outlet (setup/inlet.hpp) on carom::dem: the count
// a rate owes, no overlap right after insertion, a bounded number of tries
// when the region is full, the distributions, the particles an outlet
// removes, and bad input rejected without a change.
#include <carom/engines/dem/dem.hpp>
#include <carom/setup/inlet.hpp>

#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <vector>

#include "support.hpp"

namespace {

template <class T, std::size_t D>
using inlet_test_engine = carom::dem<T, D, carom::hertz<T>>;

// A walled box of 0.1 m with gravity, one fixed particle in a corner, and
// room for inserted particles of radius up to 2 mm.
template <class T, std::size_t D>
inlet_test_engine<T, D> insertion_box_engine() {
  carom::particles<T, D> ps;
  carom::vec<T, D> corner{};
  for (std::size_t a = 0; a < D; ++a) corner[a] = T(0.005);
  ps.add({.position = corner, .radius = T(0.002), .mass = T(1e-4)});
  carom::vec<T, D> g{};
  g[D - 1] = T(-9.81);
  inlet_test_engine<T, D> e(carom::box<T, D>::cube(T(0.1), carom::boundary::wall), ps,
                            {.pair_law = carom::hertz<T>::from_restitution(T(1e6), T(0.5)),
                             .gravity = g,
                             .max_impact_speed = T(2),
                             .steps_per_contact = 30,
                             .largest_radius = T(0.002)});
  e.fix(0);
  return e;
}

template <class T, std::size_t D>
carom::vec<T, D> insertion_point(T xy, T z) {
  carom::vec<T, D> v{};
  for (std::size_t a = 0; a + 1 < D; ++a) v[a] = xy;
  v[D - 1] = z;
  return v;
}

// The smallest gap of the particles from index `first` on with any other
// particle or a wall (m).
template <class Engine>
double insertion_min_gap(const Engine& e, std::size_t first = 0) {
  double gap = std::numeric_limits<double>::infinity();
  const auto x = e.positions();
  const auto r = e.radii();
  for (std::size_t i = first; i < x.size(); ++i) {
    for (const auto& w : e.walls()) gap = std::min(gap, double(w.signed_distance(x[i]) - r[i]));
    for (std::size_t j = 0; j < x.size(); ++j)
      if (j != i && (j < first || j > i))
        gap = std::min(gap, double(carom::norm(typename Engine::vector(x[j] - x[i])) - r[i] - r[j]));
  }
  return gap;
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("carom::inlet: a rate inserts what it owes, never overlapping",
                        "[setup][inlet]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  auto e = insertion_box_engine<T, D>();
  carom::inlet<T, D> in(e.container(),
                        {.lower = insertion_point<T, D>(T(0.02), T(0.07)),
                         .upper = insertion_point<T, D>(T(0.08), T(0.09)),
                         .rate = T(2000),
                         .min_radius = T(0.0015),
                         .max_radius = T(0.002),
                         .density = T(2500),
                         .velocity = insertion_point<T, D>(T(0), T(-0.5)),
                         .seed = 7});
  const double dt = double(e.time_step());
  std::size_t total = 0;
  std::set<carom::particle_id> ids;
  while (e.time() < 0.05) {
    const std::size_t before = e.size();
    const auto result = in.insert(e, dt);
    CHECK(result.missed == 0);
    total += result.inserted;
    if (result.inserted > 0) {
      INFO("t = " << e.time());
      REQUIRE(insertion_min_gap(e, before) >= 0);
    }
    e.step();
  }
  // 2000/s over the 0.05 s of the calls, up to the fraction still owed.
  const double owed = 2000 * dt * double(e.steps());
  CHECK(double(total) <= owed);
  CHECK(double(total) > owed - 1);
  CHECK(in.inserted() == total);
  CHECK(e.size() == total + 1);
  for (const auto id : e.ids()) ids.insert(id);
  CHECK(ids.size() == e.size());
  for (std::size_t i = 1; i < e.size(); ++i) {
    CHECK(e.radii()[i] >= T(0.0015));
    CHECK(e.radii()[i] <= T(0.002));
    const T volume = carom::particle_volume<D>(e.radii()[i]);
    CHECK(e.masses()[i] == Approx(2500 * double(volume)).epsilon(1e-5));
  }
}

TEMPLATE_LIST_TEST_CASE("carom::inlet: discrete radii and species by weight", "[setup][inlet]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  carom::particles<T, D> ps;
  ps.add({.position = insertion_point<T, D>(T(0.01), T(0.01)), .radius = T(0.002),
          .mass = T(1e-4)});
  const carom::material_table<T> table(std::vector<carom::material<T>>{
      {.youngs_modulus = T(1e7), .poisson_ratio = T(0.3), .density = T(1000), .restitution = T(0.5)},
      {.youngs_modulus = T(2e7), .poisson_ratio = T(0.3), .density = T(1000), .restitution = T(0.5)}});
  inlet_test_engine<T, D> e(carom::box<T, D>::cube(T(0.1), carom::boundary::wall), ps,
                            {.max_impact_speed = T(1),
                             .steps_per_contact = 30,
                             .largest_radius = T(0.002),
                             .materials = table});
  carom::inlet<T, D> in(e.container(), {.lower = insertion_point<T, D>(T(0.01), T(0.03)),
                                        .upper = insertion_point<T, D>(T(0.09), T(0.09)),
                                        .count = 200,
                                        .radii = {T(0.001), T(0.002)},
                                        .radius_weights = {T(3), T(1)},
                                        .density = T(1000),
                                        .species_weights = {T(1), T(1)},
                                        .seed = 3});
  CHECK(in.insert(e).inserted == 200);
  REQUIRE(insertion_min_gap(e) >= 0);
  std::size_t small = 0, first = 0;
  for (std::size_t i = 1; i < e.size(); ++i) {
    const T r = e.radii()[i];
    CHECK((r == T(0.001) || r == T(0.002)));
    small += r == T(0.001);
    first += e.state().species()[i] == 0;
  }
  // 150 ± 3 σ (σ = √(200 · 3/16) ≈ 6.1), 100 ± 3 σ (σ ≈ 7.1).
  CHECK(std::abs(double(small) - 150) < 19);
  CHECK(std::abs(double(first) - 100) < 22);
}

TEMPLATE_LIST_TEST_CASE("carom::inlet: a full region is reported after bounded tries",
                        "[setup][inlet][reliability]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  auto e = insertion_box_engine<T, D>();
  // Room for a few particles of 2 mm only.
  carom::inlet_params<T, D> p{.lower = insertion_point<T, D>(T(0.05), T(0.05)),
                              .upper = insertion_point<T, D>(T(0.056), T(0.056)),
                              .count = 500,
                              .min_radius = T(0.002),
                              .max_radius = T(0.002),
                              .density = T(1000),
                              .tries = 20};
  carom::inlet<T, D> strict(e.container(), p);
  CHECK_THAT(carom_test::rejection_message([&] { (void)strict.insert(e); }),
             Catch::Contains("carom::inlet::insert: ") && Catch::Contains("of 500 particles found "
                                                                          "no place") &&
                 Catch::Contains("20 tries each (tries)"));
  CHECK(e.size() == 1);
  CHECK(strict.inserted() == 0);
  p.partial = true;
  carom::inlet<T, D> partial(e.container(), p);
  const auto result = partial.insert(e);
  CHECK(result.inserted > 0);
  CHECK(result.inserted < 20);
  CHECK(result.inserted + result.missed == 500);
  CHECK(e.size() == 1 + result.inserted);
  CHECK(insertion_min_gap(e) >= 0);
}

TEMPLATE_LIST_TEST_CASE("carom::outlet removes exactly the particles in its region",
                        "[setup][inlet]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  auto e = insertion_box_engine<T, D>();
  carom::inlet<T, D> in(e.container(), {.lower = insertion_point<T, D>(T(0.005), T(0.005)),
                                        .upper = insertion_point<T, D>(T(0.095), T(0.095)),
                                        .count = 100,
                                        .min_radius = T(0.001),
                                        .max_radius = T(0.002),
                                        .density = T(1000)});
  (void)in.insert(e);
  REQUIRE(e.size() == 101);
  for (int s = 0; s < 20; ++s) e.step();
  carom::vec<T, D> upper{};
  for (std::size_t a = 0; a < D; ++a) upper[a] = std::numeric_limits<T>::infinity();
  upper[D - 1] = T(0.03);
  // The outlet: z <= 0.03 (lower = −∞ on every axis).
  carom::vec<T, D> lower{};
  for (std::size_t a = 0; a < D; ++a) lower[a] = -std::numeric_limits<T>::infinity();
  carom::outlet<T, D> below({.lower = lower, .upper = upper});
  std::vector<carom::particle_id> expected, kept;
  double mass = 0;
  for (std::size_t i = 0; i < e.size(); ++i) {
    if (e.positions()[i][D - 1] <= T(0.03)) {
      expected.push_back(e.ids()[i]);
      mass += double(e.masses()[i]);
    } else {
      kept.push_back(e.ids()[i]);
    }
  }
  REQUIRE(!expected.empty());
  REQUIRE(!kept.empty());
  const auto removed = below.remove(e);
  CHECK(removed.ids == expected);
  CHECK(double(removed.mass) == Approx(mass).epsilon(1e-5));
  CHECK(below.removed() == expected.size());
  CHECK(std::vector<carom::particle_id>(e.ids().begin(), e.ids().end()) == kept);
  for (int s = 0; s < 20; ++s) e.step();
  for (const auto& x : e.positions()) CHECK(carom::is_finite(x));
}

TEMPLATE_LIST_TEST_CASE("carom::inlet and carom::outlet reject bad input, changing nothing",
                        "[setup][inlet][reliability]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  auto e = insertion_box_engine<T, D>();
  const carom::inlet_params<T, D> good{.lower = insertion_point<T, D>(T(0.02), T(0.05)),
                                       .upper = insertion_point<T, D>(T(0.08), T(0.09)),
                                       .count = 5,
                                       .min_radius = T(0.001),
                                       .max_radius = T(0.002),
                                       .density = T(1000)};
  auto rejected = [&](const carom::inlet_params<T, D>& p) {
    return carom_test::rejection_message([&] { carom::inlet<T, D>(e.container(), p); });
  };
  auto p = good;
  p.upper[D - 1] = T(0.12);
  CHECK_THAT(rejected(p), Catch::Contains("outside the container on axis " + std::to_string(D - 1)));
  p = good;
  p.lower[0] = T(-0.01);
  CHECK_THAT(rejected(p), Catch::Contains("outside the container on axis 0"));
  p = good;
  p.min_radius = T(0);
  CHECK_THAT(rejected(p), Catch::Contains("min_radius must be finite and > 0"));
  p = good;
  p.radii = {T(0.001)};
  p.radius_weights = {T(1), T(1)};
  CHECK_THAT(rejected(p), Catch::Contains("radius_weights must be empty or give one weight"));
  p = good;
  p.species_weights = {T(-1)};
  CHECK_THAT(rejected(p), Catch::Contains("species_weights[0] must be finite and >= 0"));
  p = good;
  p.density = T(0);
  CHECK_THAT(rejected(p), Catch::Contains("density must be finite and > 0"));
  p = good;
  p.count = 0;
  CHECK_THAT(rejected(p), Catch::Contains("give a rate > 0 or a count > 0"));
  p = good;
  p.tries = 0;
  CHECK_THAT(rejected(p), Catch::Contains("tries must be >= 1"));
  // What the engine rejects: a species outside its table, a radius above
  // its largest_radius. Nothing is inserted, and the inlet owes the same.
  p = good;
  p.species_weights = {T(0), T(1)};
  carom::inlet<T, D> wrong_species(e.container(), p);
  CHECK_THAT(carom_test::rejection_message([&] { (void)wrong_species.insert(e); }),
             Catch::Contains("carom::inlet::insert: carom::dem::add: particle 0: species 1 is "
                             "outside the material table"));
  p = good;
  p.max_radius = T(0.003);
  carom::inlet<T, D> too_large(e.container(), p);
  CHECK_THAT(carom_test::rejection_message([&] { (void)too_large.insert(e); }),
             Catch::Contains("radius") && Catch::Contains("largest_radius"));
  CHECK(e.size() == 1);
  CHECK(wrong_species.inserted() == 0);
  CHECK_THAT(carom_test::rejection_message([&] { (void)too_large.insert(e, -1.0); }),
             Catch::Contains("elapsed must be finite and >= 0"));
  carom::vec<T, D> lower = good.upper, upper = good.lower;
  CHECK_THAT(carom_test::rejection_message([&] {
               carom::outlet<T, D>({.lower = lower, .upper = upper});
             }),
             Catch::Contains("carom::outlet: lower[0]"));
  // The good inlet inserts after all that.
  carom::inlet<T, D> fine(e.container(), good);
  CHECK(fine.insert(e).inserted == 5);
  CHECK(e.size() == 6);
}
