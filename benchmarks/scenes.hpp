// SPDX-License-Identifier: MIT
#pragma once
/// Scene builders shared by the benchmarks (and usable by tests and
/// examples): seeded random sets of particle pairs, particles near walls and
/// particles in cells, built once, outside any timed loop.
///
/// Every builder is deterministic for a given seed and standard library
/// (the std:: distributions are implementation-defined; g++ and clang++ on
/// Debian share libstdc++). Units: radii ~ 0.5, so contact distances σ ~ 1;
/// velocity components are Gaussian with unit variance (k_BT = m = 1).

#include <carom/core/vec.hpp>
#include <carom/geometry/box.hpp>
#include <carom/geometry/plane.hpp>
#include <carom/particles/particles.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

namespace carom_scenes {

/// Seed used when a caller does not pick one.
inline constexpr std::uint64_t default_seed = 20261202;

/// What a pair of a pair scene does, decided when it is built.
enum class pair_kind : unsigned char {
  hit,       ///< approaching with impact parameter < σ: time_to_contact is finite
  grazing,   ///< approaching with impact parameter in (σ, 2σ): misses, +∞
  receding,  ///< moving apart: +∞
};

/// Fractions of the pair kinds; the rest are grazing misses.
struct pair_mix_params {
  double hit = 0.5;
  double receding = 0.25;
};

namespace detail {

template <class T, std::size_t D>
carom::vec<T, D> gaussian_vec(std::mt19937_64& rng) {
  std::normal_distribution<T> gauss(T(0), T(1));
  carom::vec<T, D> v{};
  for (std::size_t a = 0; a < D; ++a) v[a] = gauss(rng);
  return v;
}

template <class T, std::size_t D>
carom::vec<T, D> unit_vec(std::mt19937_64& rng) {
  for (;;) {
    const carom::vec<T, D> v = gaussian_vec<T, D>(rng);
    const T n = carom::norm(v);
    if (n > T(1e-3)) return v / n;
  }
}

/// A random unit vector perpendicular to the unit vector n.
template <class T, std::size_t D>
carom::vec<T, D> perpendicular_unit(const carom::vec<T, D>& n, std::mt19937_64& rng) {
  for (;;) {
    carom::vec<T, D> v = unit_vec<T, D>(rng);
    v -= carom::dot(v, n) * n;
    const T length = carom::norm(v);
    if (length > T(1e-2)) return v / length;
  }
}

template <class T>
T uniform(std::mt19937_64& rng, T lo, T hi) {
  return std::uniform_real_distribution<T>(lo, hi)(rng);
}

}  // namespace detail

/// n_pairs disjoint pairs among 2 n_pairs particles: pair k joins particle
/// first[k] = k with second[k], a random partner among the last n_pairs
/// particles (a random permutation), so a sweep over the pairs reads i
/// in order and j scattered, as a neighbour-list sweep does.
/// Centres of a pair are 1.1σ–3σ apart; the relative velocity has the speed
/// of two Maxwellian particles and is aimed so that the pair is a hit, a
/// grazing miss or receding with the fractions of `mix`.
/// `normals[k]` is the unit normal from i to j at contact for hits, along the
/// centre line otherwise: the approach speed (v_i − v_j)·n is > 0 for hits
/// and grazing misses, < 0 for receding pairs.
template <class T, std::size_t D>
struct pair_scene {
  carom::particles<T, D> particles;
  std::vector<std::size_t> first;
  std::vector<std::size_t> second;
  std::vector<pair_kind> kinds;
  std::vector<carom::vec<T, D>> normals;

  [[nodiscard]] std::size_t size() const noexcept { return first.size(); }

