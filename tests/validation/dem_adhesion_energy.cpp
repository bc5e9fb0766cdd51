// SPDX-License-Identifier: MIT
// The energy of the adhesive laws (docs/dem.md, "Adhesion"): jkr::energy
// and dmt::energy are potentials of the laws' elastic and adhesive force
// (a centred difference of U(δ) matches F_e(δ), U(0) = 0), and
// carom::dem::elastic_energy() sums them, attached JKR contacts at δ ≤ 0
// included: an undamped, frictionless JKR pair or sphere on a wall that
// oscillates while attached, down to negative overlap, and a DMT pair,
// conserve kinetic plus elastic energy to the O(dt²) error of velocity
// Verlet.
#include <carom/contact/adhesion.hpp>
#include <carom/engines/dem/dem.hpp>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <type_traits>

#include "support.hpp"

namespace {

// Soft spheres, E* = 1 MPa, γ = 0.5 J/m², radius 1 mm: δ₀ ≈ 10 µm, 1e-2 of
// the radius, so that float resolves the overlap to ~1e-5 of it.
constexpr double energy_radius = 1e-3;

template <class T>
carom::adhesion_params<T> energy_soft(T effective_radius) {
  return {.youngs_modulus = T(1e6), .effective_radius = effective_radius,
          .work_of_adhesion = T(0.5), .damping = T(0)};
}

// The largest |(U(δ + h) − U(δ − h))/(2h) − F_e(δ)| over n overlaps from
// `low` to `high`, with h = min(h0, (δ − edge)/10): the step stays a tenth
// of the way to `edge`, below which U is not defined or not smooth.
template <class T, class Law>
T energy_difference_error(const Law& law, T edge, T low, T high, T h0, int n) {
  T worst = T(0);
  for (int k = 0; k <= n; ++k) {
    const T overlap = low + (high - low) * T(k) / T(n);
    const T h = std::min(h0, (overlap - edge) / T(10));
    const T derivative = (law.energy(overlap + h) - law.energy(overlap - h)) / (T(2) * h);
    worst = std::max(worst, std::abs(derivative - law.force(overlap, T(0), T(1))));
  }
  return worst;
}

template <class T, std::size_t D>
using jkr_energy_dem =
    carom::dem<T, D, carom::jkr<T>,
               carom::dem_policies<carom::velocity_verlet, carom::frictionless>>;
template <class T, std::size_t D>
using dmt_energy_dem =
    carom::dem<T, D, carom::dmt<T>,
               carom::dem_policies<carom::velocity_verlet, carom::frictionless>>;

// (x, 5 mm, …).
template <class T, std::size_t D>
carom::vec<T, D> energy_point(T x) {
  carom::vec<T, D> v{};
  v[0] = x;
  for (std::size_t a = 1; a < D; ++a) v[a] = T(0.005);
  return v;
}

// Two spheres of radius r and mass m overlapping by δ along x, moving
// apart at relative speed u.
template <class T, std::size_t D>
carom::particles<T, D> energy_pair(T r, T mass, T overlap, T speed) {
  carom::particles<T, D> ps;
  ps.add({.position = energy_point<T, D>(T(0.004)),
          .velocity = energy_point<T, D>(-speed / 2) - energy_point<T, D>(T(0)),
          .radius = r, .mass = mass});
  ps.add({.position = energy_point<T, D>(T(0.004) + 2 * r - overlap),
          .velocity = energy_point<T, D>(speed / 2) - energy_point<T, D>(T(0)),
          .radius = r, .mass = mass});
  return ps;
}

// What an oscillating contact did: the largest |E − E₀| of kinetic plus
// elastic energy, the overlaps it reached, and whether it stayed one contact.
template <class T>
struct energy_record {
  double worst = 0;
  T lowest = std::numeric_limits<T>::max();
  T highest = std::numeric_limits<T>::lowest();
  bool held = true;
};

// Runs `steps` steps of `e` and records its energy error against the start
// and the overlap overlap().
template <class T, class Engine, class Overlap>
energy_record<T> energy_run(Engine& e, std::uint64_t steps, Overlap overlap) {
  energy_record<T> r;
  const double start = double(e.kinetic_energy()) + double(e.elastic_energy());
  for (std::uint64_t s = 0; s < steps; ++s) {
    e.step();
    const double now = double(e.kinetic_energy()) + double(e.elastic_energy());
    r.worst = std::max(r.worst, std::abs(now - start));
    r.lowest = std::min(r.lowest, overlap());
    r.highest = std::max(r.highest, overlap());
    r.held = r.held && e.contact_count() == 1;
  }
  return r;
}

// The bound on |E − E₀| over `steps` steps of velocity Verlet at ω dt for
// an oscillation of energy scale `kinetic` (J) under forces up to
// `largest_force` (N), with coordinates of spacing `ulp` (m): the O(dt²)
// error of the method, (ω dt)² `kinetic` (its shadow energy differs by
// ~(ω dt)²/12 of it; ω from the stiffest point reached), and the rounding
// of the two bodies' coordinates at each step, up to ulp/2 each, a random
// walk of work against the force: 2 √steps F ulp (the rounding of the
// velocities, ε m v² per step, is far below it).
inline double verlet_energy_bound(double omega_dt, double kinetic, double steps,
                                  double largest_force, double ulp) {
  return omega_dt * omega_dt * kinetic + 2 * std::sqrt(steps) * largest_force * ulp;
}

// Checks a run of `steps` steps of dt against verlet_energy_bound(), at
// angular frequency ω, with forces up to the larger of the law's pull-off
// force and its force at the deepest overlap reached, and coordinates up
// to `coordinate`.
template <class T, class Law>
void check_energy_bound(const energy_record<T>& run, const Law& law, double steps, T dt, T omega,
                        T kinetic, T coordinate) {
  const double wdt = double(omega * dt);
  INFO("dt " << dt << " ω dt " << wdt << " overlaps " << run.lowest << " .. " << run.highest
             << " worst |ΔE| / E_kin " << run.worst / double(kinetic));
  const double ulp = double(std::nextafter(coordinate, T(1)) - coordinate);
  const double force = std::max(double(law.pulloff_force()),
                                std::abs(double(law.force(run.highest, T(0), T(1)))));
  const double bound = verlet_energy_bound(wdt, double(kinetic), steps, force, ulp);
  INFO("bound / E_kin " << bound / double(kinetic));
  CHECK(run.worst <= bound);
}

// dF_e/dδ of a JKR law at overlap δ > −δ_c: (dF/da)/(dδ/da).
template <class T>
T jkr_contact_stiffness(const carom::jkr<T>& law, T overlap) {
  const T a = law.contact_radius(overlap), R = law.effective_radius();
  const T c = std::sqrt(T(2) * carom::pi<T> * law.work_of_adhesion() / law.youngs_modulus());
  return law.youngs_modulus() * (T(4) * a * a / R - T(3) * c * std::sqrt(a)) /
         (T(2) * a / R - c / (T(2) * std::sqrt(a)));
}

}  // namespace

