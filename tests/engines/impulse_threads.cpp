// SPDX-License-Identifier: MIT
// carom::impulse_stepped on several threads (docs/threads.md): the
// trajectory is the same bit for bit for every thread count. Built without
// OpenMP, every count runs on one thread and the test still holds.
#include <carom/engines/impulse/impulse_stepped.hpp>

#include <catch2/catch.hpp>
#include <string>

#include "checkpoint_support.hpp"
#include "impulse_support.hpp"
#include "support.hpp"
#include "threads_support.hpp"

TEMPLATE_LIST_TEST_CASE("impulse mode: 1, 2, 3 and 4 threads give the same trajectory bit for bit",
                        "[impulse][threads]", carom_test::all_configs) {
  // An inelastic gas (e = 0.8) falling in a walled box: pair and wall
  // collisions, chains within a step, particles coming to rest on the floor.
  // Enough particles for 4 threads (at least 256 each).
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  using resolver = carom::constant_restitution<T>;
  using engine = carom::impulse_stepped<T, D, resolver>;
  const auto gas = impulse_test::gas<T, D>(D == 3 ? 7 : 33, T(0.3), carom::boundary::wall);
  const auto make = [&](int threads) {
    carom::vec<T, D> g{};
    g[D - 1] = T(-1);
    return engine(
        gas.container, gas.particles,
        {.resolver = resolver(T(0.8)), .gravity = g, .time_step = T(0.05), .threads = threads});
  };
  auto reference = make(1);
  reference.run(60);
  INFO(reference.pair_collisions()
       << " pair and " << reference.wall_collisions() << " wall collisions");
  REQUIRE(reference.pair_collisions() > 3 * reference.size());
  REQUIRE(reference.wall_collisions() > reference.size() / 10);
  const std::string expected = carom_test::checkpoint_bytes(reference);
  carom_test::check_every_thread_count(make, 60, expected);
}
