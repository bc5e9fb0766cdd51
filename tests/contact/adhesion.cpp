// SPDX-License-Identifier: MIT
#include <carom/contact/adhesion.hpp>
#include <carom/contact/power_law.hpp>
#include <carom/contact/soft_contact.hpp>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <string>

#include "support.hpp"

using carom_test::eps;

namespace {

// Glass-like beads of 1 mm: E* = 35 GPa, R* = 0.5 mm, γ = 0.1 J/m² (a₀ of
// a few µm, δ₀ of tens of nm).
template <class T>
carom::adhesion_params<T> adhesion_glass() {
  return {.youngs_modulus = T(3.5e10), .effective_radius = T(5e-4), .work_of_adhesion = T(0.1),
          .damping = T(0)};
}

// Relative tolerance of a value computed through the closed form: a few
// cube and square roots, each within an ulp, amplified by the cancellations
// of F_e = E* (4a³/(3R) − 2c a^{3/2}) near F_e = 0 by at most ~10³.
template <class T>
constexpr T adhesion_tolerance = 4000 * eps<T>;

}  // namespace

TEMPLATE_LIST_TEST_CASE("jkr: the contact radius solves δ = a²/R* − √(2πγa/E*)",
                        "[contact][adhesion]", carom_test::all_scalars) {
  using T = TestType;
  using L = long double;
  const auto p = adhesion_glass<T>();
  const carom::jkr<T> law(p);
  const L R = p.effective_radius, c = std::sqrt(2 * L(carom::pi<T>) * p.work_of_adhesion /
                                                p.youngs_modulus);
  for (int n = 0; n <= 400; ++n) {
    // From just above −δ_c (where dδ/da = 0 and a is ill-conditioned) to 100 δ₀.
    const T overlap = T(-0.99) * law.pulloff_separation() +
                      T(n) / T(400) * T(100) * law.equilibrium_overlap();
    const L a = law.contact_radius(overlap);
    const L back = a * a / R - c * std::sqrt(a);
    // A backward error: δ(a) against the δ given. Near −δ_c, s = √a comes
    // from the square root of a difference that vanishes at −δ_c, where
    // dδ/ds vanishes too: their product stays finite, but a few times the
    // rounding elsewhere (4 × adhesion_tolerance covers g++ and clang++).
    CHECK(std::abs(back - L(overlap)) <=
          4 * L(adhesion_tolerance<T>) * (std::abs(L(overlap)) + law.equilibrium_overlap()));
  }
}

