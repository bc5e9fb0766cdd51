// SPDX-License-Identifier: MIT
#pragma once
// The DEM settled-bed benchmark case (docs/performance.md): glass beads
// (d = 2 mm, 2500 kg/m³) on a simple-cubic lattice of spacing 1.1 d with a
// jitter of ±0.02 d per component and velocities within ±0.1 m/s per
// component (splitmix64, seed 20240521, draws jx jy jz vx vy vz per
// particle, u = (next >> 11) 2^-53; i fastest, then j, then k), and LAMMPS'
// gran/hertz/history law ("HC") as a user-defined carom contact law. The
// same draws written to a LAMMPS data file give LAMMPS the same bed.
#include <carom/engines/dem/dem.hpp>

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <vector>

namespace dem_scene {

constexpr double diameter = 2.0e-3;  // m
constexpr double density = 2500.0;   // kg/m³
constexpr double spacing = 1.1 * diameter;
constexpr double jitter = 0.02 * diameter;
constexpr double max_speed = 0.1;  // m/s per component
constexpr double pi = 3.141592653589793;
constexpr double mass = density * pi * diameter * diameter * diameter / 6.0;

/// splitmix64, seeded with 20240521.
struct splitmix64 {
  std::uint64_t state = 20240521u;
  std::uint64_t next() noexcept {
    state += 0x9E3779B97F4A7C15ull;
    std::uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  double uniform() noexcept { return double(next() >> 11) * (1.0 / 9007199254740992.0); }
};

template <class T>
struct bed {
  carom::box<T, 3> box;
  carom::particles<T, 3> particles;
};

/// nx × ny × nz spheres in the box [0, nx a] × [0, ny a] × [0, 2 nz a].
template <class T>
bed<T> lattice(int nx, int ny, int nz) {
  splitmix64 rng;
  carom::particles<T, 3> ps;
  ps.reserve(std::size_t(nx) * std::size_t(ny) * std::size_t(nz));
  for (int k = 0; k < nz; ++k)
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i) {
        const double x = (i + 0.5) * spacing + jitter * (2 * rng.uniform() - 1);
        const double y = (j + 0.5) * spacing + jitter * (2 * rng.uniform() - 1);
        const double z = (k + 0.5) * spacing + jitter * (2 * rng.uniform() - 1);
        const double vx = max_speed * (2 * rng.uniform() - 1);
        const double vy = max_speed * (2 * rng.uniform() - 1);
        const double vz = max_speed * (2 * rng.uniform() - 1);
        ps.add({.position = {T(x), T(y), T(z)},
                .velocity = {T(vx), T(vy), T(vz)},
                .radius = T(diameter / 2),
                .mass = T(mass)});
      }
  const carom::vec<T, 3> upper{T(nx * spacing), T(ny * spacing), T(2 * nz * spacing)};
  carom::box<T, 3> box({}, upper, {carom::boundary::wall, carom::boundary::wall,
                                   carom::boundary::wall});
  return {box, std::move(ps)};
}

/// LAMMPS gran/hertz/history's normal force with R* folded in:
///   F = √(R* δ)(kₙ δ + m* γₙ δ') = k δ^{3/2} + m γ √δ δ',
/// k = kₙ √R*, γ = γₙ √R*. A carom::contact_law by its interface; its
/// damping is not of Tsuji's form, so damping() reports α = 0 and the
/// engine's time-step check is the undamped bound.
template <class T>
struct hertz_history_law {
  using convention = carom::unclipped;
  T k;
  T gamma;
  [[nodiscard]] T force(T overlap, T rate, T effective_mass) const noexcept {
    const T root = std::sqrt(overlap);
    return root * (k * overlap + effective_mass * gamma * rate);
  }
  [[nodiscard]] static constexpr T exponent() noexcept { return T(1.5); }
  [[nodiscard]] constexpr T stiffness() const noexcept { return k; }
  [[nodiscard]] static constexpr T damping() noexcept { return T(0); }
};
static_assert(carom::contact_law<hertz_history_law<double>, double>);

/// The HC parameters: kₙ = 7e6, kₜ = 2/7 kₙ, γₙ = 4.7e7, γₜ = γₙ/2, μ = 0.5,
/// walls with R* = R, m* = m; gravity 9.81 along −z, dt 1e-5, skin 2e-4.
template <class T>
using engine = carom::dem<T, 3, hertz_history_law<T>, carom::velocity_verlet>;

template <class T>
typename engine<T>::params hc_params() {
  const double kn = 7.0e6, gn = 4.7e7;
  const double pair_root = std::sqrt(diameter / 4), wall_root = std::sqrt(diameter / 2);
  return {.pair_law = hertz_history_law<T>{T(kn * pair_root), T(gn * pair_root)},
          .wall_law = hertz_history_law<T>{T(kn * wall_root), T(gn * wall_root)},
          .pair_tangential = {.friction = T(0.5), .stiffness = T(2.0 / 7.0 * kn),
                              .damping = T(gn / 2)},
          .gravity = {T(0), T(0), T(-9.81)},
          .max_impact_speed = T(1.5),
          .time_step = T(1e-5),
          .skin = T(2e-4)};
}

/// Stage A of the settled-bed case: steps settling from the lattice.
constexpr int stage_a_steps = 15000;

template <class T>
std::unique_ptr<engine<T>> fresh(int nx, int ny, int nz) {
  const auto b = lattice<T>(nx, ny, nz);
  return std::make_unique<engine<T>>(b.box, b.particles, hc_params<T>());
}

/// The bed `fresh` makes, after stage A (run once per size, engine type
/// and maker, then copied).
template <auto Fresh>
const auto& settled_by(int nx, int ny, int nz) {
  static std::map<int, decltype(Fresh(nx, ny, nz))> cache;
  auto& slot = cache[nx * 1000000 + ny * 1000 + nz];
  if (!slot) {
    slot = Fresh(nx, ny, nz);
    slot->run(stage_a_steps);
  }
  return *slot;
}

template <class T>
const engine<T>& settled(int nx, int ny, int nz) {
  return settled_by<fresh<T>>(nx, ny, nz);
}

// ---- the two-species polydisperse bed ----------------------------------
//
// Two materials mixed at random on a lattice of spacing 1.1 × the largest
// diameter (2.42 mm), each particle drawing, after the draws above, u_s
// (species 1 when u_s ≥ 1/2) and u_d (its diameter d_s (0.9 + 0.2 u_d)):
//   species 0: d = 2.0 mm ± 10 %, 2500 kg/m³, E = 1e7 Pa, ν = 0.25, e = 0.5, μ = 0.5;
//   species 1: d = 1.6 mm ± 10 %, 7800 kg/m³, E = 2e7 Pa, ν = 0.3,  e = 0.7, μ = 0.3.
// Hertz from E* and R* with damping calibrated to the pair's e (mixed by
// the geometric mean), Mindlin's k_t = 8 G* a without tangential damping;
// the walls are of species 0's material, with e = 0.5 and μ = 0.5 against
// both species (as one LAMMPS fix wall/gran granular model).

/// One species of the two-species bed.
struct species_spec {
  double diameter;  // m, the mean
  double density;   // kg/m³
  double youngs_modulus, poisson_ratio, restitution, friction;
};
constexpr species_spec two_species[2] = {{2.0e-3, 2500, 1e7, 0.25, 0.5, 0.5},
                                         {1.6e-3, 7800, 2e7, 0.3, 0.7, 0.3}};
constexpr double two_species_spacing = 1.1 * 1.1 * 2.0e-3;

/// nx × ny × nz spheres of both species in [0, nx a] × [0, ny a] × [0, 2 nz a].
template <class T>
bed<T> two_species_lattice(int nx, int ny, int nz) {
  splitmix64 rng;
  carom::particles<T, 3> ps;
  ps.reserve(std::size_t(nx) * std::size_t(ny) * std::size_t(nz));
  constexpr double a = two_species_spacing;
  for (int k = 0; k < nz; ++k)
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i) {
        double u[8];
        for (double& x : u) x = rng.uniform();
        const carom::species_index s = u[6] < 0.5 ? 0 : 1;
        const double radius = two_species[s].diameter * (0.9 + 0.2 * u[7]) / 2;
        ps.add({.position = {T((i + 0.5) * a + jitter * (2 * u[0] - 1)),
                             T((j + 0.5) * a + jitter * (2 * u[1] - 1)),
                             T((k + 0.5) * a + jitter * (2 * u[2] - 1))},
                .velocity = {T(max_speed * (2 * u[3] - 1)), T(max_speed * (2 * u[4] - 1)),
                             T(max_speed * (2 * u[5] - 1))},
                .radius = T(radius),
                .mass = carom::solid_mass<3>(T(two_species[s].density), T(radius)),
                .species = s});
      }
  const carom::vec<T, 3> upper{T(nx * a), T(ny * a), T(2 * nz * a)};
  carom::box<T, 3> box({}, upper, {carom::boundary::wall, carom::boundary::wall,
                                   carom::boundary::wall});
  return {box, std::move(ps)};
}

