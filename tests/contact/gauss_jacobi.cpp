// SPDX-License-Identifier: MIT
#include <carom/contact/detail/gauss_jacobi.hpp>

#include <catch2/catch.hpp>
#include <cmath>

namespace {
// ∫_{−1}^{1} (1−u)^a (1+u)^b (1+u)^j du = 2^{a+b+j+1} B(a+1, b+j+1).
double exact_moment(double a, double b, int j) {
  return std::exp2(a + b + j + 1) *
         std::exp(std::lgamma(a + 1) + std::lgamma(b + j + 1) - std::lgamma(a + b + j + 2));
}
}  // namespace

TEST_CASE("Gauss–Legendre nodes and weights (a = b = 0)", "[contact][gauss_jacobi]") {
  const auto rule = carom::detail::make_gauss_jacobi_rule<3>(0.0, 0.0);
  // Nodes 0, ±√(3/5); weights 8/9, 5/9.
  double sum = 0;
  for (std::size_t i = 0; i < 3; ++i) {
    const double u = rule.nodes[i], w = rule.weights[i];
    sum += w;
    if (std::abs(u) < 0.1) {
      CHECK(u == Approx(0.0).margin(1e-15));
      CHECK(w == Approx(8.0 / 9).epsilon(1e-14));
    } else {
      CHECK(std::abs(u) == Approx(std::sqrt(0.6)).epsilon(1e-14));
      CHECK(w == Approx(5.0 / 9).epsilon(1e-14));
    }
  }
  CHECK(sum == Approx(2.0).epsilon(1e-15));
}

TEST_CASE("Gauss–Jacobi rules integrate degree ≤ 2n−1 exactly, singular weights included",
          "[contact][gauss_jacobi]") {
  for (const double a : {0.0, -0.2, -1.0 / 3, -0.5, -0.8})
    for (const double b : {0.0, -0.2, -0.5, -0.8}) {
      const auto rule = carom::detail::make_gauss_jacobi_rule<16>(a, b);
      for (int j = 0; j <= 31; ++j) {
        double sum = 0;
        for (std::size_t i = 0; i < 16; ++i)
          sum += rule.weights[i] * std::pow(1 + rule.nodes[i], j);
        INFO("a = " << a << ", b = " << b << ", degree " << j);
        CHECK(sum == Approx(exact_moment(a, b, j)).epsilon(1e-13));
      }
      for (std::size_t i = 0; i < 16; ++i) {
        CHECK(std::abs(rule.nodes[i]) < 1.0);
        CHECK(rule.weights[i] > 0.0);
      }
    }
}

TEST_CASE("Gauss–Jacobi converges geometrically on analytic integrands",
          "[contact][gauss_jacobi]") {
  // ∫_0^π sin(θ)^γ dθ = B(1/2, (γ+1)/2): weight (θ(π−θ))^γ, analytic rest.
  for (const double gamma : {-0.2, -1.0 / 3, -0.5}) {
    const auto rule = carom::detail::make_gauss_jacobi_rule<16>(gamma, gamma);
    double sum = 0;
    for (std::size_t i = 0; i < 16; ++i) {
      const double theta = M_PI / 2 * (1 + rule.nodes[i]);
      const double distance = theta * (M_PI - theta);
      sum += rule.weights[i] * std::pow(std::sin(theta) / distance, gamma);
    }
    sum *= std::pow(M_PI / 2, 1 + 2 * gamma);
    const double exact =
        std::exp(std::lgamma(0.5) + std::lgamma((gamma + 1) / 2) - std::lgamma(gamma / 2 + 1));
    CHECK(sum == Approx(exact).epsilon(1e-14));
  }
}
