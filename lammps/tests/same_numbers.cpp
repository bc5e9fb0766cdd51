// SPDX-License-Identifier: GPL-2.0-or-later
// same_numbers LOG1 LOG2 TOLERANCE: the thermo lines of two LAMMPS logs
// (lines of numbers that start with the step) hold the same numbers within
// a relative TOLERANCE. Prints the largest relative difference; exit code
// 0 when within, 1 otherwise (also when the logs hold different lines).

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::vector<std::vector<double>> thermo_lines(const char* path) {
  std::vector<std::vector<double>> lines;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::vector<double> numbers;
    std::string word;
    bool all_numbers = true;
    while (words >> word) {
      char* end = nullptr;
      const double value = std::strtod(word.c_str(), &end);
      all_numbers = all_numbers && *end == '\0';
      numbers.push_back(value);
    }
    if (all_numbers && numbers.size() >= 2) lines.push_back(numbers);
  }
  return lines;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: same_numbers LOG1 LOG2 TOLERANCE\n");
    return 2;
  }
  const auto first = thermo_lines(argv[1]), second = thermo_lines(argv[2]);
  const double tolerance = std::strtod(argv[3], nullptr);
  if (first.empty() || first.size() != second.size()) {
    std::printf("different thermo lines: %zu and %zu\n", first.size(), second.size());
    return 1;
  }
  double worst = 0;
  for (std::size_t l = 0; l < first.size(); l++) {
    if (first[l].size() != second[l].size()) return 1;
    for (std::size_t k = 0; k < first[l].size(); k++) {
      const double scale = std::max(std::abs(first[l][k]), std::abs(second[l][k]));
      if (scale > 0) worst = std::max(worst, std::abs(first[l][k] - second[l][k]) / scale);
    }
  }
  std::printf("%zu thermo lines, largest relative difference %.3g (tolerance %.3g)\n",
              first.size(), worst, tolerance);
  return worst <= tolerance ? 0 : 1;
}
