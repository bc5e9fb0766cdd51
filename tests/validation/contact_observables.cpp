// SPDX-License-Identifier: MIT
// Validates the closed-form observables of docs/contact-laws.md (δ_max, t_c,
// the time history and the phase portrait) against an independent
// integration of the equation of motion (contact_ode.hpp), for p from 1 to
// 3, restitutions from 0.05 to 1 and impact speeds over four decades, in
// both conventions.
#include <carom/contact/observables.hpp>
#include <carom/contact/power_law.hpp>

#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "validation/contact_ode.hpp"

namespace {
constexpr double observed_exponents[] = {1.0, 1.25, 1.5, 2.0, 2.5, 3.0};
constexpr double observed_restitutions[] = {0.05, 0.3, 0.7, 0.95, 1.0};
constexpr double speeds[] = {0.01, 0.1, 1.0, 10.0, 100.0};
constexpr double mass = 0.02, stiffness = 1e5;

template <class Convention, class T = double>
carom::power_law<T, Convention> law_for(double p, double e) {
  return carom::power_law<T, Convention>::from_restitution(T(p), T(stiffness), T(e));
}

template <class Convention>
void check_against_ode(double p, double e, double v0, bool with_history, double tolerance = 1e-12) {
  const auto law = law_for<Convention>(p, e);
  const double duration = carom::contact_duration(law, mass, v0);
  std::vector<double> times;
  if (with_history)
    for (const double f : {1e-4, 0.02, 0.25, 0.5, 0.75, 0.98, 0.9999})
      times.push_back(f * duration);
  constexpr bool no_tension = std::is_same_v<Convention, carom::no_tension>;
  const auto run = carom_test::contact_ode{p, stiffness, law.damping(), mass, v0, no_tension}.solve(
      times, tolerance);
  INFO((no_tension ? "no_tension" : "unclipped")
       << " p = " << p << ", e = " << e << ", v0 = " << v0);
  // 1e-8 asked; the reference is good to ~1e-10.
  CHECK(carom::max_overlap(law, mass, v0) == Approx(run.max_overlap).epsilon(1e-9));
  CHECK(duration == Approx(run.duration).epsilon(1e-9));
  const double peak = run.max_overlap;
  REQUIRE(run.samples.size() == times.size());
  for (const auto& sample : run.samples) {
    const auto state = carom::contact_state_at(law, mass, v0, sample.time);
    INFO("t / t_c = " << sample.time / duration);
    CHECK(state.overlap == Approx(sample.overlap).margin(1e-9 * peak));
    CHECK(state.overlap_rate == Approx(sample.rate).margin(1e-9 * v0));
    // The phase portrait through the same point, from δ alone.
    if (sample.overlap < peak * (1 - 1e-6)) {
      const auto branch =
          sample.rate > 0 ? carom::contact_branch::loading : carom::contact_branch::unloading;
      CHECK(carom::phase_portrait(law, mass, v0, sample.overlap, branch) ==
            Approx(sample.rate).margin(1e-8 * v0));
    }
  }
}
}  // namespace

TEST_CASE("δ_max and t_c agree with the integrated equation of motion",
          "[validation][contact][observables]") {
  for (const double p : observed_exponents)
    for (const double e : observed_restitutions)
      for (const double v0 : speeds) {
        check_against_ode<carom::unclipped>(p, e, v0, true);
        check_against_ode<carom::no_tension>(p, e, v0, true);
      }
}

TEST_CASE("overdamped no-tension contacts: duration and δ_max",
          "[validation][contact][observables]") {
  // ζ up to 16: stiff for the explicit reference, which needs 1e-14 to stay
  // at 1e-10 (its error shrinks 10× per decade of tolerance towards carom's).
  for (const double p : {1.0, 1.5, 3.0})
    for (const double e : {0.1, 0.01, 0.001})
      check_against_ode<carom::no_tension>(p, e, 0.5, true, 1e-14);
}

TEST_CASE("the textbook limits: p = 1 and α = 0", "[validation][contact][observables]") {
  // p = 1: t_c = π/ω_d, e = exp(−ζπ/√(1−ζ²)), whatever v0.
  const double omega = std::sqrt(stiffness / mass);
  for (const double e : observed_restitutions) {
    const auto law = law_for<carom::unclipped>(1.0, e);
    const double zeta = law.damping() / 2;
    const auto run =
        carom_test::contact_ode{1.0, stiffness, law.damping(), mass, 3.0, false}.solve();
    CHECK(run.duration == Approx(M_PI / (omega * std::sqrt(1 - zeta * zeta))).epsilon(1e-9));
    CHECK(-run.exit_rate / 3.0 ==
          Approx(std::exp(-zeta * M_PI / std::sqrt(1 - zeta * zeta))).margin(1e-9));
  }
  // α = 0, p = 3/2: Hertz's t_c = 3.2181 (m²/(k² v0))^{1/5}.
  for (const double v0 : speeds) {
    const auto run = carom_test::contact_ode{1.5, stiffness, 0.0, mass, v0, false}.solve();
    CHECK(run.duration ==
          Approx(3.2180654597190 * std::pow(mass * mass / (stiffness * stiffness * v0), 0.2))
              .epsilon(1e-9));
  }
}

TEST_CASE("float observables agree with double to float precision",
          "[validation][contact][observables]") {
  for (const double p : observed_exponents)
    for (const double e : observed_restitutions)
      for (const bool no_tension : {false, true}) {
        const float pf = float(p), ef = float(e), m = float(mass), v0 = 0.7f;
        auto compare = [&](const auto& float_law) {
          using Convention = typename std::decay_t<decltype(float_law)>::convention;
          // The double law with the float law's (rounded) parameters.
          const carom::power_law<double, Convention> reference{{.exponent = float_law.exponent(),
                                                                .stiffness = float_law.stiffness(),
                                                                .damping = float_law.damping()}};
          CHECK(carom::max_overlap(float_law, m, v0) ==
                Approx(carom::max_overlap(reference, double(m), double(v0))).epsilon(2e-7));
          CHECK(carom::contact_duration(float_law, m, v0) ==
                Approx(carom::contact_duration(reference, double(m), double(v0))).epsilon(2e-7));
          const float t = 0.6f * carom::contact_duration(float_law, m, v0);
          const auto single = carom::contact_state_at(float_law, m, v0, t);
          const auto twin = carom::contact_state_at(reference, double(m), double(v0), double(t));
          CHECK(single.overlap == Approx(twin.overlap).epsilon(2e-7));
          CHECK(single.overlap_rate == Approx(twin.overlap_rate).margin(2e-7 * v0));
        };
        if (no_tension)
          compare(carom::power_law<float, carom::no_tension>::from_restitution(pf, float(stiffness),
                                                                               ef));
        else
          compare(carom::power_law<float>::from_restitution(pf, float(stiffness), ef));
      }
}