TEMPLATE_TEST_CASE("Adhesion energy: a centred difference of jkr::energy is F_e, U(0) = 0",
                   "[adhesion][energy][jkr]", float, double) {
  using T = TestType;
  const T R = T(energy_radius) / 2;
  const carom::jkr<T> law(energy_soft<T>(R));
  const T separation = law.pulloff_separation(), rest = law.equilibrium_overlap();
  const T pulloff = law.pulloff_force();
  CHECK(std::abs(law.energy(T(0))) <= T(8) * carom_test::eps<T> * pulloff * separation);
  // Closed forms: U(δ₀) = −(3/5)πγ(a₀² − a₁²), U(−δ_c) = πγa₁²(3/5 + 2^{-2/3}/10).
  const T pi_gamma = carom::pi<T> * law.work_of_adhesion();
  const T a0 = law.equilibrium_contact_radius();
  const T root_a1 = std::cbrt(R * std::sqrt(T(2) * pi_gamma / law.youngs_modulus()));
  const T a1_2 = root_a1 * root_a1 * root_a1 * root_a1;  // a₁ = (cR*)^{2/3}
  const T tol = std::is_same_v<T, float> ? T(1e-4) : T(1e-10);
  CHECK(law.energy(rest) == Approx(-T(0.6) * pi_gamma * (a0 * a0 - a1_2)).epsilon(tol));
  CHECK(law.energy(-separation) ==
        Approx(pi_gamma * a1_2 * (T(0.6) + std::pow(T(2), -T(2) / T(3)) / T(10))).epsilon(tol));
  // γ = 0: Hertz's k δ^{5/2}/(5/2).
  auto hertz = energy_soft<T>(R);
  hertz.work_of_adhesion = T(0);
  const carom::jkr<T> bare(hertz);
  CHECK(bare.energy(rest) ==
        Approx(bare.stiffness() * std::pow(rest, T(2.5)) / T(2.5)).epsilon(tol));
  CHECK(bare.energy(-rest) == T(0));
  // F_e from −δ_c (a vertical tangent of a(δ), F_e ∝ √(δ + δ_c): the step
  // stays a tenth of the way to −δ_c, and the difference starts 1e-2 δ_c
  // above it) to 5 δ₀, in 2000 overlaps. The error of the difference is
  // the rounding of U over 2h plus h²/6 U''' (≲ 1e-4 F_po at h = 3e-2 δ_c;
  // near −δ_c, where h = x/10 at x = δ + δ_c, the truncation of the √ is
  // h²/(24x²) ≈ 4e-4 of F_e − F_e(−δ_c)). U, up to ~20 F_po δ_c at 5 δ₀,
  // rounds to ~20 ε of itself (a(δ) to a few ε, raised to the fifth power),
  // ~5e-5 F_po δ_c in float: h0 = 3e-2 δ_c keeps that below 1e-3 F_po
  // (measured worst 7.5e-4 F_po; 2.5e-2 F_po at h0 = 1e-3 δ_c, falling as
  // 1/h). In double, h0 = 1e-5 δ_c.
  const T h0 = (std::is_same_v<T, float> ? T(3e-2) : T(1e-5)) * separation;
  const T error = energy_difference_error(law, -separation, -separation * T(0.99),
                                          T(5) * rest, h0, 2000);
  INFO("worst |dU/dδ − F_e| / F_po " << error / pulloff);
  CHECK(error <= (std::is_same_v<T, float> ? T(3e-3) : T(1e-6)) * pulloff);
}

