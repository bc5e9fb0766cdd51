// SPDX-License-Identifier: MIT
#include <carom/contact/power_law.hpp>
#include <carom/contact/time_step.hpp>

#include <catch2/catch.hpp>
#include <cmath>

#include "support.hpp"

using carom_test::eps;

namespace {
// The linearised contact y'' + 2ζω y' + ω² y = 0 advanced by DEM velocity
// Verlet (damping on the half-step velocity); the growth of |y| + |v|/ω over
// many steps tells stable from unstable (stops once it passes 1e6).
double verlet_amplification(double omega, double zeta, double dt, int steps) {
  double y = 1, v = 0;
  double a = -omega * omega * y;
  for (int n = 0; n < steps && std::abs(y) + std::abs(v) / omega < 1e6; ++n) {
    const double half = v + dt / 2 * a;
    y += dt * half;
    a = -omega * omega * y - 2 * zeta * omega * half;
    v = half + dt / 2 * a;
  }
  return std::abs(y) + std::abs(v) / omega;
}
}  // namespace

TEST_CASE("linear spring: Δt_crit = 2/Ω undamped, (2/Ω)(√(1+ζ²) − ζ) damped",
          "[contact][time_step]") {
  const double m = 0.5, k = 2e4, omega = std::sqrt(k / m);
  const carom::linear_spring_dashpot<double> elastic{{.stiffness = k}};
  CHECK(carom::critical_time_step(elastic, m, 1.0) == Approx(2 / omega).epsilon(1e-15));
  CHECK(carom::critical_time_step(elastic, m, 1e3) == Approx(2 / omega).epsilon(1e-15));
  for (const double zeta : {0.0, 0.1, 0.5, 1.0, 3.0}) {
    const carom::linear_spring_dashpot<double> law{{.stiffness = k, .damping = 2 * zeta}};
    const double critical = carom::critical_time_step(law, m, 1.0);
    CHECK(critical == Approx(2 / omega * (std::sqrt(1 + zeta * zeta) - zeta)).epsilon(1e-15));
    // The bound is sharp for the integrator it describes.
    CHECK(verlet_amplification(omega, zeta, 0.999 * critical, 20000) < 2);
    CHECK(verlet_amplification(omega, zeta, 1.001 * critical, 20000) > 1e3);
  }
}

TEMPLATE_LIST_TEST_CASE("Δt_crit ∝ v0^(−(p−1)/(p+1)); Δt_crit/t_c depends on p and α only",
                        "[contact][time_step]", carom_test::all_scalars) {
  using T = TestType;
  for (const double p : {1.0, 1.5, 2.0, 3.0}) {
    const auto law = carom::power_law<T>::from_restitution(T(p), T(1e6), T(0.5));
    const T slow = carom::critical_time_step(law, T(0.01), T(0.1));
    const T fast = carom::critical_time_step(law, T(0.01), T(10));
    CHECK(fast / slow == Approx(std::pow(100.0, -(p - 1) / (p + 1))).epsilon(64 * eps<T>));
    const T ratio_slow = slow / carom::contact_duration(law, T(0.01), T(0.1));
    const T ratio_other_mass =
        carom::critical_time_step(law, T(3), T(10)) / carom::contact_duration(law, T(3), T(10));
    CHECK(ratio_slow == Approx(ratio_other_mass).epsilon(64 * eps<T>));
    CHECK(ratio_slow > T(0.1));  // Δt_crit is a sizeable fraction of t_c
    CHECK(ratio_slow < T(1));
  }
}

TEST_CASE("recommended and checked time steps", "[contact][time_step]") {
  using Catch::Matchers::Contains;
  const auto law = carom::hertz<double>::from_restitution(1e7, 0.7);
  const double m = 1e-3, v0 = 2;
  const double duration = carom::contact_duration(law, m, v0);
  const double critical = carom::critical_time_step(law, m, v0);
  CHECK(carom::recommended_time_step(law, m, v0, 50) == Approx(duration / 50).epsilon(1e-15));
  CHECK(carom::recommended_time_step(law, m, v0, 1) == critical);  // capped at Δt_crit
  CHECK_NOTHROW(carom::check_time_step(law, m, v0, critical));
  CHECK_THROWS_WITH(carom::check_time_step(law, m, v0, 1.01 * critical),
                    Contains("carom::check_time_step") && Contains("critical time step"));
  CHECK_THROWS_WITH(carom::check_time_step(law, m, v0, 0.0), Contains("dt must be"));
  CHECK_THROWS_AS(carom::check_time_step(law, m, v0, -1e-6), carom::invalid_input);
  CHECK_THROWS_AS(carom::check_time_step(law, m, v0, std::nan("")), carom::invalid_input);
  CHECK_THROWS_WITH(carom::recommended_time_step(law, m, v0, 0), Contains("steps_per_contact"));
  CHECK_THROWS_AS(carom::critical_time_step(law, 0.0, v0), carom::invalid_input);
  // An overdamped unclipped contact never ends: twice the time to δ_max stands for t_c.
  const carom::hertz<double> overdamped{{.stiffness = 1e7, .damping = 10}};
  const double step = carom::recommended_time_step(overdamped, m, v0, 40);
  CHECK(std::isfinite(step));
  CHECK(step > 0);
  CHECK(step <= carom::critical_time_step(overdamped, m, v0));
}
