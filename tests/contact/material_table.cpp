// SPDX-License-Identifier: MIT
// carom::material_table: the mixing rules (E* and G* of Hertz–Mindlin,
// geometric means otherwise), per-pair overrides, carom::material_law, and
// the rejection of bad materials naming the species and the field.
#include <carom/contact/material_table.hpp>
#include <carom/contact/power_law.hpp>

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "support.hpp"

namespace {

template <class T>
carom::material<T> glass() {
  return {.youngs_modulus = T(6.3e10), .poisson_ratio = T(0.24), .density = T(2500),
          .restitution = T(0.9), .friction = T(0.4), .rolling_friction = T(0.01),
          .surface_energy = T(0.05)};
}

template <class T>
carom::material<T> steel() {
  return {.youngs_modulus = T(2.1e11), .poisson_ratio = T(0.29), .density = T(7850),
          .restitution = T(0.6), .friction = T(0.1), .rolling_friction = T(0.04),
          .surface_energy = T(0.2)};
}

}  // namespace

TEMPLATE_TEST_CASE("material table: pairs mix by Hertz-Mindlin and geometric means", "[contact]",
                   float, double) {
  using T = TestType;
  const carom::material_table<T> table({glass<T>(), steel<T>()}, steel<T>());
  const double tol = std::is_same_v<T, float> ? 1e-6 : 1e-14;
  const double e1 = 6.3e10, n1 = 0.24, e2 = 2.1e11, n2 = 0.29;
  const double g1 = e1 / (2 * (1 + n1)), g2 = e2 / (2 * (1 + n2));
  const auto mixed = table.pair(0, 1);
  CHECK(double(mixed.youngs_modulus) ==
        Approx(1 / ((1 - n1 * n1) / e1 + (1 - n2 * n2) / e2)).epsilon(tol));
  CHECK(double(mixed.shear_modulus) == Approx(1 / ((2 - n1) / g1 + (2 - n2) / g2)).epsilon(tol));
  CHECK(double(mixed.restitution) == Approx(std::sqrt(0.9 * 0.6)).epsilon(tol));
  CHECK(double(mixed.friction) == Approx(std::sqrt(0.4 * 0.1)).epsilon(tol));
  CHECK(double(mixed.rolling_friction) == Approx(std::sqrt(0.01 * 0.04)).epsilon(tol));
  CHECK(double(mixed.surface_energy) == Approx(std::sqrt(0.05 * 0.2)).epsilon(tol));
  CHECK(mixed.tangential_damping == T(0));
  // A species with itself keeps its values exactly; E* = E/(2(1 − ν²)).
  const auto same = table.pair(0, 0);
  CHECK(same.restitution == T(0.9));
  CHECK(same.friction == T(0.4));
  CHECK(double(same.youngs_modulus) == Approx(e1 / (2 * (1 - n1 * n1))).epsilon(tol));
  // The walls are steel here: species 1 against a wall is steel on steel.
  CHECK(table.wall_pair(1).restitution == T(0.6));
  CHECK(double(table.wall_pair(0).restitution) == Approx(double(mixed.restitution)).epsilon(tol));
  // The default wall is rigid: E* = E_i/(1 − ν_i²), G* = G_i/(2 − ν_i).
  const carom::material_table<T> rigid_walls({glass<T>()});
  CHECK(double(rigid_walls.wall_pair(0).youngs_modulus) ==
        Approx(e1 / (1 - n1 * n1)).epsilon(tol));
  CHECK(double(rigid_walls.wall_pair(0).shear_modulus) == Approx(g1 / (2 - n1)).epsilon(tol));
  CHECK(rigid_walls.wall_pair(0).restitution == T(0.9));
}

TEMPLATE_TEST_CASE("material table: an override replaces the mixed values of one pair",
                   "[contact]", float, double) {
  using T = TestType;
  carom::material_table<T> table({glass<T>(), steel<T>()});
  table.set_pair(1, 0, {.restitution = T(0.5), .tangential_damping = T(3)});
  table.set_wall_pair(0, {.friction = T(0.7)});
  for (const auto& p : {table.pair(0, 1), table.pair(1, 0)}) {
    CHECK(p.restitution == T(0.5));
    CHECK(p.tangential_damping == T(3));
    CHECK(double(p.friction) == Approx(std::sqrt(0.04)).epsilon(1e-6));  // still mixed
  }
  CHECK(table.pair(0, 0).restitution == T(0.9));
  CHECK(table.wall_pair(0).friction == T(0.7));
  CHECK(table.wall_pair(1).friction == T(0.1));
}

