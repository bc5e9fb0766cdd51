// SPDX-License-Identifier: MIT
// Every writer and the progress printer driven by run_with_output on each
// of the three engines: they share one interface (carom::engine), so the
// same output code serves all of them.
#include <carom/carom.hpp>
#include <carom/io.hpp>

#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>
#include <string>

#include "support.hpp"

namespace {

template <class T, std::size_t D>
carom::lattice_result<T, D> gas(carom::boundary kind) {
  auto scene = carom::lattice<T, D>(D == 3 ? 2 : 4, T(0.2), kind);
  carom::maxwell_boltzmann(scene.particles, T(1), carom_test::rng());
  return scene;
}

template <class T, std::size_t D>
carom::vec<T, D> downwards() {
  carom::vec<T, D> g{};
  g[1] = T(-1);
  return g;
}

// Runs every output on `engine` from its time to t_end in steps of 0.25 and
// checks what each recorded.
template <class Engine>
void drive_every_output(Engine& engine, double t_end, const std::string& name) {
  using T = typename Engine::scalar_type;
  constexpr std::size_t D = Engine::space_dimension;
  static_assert(carom::engine<Engine>);
  std::stringstream dump, progress_text;
  carom::lammps_dump_writer<T, D> dump_writer(dump);
  const auto folder = std::filesystem::temp_directory_path() / ("carom_every_engine_" + name);
  std::filesystem::create_directories(folder);
  carom::vtk_series<T, D> series(folder / "run");
  carom::progress_printer progress(progress_text, t_end, std::chrono::seconds(0));
  std::size_t frames_seen = 0;
  auto count_frame = [&](Engine& e) {
    ++frames_seen;
    CHECK(e.state().size() == e.state().positions().size());
  };
  std::size_t count = 0;
  if constexpr (D == 2) {
    carom::html_viewer<T> viewer(engine.container());
    count = carom::run_with_output(engine, t_end, 0.25, dump_writer, series, progress, viewer,
                                   count_frame);
    CHECK(viewer.frames() == count);
  } else {
    count = carom::run_with_output(engine, t_end, 0.25, dump_writer, series, progress, count_frame);
  }
  CHECK(count == 5);
  CHECK(frames_seen == count);
  CHECK(dump_writer.frames() == count);
  CHECK(series.frames() == count);
  CHECK(std::filesystem::exists(series.collection_path()));
  CHECK(progress.lines() >= 1);
  CHECK(progress_text.str().find("t = ") != std::string::npos);

  // The last dump frame is the engine's state, bit for bit.
  carom::lammps_frame<T, D> last;
  for (std::size_t k = 0; k < count; ++k) last = carom::read_lammps_dump<T, D>(dump);
  const auto& state = engine.state();
  REQUIRE(last.particles.size() == state.size());
  CHECK(*last.time == double(engine.time()));
  for (std::size_t i = 0; i < state.size(); ++i) {
    CHECK(last.particles.positions()[i] == state.positions()[i]);
    CHECK(last.particles.velocities()[i] == state.velocities()[i]);
    CHECK(last.particles.radii()[i] == state.radii()[i]);
  }
  std::filesystem::remove_all(folder);
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("every output drives the event-driven engine", "[io][engines]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  auto scene = gas<T, D>(carom::boundary::periodic);
  carom::event_driven<T, D> engine(scene.container, scene.particles);
  drive_every_output(engine, 1.0, "event_driven_" + std::to_string(D) + "d_" + std::to_string(sizeof(T)));
  CHECK(engine.pair_collisions() > 0);
}

TEMPLATE_LIST_TEST_CASE("every output drives the DEM engine", "[io][engines]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  auto scene = gas<T, D>(carom::boundary::wall);
  using law = carom::hertz<T>;
  carom::dem<T, D, law> engine(scene.container, scene.particles,
                               {.pair_law = law::from_restitution(T(1e4), T(0.8)),
                                .gravity = downwards<T, D>(),
                                .max_impact_speed = T(4),
                                .steps_per_contact = 50});
  drive_every_output(engine, 1.0, "dem_" + std::to_string(D) + "d_" + std::to_string(sizeof(T)));
  CHECK(std::abs(engine.time() - 1.0) <= 0.5 * double(engine.time_step()));
  CHECK(engine.steps() > 0);
}

TEMPLATE_LIST_TEST_CASE("every output drives the impulse engine", "[io][engines]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  auto scene = gas<T, D>(carom::boundary::periodic);
  carom::impulse_stepped<T, D> engine(scene.container, scene.particles, {.time_step = T(0.01)});
  drive_every_output(engine, 1.0,
                     "impulse_" + std::to_string(D) + "d_" + std::to_string(sizeof(T)));
  CHECK(engine.pair_collisions() > 0);
}
