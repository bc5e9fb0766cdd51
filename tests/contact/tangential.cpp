// SPDX-License-Identifier: MIT
// The tangential spring with Coulomb friction (contact/tangential.hpp),
// one contact at a time: the rotation of the stretch into the tangent
// plane, sticking, slipping, and a spring-less (k_t = 0) contact.
#include <carom/contact/tangential.hpp>

#include <catch2/catch.hpp>
#include <cmath>

#include "dem_support.hpp"
#include "support.hpp"

using carom_test::eps;

TEMPLATE_LIST_TEST_CASE("tangential stretch rotated into the tangent plane keeps its length",
                        "[contact][tangential]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const T r = T(1) / std::sqrt(T(2));
  const auto normal = dem_test::at<T, D>(r, r, T(0));
  SECTION("a stretch already in the plane is returned bit for bit") {
    const auto in_plane = dem_test::at<T, D>(T(3e-6), T(-3e-6), T(2e-6));
    CHECK(carom::rotate_into_tangent_plane(in_plane, normal) == in_plane);
  }
  SECTION("a tilted stretch: perpendicular to n, with its length") {
    const auto tilted = dem_test::at<T, D>(T(4e-6), T(1e-6), T(-2e-6));
    const auto rotated = carom::rotate_into_tangent_plane(tilted, normal);
    CHECK(std::abs(carom::dot(rotated, normal)) <= 4 * eps<T> * carom::norm(tilted));
    CHECK(carom::norm(rotated) == Approx(carom::norm(tilted)).epsilon(8 * eps<T>));
  }
  SECTION("a stretch along n has no direction in the plane: it vanishes") {
    const auto axis = dem_test::at<T, D>(T(1), T(0), T(0));
    CHECK(carom::rotate_into_tangent_plane(dem_test::at<T, D>(T(2e-6), T(0), T(0)), axis) ==
          carom::vec<T, D>{});
  }
  SECTION("no stretch stays none") {
    CHECK(carom::rotate_into_tangent_plane(carom::vec<T, D>{}, normal) == carom::vec<T, D>{});
  }
}

TEMPLATE_LIST_TEST_CASE("tangential spring: sticks below the Coulomb limit, slips at μ F_n",
                        "[contact][tangential]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const carom::tangential_params<T> p{.friction = T(0.5), .stiffness = T(2e5), .damping = T(40)};
  const T mass = T(3e-3), scale = T(2.5e-4), dt = T(1e-5);
  const auto spring = dem_test::at<T, D>(T(1e-6), T(0), T(-5e-7));
  const auto velocity = dem_test::at<T, D>(T(0.02), T(0.01), T(0));
  // F_t = −σ (k_t ξ + γ_t m* v_t) after ξ += v_t dt: the force without a cap.
  const auto stretched = spring + velocity * dt;
  const auto damping_force = (p.damping * mass) * velocity;
  const auto trial = -scale * (p.stiffness * stretched + damping_force);
  const T trial_magnitude = carom::norm(trial);
  using spring_law = carom::mindlin_tangential_spring;

  SECTION("sticking: the trial force and the stretched spring, unchanged") {
    const T normal_force = T(4) * trial_magnitude / p.friction;
    const auto t = carom::tangential_force_in_plane<spring_law>(p, spring, velocity, normal_force,
                                                                mass, scale, dt);
    CHECK(t.force == trial);
    CHECK(t.spring == stretched);
  }
  SECTION("slipping: |F_t| = μ F_n along the trial force; the spring gives that force") {
    const T normal_force = T(0.25) * trial_magnitude / p.friction;
    const auto t = carom::tangential_force_in_plane<spring_law>(p, spring, velocity, normal_force,
                                                                mass, scale, dt);
    CHECK(carom::norm(t.force) == Approx(p.friction * normal_force).epsilon(16 * eps<T>));
    CHECK(carom::dot(t.force, trial) == Approx(carom::norm(t.force) * trial_magnitude)
                                            .epsilon(16 * eps<T>));
    // −σ (k_t ξ' + γ_t m* v_t) = capped F_t: the next step starts at the limit.
    const auto again = -scale * (p.stiffness * t.spring + damping_force);
    for (std::size_t c = 0; c < D; ++c)
      CHECK(again[c] == Approx(t.force[c]).epsilon(64 * eps<T>).margin(64 * eps<T> * trial_magnitude));
  }
  SECTION("no normal force: no friction, and the spring slips to the damping alone") {
    const auto t = carom::tangential_force_in_plane<spring_law>(p, spring, velocity, T(0), mass,
                                                                scale, dt);
    CHECK(t.force == carom::vec<T, D>{});
    for (std::size_t c = 0; c < D; ++c)
      CHECK(t.spring[c] == Approx(-damping_force[c] / p.stiffness).epsilon(16 * eps<T>));
  }
  SECTION("no spring (k_t = 0): the damping force capped, the stretch reset when it slips") {
    const carom::tangential_params<T> dashpot{.friction = p.friction, .damping = p.damping};
    const T damping_magnitude = scale * carom::norm(damping_force);
    const auto t = carom::tangential_force_in_plane<spring_law>(
        dashpot, spring, velocity, T(0.5) * damping_magnitude / p.friction, mass, scale, dt);
    CHECK(carom::norm(t.force) == Approx(T(0.5) * damping_magnitude).epsilon(16 * eps<T>));
    CHECK(t.spring == carom::vec<T, D>{});
  }
  SECTION("frictionless: no force, no stretch") {
    const auto t = carom::tangential_force_in_plane<carom::frictionless>(p, spring, velocity,
                                                                          T(1), mass, scale, dt);
    CHECK(t.force == carom::vec<T, D>{});
    CHECK(t.spring == carom::vec<T, D>{});
  }
}
