// SPDX-License-Identifier: MIT
#pragma once
/// Errors at API boundaries (docs/reliability.md): every rejection is a
/// carom::invalid_input (a std::invalid_argument) whose message names the
/// function, the parameter or particle, and the offending value.

#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

namespace carom {

/// Thrown for bad input at an API boundary; no state was changed.
class invalid_input : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

namespace detail {

/// Throws carom::invalid_input with the streamed pieces as message
/// (numbers printed with enough digits to round-trip).
template <class... Pieces>
[[noreturn]] void fail(Pieces&&... pieces) {
  std::ostringstream message;
  message.precision(17);
  (message << ... << std::forward<Pieces>(pieces));
  throw invalid_input(message.str());
}

/// fail(pieces...) unless the condition holds.
template <class... Pieces>
void require(bool condition, Pieces&&... pieces) {
  if (!condition) fail(std::forward<Pieces>(pieces)...);
}

}  // namespace detail
}  // namespace carom