TEMPLATE_TEST_CASE("material law: Hertz from E* and R*, calibrated to the pair's restitution",
                   "[contact]", float, double) {
  using T = TestType;
  const carom::material_table<T> table({glass<T>(), steel<T>()});
  const auto pair = table.pair(0, 1);
  const T radius = T(0.002);
  const auto hertz = carom::material_law<carom::hertz<T>>(pair, radius);
  CHECK(double(hertz.stiffness()) ==
        Approx(4.0 / 3 * double(pair.youngs_modulus) * std::sqrt(0.002)).epsilon(1e-6));
  CHECK(hertz.damping() == carom::hertz<T>::from_restitution(T(1), pair.restitution).damping());
  // Other exponents: k = 4/3 E* R*^{2−p}.
  const auto linear = carom::material_law<carom::linear_spring_dashpot<T>>(pair, radius);
  CHECK(double(linear.stiffness()) ==
        Approx(4.0 / 3 * double(pair.youngs_modulus) * 0.002).epsilon(1e-6));
  const auto cone = carom::material_law<carom::cone<T>>(pair, radius);
  CHECK(double(cone.stiffness()) == Approx(4.0 / 3 * double(pair.youngs_modulus)).epsilon(1e-6));
  STATIC_REQUIRE(carom::material_contact_law<carom::hertz<T, carom::no_tension>, T>);
  STATIC_REQUIRE_FALSE(carom::material_contact_law<carom::power_law<T>, T>);
}

TEMPLATE_TEST_CASE("material table: bad materials are rejected, naming the species and the field",
                   "[contact][bad_input]", float, double) {
  using T = TestType;
  const auto bad = [](auto change, const char* species, const char* field) {
    auto m = glass<T>();
    change(m);
    const std::string message =
        carom_test::rejection_message([&] { carom::material_table<T> t({glass<T>(), m}); });
    INFO(message);
    CHECK(message.find(species) != std::string::npos);
    CHECK(message.find(field) != std::string::npos);
  };
  bad([](auto& m) { m.youngs_modulus = T(0); }, "species 1", "youngs_modulus");
  bad([](auto& m) { m.youngs_modulus = carom::infinity<T>; }, "species 1", "youngs_modulus");
  bad([](auto& m) { m.poisson_ratio = T(0.6); }, "species 1", "poisson_ratio");
  bad([](auto& m) { m.poisson_ratio = T(-1); }, "species 1", "poisson_ratio");
  bad([](auto& m) { m.density = T(-1); }, "species 1", "density");
  bad([](auto& m) { m.restitution = T(0); }, "species 1", "restitution");
  bad([](auto& m) { m.restitution = T(1.1); }, "species 1", "restitution");
  bad([](auto& m) { m.friction = T(-0.1); }, "species 1", "friction");
  bad([](auto& m) { m.rolling_friction = std::numeric_limits<T>::quiet_NaN(); }, "species 1",
      "rolling_friction");
  bad([](auto& m) { m.surface_energy = T(-1); }, "species 1", "surface_energy");

  auto wall = steel<T>();
  wall.poisson_ratio = T(0.7);
  CHECK(carom_test::rejection_message([&] { carom::material_table<T> t({glass<T>()}, wall); })
            .find("the walls: poisson_ratio") != std::string::npos);
  CHECK(carom_test::rejection_message([] {
          carom::material_table<T> t(std::vector<carom::material<T>>{});
        }).find("no species") != std::string::npos);
  CHECK(carom::material_table<T>().empty());

  carom::material_table<T> table({glass<T>(), steel<T>()});
  CHECK(carom_test::rejection_message([&] { (void)table.pair(0, 2); }).find("species 2 is outside") !=
        std::string::npos);
  CHECK(carom_test::rejection_message([&] { table.set_pair(0, 1, {.restitution = T(0)}); })
            .find("species 0 and 1: restitution") != std::string::npos);
  CHECK(carom_test::rejection_message([&] { table.set_wall_pair(1, {.friction = T(-1)}); })
            .find("species 1 and the walls: friction") != std::string::npos);
  // Rejected calls change nothing.
  CHECK(table.pair(0, 1).restitution == carom::material_table<T>({glass<T>(), steel<T>()})
                                            .pair(0, 1)
                                            .restitution);
  CHECK(table.wall_pair(1).friction == T(0.1));
}
