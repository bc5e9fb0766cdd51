// SPDX-License-Identifier: MIT
#include <carom/particles/particles.hpp>

#include <catch2/catch.hpp>

#include "support.hpp"

TEMPLATE_LIST_TEST_CASE("particles store structure-of-arrays", "[particles]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  using V = typename TestType::vector;
  constexpr std::size_t D = TestType::dim;
  carom::particles<T, D> ps;
  CHECK(ps.empty());
  for (int i = 0; i < 100; ++i) {
    V x{};
    x[0] = T(i);
    V v{};
    v[D - 1] = T(1);
    CHECK(ps.add({.position = x, .velocity = v, .radius = T(0.5), .mass = T(i + 1)}) ==
          std::size_t(i));
  }
  REQUIRE(ps.size() == 100);
  CHECK(ps.positions()[42][0] == T(42));
  CHECK(ps.ids()[42] == 42u);
  CHECK(ps.masses()[9] == T(10));
  CHECK(ps.inverse_masses()[9] == Approx(T(0.1)));
  const T solid = (D == 3 ? T(0.4) : T(0.5)) * T(10) * T(0.25);
  CHECK(ps.inverse_inertias()[9] == Approx(1 / solid));
  CHECK(ps.momentum()[D - 1] == Approx(T(5050)));
  CHECK(ps.kinetic_energy() == Approx(T(5050) / 2));
  ps.velocities()[0][0] = T(2);
  CHECK(ps.velocities()[0][0] == T(2));
}

TEMPLATE_LIST_TEST_CASE("bad particles are rejected and nothing is half-added",
                        "[particles][errors]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  using V = typename TestType::vector;
  constexpr std::size_t D = TestType::dim;
  carom::particles<T, D> ps;
  const carom::particle_params<T, D> good{.radius = T(1), .mass = T(1)};
  ps.add(good);
  const T nan = std::numeric_limits<T>::quiet_NaN();
  const T inf = std::numeric_limits<T>::infinity();

  auto bad = [&](carom::particle_params<T, D> p, const char* what) {
    CHECK_THROWS_AS(ps.add(p), carom::invalid_input);
    CHECK_THROWS_WITH(ps.add(p), Catch::Contains(what) && Catch::Contains("particle 1"));
    CHECK(ps.size() == 1);
    CHECK(ps.radii().size() == 1);
    CHECK(ps.ids().size() == 1);
  };
  auto p = good;
  p.radius = T(-1);
  bad(p, "radius");
  p.radius = T(0);
  bad(p, "radius");
  p.radius = inf;
  bad(p, "radius");
  p = good;
  p.mass = nan;
  bad(p, "mass");
  p.mass = T(0);
  bad(p, "mass");
  p = good;
  p.position[D - 1] = nan;
  bad(p, "position");
  p = good;
  p.velocity[0] = inf;
  bad(p, "velocity");
  p = good;
  p.moment_of_inertia = T(-1);
  bad(p, "moment of inertia");
  p = good;
  if constexpr (D == 2) p.angular_velocity = nan;
  else p.angular_velocity[1] = nan;
  bad(p, "angular velocity");

  // The next good particle gets the next index and id.
  CHECK(ps.add(good) == 1u);
  CHECK(ps.ids()[1] == 1u);
  (void)V{};
}