TEMPLATE_TEST_CASE("Adhesion energy: a centred difference of dmt::energy is F_e, U(0) = 0",
                   "[adhesion][energy][dmt]", float, double) {
  using T = TestType;
  const T R = T(energy_radius) / 2;
  const carom::dmt<T> law(energy_soft<T>(R));
  const T rest = law.equilibrium_overlap(), pulloff = law.pulloff_force();
  CHECK(law.energy(T(0)) == T(0));
  CHECK(law.energy(-rest) == T(0));
  // U(δ₀) = −(3/5) 2πγR* δ₀ (F_e(δ₀) = 0).
  const T tol = std::is_same_v<T, float> ? T(1e-5) : T(1e-12);
  CHECK(law.energy(rest) == Approx(-T(0.6) * pulloff * rest).epsilon(tol));
  // From 1e-2 δ₀ (F_e jumps at δ = 0) to 5 δ₀. U ≲ 20 F_po δ₀ over the
  // range, rounded to a few ε: the difference rounds by ~ε 20 F_po δ₀/h,
  // 2e-4 F_po in float at h0 = 1e-2 δ₀ (the truncation h²/6 U''' is far
  // below), 2e-10 F_po in double at h0 = 1e-5 δ₀ (measured 3.9e-4, 4.1e-10).
  const T h0 = (std::is_same_v<T, float> ? T(1e-2) : T(1e-5)) * rest;
  const T error = energy_difference_error(law, T(0), T(1e-2) * rest, T(5) * rest, h0, 2000);
  INFO("worst |dU/dδ − F_e| / F_po " << error / pulloff);
  CHECK(error <= (std::is_same_v<T, float> ? T(3e-3) : T(1e-6)) * pulloff);
}

