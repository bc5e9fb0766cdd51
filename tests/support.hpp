// SPDX-License-Identifier: MIT
#pragma once
// Shared helpers for the tests: the four (scalar, dimension) configurations,
// a seeded random source, and random vectors.

#include <carom/core/error.hpp>
#include <carom/core/vec.hpp>

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <tuple>

namespace carom_test {

template <class T, std::size_t D>
struct config {
  using scalar = T;
  static constexpr std::size_t dim = D;
  using vector = carom::vec<T, D>;
};

using all_configs =
    std::tuple<config<float, 2>, config<float, 3>, config<double, 2>, config<double, 3>>;
using all_scalars = std::tuple<float, double>;

/// A deterministic generator: tests are reproducible. Every test case
/// starts from the same seed (catch_main.cpp reseeds it), so what a test
/// draws does not depend on which tests ran before it in the process.
inline constexpr std::uint64_t rng_seed = 20261202;
inline std::mt19937_64& rng() {
  static std::mt19937_64 engine(rng_seed);
  return engine;
}

template <class T>
T uniform(T lo, T hi) {
  return std::uniform_real_distribution<T>(lo, hi)(rng());
}

template <class T, std::size_t D>
carom::vec<T, D> random_vec(T lo, T hi) {
  carom::vec<T, D> v{};
  for (std::size_t i = 0; i < D; ++i) v[i] = uniform(lo, hi);
  return v;
}

/// A random unit vector (uniform on the sphere/circle).
template <class T, std::size_t D>
carom::vec<T, D> random_unit() {
  std::normal_distribution<T> gauss;
  for (;;) {
    carom::vec<T, D> v{};
    for (std::size_t i = 0; i < D; ++i) v[i] = gauss(rng());
    const T n = carom::norm(v);
    if (n > T(1e-3)) return v / n;
  }
}

/// Machine epsilon of T.
template <class T>
constexpr T eps = std::numeric_limits<T>::epsilon();

/// The message of the carom::invalid_input that call() throws, or
/// "accepted" when it throws none.
template <class Call>
std::string rejection_message(Call&& call) {
  try {
    call();
  } catch (const carom::invalid_input& error) {
    return error.what();
  }
  return "accepted";
}

}  // namespace carom_test