TEMPLATE_LIST_TEST_CASE("jkr: equilibrium radius a₀, overlap δ₀, pull-off force and separation",
                        "[contact][adhesion]", carom_test::all_scalars) {
  using T = TestType;
  const auto p = adhesion_glass<T>();
  const carom::jkr<T> law(p);
  const T pi = carom::pi<T>, R = p.effective_radius, gamma = p.work_of_adhesion;
  const T a0 = std::cbrt(T(9) * pi * gamma * R * R / (T(2) * p.youngs_modulus));
  const T tol = adhesion_tolerance<T>;
  CHECK(std::abs(law.equilibrium_contact_radius() - a0) <= tol * a0);
  CHECK(std::abs(law.equilibrium_overlap() - a0 * a0 / (T(3) * R)) <= tol * a0 * a0 / R);
  // At δ₀ the contact radius is a₀ and the load vanishes (relative to the
  // pull-off force: the two terms of F_e are each ≈ 2πγR* there).
  CHECK(std::abs(law.contact_radius(law.equilibrium_overlap()) - a0) <= tol * a0);
  const T pulloff = T(1.5) * pi * gamma * R;
  CHECK(std::abs(law.pulloff_force() - pulloff) <= tol * pulloff);
  CHECK(std::abs(law.force(law.equilibrium_overlap(), T(0), T(1))) <= tol * pulloff);
  // Largest tension −(3/2)πγR* at a³ = a₀³/4; a scan of δ from −δ_c to δ₀
  // finds no lower force (F is stationary there: the scan's step error is
  // second order, well below the tolerance).
  const T a_min = a0 / std::cbrt(T(4));
  const T c = std::sqrt(T(2) * pi * gamma / p.youngs_modulus);
  const T overlap_min = a_min * a_min / R - c * std::sqrt(a_min);
  CHECK(std::abs(law.force(overlap_min, T(0), T(1)) + pulloff) <= tol * pulloff);
  T lowest = std::numeric_limits<T>::max();
  for (int n = 0; n <= 2000; ++n) {
    const T overlap = -law.pulloff_separation() +
                      T(n) / T(2000) * (law.pulloff_separation() + law.equilibrium_overlap());
    lowest = std::min(lowest, law.force(overlap, T(0), T(1)));
  }
  CHECK(std::abs(lowest + pulloff) <= T(1e-4) * pulloff);
  // Under imposed separation the contact breaks at δ = −δ_c, δ_c =
  // a₀²/(2·6^{1/3}R*), with a = a₀/6^{2/3} and F = −(5/6)πγR*. There a(δ)
  // has a vertical tangent, so a is only good to √ε (relative) and F to
  // about as much.
  const T separation = a0 * a0 / (T(2) * std::cbrt(T(6)) * R);
  CHECK(std::abs(law.pulloff_separation() - separation) <= tol * separation);
  const T a_c = a0 / std::cbrt(T(36));
  const T loose = 8 * std::sqrt(eps<T>);
  CHECK(std::abs(law.contact_radius(-law.pulloff_separation()) - a_c) <= loose * a_c);
  CHECK(std::abs(law.force(-law.pulloff_separation(), T(0), T(1)) + T(5) / T(6) * pi * gamma * R) <=
        loose * pulloff);
}

TEMPLATE_LIST_TEST_CASE("jkr without adhesion is Hertz with Tsuji damping", "[contact][adhesion]",
                        carom_test::all_scalars) {
  using T = TestType;
  auto p = adhesion_glass<T>();
  p.work_of_adhesion = T(0);
  p.damping = T(0.4);
  const carom::jkr<T> law(p);
  const carom::dmt<T> dmt(p);
  const carom::hertz<T> hertz({.stiffness = law.stiffness(), .damping = T(0.4)});
  for (const T overlap : {T(1e-9), T(3e-7), T(2e-5)}) {
    const T expected = hertz.force(overlap, T(0.3), T(2e-6));
    CHECK(std::abs(law.force(overlap, T(0.3), T(2e-6)) - expected) <=
          adhesion_tolerance<T> * std::abs(expected));
    CHECK(std::abs(dmt.force(overlap, T(0.3), T(2e-6)) - expected) <=
          adhesion_tolerance<T> * std::abs(expected));
  }
}

TEMPLATE_LIST_TEST_CASE("dmt: pull-off force −2πγR* at first touch, zero load at δ₀",
                        "[contact][adhesion]", carom_test::all_scalars) {
  using T = TestType;
  const auto p = adhesion_glass<T>();
  const carom::dmt<T> law(p);
  const T pulloff = T(2) * carom::pi<T> * p.work_of_adhesion * p.effective_radius;
  const T tol = adhesion_tolerance<T>;
  CHECK(std::abs(law.pulloff_force() - pulloff) <= tol * pulloff);
  CHECK(std::abs(law.force(T(0), T(0), T(1)) + pulloff) <= tol * pulloff);
  // The tensile force never exceeds the pull-off force while overlapping.
  for (int n = 0; n <= 100; ++n)
    CHECK(law.force(T(n) / T(50) * law.equilibrium_overlap(), T(0), T(1)) >= -pulloff * (1 + tol));
  const T hertz_at_rest = T(4) / T(3) * p.youngs_modulus * std::sqrt(p.effective_radius) *
                          std::pow(law.equilibrium_overlap(), T(1.5));
  CHECK(std::abs(hertz_at_rest - pulloff) <= tol * pulloff);
  CHECK(std::abs(law.force(law.equilibrium_overlap(), T(0), T(1))) <= tol * pulloff);
  CHECK(law.pulloff_separation() == T(0));
}

