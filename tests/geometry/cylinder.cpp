// SPDX-License-Identifier: MIT
// carom::cylinder: signed distance, normal and surface velocity inside and
// outside, in 3D (any axis) and 2D (a circle); bad input rejected.
#include <carom/geometry/cylinder.hpp>

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "support.hpp"

TEMPLATE_TEST_CASE("cylinder: distance and normal inside and outside (3D)", "[geometry][cylinder]",
                   float, double) {
  using T = TestType;
  using V = carom::vec<T, 3>;
  const auto in = carom::cylinder<T, 3>::around(V{T(0), T(0), T(0)}, V{T(0), T(0), T(2)}, T(1),
                                                carom::cylinder_side::inside, T(3));
  CHECK(in.axis == V{T(0), T(0), T(1)});
  const V x{T(0.5), T(0), T(7)};
  CHECK(in.signed_distance(x) == Approx(0.5));
  CHECK(in.normal_at(x)[0] == Approx(-1.0));
  CHECK(in.normal_at(V{T(0), T(0), T(4)}) == V{});  // on the axis
  const V surface = in.velocity_at(V{T(1), T(0), T(5)});  // Ω × r = 3 ẑ × x̂
  CHECK(surface[0] == Approx(0.0).margin(1e-6));
  CHECK(surface[1] == Approx(3.0));
  CHECK(surface[2] == Approx(0.0).margin(1e-6));
  auto out = in;
  out.side = carom::cylinder_side::outside;
  CHECK(out.signed_distance(x) == Approx(-0.5));
  CHECK(out.normal_at(x)[0] == Approx(1.0));

  // A tilted axis: the line through (1, −1, 0) along (1, 1, 0); (0.5, 2.5,
  // 0) is (1.5, 1.5, 0) along it and (−2, 2, 0) across, 2√2 from it.
  const auto tilted = carom::cylinder<T, 3>::around(V{T(1), T(-1), T(0)}, V{T(1), T(1), T(0)},
                                                    T(3), carom::cylinder_side::inside);
  const V y{T(0.5), T(2.5), T(0)};
  CHECK(tilted.signed_distance(y) == Approx(3 - 2 * std::sqrt(2.0)));
  const V n = tilted.normal_at(y);
  CHECK(n[0] == Approx(std::sqrt(0.5)));
  CHECK(n[1] == Approx(-std::sqrt(0.5)));
  CHECK(n[2] == Approx(0.0).margin(1e-6));
}

TEMPLATE_TEST_CASE("cylinder: a circle in 2D", "[geometry][cylinder]", float, double) {
  using T = TestType;
  using V = carom::vec<T, 2>;
  const auto in = carom::cylinder<T, 2>::circle(V{T(1), T(1)}, T(2), carom::cylinder_side::inside,
                                                T(3));
  const V x{T(1), T(2.5)};
  CHECK(in.signed_distance(x) == Approx(0.5));
  CHECK(in.normal_at(x)[1] == Approx(-1.0));
  const V surface = in.velocity_at(V{T(3), T(1)});
  CHECK(surface[0] == Approx(0.0).margin(1e-6));
  CHECK(surface[1] == Approx(6.0));
  auto out = in;
  out.side = carom::cylinder_side::outside;
  CHECK(out.signed_distance(V{T(1), T(4)}) == Approx(1.0));
  CHECK(out.normal_at(V{T(1), T(4)})[1] == Approx(1.0));
}

TEMPLATE_TEST_CASE("cylinder: bad input is rejected, naming the field", "[geometry][cylinder][bad_input]",
                   float, double) {
  using T = TestType;
  using V3 = carom::vec<T, 3>;
  using V2 = carom::vec<T, 2>;
  const T nan = std::numeric_limits<T>::quiet_NaN();
  const auto side = carom::cylinder_side::inside;
  const auto message = [](auto call) { return carom_test::rejection_message(call); };
  CHECK(message([&] { (void)carom::cylinder<T, 3>::around(V3{}, V3{T(0), T(0), T(1)}, T(0), side); })
            .find("radius must be finite and > 0") != std::string::npos);
  CHECK(message([&] { (void)carom::cylinder<T, 3>::around(V3{}, V3{}, T(1), side); })
            .find("axis must be finite and non-zero") != std::string::npos);
  CHECK(message([&] { (void)carom::cylinder<T, 3>::around(V3{nan, T(0), T(0)}, V3{T(1), T(0), T(0)}, T(1), side); })
            .find("point must be finite") != std::string::npos);
  CHECK(message([&] { (void)carom::cylinder<T, 3>::around(V3{}, V3{T(1), T(0), T(0)}, T(1), side, nan); })
            .find("spin must be finite") != std::string::npos);
  CHECK(message([&] { (void)carom::cylinder<T, 2>::circle(V2{}, -T(1), side); })
            .find("radius must be finite and > 0") != std::string::npos);
  CHECK(message([&] { (void)carom::cylinder<T, 2>::circle(V2{nan, T(0)}, T(1), side); })
            .find("centre must be finite") != std::string::npos);
}
