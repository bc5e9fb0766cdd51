// SPDX-License-Identifier: MIT
// The names the engines had before they were split keep working for one
// release (and warn): carom::time_stepped picks carom::dem for a contact
// law and carom::impulse_stepped for an impulse resolver.

#include <catch2/catch.hpp>

#include <carom/carom.hpp>
#include <type_traits>

#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

namespace {

static_assert(std::is_same_v<carom::time_stepped<double, 3, carom::hertz<double>>,
                             carom::dem<double, 3, carom::hertz<double>>>);
static_assert(std::is_same_v<carom::time_stepped<float, 2, carom::elastic>,
                             carom::impulse_stepped<float, 2, carom::elastic>>);
static_assert(std::is_same_v<carom::time_stepped<double, 2, carom::constant_restitution<double>,
                                                 carom::symplectic_euler>,
                             carom::impulse_stepped<double, 2, carom::constant_restitution<double>,
                                                    carom::symplectic_euler>>);
static_assert(std::is_same_v<carom::time_stepped_params<float, 3, carom::hertz<float>>,
                             carom::dem_params<float, 3, carom::hertz<float>>>);
static_assert(std::is_same_v<carom::time_stepped_impulse_params<double, 2, carom::elastic>,
                             carom::impulse_stepped_params<double, 2, carom::elastic>>);
static_assert(std::is_same_v<carom::null_engine_observer, carom::null_observer>);

}  // namespace

TEST_CASE("event_driven::run_collisions is run under its former name", "[deprecated]") {
  auto [box, spheres] = carom::lattice<double, 3>(3, 0.3, carom::boundary::periodic);
  std::mt19937_64 rng(3);
  carom::maxwell_boltzmann(spheres, 1.0, rng);
  carom::event_driven<double, 3> a(box, spheres), b(box, spheres);
  a.run_collisions(100);
  b.run(100);
  CHECK(a.pair_collisions() == 100);
  CHECK(a.time() == b.time());
}
