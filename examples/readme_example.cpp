#include <carom/carom.hpp>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <random>
#include <string_view>

int main(int argc, char** argv) try {
  if (argc > 1) {  // no flags: --help prints the usage, anything else is an error
    const bool help = std::string_view(argv[1]) == "--help" || std::string_view(argv[1]) == "-h";
    std::fprintf(help ? stdout : stderr, "usage: readme_example   (it takes no flags)\n");
    return help ? 0 : 2;
  }
  // 4 x 10^3 elastic hard spheres (sigma = m = kT = 1) on an FCC lattice in a periodic cube.
  auto [box, spheres] = carom::lattice<double, 3>(10, /*packing fraction=*/0.3, carom::boundary::periodic);
  std::mt19937_64 rng(1);
  carom::maxwell_boltzmann(spheres, /*temperature=*/1.0, rng);

  carom::event_driven<double, 3> sim(box, spheres);   // exact collision times, O(1) per event
  sim.run_until(10.0);                                  // equilibrate
  sim.reset_observables();
  std::uint64_t hard_hits = 0;                          // an observer sees every collision
  sim.run_until(20.0, [&](const carom::collision_record<double, 3>& c) { hard_hits += c.impulse > 3; });

  // A soft contact calibrated to e = 0.8: Hertz, k = 1e6 N/m^1.5, exact damping.
  const auto law = carom::hertz<double>::from_restitution(1e6, 0.8);
  std::printf("%llu collisions (%llu hard), P = %.4f; Hertz alpha = %.6f, contact time %.3g s\n",
              (unsigned long long)sim.pair_collisions(), (unsigned long long)hard_hits,
              (double)sim.pressure(), law.damping(),
              carom::contact_duration(law, /*effective_mass=*/1e-3, /*impact_speed=*/1.0));
} catch (const std::exception& error) {  // carom rejects bad input with carom::invalid_input
  std::fprintf(stderr, "error: %s\n", error.what());
  return 1;
}
