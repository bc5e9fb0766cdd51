// SPDX-License-Identifier: MIT
// Oblique impact of a sphere (disk) on a flat wall: the oblique-impact
// benchmark of Chung & Ooi (Granular Matter 13:643, 2011, test 4: an
// alumina sphere at a constant resultant speed and varying incidence) and
// the analysis of Maw, Barber & Fawcett behind it, in its two exact limits.
//
// Notation: v_n, v_t the normal and tangential speeds before impact, θ the
// incidence from the normal (tan θ = v_t / v_n), m r² / I = 5/2 (sphere) or
// 2 (disk), c = 1 + m r² / I. The contact point slides at u' = v_t − ω r.
//
// Gross sliding (large θ): the contact point slides throughout, Coulomb's
// law fixes the tangential impulse at μ times the normal one whatever the
// spring, so v_t' = v_t − μ (1 + e) v_n and ω' r = μ (1 + e) v_n m r² / I,
// while tan θ > c μ (1 + e). The tangential spring needs a few steps at
// contact onset to reach μ F_n, which costs < 0.2 % of the impulse with
// 1000 steps per contact: checked to 1 %.
//
// Sticking (small θ), exact when the tangential stiffness follows the
// normal one: for F_n = k δ^p and F_t = −K_t δ^{p−1} ξ with K_t c = k, the
// overlap δ(t) and the tangential stretch ξ(t) of the contact point obey the
// same linear equation ẍ = −(k/m) δ^{p−1}(t) x with δ(0) = ξ(0) = 0, so
// ξ(t) = (v_t / v_n) δ(t) exactly: |F_t| / F_n = (K_t / k) tan θ is constant
// and the contact sticks throughout iff tan θ ≤ c μ; at separation
// (δ' = −v_n) the contact point leaves at u' = −v_t: its tangential velocity
// is reversed, the rebound angle of the contact patch is −θ, and
// v_t' = (1 − 2/c) v_t. For the linear spring (p = 1) this is the classic
// equal-frequency case k_t = 2/7 k_n (Schäfer, Dippel & Wolf, J. Phys. I
// France 6:5, 1996); for Hertz (p = 3/2) it is Mindlin's √(R* δ) spring
// with K_t = k_t √R*. Velocity Verlet with the explicit spring update is
// first order in dt here (the stretch lags the velocity by half a step):
// at 1000 steps per contact the reversal is off by 4e-5 of v_t in double
// and by up to 8e-4 in float (the stretch's round-off accumulated over the
// contact's steps), checked to 3e-3.
//
// The normal law is elastic (α = 0) in the sticking tests, so F_n and F_t
// stay proportional; the sliding tests use no-tension Hertz with e = 0.5 —
// an unclipped law pulls at the end of the contact, when Coulomb gives no
// tangential force, and the ratio of impulses would no longer be μ.
#include <carom/contact/materials.hpp>
#include <carom/engines/dem/dem.hpp>

#include <catch2/catch.hpp>
#include <cmath>

#include "dem_support.hpp"
#include "support.hpp"

namespace {

/// What leaves the floor: normal and tangential velocity of the centre and
/// ω r in the sense that reduces the slip (the contact point moves at
/// tangential − rolling).
struct rebound {
  double normal;
  double tangential;
  double rolling;
};

/// One sphere (disk) of radius r and mass m hits the floor z = 0 of a box
/// at (v_t, −v_n), with no spin. Returns the state after the contact.
template <class T, std::size_t D, class Law, class Tangential>
rebound impact_on_floor(const Law& law, const carom::tangential_params<T>& tangential, T r, T m,
                        T vt, T vn) {
  const auto box = carom::box<T, D>::cube(T(100) * r, carom::boundary::wall);
  carom::vec<T, D> x{}, v{};
  for (std::size_t a = 0; a < D; ++a) x[a] = T(50) * r;
  x[D - 1] = r * T(1.01);  // just above the floor
  v[0] = vt;
  v[D - 1] = -vn;
  carom::particles<T, D> ps;
  ps.add({.position = x, .velocity = v, .radius = r, .mass = m});
  carom::dem_params<T, D, Law> p{
      .pair_law = law, .pair_tangential = tangential, .max_impact_speed = vn};
  carom::dem<T, D, Law, carom::dem_policies<carom::velocity_verlet, Tangential>> engine(
      box, ps, p);
  REQUIRE(dem_test::run_through_impact(engine, 1000000));
  const auto w = engine.angular_velocities()[0];
  const double rolling = [&] {
    if constexpr (D == 3) return double(w[1]) * double(r);
    else return -double(w) * double(r);
  }();
  return {double(engine.velocities()[0][D - 1]), double(engine.velocities()[0][0]), rolling};
}

template <std::size_t D>
constexpr double inertia_ratio = D == 3 ? 2.5 : 2.0;  // m r² / I

}  // namespace

TEMPLATE_LIST_TEST_CASE("DEM oblique impact in the gross-sliding regime", "[dem]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  using law = carom::hertz<T, carom::no_tension>;
  const T mu = T(0.3), e = T(0.5), r = T(0.01), m = T(0.01);
  for (const T tangent_ratio : {T(2), T(3), T(6)}) {  // v_t / v_n, all sliding
    const T vn = T(1), vt = tangent_ratio * vn;
    const rebound out = impact_on_floor<T, D, law, carom::mindlin_tangential_spring>(
        law::from_restitution(T(1e8), e), {.friction = mu, .stiffness = T(2e9), .damping = T(0)},
        r, m, vt, vn);
    const double impulse = double(mu) * (1 + double(e)) * double(vn);
    INFO("v_t / v_n = " << tangent_ratio);
    CHECK(out.normal == Approx(double(e) * double(vn)).epsilon(0.01));
    CHECK(out.tangential == Approx(double(vt) - impulse).epsilon(0.01));
    CHECK(out.rolling == Approx(impulse * inertia_ratio<D>).epsilon(0.01));
  }
}

