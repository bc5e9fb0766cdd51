// SPDX-License-Identifier: MIT
#include <carom/engines/event_driven/event_driven.hpp>
#include <carom/io/lammps_dump.hpp>
#include <carom/io/observers.hpp>
#include <carom/setup/initial_states.hpp>

#include <catch2/catch.hpp>
#include <chrono>
#include <sstream>
#include <string>
#include <vector>

#include "support.hpp"

namespace {

/// A clock that only moves when driven: records the times it was asked for.
struct fake_engine {
  double now = 0;
  std::uint64_t events_ = 0;
  std::vector<double> targets;
  void run_until(double t) {
    targets.push_back(t);
    events_ += 1000;
    now = t;
  }
  [[nodiscard]] double time() const { return now; }
  [[nodiscard]] std::uint64_t events() const { return events_; }
};

static_assert(carom::timed_engine<fake_engine>);
static_assert(!carom::snapshot_engine<fake_engine, double, 2>);
static_assert(carom::snapshot_engine<carom::event_driven<float, 3>, float, 3>);
static_assert(!carom::snapshot_engine<carom::event_driven<float, 3>, double, 3>);

}  // namespace

TEST_CASE("run_with_output: outputs at t0 + k dt and at t_end, in order", "[io][observers]") {
  fake_engine engine;
  engine.now = 1.0;
  std::vector<std::string> calls;
  const auto count = carom::run_with_output(
      engine, 2.0, 0.3, [&](fake_engine& e) { calls.push_back("a" + std::to_string(e.time())); },
      [&](fake_engine& e) { calls.push_back("b" + std::to_string(e.time())); });
  // 1.0, 1.3, 1.6, 1.9, then t_end = 2.0.
  CHECK(count == 5);
  REQUIRE(engine.targets.size() == 5);
  for (std::size_t k = 0; k < 4; ++k) CHECK(engine.targets[k] == 1.0 + double(k) * 0.3);
  CHECK(engine.targets.back() == 2.0);
  REQUIRE(calls.size() == 10);
  CHECK(calls[0] == "a1.000000");
  CHECK(calls[1] == "b1.000000");
  CHECK(calls[9] == "b2.000000");

  fake_engine exact;  // t_end a whole number of dt: no extra output
  CHECK(carom::run_with_output(exact, 1.0, 0.25, [](fake_engine&) {}) == 5);
  CHECK(exact.targets.back() == 1.0);

  CHECK_THROWS_AS(carom::run_with_output(exact, 2.0, 0.0, [](fake_engine&) {}), carom::invalid_input);
  CHECK_THROWS_WITH(carom::run_with_output(exact, 2.0, 0.0, [](fake_engine&) {}),
                    Catch::Contains("dt must be finite and > 0"));
  CHECK_THROWS_WITH(carom::run_with_output(exact, 0.5, 0.1, [](fake_engine&) {}),
                    Catch::Contains("t_end = 0.5") && Catch::Contains("engine's time 1"));
}

TEST_CASE("progress_printer: time, rate and ETA", "[io][observers]") {
  fake_engine engine;
  std::ostringstream out;
  carom::progress_printer progress(out, 4.0, std::chrono::seconds(0));
  carom::run_with_output(engine, 4.0, 1.0, progress);
  CHECK(progress.lines() == 4);  // the first call only starts the clock
  const std::string text = out.str();
  CHECK(text.find("t = 1 / 4 (25.0%)") != std::string::npos);
  CHECK(text.find("events/s") != std::string::npos);
  CHECK(text.find("ETA 0:00:00") != std::string::npos);
  CHECK(text.find("t = 4 / 4 (100.0%)") != std::string::npos);
  // The last line has no ETA; every line has the elapsed time.
  const std::string last = text.substr(text.rfind("t = "));
  CHECK(last.find("ETA") == std::string::npos);
  CHECK(last.find("elapsed 0:00:00") != std::string::npos);

  std::ostringstream quiet;  // a long interval: only the final line
  carom::progress_printer slow(quiet, 4.0, std::chrono::hours(1));
  fake_engine other;
  carom::run_with_output(other, 4.0, 1.0, slow);
  CHECK(slow.lines() == 1);
}

TEMPLATE_LIST_TEST_CASE("run_with_output drives the event-driven engine and a dump writer",
                        "[io][observers]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  auto scene = carom::lattice<T, D>(D == 3 ? 3 : 6, T(0.2), carom::boundary::periodic);
  carom::maxwell_boltzmann(scene.particles, T(1), carom_test::rng());
  carom::event_driven<T, D> engine(scene.container, scene.particles);
  std::stringstream dump;
  carom::lammps_dump_writer<T, D> writer(dump);
  std::vector<double> times;
  const auto count = carom::run_with_output(engine, 1.0, 0.25, writer,
                                            [&](auto& e) { times.push_back(double(e.time())); });
  CHECK(count == 5);
  CHECK(times == std::vector<double>{0, 0.25, 0.5, 0.75, 1.0});
  CHECK(engine.pair_collisions() > 0);
  for (std::int64_t k = 0; k < 5; ++k) {
    const auto frame = carom::read_lammps_dump<T, D>(dump);
    CHECK(frame.timestep == k);
    CHECK(*frame.time == times[std::size_t(k)]);
    CHECK(frame.particles.size() == scene.particles.size());
    if (k == 4) {  // the last frame is the engine's state, bit for bit
      const auto& state = engine.state();
      for (std::size_t i = 0; i < state.size(); ++i) {
        CHECK(frame.particles.positions()[i] == state.positions()[i]);
        CHECK(frame.particles.velocities()[i] == state.velocities()[i]);
        CHECK(frame.particles.angular_velocities()[i] == state.angular_velocities()[i]);
        CHECK(frame.particles.masses()[i] == state.masses()[i]);
      }
    }
  }
}
