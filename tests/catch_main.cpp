// SPDX-License-Identifier: MIT
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include "support.hpp"

namespace {
// Each test case draws from carom_test::rng() as if it ran alone.
struct reseed_per_test_case : Catch::TestEventListenerBase {
  using TestEventListenerBase::TestEventListenerBase;
  void testCaseStarting(const Catch::TestCaseInfo& info) override {
    TestEventListenerBase::testCaseStarting(info);
    carom_test::rng().seed(carom_test::rng_seed);
  }
};
}  // namespace
CATCH_REGISTER_LISTENER(reseed_per_test_case)
