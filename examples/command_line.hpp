// SPDX-License-Identifier: MIT
#pragma once
// The examples' command lines. Each example lists its flags once, in a
// table of {name, variable, value placeholder, help}; the parser and the
// --help text both come from that table, and the default shown is the
// variable's value before parsing, so the help cannot go out of date.
//
//   options o;
//   const example::command_line args("name", "What it does.",
//       {{"--n", &o.n, "N", "number of particles"},
//        {"--quiet", &o.quiet, "", "no per-frame rows"}});
//   args.parse(argc, argv);
//   if (o.n == 0) args.fail("--n must be > 0");
//
// --help (-h) prints the usage on stdout and exits 0; an unknown flag, a
// missing or malformed value prints one line on stderr and exits 2.

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace example {

/// What a flag sets: a switch (bool), a count (no sign, digits only), a
/// number, or a word. The variable's value before parse() is the default.
using flag_target = std::variant<bool*, std::size_t*, double*, std::string*>;

struct flag {
  /// "--phi"; a name not starting with '-' is a plain argument ("OUT.html").
  std::string_view name;
  flag_target target;
  /// The value's placeholder in the usage ("F"); empty for a switch. With
  /// '|' it lists the only values accepted ("periodic|wall").
  std::string_view placeholder;
  /// Meaning, units where physical, limits.
  std::string_view help;
};

class command_line {
 public:
  command_line(std::string_view name, std::string_view about, std::initializer_list<flag> flags)
      : name_(name), about_(about), flags_(flags) {}

  /// Sets the variables from argv[1..argc); exits for --help and mistakes.
  void parse(int argc, char** argv) const {
    std::size_t plain = 0;  // plain arguments taken so far
    for (int k = 1; k < argc; ++k) {
      const std::string_view argument = argv[k];
      if (argument == "--help" || argument == "-h") help();
      if (!argument.starts_with('-')) {
        set(nth_plain(plain++, argument), argument);
        continue;
      }
      // "--flag value" or "--flag=value".
      const std::size_t equals = argument.find('=');
      const flag& f = find(argument.substr(0, equals));
      if (std::holds_alternative<bool*>(f.target)) {
        if (equals != std::string_view::npos) fail(std::string(f.name) + " takes no value");
        *std::get<bool*>(f.target) = true;
      } else if (equals != std::string_view::npos) {
        set(f, argument.substr(equals + 1));
      } else {
        if (k + 1 >= argc) fail("missing value after " + std::string(f.name));
        set(f, argv[++k]);
      }
    }
  }

  /// Prints "name: why (see name --help)" on stderr and exits with status 2.
  [[noreturn]] void fail(const std::string& why) const {
    std::fprintf(stderr, "%.*s: %s (see %.*s --help)\n", int(name_.size()), name_.data(),
                 why.c_str(), int(name_.size()), name_.data());
    std::exit(2);
  }

 private:
  /// The usage, from the table, on stdout; exits with status 0.
  [[noreturn]] void help() const {
    std::string usage = "usage: " + std::string(name_);
    for (const flag& f : flags_)
      if (!f.name.starts_with('-')) usage += " [" + std::string(f.name) + "]";
    if (std::any_of(flags_.begin(), flags_.end(),
                    [](const flag& f) { return f.name.starts_with('-'); }))
      usage += " [flags]";
    std::printf("%s\n\n%.*s\n\n", usage.c_str(), int(about_.size()), about_.data());
    // Two columns, "--flag VALUE" and the help; a help's '\n' continues
    // it on the next line, in its column, and so does a help whose flag
    // is too wide for the first.
    constexpr int column = 26;
    const auto row = [](const std::string& left, std::string text) {
      for (std::size_t at = 0; (at = text.find('\n', at)) != std::string::npos; at += column + 1)
        text.insert(at + 1, column, ' ');
      if (left.size() + 3 > column)
        std::printf("  %s\n%*s%s\n", left.c_str(), column, "", text.c_str());
      else
        std::printf("  %-*s%s\n", column - 2, left.c_str(), text.c_str());
    };
    for (const flag& f : flags_) {
      std::string text(f.help);
      const std::string shown = default_of(f.target);
      if (!shown.empty()) text += " (default: " + shown + ")";
      row(std::string(f.name) + (f.placeholder.empty() ? "" : " ") + std::string(f.placeholder),
          text);
    }
    row("-h, --help", "print this help and exit");
    std::exit(0);
  }

  static std::string default_of(const flag_target& target) {
    if (const auto* const* b = std::get_if<bool*>(&target)) return **b ? "on" : "";
    if (const auto* const* n = std::get_if<std::size_t*>(&target)) return std::to_string(**n);
    if (const auto* const* s = std::get_if<std::string*>(&target)) return **s;
    std::array<char, 32> text{};
    std::snprintf(text.data(), text.size(), "%g", *std::get<double*>(target));
    return text.data();
  }

  const flag& find(std::string_view name) const {
    for (const flag& f : flags_)
      if (f.name == name) return f;
    fail("unknown flag " + std::string(name));
  }

  const flag& nth_plain(std::size_t n, std::string_view argument) const {
    for (const flag& f : flags_)
      if (!f.name.starts_with('-') && n-- == 0) return f;
    fail("unexpected argument " + std::string(argument));
  }

  /// Converts `text` for the flag's variable; fail() if it does not fit.
  void set(const flag& f, std::string_view text) const {
    const std::string value(text), name(f.name);
    if (f.placeholder.find('|') != std::string_view::npos && !one_of(f.placeholder, text))
      fail(name + " must be one of " + std::string(f.placeholder) + ", not '" + value + "'");
    char* end = nullptr;
    errno = 0;
    if (auto* const* n = std::get_if<std::size_t*>(&f.target)) {
      // strtoull would take "-3" as 2^64 - 3: a count is digits only.
      const unsigned long long parsed = std::strtoull(value.c_str(), &end, 10);
      if (value.empty() || value.find_first_not_of("0123456789") != std::string::npos || errno != 0)
        fail(name + " takes a count (0, 1, 2, ...), not '" + value + "'");
      **n = static_cast<std::size_t>(parsed);
    } else if (auto* const* x = std::get_if<double*>(&f.target)) {
      const double parsed = std::strtod(value.c_str(), &end);
      if (value.empty() || *end != '\0' || !std::isfinite(parsed))
        fail(name + " takes a number, not '" + value + "'");
      **x = parsed;
    } else if (auto* const* s = std::get_if<std::string*>(&f.target)) {
      **s = value;
    }
  }

  /// Is `text` one of the '|'-separated words of `choices`?
  static bool one_of(std::string_view choices, std::string_view text) {
    for (std::size_t begin = 0;;) {
      const std::size_t bar = choices.find('|', begin);
      if (choices.substr(begin, bar - begin) == text) return true;
      if (bar == std::string_view::npos) return false;
      begin = bar + 1;
    }
  }

  std::string_view name_;
  std::string_view about_;
  std::vector<flag> flags_;
};

/// The examples' --n is a particle count, carom::lattice takes cells per
/// side (4 k³ FCC sites in 3D, k² in 2D): the smallest side holding at
/// least `count` particles.
inline std::size_t lattice_side(std::size_t count, std::size_t dimension) {
  const double per_cell = dimension == 3 ? 4 : 1;
  const auto sites = [&](std::size_t k) {
    return per_cell * std::pow(double(k), double(dimension));
  };
  auto k = static_cast<std::size_t>(
      std::ceil(std::pow(double(count) / per_cell, 1 / double(dimension))));
  while (k > 1 && sites(k - 1) >= double(count)) --k;  // pow's round-off, either way
  while (sites(k) < double(count)) ++k;
  return std::max<std::size_t>(k, 1);
}

}  // namespace example
