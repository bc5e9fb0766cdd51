// SPDX-License-Identifier: MIT
// An elastic (α = 0), frictionless dense granular gas in a periodic box
// under velocity Verlet at the default time step: the total energy
// (kinetic + Hertz elastic δ^{5/2} energy) is conserved over 10^5 steps
// and the momentum to round-off.
// Bounds: velocity Verlet is symplectic, its energy error is bounded and
// O(dt²): with 1000 steps per (fastest) contact the worst relative error
// over the run measured 2.6e-7 (double) and 1.1e-4 (float, round-off of
// positions and of the energy sums); we allow 1e-5 and 1e-3.
// Momentum: every pair force is applied as +f and −f, so momentum changes
// only by round-off, bounded by N steps × eps × Σ m |v|.
#include <carom/engines/dem/dem.hpp>

#include <catch2/catch.hpp>
#include <cmath>

#include "support.hpp"

TEMPLATE_LIST_TEST_CASE("DEM elastic gas conserves energy and momentum", "[dem]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  constexpr int side = D == 3 ? 3 : 5;  // 27 spheres, 25 disks
  const T spacing = T(0.021);            // diameter 0.02: dense
  const auto box = carom::box<T, D>::cube(T(side) * spacing, carom::boundary::periodic);
  carom::particles<T, D> ps;
  for (int k = 0; k < (D == 3 ? side : 1); ++k)
    for (int j = 0; j < side; ++j)
      for (int i = 0; i < side; ++i) {
        carom::vec<T, D> x{};
        x[0] = spacing * (T(i) + T(0.5));
        x[1] = spacing * (T(j) + T(0.5));
        if constexpr (D == 3) x[2] = spacing * (T(k) + T(0.5));
        ps.add({.position = x,
                .velocity = carom_test::random_vec<T, D>(T(-1), T(1)),
                .radius = T(0.01),
                .mass = T(0.01) * (T(1) + T((i + j + k) % 3) / T(2))});  // unequal masses
      }
  // Zero total momentum is not needed: the check is on its change.
  using engine =
      carom::dem<T, D, carom::hertz<T>,
                          carom::dem_policies<carom::velocity_verlet, carom::frictionless>>;
  const carom::hertz<T> law(carom::contact_law_params<T>{.stiffness = T(1e7), .damping = T(0)});
  engine e(box, ps, {.pair_law = law, .max_impact_speed = T(3)});
  const double energy0 = double(e.kinetic_energy() + e.elastic_energy());
  const auto momentum0 = e.momentum();
  double scale = 0;
  for (std::size_t i = 0; i < e.size(); ++i)
    scale += double(e.masses()[i]) * double(carom::norm(e.velocities()[i]));
  double worst = 0;
  for (int block = 0; block < 100; ++block) {
    e.run(1000);
    const double energy = double(e.kinetic_energy() + e.elastic_energy());
    worst = std::max(worst, std::abs(energy - energy0) / energy0);
  }
  CHECK(e.steps() == 100000);
  CHECK(e.neighbours().builds() > 10);
  const double bound = std::is_same_v<T, double> ? 1e-5 : 1e-3;
  CHECK(worst < bound);
  const double momentum_drift = double(carom::norm(e.momentum() - momentum0));
  CHECK(momentum_drift < 1e5 * double(carom_test::eps<T>) * scale);
  INFO("worst relative energy error " << worst);
}