TEMPLATE_LIST_TEST_CASE("a contact in tension keeps its friction, capped at μ |F_n + 2 F_po|",
                        "[contact][adhesion]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  using V = carom::vec<T, D>;
  const auto p = adhesion_glass<T>();
  const carom::jkr<T> jkr(p);
  const carom::dmt<T> dmt(p);
  const carom::tangential_params<T> friction{.friction = T(0.5), .stiffness = T(1e10),
                                             .damping = T(0)};
  V normal{};
  normal[0] = T(1);
  V sliding{};
  sliding[1] = T(0.1);  // fast enough that the spring slips in one step
  const T dt = T(1e-6), mass = T(1e-6);
  auto check = [&](const auto& law, T overlap) {
    const T radius = law.contact_radius(overlap);
    const auto f = carom::soft_contact_force_in_plane<carom::mindlin_tangential_spring>(
        law, friction, normal, overlap, sliding, carom::angular<T, D>{}, mass, T(1), radius, V{},
        dt);
    const T normal_force = f.force[0];
    CHECK(normal_force < T(0));  // in tension
    const T tangential = std::abs(f.force[1]);
    const T limit = friction.friction * std::abs(normal_force + T(2) * law.pulloff_force());
    CHECK(tangential > T(0));
    CHECK(std::abs(tangential - limit) <= adhesion_tolerance<T> * limit);
  };
  check(jkr, T(-0.5) * jkr.pulloff_separation());  // apart, still attached
  check(jkr, T(0.2) * jkr.equilibrium_overlap());
  check(dmt, T(0.2) * dmt.equilibrium_overlap());
}

TEMPLATE_LIST_TEST_CASE("adhesive laws reject bad parameters, naming the field",
                        "[contact][adhesion]", carom_test::all_scalars) {
  using T = TestType;
  using carom_test::rejection_message;
  const T nan = std::numeric_limits<T>::quiet_NaN(), inf = std::numeric_limits<T>::infinity();
  auto with = [](auto change) {
    auto p = adhesion_glass<T>();
    change(p);
    return p;
  };
  using P = carom::adhesion_params<T>;
  const auto negative_gamma = with([](P& p) { p.work_of_adhesion = T(-0.1); });
  CHECK_THAT(rejection_message([&] { (void)carom::jkr<T>(negative_gamma); }),
             Catch::StartsWith("carom::jkr: work_of_adhesion must be finite and >= 0 (got -0.1"));
  CHECK_THAT(rejection_message([&] { (void)carom::dmt<T>(negative_gamma); }),
             Catch::StartsWith("carom::dmt: work_of_adhesion must be finite and >= 0"));
  CHECK_THAT(rejection_message([&] {
               (void)carom::jkr<T>(with([nan](P& p) { p.work_of_adhesion = nan; }));
             }),
             Catch::StartsWith("carom::jkr: work_of_adhesion"));
  CHECK_THAT(rejection_message([&] {
               (void)carom::dmt<T>(with([inf](P& p) { p.youngs_modulus = inf; }));
             }),
             Catch::StartsWith("carom::dmt: youngs_modulus must be finite and > 0"));
  CHECK_THAT(rejection_message([&] {
               (void)carom::jkr<T>(with([](P& p) { p.effective_radius = T(0); }));
             }),
             Catch::StartsWith("carom::jkr: effective_radius must be finite and > 0"));
  CHECK_THAT(
      rejection_message([&] { (void)carom::jkr<T>(with([](P& p) { p.damping = T(-1); })); }),
      Catch::StartsWith("carom::jkr: damping must be finite and >= 0"));
}
