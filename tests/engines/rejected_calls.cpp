// SPDX-License-Identifier: MIT
// A rejected call loses no state and updates nothing by half
// (docs/reliability.md). Every mutator of the three engines that can refuse
// its argument is called with a bad one on a running engine; its whole
// observable state (positions, velocities, angular velocities, forces,
// clocks, counters) is compared bit for bit before and after. Also a
// rejection tests/fuzz/engines.cpp found missing (the others are in
// bad_input.cpp).

#include <carom/carom.hpp>

#include <catch2/catch.hpp>
#include <cstddef>
#include <cstring>
#include <limits>
#include <span>
#include <vector>

#include "impulse_support.hpp"
#include "support.hpp"

namespace {

using impulse_test::at;  // (x, y) in the first two components, 0 in the rest

/// Appends the bytes of spans and values: a snapshot to compare bit for bit.
class snapshot {
 public:
  template <class V, std::size_t N>
  snapshot& add(std::span<V, N> values) {
    const auto raw = std::as_bytes(values);
    bytes_.insert(bytes_.end(), raw.begin(), raw.end());
    return *this;
  }
  template <class V>
  snapshot& value(const V& v) {
    return add(std::span<const V, 1>(&v, 1));
  }
  bool operator==(const snapshot&) const = default;

 private:
  std::vector<std::byte> bytes_;
};

/// (x, y), and 2 (mid-box) in the third component.
template <class T, std::size_t D>
carom::vec<T, D> point(T x, T y) {
  carom::vec<T, D> v{};
  for (std::size_t a = 0; a < D; ++a) v[a] = T(2);
  v[0] = x;
  v[1] = y;
  return v;
}

/// Three spheres of radius 0.25 in a walled cube of side 4, moving.
template <class T, std::size_t D>
carom::particles<T, D> three() {
  carom::particles<T, D> ps;
  ps.add({.position = point<T, D>(T(1), T(1)), .velocity = at<T, D>(T(1), T(0.5)),
          .radius = T(0.25), .mass = T(1)});
  ps.add({.position = point<T, D>(T(2), T(1.2)), .velocity = at<T, D>(T(-1), T(0)),
          .radius = T(0.25), .mass = T(2)});
  ps.add({.position = point<T, D>(T(3), T(3)), .velocity = at<T, D>(T(0.3), T(-1)),
          .radius = T(0.25), .mass = T(0.5)});
  return ps;
}

template <class T>
constexpr T not_a_number = std::numeric_limits<T>::quiet_NaN();

}  // namespace

