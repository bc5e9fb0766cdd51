// SPDX-License-Identifier: MIT
#include <carom/contact/materials.hpp>
#include <carom/contact/observables.hpp>
#include <carom/contact/power_law.hpp>

#include <catch2/catch.hpp>
#include <cmath>

#include "support.hpp"

using carom_test::eps;

TEMPLATE_LIST_TEST_CASE("effective mass and radius; a wall is an infinite partner",
                        "[contact][materials]", carom_test::all_scalars) {
  using T = TestType;
  const T inf = carom::infinity<T>;
  STATIC_REQUIRE(carom::effective_mass(T(2), T(2)) == T(1));
  CHECK(carom::effective_mass(T(1), T(3)) == Approx(0.75).epsilon(eps<T>));
  CHECK(carom::effective_mass(T(3), T(1)) == carom::effective_mass(T(1), T(3)));
  CHECK(carom::effective_mass(T(0.3), inf) == T(0.3));
  CHECK(carom::effective_mass(inf, T(0.3)) == T(0.3));
  CHECK(carom::effective_radius(T(0.01), T(0.03)) == Approx(0.0075).epsilon(2 * eps<T>));
  CHECK(carom::effective_radius(T(0.01), inf) == T(0.01));
}

TEST_CASE("Hertz stiffness from two materials, and the Mindlin tangential stiffness",
          "[contact][materials]") {
  // Glass (E = 63 GPa, ν = 0.2) on steel (E = 210 GPa, ν = 0.3).
  const double glass = 63e9, steel = 210e9;
  const double e_star = carom::effective_youngs_modulus(glass, 0.2, steel, 0.3);
  CHECK(e_star == Approx(1 / ((1 - 0.04) / glass + (1 - 0.09) / steel)).epsilon(1e-15));
  // Identical materials: E* = E / (2(1 − ν²)); a rigid wall: E* = E/(1 − ν²).
  CHECK(carom::effective_youngs_modulus(glass, 0.2, glass, 0.2) ==
        Approx(glass / (2 * 0.96)).epsilon(1e-15));
  CHECK(carom::effective_youngs_modulus(glass, 0.2, HUGE_VAL, 0.3) ==
        Approx(glass / 0.96).epsilon(1e-15));
  const double r_star = carom::effective_radius(0.002, 0.005);
  CHECK(carom::hertz_stiffness(e_star, r_star) ==
        Approx(4.0 / 3 * e_star * std::sqrt(r_star)).epsilon(1e-15));
  const double g_glass = carom::shear_modulus(glass, 0.2),
               g_steel = carom::shear_modulus(steel, 0.3);
  CHECK(g_glass == Approx(glass / 2.4).epsilon(1e-15));
  const double g_star = carom::effective_shear_modulus(g_glass, 0.2, g_steel, 0.3);
  CHECK(g_star == Approx(1 / ((2 - 0.2) / g_glass + (2 - 0.3) / g_steel)).epsilon(1e-15));
  CHECK(carom::mindlin_tangential_stiffness(g_star, r_star, 1e-6) ==
        Approx(8 * g_star * std::sqrt(r_star * 1e-6)).epsilon(1e-15));
  // The ratio k_t / k_n' of Mindlin to the Hertz normal stiffness dF/dδ:
  // 8 G* √(R δ) / (2 E* √(R δ)) = 4 G*/E*, 2(1−ν)/(2−ν) for one material.
  const double g_same = carom::effective_shear_modulus(g_glass, 0.2, g_glass, 0.2);
  const double e_same = carom::effective_youngs_modulus(glass, 0.2, glass, 0.2);
  CHECK(4 * g_same / e_same == Approx(2 * 0.8 / 1.8).epsilon(1e-14));
}

TEMPLATE_LIST_TEST_CASE("linear stiffness from a target contact duration", "[contact][materials]",
                        carom_test::all_scalars) {
  using T = TestType;
  for (const double e : {0.1, 0.5, 0.9, 1.0}) {
    const T m = T(2e-3), duration = T(1e-4);
    const T k = carom::linear_stiffness_for_duration(m, duration, T(e));
    const auto law = carom::linear_spring_dashpot<T>::from_restitution(k, T(e));
    CHECK(carom::contact_duration(law, m, T(1)) == Approx(duration).epsilon(16 * eps<T>));
  }
  CHECK_THROWS_AS(carom::linear_stiffness_for_duration(T(1), T(0), T(0.5)), carom::invalid_input);
  CHECK_THROWS_WITH(carom::linear_stiffness_for_duration(T(1), T(0), T(0.5)), Catch::Contains("duration t_c"));
  CHECK_THROWS_WITH(carom::linear_stiffness_for_duration(T(-1), T(1), T(0.5)),
                    Catch::Contains("effective mass m"));
  CHECK_THROWS_WITH(carom::linear_stiffness_for_duration(T(1), T(1), T(0)),
                    Catch::Contains("restitution e must be in (0, 1]"));
}
