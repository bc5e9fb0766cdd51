// SPDX-License-Identifier: MIT
#include <carom/contact/materials.hpp>
#include <carom/contact/observables.hpp>
#include <carom/contact/power_law.hpp>

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "support.hpp"

using carom_test::eps;

namespace {
double beta_function(double x, double y) {
  return std::exp(std::lgamma(x) + std::lgamma(y) - std::lgamma(x + y));
}
}  // namespace

TEMPLATE_LIST_TEST_CASE(
    "undamped contacts: δ_max = ((p+1) m v0²/(2k))^(1/(p+1)) and the Beta-"
    "function duration",
    "[contact][observables]", carom_test::all_scalars) {
  using T = TestType;
  for (const double p : {1.0, 1.25, 1.5, 2.0, 2.5, 3.0})
    for (const double v0 : {1e-3, 1.0, 30.0}) {
      const double m = 0.7, k = 3e4;
      const carom::power_law<T> law{{.exponent = T(p), .stiffness = T(k), .damping = T(0)}};
      const double peak = std::pow((p + 1) * m * v0 * v0 / (2 * k), 1 / (p + 1));
      CHECK(carom::max_overlap(law, T(m), T(v0)) == Approx(peak).epsilon(16 * eps<T>));
      // α = 0: x̂ = sin τ, t_c = A q (v0/Ω)^{q−1}/Ω · B(1/2, q/2) in closed form.
      const double q = 2 / (p + 1), omega = std::sqrt(k / m);
      const double amplitude = std::pow((p + 1) / 2, 1 / (p + 1));
      const double duration =
          amplitude * q * std::pow(v0 / omega, q - 1) / omega * beta_function(0.5, q / 2);
      CHECK(carom::contact_duration(law, T(m), T(v0)) == Approx(duration).epsilon(32 * eps<T>));
    }
}

TEST_CASE("Hertz: t_c = 3.2181 (m²/(k² v0))^(1/5) = 2.8683 (m²/(R* E*² v0))^(1/5)",
          "[contact][observables]") {
  const double m = 0.0123, v0 = 0.37;
  const double youngs = 7e10, radius = 0.004;
  const double k = carom::hertz_stiffness(youngs, radius);
  const carom::hertz<double> law{{.stiffness = k}};
  const double duration = carom::contact_duration(law, m, v0);
  CHECK(duration == Approx(3.21806545971904 * std::pow(m * m / (k * k * v0), 0.2)).epsilon(1e-13));
  CHECK(duration ==
        Approx(2.86827 * std::pow(m * m / (radius * youngs * youngs * v0), 0.2)).epsilon(2e-6));
  // The classical 2.9433 δ_max / v0.
  CHECK(duration == Approx(2.94328 * carom::max_overlap(law, m, v0) / v0).epsilon(2e-6));
}

TEST_CASE("linear spring–dashpot: t_c = π/ω_d, δ_max, and the no-tension end at 2 arccos ζ/ω_d",
          "[contact][observables]") {
  const double m = 2.0, k = 800.0, v0 = 1.5, omega = std::sqrt(k / m);
  for (const double e : {0.05, 0.3, 0.7, 0.95, 1.0}) {
    const auto law = carom::linear_spring_dashpot<double>::from_restitution(k, e);
    const double zeta = law.damping() / 2, wd = omega * std::sqrt(1 - zeta * zeta);
    CHECK(carom::contact_duration(law, m, v0) == Approx(M_PI / wd).epsilon(1e-15));
    const double t_peak = std::acos(zeta) / wd;
    CHECK(
        carom::max_overlap(law, m, v0) ==
        Approx(v0 / wd * std::exp(-zeta * omega * t_peak) * std::sin(wd * t_peak)).epsilon(1e-14));
    const auto clipped =
        carom::linear_spring_dashpot<double, carom::no_tension>::from_restitution(k, e);
    const double zeta_c = clipped.damping() / 2;
    if (zeta_c < 1) {
      const double wd_c = omega * std::sqrt(1 - zeta_c * zeta_c);
      CHECK(carom::contact_duration(clipped, m, v0) ==
            Approx(2 * std::acos(zeta_c) / wd_c).epsilon(1e-14));
    }
    // Time history: x(t) = (v0/ω_d) e^{−ζΩt} sin(ω_d t).
    for (const double fraction : {0.01, 0.3, 0.5, 0.77, 0.999}) {
      const double t = fraction * M_PI / wd;
      const auto state = carom::contact_state_at(law, m, v0, t);
      const double decay = std::exp(-zeta * omega * t);
      // Near the end sin(ω_d t) loses |log ε| digits in either evaluation: an absolute margin.
      CHECK(state.overlap ==
            Approx(v0 / wd * decay * std::sin(wd * t)).epsilon(1e-13).margin(1e-15 * v0 / wd));
      CHECK(state.overlap_rate ==
            Approx(v0 * decay * (std::cos(wd * t) - zeta * omega / wd * std::sin(wd * t)))
                .margin(1e-13 * v0));
      CHECK(state.force == Approx(law.force(state.overlap, state.overlap_rate, m)));
    }
  }
}