TEMPLATE_LIST_TEST_CASE("DEM oblique impact in the sticking regime reverses the contact point",
                        "[dem]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const T mu = T(0.3), r = T(0.01), m = T(0.01), vn = T(1);
  const double c = 1 + inertia_ratio<D>;
  const T k = T(1e8);
  const auto check_reversal = [&](const rebound& out, T vt) {
    INFO("v_t / v_n = " << vt / vn);
    CHECK(out.normal == Approx(double(vn)).epsilon(1e-3));  // elastic
    const double slip = out.tangential - out.rolling;       // contact point after impact
    CHECK(slip == Approx(-double(vt)).margin(3e-3 * double(vt)));
    CHECK(out.tangential == Approx((1 - 2 / c) * double(vt)).margin(3e-3 * double(vt)));
  };
  // Below the sticking threshold tan θ ≤ c μ (1.05 for a sphere, 0.9 for a disk).
  for (const T tangent_ratio : {T(0.2), T(0.5), T(0.85)}) {
    const T vt = tangent_ratio * vn;
    SECTION("Hertz with Mindlin's spring, K_t = k / c") {
      using law = carom::hertz<T>;
      const T tangential_stiffness = k / (T(c) * std::sqrt(r));  // K_t = k_t √R*, R* = r
      check_reversal(impact_on_floor<T, D, law, carom::mindlin_tangential_spring>(
                         law({k, T(0)}), {.friction = mu, .stiffness = tangential_stiffness}, r, m,
                         vt, vn),
                     vt);
    }
    SECTION("linear spring, k_t = k_n / c (2/7 k_n for a sphere)") {
      using law = carom::linear_spring_dashpot<T>;
      check_reversal(impact_on_floor<T, D, law, carom::linear_tangential_spring>(
                         law({k, T(0)}), {.friction = mu, .stiffness = k / T(c)}, r, m, vt, vn),
                     vt);
    }
  }
}

// Chung & Ooi's test 4 set-up: an alumina sphere (E = 380 GPa, ν = 0.23,
// ρ = 4000 kg/m³, R = 2.5 mm, μ = 0.092) hits a rigid plane at 3.9 m/s
// from θ = 5° to 85°; Hertz–Mindlin with the material's own moduli,
// elastic. Above θ ≈ 32.8° (tan θ = 3.5 · 2μ) the contact slides
// throughout and the analytical rebound holds: checked to 1 % as above.
// At small θ the Mindlin stiffness of a real material is not k / c, so the
// contact patch does not reverse exactly (Maw et al.'s microslip regime);
// what stays exact there is that the tangential impulse never exceeds
// Coulomb's μ (1 + e) m v_n and that no energy is created.
TEMPLATE_TEST_CASE("DEM oblique impact: Chung & Ooi test 4, alumina on a rigid plane", "[dem]",
                   float, double) {
  using T = TestType;
  constexpr std::size_t D = 3;
  using law = carom::hertz<T>;
  const T youngs = T(3.8e11), poisson = T(0.23), density = T(4000), r = T(2.5e-3), mu = T(0.092);
  const T m = density * T(4) / T(3) * carom::pi<T> * r * r * r;
  const T rigid = carom::infinity<T>;
  const T e_star = carom::effective_youngs_modulus(youngs, poisson, rigid, poisson);
  const T g_star =
      carom::effective_shear_modulus(carom::shear_modulus(youngs, poisson), poisson, rigid, poisson);
  const law hertz_law({carom::hertz_stiffness(e_star, r), T(0)});
  const carom::tangential_params<T> mindlin{.friction = mu, .stiffness = T(8) * g_star};
  const double speed = 3.9;
  for (const double degrees : {5.0, 15.0, 25.0, 40.0, 55.0, 70.0, 85.0}) {
    const double theta = degrees * carom::pi<double> / 180;
    const double vn = speed * std::cos(theta), vt = speed * std::sin(theta);
    const rebound out = impact_on_floor<T, D, law, carom::mindlin_tangential_spring>(
        hertz_law, mindlin, r, m, T(vt), T(vn));
    INFO("incidence " << degrees << " deg");
    CHECK(out.normal == Approx(vn).epsilon(1e-3));
    const double coulomb = 2 * double(mu) * vn;  // μ (1 + e) v_n, e = 1
    const double energy_before = vn * vn + vt * vt;
    const double energy_after = out.normal * out.normal + out.tangential * out.tangential +
                                out.rolling * out.rolling / inertia_ratio<D>;
    CHECK(energy_after <= energy_before * (1 + 1e-3));
    CHECK(vt - out.tangential <= coulomb * 1.01);
    if (std::tan(theta) > (1 + inertia_ratio<D>) * 2 * double(mu)) {
      CHECK(out.tangential == Approx(vt - coulomb).epsilon(0.01));
      CHECK(out.rolling == Approx(coulomb * inertia_ratio<D>).epsilon(0.01));
    }
  }
}
