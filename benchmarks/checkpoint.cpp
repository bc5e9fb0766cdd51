// SPDX-License-Identifier: MIT
// Writing a checkpoint (docs/restart.md) of the settled DEM bed
// (dem_scene.hpp; N = 1e4 and 1e5, after its 15,000 settling steps), to a
// stream that discards it (the cost of encoding and checksumming) and to a
// file (save_checkpoint with its rename). Items are bytes
// written; the counter "of_100_steps%" is one save's time over the time of
// 100 steps of the same bed, measured beside it: what a checkpoint every
// 100 steps would add to a run.
//
//   taskset -c 1 build/release/benchmarks/bench_checkpoint
#include <benchmark/benchmark.h>

#include <carom/io/checkpoint.hpp>

#include <chrono>
#include <filesystem>
#include <memory>
#include <ostream>
#include <streambuf>

#include "dem_scene.hpp"

namespace {

using seconds = std::chrono::duration<double>;

/// Counts what is written to it and keeps none of it.
class counting_buffer : public std::streambuf {
 public:
  [[nodiscard]] std::size_t count() const noexcept { return count_; }

 protected:
  int_type overflow(int_type c) override {
    ++count_;
    return c;
  }
  std::streamsize xsputn(const char*, std::streamsize n) override {
    count_ += std::size_t(n);
    return n;
  }

 private:
  std::size_t count_ = 0;
};

using clock_type = std::chrono::steady_clock;

template <class T>
void checkpoint_write(benchmark::State& state) {
  const int nx = int(state.range(0)), ny = int(state.range(1)), nz = int(state.range(2));
  const bool to_file = state.range(3) != 0;
  auto e = std::make_unique<dem_scene::engine<T>>(dem_scene::settled<T>(nx, ny, nz));
  const auto before_steps = clock_type::now();
  e->run(100);
  const double steps_time = seconds(clock_type::now() - before_steps).count();
  const auto file = std::filesystem::temp_directory_path() / "carom_bench_checkpoint.ckpt";
  std::size_t bytes = 0;
  double save_time = 0;
  for (auto _ : state) {
    const auto start = clock_type::now();
    if (to_file) {
      carom::save_checkpoint(*e, file);
    } else {
      counting_buffer sink;
      std::ostream out(&sink);
      carom::save_checkpoint(*e, out);
      bytes = sink.count();
    }
    save_time += seconds(clock_type::now() - start).count();
  }
  if (to_file) {
    bytes = std::filesystem::file_size(file);
    std::filesystem::remove(file);
  }
  state.SetBytesProcessed(state.iterations() * std::int64_t(bytes));
  state.counters["of_100_steps%"] = 100 * save_time / double(state.iterations()) / steps_time;
}

}  // namespace

// Last argument: 0 discarded, 1 to a file.
BENCHMARK_TEMPLATE(checkpoint_write, double)
    ->Args({20, 20, 25, 0})->Args({20, 20, 25, 1})->Args({80, 50, 25, 0})->Args({80, 50, 25, 1})
    ->Unit(benchmark::kMillisecond);