TEMPLATE_LIST_TEST_CASE("observables scale with v0 as the substitution predicts",
                        "[contact][observables]", carom_test::all_scalars) {
  using T = TestType;
  for (const double p : {1.25, 2.0, 3.0}) {
    const auto law = carom::power_law<T, carom::no_tension>::from_restitution(T(p), T(5e3), T(0.4));
    const T m = T(0.3);
    const T d1 = carom::max_overlap(law, m, T(1)), d2 = carom::max_overlap(law, m, T(100));
    const T t1 = carom::contact_duration(law, m, T(1)),
            t2 = carom::contact_duration(law, m, T(100));
    CHECK(d2 / d1 == Approx(std::pow(100.0, 2 / (p + 1))).epsilon(32 * eps<T>));
    CHECK(t2 / t1 == Approx(std::pow(100.0, -(p - 1) / (p + 1))).epsilon(32 * eps<T>));
  }
}

TEMPLATE_LIST_TEST_CASE("contact_state_at: free flight outside the contact, continuity at its ends",
                        "[contact][observables]", carom_test::all_scalars) {
  using T = TestType;
  const T m = T(0.05), v0 = T(2);
  const auto unclipped = carom::cone<T>::from_restitution(T(1e6), T(0.6));
  const auto clipped = carom::cone<T, carom::no_tension>::from_restitution(T(1e6), T(0.6));
  const auto before = carom::contact_state_at(unclipped, m, v0, T(-1e-3));
  CHECK(before.overlap == Approx(-2e-3).epsilon(4 * eps<T>));
  CHECK(before.overlap_rate == v0);
  CHECK(before.force == T(0));
  for (const bool no_tension : {false, true}) {
    const T duration = no_tension ? carom::contact_duration(clipped, m, v0)
                                  : carom::contact_duration(unclipped, m, v0);
    auto state = [&](T t) {
      return no_tension ? carom::contact_state_at(clipped, m, v0, t)
                        : carom::contact_state_at(unclipped, m, v0, t);
    };
    const auto inside = state(duration * T(1 - 1e-5)), at_end = state(duration),
               after = state(duration * 2);
    CHECK(at_end.overlap_rate == Approx(-0.6 * v0).epsilon(64 * eps<T>));
    CHECK(after.overlap_rate == at_end.overlap_rate);
    CHECK(after.force == T(0));
    CHECK(after.overlap == Approx(at_end.overlap + at_end.overlap_rate * duration)
                               .margin(64 * eps<T> * std::abs(after.overlap)));
    CHECK(inside.overlap ==
          Approx(at_end.overlap).margin(1e-4 * carom::max_overlap(unclipped, m, v0)));
    if (no_tension) {
      CHECK(at_end.overlap > T(0));  // F returned to 0 while the bodies still overlap
      CHECK(inside.force == Approx(0).margin(1e-3 * m * v0 / duration));
    } else {
      CHECK(at_end.overlap == Approx(0).margin(64 * eps<T> * carom::max_overlap(unclipped, m, v0)));
      CHECK(inside.force < T(0));  // the tensile end of an unclipped contact
    }
  }
}

