// SPDX-License-Identifier: MIT
// Bad input shared by the three engines: planes that do not fit the box.
// (Per-engine checks live next to each engine's tests; docs/reliability.md
// lists them all.)
#include <carom/engines/event_driven/event_driven.hpp>
#include <carom/engines/dem/dem.hpp>
#include <carom/engines/impulse/impulse_stepped.hpp>

#include <catch2/catch.hpp>

#include "impulse_support.hpp"
#include "support.hpp"

namespace {

using impulse_test::at;  // (x, y) in the first two components, 0 in the rest

template <class T, std::size_t D>
carom::vec<T, D> filled(T value) {
  carom::vec<T, D> v{};
  for (std::size_t a = 0; a < D; ++a) v[a] = value;
  return v;
}

/// Axis 0 periodic, the others walled, side 4; one ball in the middle.
template <class T, std::size_t D>
struct half_periodic {
  carom::box<T, D> box{carom::vec<T, D>{}, filled<T, D>(T(4)), [] {
                         std::array<carom::boundary, D> kinds{};
                         kinds.fill(carom::boundary::wall);
                         kinds[0] = carom::boundary::periodic;
                         return kinds;
                       }()};
  carom::particles<T, D> ps = [] {
    carom::particles<T, D> p;
    p.add({.position = filled<T, D>(T(2)), .radius = T(0.1), .mass = T(1)});
    return p;
  }();
};

}  // namespace

TEMPLATE_LIST_TEST_CASE("a plane tilted along a periodic axis is rejected by every engine",
                        "[engines][errors]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const half_periodic<T, D> s;
  // 0.6² + 0.8² = 1 up to an ulp or two, well inside the unit-normal check.
  const std::vector<carom::plane<T, D>> tilted{{at<T, D>(T(0.6), T(0.8)), T(0)}};
  const std::vector<carom::plane<T, D>> floor{{at<T, D>(T(0), T(1)), T(0.5)}};
  // Catch2 v2 matchers hold references: spelled out at each use, not stored.
#define CAROM_NAMES_PLANE Catch::Contains("plane 0") && Catch::Contains("periodic axis 0")

  using ed = carom::event_driven<T, D>;
  CHECK_THROWS_WITH(ed(s.box, s.ps, {.planes = tilted}), CAROM_NAMES_PLANE);
  CHECK_NOTHROW(ed(s.box, s.ps, {.planes = floor}));

  using impulse = carom::impulse_stepped<T, D, carom::elastic>;
  CHECK_THROWS_WITH(impulse(s.box, s.ps, {.planes = tilted, .time_step = T(1e-3)}), CAROM_NAMES_PLANE);
  CHECK_NOTHROW(impulse(s.box, s.ps, {.planes = floor, .time_step = T(1e-3)}));

  using dem = carom::dem<T, D, carom::hertz<T>>;
  carom::dem_params<T, D, carom::hertz<T>> p{
      .pair_law = carom::hertz<T>::from_restitution(T(1e5), T(0.8)), .max_impact_speed = T(1)};
  p.planes = tilted;
  CHECK_THROWS_WITH(dem(s.box, s.ps, p), CAROM_NAMES_PLANE);
  p.planes = floor;
  CHECK_NOTHROW(dem(s.box, s.ps, p));
#undef CAROM_NAMES_PLANE
}

TEMPLATE_LIST_TEST_CASE("event_driven rejects a plane without a finite unit normal",
                        "[engines][event_driven][errors]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const auto box = carom::box<T, D>::cube(T(4), carom::boundary::wall);
  carom::particles<T, D> ps;
  ps.add({.position = filled<T, D>(T(2)), .radius = T(0.1), .mass = T(1)});
  using ed = carom::event_driven<T, D>;
  for (const auto n : {at<T, D>(T(0), T(2)), at<T, D>(T(0), carom::infinity<T>)})
    CHECK_THROWS_WITH(ed(box, ps, {.planes = {{n, T(0)}}}),
                      Catch::Contains("plane 0") && Catch::Contains("finite unit normal"));
}

// Found by tests/fuzz/engines.cpp: DEM accepted two equal centres and its
// contact normal d/|d| turned the whole state into NaN.
TEMPLATE_LIST_TEST_CASE("DEM rejects two particles with the same centre, naming them",
                        "[engines][dem][errors]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const half_periodic<T, D> s;
  auto ps = s.ps;
  ps.add({.position = filled<T, D>(T(1)), .radius = T(0.1), .mass = T(1)});
  ps.add({.position = filled<T, D>(T(2)), .radius = T(0.2), .mass = T(2)});  // on particle 0
  using dem = carom::dem<T, D, carom::hertz<T>>;
  const carom::dem_params<T, D, carom::hertz<T>> p{
      .pair_law = carom::hertz<T>::from_restitution(T(1e5), T(0.8)), .max_impact_speed = T(1)};
  CHECK_THROWS_WITH(dem(s.box, ps, p),
                    Catch::Contains("particles 0 and 2") && Catch::Contains("same centre"));
  ps = s.ps;
  // Equal once wrapped: x and x + L along the periodic axis 0.
  auto x = filled<T, D>(T(2));
  x[0] += T(4);
  ps.add({.position = x, .radius = T(0.1), .mass = T(1)});
  CHECK_THROWS_WITH(dem(s.box, ps, p), Catch::Contains("particles 0 and 1"));
}
