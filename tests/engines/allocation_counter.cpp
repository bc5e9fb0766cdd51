// SPDX-License-Identifier: MIT
// The global operator new of the engines test executable counts its calls
// (tests/allocations.hpp).
#include "allocations.hpp"

#include <cstdlib>
#include <new>

namespace carom_test {
std::atomic<std::size_t> allocations{0};
}  // namespace carom_test

#if CAROM_TEST_COUNT_ALLOCATIONS
// g++ sees malloc/free behind new/delete once inlined: that is the point.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
// A replacement operator new/delete can only sit on malloc/free.
// NOLINTBEGIN(cppcoreguidelines-no-malloc,cppcoreguidelines-owning-memory)
void* operator new(std::size_t n) {
  ++carom_test::allocations;
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
// NOLINTEND(cppcoreguidelines-no-malloc,cppcoreguidelines-owning-memory)
#endif
