// SPDX-License-Identifier: MIT
#pragma once
/// Text plumbing shared by carom's writers and readers (io/): the I/O error
/// type, numbers printed in the shortest form that reads back bit for bit
/// (std::to_chars), an append-only character buffer flushed to a
/// std::ostream in large blocks, and number parsing that names the field.
///
/// Errors, for the whole of io/: a stream or file that cannot be opened,
/// read or written throws carom::io_error (a std::runtime_error); input
/// that is there but malformed throws carom::invalid_input (a
/// std::invalid_argument), its message naming the line and the field.

#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <vector>

#include "carom/core/concepts.hpp"
#include "carom/core/error.hpp"

namespace carom {

/// Thrown when a stream or file cannot be opened, read or written.
class io_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

namespace detail {

/// Characters enough for any one number to_chars prints (the longest
/// shortest-round-trip long double is under 50).
inline constexpr std::size_t max_number_chars = 64;

/// Characters appended to a buffer that is written to a stream in blocks of
/// about `block` bytes; capacity is reserved once, so appending a number
/// does not allocate. Throws carom::io_error when the stream fails.
class text_buffer {
 public:
  explicit text_buffer(std::ostream& out, std::size_t block = std::size_t(1) << 16)
      : out_(&out), block_(block) {
    data_.resize(block_ + 4 * max_number_chars);
  }

  /// Appends the shortest text that std::from_chars reads back as exactly x
  /// ("-0", "5e-324", "0.1"; "inf", "nan" for non-finite values).
  template <scalar T>
  void number(T x) {
    room(max_number_chars);
    size_ += static_cast<std::size_t>(std::to_chars(at(), end(), x).ptr - at());
  }
  /// Appends x with `digits` significant digits (for display, not round-trip).
  template <scalar T>
  void number(T x, int digits) {
    room(max_number_chars);
    size_ += static_cast<std::size_t>(
        std::to_chars(at(), end(), x, std::chars_format::general, digits).ptr - at());
  }
  /// Appends an integer in decimal.
  template <class Integer>
    requires std::is_integral_v<Integer>
  void integer(Integer k) {
    room(max_number_chars);
    size_ += static_cast<std::size_t>(std::to_chars(at(), end(), k).ptr - at());
  }
  /// Appends s.
  void text(std::string_view s) {
    if (s.size() > block_) {  // longer than a block: straight through
      flush();
      put(s.data(), s.size());
      return;
    }
    room(s.size());
    s.copy(at(), s.size());
    size_ += s.size();
  }
  /// Appends c.
  void character(char c) {
    room(1);
    data_[size_++] = c;
  }

  /// Writes what is buffered to the stream (not std::flush: the stream's
  /// own buffering is left alone).
  void flush() {
    put(data_.data(), size_);
    size_ = 0;
  }

 private:
  void room(std::size_t n) {
    if (size_ + n > data_.size() || size_ >= block_) flush();
  }
  void put(const char* s, std::size_t n) {
    if (n == 0) return;
    out_->write(s, static_cast<std::streamsize>(n));
    if (!*out_) throw io_error("carom: writing to the output stream failed");
  }
  [[nodiscard]] char* at() noexcept { return data_.data() + size_; }
  [[nodiscard]] char* end() noexcept { return data_.data() + data_.size(); }

  std::ostream* out_;
  std::size_t block_;
  std::vector<char> data_;
  std::size_t size_ = 0;
};

/// The whole of `text` read as one number (floating-point or integer) with
/// std::from_chars, which rounds correctly: what to_chars wrote comes back
/// bit for bit, subnormals and −0 included. Throws carom::invalid_input
/// naming `where` (e.g. "line 12, field vx") for anything else, including a
/// value out of range.
template <class Number>
[[nodiscard]] Number parse_number(std::string_view text, const std::string& where) {
  Number value{};
  const char* first = text.data();
  const char* last = text.data() + text.size();
  if (first != last && *first == '+') ++first;  // from_chars takes no '+'
  const auto [ptr, ec] = std::from_chars(first, last, value);
  require(ec != std::errc::invalid_argument && ptr == last && first != last, where, ": '", text,
          "' is not a number");
  require(ec != std::errc::result_out_of_range, where, ": '", text, "' is out of range");
  return value;
}

/// The whitespace-separated words of a line.
inline void split_words(std::string_view line, std::vector<std::string_view>& words) {
  words.clear();
  std::size_t k = 0;
  while (k < line.size()) {
    while (k < line.size() && (line[k] == ' ' || line[k] == '\t' || line[k] == '\r')) ++k;
    const std::size_t start = k;
    while (k < line.size() && line[k] != ' ' && line[k] != '\t' && line[k] != '\r') ++k;
    if (k > start) words.push_back(line.substr(start, k - start));
  }
}

}  // namespace detail
}  // namespace carom
