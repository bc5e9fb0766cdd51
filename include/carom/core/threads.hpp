// SPDX-License-Identifier: MIT
#pragma once
/// The thread count of the threaded engine passes (docs/threads.md). With
/// OpenMP (-fopenmp, or the carom::openmp CMake target) a pass runs on
/// that many threads; without it, on the calling thread only, and
/// carom needs no OpenMP at all.

#include <algorithm>
#include <cstddef>

#if defined(_OPENMP)
#include <omp.h>
#endif

namespace carom::detail {

/// `requested` threads, or OpenMP's default for 0 (OMP_NUM_THREADS, else
/// the number of cores); always 1 without OpenMP.
[[nodiscard]] inline int thread_count(int requested) noexcept {
#if defined(_OPENMP)
  return requested > 0 ? requested : omp_get_max_threads();
#else
  (void)requested;
  return 1;
#endif
}

/// The calling thread's number in the innermost parallel region (0 outside
/// one, and always 0 without OpenMP).
[[nodiscard]] inline int thread_index() noexcept {
#if defined(_OPENMP)
  return omp_get_thread_num();
#else
  return 0;
#endif
}

/// The number of threads of the innermost parallel region (1 outside one,
/// and always 1 without OpenMP): a region may get fewer threads than it
/// asked for (e.g. nested in a user's parallel region).
[[nodiscard]] inline int team_size() noexcept {
#if defined(_OPENMP)
  return omp_get_num_threads();
#else
  return 1;
#endif
}

/// The threads an engine step runs on: `threads`, but no more than one
/// per 256 particles, below which a thread costs more in synchronisation
/// than it saves; at least 1.
[[nodiscard]] inline int step_threads(int threads, std::size_t particles) noexcept {
  constexpr std::size_t particles_per_thread = 256;
  return int(std::clamp<std::size_t>(particles / particles_per_thread, 1,
                                     std::size_t(std::max(threads, 1))));
}

/// Wall-clock seconds from some fixed point (0 without OpenMP): what a
/// threaded pass measures to share its work evenly.
[[nodiscard]] inline double wall_seconds() noexcept {
#if defined(_OPENMP)
  return omp_get_wtime();
#else
  return 0;
#endif
}

}  // namespace carom::detail
