// SPDX-License-Identifier: MIT
// carom::dem between steps: the contacts view, the force on each wall, the
// Love–Weber stress, the coordination number, and the state changes
// (set_velocity, free, unlock_rotation) with their rejections.
#include <carom/engines/dem/dem.hpp>

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <type_traits>

#include "dem_support.hpp"
#include "support.hpp"


namespace {

template <class T>
double relative_tolerance() {
  return std::is_same_v<T, float> ? 2e-3 : 1e-9;
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("dem contacts: a two-particle overlap against a hand computation",
                        "[dem][observables]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  using vector = carom::vec<T, D>;
  const auto box = carom::box<T, D>::cube(T(1), carom::boundary::wall);
  const T r = T(0.01), m = T(0.01), overlap = T(1e-4);
  // Particle 1 approaches along −x (overlap rate +0.1 m/s) and slides along
  // +y (friction below the Coulomb limit).
  carom::particles<T, D> ps;
  ps.add({.position = dem_test::at<T, D>(T(0.5), T(0.5)), .radius = r, .mass = m});
  ps.add({.position = dem_test::at<T, D>(T(0.5) + 2 * r - overlap, T(0.5)),
          .velocity = dem_test::at<T, D>(T(-0.1), T(0.05), T(0)), .radius = r, .mass = m});
  const auto p = dem_test::hertz_params<T, D>(T(3e6));
  const carom::dem<T, D, carom::hertz<T>> e(box, ps, p);

  const auto contacts = e.contacts();
  REQUIRE(contacts.size() == 1);
  const auto& c = contacts[0];
  CHECK(c.i == 0);
  CHECK(c.partner == 1);
  CHECK(c.kind == carom::partner_kind::particle);
  const double tol = relative_tolerance<T>();
  // δ from positions near 0.5: float resolves it to ~1e-3 of 1e-4.
  const double delta_tol = std::is_same_v<T, float> ? 2e-3 : 1e-9;
  CHECK(double(c.overlap) == Approx(double(overlap)).epsilon(delta_tol));
  CHECK(double(c.normal[0]) == Approx(1.0).epsilon(tol));  // from i towards the partner
  CHECK(std::abs(double(c.normal[1])) < 1e-6);

  // F_n = law(δ, δ', m*) with δ' = +0.1 m/s (approaching) and m* = m/2.
  const double normal = double(p.pair_law->force(c.overlap, T(0.1), m / 2));
  CHECK(double(c.normal_force) == Approx(normal).epsilon(tol));
  // Mindlin: F_t = −√(R* δ) (k_t ξ + γ_t m* v_t), ξ the stretch the
  // constructor's force evaluation stored, v_t = v_i − v_j along y.
  const vector spring = e.neighbours().payload()[0];
  const double sigma = std::sqrt(double(r) / 2 * double(c.overlap));
  const double friction_y =
      -sigma * (2e8 * double(spring[1]) + 3e6 * double(m) / 2 * (-0.05));
  CHECK(double(c.tangential_force[1]) == Approx(friction_y).epsilon(std::is_same_v<T, float> ? 5e-3 : 1e-9));
  CHECK(std::abs(double(c.tangential_force[0])) < 1e-6 * std::abs(friction_y));
  CHECK(double(c.force[0]) == Approx(-normal).epsilon(tol));  // pushes i away from j
  CHECK(double(c.force[1]) == Approx(double(c.tangential_force[1])).epsilon(tol));
  // The contact point lies midway between the centres; the branch joins them.
  CHECK(double(c.contact_point[0]) == Approx(0.5 + double(r) - double(overlap) / 2).epsilon(1e-6));
  CHECK(double(c.contact_point[1]) == Approx(0.5).epsilon(1e-6));
  CHECK(double(c.branch[0]) == Approx(2 * double(r) - double(overlap)).epsilon(1e-5));
  // Same velocities as the constructor's force evaluation: the view gives its forces.
  for (std::size_t a = 0; a < D; ++a) {
    CHECK(double(c.force[a]) == Approx(double(e.forces()[0][a])).epsilon(tol).margin(1e-12));
    CHECK(double(-c.force[a]) == Approx(double(e.forces()[1][a])).epsilon(tol).margin(1e-12));
  }
  // Stress of one contact over V: σ_xx = l_x (−f_x) / V > 0 (compressive positive).
  const auto sigma_box = e.stress();
  CHECK(double(sigma_box[0][0]) ==
        Approx((2 * double(r) - double(overlap)) * normal / double(box.volume())).epsilon(1e-5));
  CHECK(double(e.stress(T(2))[0][0]) == Approx(double(sigma_box[0][0]) / 2).epsilon(1e-6));
  CHECK(e.wall_forces().size() == e.walls().size());
  for (const auto& f : e.wall_forces()) CHECK(f == vector{});
}

TEMPLATE_LIST_TEST_CASE("dem contacts: a particle resting on the floor", "[dem][observables]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const auto box = carom::box<T, D>::cube(T(1), carom::boundary::wall);
  const T r = T(0.01), m = T(0.01), overlap = T(1e-5);
  carom::particles<T, D> ps;
  ps.add({.position = dem_test::at<T, D>(T(0.5), r - overlap), .radius = r, .mass = m});
  const auto p = dem_test::hertz_params<T, D>(T(3e6));
  const carom::dem<T, D, carom::hertz<T>> e(box, ps, p);
  const auto contacts = e.contacts();
  REQUIRE(contacts.size() == 1);
  const auto& c = contacts[0];
  // Box walls in axis order, lower face first: the floor y = 0 is wall 2.
  CHECK(c.kind == carom::partner_kind::wall);
  CHECK(c.partner == 2);
  CHECK(c.normal == dem_test::at<T, D>(T(0), T(-1), T(0)));
  const double elastic = 1e7 * std::pow(double(c.overlap), 1.5);  // at rest: no damping
  CHECK(double(c.normal_force) == Approx(elastic).epsilon(1e-5));
  CHECK(double(c.overlap) == Approx(double(overlap)).epsilon(std::is_same_v<T, float> ? 1e-3 : 1e-9));
  // The middle of the overlap, δ/2 behind the wall plane.
  CHECK(double(c.contact_point[1]) == Approx(-double(c.overlap) / 2).margin(1e-9));
  CHECK(double(c.branch[1]) == Approx(-(double(r) - double(c.overlap) / 2)).epsilon(1e-6));
  const auto walls = e.wall_forces();
  CHECK(double(walls[2][1]) == Approx(-elastic).epsilon(1e-5));  // pushed down by the particle
  CHECK(e.coordination_number() == T(0));  // walls do not count
}

TEMPLATE_LIST_TEST_CASE("dem observables: a settled bed carries its weight", "[dem][observables]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  // Periodic sides, so that only the floor carries the bed (no friction on
  // side walls); a slightly polydisperse, jittered lattice dropped onto it.
  std::array<carom::boundary, D> kinds{};
  kinds.fill(carom::boundary::periodic);
  kinds[1] = carom::boundary::wall;
  const T width = T(0.1);
  carom::vec<T, D> upper{};
  for (std::size_t a = 0; a < D; ++a) upper[a] = width;
  upper[1] = T(0.3);
  const carom::box<T, D> box(carom::vec<T, D>{}, upper, kinds);
  carom::particles<T, D> ps;
  const int rows = D == 2 ? 8 : 3;
  const int across = 4, deep = D == 2 ? 1 : 4;
  for (int y = 0; y < rows; ++y)
    for (int x = 0; x < across; ++x)
      for (int z = 0; z < deep; ++z) {
        const T r = carom_test::uniform(T(0.008), T(0.01));
        const T jitter = carom_test::uniform(T(-0.002), T(0.002));
        ps.add({.position = dem_test::at<T, D>(T(0.0125) + T(0.025) * T(x) + jitter, T(0.02) + T(0.025) * T(y),
                                     T(0.0125) + T(0.025) * T(z)),
                .radius = r,
                .mass = T(0.01) * (r / T(0.01)) * (r / T(0.01)) * (r / T(0.01))});
      }
  const T g = T(9.81);
  carom::dem_params<T, D, carom::hertz<T>> p{
      .pair_law = carom::hertz<T>::from_restitution(T(1e6), T(0.3)),
      .pair_tangential = {.friction = T(0.5), .stiffness = T(2e7), .damping = T(2e6)},
      .gravity = dem_test::at<T, D>(T(0), -g, T(0)),
      .max_impact_speed = T(3),
      .steps_per_contact = 50};
  carom::dem<T, D, carom::hertz<T>> e(box, ps, p);
  double weight = 0;
  for (const T mass : e.masses()) weight += double(mass) * double(g);
  // At rest: after 1 s, kinetic energy below the weight times 1e-10 m
  // (double: the slowest packings still creep at ~1e-5 m/s after 4 s), or
  // 1e-9 m in float, whose round-off keeps the bed jittering at ~1e-4 m/s
  // (a step moves a centre by less than its resolution).
  const double rest = (std::is_same_v<T, float> ? 1e-9 : 1e-10) * weight;
  std::size_t steps = 0;
  do {
    e.run(1000);
    steps += 1000;
  } while ((e.time() < 1.0 || double(e.kinetic_energy()) > rest) && steps < 400000);
  INFO("steps " << steps << ", kinetic energy " << e.kinetic_energy());
  REQUIRE(double(e.kinetic_energy()) <= rest);

  // The floor is the wall with normal +y.
  std::size_t floor = e.walls().size();
  for (std::size_t w = 0; w < e.walls().size(); ++w)
    if (e.walls()[w].normal[1] == T(1)) floor = w;
  REQUIRE(floor < e.walls().size());
  // Tolerances: 0.1 % in double. A float bed never comes to rest (see
  // `rest`): its residual accelerations, which the floor alone balances
  // (periodic sides), reach ~0.5 % of the weight vertically and ~2 %
  // sideways depending on the packing, hence 1 % and 3 % in float; a
  // double bed still rocking sideways reaches ~0.2 %, hence 1 % there.
  // The time averages (at the end) are within 0.1 % in both precisions.
  const bool single = std::is_same_v<T, float>;
  const double vertical = single ? 1e-2 : 1e-3, sideways = single ? 3e-2 : 1e-2;
  const auto on_walls = e.wall_forces();
  CHECK(-double(on_walls[floor][1]) == Approx(weight).epsilon(vertical));
  for (std::size_t a = 0; a < D; ++a)
    if (a != 1) CHECK(std::abs(double(on_walls[floor][a])) < sideways * weight);

  // Virial theorem of an assembly at rest: for each particle the contact
  // forces balance the weight, Σ_c f_c^i + m_i g = 0; summing x_i ⊗ (…) over
  // particles pairs the two ends of each contact into l ⊗ f_partner (l from
  // i to j), and leaves for a wall contact p_c ⊗ f^i with x_i = p_c − l:
  //   V σ = Σ_c l ⊗ f_partner = −Σ_i m_i x_i ⊗ g − Σ_wall contacts p_c ⊗ f^i.
  // Along y (not periodic: no image shifts) with g = −g ŷ:
  //   V σ_yy = Σ_i m_i g y_i − Σ_wall contacts p_c,y f^i_y,
  // the weight times the mean height of the centres, plus δ/2 F per floor
  // contact (p_c is the middle of the overlap, δ/2 below the floor). What
  // remains is Σ m_i a_i,y y_i of the residual motion (see `rest`) and
  // round-off: within `vertical` as the floor force.
  const auto contacts = e.contacts();
  double expected = 0;
  for (std::size_t i = 0; i < e.size(); ++i)
    expected += double(e.masses()[i]) * double(g) * double(e.positions()[i][1]);
  for (const auto& c : contacts)
    if (c.kind == carom::partner_kind::wall)
      expected -= double(c.contact_point[1]) * double(c.force[1]);
  const auto sigma = e.stress();
  const double volume = double(box.volume());
  CHECK(double(sigma[1][1]) * volume == Approx(expected).epsilon(vertical));
  double trace = 0;
  for (std::size_t a = 0; a < D; ++a) trace += double(sigma[a][a]);
  CHECK(trace / D > 0);  // compressed: positive pressure
  // A static packing of frictional spheres on a floor: between 2 and 2D.
  const double z = double(e.coordination_number());
  CHECK(z > 1.5);
  CHECK(z < 2.0 * D);

  {
    // Averaged over 10^4 steps the floor force is the weight in either
    // precision: by momentum balance the mean differs from it by the change
    // of the bed's momentum over the window, which the jitter bounds at
    // ~1e-4 of M g in float.
    const auto bed_momentum = [&] {
      double p = 0;
      for (std::size_t i = 0; i < e.size(); ++i) p += double(e.masses()[i]) * double(e.velocities()[i][1]);
      return p;
    };
    const double p0 = bed_momentum(), t0 = double(e.time());
    carom::vec<double, D> impulse{};
    for (int k = 0; k < 10000; ++k) {
      e.run(1);
      const auto f = e.wall_forces()[floor];
      for (std::size_t a = 0; a < D; ++a) impulse[a] -= double(f[a]) * double(e.time_step());
    }
    const double window = double(e.time()) - t0;
    INFO("vertical momentum change over the window " << bed_momentum() - p0);
    CHECK(impulse[1] / window == Approx(weight).epsilon(1e-3));
    for (std::size_t a = 0; a < D; ++a)
      if (a != 1) CHECK(std::abs(impulse[a] / window) < 1e-3 * weight);
  }
}

TEMPLATE_LIST_TEST_CASE("dem coordination number of a chain, with a fixed end",
                        "[dem][observables]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const auto box = carom::box<T, D>::cube(T(1), carom::boundary::wall);
  const T r = T(0.01), m = T(0.01), overlap = T(1e-5);
  // Three touching particles in a row on the floor, and one apart.
  carom::particles<T, D> ps;
  for (int k = 0; k < 3; ++k)
    ps.add({.position = dem_test::at<T, D>(T(0.3) + T(k) * (2 * r - overlap), r - overlap), .radius = r, .mass = m});
  ps.add({.position = dem_test::at<T, D>(T(0.7), T(0.5)), .radius = r, .mass = m});
  const auto p = dem_test::hertz_params<T, D>(T(3e6));
  carom::dem<T, D, carom::hertz<T>> e(box, ps, p);
  CHECK(e.contacts().size() == 5);             // 2 pairs, 3 on the floor
  CHECK(e.coordination_number() == T(1));      // 2 × 2 contacts / 4 particles
  e.fix(0);
  CHECK(e.contacts().size() == 4);             // a fixed particle ignores walls
  CHECK(e.coordination_number() == T(1));      // (1 + 2) ends / 3 mobile
  e.fix(3);
  CHECK(e.coordination_number() == T(1.5));    // (1 + 2) ends / 2 mobile
  e.free(0);
  e.free(3);
  CHECK(e.contacts().size() == 5);
  CHECK(e.coordination_number() == T(1));
}

TEMPLATE_LIST_TEST_CASE("dem: set_velocity, free and unlock_rotation round trips",
                        "[dem][observables]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  using engine = carom::dem<T, D, carom::hertz<T>>;
  const auto box = carom::box<T, D>::cube(T(1), carom::boundary::wall);
  const T r = T(0.01), m = T(0.01);
  auto p = dem_test::hertz_params<T, D>(T(3e6));
  p.gravity = dem_test::at<T, D>(T(0), T(-9.81), T(0));

  // Free fall: fixed for a while, then freed, it falls as if never fixed.
  carom::particles<T, D> air;
  air.add({.position = dem_test::at<T, D>(T(0.5), T(0.5)), .radius = r, .mass = m});
  engine held(box, air, p), falling(box, air, p);
  held.fix(0);
  held.run(50);
  CHECK(held.positions()[0] == air.positions()[0]);
  held.free(0);
  held.run(200);
  falling.run(200);
  CHECK(held.positions()[0] == falling.positions()[0]);
  CHECK(held.velocities()[0] == falling.velocities()[0]);

  // set_velocity and set_angular_velocity write what they are given.
  const auto v = dem_test::at<T, D>(T(0.25), T(-0.5), T(0.125));
  held.set_velocity(0, v);
  CHECK(held.velocities()[0] == v);
  typename engine::angular_type omega{};
  if constexpr (D == 2)
    omega = T(3);
  else
    omega = carom::vec<T, 3>{T(1), T(2), T(3)};
  held.set_angular_velocity(0, omega);
  CHECK(held.angular_velocities()[0] == omega);

  // A ball sliding on the floor spins up by friction; locked it does not;
  // unlocked again, it behaves as one never locked.
  carom::particles<T, D> slider;
  slider.add({.position = dem_test::at<T, D>(T(0.5), r - T(1e-6)), .velocity = dem_test::at<T, D>(T(0.5), T(0), T(0)),
              .radius = r, .mass = m});
  engine free_ball(box, slider, p), locked(box, slider, p), unlocked(box, slider, p),
      locked_fixed_freed(box, slider, p);
  locked.lock_rotation(0);
  unlocked.lock_rotation(0);
  unlocked.unlock_rotation(0);
  locked_fixed_freed.lock_rotation(0);
  locked_fixed_freed.fix(0);
  locked_fixed_freed.set_velocity(0, slider.velocities()[0]);
  locked_fixed_freed.free(0);  // still locked
  for (engine* e : {&free_ball, &locked, &unlocked, &locked_fixed_freed}) e->run(500);
  CHECK(free_ball.angular_velocities()[0] != typename engine::angular_type{});
  CHECK(locked.angular_velocities()[0] == typename engine::angular_type{});
  CHECK(locked_fixed_freed.angular_velocities()[0] == typename engine::angular_type{});
  CHECK(unlocked.positions()[0] == free_ball.positions()[0]);
  CHECK(unlocked.angular_velocities()[0] == free_ball.angular_velocities()[0]);
}

TEMPLATE_LIST_TEST_CASE("dem: state changes reject bad input and change nothing",
                        "[dem][observables]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  using engine = carom::dem<T, D, carom::hertz<T>>;
  using Catch::Contains;
  const auto box = carom::box<T, D>::cube(T(1), carom::boundary::wall);
  carom::particles<T, D> ps;
  ps.add({.position = dem_test::at<T, D>(T(0.5), T(0.5)), .velocity = dem_test::at<T, D>(T(0.1), T(0.2)),
          .radius = T(0.01), .mass = T(0.01)});
  engine e(box, ps, dem_test::hertz_params<T, D>(T(3e6)));
  const auto v = e.velocities()[0];
  const auto w = e.angular_velocities()[0];
  const T nan = std::numeric_limits<T>::quiet_NaN();
  auto bad_v = dem_test::at<T, D>(T(0), nan);
  typename engine::angular_type bad_w{};
  if constexpr (D == 2)
    bad_w = carom::infinity<T>;
  else
    bad_w[2] = carom::infinity<T>;

  CHECK_THROWS_WITH(e.set_velocity(1, v), Contains("set_velocity") && Contains("particle 1 does not exist"));
  CHECK_THROWS_WITH(e.set_velocity(0, bad_v), Contains("set_velocity") && Contains("particle 0") &&
                                                  Contains("not finite"));
  CHECK_THROWS_AS(e.set_velocity(0, bad_v), carom::invalid_input);
  CHECK_THROWS_WITH(e.set_angular_velocity(3, w), Contains("set_angular_velocity") && Contains("particle 3"));
  CHECK_THROWS_WITH(e.set_angular_velocity(0, bad_w),
                    Contains("set_angular_velocity") && Contains("particle 0") && Contains("not finite"));
  CHECK_THROWS_WITH(e.free(2), Contains("free") && Contains("particle 2 does not exist"));
  CHECK_THROWS_WITH(e.unlock_rotation(5), Contains("unlock_rotation") && Contains("particle 5"));
  CHECK_THROWS_WITH(e.stress(T(0)), Contains("stress") && Contains("volume"));
  CHECK_THROWS_AS(e.stress(nan), carom::invalid_input);
  CHECK(e.velocities()[0] == v);
  CHECK(e.angular_velocities()[0] == w);
  // Nothing changed: the particle moves on as before.
  engine twin(box, ps, dem_test::hertz_params<T, D>(T(3e6)));
  e.run(10);
  twin.run(10);
  CHECK(e.positions()[0] == twin.positions()[0]);
}
