// SPDX-License-Identifier: MIT
#include <carom/contact/power_law.hpp>

#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <type_traits>

#include "support.hpp"

using carom_test::eps;

namespace {

// The two terms of the power-law formula (docs/contact-laws.md), written out
// in long double.
template <class Law, class T>
void check_against_reference(const Law& law, T overlap, T rate, T mass) {
  using L = long double;
  const L p = law.exponent(), k = law.stiffness(), alpha = law.damping();
  const L elastic = k * std::pow(L(overlap), p);
  const L damping = alpha * std::sqrt(L(mass) * k) * std::pow(L(overlap), (p - 1) / 2) * L(rate);
  const bool clipped = std::is_same_v<typename Law::convention, carom::no_tension>;
  const L expected = clipped && elastic + damping < 0 ? L(0) : elastic + damping;
  CHECK(std::abs(law.force(overlap, rate, mass) - expected) <=
        16 * eps<T> * (std::abs(elastic) + std::abs(damping)));
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("power laws evaluate k δ^p + α √(m k) δ^((p−1)/2) δ'",
                        "[contact][power_law]", carom_test::all_scalars) {
  using T = TestType;
  for (int n = 0; n < 2000; ++n) {
    const T k = std::pow(T(10), carom_test::uniform<T>(1, 9));
    const T alpha = n % 5 == 0 ? T(0) : carom_test::uniform<T>(0, 3);
    const T overlap = std::pow(T(10), carom_test::uniform<T>(-8, -1));
    const T rate = carom_test::uniform<T>(-10, 10);
    const T mass = std::pow(T(10), carom_test::uniform<T>(-4, 2));
    const carom::contact_law_params<T> params{.stiffness = k, .damping = alpha};
    check_against_reference(carom::linear_spring_dashpot<T>{params}, overlap, rate, mass);
    check_against_reference(carom::hertz<T>{params}, overlap, rate, mass);
    check_against_reference(carom::cone<T>{params}, overlap, rate, mass);
    check_against_reference(carom::fixed_power_law<T, 5, 2>{params}, overlap, rate, mass);
    check_against_reference(carom::fixed_power_law<T, 3>{params}, overlap, rate, mass);
    check_against_reference(carom::hertz<T, carom::no_tension>{params}, overlap, rate, mass);
    const T p = carom_test::uniform<T>(1, 4);
    check_against_reference(carom::power_law<T>{{.exponent = p, .stiffness = k, .damping = alpha}},
                            overlap, rate, mass);
    check_against_reference(
        carom::power_law<T, carom::no_tension>{{.exponent = p, .stiffness = k, .damping = alpha}},
        overlap, rate, mass);
  }
}

TEMPLATE_LIST_TEST_CASE("compile-time and run-time exponents give the same force",
                        "[contact][power_law]", carom_test::all_scalars) {
  using T = TestType;
  const T k = T(2.5e6), alpha = T(0.7);
  const carom::power_law<T> runtime_hertz{{.exponent = T(1.5), .stiffness = k, .damping = alpha}};
  const carom::power_law<T> runtime_linear{{.exponent = T(1), .stiffness = k, .damping = alpha}};
  const carom::power_law<T> runtime_cone{{.exponent = T(2), .stiffness = k, .damping = alpha}};
  const carom::hertz<T> hertz{{.stiffness = k, .damping = alpha}};
  const carom::linear_spring_dashpot<T> linear{{.stiffness = k, .damping = alpha}};
  const carom::cone<T> cone{{.stiffness = k, .damping = alpha}};
  for (int n = 0; n < 1000; ++n) {
    const T overlap = std::pow(T(10), carom_test::uniform<T>(-7, -2));
    const T rate = carom_test::uniform<T>(0, 5);  // approaching: both terms ≥ 0, no cancellation
    const T mass = carom_test::uniform<T>(T(0.001), 1);
    CHECK(hertz.force(overlap, rate, mass) ==
          Approx(runtime_hertz.force(overlap, rate, mass)).epsilon(8 * eps<T>));
    CHECK(linear.force(overlap, rate, mass) ==
          Approx(runtime_linear.force(overlap, rate, mass)).epsilon(8 * eps<T>));
    CHECK(cone.force(overlap, rate, mass) ==
          Approx(runtime_cone.force(overlap, rate, mass)).epsilon(8 * eps<T>));
  }
}

TEST_CASE("edge values of the force: zero overlap, clipping", "[contact][power_law]") {
  const carom::linear_spring_dashpot<double> linear{{.stiffness = 100, .damping = 0.5}};
  // At first touch the linear dashpot already pushes: α √(m k) v0.
  CHECK(linear.force(0.0, 2.0, 4.0) == Approx(0.5 * std::sqrt(400.0) * 2.0));
  const carom::power_law<double> runtime_linear{{.exponent = 1, .stiffness = 100, .damping = 0.5}};
  CHECK(runtime_linear.force(0.0, 2.0, 4.0) == Approx(linear.force(0.0, 2.0, 4.0)));
  // For p > 1 both terms vanish at δ = 0.
  CHECK(carom::hertz<double>{{.stiffness = 100, .damping = 0.5}}.force(0.0, 2.0, 4.0) == 0.0);
  CHECK(carom::power_law<double>{{.exponent = 2.5, .stiffness = 100, .damping = 0.5}}.force(
            0.0, 2.0, 4.0) == 0.0);
  // Fast unloading at small overlap: tensile when unclipped, 0 when clipped.
  const carom::hertz<double> unclipped{{.stiffness = 1e6, .damping = 1}};
  const carom::hertz<double, carom::no_tension> clipped{{.stiffness = 1e6, .damping = 1}};
  CHECK(unclipped.force(1e-8, -10.0, 1.0) < 0);
  CHECK(clipped.force(1e-8, -10.0, 1.0) == 0.0);
  CHECK(clipped.force(1e-3, 0.0, 1.0) == unclipped.force(1e-3, 0.0, 1.0));
}

TEST_CASE("fixed-exponent laws are compile-time constants", "[contact][power_law]") {
  constexpr carom::hertz<double> law{{.stiffness = 1e6, .damping = 0.3}};
  constexpr double force = law.force(1e-4, 0.5, 0.01);  // 1e6 · 1e-6 + 0.3 · √1e4 · 0.1 · 0.5
  static_assert(force > 2.49 && force < 2.51);
  STATIC_REQUIRE(carom::hertz<float>::exponent() == 1.5f);
  STATIC_REQUIRE(carom::cone<double>::exponent() == 2.0);
  STATIC_REQUIRE(carom::linear_spring_dashpot<double>::exponent() == 1.0);
  STATIC_REQUIRE(std::is_trivially_copyable_v<carom::hertz<float>>);
  STATIC_REQUIRE(std::is_trivially_copyable_v<carom::power_law<double, carom::no_tension>>);
  STATIC_REQUIRE(std::is_same_v<carom::hertz<double>::convention, carom::unclipped>);
  STATIC_REQUIRE(
      std::is_same_v<carom::cone<float, carom::no_tension>::convention, carom::no_tension>);
  CHECK(force == Approx(2.5).epsilon(1e-15));
}

TEMPLATE_LIST_TEST_CASE("from_restitution calibrates α in the law's own convention",
                        "[contact][power_law]", carom_test::all_scalars) {
  using T = TestType;
  const auto unclipped = carom::hertz<T>::from_restitution(T(1e5), T(0.5));
  const auto clipped = carom::hertz<T, carom::no_tension>::from_restitution(T(1e5), T(0.5));
  CHECK(unclipped.stiffness() == T(1e5));
  CHECK(unclipped.damping() == carom::damping_for_restitution(T(0.5), T(1.5)));
  CHECK(clipped.damping() == carom::damping_for_restitution_no_tension(T(0.5), T(1.5)));
  CHECK(carom::restitution_of(unclipped) == Approx(0.5).epsilon(4 * eps<T>));
  CHECK(carom::restitution_of(clipped) == Approx(0.5).epsilon(4 * eps<T>));
  const auto runtime =
      carom::power_law<T, carom::no_tension>::from_restitution(T(2.5), T(3), T(0.9));
  CHECK(runtime.exponent() == T(2.5));
  CHECK(carom::restitution_of(runtime) == Approx(0.9).epsilon(4 * eps<T>));
  CHECK_THROWS_AS(carom::cone<T>::from_restitution(T(1), T(0)), carom::invalid_input);
  CHECK_THROWS_AS(carom::power_law<T>::from_restitution(T(0.5), T(1), T(0.5)),
                  carom::invalid_input);
}

TEST_CASE("constructors reject bad parameters, naming the law and the value",
          "[contact][power_law][errors]") {
  using Catch::Matchers::Contains;
  const double nan = std::nan(""), inf = HUGE_VAL;
  CHECK_THROWS_WITH(carom::hertz<double>({.stiffness = -1}),
                    Contains("carom::hertz") && Contains("stiffness") && Contains("-1"));
  CHECK_THROWS_WITH(carom::cone<double>({.stiffness = 1, .damping = -0.5}),
                    Contains("carom::cone") && Contains("damping") && Contains("-0.5"));
  CHECK_THROWS_WITH(carom::linear_spring_dashpot<float>({.stiffness = 0}),
                    Contains("carom::linear_spring_dashpot") && Contains("stiffness"));
  CHECK_THROWS_WITH(carom::power_law<double>({.exponent = 0.9, .stiffness = 1}),
                    Contains("carom::power_law") && Contains("exponent") && Contains("0.9"));
  CHECK_THROWS_WITH((carom::fixed_power_law<double, 5, 2>({.stiffness = nan})),
                    Contains("carom::fixed_power_law") && Contains("stiffness"));
  CHECK_THROWS_AS(carom::power_law<double>({.exponent = inf, .stiffness = 1}),
                  carom::invalid_input);
  CHECK_THROWS_AS(carom::power_law<double>({.exponent = 2, .stiffness = inf}),
                  carom::invalid_input);
  CHECK_THROWS_AS(carom::hertz<double>({.stiffness = 1, .damping = nan}), std::invalid_argument);
  // The defaults are rejected: exponent and stiffness must be given.
  CHECK_THROWS_AS(carom::power_law<double>(carom::power_law_params<double>{}),
                  carom::invalid_input);
  CHECK_THROWS_AS(carom::hertz<double>(carom::contact_law_params<double>{}), carom::invalid_input);
  CHECK_NOTHROW(carom::power_law<double>({.exponent = 1, .stiffness = 1e-300}));
}