template <class T>
using material_engine = carom::dem<T, 3, carom::hertz<T>, carom::velocity_verlet>;

template <class T>
typename material_engine<T>::params two_species_params() {
  std::vector<carom::material<T>> species;
  for (const auto& s : two_species)
    species.push_back({.youngs_modulus = T(s.youngs_modulus), .poisson_ratio = T(s.poisson_ratio),
                       .density = T(s.density), .restitution = T(s.restitution),
                       .friction = T(s.friction)});
  carom::material_table<T> table(species, species[0]);
  table.set_wall_pair(1, {.restitution = T(0.5), .friction = T(0.5)});
  return {.gravity = {T(0), T(0), T(-9.81)},
          .max_impact_speed = T(1.5),
          .time_step = T(1e-5),
          .skin = T(2e-4),
          .materials = std::move(table)};
}

template <class T>
std::unique_ptr<material_engine<T>> fresh_two_species(int nx, int ny, int nz) {
  const auto b = two_species_lattice<T>(nx, ny, nz);
  return std::make_unique<material_engine<T>>(b.box, b.particles, two_species_params<T>());
}

/// The two-species bed after stage A (run once per size and scalar).
template <class T>
const material_engine<T>& settled_two_species(int nx, int ny, int nz) {
  return settled_by<fresh_two_species<T>>(nx, ny, nz);
}

}  // namespace dem_scene
