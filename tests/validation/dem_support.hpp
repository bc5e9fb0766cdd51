// SPDX-License-Identifier: MIT
#pragma once
// Helpers shared by the DEM validation tests.

namespace dem_test {

/// Steps the engine through one impact: until a contact has begun and
/// ended, or max_steps. Returns whether a contact happened.
template <class Engine>
bool run_through_impact(Engine& engine, int max_steps) {
  bool touched = false;
  for (int s = 0; s < max_steps; ++s) {
    engine.step();
    if (engine.contact_count() > 0) touched = true;
    else if (touched) break;
  }
  return touched;
}

}  // namespace dem_test
