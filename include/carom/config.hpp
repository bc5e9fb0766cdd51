// SPDX-License-Identifier: MIT
#pragma once
/// carom's only macros live here.

#include <cassert>

#define CAROM_VERSION_MAJOR 0
#define CAROM_VERSION_MINOR 1
#define CAROM_VERSION_PATCH 0

/// Debug-only check for hot paths: API boundaries throw instead
/// (docs/reliability.md).
#ifndef CAROM_ASSERT
#define CAROM_ASSERT(condition) assert(condition)
#endif

/// Forces inlining of a small function or lambda into a hot loop where the
/// compiler's heuristics would otherwise emit a call per iteration.
#if defined(__GNUC__) || defined(__clang__)
#define CAROM_ALWAYS_INLINE __attribute__((always_inline))
#else
#define CAROM_ALWAYS_INLINE
#endif