  /// Fraction of pairs of the given kind.
  [[nodiscard]] double fraction(pair_kind kind) const noexcept {
    return static_cast<double>(std::count(kinds.begin(), kinds.end(), kind)) /
           static_cast<double>(kinds.size());
  }
};

template <class T, std::size_t D>
pair_scene<T, D> make_pair_scene(std::size_t n_pairs, std::uint64_t seed = default_seed,
                                 pair_mix_params mix = {}) {
  using vector = carom::vec<T, D>;
  std::mt19937_64 rng(seed);
  pair_scene<T, D> scene;
  scene.first.resize(n_pairs);
  scene.second.resize(n_pairs);
  scene.kinds.resize(n_pairs);
  scene.normals.resize(n_pairs);

  std::vector<std::size_t> partner(n_pairs);
  std::iota(partner.begin(), partner.end(), n_pairs);
  std::shuffle(partner.begin(), partner.end(), rng);

  // Build the pairs, then store particle i at k and j at partner[k].
  std::vector<carom::particle_params<T, D>> params(2 * n_pairs);
  const T side = std::pow(T(2 * n_pairs), T(1) / T(D)) * T(2);  // scatter the pairs
  for (std::size_t k = 0; k < n_pairs; ++k) {
    const T radius_i = detail::uniform<T>(rng, T(0.4), T(0.6));
    const T radius_j = detail::uniform<T>(rng, T(0.4), T(0.6));
    const T sigma = radius_i + radius_j;
    const vector n = detail::unit_vec<T, D>(rng);
    const T distance = sigma * detail::uniform<T>(rng, T(1.1), T(3));
    const vector dx = distance * n;
    // |v_j − v_i| of two Maxwellian particles: the norm of a Gaussian vector of variance 2.
    const T speed = std::sqrt(T(2)) * carom::norm(detail::gaussian_vec<T, D>(rng));

    const double draw = detail::uniform<double>(rng, 0.0, 1.0);
    pair_kind kind = pair_kind::grazing;
    if (draw < mix.hit)
      kind = pair_kind::hit;
    else if (draw < mix.hit + mix.receding)
      kind = pair_kind::receding;

    vector dv{};
    vector normal = n;
    if (kind == pair_kind::receding) {
      vector direction = detail::unit_vec<T, D>(rng);
      if (carom::dot(direction, n) < T(0)) direction = -direction;
      if (carom::dot(direction, n) < T(0.05)) direction = n;  // clearly receding
      dv = speed * direction;
    } else {
      // Impact parameter β: the distance of closest approach of the centres.
      const T beta = kind == pair_kind::hit
                         ? sigma * detail::uniform<T>(rng, T(0), T(0.98))
                         : sigma * detail::uniform<T>(rng, T(1.02),
                                                      std::min(T(2), T(0.98) * distance / sigma));
      const T sin_theta = beta / distance;
      const T cos_theta = std::sqrt(T(1) - sin_theta * sin_theta);
      dv = -speed * (cos_theta * n + sin_theta * detail::perpendicular_unit<T, D>(n, rng));
      if (kind == pair_kind::hit) {
        // Contact: |dx + dv t| = σ, smaller root.
        const T a = carom::dot(dv, dv), b = carom::dot(dx, dv),
                c = distance * distance - sigma * sigma;
        const T t = c / (std::sqrt(b * b - a * c) - b);
        const vector at_contact = dx + t * dv;
        normal = at_contact / carom::norm(at_contact);
      }
    }

    vector xi{};
    for (std::size_t a = 0; a < D; ++a) xi[a] = detail::uniform<T>(rng, T(0), side);
    const vector vi = detail::gaussian_vec<T, D>(rng);
    params[k] = {.position = xi,
                 .velocity = vi,
                 .radius = radius_i,
                 .mass = detail::uniform<T>(rng, T(0.5), T(2))};
    params[partner[k]] = {.position = xi + dx,
                          .velocity = vi + dv,
                          .radius = radius_j,
                          .mass = detail::uniform<T>(rng, T(0.5), T(2))};
    scene.first[k] = k;
    scene.second[k] = partner[k];
    scene.kinds[k] = kind;
    scene.normals[k] = normal;
  }
  scene.particles.reserve(params.size());
  for (const auto& p : params) scene.particles.add(p);
  return scene;
}

/// n particles in the box [0, L]^D (walls on every axis, L sized for a
/// packing fraction of about 0.1), each at least its radius from every wall,
/// with Gaussian velocities, and one wall per particle (`wall_of[i]`, chosen
/// at random among the 2D walls): about half of them move towards their
/// wall and hit it, the rest move away.
template <class T, std::size_t D>
struct wall_scene {
  carom::particles<T, D> particles;
  std::vector<carom::plane<T, D>> walls;
  std::vector<std::size_t> wall_of;

  [[nodiscard]] std::size_t size() const noexcept { return wall_of.size(); }
};

template <class T, std::size_t D>
wall_scene<T, D> make_wall_scene(std::size_t n, std::uint64_t seed = default_seed) {
  std::mt19937_64 rng(seed);
  const T side = std::pow(T(n), T(1) / T(D)) * T(2);
  const auto box = carom::box<T, D>::cube(side, carom::boundary::wall);
  wall_scene<T, D> scene;
  scene.walls = box.walls();
  scene.wall_of.resize(n);
  scene.particles.reserve(n);
  std::uniform_int_distribution<std::size_t> pick(0, scene.walls.size() - 1);
  for (std::size_t i = 0; i < n; ++i) {
    const T radius = detail::uniform<T>(rng, T(0.4), T(0.6));
    carom::vec<T, D> x{};
    for (std::size_t a = 0; a < D; ++a) x[a] = detail::uniform<T>(rng, radius, side - radius);
    scene.particles.add({.position = x,
                         .velocity = detail::gaussian_vec<T, D>(rng),
                         .radius = radius,
                         .mass = T(1)});
    scene.wall_of[i] = pick(rng);
  }
  return scene;
}

/// n particles on a cell grid of side `cell_side` (1.5, the shell of a
/// neighbour list of 1.5σ), with Gaussian velocities; `lower[i]` and
/// `upper[i]` are the corners of the cell particle i is in.
template <class T, std::size_t D>
struct cell_scene {
  carom::particles<T, D> particles;
  std::vector<carom::vec<T, D>> lower;
  std::vector<carom::vec<T, D>> upper;
  T cell_side;

  [[nodiscard]] std::size_t size() const noexcept { return lower.size(); }
};

template <class T, std::size_t D>
cell_scene<T, D> make_cell_scene(std::size_t n, std::uint64_t seed = default_seed) {
  std::mt19937_64 rng(seed);
  cell_scene<T, D> scene;
  scene.cell_side = T(1.5);
  const T side = std::pow(T(n), T(1) / T(D)) * T(2);
  scene.lower.resize(n);
  scene.upper.resize(n);
  scene.particles.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    carom::vec<T, D> x{};
    for (std::size_t a = 0; a < D; ++a) {
      x[a] = detail::uniform<T>(rng, T(0), side);
      scene.lower[i][a] = std::floor(x[a] / scene.cell_side) * scene.cell_side;
      scene.upper[i][a] = scene.lower[i][a] + scene.cell_side;
    }
    scene.particles.add({.position = x,
                         .velocity = detail::gaussian_vec<T, D>(rng),
                         .radius = T(0.5),
                         .mass = T(1)});
  }
  return scene;
}

}  // namespace carom_scenes