TEMPLATE_LIST_TEST_CASE("Adhesion energy: an undamped JKR pair conserves energy while attached",
                        "[dem][adhesion][energy][jkr]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const T r = T(energy_radius), R = r / 2, mass = T(1e-5);
  const carom::jkr<T> law(energy_soft<T>(R));
  const T rest = law.equilibrium_overlap(), separation = law.pulloff_separation();
  // Pushed together to δ₀ (attached from the first force pass), then
  // moving apart with kinetic energy U(−δ_c)/2 − U(δ₀): the pair
  // oscillates between a negative overlap above −δ_c and a compression,
  // attached all along.
  const T total = law.energy(-separation) / 2;
  const T kinetic = total - law.energy(rest);
  const T speed = std::sqrt(T(2) * kinetic / (mass / 2));  // relative, m* = m/2
  const auto ps = energy_pair<T, D>(r, mass, rest, speed);
  jkr_energy_dem<T, D> e(carom::box<T, D>::cube(T(0.01), carom::boundary::wall), ps,
                         {.pair_law = law, .max_impact_speed = T(0.1)});
  const auto overlap = [&] { return 2 * r - (e.positions()[1][0] - e.positions()[0][0]); };
  const auto r1 = energy_run<T>(e, 20000, overlap);
  REQUIRE(r1.held);
  CHECK(r1.lowest < -separation / 4);
  CHECK(r1.lowest > -separation);
  const T omega = std::sqrt(jkr_contact_stiffness(law, r1.highest) / (mass / 2));
  // T(0.007): the largest coordinate the bodies reach.
  check_energy_bound(r1, law, 20000, e.time_step(), omega, kinetic, T(0.007));
  if constexpr (std::is_same_v<T, double>) {
    // The error is the method's: halving dt over the same time divides it
    // by ~4 (measured 4.0); round-off is far below it in double.
    jkr_energy_dem<T, D> half(carom::box<T, D>::cube(T(0.01), carom::boundary::wall), ps,
                              {.pair_law = law, .max_impact_speed = T(0.1),
                               .time_step = e.time_step() / 2});
    const auto half_overlap = [&] {
      return 2 * r - (half.positions()[1][0] - half.positions()[0][0]);
    };
    const auto r2 = energy_run<T>(half, 40000, half_overlap);
    INFO("worst |ΔE| at dt/2 / E_kin " << r2.worst / double(kinetic));
    CHECK(r2.worst * 3 <= r1.worst);
    CHECK(r2.worst * 5 >= r1.worst);
  }
}

TEMPLATE_LIST_TEST_CASE("Adhesion energy: an undamped JKR sphere on a wall conserves energy",
                        "[dem][adhesion][energy][jkr]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const T r = T(energy_radius), mass = T(1e-5);
  const carom::jkr<T> wall_law(energy_soft<T>(r));  // R* = r
  const T rest = wall_law.equilibrium_overlap(), separation = wall_law.pulloff_separation();
  const T total = wall_law.energy(-separation) / 2;
  const T kinetic = total - wall_law.energy(rest);
  const T speed = std::sqrt(T(2) * kinetic / mass);
  carom::vec<T, D> x{}, v{};
  for (std::size_t a = 0; a < D; ++a) x[a] = T(0.005);
  x[1] = r - rest;  // on the floor y = 0, moving off it
  v[1] = speed;
  carom::particles<T, D> ps;
  ps.add({.position = x, .velocity = v, .radius = r, .mass = mass});
  jkr_energy_dem<T, D> e(carom::box<T, D>::cube(T(0.01), carom::boundary::wall), ps,
                         {.pair_law = carom::jkr<T>(energy_soft<T>(r / 2)), .wall_law = wall_law,
                          .max_impact_speed = T(0.1)});
  const auto overlap = [&] { return r - e.positions()[0][1]; };
  const auto r1 = energy_run<T>(e, 20000, overlap);
  REQUIRE(r1.held);
  CHECK(r1.lowest < -separation / 4);
  CHECK(r1.lowest > -separation);
  const T omega = std::sqrt(jkr_contact_stiffness(wall_law, r1.highest) / mass);
  // r: y ≈ r; x does not change.
  check_energy_bound(r1, wall_law, 20000, e.time_step(), omega, kinetic, r);
}

