// SPDX-License-Identifier: MIT
#pragma once
// A checkpoint in memory: what the restart and thread-count tests compare
// byte for byte.

#include <carom/io/checkpoint.hpp>

#include <sstream>
#include <string>

namespace carom_test {

/// The engine's checkpoint, as the bytes save_checkpoint writes.
template <class Engine>
[[nodiscard]] std::string checkpoint_bytes(const Engine& e) {
  std::ostringstream out;
  carom::save_checkpoint(e, out);
  return out.str();
}

/// Loads a checkpoint made by checkpoint_bytes() into e.
template <class Engine>
void load_checkpoint_bytes(Engine& e, const std::string& bytes) {
  std::istringstream in(bytes);
  carom::load_checkpoint(e, in);
}

}  // namespace carom_test
