// SPDX-License-Identifier: MIT
#include <carom/collision/time_to_leave_cell.hpp>
#include <carom/collision/time_to_plane.hpp>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "support.hpp"

using carom_test::eps;

TEST_CASE("time_to_travel: exact cases", "[collision][travel]") {
  const double inf = std::numeric_limits<double>::infinity();
  CHECK(carom::time_to_travel(2.0, 1.0, 0.0) == 2.0);
  CHECK(carom::time_to_travel(2.0, -1.0, 0.0) == inf);
  CHECK(carom::time_to_travel(2.0, 0.0, 1.0) == 2.0);       // ½ t² = 2
  CHECK(carom::time_to_travel(2.0, 2.0, -1.0) == 2.0);      // grazes: turns at s = 2 exactly
  CHECK(carom::time_to_travel(2.5, 2.0, -1.0) == inf);      // turns at s = 2 < 2.5
  CHECK(carom::time_to_travel(1.5, 2.0, -1.0) == 1.0);      // 2t − ½t² = 1.5 → t = 1
  CHECK(carom::time_to_travel(2.0, -1.0, 1.0) == Approx(1 + std::sqrt(5.0)));
  CHECK(carom::time_to_travel(0.0, 1.0, 0.0) == 0.0);       // reached, moving on
  CHECK(carom::time_to_travel(-1e-12, 1.0, -9.8) == 0.0);   // round-off overlap, approaching
  CHECK(carom::time_to_travel(0.0, 0.0, 9.8) == 0.0);       // resting on a floor
  CHECK(carom::time_to_travel(0.0, -1.0, 0.0) == inf);      // leaving for good
  CHECK(carom::time_to_travel(0.0, -1.0, 2.0) == 1.0);      // leaves, comes back at t = 1
}

TEMPLATE_LIST_TEST_CASE("time_to_travel solves u t + a t²/2 = h on random flights",
                        "[collision][travel][property]", carom_test::all_scalars) {
  using T = TestType;
  using L = long double;
  int finite = 0;
  for (int k = 0; k < 100000; ++k) {
    const T h = carom_test::uniform<T>(0, 10);
    const T u = carom_test::uniform<T>(-5, 5);
    const T a = k % 10 == 0 ? T(0) : carom_test::uniform<T>(-10, 10);
    const T t = carom::time_to_travel(h, u, a);
    REQUIRE(t >= T(0));
    REQUIRE_FALSE(std::isnan(t));
    // Reference: smallest non-negative real root in long double.
    L ref = std::numeric_limits<L>::infinity();
    if (a == 0) {
      if (u > 0) ref = L(h) / L(u);
    } else {
      const L disc = L(u) * L(u) + 2 * L(a) * L(h);
      if (disc >= 0) {
        for (const L root : {(-L(u) - std::sqrt(disc)) / L(a), (-L(u) + std::sqrt(disc)) / L(a)})
          if (root >= 0) ref = std::min(ref, root);
      }
      // Near a double root (disc ≈ 0) either answer is within round-off.
      if (std::abs(disc) <= 64 * L(eps<T>) * (L(u) * L(u) + std::abs(2 * L(a) * L(h)))) continue;
    }
    REQUIRE(std::isfinite(t) == std::isfinite(ref));
    if (!std::isfinite(t)) continue;
    ++finite;
    const L residual = L(u) * L(t) + L(a) * L(t) * L(t) / 2 - L(h);
    const L scale = L(h) + std::abs(L(u) * L(t)) + std::abs(L(a) * L(t) * L(t) / 2);
    CHECK(std::abs(residual) <= 16 * L(eps<T>) * scale);
  }
  CHECK(finite > 50000);
}

