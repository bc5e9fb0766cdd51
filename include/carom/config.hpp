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

/// Keeps a function out of its callers: one compiled copy for all of them.
#if defined(__GNUC__) || defined(__clang__)
#define CAROM_NOINLINE __attribute__((noinline))
#else
#define CAROM_NOINLINE
#endif

/// An OpenMP directive, e.g. CAROM_OMP(parallel for num_threads(n)), when
/// the code is compiled with OpenMP (-fopenmp, or the carom::openmp CMake
/// target); nothing otherwise, so that a build without OpenMP sees no
/// unknown pragma.
#if defined(_OPENMP)
#define CAROM_PRAGMA(text) _Pragma(#text)
#define CAROM_OMP(directive) CAROM_PRAGMA(omp directive)
#else
#define CAROM_OMP(directive)
#endif
