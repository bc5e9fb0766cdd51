// SPDX-License-Identifier: MIT
#pragma once
// The check shared by the thread-count tests (tests/engines/*_threads.cpp).

#include <carom/core/error.hpp>

#include <catch2/catch.hpp>
#include <cstddef>
#include <string>

#include "checkpoint_support.hpp"

namespace carom_test {

/// Runs `steps` steps from start(threads) on 2, 3 and 4 threads, and from
/// start(1) switched to 2 threads halfway: each run must end with the
/// checkpoint `expected` of the 1-thread run, byte for byte (the whole
/// state a checkpoint holds). Without OpenMP every count runs on one
/// thread, and the check still holds.
template <class Start>
void check_every_thread_count(const Start& start, std::size_t steps, const std::string& expected) {
  for (const int threads : {2, 3, 4}) {
    INFO(threads << " threads");
    auto e = start(threads);
#if defined(_OPENMP)
    CHECK(e.threads() == threads);
#else
    CHECK(e.threads() == 1);
#endif
    e.run(steps);
    CHECK(checkpoint_bytes(e) == expected);
  }
  auto switched = start(1);
  switched.run(steps / 2);
  switched.set_threads(2);
  switched.run(steps - steps / 2);
  CHECK(checkpoint_bytes(switched) == expected);
  CHECK_THROWS_AS(switched.set_threads(-1), carom::invalid_input);
}

}  // namespace carom_test
