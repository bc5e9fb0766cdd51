// SPDX-License-Identifier: MIT
#pragma once
// Counting global allocation, for the "no allocation once warm" tests of the
// engines test executable (tests/engines/allocation_counter.cpp replaces
// operator new there). Off under AddressSanitizer and ThreadSanitizer,
// whose runtimes own operator new/delete: CAROM_TEST_COUNT_ALLOCATIONS is
// then 0.

#include <atomic>
#include <cstddef>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define CAROM_TEST_COUNT_ALLOCATIONS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define CAROM_TEST_COUNT_ALLOCATIONS 0
#endif
#endif
#ifndef CAROM_TEST_COUNT_ALLOCATIONS
#define CAROM_TEST_COUNT_ALLOCATIONS 1
#endif

namespace carom_test {
/// Calls of the global operator new so far.
extern std::atomic<std::size_t> allocations;
}  // namespace carom_test
