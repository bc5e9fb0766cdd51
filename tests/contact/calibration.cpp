// SPDX-License-Identifier: MIT
#include <carom/contact/calibration.hpp>

#include <catch2/catch.hpp>
#include <cmath>

#include "support.hpp"

using carom_test::eps;

namespace {
constexpr double exponents[] = {1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 5.0};
constexpr double restitutions[] = {1e-6, 0.01, 0.05, 0.1, 0.135, 0.3, 0.5, 0.7, 0.95, 0.999, 1.0};

double textbook_zeta(double e) {  // ζ of the linear spring–dashpot with restitution e
  return -std::log(e) / std::sqrt(M_PI * M_PI + std::log(e) * std::log(e));
}
}  // namespace

TEST_CASE("unclipped calibration gives the textbook 2ζ at p = 1 and √5 ζ at p = 3/2",
          "[contact][calibration]") {
  for (const double e : restitutions) {
    const double zeta = textbook_zeta(e);
    CHECK(carom::damping_for_restitution(e, 1.0) == Approx(2 * zeta).margin(1e-15));
    CHECK(carom::damping_for_restitution(e, 1.5) == Approx(std::sqrt(5.0) * zeta).margin(1e-15));
    CHECK(carom::damping_for_restitution(e, 2.0) == Approx(std::sqrt(6.0) * zeta).margin(1e-15));
    // Linear spring–dashpot: e = exp(−ζπ/√(1−ζ²)).
    CHECK(carom::restitution_for_damping(2 * zeta, 1.0) ==
          Approx(std::exp(-zeta * M_PI / std::sqrt(1 - zeta * zeta))).epsilon(1e-14));
  }
  CHECK(carom::damping_for_restitution(1.0, 2.0) == 0.0);
  CHECK(carom::restitution_for_damping(0.0, 2.0) == 1.0);
  STATIC_REQUIRE(carom::damping_ratio(2.0, 1.0) == 1.0);
}

TEMPLATE_LIST_TEST_CASE("calibration round-trips in both conventions", "[contact][calibration]",
                        carom_test::all_scalars) {
  using T = TestType;
  for (const double p : exponents)
    for (const double e : restitutions) {
      const T pt = T(p), et = T(e);
      const T unclipped = carom::damping_for_restitution(et, pt);
      const T clipped = carom::damping_for_restitution_no_tension(et, pt);
      CHECK(unclipped >= T(0));
      CHECK(clipped >= T(0));
      // Conditioning: rounding α by δ moves e by κ δ relative, with
      // κ = |d ln e / d ln α| = |ln e| / (1 − ζ²) unclipped (large as ζ → 1,
      // e → 0) and ≤ |ln e| no-tension (h(ζ) = ζ g(ζ) is concave).
      const double zeta = textbook_zeta(e);
      const T unclipped_tolerance = 8 * eps<T> * T(1 + std::abs(std::log(e)) / (1 - zeta * zeta));
      const T clipped_tolerance = 8 * eps<T> * T(1 + std::abs(std::log(e)));
      CHECK(carom::restitution_for_damping(unclipped, pt) ==
            Approx(et).epsilon(unclipped_tolerance));
      CHECK(carom::restitution_for_damping_no_tension(clipped, pt) ==
            Approx(et).epsilon(clipped_tolerance));
      // Tag overloads dispatch to the same functions.
      CHECK(carom::damping_for_restitution(et, pt, carom::unclipped{}) == unclipped);
      CHECK(carom::damping_for_restitution(et, pt, carom::no_tension{}) == clipped);
      CHECK(carom::restitution_for_damping(clipped, pt, carom::no_tension{}) ==
            carom::restitution_for_damping_no_tension(clipped, pt));
      CHECK(carom::restitution_for_damping(unclipped, pt, carom::unclipped{}) ==
            carom::restitution_for_damping(unclipped, pt));
    }
}

