// SPDX-License-Identifier: MIT
#include <carom/collision/time_to_contact.hpp>

#include <catch2/catch.hpp>
#include <cmath>

#include "support.hpp"

using carom_test::eps;

TEMPLATE_LIST_TEST_CASE("time_to_contact: exact cases", "[collision][pair]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  using V = typename TestType::vector;
  const T inf = std::numeric_limits<T>::infinity();
  auto v = [](T x, T y) {
    V r{};
    r[0] = x;
    r[1] = y;
    return r;
  };
  // Head-on: gap 1 closed at speed 2.
  CHECK(carom::time_to_contact(v(2, 0), v(-2, 0), T(1)) == T(0.5));
  // Separating, at rest, missing.
  CHECK(carom::time_to_contact(v(2, 0), v(2, 0), T(1)) == inf);
  CHECK(carom::time_to_contact(v(2, 0), v(0, 0), T(1)) == inf);
  CHECK(carom::time_to_contact(v(2, 2), v(-1, 0), T(1)) == inf);
  // Exactly grazing: b = −2, a = 1, c = 4, disc = 0, t = 2.
  CHECK(carom::time_to_contact(v(2, 1), v(-1, 0), T(1)) == T(2));
  // Touching or overlapping while approaching: now, never negative.
  CHECK(carom::time_to_contact(v(1, 0), v(-1, 0), T(1)) == T(0));
  CHECK(carom::time_to_contact(v(T(0.9), 0), v(-1, 0), T(1)) == T(0));
  CHECK(carom::time_to_contact(v(T(0.9), 0), v(1, 0), T(1)) == inf);
  // Touching and moving tangentially: no collision.
  CHECK(carom::time_to_contact(v(1, 0), v(0, 1), T(1)) == inf);
  // NaN input never yields NaN.
  const T nan = std::numeric_limits<T>::quiet_NaN();
  CHECK(carom::time_to_contact(v(nan, 0), v(-1, 0), T(1)) == inf);
  CHECK_FALSE(std::isnan(carom::time_to_contact(v(2, 0), v(-1, nan), T(1))));
}

TEMPLATE_LIST_TEST_CASE("time_to_contact scales exactly with tiny and huge speeds",
                        "[collision][pair]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  using V = typename TestType::vector;
  constexpr std::size_t D = TestType::dim;
  V dx{}, dv{};
  dx[0] = T(3);
  dx[1] = T(0.5);
  dv[0] = T(-1);
  const T t1 = carom::time_to_contact(dx, dv, T(1));
  REQUIRE(std::isfinite(t1));
  const int decades = std::is_same_v<T, float> ? 6 : 12;
  for (int k = -decades; k <= decades; k += 2) {
    const T s = std::pow(T(10), T(k));
    const T t = carom::time_to_contact(dx, dv * s, T(1));
    CHECK(t * s == Approx(t1).epsilon(16 * eps<T>));
  }
  (void)D;
}

