// SPDX-License-Identifier: MIT
#pragma once
/// Reordering per-particle arrays in place: at 10^6 particles a copy of the
/// largest arrays would raise the peak memory of a renumbering by tens of
/// megabytes.

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace carom::detail {

/// values[k] = old values[order[k]] for every k, following the cycles of
/// the permutation `order` with one element of scratch (and one bit per
/// element to mark the cycles done). An empty `values` is left as it is.
template <class Value>
void permute_in_place(std::span<Value> values, const std::vector<std::uint32_t>& order) {
  if (values.empty()) return;
  std::vector<bool> done(order.size(), false);
  for (std::size_t start = 0; start < order.size(); ++start) {
    if (done[start]) continue;
    Value first = std::move(values[start]);
    std::size_t k = start;
    for (;;) {
      done[k] = true;
      const std::size_t from = order[k];
      if (from == start) break;
      values[k] = std::move(values[from]);
      k = from;
    }
    values[k] = std::move(first);
  }
}

}  // namespace carom::detail
