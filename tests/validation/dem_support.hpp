// SPDX-License-Identifier: MIT
#pragma once
// Helpers shared by the DEM validation tests.

#include <carom/core/vec.hpp>

#include <cstddef>

namespace dem_test {

/// (x, 0.05, 0.05): a point on the x line through the middle of a box of
/// 0.1 m (or a velocity of x along it and 0.05 across it).
template <class T, std::size_t D>
carom::vec<T, D> on_x_axis(T x) {
  carom::vec<T, D> v{};
  v[0] = x;
  for (std::size_t a = 1; a < D; ++a) v[a] = T(0.05);
  return v;
}

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
