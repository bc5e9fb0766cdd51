// SPDX-License-Identifier: MIT
#pragma once
/// The axis-aligned container: each axis either walled (two planes) or
/// periodic (minimum-image convention, positions wrapped into [lower, upper)).

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "carom/core/error.hpp"
#include "carom/core/vec.hpp"
#include "carom/geometry/plane.hpp"

namespace carom {

/// What happens at the two faces of one axis of a box.
enum class boundary : unsigned char { wall, periodic };

/// Axis-aligned box [lower, upper] with a boundary kind per axis.
template <scalar T, std::size_t D>
  requires dimension<D>
class box {
 public:
  using vector = vec<T, D>;

  /// Throws carom::invalid_input unless lower and upper are finite and
  /// upper > lower on every axis.
  box(const vector& lower, const vector& upper, const std::array<boundary, D>& boundaries)
      : lower_(lower), upper_(upper), boundaries_(boundaries) {
    detail::require(is_finite(lower) && is_finite(upper),
                    "carom::box: corners must be finite");
    for (std::size_t a = 0; a < D; ++a) {
      detail::require(upper[a] > lower[a], "carom::box: upper[", a, "] = ", upper[a],
                      " must exceed lower[", a, "] = ", lower[a]);
      length_[a] = upper[a] - lower[a];
      inverse_length_[a] = T(1) / length_[a];
      periodic_inverse_length_[a] = is_periodic(a) ? inverse_length_[a] : T(0);
    }
  }

  /// The cube [0, side]^D with the same boundary on every axis.
  [[nodiscard]] static box cube(T side, boundary kind) {
    std::array<boundary, D> kinds{};
    kinds.fill(kind);
    vector upper;
    for (std::size_t a = 0; a < D; ++a) upper[a] = side;
    return box(vector{}, upper, kinds);
  }

  [[nodiscard]] const vector& lower() const noexcept { return lower_; }
  [[nodiscard]] const vector& upper() const noexcept { return upper_; }
  [[nodiscard]] const vector& lengths() const noexcept { return length_; }
  [[nodiscard]] boundary boundary_of(std::size_t axis) const noexcept {
    return boundaries_[axis];
  }
  [[nodiscard]] bool is_periodic(std::size_t axis) const noexcept {
    return boundaries_[axis] == boundary::periodic;
  }

  /// Volume (area in 2D).
  [[nodiscard]] T volume() const noexcept {
    T v = length_[0];
    for (std::size_t a = 1; a < D; ++a) v *= length_[a];
    return v;
  }

  /// The separation dx reduced to its nearest periodic image on periodic
  /// axes (|dx_a| ≤ L_a / 2); walled axes are left as they are. Branch-free:
  /// the whole number of box lengths is rounded with the 1.5·2^(digits−1)
  /// trick (exact round-to-nearest for |dx / L| < 2^(digits−2)), a zero
  /// inverse length on walled axes gives a zero shift.
  [[nodiscard]] vector minimum_image(vector dx) const noexcept {
    constexpr T magic = T(1.5) * T(1ull << (std::numeric_limits<T>::digits - 1));
    for (std::size_t a = 0; a < D; ++a) {
      const T shifted = dx[a] * periodic_inverse_length_[a] + magic;
      dx[a] -= length_[a] * (shifted - magic);
    }
    return dx;
  }

  /// x mapped into [lower, upper) on periodic axes.
  [[nodiscard]] vector wrap(vector x) const noexcept {
    for (std::size_t a = 0; a < D; ++a) {
      if (!is_periodic(a)) continue;
      x[a] -= length_[a] * std::floor((x[a] - lower_[a]) * inverse_length_[a]);
      if (x[a] >= upper_[a]) x[a] = lower_[a];  // round-off of the line above
    }
    return x;
  }

  /// True when a sphere of this radius centred at x lies inside every wall
  /// (touching allowed). Periodic axes accept any finite coordinate.
  [[nodiscard]] bool contains(const vector& x, T radius) const noexcept {
    for (std::size_t a = 0; a < D; ++a) {
      if (!is_finite(x[a])) return false;
      if (!is_periodic(a) && (x[a] - radius < lower_[a] || x[a] + radius > upper_[a]))
        return false;
    }
    return true;
  }

  /// The wall at one face of a walled axis, normal pointing inwards
  /// (side 0: lower face, side 1: upper face).
  [[nodiscard]] plane<T, D> wall(std::size_t axis, int side) const noexcept {
    vector n{};
    n[axis] = side == 0 ? T(1) : T(-1);
    return {n, side == 0 ? lower_[axis] : -upper_[axis]};
  }

  /// Both walls of every walled axis, in axis order (lower face first).
  [[nodiscard]] std::vector<plane<T, D>> walls() const {
    std::vector<plane<T, D>> result;
    for (std::size_t a = 0; a < D; ++a)
      if (!is_periodic(a)) {
        result.push_back(wall(a, 0));
        result.push_back(wall(a, 1));
      }
    return result;
  }

 private:
  vector lower_;
  vector upper_;
  vector length_{};
  vector inverse_length_{};
  vector periodic_inverse_length_{};  // 0 on walled axes: never shifted
  std::array<boundary, D> boundaries_;
};

namespace detail {

/// Throws carom::invalid_input, naming the engine (`name` ends in ": ")
/// and the plane, unless every plane has a finite unit normal and a finite
/// offset, and a normal with no component along a periodic axis (a plane
/// tilted along a periodic axis does not repeat with the box: a particle
/// wrapped across that axis would land on the wrong side of it).
template <scalar T, std::size_t D>
void check_planes(const char* name, const box<T, D>& container,
                  const std::vector<plane<T, D>>& planes) {
  for (std::size_t k = 0; k < planes.size(); ++k) {
    const plane<T, D>& w = planes[k];
    require(is_finite(w.normal) && is_finite(w.offset) &&
                std::abs(norm(w.normal) - T(1)) <= T(64) * std::numeric_limits<T>::epsilon(),
            name, "plane ", k, " must have a finite unit normal and a finite offset");
    for (std::size_t a = 0; a < D; ++a)
      require(!container.is_periodic(a) || w.normal[a] == T(0), name, "plane ", k,
              " has a normal component ", w.normal[a], " along periodic axis ", a,
              " (a plane must be parallel to every periodic axis)");
  }
}

}  // namespace detail
}  // namespace carom
