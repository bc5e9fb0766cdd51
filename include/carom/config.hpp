// SPDX-License-Identifier: MIT
#pragma once
/// carom's only macros live here (STYLE habit 6).

#include <cassert>

#define CAROM_VERSION_MAJOR 0
#define CAROM_VERSION_MINOR 1
#define CAROM_VERSION_PATCH 0

/// Debug-only check for hot paths: API boundaries throw instead (SPEC §6).
#ifndef CAROM_ASSERT
#define CAROM_ASSERT(condition) assert(condition)
#endif
