// SPDX-License-Identifier: MIT
// Fuzzes the collision-time solvers: carom::time_to_contact (pairs, which
// also serves parabolic flights), carom::time_to_plane with and without
// gravity, carom::time_to_leave_cell with and without gravity. On every
// input: the time is never NaN nor negative; a finite time is a contact
// (the equation holds at t to round-off, computed again in long double
// from the same inputs) and the first one (the bodies approach there); +∞
// only when there is no contact (with a round-off margin at tangency).
//
// Tolerances: the kernels evaluate dot products and one square root in T;
// a dot product is off by a few ε of |a||b| (not of a·b, which cancels),
// so each equation is checked to 64 ε of the sum of |vector| products in
// its terms (|dx||dv| t, not |dx·dv| t): a wide margin in 2D and 3D.
// Exact tangencies (a zero discriminant to round-off) may go either way.

#include <carom/collision/time_to_contact.hpp>
#include <carom/collision/time_to_leave_cell.hpp>
#include <carom/collision/time_to_plane.hpp>
#include <carom/geometry/plane.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>

#include "fuzz_input.hpp"

namespace {

using carom_fuzz::check;
using carom_fuzz::fuzz_input;
using wide = long double;

template <class T>
wide tolerance(wide scale) {
  return 64 * wide(carom_fuzz::eps<T>) * scale;
}

template <class T, std::size_t D>
wide dot_wide(const carom::vec<T, D>& a, const carom::vec<T, D>& b) {
  wide s = 0;
  for (std::size_t k = 0; k < D; ++k) s += wide(a[k]) * wide(b[k]);
  return s;
}

template <class T>
void check_time(T t) {
  check(!std::isnan(t), "collision time is NaN");
  check(!(t < T(0)), "collision time is negative");
}

template <class T, std::size_t D>
void pair(fuzz_input& in) {
  const auto dx = in.signed_vector<T, D>(T(1e-3), T(10));
  const auto dv = in.signed_vector<T, D>(T(1e-3), T(10));
  const T sigma = in.log_uniform(T(1e-2), T(10));
  const T t = carom::time_to_contact(dx, dv, sigma);
  check_time(t);
  const wide a = dot_wide(dv, dv), b = dot_wide(dx, dv), c = dot_wide(dx, dx) - wide(sigma) * sigma;
  const wide scale = dot_wide(dx, dx) + wide(sigma) * sigma;
  if (t == carom::infinity<T>) {
    // No contact: separating, or the closest approach stays outside σ.
    check(b >= -tolerance<T>(std::sqrt(a * scale)) || b * b - a * c <= tolerance<T>(a * scale),
          "time_to_contact returned +inf for a pair that collides");
  } else if (t == T(0)) {
    check(c <= tolerance<T>(scale) && b < tolerance<T>(std::sqrt(a * scale)),
          "time_to_contact returned 0 for a pair that is apart or separating");
  } else {
    const wide tw = t;
    const wide residual = a * tw * tw + 2 * b * tw + c;
    const wide terms = scale + 2 * std::sqrt(dot_wide(dx, dx) * a) * tw + a * tw * tw;
    check(std::abs(residual) <= tolerance<T>(terms), "time_to_contact: |dx + dv t| != sigma at t");
    check(a * tw + b <= tolerance<T>(std::sqrt(dot_wide(dx, dx) * a) + a * tw),
          "time_to_contact: not the first contact (separating at t)");
  }
}

/// Straight and parabolic flight towards a wall of any orientation.
template <class T, std::size_t D>
void wall(fuzz_input& in) {
  const auto normal = in.unit<T, D>();
  const auto wall = carom::plane<T, D>{normal, in.uniform(T(-10), T(10))};
  const auto x = in.vector<T, D>(T(-10), T(10));
  const auto v = in.signed_vector<T, D>(T(1e-3), T(10));
  const T radius = in.log_uniform(T(1e-2), T(5));
  const bool gravity = in.chance(128);
  const auto g = gravity ? in.signed_vector<T, D>(T(1e-2), T(100)) : carom::vec<T, D>{};
  const T t = gravity ? carom::time_to_plane(wall, x, v, radius, g)
                      : carom::time_to_plane(wall, x, v, radius);
  check_time(t);
  const wide h = dot_wide(wall.normal, x) - wide(wall.offset) - wide(radius);  // the gap
  const wide u = -dot_wide(wall.normal, v), acc = -dot_wide(wall.normal, g);
  // The size of the gap's terms, not of the gap: n·x cancels (a float
  // sphere 0.0015 from a wall through the origin at |x| ≈ 10 has its gap
  // known to ε·10 only).
  wide terms = 0;
  for (std::size_t a = 0; a < D; ++a) terms += std::abs(wide(wall.normal[a]) * wide(x[a]));
  const wide scale = terms + std::abs(wide(wall.offset)) + radius;
  const wide speed = std::sqrt(dot_wide(v, v)), pull = std::sqrt(dot_wide(g, g));
  if (t == carom::infinity<T>) {
    if (h > tolerance<T>(scale)) {
      // Apart: it must never reach the wall (allowing tangential grazes).
      const bool reaches = acc > tolerance<T>(pull) ||
                           (u > tolerance<T>(speed) &&
                            u * u + 2 * acc * h > tolerance<T>(u * u + 2 * std::abs(acc) * h));
      check(!reaches, "time_to_plane returned +inf for a sphere that reaches the wall");
    } else if (h < -tolerance<T>(scale)) {  // within ±tolerance: either reading is right
      check(u <= tolerance<T>(speed) && acc <= tolerance<T>(pull),
            "time_to_plane returned +inf for an overlapping sphere that is pushed into the wall");
    }
  } else if (h > tolerance<T>(scale) && t > T(0)) {
    const wide tw = t;
    const wide residual = h - u * tw - acc * tw * tw / 2;
        check(std::abs(residual) <= tolerance<T>(scale + speed * tw + pull * tw * tw),
          "time_to_plane: the sphere does not touch the wall at t");
    check(u + acc * tw >= -tolerance<T>(speed + pull * tw),
          "time_to_plane: the sphere moves away from the wall at t (not the first contact)");
  } else if (t == T(0)) {
    check(h <= tolerance<T>(scale), "time_to_plane returned 0 for a sphere clear of the wall");
  }
}

/// Exit from an axis-aligned cell through the face the result names.
template <class T, std::size_t D>
void cell(fuzz_input& in) {
  const auto lower = in.vector<T, D>(T(-10), T(10));
  carom::vec<T, D> upper{}, x{};
  for (std::size_t a = 0; a < D; ++a) {
    upper[a] = lower[a] + in.log_uniform(T(1e-2), T(10));
    x[a] = in.uniform(lower[a], upper[a]);
  }
  const auto v = in.signed_vector<T, D>(T(1e-3), T(10));
  const bool gravity = in.chance(128);
  const auto g = gravity ? in.signed_vector<T, D>(T(1e-2), T(100)) : carom::vec<T, D>{};
  const auto exit = gravity ? carom::time_to_leave_cell(x, v, g, lower, upper)
                            : carom::time_to_leave_cell(x, v, lower, upper);
  check_time(exit.time);
  if (exit.time == carom::infinity<T>) {
    check(v == carom::vec<T, D>{} && g == carom::vec<T, D>{},
          "time_to_leave_cell returned +inf for a moving point");
    return;
  }
  check(exit.axis < D && (exit.direction == 1 || exit.direction == -1),
        "time_to_leave_cell: bad face");
  const wide tw = exit.time;
  for (std::size_t a = 0; a < D; ++a) {
    const wide at = wide(x[a]) + wide(v[a]) * tw + wide(g[a]) * tw * tw / 2;
    const wide scale = std::abs(wide(x[a])) + std::abs(wide(lower[a])) + std::abs(wide(upper[a])) +
                       std::abs(wide(v[a])) * tw + std::abs(wide(g[a])) * tw * tw;
    if (a == exit.axis) {
      const wide face = exit.direction > 0 ? wide(upper[a]) : wide(lower[a]);
      check(std::abs(at - face) <= tolerance<T>(scale),
            "time_to_leave_cell: not on the face named at t");
    } else {
      check(at >= wide(lower[a]) - tolerance<T>(scale) && at <= wide(upper[a]) + tolerance<T>(scale),
            "time_to_leave_cell: left through another face before t");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz_input in(data, size);
  const std::size_t solver = in.choice(3);
  carom_fuzz::with_config(in, [&]<class T, std::size_t D>() {
    if (solver == 0) pair<T, D>(in);
    else if (solver == 1) wall<T, D>(in);
    else cell<T, D>(in);
  });
  return 0;
}
