// SPDX-License-Identifier: MIT
// The event-driven engine against the hard-sphere (3D) and hard-disk (2D)
// fluid: equation of state, Enskog collision frequency, Haff's cooling law.
#include <carom/engines/event_driven/event_driven.hpp>
#include <carom/setup/initial_states.hpp>

#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "support.hpp"

namespace {

/// Contact value of the pair distribution: Carnahan–Starling (3D),
/// Henderson (2D).
template <std::size_t D>
double contact_value(double phi) {
  return D == 3 ? (1 - phi / 2) / std::pow(1 - phi, 3) : (1 - 7 * phi / 16) / std::pow(1 - phi, 2);
}

/// Compressibility factor Z = PV/(N kT) = 1 + 2^(D−1) φ g(σ): Carnahan–Starling
/// (1 + φ + φ² − φ³)/(1 − φ)³ in 3D, Henderson (1 + φ²/8)/(1 − φ)² in 2D.
template <std::size_t D>
double compressibility(double phi) {
  return 1 + (D == 3 ? 4 : 2) * phi * contact_value<D>(phi);
}

/// Enskog collision frequency per particle, σ = m = kT = 1:
/// 4 ρ σ² g √(π kT/m) in 3D, 2 ρ σ g √(π kT/m) in 2D.
template <std::size_t D>
double enskog_frequency(double phi) {
  const double rho = phi / carom::particle_volume<D>(0.5);
  return (D == 3 ? 4 : 2) * rho * contact_value<D>(phi) * std::sqrt(carom::pi<double>);
}

template <std::size_t D>
struct fluid_measurement {
  double z;
  double frequency;
};

/// Equilibrates 20 collisions per particle, then measures over 200.
template <std::size_t D>
fluid_measurement<D> measure(double phi) {
  const std::size_t n = D == 3 ? 8 : 40;  // 2048 spheres, 1600 disks
  auto scene = carom::lattice<double, D>(n, phi, carom::boundary::periodic);
  carom::maxwell_boltzmann(scene.particles, 1.0, carom_test::rng());
  carom::event_driven<double, D> sim(scene.container, scene.particles);
  const double count = double(sim.size());
  sim.run(std::uint64_t(10 * count));
  sim.reset_observables();
  sim.run(std::uint64_t(100 * count));
  const double density = count / scene.container.volume();
  const double temperature = 2 * sim.kinetic_energy() / (D * count);
  return {sim.pressure() / (density * temperature),
          2 * double(sim.pair_collisions()) / (count * sim.observation_time())};
}

}  // namespace

// Tolerance 2 %: statistical error of 2·10^5 collisions is
// ~0.3 %, finite-size effects at N ≈ 2000 ~0.2 %, and Carnahan–Starling /
// Henderson themselves are within 0.5 % of simulation data at these φ.
TEST_CASE("hard spheres: Carnahan-Starling pressure and Enskog collision rate", "[validation]") {
  for (const double phi : {0.2, 0.4}) {
    const auto m = measure<3>(phi);
    INFO("phi = " << phi);
    CHECK(m.z == Approx(compressibility<3>(phi)).epsilon(0.02));
    CHECK(m.frequency == Approx(enskog_frequency<3>(phi)).epsilon(0.02));
  }
}

TEST_CASE("hard disks: Henderson pressure and Enskog collision rate", "[validation]") {
  for (const double phi : {0.2, 0.5}) {
    const auto m = measure<2>(phi);
    INFO("phi = " << phi);
    CHECK(m.z == Approx(compressibility<2>(phi)).epsilon(0.02));
    CHECK(m.frequency == Approx(enskog_frequency<2>(phi)).epsilon(0.02));
  }
}

// Haff's law: with e < 1 a homogeneous granular gas cools as
// T(t) = T0 / (1 + t/t0)², t0 = 2D / ((1 − e²) ω_E(T0)), because each
// collision dissipates (1 − e²) kT on average and ω ∝ √T. It holds while
// the gas stays homogeneous: at φ = 0.05 and e = 0.9 clustering sets in after
// many t0; we check up to 2 t0. Tolerance 4 %: the Maxwellian start relaxes
// to the homogeneous cooling state (a few % on the rate), and N = 2048
// gives ~2 % noise on T.
TEMPLATE_TEST_CASE("Haff's cooling law for e = 0.9 at low density", "[validation]", float, double) {
  using T = TestType;
  auto check = [](auto dimension) {
    constexpr std::size_t D = decltype(dimension)::value;
    const double phi = 0.05, e = 0.9;
    auto scene = carom::lattice<T, D>(D == 3 ? 8 : 45, T(phi), carom::boundary::periodic);
    // Its own generator: the ~2 % noise on T is the same whatever tests ran first.
    std::mt19937_64 generator(20261202);
    carom::maxwell_boltzmann(scene.particles, T(1), generator);
    using engine = carom::event_driven<T, D, carom::constant_restitution<T>>;
    engine sim(scene.container, scene.particles, {.resolver = carom::constant_restitution<T>(T(e))});
    const double count = double(sim.size());
    const double t0 = 2 * D / ((1 - e * e) * enskog_frequency<D>(phi));
    for (const double t : {0.5 * t0, t0, 2 * t0}) {
      sim.run_until(t);
      const double temperature = 2 * double(sim.kinetic_energy()) / (D * count);
      INFO("D = " << D << ", t / t0 = " << t / t0);
      CHECK(temperature == Approx(1 / std::pow(1 + t / t0, 2)).epsilon(0.04));
    }
  };
  check(std::integral_constant<std::size_t, 3>{});
  check(std::integral_constant<std::size_t, 2>{});
}
