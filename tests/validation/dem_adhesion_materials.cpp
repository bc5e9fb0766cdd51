// SPDX-License-Identifier: MIT
// Validation of carom::dem with adhesive laws built from a material table
// (docs/dem.md, "Adhesion" and "Materials"): the engine builds one JKR or
// DMT law per pair of species at the reference radius and scales it to each
// contact's own R* (F(δ; λR) = λ F(λ^{-1/3} δ; R)). Every pair of species
// and every species against a wall feels the law of its own R*, E*, γ and
// damping, and two unequal JKR spheres of different species part at the
// pull-off force −(3/2)πwR* = −3πγR* (w = 2γ, the work of adhesion of two
// surfaces of surface energy γ) and the separation δ_c of their pair
// (Johnson, Kendall & Roberts 1971).
#include <carom/contact/adhesion.hpp>
#include <carom/contact/material_table.hpp>
#include <carom/engines/dem/dem.hpp>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>

#include "support.hpp"

namespace {

// Radii 1 mm and 0.6 mm: with the reference radius (the largest, 1 mm) the
// contacts' R* are 0.5, 0.375 and 0.3 mm between particles, 1 and 0.6 mm
// against a wall, so every one is scaled.
constexpr double adhesive_material_radius[] = {1e-3, 6e-4};

// Soft materials (overlaps of ~1 µm at 1 mm, which float resolves to
// ~1e-3), a surface energy per species, one overridden for the pair (0, 1),
// and a wall material. `restitution` 1 gives undamped laws.
template <class T>
carom::material_table<T> adhesive_materials(T restitution_0, T restitution_1) {
  carom::material_table<T> table(
      {{.youngs_modulus = T(1e8), .poisson_ratio = T(0.3), .density = T(2500),
        .restitution = restitution_0, .surface_energy = T(0.5)},
       {.youngs_modulus = T(3e8), .poisson_ratio = T(0.25), .density = T(7800),
        .restitution = restitution_1, .surface_energy = T(0.2)}},
      carom::material<T>{.youngs_modulus = T(2e8), .poisson_ratio = T(0.3),
                         .restitution = T(0.9), .surface_energy = T(0.3)});
  table.set_pair(0, 1, {.surface_energy = T(0.35)});
  return table;
}

// (x, y, 5 mm): a point in the box of 1 cm.
template <class T, std::size_t D>
carom::vec<T, D> adhesive_material_point(T x, T y) {
  carom::vec<T, D> v{};
  v[0] = x;
  v[1] = y;
  if constexpr (D == 3) v[2] = T(0.005);
  return v;
}

template <class T, std::size_t D, class Law>
using adhesive_material_dem =
    carom::dem<T, D, Law, carom::dem_policies<carom::velocity_verlet, carom::frictionless>>;

// Species a against species b (b < 0: the floor y = 0) at overlap δ,
// closing at 1 cm/s: the engine's normal force against the law built
// directly at the contact's R* from the pair's material.
template <class T, std::size_t D, class Law>
void check_adhesive_material_contact(carom::species_index a, int b, T overlap_in_rest_overlaps) {
  const auto table = adhesive_materials<T>(T(0.5), T(0.7));
  const bool wall = b < 0;
  const T ra = T(adhesive_material_radius[a]);
  const T ma = carom::solid_mass<D>(table.species(a).density, ra);
  T rb = carom::infinity<T>, mb = carom::infinity<T>;
  if (!wall) {
    rb = T(adhesive_material_radius[b]);
    mb = carom::solid_mass<D>(table.species(carom::species_index(b)).density, rb);
  }
  const auto pair = wall ? table.wall_pair(a) : table.pair(a, carom::species_index(b));
  const T effective_radius = carom::effective_radius(ra, rb);
  const T effective_mass = carom::effective_mass(ma, mb);
  const Law expected = carom::material_law<Law>(pair, effective_radius);
  const T overlap = overlap_in_rest_overlaps * expected.equilibrium_overlap();
  const T speed = T(0.01);
  carom::particles<T, D> ps;
  if (wall) {
    ps.add({.position = adhesive_material_point<T, D>(T(0.005), ra - overlap),
            .velocity = adhesive_material_point<T, D>(T(0), -speed) -
                        adhesive_material_point<T, D>(T(0), T(0)),
            .radius = ra, .mass = ma, .species = a});
  } else {
    ps.add({.position = adhesive_material_point<T, D>(T(0.004), T(0.005)),
            .velocity = adhesive_material_point<T, D>(speed, T(0)) -
                        adhesive_material_point<T, D>(T(0), T(0)),
            .radius = ra, .mass = ma, .species = a});
    ps.add({.position = adhesive_material_point<T, D>(T(0.004) + ra + rb - overlap, T(0.005)),
            .radius = rb, .mass = mb, .species = carom::species_index(b)});
  }
  adhesive_material_dem<T, D, Law> e(carom::box<T, D>::cube(T(0.01), carom::boundary::wall), ps,
                                     {.max_impact_speed = T(0.1), .materials = table});
  const auto contacts = e.contacts();
  REQUIRE(contacts.size() == 1);
  const T seen = contacts[0].overlap;
  const T force = expected.force(seen, speed, effective_mass);
  const T pulloff = expected.pulloff_force();
  INFO("species " << a << " against " << (wall ? std::string("the wall") : std::to_string(b))
                  << ", R* " << effective_radius << ", δ " << seen << ", F " << force
                  << ", engine " << contacts[0].normal_force << ", F_po " << pulloff);
  // The two evaluations differ by roundings only: of φ = (R_ref/R*)^{1/3}
  // and φ δ (a few ε relative), which move the force by its slope times
  // δ, below 3 (|F| + F_po) ε-multiples, and of a(δ), whose backward error
  // is within 64 ε of the overlap (tests/contact/jkr_contact_radius.cpp):
  // 256 ε of |F| + F_po covers both.
  const T tolerance = T(256) * std::numeric_limits<T>::epsilon() * (std::abs(force) + pulloff);
  CHECK(std::abs(contacts[0].normal_force - force) <= tolerance);
  // The step's force is the same (frictionless: F_n along the normal, +y
  // on a sphere on the floor, +x on the second sphere of a pair).
  CHECK(std::abs((wall ? e.forces()[0][1] : e.forces()[1][0]) - force) <= tolerance);
  // And with the pull-off force of the contact's own R*: 3πγR* (JKR),
  // 4πγR* (DMT), the work of adhesion being 2γ.
  CHECK(pulloff == Approx(effective_radius * (std::is_same_v<Law, carom::jkr<T>> ? 3.0 : 4.0) *
                          double(carom::pi<T>) * double(pair.surface_energy))
                       .epsilon(1e-5));
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("DEM adhesion with materials: each contact feels the law of its own R*",
                        "[dem][adhesion][materials]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  // Compressed (1.5 δ₀, repulsive) and in tension (0.3 δ₀), JKR and DMT,
  // each pair of species and each species against the floor.
  for (const T depth : {T(1.5), T(0.3)}) {
    for (const int b : {0, 1, -1}) {
      check_adhesive_material_contact<T, D, carom::jkr<T>>(0, b, depth);
      check_adhesive_material_contact<T, D, carom::dmt<T>>(0, b, depth);
    }
    for (const int b : {1, -1}) {
      check_adhesive_material_contact<T, D, carom::jkr<T>>(1, b, depth);
      check_adhesive_material_contact<T, D, carom::dmt<T>>(1, b, depth);
    }
  }
}

TEMPLATE_LIST_TEST_CASE(
    "DEM adhesion with materials: unequal JKR spheres part at the pull-off of their pair",
    "[dem][adhesion][materials][jkr]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  // Undamped (e = 1). A light sphere of species 0 (fixed, then driven)
  // and a heavy one of species 1 (moved by ~1e-12 m while the contact
  // lasts): the overlap is the one the driven sphere imposes.
  const auto table = adhesive_materials<T>(T(1), T(1));
  const T r0 = T(adhesive_material_radius[0]), r1 = T(adhesive_material_radius[1]);
  const T effective_radius = carom::effective_radius(r0, r1);
  const auto law = carom::material_law<carom::jkr<T>>(table.pair(0, 1), effective_radius);
  REQUIRE(law.damping() == T(0));
  const T separation = law.pulloff_separation();
  carom::particles<T, D> ps;
  const T start = T(0.004);
  ps.add({.position = adhesive_material_point<T, D>(start, T(0.005)), .radius = r0,
          .mass = T(1e-5), .species = 0});
  ps.add({.position = adhesive_material_point<T, D>(start + r0 + r1 - law.equilibrium_overlap(),
                                                    T(0.005)),
          .radius = r1, .mass = T(1e3), .species = 1});
  adhesive_material_dem<T, D, carom::jkr<T>> e(
      carom::box<T, D>::cube(T(0.01), carom::boundary::wall), ps,
      {.max_impact_speed = T(0.01), .skin = separation / 4, .materials = table});
  e.fix(0);
  // One step of travel: 2e-9 m in float (a few roundings of the
  // coordinates near 4 mm, so that the driven sphere does move), 2e-10 m
  // in double.
  const T travel = std::is_same_v<T, float> ? T(2e-9) : T(2e-10);
  e.set_velocity(0, adhesive_material_point<T, D>(-travel / e.time_step(), T(0)) -
                        adhesive_material_point<T, D>(T(0), T(0)));
  const auto overlap = [&] { return r0 + r1 - (e.positions()[1][0] - e.positions()[0][0]); };
  T lowest = std::numeric_limits<T>::max(), last_in_contact = T(0), first_apart = T(0);
  bool parted = false;
  for (int s = 0; s < 1000000 && !parted; ++s) {
    const T before = overlap();
    e.step();
    if (e.contact_count() == 0) {
      parted = true;
      last_in_contact = before;
      first_apart = overlap();
    } else {
      lowest = std::min(lowest, e.forces()[1][0]);  // F_n: repulsive pushes 1 along +x
    }
  }
  REQUIRE(parted);
  // 3πγR*: the work of adhesion is twice the pair's surface energy.
  const T pulloff = T(3) * carom::pi<T> * table.pair(0, 1).surface_energy * effective_radius;
  // As for one R* (dem_adhesion.cpp): a step of travel misses the smooth
  // minimum by ~1e-4 F_po; the rest is the rounding of the overlap.
  const T tolerance = std::is_same_v<T, float> ? T(2e-3) : T(1e-5);
  INFO("lowest " << lowest << " pull-off " << -pulloff);
  CHECK(std::abs(lowest + pulloff) <= tolerance * pulloff);
  // The contact ends between two steps whose overlaps straddle −δ_c of R*,
  // a₀²/(2·6^{1/3}·R*) (to a few roundings of the coordinates).
  const T a0 = law.equilibrium_contact_radius();
  const T expected_separation = a0 * a0 / (T(2) * std::cbrt(T(6)) * effective_radius);
  CHECK(separation == Approx(expected_separation).epsilon(1e-5));
  const T ulp = std::nextafter(T(0.005), T(1)) - T(0.005);
  INFO("parted between " << last_in_contact << " and " << first_apart << ", δ_c " << separation);
  CHECK(last_in_contact >= -separation - T(4) * ulp);
  CHECK(first_apart <= -separation + T(4) * ulp);
}
