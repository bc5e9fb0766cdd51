// SPDX-License-Identifier: MIT
#pragma once
/// The two parameters every carom template shares: the scalar type and the
/// spatial dimension. A misuse (`vec<int, 3>`, `vec<double, 4>`) fails with a
/// short error naming `carom::scalar` or `carom::dimension`.

#include <concepts>
#include <cstddef>

namespace carom {

/// A floating-point scalar: float, double or long double.
template <class T>
concept scalar = std::floating_point<T>;

// dimension is one atomic constraint, not the disjunction D == 2 || D == 3:
// for a disjunction g++ reports only "no operand of the disjunction is
// satisfied", for this it prints the expression and D ("the expression
// 'static_cast<bool>(D == 2 || D == 3) [with D = 4]' evaluated to 'false'").
/// A spatial dimension carom simulates: 2 (disks) or 3 (spheres).
template <std::size_t D>
concept dimension = static_cast<bool>(D == 2 || D == 3);

}  // namespace carom
