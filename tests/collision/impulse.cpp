// SPDX-License-Identifier: MIT
#include <carom/collision/impulse.hpp>

#include <catch2/catch.hpp>
#include <cmath>

#include "support.hpp"

using carom_test::eps;

TEMPLATE_LIST_TEST_CASE("pair impulses conserve momentum and dissipate ½(1−e²) m_eff u²",
                        "[collision][impulse][property]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  using V = typename TestType::vector;
  constexpr std::size_t D = TestType::dim;
  for (int k = 0; k < 100000; ++k) {
    const T mi = std::pow(T(10), carom_test::uniform<T>(-2, 2));
    const T mj = std::pow(T(10), carom_test::uniform<T>(-2, 2));
    const V vi = carom_test::random_vec<T, D>(-3, 3), vj = carom_test::random_vec<T, D>(-3, 3);
    const V n = carom_test::random_unit<T, D>();
    const T u = carom::dot(vi - vj, n);
    const bool elastic_case = k % 2 == 0;
    const T e = elastic_case ? T(1) : carom_test::uniform<T>(T(0.01), T(1));
    const auto result = elastic_case
                            ? carom::resolve_collision(carom::elastic{}, vi, vj, 1 / mi, 1 / mj, n)
                            : carom::resolve_collision(carom::constant_restitution<T>(e), vi, vj,
                                                       1 / mi, 1 / mj, n);
    if (u <= 0) {
      CHECK(result.impulse == T(0));
      CHECK(result.velocity_i == vi);
      CHECK(result.velocity_j == vj);
      continue;
    }
    CHECK(result.impulse > T(0));
    const V p_before = mi * vi + mj * vj, p_after = mi * result.velocity_i + mj * result.velocity_j;
    const T p_scale = mi * carom::norm(vi) + mj * carom::norm(vj) + mi * carom::norm(result.velocity_i) +
                      mj * carom::norm(result.velocity_j);
    CHECK(carom::norm(p_after - p_before) <= 8 * eps<T> * p_scale);
    // Normal relative velocity reversed and scaled by e; tangential untouched.
    const T u_after = carom::dot(result.velocity_i - result.velocity_j, n);
    const T v_scale = carom::norm(vi) + carom::norm(vj) + carom::norm(result.velocity_i) + carom::norm(result.velocity_j);
    CHECK(u_after == Approx(-e * u).margin(16 * eps<T> * v_scale));
    const T m_eff = mi * mj / (mi + mj);
    const T ke_before = (mi * carom::squared_norm(vi) + mj * carom::squared_norm(vj)) / 2;
    const T ke_after = (mi * carom::squared_norm(result.velocity_i) + mj * carom::squared_norm(result.velocity_j)) / 2;
    const T ke_scale = ke_before + ke_after;
    const T expected_loss = (1 - e * e) * m_eff * u * u / 2;
    CHECK(ke_before - ke_after == Approx(expected_loss).margin(32 * eps<T> * ke_scale));
    if (elastic_case) CHECK(std::abs(ke_after - ke_before) <= 32 * eps<T> * ke_scale);
  }
}

TEMPLATE_LIST_TEST_CASE("wall impulses reflect the normal velocity with e", "[collision][impulse]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  using V = typename TestType::vector;
  constexpr std::size_t D = TestType::dim;
  for (int k = 0; k < 10000; ++k) {
    const V n = carom_test::random_unit<T, D>();
    const V v = carom_test::random_vec<T, D>(-3, 3);
    const T m = carom_test::uniform<T>(T(0.1), 10);
    const T e = carom_test::uniform<T>(T(0.05), 1);
    const carom::constant_restitution<T> rule(e);
    const auto hit = carom::resolve_wall_collision(rule, v, m, n);
    const T u = -carom::dot(v, n);
    if (u <= 0) {
      CHECK(hit.velocity == v);
      CHECK(hit.impulse == T(0));
      continue;
    }
    CHECK(carom::dot(hit.velocity, n) == Approx(e * u).margin(16 * eps<T> * carom::norm(v)));
    const V tangential_before = v - carom::dot(v, n) * n;
    const V tangential_after = hit.velocity - carom::dot(hit.velocity, n) * n;
    CHECK(carom::norm(tangential_after - tangential_before) <= 16 * eps<T> * carom::norm(v));
    CHECK(hit.impulse == Approx((1 + e) * m * u).epsilon(8 * eps<T>));
    // A wall is a particle of zero inverse mass: the pair resolver agrees
    // (the normal from the particle to the wall is −n).
    const auto pair = carom::resolve_collision(rule, v, V{}, 1 / m, T(0), -n);
    CHECK(carom::norm(pair.velocity_i - hit.velocity) <= 16 * eps<T> * carom::norm(v));
    CHECK(pair.velocity_j == V{});
  }
}

TEST_CASE("constant_restitution rejects e outside (0, 1]", "[collision][impulse][errors]") {
  CHECK_THROWS_AS(carom::constant_restitution<double>(0.0), carom::invalid_input);
  CHECK_THROWS_AS(carom::constant_restitution<double>(1.5), carom::invalid_input);
  CHECK_THROWS_WITH(carom::constant_restitution<double>(1.5), Catch::Contains("(got 1.5)"));
  CHECK_THROWS_AS(carom::constant_restitution<float>(std::numeric_limits<float>::quiet_NaN()),
                  std::invalid_argument);
  CHECK_THROWS_WITH(carom::constant_restitution<double>(-0.5), Catch::Contains("e must be in (0, 1]"));
  CHECK(carom::constant_restitution<double>(1.0).restitution(3.0) == 1.0);
  CHECK(carom::elastic{}.restitution(2.0f) == 1.0f);
}