TEMPLATE_LIST_TEST_CASE("rejected calls change no bit of an engine's state",
                        "[engines][errors]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const auto box = carom::box<T, D>::cube(T(4), carom::boundary::wall);
  const auto ps = three<T, D>();

  SECTION("impulse mode: set_time_step") {
    carom::impulse_stepped<T, D, carom::elastic> sim(box, ps, {.time_step = T(0.01)});
    sim.run(50);
    auto state = [&] {
      return snapshot{}.add(sim.positions()).add(sim.velocities()).value(sim.time()).value(sim.steps())
          .value(sim.time_step()).value(sim.pair_collisions()).value(sim.wall_collisions());
    };
    const snapshot before = state();
    for (const T bad : {T(0), not_a_number<T>, carom::infinity<T>, -carom::infinity<T>})
      CHECK_THROWS_WITH(sim.set_time_step(bad), Catch::Contains("time_step"));
    CHECK(state() == before);
    sim.run(10);  // and it still runs
    CHECK(sim.steps() == 60);
  }

  SECTION("impulse mode: set_velocity") {
    carom::impulse_stepped<T, D, carom::elastic> sim(box, ps, {.gravity = at<T, D>(T(0), T(-1)),
                                                               .time_step = T(0.01)});
    sim.run(50);
    auto state = [&] {
      return snapshot{}.add(sim.positions()).add(sim.velocities()).value(sim.time())
          .value(sim.steps()).value(sim.kinetic_energy());
    };
    const snapshot before = state();
    CHECK_THROWS_WITH(sim.set_velocity(3, at<T, D>(T(1))),
                      Catch::Contains("set_velocity") && Catch::Contains("particle 3"));
    CHECK_THROWS_WITH(sim.set_velocity(1, at<T, D>(T(1), not_a_number<T>)),
                      Catch::Contains("set_velocity") && Catch::Contains("not finite"));
    CHECK(state() == before);
  }

  SECTION("DEM: fix and lock_rotation") {
    using law = carom::hertz<T>;
    carom::dem<T, D, law> sim(
        box, ps, {.pair_law = law::from_restitution(T(1e6), T(0.8)), .max_impact_speed = T(2)});
    sim.run(100);
    auto state = [&] {
      return snapshot{}.add(sim.positions()).add(sim.velocities()).add(sim.angular_velocities())
          .add(sim.forces()).add(sim.masses()).value(sim.steps());
    };
    const snapshot before = state();
    CHECK_THROWS_WITH(sim.fix(3), Catch::Contains("fix") && Catch::Contains("particle 3"));
    CHECK_THROWS_WITH(sim.lock_rotation(99), Catch::Contains("lock_rotation") && Catch::Contains("particle 99"));
    CHECK(state() == before);
  }

  SECTION("event-driven: run_collisions on a single particle") {
    carom::particles<T, D> one;
    one.add({.position = ps.positions()[0], .velocity = ps.velocities()[0], .radius = T(0.25), .mass = T(1)});
    carom::event_driven<T, D> sim(box, one);
    sim.run_until(3.0);
    auto state = [&] {
      const auto& p = sim.state();
      return snapshot{}.add(p.positions()).add(p.velocities()).value(sim.time()).value(sim.events())
          .value(sim.wall_collisions());
    };
    const snapshot before = state();
    CHECK_THROWS_WITH(sim.run(5), Catch::Contains("single particle"));
    CHECK(state() == before);
  }

  SECTION("particles::add") {
    auto storage = ps;
    auto state = [&] {
      return snapshot{}.add(storage.positions()).add(storage.velocities()).add(storage.radii())
          .add(storage.masses()).add(storage.ids()).value(storage.size());
    };
    const snapshot before = state();
    carom::particle_params<T, D> bad{.position = point<T, D>(T(1), T(3)), .radius = T(0.1), .mass = T(1)};
    bad.mass = T(-1);
    CHECK_THROWS_WITH(storage.add(bad), Catch::Contains("particle 3") && Catch::Contains("mass"));
    bad.mass = T(1);
    bad.velocity[0] = not_a_number<T>;
    CHECK_THROWS_WITH(storage.add(bad), Catch::Contains("particle 3") && Catch::Contains("velocity"));
    CHECK(state() == before);
  }
}

// Found by tests/fuzz/engines.cpp: in impulse mode a sphere squeezed
// between the floor and a plane closer than its diameter bounced between
// them at time 0 for ever. Spheres must now start inside every wall.
TEMPLATE_LIST_TEST_CASE("impulse mode rejects a sphere overlapping a wall",
                        "[engines][errors]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const auto box = carom::box<T, D>::cube(T(4), carom::boundary::wall);
  carom::particles<T, D> squeezed;
  squeezed.add({.position = point<T, D>(T(2), T(0.3)), .velocity = at<T, D>(T(0), T(-10)),
                .radius = T(0.5), .mass = T(1)});
  carom::vec<T, D> down{};
  down[1] = T(-1);
  const auto ceiling = std::vector{carom::plane<T, D>::through(point<T, D>(T(2), T(0.55)), down)};
  using engine = carom::impulse_stepped<T, D, carom::constant_restitution<T>>;
  const carom::constant_restitution<T> e(T(0.9));
  CHECK_THROWS_WITH(engine(box, squeezed, {.resolver = e, .planes = ceiling, .time_step = T(0.01)}),
                    Catch::Contains("particle 0") && Catch::Contains("is outside wall"));
  CHECK_THROWS_WITH(engine(box, squeezed, {.resolver = e, .time_step = T(0.01)}),
                    Catch::Contains("outside wall 2"));  // the floor: axis 1, lower face
}
