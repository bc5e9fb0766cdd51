// SPDX-License-Identifier: MIT
#include <carom/core/vec.hpp>

#include <catch2/catch.hpp>

#include "support.hpp"

using carom::vec;

// Everything is usable in constant expressions.
static_assert(vec<double, 3>{1.0, 2.0, 3.0}[2] == 3.0);
static_assert(vec<double, 3>{1.0, 2.0, 3.0} + vec<double, 3>{1.0, 1.0, 1.0} ==
              vec<double, 3>{2.0, 3.0, 4.0});
static_assert(carom::dot(vec<float, 2>{1.0f, 2.0f}, vec<float, 2>{3.0f, 4.0f}) == 11.0f);
static_assert(carom::norm(vec<double, 2>{3.0, 4.0}) == 5.0);
static_assert(carom::cross(vec<double, 3>{1, 0, 0}, vec<double, 3>{0, 1, 0}) ==
              vec<double, 3>{0, 0, 1});
static_assert(carom::perpendicular(vec<double, 2>{1.0, 0.0}) == vec<double, 2>{0.0, 1.0});
static_assert(std::is_aggregate_v<vec<float, 3>>);
static_assert(std::is_trivially_copyable_v<vec<double, 3>>);
static_assert(sizeof(vec<double, 3>) == 3 * sizeof(double));
static_assert(sizeof(vec<float, 2>) == 2 * sizeof(float));
static_assert(std::is_same_v<decltype(vec{1.0, 2.0}), vec<double, 2>>);
static_assert(std::is_same_v<carom::angular<float, 2>, float>);
static_assert(std::is_same_v<carom::angular<float, 3>, vec<float, 3>>);

TEMPLATE_LIST_TEST_CASE("vec arithmetic", "[core][vec]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  using V = typename TestType::vector;
  constexpr std::size_t D = TestType::dim;

  V a{}, b{};
  for (std::size_t i = 0; i < D; ++i) {
    a[i] = T(i + 1);
    b[i] = T(2 * i) - T(1);
  }
  const V sum = a + b, diff = a - b, scaled = a * T(2), halved = a / T(2), neg = -a;
  for (std::size_t i = 0; i < D; ++i) {
    CHECK(sum[i] == a[i] + b[i]);
    CHECK(diff[i] == a[i] - b[i]);
    CHECK(scaled[i] == T(2) * a[i]);
    CHECK(halved[i] == a[i] / T(2));
    CHECK(neg[i] == -a[i]);
  }
  CHECK(T(2) * a == a * T(2));
  V c = a;
  c += b;
  CHECK(c == sum);
  c -= b;
  CHECK(c == a);
  CHECK(V::zero() == V{});
  CHECK_FALSE(a == b);

  T expected_dot = 0;
  for (std::size_t i = 0; i < D; ++i) expected_dot += a[i] * b[i];
  CHECK(carom::dot(a, b) == expected_dot);
  CHECK(carom::squared_norm(a) == carom::dot(a, a));
  CHECK(carom::norm(a) == Approx(std::sqrt(double(carom::dot(a, a)))).epsilon(2 * carom_test::eps<T>));
}

TEMPLATE_LIST_TEST_CASE("cross and perpendicular are orthogonal", "[core][vec]",
                        carom_test::all_scalars) {
  using T = TestType;
  for (int k = 0; k < 1000; ++k) {
    const auto a = carom_test::random_vec<T, 3>(-1, 1), b = carom_test::random_vec<T, 3>(-1, 1);
    const auto c = carom::cross(a, b);
    CHECK(std::abs(carom::dot(c, a)) <= 8 * carom_test::eps<T>);
    CHECK(std::abs(carom::dot(c, b)) <= 8 * carom_test::eps<T>);
    CHECK(carom::cross(b, a) == -c);

    const auto p = carom_test::random_vec<T, 2>(-1, 1), q = carom_test::random_vec<T, 2>(-1, 1);
    CHECK(carom::dot(carom::perpendicular(p), p) == T(0));
    // The 2D cross product is the z component of the 3D one.
    const auto z = carom::cross(carom::vec<T, 3>{p[0], p[1], 0}, carom::vec<T, 3>{q[0], q[1], 0});
    CHECK(carom::cross(p, q) == z[2]);
    const T omega = carom_test::uniform<T>(-2, 2);
    const auto w3 = carom::cross(carom::vec<T, 3>{0, 0, omega}, carom::vec<T, 3>{p[0], p[1], 0});
    const auto w2 = carom::cross(omega, p);
    CHECK(w2[0] == Approx(w3[0]).margin(4 * carom_test::eps<T>));
    CHECK(w2[1] == Approx(w3[1]).margin(4 * carom_test::eps<T>));
  }
}

TEST_CASE("constexpr sqrt agrees with std::sqrt", "[core][math]") {
  constexpr double two = carom::sqrt(2.0);
  static_assert(two * two > 1.9999999999999 && two * two < 2.0000000000001);
  constexpr float big = carom::sqrt(1e30f);
  static_assert(big > 0.99999e15f && big < 1.00001e15f);
  static_assert(carom::sqrt(0.0) == 0.0);
  static_assert(carom::is_finite(1.0) && !carom::is_finite(carom::infinity<double>));
  CHECK(carom::sqrt(2.0) == std::sqrt(2.0));
}
