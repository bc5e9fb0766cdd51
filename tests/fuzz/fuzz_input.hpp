// SPDX-License-Identifier: MIT
#pragma once
// Decodes libFuzzer's bytes into bounded, meaningful values: each value
// takes a fixed number of bytes (zeros once the input runs out), so a
// mutation of one byte changes one value, and every value lies in the
// range the caller asks for. check() reports a broken property and aborts,
// which libFuzzer records as a crash with the input that caused it.

#include <carom/contact/adhesion.hpp>
#include <carom/core/vec.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace carom_fuzz {

class fuzz_input {
 public:
  fuzz_input(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  [[nodiscard]] std::uint8_t byte() { return offset_ < size_ ? data_[offset_++] : 0; }

  [[nodiscard]] std::uint16_t word() {
    const std::uint16_t low = byte();
    return static_cast<std::uint16_t>(low | (byte() << 8));
  }

  /// 0 … n−1.
  [[nodiscard]] std::size_t choice(std::size_t n) { return byte() % n; }

  /// True with probability about numerator/256.
  [[nodiscard]] bool chance(unsigned numerator) { return byte() < numerator; }

  /// Uniform in [lo, hi] on 2^16 levels (both ends reachable).
  template <class T>
  [[nodiscard]] T uniform(T lo, T hi) {
    const double u = word() / 65535.0;
    const T x = T(double(lo) + (double(hi) - double(lo)) * u);
    return x < lo ? lo : (x > hi ? hi : x);
  }

  /// Log-uniform in [lo, hi], lo > 0: magnitudes over many decades.
  template <class T>
  [[nodiscard]] T log_uniform(T lo, T hi) {
    const double u = word() / 65535.0;
    const T x = T(std::exp(std::log(double(lo)) + (std::log(double(hi)) - std::log(double(lo))) * u));
    return x < lo ? lo : (x > hi ? hi : x);
  }

  /// ±[lo, hi] log-uniform, or exactly 0 (one byte chooses).
  template <class T>
  [[nodiscard]] T signed_magnitude(T lo, T hi) {
    const std::uint8_t mode = byte();
    if (mode < 24) return T(0);
    const T x = log_uniform(lo, hi);
    return mode & 1 ? -x : x;
  }

  template <class T, std::size_t D>
  [[nodiscard]] carom::vec<T, D> vector(T lo, T hi) {
    carom::vec<T, D> v{};
    for (std::size_t a = 0; a < D; ++a) v[a] = uniform(lo, hi);
    return v;
  }

  /// Components ±[lo, hi] log-uniform or 0: axis-aligned and mixed scales.
  template <class T, std::size_t D>
  [[nodiscard]] carom::vec<T, D> signed_vector(T lo, T hi) {
    carom::vec<T, D> v{};
    for (std::size_t a = 0; a < D; ++a) v[a] = signed_magnitude(lo, hi);
    return v;
  }

  /// A unit vector: an axis (either sign) or a random direction.
  template <class T, std::size_t D>
  [[nodiscard]] carom::vec<T, D> unit() {
    if (chance(96)) {
      carom::vec<T, D> n{};
      n[choice(D)] = chance(128) ? T(1) : T(-1);
      return n;
    }
    for (int attempt = 0; attempt < 4; ++attempt) {
      const auto v = vector<T, D>(T(-1), T(1));
      const T length = carom::norm(v);
      if (length > T(0.05)) return v / length;
    }
    carom::vec<T, D> n{};
    n[0] = T(1);
    return n;
  }

  /// A value that must be rejected at an API boundary: NaN, ±∞, a negative
  /// number or zero.
  template <class T>
  [[nodiscard]] T invalid_positive() {
    switch (choice(5)) {
      case 0: return std::numeric_limits<T>::quiet_NaN();
      case 1: return std::numeric_limits<T>::infinity();
      case 2: return -std::numeric_limits<T>::infinity();
      case 3: return T(-1);
      default: return T(0);
    }
  }

  /// A value that must be rejected where finite values ≥ 0 are asked for:
  /// NaN, ±∞ or a negative number.
  template <class T>
  [[nodiscard]] T invalid_non_negative() {
    switch (choice(4)) {
      case 0: return std::numeric_limits<T>::quiet_NaN();
      case 1: return std::numeric_limits<T>::infinity();
      case 2: return -std::numeric_limits<T>::infinity();
      default: return -log_uniform(T(1e-30), T(1e3));
    }
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t offset_ = 0;
};

/// One field of carom::jkr's or carom::dmt's parameters made invalid.
template <class T>
void spoil_one(fuzz_input& in, carom::adhesion_params<T>& p) {
  switch (in.choice(4)) {
    case 0: p.youngs_modulus = in.invalid_positive<T>(); break;
    case 1: p.effective_radius = in.invalid_positive<T>(); break;
    case 2: p.work_of_adhesion = in.invalid_non_negative<T>(); break;
    default: p.damping = in.invalid_non_negative<T>(); break;
  }
}

/// Aborts with the message when the property does not hold.
inline void check(bool property, const char* what) {
  if (property) return;
  std::fprintf(stderr, "fuzz property violated: %s\n", what);
  std::abort();
}

/// Calls f.template operator()<T, D>() for the (scalar, dimension) pair
/// the next byte chooses: float or double, 2D or 3D.
template <class F>
void with_config(fuzz_input& in, F&& f) {
  switch (in.choice(4)) {
    case 0: f.template operator()<float, 2>(); break;
    case 1: f.template operator()<float, 3>(); break;
    case 2: f.template operator()<double, 2>(); break;
    default: f.template operator()<double, 3>(); break;
  }
}

/// Machine epsilon of T.
template <class T>
inline constexpr T eps = std::numeric_limits<T>::epsilon();

}  // namespace carom_fuzz
