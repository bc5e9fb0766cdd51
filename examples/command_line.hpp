// SPDX-License-Identifier: MIT
#pragma once
// The examples' command lines: `--flag value` pairs, switches and plain
// arguments, walked one at a time; a mistake prints the usage line and
// exits with status 2.
//
//   for (example::command_line args(argc, argv, "name", "[--n N]"); args.next();)
//     if (args.flag() == "--n") o.n = std::strtoul(args.value(), nullptr, 10);
//     else args.usage("unknown flag " + args.flag());

#include <cstdio>
#include <cstdlib>
#include <string>

namespace example {

class command_line {
 public:
  command_line(int argc, char** argv, const char* name, const char* synopsis)
      : argc_(argc), argv_(argv), name_(name), synopsis_(synopsis) {}

  /// Moves to the next argument; false when there is none.
  bool next() {
    if (++k_ >= argc_) return false;
    flag_ = argv_[k_];
    return true;
  }
  /// The current argument.
  [[nodiscard]] const std::string& flag() const noexcept { return flag_; }
  /// The argument after the current flag (consumed); usage() if missing.
  const char* value() {
    if (k_ + 1 >= argc_) usage("missing value after " + flag_);
    return argv_[++k_];
  }
  /// Prints "name: why" and the usage line, then exits with status 2.
  [[noreturn]] void usage(const std::string& why) const {
    std::fprintf(stderr, "%s: %s\nusage: %s %s\n", name_, why.c_str(), name_, synopsis_);
    std::exit(2);
  }

 private:
  int argc_;
  char** argv_;
  const char* name_;
  const char* synopsis_;
  int k_ = 0;
  std::string flag_;
};

}  // namespace example
