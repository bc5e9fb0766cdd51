// SPDX-License-Identifier: MIT
#include <carom/geometry/box.hpp>

#include <catch2/catch.hpp>

#include "support.hpp"

TEMPLATE_LIST_TEST_CASE("box minimum image and wrapping", "[geometry][box]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  using V = typename TestType::vector;
  constexpr std::size_t D = TestType::dim;

  std::array<carom::boundary, D> kinds{};
  kinds.fill(carom::boundary::periodic);
  kinds[0] = carom::boundary::wall;
  V lower{}, upper{};
  for (std::size_t a = 0; a < D; ++a) {
    lower[a] = T(-1);
    upper[a] = T(2 + a);
  }
  const carom::box<T, D> box(lower, upper, kinds);
  CHECK_FALSE(box.is_periodic(0));
  CHECK(box.is_periodic(1));
  T volume = 1;
  for (std::size_t a = 0; a < D; ++a) volume *= T(3 + a);
  CHECK(box.volume() == Approx(volume));

  for (int k = 0; k < 1000; ++k) {
    const V dx = carom_test::random_vec<T, D>(-10, 10);
    const V image = box.minimum_image(dx);
    CHECK(image[0] == dx[0]);  // walled axis untouched
    for (std::size_t a = 1; a < D; ++a) {
      const T L = box.lengths()[a];
      CHECK(std::abs(image[a]) <= L / 2 * (1 + 4 * carom_test::eps<T>));
      // The image differs from dx by a whole number of box lengths.
      const T shifts = (dx[a] - image[a]) / L;
      CHECK(std::abs(shifts - std::round(shifts)) < T(1e-3));
    }
    const V x = carom_test::random_vec<T, D>(-10, 10);
    const V w = box.wrap(x);
    CHECK(w[0] == x[0]);
    for (std::size_t a = 1; a < D; ++a) {
      CHECK(w[a] >= lower[a]);
      CHECK(w[a] < upper[a]);
    }
  }
}

TEMPLATE_LIST_TEST_CASE("box walls and containment", "[geometry][box]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  using V = typename TestType::vector;
  constexpr std::size_t D = TestType::dim;
  const auto box = carom::box<T, D>::cube(T(1), carom::boundary::wall);
  const auto walls = box.walls();
  REQUIRE(walls.size() == 2 * D);
  V centre{};
  for (std::size_t a = 0; a < D; ++a) centre[a] = T(0.5);
  for (const auto& w : walls) CHECK(w.signed_distance(centre) == Approx(0.5));
  CHECK(box.contains(centre, T(0.5)));
  CHECK_FALSE(box.contains(centre, T(0.51)));
  V outside = centre;
  outside[D - 1] = T(1.2);
  CHECK_FALSE(box.contains(outside, T(0.1)));
  outside[D - 1] = std::numeric_limits<T>::quiet_NaN();
  CHECK_FALSE(box.contains(outside, T(0.1)));
  const auto periodic = carom::box<T, D>::cube(T(1), carom::boundary::periodic);
  CHECK(periodic.walls().empty());
  CHECK(periodic.contains(V{} - centre, T(0.4)));
}

TEMPLATE_LIST_TEST_CASE("bad boxes and planes are rejected", "[geometry][errors]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  using V = typename TestType::vector;
  constexpr std::size_t D = TestType::dim;
  std::array<carom::boundary, D> kinds{};
  V lower{}, upper{};
  upper[0] = T(1);  // other axes have zero length
  CHECK_THROWS_AS((carom::box<T, D>(lower, upper, kinds)), carom::invalid_input);
  CHECK_THROWS_WITH((carom::box<T, D>(lower, upper, kinds)), Catch::Contains("upper[1]"));
  CHECK_THROWS_AS((carom::box<T, D>::cube(std::numeric_limits<T>::infinity(), carom::boundary::wall)),
                  std::invalid_argument);
  CHECK_THROWS_AS((carom::plane<T, D>::through(V{}, V{})), carom::invalid_input);

  V n{};
  n[0] = T(3);
  V p{};
  p[0] = T(2);
  const auto wall = carom::plane<T, D>::through(p, n);
  CHECK(carom::norm(wall.normal) == Approx(1));
  CHECK(wall.signed_distance(V{}) == Approx(-2));
}
