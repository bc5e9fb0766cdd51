// SPDX-License-Identifier: MIT
#include <carom/engines/event_driven/event_driven.hpp>
#include <carom/setup/initial_states.hpp>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <type_traits>

#include "support.hpp"

using carom_test::eps;

namespace {

template <class T, std::size_t D, class Search>
using elastic_engine = carom::event_driven<T, D, carom::elastic, carom::event_policies<Search>>;

/// Largest overlap (σ_ij − d_ij) / σ_ij over all pairs, by brute force.
template <class T, std::size_t D>
T largest_overlap(const carom::box<T, D>& box, const carom::particles<T, D>& ps) {
  T worst = -1;
  for (std::size_t i = 0; i < ps.size(); ++i)
    for (std::size_t j = i + 1; j < ps.size(); ++j) {
      const T sigma = ps.radii()[i] + ps.radii()[j];
      const T d = carom::norm(box.minimum_image(ps.positions()[j] - ps.positions()[i]));
      worst = std::max(worst, (sigma - d) / sigma);
    }
  return worst;
}

/// A random periodic gas on a lattice (4 n³ spheres in 3D, n² disks in 2D).
template <class T, std::size_t D>
carom::lattice_result<T, D> gas(std::size_t n, T packing, carom::boundary kind) {
  auto scene = carom::lattice<T, D>(n, packing, kind);
  carom::maxwell_boltzmann(scene.particles, T(1), carom_test::rng());
  return scene;
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("Newton's cradle: only the far sphere leaves", "[engines][event_driven]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  using V = typename TestType::vector;
  constexpr std::size_t D = TestType::dim;
  auto run = [](auto engine_tag) {
    using engine = typename decltype(engine_tag)::type;
    const auto box = carom::box<T, D>::cube(T(20), carom::boundary::wall);
    carom::particles<T, D> ps;
    for (int k = 0; k < 5; ++k) {
      V x{};
      for (std::size_t a = 0; a < D; ++a) x[a] = T(10);
      x[0] = T(5 + k);  // touching: centres exactly σ = 1 apart
      V v{};
      if (k == 0) v[0] = T(1);
      ps.add({.position = x, .velocity = v, .radius = T(0.5), .mass = T(1)});
    }
    engine sim(box, ps);
    sim.run_until(2.0);
    const auto& state = sim.state();
    for (int k = 0; k < 4; ++k) CHECK(carom::norm(state.velocities()[k]) <= 4 * eps<T>);
    CHECK(state.velocities()[4][0] == Approx(1).epsilon(4 * eps<T>));
    CHECK(state.positions()[4][0] == Approx(T(9) + T(2)).epsilon(16 * eps<T>));
    CHECK(sim.pair_collisions() == 4);
  };
  run(std::type_identity<elastic_engine<T, D, carom::neighbour_lists>>{});
  run(std::type_identity<elastic_engine<T, D, carom::cell_lists>>{});
}

TEMPLATE_LIST_TEST_CASE("elastic runs conserve energy and momentum and never overlap",
                        "[engines][event_driven]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const std::size_t n = D == 3 ? 4 : 12;  // 256 / 144 particles
  for (const auto kind : {carom::boundary::periodic, carom::boundary::wall}) {
    auto [box, ps] = gas<T, D>(n, T(0.4), kind);
    elastic_engine<T, D, carom::neighbour_lists> sim(box, ps);
    const T k0 = sim.kinetic_energy();
    const auto p0 = sim.momentum();
    sim.run(100000);
    CHECK(sim.pair_collisions() == 100000);
    // Energy: each collision rounds at the level of ε; 10^5 of them random-walk.
    const T drift = std::abs(sim.kinetic_energy() / k0 - 1);
    CHECK(drift < (std::is_same_v<T, double> ? T(1e-12) : T(2e-4)));
    if (kind == carom::boundary::periodic) {
      CHECK(carom::norm(sim.momentum() - p0) <
            (std::is_same_v<T, double> ? T(1e-11) : T(1e-2)) * T(ps.size()));
    } else {
      CHECK(sim.wall_collisions() > 0);
      for (std::size_t i = 0; i < ps.size(); ++i)
        CHECK(box.contains(sim.state().positions()[i], ps.radii()[i] * (1 - 64 * eps<T>)));
    }
    CHECK(largest_overlap(box, sim.state()) <= 64 * eps<T>);
  }
}

TEMPLATE_LIST_TEST_CASE("cell lists and neighbour lists follow the same trajectory",
                        "[engines][event_driven]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  auto [box, ps] = gas<T, D>(D == 3 ? 3 : 10, T(0.3), carom::boundary::periodic);
  elastic_engine<T, D, carom::neighbour_lists> lists(box, ps);
  elastic_engine<T, D, carom::cell_lists> cells(box, ps);
  // Chaos amplifies round-off differences by roughly e^(λt), λ ≈ 10/τ here:
  // compare after 1 τ, where ε·e^10 ≈ 2e-12 (double) and 3e-3 (float).
  lists.run_until(1.0);
  cells.run_until(1.0);
  CHECK(lists.pair_collisions() == cells.pair_collisions());
  CHECK(lists.pair_collisions() > 50);
  const auto& a = lists.state();
  const auto& b = cells.state();
  T worst = 0;
  for (std::size_t i = 0; i < ps.size(); ++i)
    worst = std::max(worst, carom::norm(box.minimum_image(a.positions()[i] - b.positions()[i])));
  CHECK(worst < (std::is_same_v<T, double> ? T(1e-9) : T(3e-2)));
}

// A list holds 15 entries in its row and spills the rest: wide cages and
// many small particles beside a few large ones (σ_max sets the cages) make
// lists of 30 to 60 entries, which grow the spill rows. Taking the
// particles over (an rvalue) instead of copying them changes nothing.
TEMPLATE_LIST_TEST_CASE("long neighbour lists spill and follow the cell-list trajectory",
                        "[engines][event_driven]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  using V = typename TestType::vector;
  constexpr std::size_t D = TestType::dim;
  const T side = D == 3 ? T(7) : T(16);
  const auto box = carom::box<T, D>::cube(side, carom::boundary::periodic);
  carom::particles<T, D> ps;
  const std::size_t count = D == 3 ? 700 : 1000;
  while (ps.size() < count) {
    const T r = ps.size() < 20 ? T(0.5) : T(0.1);
    const V x = carom_test::random_vec<T, D>(T(0), side);
    bool free = true;
    for (std::size_t j = 0; j < ps.size() && free; ++j)
      free = carom::norm(box.minimum_image(ps.positions()[j] - x)) > (r + ps.radii()[j]) * T(1.01);
    if (free)
      ps.add({.position = x, .velocity = carom_test::random_vec<T, D>(-1, 1), .radius = r,
              .mass = r * r * r});
  }
  using lists_engine = elastic_engine<T, D, carom::neighbour_lists>;
  const typename lists_engine::params wide{.search = {.cage_half_width = 0.5}};
  lists_engine lists(box, ps, wide);
  lists_engine moved(box, carom::particles<T, D>(ps), wide);
  elastic_engine<T, D, carom::cell_lists> cells(box, ps);
  const double until = D == 3 ? 2.0 : 0.5;  // 2D is denser: chaos grows faster
  for (auto* sim : {&lists, &moved}) sim->run_until(until);
  cells.run_until(until);
  CHECK(lists.pair_collisions() == moved.pair_collisions());
  CHECK(lists.events() == moved.events());
  CHECK(lists.pair_collisions() == cells.pair_collisions());
  CHECK(lists.pair_collisions() > 200);
  const auto& a = lists.state();
  const auto& b = cells.state();
  const auto& c = moved.state();
  T worst = 0;
  for (std::size_t i = 0; i < ps.size(); ++i) {
    CHECK(a.positions()[i] == c.positions()[i]);
    worst = std::max(worst, carom::norm(box.minimum_image(a.positions()[i] - b.positions()[i])));
  }
  CHECK(worst < (std::is_same_v<T, double> ? T(1e-9) : T(3e-2)));
  CHECK(largest_overlap(box, a) <= 64 * eps<T>);
}

// The queue is chosen like the search: by its template in event_policies,
// with its options in event_driven_params::queue. Every queue pops the
// earliest event; only exact ties (a pair scheduled from both sides) may go
// in another order, which changes the last bits: compared as cell lists are.
TEMPLATE_LIST_TEST_CASE("every queue policy and option follows the same trajectory",
                        "[engines][event_driven]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  using heap_engine = carom::event_driven<T, D, carom::elastic,
                                          carom::event_policies<carom::neighbour_lists,
                                                                carom::binary_heap_queue>>;
  auto [box, ps] = gas<T, D>(D == 3 ? 3 : 10, T(0.3), carom::boundary::periodic);
  carom::event_driven<T, D> buckets(box, ps);
  carom::event_driven<T, D> few_wide_buckets(
      box, ps, {.queue = {.buckets_per_particle = 0.05, .span = 20}});
  heap_engine heap(box, ps);
  for (auto* sim : {&buckets, &few_wide_buckets}) sim->run_until(1.0);
  heap.run_until(1.0);
  CHECK(buckets.pair_collisions() == few_wide_buckets.pair_collisions());
  CHECK(buckets.pair_collisions() == heap.pair_collisions());
  CHECK(buckets.pair_collisions() > 50);
  const auto& a = buckets.state();
  const auto& b = few_wide_buckets.state();
  const auto& c = heap.state();
  T worst = 0;
  for (std::size_t i = 0; i < ps.size(); ++i)
    for (const auto* other : {&b, &c})
      worst = std::max(worst,
                       carom::norm(box.minimum_image(a.positions()[i] - other->positions()[i])));
  CHECK(worst < (std::is_same_v<T, double> ? T(1e-9) : T(3e-2)));
  using default_engine = carom::event_driven<T, D>;
  CHECK_THROWS_WITH(default_engine(box, ps, {.queue = {.buckets_per_particle = 0}}),
                    Catch::Contains("buckets_per_particle"));
}

TEMPLATE_LIST_TEST_CASE("gravity: parabolic flights conserve kinetic plus potential energy",
                        "[engines][event_driven]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  using V = typename TestType::vector;
  constexpr std::size_t D = TestType::dim;
  auto [box, ps] = gas<T, D>(D == 3 ? 3 : 8, T(0.2), carom::boundary::wall);
  V g{};
  g[D - 1] = T(-0.5);
  elastic_engine<T, D, carom::neighbour_lists> sim(box, ps, {.gravity = g});
  auto energy = [&] {
    const auto& s = sim.state();
    T potential = 0;
    for (std::size_t i = 0; i < s.size(); ++i) potential -= s.masses()[i] * carom::dot(g, s.positions()[i]);
    return sim.kinetic_energy() + potential;
  };
  const T e0 = energy();
  sim.run(20000);
  CHECK(sim.wall_collisions() > 100);
  CHECK(std::abs(energy() / e0 - 1) < (std::is_same_v<T, double> ? T(1e-10) : T(1e-3)));
  CHECK(largest_overlap(box, sim.state()) <= 64 * eps<T>);
  const auto& s = sim.state();
  for (std::size_t i = 0; i < s.size(); ++i)
    CHECK(box.contains(s.positions()[i], s.radii()[i] * (1 - 64 * eps<T>)));
}

TEMPLATE_LIST_TEST_CASE("polydisperse mixtures and extra planes", "[engines][event_driven]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  using V = typename TestType::vector;
  constexpr std::size_t D = TestType::dim;
  // A wedge: the box plus a tilted plane cutting off one corner.
  const auto box = carom::box<T, D>::cube(T(12), carom::boundary::wall);
  V n{};
  n[0] = T(1);
  n[1] = T(1);
  V corner{};
  corner[0] = T(3);
  const auto wedge = carom::plane<T, D>::through(corner, n);
  carom::particles<T, D> ps;
  for (int k = 0; k < 60; ++k) {
    V x{};
    for (std::size_t a = 0; a < D; ++a) x[a] = T(2 + (k * (a + 3)) % 9) + T(0.5) * T(a == 0);
    x[0] = T(4 + (k % 7));
    x[1] = T(3 + (k / 7) % 9);
    if (D == 3) x[D - 1] = T(2 + 2 * (k % 4));
    const T r = k % 3 == 0 ? T(0.45) : T(0.25);
    ps.add({.position = x, .velocity = carom_test::random_vec<T, D>(-1, 1), .radius = r,
            .mass = r * r * r});
  }
  elastic_engine<T, D, carom::neighbour_lists> sim(box, ps, {.planes = {wedge}});
  const T k0 = sim.kinetic_energy();
  std::size_t wedge_hits = 0;
  sim.run(20000, [&](const carom::collision_record<T, D>& r) {
    if (r.kind == carom::partner_kind::wall && r.partner == 2 * D) ++wedge_hits;
  });
  CHECK(wedge_hits > 0);
  CHECK(std::abs(sim.kinetic_energy() / k0 - 1) < (std::is_same_v<T, double> ? T(1e-11) : T(1e-3)));
  const auto& s = sim.state();
  CHECK(largest_overlap(box, s) <= 64 * eps<T>);
  for (std::size_t i = 0; i < s.size(); ++i)
    CHECK(wedge.signed_distance(s.positions()[i]) >= s.radii()[i] * (1 - 64 * eps<T>));
}

TEMPLATE_LIST_TEST_CASE("the observer sees every collision with its impulse",
                        "[engines][event_driven]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  using V = typename TestType::vector;
  constexpr std::size_t D = TestType::dim;
  auto [box, ps] = gas<T, D>(D == 3 ? 3 : 8, T(0.3), carom::boundary::wall);
  elastic_engine<T, D, carom::neighbour_lists> sim(box, ps);
  std::uint64_t pairs = 0, walls = 0;
  V wall_momentum{};
  T last_time = 0;
  bool ordered = true;
  sim.run_until(5.0, [&](const carom::collision_record<T, D>& r) {
    ordered = ordered && r.time >= last_time;
    last_time = r.time;
    CHECK(r.impulse >= T(0));
    CHECK(carom::norm(r.normal) == Approx(1).epsilon(8 * eps<T>));
    if (r.kind == carom::partner_kind::particle) ++pairs;
    else {
      ++walls;
      wall_momentum += r.impulse * r.normal;  // momentum the walls received
    }
  });
  CHECK(ordered);
  CHECK(pairs == sim.pair_collisions());
  CHECK(walls == sim.wall_collisions());
  CHECK(sim.time() == Approx(5.0));
  // Momentum balance: what the particles gained, the walls lost.
  const V gained = sim.momentum() - ps.momentum();
  CHECK(carom::norm(gained + wall_momentum) <= T(1e-3) * carom::norm(wall_momentum) + T(1e-4));
}

TEMPLATE_LIST_TEST_CASE("bad initial states are rejected, naming the particle or pair",
                        "[engines][event_driven][errors]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  using V = typename TestType::vector;
  constexpr std::size_t D = TestType::dim;
  using engine = elastic_engine<T, D, carom::neighbour_lists>;
  const auto box = carom::box<T, D>::cube(T(10), carom::boundary::wall);
  carom::particles<T, D> none;
  CHECK_THROWS_AS(engine(box, none), carom::invalid_input);

  carom::particles<T, D> overlapping;
  V x{};
  for (std::size_t a = 0; a < D; ++a) x[a] = T(5);
  overlapping.add({.position = x, .radius = T(0.5), .mass = T(1)});
  x[0] = T(2);
  overlapping.add({.position = x, .radius = T(0.5), .mass = T(1)});
  x[0] = T(5.9);
  x[1] = T(5.1);
  overlapping.add({.position = x, .radius = T(0.5), .mass = T(1)});
  CHECK_THROWS_WITH(engine(box, overlapping), Catch::Contains("particles 0 and 2") && Catch::Contains("overlap"));

  carom::particles<T, D> outside;
  x[0] = T(0.3);
  outside.add({.position = x, .radius = T(0.5), .mass = T(1)});
  CHECK_THROWS_WITH(engine(box, outside), Catch::Contains("particle 0") && Catch::Contains("outside"));

  carom::particles<T, D> fine;
  x[0] = T(5);
  fine.add({.position = x, .radius = T(0.5), .mass = T(1)});
  V g{};
  g[0] = std::numeric_limits<T>::quiet_NaN();
  CHECK_THROWS_AS(engine(box, fine, {.gravity = g}), carom::invalid_input);
  CHECK_THROWS_AS(engine(box, fine, {.collapse_guard_time = T(-1)}), carom::invalid_input);
  CHECK_THROWS_AS(engine(box, fine, {.search = {.cage_half_width = 0.6}}), carom::invalid_input);
  const auto tiny = carom::box<T, D>::cube(T(2), carom::boundary::periodic);
  CHECK_THROWS_WITH(engine(tiny, fine), Catch::Contains("periodic axis"));
}

TEMPLATE_LIST_TEST_CASE("inelastic collapse guard keeps a dense inelastic gas running",
                        "[engines][event_driven]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  using engine = carom::event_driven<T, D, carom::constant_restitution<T>>;
  // Its own generator: the overlap bound below is checked for these runs,
  // whatever tests ran before.
  auto [box, ps] = carom::lattice<T, D>(D == 3 ? 3 : 8, T(0.45), carom::boundary::periodic);
  std::mt19937_64 generator(20261202);
  carom::maxwell_boltzmann(ps, T(1), generator);
  engine sim(box, ps, {.resolver = carom::constant_restitution<T>(T(0.3)), .collapse_guard_time = T(1e-4)});
  const T k0 = sim.kinetic_energy();
  // 2 x 10^4 collisions cool the gas well below half its energy. Much
  // further, a float gas (64 disks in 2D) cools so far that its clock, near
  // t ~ 1e12, can no longer resolve the gaps between events: the run then
  // crawls through millions of cell crossings per collision.
  sim.run(20000);
  const T k1 = sim.kinetic_energy();
  CHECK(k1 < k0 * T(0.5));  // it cools …
  CHECK(k1 > T(0));         // … without collapsing to a halt
  CHECK(std::isfinite(double(sim.time())));
  CHECK(largest_overlap(box, sim.state()) <= 64 * eps<T>);
}

// Found by tests/fuzz/engines.cpp: with one particle no pair collision can
// ever happen, and run(n) used to loop for ever on cell
// crossings (periodic) or wall bounces (walled).
TEMPLATE_LIST_TEST_CASE("run(count) with a single particle is rejected, not an endless loop",
                        "[engines][event_driven][errors]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  using V = typename TestType::vector;
  constexpr std::size_t D = TestType::dim;
  for (const auto kind : {carom::boundary::periodic, carom::boundary::wall}) {
    const auto box = carom::box<T, D>::cube(T(10), kind);
    carom::particles<T, D> one;
    V x{}, v{};
    for (std::size_t a = 0; a < D; ++a) x[a] = T(5);
    v[0] = T(1);
    one.add({.position = x, .velocity = v, .radius = T(0.5), .mass = T(1)});
    carom::event_driven<T, D> sim(box, one);
    CHECK_THROWS_WITH(sim.run(1), Catch::Contains("event_driven::run") &&
                                      Catch::Contains("single particle"));
    CHECK(sim.events() == 0);
    sim.run(0);  // nothing asked: nothing to refuse
    sim.run_until(100.0);   // bounded by time: fine
    CHECK(sim.events() > 0);
  }
}

// One ball with e = 0.9 bouncing on a floor makes infinitely many
// collisions before t = 2 v0 / (g (1 - e)) (inelastic collapse): without a
// guard run_until never returned. Such an engine is refused; with a guard
// the ball comes to rest on the floor and time moves on.
TEMPLATE_LIST_TEST_CASE("an inelastic run under gravity needs a collapse guard",
                        "[engines][event_driven][errors]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  using V = typename TestType::vector;
  constexpr std::size_t D = TestType::dim;
  using engine = carom::event_driven<T, D, carom::constant_restitution<T>>;
  const auto box = carom::box<T, D>::cube(T(10), carom::boundary::wall);
  carom::particles<T, D> ball;
  V x{}, g{};
  for (std::size_t a = 0; a < D; ++a) x[a] = T(5);
  g[1] = T(-1);
  ball.add({.position = x, .radius = T(0.5), .mass = T(1)});
  const carom::constant_restitution<T> bouncy(T(0.9));
  CHECK_THROWS_WITH(engine(box, ball, {.gravity = g, .resolver = bouncy}),
                    Catch::Contains("collapse_guard_time") && Catch::Contains("gravity"));
  // Elastic, or no gravity: nothing to guard against.
  CHECK_NOTHROW(engine(box, ball, {.gravity = g, .resolver = carom::constant_restitution<T>(T(1))}));
  CHECK_NOTHROW(engine(box, ball, {.resolver = bouncy}));

  engine sim(box, ball, {.gravity = g, .resolver = bouncy, .collapse_guard_time = T(1e-3)});
  // Unguarded, the collapse would come at t = 3 + 2·3·0.9/0.1 ≈ 57.
  sim.run_until(56.0);
  CHECK(double(sim.time()) == Approx(56.0));
  if constexpr (std::is_same_v<T, double>) {
    // Past the collapse the ball rests on the floor, hopping elastically
    // about once per guard time. (In float the hop falls below the
    // resolution of the position and a resting ball stalls: the event-driven
    // engine has no resting contacts; docs/event-driven.md.)
    sim.run_until(100.0);
    CHECK(double(sim.time()) == Approx(100.0));
    CHECK(double(sim.state().positions()[0][1]) == Approx(0.5).margin(1e-3));
    CHECK(double(sim.kinetic_energy()) < 1e-3);
  }
}