TEST_CASE("phase portrait: branches, ends and the free flight of a no-tension unloading",
          "[contact][observables]") {
  const double m = 1.0, v0 = 3.0;
  const auto law = carom::hertz<double>::from_restitution(1e4, 0.5);
  const auto clipped = carom::hertz<double, carom::no_tension>::from_restitution(1e4, 0.5);
  const double peak = carom::max_overlap(law, m, v0);
  using carom::contact_branch;
  CHECK(carom::phase_portrait(law, m, v0, 0.0, contact_branch::loading) == Approx(v0));
  CHECK(carom::phase_portrait(law, m, v0, 0.0, contact_branch::unloading) ==
        Approx(-0.5 * v0).epsilon(1e-14));
  CHECK(carom::phase_portrait(law, m, v0, peak, contact_branch::loading) ==
        Approx(0).margin(1e-7 * v0));
  CHECK(carom::phase_portrait(clipped, m, v0, 0.0, contact_branch::unloading) ==
        Approx(-0.5 * v0).epsilon(1e-14));
  CHECK(carom::phase_portrait(clipped, m, v0, 1e-3 * peak, contact_branch::unloading) ==
        Approx(-0.5 * v0).epsilon(1e-14));
  double previous = v0;
  for (int i = 1; i <= 50; ++i) {  // loading: δ' decreases as δ grows
    const double v = carom::phase_portrait(law, m, v0, peak * i / 50, contact_branch::loading);
    CHECK(v < previous);
    CHECK(v >= 0);
    previous = v;
  }
  CHECK_THROWS_AS(carom::phase_portrait(law, m, v0, 1.01 * peak, contact_branch::loading),
                  carom::invalid_input);
  CHECK_THROWS_AS(carom::phase_portrait(law, m, v0, -1e-9, contact_branch::loading),
                  carom::invalid_input);
}

TEST_CASE("overdamped contacts: unclipped ones never end, no-tension ones do",
          "[contact][observables]") {
  const double m = 1.0, k = 100.0, v0 = 1.0;
  const carom::cone<double> unclipped{{.stiffness = k, .damping = 3 * std::sqrt(6.0)}};  // ζ = 3
  const carom::cone<double, carom::no_tension> clipped{
      {.stiffness = k, .damping = 3 * std::sqrt(6.0)}};
  CHECK(carom::contact_duration(unclipped, m, v0) == std::numeric_limits<double>::infinity());
  const double duration = carom::contact_duration(clipped, m, v0);
  CHECK(std::isfinite(duration));
  CHECK(carom::contact_state_at(clipped, m, v0, 2 * duration).overlap_rate ==
        Approx(-carom::restitution_of(clipped) * v0).epsilon(1e-13));
  // Unclipped: the overlap creeps back towards 0 and the rate stays negative.
  const auto late = carom::contact_state_at(unclipped, m, v0, 100.0);
  CHECK(late.overlap > 0);
  CHECK(late.overlap < 0.01 * carom::max_overlap(unclipped, m, v0));
  CHECK(late.overlap_rate < 0);
  CHECK(carom::phase_portrait(unclipped, m, v0, 1e-6, carom::contact_branch::unloading) < 0);
}

TEST_CASE("observables reject bad input, naming the function and parameter",
          "[contact][observables][errors]") {
  using Catch::Matchers::Contains;
  const carom::hertz<double> law{{.stiffness = 1e5, .damping = 0.2}};
  const double nan = std::nan("");
  CHECK_THROWS_WITH(carom::max_overlap(law, -1.0, 1.0),
                    Contains("carom::max_overlap") && Contains("effective mass") && Contains("-1"));
  CHECK_THROWS_WITH(carom::contact_duration(law, 1.0, 0.0),
                    Contains("carom::contact_duration") && Contains("impact speed"));
  CHECK_THROWS_AS(carom::contact_duration(law, nan, 1.0), carom::invalid_input);
  CHECK_THROWS_WITH(carom::contact_state_at(law, 1.0, 1.0, nan),
                    Contains("carom::contact_state_at") && Contains("time"));
  CHECK_THROWS_WITH(carom::phase_portrait(law, 1.0, 1.0, 1.0, carom::contact_branch::loading),
                    Contains("carom::phase_portrait") && Contains("overlap"));
}