TEMPLATE_LIST_TEST_CASE("Adhesion energy: an undamped DMT pair conserves energy",
                        "[dem][adhesion][energy][dmt]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const T r = T(energy_radius), R = r / 2, mass = T(1e-5);
  const carom::dmt<T> law(energy_soft<T>(R));
  const T rest = law.equilibrium_overlap();
  // From δ₀ with kinetic energy −U(δ₀)/2: the total energy stays below
  // U(0) = 0, so the pair oscillates at δ > 0 (where F_e does not jump).
  const T kinetic = -law.energy(rest) / 2;
  const T speed = std::sqrt(T(2) * kinetic / (mass / 2));
  const auto ps = energy_pair<T, D>(r, mass, rest, speed);
  dmt_energy_dem<T, D> e(carom::box<T, D>::cube(T(0.01), carom::boundary::wall), ps,
                         {.pair_law = law, .max_impact_speed = T(0.1)});
  const auto overlap = [&] { return 2 * r - (e.positions()[1][0] - e.positions()[0][0]); };
  const auto r1 = energy_run<T>(e, 20000, overlap);
  REQUIRE(r1.held);
  CHECK(r1.lowest > T(0));
  // Hertz stiffness at the largest overlap: 2 E* a.
  const T stiffness = T(2) * law.youngs_modulus() * std::sqrt(R * r1.highest);
  const T omega = std::sqrt(stiffness / (mass / 2));
  check_energy_bound(r1, law, 20000, e.time_step(), omega, kinetic, T(0.007));
}

TEMPLATE_LIST_TEST_CASE(
    "Adhesion energy: a JKR law scaled to an unequal pair's R* conserves its own energy",
    "[dem][adhesion][energy][jkr]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  // The law is built at R_ref = 1 mm, the spheres have radii 1 and 0.4 mm:
  // the engine scales it to R* = 0.286 mm, and the pair must move as under
  // the law built at R* (its energy, its δ₀ and δ_c).
  const T r0 = T(energy_radius), r1 = T(0.4e-3), mass = T(1e-5);
  const T R = r0 * r1 / (r0 + r1);
  const carom::jkr<T> reference(energy_soft<T>(r0));
  const carom::jkr<T> own(energy_soft<T>(R));
  const T rest = own.equilibrium_overlap(), separation = own.pulloff_separation();
  const T kinetic = own.energy(-separation) / 2 - own.energy(rest);
  const T speed = std::sqrt(T(2) * kinetic / (mass / 2));
  carom::particles<T, D> ps;
  ps.add({.position = energy_point<T, D>(T(0.004)),
          .velocity = energy_point<T, D>(-speed / 2) - energy_point<T, D>(T(0)),
          .radius = r0, .mass = mass});
  ps.add({.position = energy_point<T, D>(T(0.004) + r0 + r1 - rest),
          .velocity = energy_point<T, D>(speed / 2) - energy_point<T, D>(T(0)),
          .radius = r1, .mass = mass});
  jkr_energy_dem<T, D> e(carom::box<T, D>::cube(T(0.01), carom::boundary::wall), ps,
                         {.pair_law = reference, .max_impact_speed = T(0.1),
                          .reference_radius = r0});
  // U at the start: the scaled law's (s/φ) U_ref(φ δ) is U_own(δ) up to the
  // roundings of φ and a(δ) (tests/validation/dem_adhesion_materials.cpp).
  const T overlap0 = r0 + r1 - (e.positions()[1][0] - e.positions()[0][0]);
  CHECK(e.elastic_energy() ==
        Approx(own.energy(overlap0)).epsilon(std::is_same_v<T, float> ? 1e-3 : 1e-9));
  const auto overlap = [&] { return r0 + r1 - (e.positions()[1][0] - e.positions()[0][0]); };
  const auto run = energy_run<T>(e, 20000, overlap);
  REQUIRE(run.held);
  // It reaches below −δ_c/4 of its own R* and stays attached above −δ_c.
  CHECK(run.lowest < -separation / 4);
  CHECK(run.lowest > -separation);
  const T omega = std::sqrt(jkr_contact_stiffness(own, run.highest) / (mass / 2));
  check_energy_bound(run, own, 20000, e.time_step(), omega, kinetic, T(0.007));
}