TEMPLATE_LIST_TEST_CASE("time_to_plane: straight and parabolic flights", "[collision][plane]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  using V = typename TestType::vector;
  constexpr std::size_t D = TestType::dim;
  V up{};
  up[D - 1] = T(1);
  const auto floor = carom::plane<T, D>::through(V{}, up);
  V x{};
  x[D - 1] = T(3);
  V v{};
  v[D - 1] = T(-2);
  v[0] = T(7);  // tangential motion does not matter
  CHECK(carom::time_to_plane(floor, x, v, T(1)) == T(1));
  CHECK(carom::time_to_plane(floor, x, -v, T(1)) == std::numeric_limits<T>::infinity());
  // Dropped from rest at height 2 (gap 1) with g = 2: ½ g t² = 1 → t = 1.
  V g{};
  g[D - 1] = T(-2);
  CHECK(carom::time_to_plane(floor, x, V{}, T(2), g) == Approx(T(1)));
  // Thrown upward at 1: comes back after 1 (to the start), then falls 1 more.
  v = V{};
  v[D - 1] = T(1);
  CHECK(carom::time_to_plane(floor, x, v, T(2), g) == Approx((1 + std::sqrt(T(5))) / 2));
  // Round-off overlap while approaching: now.
  x[D - 1] = T(1) - T(4) * eps<T>;
  CHECK(carom::time_to_plane(floor, x, -v, T(1)) == T(0));
  CHECK(carom::time_to_plane(floor, x, -v, T(1), g) == T(0));
  // Random flights: the sphere touches the plane at the returned time.
  for (int k = 0; k < 10000; ++k) {
    const auto n = carom_test::random_unit<T, D>();
    const auto wall = carom::plane<T, D>::through(V{}, n);
    const auto pos = n * carom_test::uniform<T>(T(1.01), 5) + carom_test::random_vec<T, D>(-1, 1);
    const T r = T(1);
    if (wall.signed_distance(pos) <= r) continue;
    const auto vel = carom_test::random_vec<T, D>(-3, 3);
    const auto acc = carom_test::random_vec<T, D>(-5, 5);
    const T t = carom::time_to_plane(wall, pos, vel, r, acc);
    REQUIRE(t >= T(0));
    if (!std::isfinite(t)) continue;
    const auto at = pos + vel * t + acc * (t * t / 2);
    const T scale = std::abs(wall.signed_distance(pos)) + carom::norm(vel) * t + carom::norm(acc) * t * t;
    CHECK(std::abs(wall.signed_distance(at) - r) <= 64 * eps<T> * scale);
  }
}

TEMPLATE_LIST_TEST_CASE("time_to_leave_cell names the face crossed first", "[collision][cell]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  using V = typename TestType::vector;
  constexpr std::size_t D = TestType::dim;
  V lower{}, upper{};
  for (std::size_t a = 0; a < D; ++a) upper[a] = T(1);
  V x{}, v{};
  for (std::size_t a = 0; a < D; ++a) x[a] = T(0.5);
  v[1] = T(-0.25);
  v[0] = T(0.125);
  const auto exit = carom::time_to_leave_cell(x, v, lower, upper);
  CHECK(exit.time == T(2));
  CHECK(exit.axis == 1);
  CHECK(exit.direction == -1);
  CHECK(carom::time_to_leave_cell(x, V{}, lower, upper).time == std::numeric_limits<T>::infinity());

  for (int k = 0; k < 10000; ++k) {
    const V pos = carom_test::random_vec<T, D>(0, 1);
    const V vel = carom_test::random_vec<T, D>(-2, 2);
    const V acc = k % 2 ? carom_test::random_vec<T, D>(-4, 4) : V{};
    const auto straight = carom::time_to_leave_cell(pos, vel, lower, upper);
    const auto curved = carom::time_to_leave_cell(pos, vel, acc, lower, upper);
    if (k % 2 == 0) {
      CHECK(curved.time == Approx(straight.time).epsilon(64 * eps<T>));
      CHECK(curved.axis == straight.axis);
    }
    REQUIRE(std::isfinite(curved.time));
    const V at = pos + vel * curved.time + acc * (curved.time * curved.time / 2);
    const T face = curved.direction > 0 ? upper[curved.axis] : lower[curved.axis];
    CHECK(at[curved.axis] == Approx(face).margin(64 * eps<T>));
    // Still inside the cell shortly before.
    const T before = curved.time * T(0.999);
    const V earlier = pos + vel * before + acc * (before * before / 2);
    for (std::size_t a = 0; a < D; ++a) {
      CHECK(earlier[a] >= lower[a] - 64 * eps<T>);
      CHECK(earlier[a] <= upper[a] + 64 * eps<T>);
    }
  }
}
