// SPDX-License-Identifier: MIT
#pragma once
/// A regular grid of cells over a box, every cell at least `min_width` wide,
/// so that two spheres in non-adjacent cells are more than min_width apart.
/// The grid is pure geometry: which cell a point is in, a cell's bounds, and
/// the distinct neighbour cells of a cell (wrapping on periodic axes). The
/// engines keep their own per-cell particle lists.

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "carom/core/error.hpp"
#include "carom/core/vec.hpp"
#include "carom/geometry/box.hpp"

namespace carom {

/// Integer coordinates of a cell.
template <std::size_t D>
using cell_coordinates = std::array<std::int32_t, D>;

/// Regular grid of cells covering a box.
template <scalar T, std::size_t D>
  requires dimension<D>
class cell_grid {
 public:
  /// The finest grid whose cells are all at least min_width wide (one cell
  /// on an axis shorter than that). Throws carom::invalid_input for a
  /// non-positive width or more than 2^31 cells.
  cell_grid(const box<T, D>& container, T min_width)
      : lower_(container.lower()) {
    detail::require(is_finite(min_width) && min_width > T(0),
                    "carom::cell_grid: cell width must be finite and > 0 (got ", min_width, ")");
    double cells = 1;
    for (std::size_t a = 0; a < D; ++a) {
      const T length = container.lengths()[a];
      const double n = std::floor(double(length) / double(min_width));
      counts_[a] = n < 1 ? 1 : static_cast<std::int32_t>(n > 1e9 ? 1e9 : n);
      width_[a] = length / T(counts_[a]);
      inverse_width_[a] = T(counts_[a]) / length;
      periodic_[a] = container.is_periodic(a);
      cells *= counts_[a];
    }
    detail::require(cells < 2147483647.0, "carom::cell_grid: ", cells,
                    " cells are too many; use a larger cell width");
  }

  [[nodiscard]] std::size_t cell_count() const noexcept {
    std::size_t n = 1;
    for (std::size_t a = 0; a < D; ++a) n *= static_cast<std::size_t>(counts_[a]);
    return n;
  }
  [[nodiscard]] const cell_coordinates<D>& counts() const noexcept { return counts_; }
  [[nodiscard]] const vec<T, D>& widths() const noexcept { return width_; }

  /// The cell containing x (clamped to the grid: a point outside by
  /// round-off belongs to the nearest cell; a NaN coordinate, from a run
  /// that has blown up, to cell 0 rather than to an undefined conversion).
  [[nodiscard]] cell_coordinates<D> coordinates_of(const vec<T, D>& x) const noexcept {
    cell_coordinates<D> c;
    for (std::size_t a = 0; a < D; ++a) {
      const T f = std::floor((x[a] - lower_[a]) * inverse_width_[a]);
      c[a] = !(f >= T(0)) ? 0 : (f >= T(counts_[a]) ? counts_[a] - 1 : static_cast<std::int32_t>(f));
    }
    return c;
  }

  /// Linear index of a cell (x fastest).
  [[nodiscard]] std::size_t index(const cell_coordinates<D>& c) const noexcept {
    std::size_t k = static_cast<std::size_t>(c[D - 1]);
    for (std::size_t a = D - 1; a-- > 0;) k = k * static_cast<std::size_t>(counts_[a]) + static_cast<std::size_t>(c[a]);
    return k;
  }

  [[nodiscard]] vec<T, D> lower_corner(const cell_coordinates<D>& c) const noexcept {
    vec<T, D> x{};
    for (std::size_t a = 0; a < D; ++a) x[a] = lower_[a] + T(c[a]) * width_[a];
    return x;
  }
  [[nodiscard]] vec<T, D> upper_corner(const cell_coordinates<D>& c) const noexcept {
    vec<T, D> x{};
    for (std::size_t a = 0; a < D; ++a) x[a] = lower_[a] + T(c[a] + 1) * width_[a];
    return x;
  }

  /// The cell across one face of c: on a periodic axis it wraps (and
  /// `wrapped` tells the caller to shift positions by one box length); on a
  /// walled axis a step out of the grid stays in c.
  [[nodiscard]] cell_coordinates<D> step(cell_coordinates<D> c, std::size_t axis, int direction,
                                         bool& wrapped) const noexcept {
    wrapped = false;
    std::int32_t k = c[axis] + direction;
    if (k < 0 || k >= counts_[axis]) {
      if (!periodic_[axis]) return c;
      k = k < 0 ? counts_[axis] - 1 : 0;
      wrapped = true;
    }
    c[axis] = k;
    return c;
  }

  /// Calls f(index, image) once for every distinct cell adjacent to c (c
  /// included): 3^D cells inside the grid, fewer at walls and on periodic
  /// axes of one or two cells. `image` = Σ_a digit_a 3^a says which periodic
  /// image of that cell touches c: digit 1 the cell itself, 0 its image one
  /// box length below (c is at the lower edge, the cell at the upper one),
  /// 2 one box length above. With fewer than 3 cells on a periodic axis the
  /// digit is 1 and callers must take minimum images themselves.
  template <class F>
  void for_each_neighbour(const cell_coordinates<D>& c, F&& f) const {
    std::array<std::array<std::int32_t, 3>, D> around{};
    std::array<std::array<std::uint32_t, 3>, D> digit{};
    std::array<int, D> count{};
    for (std::size_t a = 0; a < D; ++a) {
      const std::int32_t n = counts_[a];
      int m = 0;
      auto add = [&](std::int32_t k, std::uint32_t d) {
        around[a][m] = k;
        digit[a][m++] = d;
      };
      add(c[a], 1);
      if (c[a] > 0) add(c[a] - 1, 1);
      else if (periodic_[a] && n > 2) add(n - 1, 0);
      if (c[a] + 1 < n) add(c[a] + 1, 1);
      else if (periodic_[a] && n > 2) add(0, 2);
      count[a] = m;
    }
    const auto nx = static_cast<std::size_t>(counts_[0]);
    if constexpr (D == 2) {
      for (int y = 0; y < count[1]; ++y) {
        const std::size_t row = static_cast<std::size_t>(around[1][y]) * nx;
        for (int x = 0; x < count[0]; ++x)
          f(row + static_cast<std::size_t>(around[0][x]), digit[0][x] + 3 * digit[1][y]);
      }
    } else {
      const auto ny = static_cast<std::size_t>(counts_[1]);
      for (int z = 0; z < count[2]; ++z)
        for (int y = 0; y < count[1]; ++y) {
          const std::size_t row =
              (static_cast<std::size_t>(around[2][z]) * ny + static_cast<std::size_t>(around[1][y])) * nx;
          const std::uint32_t image = 3 * digit[1][y] + 9 * digit[2][z];
          for (int x = 0; x < count[0]; ++x)
            f(row + static_cast<std::size_t>(around[0][x]), image + digit[0][x]);
        }
    }
  }

 private:
  vec<T, D> lower_;
  vec<T, D> width_{};
  vec<T, D> inverse_width_{};
  cell_coordinates<D> counts_{};
  std::array<bool, D> periodic_{};
};

}  // namespace carom
