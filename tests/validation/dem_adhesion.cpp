// SPDX-License-Identifier: MIT
// Validation of carom::dem with an adhesive normal law (docs/dem.md,
// "Adhesion"): two DMT spheres pulled apart slowly feel at most the
// pull-off force −2πγR* (Derjaguin, Muller & Toporov 1975); two DMT spheres
// at rest without gravity settle at the overlap where Hertz balances the
// adhesion; a sphere held to a wall in tension keeps its friction (the
// Coulomb limit μ |F_n + 2 F_pulloff|); JKR spheres (Johnson, Kendall &
// Roberts 1971), against each other and against a wall, feel nothing while
// they approach from apart, stay in contact at negative overlap once they
// touched, feel at most the pull-off force −(3/2)πγR* and part at
// δ = −δ_c; two JKR spheres at rest settle at the zero-load contact radius
// a₀ = (9πγR*²/(2E*))^{1/3}; bad settings are rejected.
#include <carom/contact/adhesion.hpp>
#include <carom/engines/dem/dem.hpp>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>

#include "support.hpp"

namespace {

// 1 mm spheres of E* = 100 MPa and γ = 0.5 J/m² in a box of 1 cm (small
// coordinates: float resolves the overlaps of ~0.5 µm to ~1e-3).
constexpr double adhesion_radius = 1e-3;

template <class T>
carom::adhesion_params<T> adhesion_soft(T effective_radius, T damping) {
  return {.youngs_modulus = T(1e8), .effective_radius = effective_radius,
          .work_of_adhesion = T(0.5), .damping = damping};
}

// (x, 5 mm, …): a point on the line through the middle of the box.
template <class T, std::size_t D>
carom::vec<T, D> adhesion_point(T x) {
  carom::vec<T, D> v{};
  v[0] = x;
  for (std::size_t a = 1; a < D; ++a) v[a] = T(0.005);
  return v;
}

template <class T, std::size_t D>
using adhesion_frictionless_dem =
    carom::dem<T, D, carom::dmt<T>,
               carom::dem_policies<carom::velocity_verlet, carom::frictionless>>;

template <class T, std::size_t D>
using jkr_frictionless_dem =
    carom::dem<T, D, carom::jkr<T>,
               carom::dem_policies<carom::velocity_verlet, carom::frictionless>>;

// What a JKR contact did while its overlap was driven down from δ₀ to
// apart, one step at a time: the largest tension seen, the overlaps at the
// last step in contact and the first step apart, and whether a contact was
// seen at δ < −δ_c/2.
template <class T>
struct jkr_pull {
  T lowest = std::numeric_limits<T>::max();
  T last_in_contact = T(0);
  T first_apart = T(0);
  bool parted = false;
  bool held_apart = false;
};

// One step of travel of the driven body: 2e-9 m in float (a few roundings
// of the coordinates near 4 mm, so that the body does move), 2e-10 m in
// double.
template <class T>
constexpr T jkr_travel() {
  return std::is_same_v<T, float> ? T(2e-9) : T(2e-10);
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("DEM adhesion: DMT spheres pulled apart slowly part at −2πγR*",
                        "[dem][adhesion]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const T r = T(adhesion_radius), effective_radius = r / 2;
  const carom::dmt<T> law(adhesion_soft<T>(effective_radius, T(0)));
  // A light particle (fixed, then driven) and a heavy free one: the heavy
  // one moves by ~1e-12 m while the contact lasts, so the overlap is the one
  // the driven particle imposes.
  carom::particles<T, D> ps;
  const T start = T(0.004);
  ps.add({.position = adhesion_point<T, D>(start), .radius = r, .mass = T(1e-5)});
  ps.add({.position = adhesion_point<T, D>(start + 2 * r - law.equilibrium_overlap()),
          .radius = r, .mass = T(1e3)});
  adhesion_frictionless_dem<T, D> e(carom::box<T, D>::cube(T(0.01), carom::boundary::wall), ps,
                                    {.pair_law = law, .max_impact_speed = T(0.01)});
  e.fix(0);
  // One step of travel: 2e-9 m in float (four roundings of the coordinates
  // near 4 mm, so that the driven particle does move), 2e-10 m in double.
  const T travel = std::is_same_v<T, float> ? T(2e-9) : T(2e-10);
  const T speed = travel / e.time_step();
  e.set_velocity(0, adhesion_point<T, D>(-speed) - adhesion_point<T, D>(T(0)));
  T lowest = std::numeric_limits<T>::max();
  bool parted = false;
  for (int s = 0; s < 1000000 && !parted; ++s) {
    e.step();
    if (e.contact_count() == 0) parted = true;
    else lowest = std::min(lowest, e.forces()[1][0]);  // F_n: repulsive pushes 1 along +x
  }
  REQUIRE(parted);
  const T pulloff = T(2) * carom::pi<T> * law.work_of_adhesion() * effective_radius;
  // The last overlap seen is at most one step of travel above 0 (plus a
  // rounding of the coordinates, ~5e-10 m in float): the Hertz force there,
  // (δ_last/δ₀)^{3/2} F_po, is below 2e-4 F_po in float and 1e-5 F_po in
  // double.
  const T tolerance = std::is_same_v<T, float> ? T(1e-3) : T(1e-4);
  CHECK(std::abs(lowest + pulloff) <= tolerance * pulloff);
}

TEMPLATE_LIST_TEST_CASE("DEM adhesion: DMT spheres at rest settle where Hertz balances 2πγR*",
                        "[dem][adhesion]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const T r = T(adhesion_radius), effective_radius = r / 2;
  const carom::dmt<T> law(adhesion_soft<T>(effective_radius, T(0.8)));
  const T expected = law.equilibrium_overlap();
  carom::particles<T, D> ps;
  ps.add({.position = adhesion_point<T, D>(T(0.004)), .radius = r, .mass = T(1e-5)});
  ps.add({.position = adhesion_point<T, D>(T(0.004) + 2 * r - expected / 2), .radius = r,
          .mass = T(1e-5)});
  adhesion_frictionless_dem<T, D> e(carom::box<T, D>::cube(T(0.01), carom::boundary::wall), ps,
                                    {.pair_law = law, .max_impact_speed = T(0.01)});
  // The contact oscillates at ~10 kHz and α = 0.8 damps it within a few
  // periods: 20 ms leaves it at rest to the precision of the coordinates.
  const auto steps = std::uint64_t(T(0.02) / e.time_step());
  e.run(steps);
  REQUIRE(e.contact_count() == 1);
  const T overlap = 2 * r - (e.positions()[1][0] - e.positions()[0][0]);
  // A coordinate stops changing once v dt is below half its ulp, and the
  // damping then balances a residual elastic force of up to c ulp/(2 dt),
  // c = α √((4/3) E* a m*): the overlap may stop that force over the
  // contact stiffness 2 E* a from δ₀, plus two ulps of the coordinates. In
  // float that is a few % of δ₀; in double, below 1e-9 of it, and the
  // remaining oscillation after 20 ms is below 1e-6 of δ₀.
  const T x = e.positions()[1][0];
  const T ulp = std::nextafter(x, T(1)) - x;
  const T a = std::sqrt(effective_radius * expected);
  const T modulus = law.youngs_modulus();
  const T c = law.damping() * std::sqrt(T(4) / T(3) * modulus * a * T(0.5e-5));
  const T bound = c * ulp / (2 * e.time_step()) / (2 * modulus * a) + 2 * ulp + T(1e-6) * expected;
  INFO("overlap " << overlap << " expected " << expected << " bound " << bound);
  CHECK(std::abs(overlap - expected) <= bound);
  CHECK(std::abs(e.forces()[1][0]) <= 2 * modulus * a * bound);
}

TEMPLATE_LIST_TEST_CASE("DEM adhesion: a sphere held to a wall in tension keeps its friction",
                        "[dem][adhesion]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const T r = T(adhesion_radius), mass = T(1e-5);
  // Wall contact: R* = r. Gravity pulls the sphere off the floor y = 0
  // with m g_n = 1 mN (< F_po = 2πγr ≈ 3.1 mN: it stays, in tension) and
  // along x with m g_t = 0.5 mN. Without adhesion the Coulomb limit of a
  // tensile contact would be 0 and the sphere would slide; with it the limit
  // is μ (2 F_po − m g_n) ≈ 2.6 mN and the sphere holds.
  const carom::dmt<T> wall_law(adhesion_soft<T>(r, T(0.8)));
  carom::vec<T, D> gravity{};
  gravity[0] = T(50);
  gravity[1] = T(100);
  carom::vec<T, D> x{};
  for (std::size_t a = 0; a < D; ++a) x[a] = T(0.005);
  x[1] = r - wall_law.equilibrium_overlap();
  carom::particles<T, D> ps;
  ps.add({.position = x, .radius = r, .mass = mass});
  carom::dem<T, D, carom::dmt<T>> e(
      carom::box<T, D>::cube(T(0.01), carom::boundary::wall), ps,
      {.pair_law = carom::dmt<T>(adhesion_soft<T>(r / 2, T(0.8))), .wall_law = wall_law,
       .pair_tangential = {.friction = T(0.5), .stiffness = T(3.2e8), .damping = T(0)},
       .gravity = gravity, .max_impact_speed = T(0.01)});
  e.lock_rotation(0);  // a block: no rolling away from the force
  const T duration = T(0.02);
  e.run(std::uint64_t(duration / e.time_step()));
  REQUIRE(e.contact_count() == 1);
  const auto contacts = e.contacts();
  REQUIRE(contacts.size() == 1);
  CHECK(contacts[0].normal_force < T(0));  // in tension
  // Held by the tangential spring: the stretch m g_t/(8 G* a) is ~1e-8 m,
  // where sliding at g_t would have gone g_t t²/2 = 1 cm.
  const T moved = std::abs(e.positions()[0][0] - x[0]);
  CHECK(moved < T(1e-6));
  // The spring holds it with an undamped oscillation of ~ω ξ ≈ 2 mm/s;
  // sliding would have reached g_t t = 1 m/s.
  CHECK(std::abs(e.velocities()[0][0]) < T(1e-2));
}

TEMPLATE_LIST_TEST_CASE("DEM adhesion: bad settings are rejected and change nothing",
                        "[dem][adhesion][bad_input]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  using carom_test::rejection_message;
  const T r = T(adhesion_radius);
  carom::particles<T, D> ps;
  ps.add({.position = adhesion_point<T, D>(T(0.004)), .radius = r, .mass = T(1e-5)});
  const auto container = carom::box<T, D>::cube(T(0.01), carom::boundary::wall);
  const carom::dmt<T> law(adhesion_soft<T>(r / 2, T(0)));
  CHECK_THAT(rejection_message([&] {
               adhesion_frictionless_dem<T, D> e(
                   container, ps, {.pair_law = law, .reference_radius = r});
             }),
             Catch::StartsWith("carom::dem: an adhesive law is built for its effective radius ") &&
                 Catch::Contains(": reference_radius must be 0 (every contact at that radius) or "
                                 "that radius"));
  CHECK_THAT(rejection_message([&] {
               jkr_frictionless_dem<T, D> e(
                   container, ps,
                   {.pair_law = carom::jkr<T>(adhesion_soft<T>(r / 2, T(0))),
                    .reference_radius = r});
             }),
             Catch::StartsWith("carom::dem: an adhesive law is built for its effective radius ") &&
                 Catch::Contains(": reference_radius must be 0 (every contact at that radius) or "
                                 "that radius"));
  // γ < 0 never reaches the engine: the law rejects it, naming the field;
  // a material table names the species.
  CHECK_THAT(rejection_message([&] {
               auto p = adhesion_soft<T>(r / 2, T(0));
               p.work_of_adhesion = T(-1);
               (void)carom::dmt<T>(p);
             }),
             Catch::StartsWith("carom::dmt: work_of_adhesion must be finite and >= 0 (got -1"));
  CHECK_THAT(rejection_message([&] {
               carom::material_table<T> table(
                   {{.youngs_modulus = T(1e8), .poisson_ratio = T(0.3), .density = T(2500)},
                    {.youngs_modulus = T(1e8), .poisson_ratio = T(0.3), .density = T(2500),
                     .surface_energy = T(-0.5)}});
             }),
             Catch::StartsWith("carom::material_table: species 1: surface_energy must be finite "
                               "and >= 0"));
}

TEMPLATE_LIST_TEST_CASE("DEM adhesion: JKR spheres attach on touch and part at δ = −δ_c",
                        "[dem][adhesion][jkr]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const T r = T(adhesion_radius), effective_radius = r / 2;
  const carom::jkr<T> law(adhesion_soft<T>(effective_radius, T(0)));
  const T separation = law.pulloff_separation();  // δ_c ≈ 0.37 µm; δ₀ ≈ 0.45 µm
  // A light particle (fixed, then driven) and a heavy free one (moved by
  // ~1e-12 m while the contact lasts): the overlap is the one the driven
  // particle imposes, and the force on the heavy one the law's at it
  // (α = 0). They start 1.5 δ_c apart. A skin of δ_c/4 rebuilds the list
  // every few dozen steps: the attached flag must outlive the rebuilds, and
  // the list must hold the pair beyond the skin, down to −δ_c.
  carom::particles<T, D> ps;
  const T start = T(0.004);
  ps.add({.position = adhesion_point<T, D>(start), .radius = r, .mass = T(1e-5)});
  ps.add({.position = adhesion_point<T, D>(start + 2 * r + T(1.5) * separation), .radius = r,
          .mass = T(1e3)});
  jkr_frictionless_dem<T, D> e(
      carom::box<T, D>::cube(T(0.01), carom::boundary::wall), ps,
      {.pair_law = law, .max_impact_speed = T(0.01), .skin = separation / 4});
  e.fix(0);
  const T travel = jkr_travel<T>();
  const T speed = travel / e.time_step();
  const auto overlap = [&] { return 2 * r - (e.positions()[1][0] - e.positions()[0][0]); };
  // Approach: no force until the spheres touch.
  e.set_velocity(0, adhesion_point<T, D>(speed) - adhesion_point<T, D>(T(0)));
  bool felt_apart = false;
  int steps = 0;
  for (; steps < 1000000 && overlap() < law.equilibrium_overlap(); ++steps) {
    e.step();
    // A few roundings of the coordinates from δ = 0: not yet touching.
    if (overlap() < -T(4) * travel)
      felt_apart = felt_apart || e.contact_count() != 0 || e.forces()[1][0] != T(0);
  }
  CHECK_FALSE(felt_apart);
  REQUIRE(e.contact_count() == 1);
  // Separation: the contact holds at negative overlap, in tension.
  e.set_velocity(0, adhesion_point<T, D>(-speed) - adhesion_point<T, D>(T(0)));
  jkr_pull<T> pull;
  for (int s = 0; s < 1000000 && !pull.parted; ++s) {
    const T before = overlap();
    e.step();
    if (e.contact_count() == 0) {
      pull.parted = true;
      pull.last_in_contact = before;
      pull.first_apart = overlap();
      CHECK(e.forces()[1][0] == T(0));
    } else {
      pull.lowest = std::min(pull.lowest, e.forces()[1][0]);  // F_n: repulsive pushes 1 along +x
      if (overlap() < -separation / 2) {
        pull.held_apart = true;
        CHECK(e.forces()[1][0] < T(0));
      }
    }
  }
  REQUIRE(pull.parted);
  CHECK(pull.held_apart);
  CHECK(e.neighbours().builds() > 10);
  const T pulloff = T(1.5) * carom::pi<T> * law.work_of_adhesion() * effective_radius;
  // The force is smooth at its minimum (dF/dδ = 0 at a = a₀/4^{1/3}): a
  // step of travel of ≤ 1e-2 δ_c misses it by ~1e-4 of F_po; the rest is
  // the rounding of the overlap (≲ 1e-9 m in float) and of a(δ).
  const T tolerance = std::is_same_v<T, float> ? T(2e-3) : T(1e-5);
  INFO("lowest " << pull.lowest << " pull-off " << -pulloff);
  CHECK(std::abs(pull.lowest + pulloff) <= tolerance * pulloff);
  // The contact ends between two steps whose overlaps straddle −δ_c (to a
  // few roundings of the coordinates).
  const T ulp = std::nextafter(T(0.005), T(1)) - T(0.005);
  INFO("parted between " << pull.last_in_contact << " and " << pull.first_apart << ", δ_c "
                         << separation);
  CHECK(pull.last_in_contact >= -separation - T(4) * ulp);
  CHECK(pull.first_apart <= -separation + T(4) * ulp);
  CHECK(pull.last_in_contact - pull.first_apart <= travel + T(4) * ulp);
}

TEMPLATE_LIST_TEST_CASE("DEM adhesion: JKR spheres at rest settle at a₀ = (9πγR*²/(2E*))^{1/3}",
                        "[dem][adhesion][jkr]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const T r = T(adhesion_radius), effective_radius = r / 2;
  const carom::jkr<T> law(adhesion_soft<T>(effective_radius, T(0.8)));
  const T modulus = law.youngs_modulus();
  const T a0 = std::cbrt(T(9) * carom::pi<T> * law.work_of_adhesion() * effective_radius *
                         effective_radius / (T(2) * modulus));
  const T expected = a0 * a0 / (T(3) * effective_radius);  // δ₀
  // Released touching (δ = δ₀/2) at rest: the adhesion pulls them together.
  carom::particles<T, D> ps;
  ps.add({.position = adhesion_point<T, D>(T(0.004)), .radius = r, .mass = T(1e-5)});
  ps.add({.position = adhesion_point<T, D>(T(0.004) + 2 * r - expected / 2), .radius = r,
          .mass = T(1e-5)});
  jkr_frictionless_dem<T, D> e(carom::box<T, D>::cube(T(0.01), carom::boundary::wall), ps,
                               {.pair_law = law, .max_impact_speed = T(0.01)});
  const auto steps = std::uint64_t(T(0.02) / e.time_step());
  e.run(steps);
  REQUIRE(e.contact_count() == 1);
  const auto contacts = e.contacts();
  REQUIRE(contacts.size() == 1);
  const T overlap = 2 * r - (e.positions()[1][0] - e.positions()[0][0]);
  // As for DMT above, with the JKR contact stiffness at a₀,
  // dF/dδ = (6/5) E* a₀: the damping holds a residual force of up to
  // c ulp/(2 dt), and the overlap stops that force over the stiffness from
  // δ₀, plus two ulps of the coordinates.
  const T x = e.positions()[1][0];
  const T ulp = std::nextafter(x, T(1)) - x;
  const T stiffness = T(1.2) * modulus * a0;
  const T c = law.damping() * std::sqrt(T(4) / T(3) * modulus * a0 * T(0.5e-5));
  const T bound = c * ulp / (2 * e.time_step()) / stiffness + 2 * ulp + T(1e-6) * expected;
  INFO("overlap " << overlap << " expected " << expected << " bound " << bound);
  CHECK(std::abs(overlap - expected) <= bound);
  CHECK(std::abs(contacts[0].overlap - expected) <= bound);
  CHECK(std::abs(e.forces()[1][0]) <= stiffness * bound);
  // a(δ) near a₀: da/dδ = 3R*/(5a₀); and the law's closed form rounds a by
  // a few 1e-4 in float.
  const T a = law.contact_radius(contacts[0].overlap);
  const T a_bound = T(3) * effective_radius / (T(5) * a0) * bound +
                    (std::is_same_v<T, float> ? T(1e-3) : T(1e-9)) * a0;
  INFO("contact radius " << a << " a0 " << a0);
  CHECK(std::abs(a - a0) <= a_bound);
  CHECK(a0 == Approx(law.equilibrium_contact_radius()).epsilon(std::is_same_v<T, float> ? 1e-5 : 1e-12));
}

TEMPLATE_LIST_TEST_CASE("DEM adhesion: a JKR sphere on a wall attaches on touch and parts at −δ_c",
                        "[dem][adhesion][jkr]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const T r = T(adhesion_radius);
  // Wall contact: R* = r. A heavy free sphere (1 t) driven by its velocity,
  // set before each phase: the contact force of ≤ 2.4 mN changes it by
  // ~1e-10 m/s over the run, at a time step of 10 ns. A skin of δ_c/4: the
  // wall must keep the sphere among its candidates beyond the skin.
  const carom::jkr<T> wall_law(adhesion_soft<T>(r, T(0)));
  const T separation = wall_law.pulloff_separation();
  carom::vec<T, D> x{};
  for (std::size_t a = 0; a < D; ++a) x[a] = T(0.005);
  x[1] = r + T(1.5) * separation;
  carom::particles<T, D> ps;
  ps.add({.position = x, .radius = r, .mass = T(1e3)});
  jkr_frictionless_dem<T, D> e(
      carom::box<T, D>::cube(T(0.01), carom::boundary::wall), ps,
      {.pair_law = carom::jkr<T>(adhesion_soft<T>(r / 2, T(0))), .wall_law = wall_law,
       .max_impact_speed = T(0.01), .time_step = T(1e-8), .skin = separation / 4});
  const T travel = jkr_travel<T>() / 4;  // the coordinates near 1 mm are 4× finer
  const T speed = travel / e.time_step();
  const auto overlap = [&] { return r - e.positions()[0][1]; };  // the floor y = 0
  carom::vec<T, D> down{};
  down[1] = -speed;
  e.set_velocity(0, down);
  bool felt_apart = false;
  for (int s = 0; s < 1000000 && overlap() < wall_law.equilibrium_overlap(); ++s) {
    e.step();
    if (overlap() < -T(4) * travel)
      felt_apart = felt_apart || e.contact_count() != 0 || e.forces()[0][1] != T(0);
  }
  CHECK_FALSE(felt_apart);
  REQUIRE(e.contact_count() == 1);
  e.set_velocity(0, -down);
  jkr_pull<T> pull;
  for (int s = 0; s < 1000000 && !pull.parted; ++s) {
    const T before = overlap();
    e.step();
    if (e.contact_count() == 0) {
      pull.parted = true;
      pull.last_in_contact = before;
      pull.first_apart = overlap();
      CHECK(e.forces()[0][1] == T(0));
    } else {
      pull.lowest = std::min(pull.lowest, e.forces()[0][1]);  // repulsive pushes along +y
      if (overlap() < -separation / 2) {
        pull.held_apart = true;
        REQUIRE(e.contacts().size() == 1);
        CHECK(e.contacts()[0].normal_force < T(0));
      }
    }
  }
  REQUIRE(pull.parted);
  CHECK(pull.held_apart);
  CHECK(e.neighbours().builds() > 10);
  const T pulloff = T(1.5) * carom::pi<T> * wall_law.work_of_adhesion() * r;
  const T tolerance = std::is_same_v<T, float> ? T(2e-3) : T(1e-5);
  INFO("lowest " << pull.lowest << " pull-off " << -pulloff);
  CHECK(std::abs(pull.lowest + pulloff) <= tolerance * pulloff);
  const T ulp = std::nextafter(r, T(1)) - r;
  INFO("parted between " << pull.last_in_contact << " and " << pull.first_apart << ", δ_c "
                         << separation);
  CHECK(pull.last_in_contact >= -separation - T(4) * ulp);
  CHECK(pull.first_apart <= -separation + T(4) * ulp);
  CHECK(pull.last_in_contact - pull.first_apart <= travel + T(4) * ulp);
}