TEMPLATE_LIST_TEST_CASE("time_to_contact agrees with a brute-force root search on random pairs",
                        "[collision][pair][property]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  using V = typename TestType::vector;
  using L = long double;
  constexpr std::size_t D = TestType::dim;
  int hits = 0, misses = 0;
  for (int k = 0; k < 100000; ++k) {
    const V dx = carom_test::random_vec<T, D>(-5, 5);
    const T sigma = carom_test::uniform<T>(T(0.5), T(2));
    if (carom::squared_norm(dx) <= sigma * sigma * T(1.001)) continue;
    const T speed = std::pow(T(10), carom_test::uniform<T>(-3, 3));
    const V dv = carom_test::random_unit<T, D>() * speed;
    const T t = carom::time_to_contact(dx, dv, sigma);
    REQUIRE(t >= T(0));
    REQUIRE_FALSE(std::isnan(t));

    // Reference in long double from the same (exactly converted) inputs.
    L a = 0, b = 0, dxx = 0;
    for (std::size_t i = 0; i < D; ++i) {
      a += L(dv[i]) * L(dv[i]);
      b += L(dx[i]) * L(dv[i]);
      dxx += L(dx[i]) * L(dx[i]);
    }
    const L c = dxx - L(sigma) * L(sigma);
    const L disc = b * b - a * c;
    const bool near_grazing = std::abs(disc) <= L(256) * L(eps<T>) * b * b;
    const bool reference_hit = b < 0 && disc >= 0;
    if (near_grazing) continue;  // either answer is within round-off of the truth
    REQUIRE(std::isfinite(t) == reference_hit);
    if (!reference_hit) {
      ++misses;
      continue;
    }
    ++hits;
    // Bisection on f(t) = |dx + dv t|² − σ² over [0, t_closest].
    L lo = 0, hi = -b / a;
    for (int it = 0; it < 200; ++it) {
      const L mid = (lo + hi) / 2;
      if (c + 2 * b * mid + a * mid * mid > 0) lo = mid;
      else hi = mid;
    }
    // The separation at the returned time equals σ up to the round-off of c.
    L d2 = 0;
    for (std::size_t i = 0; i < D; ++i) d2 += (L(dx[i]) + L(dv[i]) * L(t)) * (L(dx[i]) + L(dv[i]) * L(t));
    const L tolerance = L(16) * L(eps<T>) * (dxx / L(sigma) + L(sigma));
    CHECK(std::abs(std::sqrt(d2) - L(sigma)) <= tolerance);
    // And it is the first root: it agrees with the bisection to the error
    // that rounding a, b, c in T moves the root, δt = δf / |f'(t)| with
    // |f'(t)| = 2√disc at the root.
    L b_terms = 0;
    for (std::size_t i = 0; i < D; ++i) b_terms += std::abs(L(dx[i]) * L(dv[i]));
    const L delta_f = L(eps<T>) * (dxx + L(sigma) * L(sigma) + 2 * lo * b_terms + lo * lo * a);
    CHECK(std::abs(L(t) - lo) <= L(16) * (delta_f / (2 * std::sqrt(disc)) + L(eps<T>) * lo));
  }
  CHECK(hits > 2000);
  CHECK(misses > 10000);
}

TEMPLATE_LIST_TEST_CASE("overlapping pairs: 0 when approaching, +inf when separating",
                        "[collision][pair][property]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  for (int k = 0; k < 10000; ++k) {
    const T sigma = carom_test::uniform<T>(T(0.5), T(2));
    // Separation within a few ulps of σ either side, as round-off leaves it.
    const T distance = sigma * (1 + carom_test::uniform<T>(-8, 0) * eps<T>);
    const auto n = carom_test::random_unit<T, D>();
    const auto dx = n * distance;
    const auto dv = carom_test::random_unit<T, D>() * T(3);
    const T t = carom::time_to_contact(dx, dv, sigma);
    const T approach = -carom::dot(n, dv);
    if (carom::dot(dx, dv) < 0) {
      REQUIRE(t >= T(0));
      // Contact now, or within the round-off of the separation; a pair
      // sliding past tangentially may be a (grazing) miss.
      if (std::isfinite(t)) CHECK(t * approach <= T(16) * eps<T> * sigma);
      else CHECK(approach <= std::sqrt(eps<T>) * T(3));
    } else {
      CHECK(t == std::numeric_limits<T>::infinity());
    }
  }
}

TEMPLATE_LIST_TEST_CASE("earlier_contact is time_to_contact cut at the horizon",
                        "[collision][pair][property]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  int earlier = 0, later = 0;
  for (int k = 0; k < 100000; ++k) {
    const T sigma = carom_test::uniform<T>(T(0.5), T(2));
    // Separations from overlapping (round-off, c < 0) to well apart.
    const auto dx = carom_test::random_unit<T, D>() * (sigma * carom_test::uniform<T>(T(0.999), 3));
    const auto dv = carom_test::random_unit<T, D>() * std::pow(T(10), carom_test::uniform<T>(-2, 2));
    const T t = carom::time_to_contact(dx, dv, sigma);
    const T horizon = k % 10 == 0 ? T(0) : std::pow(T(10), carom_test::uniform<T>(-3, 1));
    T h = horizon;
    const bool found = carom::earlier_contact(dx, dv, sigma, h);
    // The bound c ≥ −2b·horizon rejects only times ≥ horizon, so the answer
    // is exact; an approaching overlap (t = 0) counts even at horizon 0.
    if (t < horizon || t == T(0)) {
      REQUIRE(found);
      REQUIRE(h == t);
      ++earlier;
    } else {
      REQUIRE_FALSE(found);
      REQUIRE(h == horizon);
      ++later;
    }
  }
  CHECK(earlier > 1000);
  CHECK(later > 10000);
}
