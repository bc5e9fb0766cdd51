// SPDX-License-Identifier: MIT
// Validation of carom::dem with material species (docs/dem.md,
// "Materials"): every pair of species, and each species against a wall,
// collides with the restitution of its pair and the Hertz contact duration
// of its E*, R* and m* (carom::contact_duration, the analytic value of the
// law); a block slides on the floor at the deceleration μ g of its
// species–wall friction; bad species are rejected.
#include <carom/contact/material_table.hpp>
#include <carom/contact/observables.hpp>
#include <carom/engines/dem/dem.hpp>

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "dem_support.hpp"
#include "support.hpp"

namespace {

template <class T>
carom::material_table<T> two_materials() {
  carom::material_table<T> table(
      {{.youngs_modulus = T(1e8), .poisson_ratio = T(0.3), .density = T(2500),
        .restitution = T(0.8), .friction = T(0.3)},
       {.youngs_modulus = T(4e8), .poisson_ratio = T(0.25), .density = T(7800),
        .restitution = T(0.6), .friction = T(0.2)}},
      carom::material<T>{.youngs_modulus = T(2e8), .poisson_ratio = T(0.3),
                         .restitution = T(0.9), .friction = T(0.5)});
  table.set_pair(0, 1, {.restitution = T(0.5)});
  return table;
}

template <class T, std::size_t D>
carom::vec<T, D> along_x_only(T v) {
  carom::vec<T, D> u{};
  u[0] = v;
  return u;
}

constexpr double material_radius[] = {0.005, 0.0075};

/// Head-on impact at relative speed 2 m/s of species a and b (b < 0: a
/// against the wall x = 0). Returns the measured restitution and contact
/// duration, and the analytic duration of the pair's law at its R*, m*.
template <class T, std::size_t D>
void check_impact(const carom::material_table<T>& table, carom::species_index a, int b) {
  const bool wall = b < 0;
  const T ra = T(material_radius[a]);
  const T ma = carom::solid_mass<D>(table.species(a).density, ra);
  carom::particles<T, D> ps;
  ps.add({.position = dem_test::on_x_axis<T, D>(wall ? ra + T(1e-4) : T(0.04)),
          .velocity = along_x_only<T, D>(wall ? T(-2) : T(1)), .radius = ra, .mass = ma,
          .species = a});
  T rb = carom::infinity<T>, mb = carom::infinity<T>;
  if (!wall) {
    const auto sb = carom::species_index(b);
    rb = T(material_radius[sb]);
    mb = carom::solid_mass<D>(table.species(sb).density, rb);
    ps.add({.position = dem_test::on_x_axis<T, D>(T(0.04) + ra + rb + T(1e-4)),
            .velocity = along_x_only<T, D>(T(-1)), .radius = rb, .mass = mb, .species = sb});
  }
  using law = carom::hertz<T>;
  carom::dem<T, D, law> e(carom::box<T, D>::cube(T(0.1), carom::boundary::wall), ps,
                          {.max_impact_speed = T(2), .materials = table});
  int steps_in_contact = 0;
  bool touched = false;
  for (int s = 0; s < 400000; ++s) {
    e.step();
    if (e.contact_count() > 0) {
      touched = true;
      ++steps_in_contact;
    } else if (touched) {
      break;
    }
  }
  REQUIRE(touched);
  const auto pair = wall ? table.wall_pair(a) : table.pair(a, carom::species_index(b));
  const T effective_radius = carom::effective_radius(ra, rb);
  const T effective_mass = carom::effective_mass(ma, mb);
  const double expected_duration = double(carom::contact_duration(
      carom::material_law<law>(pair, effective_radius), effective_mass, T(2)));
  const T measured = wall ? e.velocities()[0][0] / T(2)
                          : (e.velocities()[1][0] - e.velocities()[0][0]) / T(2);
  INFO("species " << a << " against " << (wall ? std::string("the wall") : std::to_string(b)));
  CHECK(std::abs(double(measured - pair.restitution)) < 1e-3);
  // The duration is resolved to one step, ≤ 1/1000 of the shortest contact.
  CHECK(double(steps_in_contact) * double(e.time_step()) ==
        Approx(expected_duration).epsilon(3e-3));
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("DEM materials: each pair of species collides with its own e and Hertz duration",
                        "[dem][materials]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const auto table = two_materials<T>();
  check_impact<T, D>(table, 0, 0);
  check_impact<T, D>(table, 0, 1);  // the override: e = 0.5
  check_impact<T, D>(table, 1, 1);
  check_impact<T, D>(table, 0, -1);
  check_impact<T, D>(table, 1, -1);
}

TEMPLATE_LIST_TEST_CASE("DEM materials: a block slides on the floor at its species' μ g",
                        "[dem][materials]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  auto table = two_materials<T>();
  table.set_wall_pair(1, {.friction = T(0.1)});
  const T g = T(9.81), v0 = T(1), r = T(0.005);
  carom::particles<T, D> ps;
  for (carom::species_index s = 0; s < 2; ++s) {
    carom::vec<T, D> x{}, v{};
    // Side by side in 3D, one ahead of the other in 2D.
    x[0] = D == 3 || s == 0 ? T(0.01) : T(0.04);
    if constexpr (D == 3) x[1] = s == 0 ? T(0.03) : T(0.07);
    x[D - 1] = r;  // resting on the floor z = 0 (y in 2D)
    v[0] = v0;
    ps.add({.position = x, .velocity = v, .radius = r,
            .mass = carom::solid_mass<D>(table.species(s).density, r), .species = s});
  }
  carom::vec<T, D> gravity{};
  gravity[D - 1] = -g;
  carom::dem<T, D, carom::hertz<T>> e(carom::box<T, D>::cube(T(0.1), carom::boundary::wall), ps,
                                      {.gravity = gravity, .max_impact_speed = T(1),
                                       .materials = table});
  e.lock_rotation(0);
  e.lock_rotation(1);
  const double t = 0.05;
  e.run(std::uint64_t(std::lround(t / double(e.time_step()))));
  const double elapsed = e.time();
  // μ = √(0.3 · 0.5) for species 0 (mixed), 0.1 for species 1 (override).
  const double mu[] = {std::sqrt(0.15), 0.1};
  for (std::size_t s = 0; s < 2; ++s) {
    INFO("species " << s);
    CHECK(double(e.velocities()[s][0]) ==
          Approx(double(v0) - mu[s] * double(g) * elapsed).epsilon(0.01));
  }
}

TEMPLATE_LIST_TEST_CASE("DEM materials: bad species and settings are rejected", "[dem][materials][bad_input]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const auto box = carom::box<T, D>::cube(T(0.1), carom::boundary::wall);
  carom::particles<T, D> ps;
  ps.add({.position = dem_test::on_x_axis<T, D>(T(0.02)), .radius = T(0.005), .mass = T(1e-3)});
  ps.add({.position = dem_test::on_x_axis<T, D>(T(0.05)), .radius = T(0.005), .mass = T(1e-3), .species = 2});
  const auto message = [](auto make) { return carom_test::rejection_message(make); };
  using hertz_engine = carom::dem<T, D, carom::hertz<T>>;
  const auto table = two_materials<T>();
  CHECK(message([&] { hertz_engine e(box, ps, {.materials = table}); })
            .find("particle 1 (id 1): species 2 is outside the material table (2 species)") !=
        std::string::npos);
  const auto law = carom::hertz<T>::from_restitution(T(1e8), T(0.5));
  CHECK(message([&] { hertz_engine e(box, ps, {.pair_law = law}); })
            .find("species 2 is outside the material table (1 species: no materials given)") !=
        std::string::npos);
  carom::particles<T, D> one;
  one.add({.position = dem_test::on_x_axis<T, D>(T(0.02)), .radius = T(0.005), .mass = T(1e-3)});
  CHECK(message([&] { hertz_engine e(box, one, {.pair_law = law, .materials = table}); })
            .find("either pair_law or materials") != std::string::npos);
  CHECK(message([&] { hertz_engine e(box, one, {}); }).find("give pair_law, or materials") !=
        std::string::npos);
  CHECK(message([&] { hertz_engine e(box, one, {.wall_law = law, .materials = table}); })
            .find("with materials, wall_law") != std::string::npos);
  CHECK(message([&] {
          carom::dem<T, D, carom::power_law<T>> e(box, one, {.materials = table});
        }).find("exponent is fixed at compile time") != std::string::npos);
  CHECK(message([&] {
          carom::dem<T, D, carom::hertz<T>,
                     carom::dem_policies<carom::velocity_verlet, carom::linear_tangential_spring>>
              e(box, one, {.materials = table});
        }).find("carom::mindlin_tangential_spring") != std::string::npos);
}

// Running several species in one pass changes neither a contact's force
// nor the order in which forces are added: two species of one material
// give the trajectory of one species, bit for bit.
TEMPLATE_LIST_TEST_CASE("DEM materials: two species of the same material move as one species",
                        "[dem][materials]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const carom::material<T> glass{.youngs_modulus = T(1e8), .poisson_ratio = T(0.3),
                                 .density = T(2500), .restitution = T(0.5), .friction = T(0.4)};
  const auto box = carom::box<T, D>::cube(T(0.1), carom::boundary::wall);
  carom::particles<T, D> one, two;
  const int side = D == 3 ? 6 : 7;
  for (int n = 0; n < side * side * (D == 3 ? side : 1); ++n) {
    carom::vec<T, D> x{};
    int rest = n;
    for (std::size_t a = 0; a < D; ++a, rest /= side) x[a] = T(0.011) * T(rest % side + 1);
    x += carom_test::random_vec<T, D>(T(-0.0005), T(0.0005));
    carom::particle_params<T, D> p{.position = x,
                                   .velocity = carom_test::random_vec<T, D>(T(-0.5), T(0.5)),
                                   .radius = T(0.005) * carom_test::uniform<T>(T(0.9), T(1.1)),
                                   .mass = T(1e-3)};
    one.add(p);
    p.species = carom::species_index(n % 2);
    two.add(p);
  }
  carom::vec<T, D> gravity{};
  gravity[D - 1] = T(-9.81);
  std::size_t contacts = 0;
  const auto run = [&](const carom::particles<T, D>& ps, std::size_t species) {
    carom::dem<T, D, carom::hertz<T>> e(
        box, ps,
        {.gravity = gravity, .max_impact_speed = T(1), .steps_per_contact = 50,
         .materials = carom::material_table<T>(std::vector<carom::material<T>>(species, glass))});
    contacts = 0;
    for (int s = 0; s < 3000; ++s) {
      e.step();
      contacts += e.contact_count();
    }
    return e;
  };
  const auto a = run(one, 1);
  const auto b = run(two, 2);
  INFO(contacts << " contacts over the steps");
  REQUIRE(contacts > 3000);
  bool same = true;
  for (std::size_t i = 0; i < a.size(); ++i)
    same = same && a.positions()[i] == b.positions()[i] && a.velocities()[i] == b.velocities()[i];
  CHECK(same);
}

// Each pair of species of a bed runs its own law, though one pass of the
// kernel serves them all: three separate pairs (0–0, 0–1, 1–1), each
// overlapping by 10⁻⁴ m while approaching at 0.1 m/s and sliding at 1 m/s
// (so that they slip), against the normal force of the pair's material law
// at its R* and m*, and the Coulomb force μ F_n of the pair's friction.
// Float resolves δ to about 10⁻³ of itself near x = 0.05: the tolerance is
// the law's sensitivity to that; double agrees to round-off.
TEMPLATE_LIST_TEST_CASE("DEM materials: each pair of species in one pass gets its own law and "
                        "friction",
                        "[dem][materials]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const auto table = two_materials<T>();
  const T overlap = T(1e-4);
  const auto point = [](T x, T y, T z) {
    carom::vec<T, D> v{};
    v[0] = x;
    v[1] = y;
    if constexpr (D == 3) v[2] = z;
    return v;
  };
  carom::particles<T, D> ps;
  const carom::species_index pairs[3][2] = {{0, 0}, {0, 1}, {1, 1}};
  for (int k = 0; k < 3; ++k) {
    const auto [a, b] = pairs[k];
    const T ra = T(material_radius[a]), rb = T(material_radius[b]);
    const T y = T(0.02) + T(0.03) * T(k);
    ps.add({.position = point(T(0.05), y, T(0.05)), .radius = ra,
            .mass = carom::solid_mass<D>(table.species(a).density, ra), .species = a});
    ps.add({.position = point(T(0.05) + ra + rb - overlap, y, T(0.05)),
            .velocity = point(T(-0.1), T(1), T(0)), .radius = rb,
            .mass = carom::solid_mass<D>(table.species(b).density, rb), .species = b});
  }
  carom::dem<T, D, carom::hertz<T>> e(carom::box<T, D>::cube(T(0.1), carom::boundary::wall), ps,
                                     {.max_impact_speed = T(1), .materials = table});
  const double tol = std::is_same_v<T, float> ? 3e-3 : 1e-12;
  const T reference_radius = T(material_radius[1]);  // the largest radius
  const auto check = [&](bool slipping) {
    const auto contacts = e.contacts();
    REQUIRE(contacts.size() == 3);
    for (const auto& c : contacts) {
      const int k = int(c.i / 2);
      const auto pair = table.pair(pairs[k][0], pairs[k][1]);
      const T ri = e.radii()[c.i], rj = e.radii()[c.partner];
      const T scale = std::sqrt(carom::effective_radius(ri, rj) / reference_radius);
      const T mass = carom::effective_mass(e.masses()[c.i], e.masses()[c.partner]);
      const T rate = carom::dot(e.velocities()[c.i] - e.velocities()[c.partner], c.normal);
      const auto law = carom::material_law<carom::hertz<T>>(pair, reference_radius);
      const double expected = double(scale * law.force(c.overlap, rate, mass / scale));
      INFO("pair " << k << ": species " << pairs[k][0] << " and " << pairs[k][1]);
      CHECK(double(c.normal_force) == Approx(expected).epsilon(tol));
      if (slipping) {
        CHECK(double(carom::norm(c.tangential_force)) ==
              Approx(double(pair.friction) * double(c.normal_force)).epsilon(tol));
      } else {  // as built, the force the engine added is the one reported
        for (std::size_t a = 0; a < D; ++a)
          CHECK(double(e.forces()[c.i][a]) ==
                Approx(double(c.force[a])).epsilon(tol).margin(tol * double(c.normal_force)));
      }
    }
  };
  check(false);
  e.run(200);  // the stretch grows past the Coulomb limit
  check(true);
}
