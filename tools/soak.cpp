// SPDX-License-Identifier: MIT
// Soak runs (docs/reliability.md): long runs that look for rare failures a
// unit test is too short to meet. Each scenario reports the largest
// overlap, escapes (centres outside the box), energy drift and events
// reported before an earlier one. Counts scale with the options:
//   soak [--ed=COLLISIONS] [--dilute=COLLISIONS] [--dem=STEPS] [--n=SIDE]
// (full length: --ed=1e8 --dilute=1e7 --dem=1e7).
#include <carom/carom.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <limits>
#include <numbers>
#include <random>
#include <span>

namespace {

using V3 = carom::vec<double, 3>;
constexpr double eps = std::numeric_limits<double>::epsilon();

/// Every scenario checks every pair (all N²/2 of them, positions
/// synchronised), the walls and the energy at this many evenly spaced
/// points of its run.
constexpr std::uint64_t checkpoints = 1000;

/// Largest σ_ij − d_ij in units of ε σ_ij (ulps of σ), over all pairs.
double overlap_ulps(const carom::box<double, 3>& box, const carom::particles<double, 3>& p) {
  double worst = -std::numeric_limits<double>::infinity();
  const auto x = p.positions();
  const auto r = p.radii();
  for (std::size_t i = 0; i < x.size(); ++i)
    for (std::size_t j = i + 1; j < x.size(); ++j) {
      const double sigma = r[i] + r[j];
      worst = std::max(worst, (sigma - carom::norm(box.minimum_image(x[j] - x[i]))) / (eps * sigma));
    }
  return worst;
}

/// Centres outside the box along a walled axis.
std::size_t escapes(const carom::box<double, 3>& box, std::span<const V3> x) {
  std::size_t n = 0;
  for (const auto& xi : x)
    for (std::size_t a = 0; a < 3; ++a)
      if (!box.is_periodic(a) && (xi[a] < box.lower()[a] || xi[a] > box.upper()[a])) ++n;
  return n;
}

/// A simple cubic lattice of side^3 spheres of diameter σ in a box of
/// side `side` (lattice spacing 1), random velocities of zero mean.
carom::particles<double, 3> lattice(std::size_t side, double sigma, double speed, std::mt19937_64& rng) {
  std::normal_distribution<double> gauss(0.0, speed);
  carom::particles<double, 3> p;
  V3 mean{};
  for (std::size_t i = 0; i < side; ++i)
    for (std::size_t j = 0; j < side; ++j)
      for (std::size_t k = 0; k < side; ++k) {
        const V3 v{gauss(rng), gauss(rng), gauss(rng)};
        mean += v;
        p.add({.position = {double(i) + 0.5, double(j) + 0.5, double(k) + 0.5}, .velocity = v, .radius = sigma / 2, .mass = 1});
      }
  mean = mean / double(p.size());
  carom::particles<double, 3> q;
  for (std::size_t i = 0; i < p.size(); ++i)
    q.add({.position = p.positions()[i], .velocity = p.velocities()[i] - mean,
           .radius = p.radii()[i], .mass = 1});
  return q;
}

struct time_order {
  double last = 0;
  std::uint64_t in_the_past = 0;
  void operator()(double t) {
    if (t < last) ++in_the_past;
    last = std::max(last, t);
  }
};

double potential(const V3& g, std::span<const V3> x, std::span<const double> m) {
  double u = 0;
  for (std::size_t i = 0; i < x.size(); ++i) u -= m[i] * carom::dot(g, x[i]);
  return u;
}

/// Event-driven elastic hard spheres at φ = 0.45, fully periodic.
void dense(std::uint64_t collisions, std::size_t side) {
  std::mt19937_64 rng(45);
  const double sigma = std::cbrt(0.45 * 6 / std::numbers::pi);  // φ = (π/6) σ³ at spacing 1
  const auto box = carom::box<double, 3>::cube(double(side), carom::boundary::periodic);
  carom::event_driven<double, 3> sim(box, lattice(side, sigma, 1.0, rng));
  const double k0 = sim.kinetic_energy();
  time_order order;
  double worst = -std::numeric_limits<double>::infinity(), drift = 0;
  for (std::uint64_t c = 0; c < checkpoints; ++c) {
    sim.run(collisions / checkpoints, [&](const auto& r) { order(double(r.time)); });
    worst = std::max(worst, overlap_ulps(box, sim.state()));
    drift = std::max(drift, std::abs(sim.kinetic_energy() - k0) / k0);
  }
  std::printf("dense   N=%u phi=0.45 collisions=%llu events=%llu: largest overlap %.3g ulps of sigma, "
              "|dK|/K max %.3g, events in the past %llu\n",
              sim.size(), (unsigned long long)sim.pair_collisions(), (unsigned long long)sim.events(),
              worst, drift, (unsigned long long)order.in_the_past);
}

/// Event-driven dilute inelastic gas (e = 0.9, collapse guard) under
/// gravity in a walled box.
void dilute(std::uint64_t collisions, std::size_t side) {
  std::mt19937_64 rng(5);
  const double sigma = std::cbrt(0.05 * 6 / std::numbers::pi);
  const auto box = carom::box<double, 3>::cube(double(side), carom::boundary::wall);
  const V3 g{0, 0, -1};
  using resolver = carom::constant_restitution<double>;
  carom::event_driven<double, 3, resolver>::params p{.gravity = g, .resolver = resolver(0.9)};
  p.collapse_guard_time = 1e-4;
  const auto initial = lattice(side, sigma, 2.0, rng);
  carom::event_driven<double, 3, resolver> sim(box, initial, p);
  auto energy = [&](const carom::particles<double, 3>& s) {
    return sim.kinetic_energy() + potential(g, s.positions(), s.masses());
  };
  const double e0 = sim.kinetic_energy() + potential(g, initial.positions(), initial.masses());
  time_order order;
  double worst = -std::numeric_limits<double>::infinity(), growth = 0;
  std::size_t escaped = 0;
  for (std::uint64_t c = 0; c < checkpoints; ++c) {
    sim.run(collisions / checkpoints, [&](const auto& r) { order(double(r.time)); });
    const auto& s = sim.state();
    worst = std::max(worst, overlap_ulps(box, s));
    escaped = std::max(escaped, escapes(box, s.positions()));
    growth = std::max(growth, (energy(s) - e0) / std::abs(e0));
  }
  std::printf("dilute  N=%u phi=0.05 e=0.9 g=1 collisions=%llu t=%.4g: largest overlap %.3g ulps of "
              "sigma, escapes %zu, energy growth max %.3g (of |E0|), events in the past %llu\n",
              sim.size(), (unsigned long long)sim.pair_collisions(), double(sim.time()), worst,
              escaped, growth, (unsigned long long)order.in_the_past);
}

/// DEM (carom::dem, Hertz, Mindlin friction) settling bed under gravity.
void dem(std::uint64_t steps, std::size_t side) {
  std::mt19937_64 rng(7);
  const double sigma = 0.9;
  const auto box = carom::box<double, 3>::cube(double(side), carom::boundary::wall);
  const V3 g{0, 0, -9.81};
  using law = carom::hertz<double>;
  carom::dem_params<double, 3, law> p{
      .pair_law = law::from_restitution(1e6, 0.7),
      .pair_tangential = {.friction = 0.5, .stiffness = 1e5, .damping = 0},
      .max_impact_speed = std::sqrt(2 * 9.81 * double(side)) + 1};
  p.gravity = g;
  const auto initial = lattice(side, sigma, 0.1, rng);
  carom::dem<double, 3, law> sim(box, initial, p);
  const double e0 = sim.kinetic_energy() + potential(g, initial.positions(), initial.masses());
  double deepest = 0, growth = 0;
  std::size_t escaped = 0;
  for (std::uint64_t c = 0; c < checkpoints; ++c) {
    sim.run(steps / checkpoints);
    const auto x = sim.positions();
    escaped = std::max(escaped, escapes(box, x));
    for (std::size_t i = 0; i < x.size(); ++i)
      for (std::size_t j = i + 1; j < x.size(); ++j)
        deepest = std::max(deepest, (sigma - carom::norm(x[j] - x[i])) / sigma);
    // Contact springs store energy too: only growth beyond the start counts.
    growth = std::max(growth, (sim.kinetic_energy() + potential(g, x, initial.masses()) - e0) / std::abs(e0));
  }
  std::printf("dem     N=%zu Hertz settling bed steps=%llu dt=%.3g: deepest overlap %.3g sigma, escapes "
              "%zu, energy growth max %.3g (of |E0|), final kinetic %.3g\n",
              initial.size(), (unsigned long long)(steps - steps % checkpoints), double(sim.time_step()),
              deepest, escaped, growth, sim.kinetic_energy());
}

std::uint64_t option(int argc, char** argv, const char* name, double fallback) {
  const std::size_t n = std::strlen(name);
  for (int i = 1; i < argc; ++i)
    if (std::strncmp(argv[i], name, n) == 0 && argv[i][n] == '=') return std::uint64_t(std::atof(argv[i] + n + 1));
  return std::uint64_t(fallback);
}

}  // namespace

int main(int argc, char** argv) try {
  const std::size_t side = option(argc, argv, "--n", 10);
  if (const auto n = option(argc, argv, "--ed", 1e8)) dense(n, side);
  if (const auto n = option(argc, argv, "--dilute", 1e7)) dilute(n, side);
  if (const auto n = option(argc, argv, "--dem", 1e7)) dem(n, std::min<std::size_t>(side, 8));
} catch (const std::exception& error) {
  std::fprintf(stderr, "soak: %s\n", error.what());
  return 1;
}
