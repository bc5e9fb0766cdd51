// SPDX-License-Identifier: MIT
// carom::jkr::contact_radius (contact/adhesion.hpp) in two corners of the
// valid parameters where a direct Cardano root of δ = a²/R* − c√a fails:
//
//  1. Float, small contacts: the root's intermediate quantities (γR*²/E*
//     squared and cubed) leave float's normal range for micrometre
//     particles in SI units: E* = 10 GPa, R* = 1 µm, γ = 0.05 J/m².
//  2. Overlaps far beyond δ₀ (weak adhesion), where the root cancels as
//     (δ/δ₀)^{3/2} ε: float, E* = 100 MPa, R* = 1 mm, γ = 1e-4 and 1e-5
//     J/m² at δ up to 0.1 mm; double, γ = 1e-8 J/m².
//
// Each check is a backward error: a(δ) must satisfy δ = a²/R* − c√a,
// c = √(2πγ/E*), to a few ε of its terms (long double reference).

#include <carom/contact/adhesion.hpp>

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

namespace {

template <class T>
long double jkr_relative_residual(const carom::jkr<T>& law, T overlap) {
  using L = long double;
  const L R = law.effective_radius();
  const L c = std::sqrt(2 * 3.14159265358979323846L * L(law.work_of_adhesion()) /
                        L(law.youngs_modulus()));
  const L a = law.contact_radius(overlap);
  const L square = a * a / R, adhesive = c * std::sqrt(a);
  return std::abs(square - adhesive - L(overlap)) / (square + adhesive + std::abs(L(overlap)));
}

}  // namespace

TEST_CASE("jkr in float: micrometre contacts give a finite, accurate contact radius",
          "[contact][adhesion]") {
  const carom::jkr<float> law({.youngs_modulus = 1e10F, .effective_radius = 1e-6F,
                               .work_of_adhesion = 0.05F, .damping = 0.0F});
  const float overlap = law.equilibrium_overlap();
  CHECK(std::isfinite(law.contact_radius(overlap)));
  CHECK(std::isfinite(law.force(overlap, 0.0F, 1e-12F)));
  CHECK(jkr_relative_residual(law, overlap) <= 64 * std::numeric_limits<float>::epsilon());
}

TEST_CASE("jkr: overlaps far beyond the equilibrium overlap keep the contact radius accurate",
          "[contact][adhesion]") {
  const carom::jkr<float> weak({.youngs_modulus = 1e8F, .effective_radius = 1e-3F,
                                .work_of_adhesion = 1e-4F, .damping = 0.0F});
  CHECK(jkr_relative_residual(weak, 1e-5F) <= 64 * std::numeric_limits<float>::epsilon());
  CHECK(jkr_relative_residual(weak, 1e-4F) <= 64 * std::numeric_limits<float>::epsilon());
  const carom::jkr<float> weakest({.youngs_modulus = 1e8F, .effective_radius = 1e-3F,
                                   .work_of_adhesion = 1e-5F, .damping = 0.0F});
  CHECK(std::isfinite(weakest.force(1e-4F, 0.0F, 1.0F)));
  CHECK(jkr_relative_residual(weakest, 1e-4F) <= 64 * std::numeric_limits<float>::epsilon());
  const carom::jkr<double> weaker({.youngs_modulus = 1e8, .effective_radius = 1e-3,
                                   .work_of_adhesion = 1e-8, .damping = 0.0});
  CHECK(jkr_relative_residual(weaker, 1e-4) <= 64 * std::numeric_limits<double>::epsilon());
}
