// SPDX-License-Identifier: MIT
#pragma once
/// Gauss–Jacobi quadrature, the tool behind the contact-duration integral:
///   ∫_{−1}^{1} (1−u)^a (1+u)^b f(u) du ≈ Σ_i w_i f(u_i),
/// exact for polynomials f of degree ≤ 2n−1, and converging geometrically
/// for analytic f even when the weight is singular at the ends (a, b > −1).
/// Nodes and weights by Golub–Welsch: the nodes are the eigenvalues of the
/// symmetric tridiagonal Jacobi matrix of the monic Jacobi polynomials, the
/// weights μ0 z_i² with z_i the first component of each unit eigenvector
/// (implicit QL with Wilkinson shifts, only the first row of the
/// eigenvectors kept: O(n²)). Golub & Welsch, Math. Comp. 23 (1969) 221.

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>

#include "carom/core/concepts.hpp"

namespace carom::detail {

/// The n-point rule for the weight (1−u)^a (1+u)^b on [−1, 1].
template <scalar W, std::size_t N>
struct gauss_jacobi_rule {
  std::array<W, N> nodes;
  std::array<W, N> weights;
};

/// Builds the N-point Gauss–Jacobi rule; a, b > −1 (not checked). Nodes are
/// accurate to a few ulps, weights to a few ulps relative.
template <std::size_t N, scalar W>
[[nodiscard]] gauss_jacobi_rule<W, N> make_gauss_jacobi_rule(W a, W b) noexcept {
  static_assert(N >= 1);
  std::array<W, N> diagonal{}, off{}, first_row{};
  // Three-term recurrence of the monic Jacobi polynomials: diagonal α_k,
  // off-diagonal √β_k; the k = 0 and k = 1 terms are simplified so that
  // a + b = 0 or a + b = −1 cause no 0/0.
  const W ab = a + b;
  diagonal[0] = (b - a) / (ab + W(2));
  for (std::size_t k = 1; k < N; ++k) {
    const W kk = W(k), s = W(2) * kk + ab;
    diagonal[k] = (b * b - a * a) / (s * (s + W(2)));
    const W beta =
        k == 1 ? W(4) * (W(1) + a) * (W(1) + b) / ((ab + W(2)) * (ab + W(2)) * (ab + W(3)))
               : W(4) * kk * (kk + a) * (kk + b) * (kk + ab) / (s * s * (s + W(1)) * (s - W(1)));
    off[k - 1] = std::sqrt(beta);
  }
  first_row[0] = W(1);

  // Implicit QL (tqli), rotating only the first row of the eigenvectors.
  const int n = int(N);
  for (int l = 0; l < n; ++l) {
    for (int iteration = 0; iteration < 60; ++iteration) {
      int m = l;
      for (; m < n - 1; ++m) {
        const W scale = std::abs(diagonal[m]) + std::abs(diagonal[m + 1]);
        if (std::abs(off[m]) <= std::numeric_limits<W>::epsilon() * scale) break;
      }
      if (m == l) break;
      W g = (diagonal[l + 1] - diagonal[l]) / (W(2) * off[l]);
      W r = std::sqrt(g * g + W(1));
      g = diagonal[m] - diagonal[l] + off[l] / (g + std::copysign(r, g));
      W s = W(1), c = W(1), p = W(0);
      int i = m - 1;
      for (; i >= l; --i) {
        const W f = s * off[i], h = c * off[i];
        r = std::sqrt(f * f + g * g);
        off[i + 1] = r;
        if (r == W(0)) {
          diagonal[i + 1] -= p;
          off[m] = W(0);
          break;
        }
        s = f / r;
        c = g / r;
        g = diagonal[i + 1] - p;
        r = (diagonal[i] - g) * s + W(2) * c * h;
        p = s * r;
        diagonal[i + 1] = g + p;
        g = c * r - h;
        const W z = first_row[i + 1];
        first_row[i + 1] = s * first_row[i] + c * z;
        first_row[i] = c * first_row[i] - s * z;
      }
      if (r == W(0) && i >= l) continue;
      diagonal[l] -= p;
      off[l] = g;
      off[m] = W(0);
    }
  }

  // μ0 = ∫ (1−u)^a (1+u)^b du = 2^{a+b+1} Γ(a+1) Γ(b+1) / Γ(a+b+2).
  const W mu0 =
      std::exp2(ab + W(1)) * std::tgamma(a + W(1)) * std::tgamma(b + W(1)) / std::tgamma(ab + W(2));
  gauss_jacobi_rule<W, N> rule{};
  for (std::size_t i = 0; i < N; ++i) {
    rule.nodes[i] = diagonal[i];
    rule.weights[i] = mu0 * first_row[i] * first_row[i];
  }
  return rule;
}

}  // namespace carom::detail