TEST_CASE("the no-tension restitution depends on ζ only, not on p", "[contact][calibration]") {
  for (const double zeta : {0.0, 0.05, 0.3, 0.7, 0.999, 1.0, 1.001, 2.0, 30.0}) {
    const double reference = carom::restitution_for_damping_no_tension(2 * zeta, 1.0);
    for (const double p : exponents)
      CHECK(carom::restitution_for_damping_no_tension(zeta * std::sqrt(2 * (p + 1)), p) ==
            Approx(reference).epsilon(1e-14));
    // The unclipped one too (at ζ < 1), and the clipped one is always larger:
    // clipping skips the tensile end of the unloading, which dissipates.
    if (zeta > 0) CHECK(reference > carom::restitution_for_damping(2 * zeta, 1.0));
  }
  // Critical damping: g(1) = 1, e = exp(−2); continuous across ζ = 1.
  CHECK(carom::restitution_for_damping_no_tension(2.0, 1.0) ==
        Approx(std::exp(-2.0)).epsilon(1e-15));
  for (const double offset : {1e-9, 1e-6, 1e-3}) {
    const double below = carom::restitution_for_damping_no_tension(2 * (1 - offset), 1.0);
    const double above = carom::restitution_for_damping_no_tension(2 * (1 + offset), 1.0);
    CHECK(below > above);
    CHECK(below - above == Approx(2 * offset * 2 * std::exp(-2.0) * (2.0 / 3)).epsilon(1e-3));
  }
  // Strongly overdamped: ζ g(ζ) ≈ ln 2ζ, so e → 1/(4ζ²).
  const double zeta = 1e4;
  CHECK(carom::restitution_for_damping_no_tension(2 * zeta, 1.0) ==
        Approx(1 / (4 * zeta * zeta)).epsilon(1e-6));
}

TEST_CASE("an unclipped α used in a clipping code gives e = 0.5503 instead of 0.5",
          "[contact][calibration]") {
  for (const double p : exponents) {
    const double wrong_alpha = carom::damping_for_restitution(0.5, p);
    CHECK(carom::restitution_for_damping_no_tension(wrong_alpha, p) == Approx(0.5503).margin(5e-5));
    const double right_alpha = carom::damping_for_restitution_no_tension(0.5, p);
    CHECK(right_alpha > wrong_alpha);
    CHECK(carom::restitution_for_damping_no_tension(right_alpha, p) == Approx(0.5).epsilon(1e-15));
  }
}

TEST_CASE("overdamped unclipped contacts never separate: e = 0", "[contact][calibration]") {
  for (const double p : exponents) {
    const double critical = std::sqrt(2 * (p + 1));  // ζ = 1
    CHECK(carom::restitution_for_damping(critical, p) == 0.0);
    CHECK(carom::restitution_for_damping(3 * critical, p) == 0.0);
    const double just_below = carom::restitution_for_damping(critical * (1 - 1e-3), p);
    CHECK(just_below > 0.0);  // exp(−70): e → 0 continuously as ζ → 1
    CHECK(just_below < 1e-30);
    // e decreases monotonically with α.
    double previous = 1.0;
    for (double alpha = 0.0; alpha < critical; alpha += critical / 64) {
      const double e = carom::restitution_for_damping(alpha, p);
      CHECK(e <= previous);
      previous = e;
    }
  }
}

TEST_CASE("calibration rejects e outside (0, 1], p < 1 and bad α",
          "[contact][calibration][errors]") {
  using Catch::Matchers::Contains;
  const double nan = std::nan(""), inf = HUGE_VAL;
  CHECK_THROWS_WITH(carom::damping_for_restitution(0.0, 1.5),
                    Contains("carom::damping_for_restitution") && Contains("restitution e"));
  CHECK_THROWS_WITH(carom::damping_for_restitution(1.5, 1.5), Contains("(got 1.5)"));
  CHECK_THROWS_AS(carom::damping_for_restitution(-0.5, 1.5), carom::invalid_input);
  CHECK_THROWS_AS(carom::damping_for_restitution(nan, 1.5), carom::invalid_input);
  CHECK_THROWS_WITH(carom::damping_for_restitution(0.5, 0.99), Contains("exponent p"));
  CHECK_THROWS_AS(carom::damping_for_restitution(0.5, nan), carom::invalid_input);
  CHECK_THROWS_AS(carom::damping_for_restitution(0.5, inf), carom::invalid_input);
  CHECK_THROWS_WITH(carom::damping_for_restitution_no_tension(2.0f, 1.5f),
                    Contains("carom::damping_for_restitution_no_tension"));
  CHECK_THROWS_AS(carom::damping_for_restitution_no_tension(0.5, 0.5), carom::invalid_input);
  CHECK_THROWS_WITH(carom::restitution_for_damping(-0.1, 1.5),
                    Contains("carom::restitution_for_damping") && Contains("damping alpha"));
  CHECK_THROWS_AS(carom::restitution_for_damping(inf, 1.5), carom::invalid_input);
  CHECK_THROWS_AS(carom::restitution_for_damping(0.1, 0.0), carom::invalid_input);
  CHECK_THROWS_WITH(carom::restitution_for_damping_no_tension(nan, 1.5),
                    Contains("carom::restitution_for_damping_no_tension"));
  CHECK_THROWS_AS(carom::restitution_for_damping(-1.0, 1.5, carom::no_tension{}),
                  carom::invalid_input);
  CHECK_THROWS_AS(carom::damping_for_restitution(0.0, 1.5, carom::no_tension{}),
                  carom::invalid_input);
}
