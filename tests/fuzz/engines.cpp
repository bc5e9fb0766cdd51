// SPDX-License-Identifier: MIT
// Fuzzes the three engines on small scenes built from the bytes: a box with
// random lengths and a wall or periodic boundary per axis, an optional
// extra plane, optional gravity, one to six particles of random radius,
// mass, position (lattice slots plus jitter, so both valid and overlapping
// scenes come up) and velocity, sometimes one invalid particle; float and
// double, 2D and 3D. Then either
//   - carom::event_driven (elastic or constant e, collapse guard),
//   - carom::dem with a Hertz law,
//   - carom::impulse_stepped (either sign of dt), or
//   - carom::dem with a cylinder wall (3D) or circle (2D), inside or
//     outside, still or spinning, and a Hertz law; or with carom::jkr or
//     carom::dmt as pair and wall law (E*, R*, γ, α from the bytes), with
//     or without a cylinder.
// Cylinders, adhesive laws and the adhesive DEM settings are sometimes
// invalid on purpose (a bad radius, spin, centre or axis; a bad E*, R*, γ
// or α; a reference radius; a particle on the wrong side of a cylinder or
// too wide for it): the factory, law or engine must reject them with
// carom::invalid_input.
// On every input the engine either rejects it with carom::invalid_input
// (std::invalid_argument) at construction, or runs and then:
//   - no NaN/∞ in positions or velocities;
//   - no particle centre outside a wall or cylinder (DEM), no sphere
//     outside a wall beyond round-off (event-driven, impulse);
//   - no overlap beyond round-off (event-driven; impulse mode when the
//     initial state had none);
//   - no collision reported before an earlier one (no event in the past);
//   - energy never grows for e ≤ 1 (kinetic + potential), and momentum is
//     conserved in a fully periodic box without gravity;
//   - a rejected mutator call (impulse set_time_step, DEM fix) changes no
//     bit of the state.

#include <carom/collision/impulse.hpp>
#include <carom/contact/adhesion.hpp>
#include <carom/contact/calibration.hpp>
#include <carom/contact/observables.hpp>
#include <carom/contact/power_law.hpp>
#include <carom/core/error.hpp>
#include <carom/engines/event_driven/event_driven.hpp>
#include <carom/engines/dem/dem.hpp>
#include <carom/engines/impulse/impulse_stepped.hpp>
#include <carom/geometry/cylinder.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>
#include <span>
#include <type_traits>
#include <vector>

#include "fuzz_input.hpp"

namespace {

using carom_fuzz::check;
using carom_fuzz::fuzz_input;

template <class T, std::size_t D>
struct scene {
  carom::box<T, D> box;
  carom::particles<T, D> particles;
  carom::vec<T, D> gravity;
  std::vector<carom::plane<T, D>> planes;
};

template <class T, std::size_t D>
carom::box<T, D> make_box(fuzz_input& in) {
  carom::vec<T, D> upper{};
  std::array<carom::boundary, D> kinds{};
  for (std::size_t a = 0; a < D; ++a) {
    upper[a] = in.uniform(T(2), T(8));
    kinds[a] = in.chance(96) ? carom::boundary::periodic : carom::boundary::wall;
  }
  return carom::box<T, D>(carom::vec<T, D>{}, upper, kinds);
}

template <class T, std::size_t D>
scene<T, D> make_scene(fuzz_input& in, T max_speed) {
  scene<T, D> s{make_box<T, D>(in), {}, {}, {}};
  const std::size_t n = 1 + in.choice(6);
  for (std::size_t k = 0; k < n; ++k) {
    carom::particle_params<T, D> p;
    for (std::size_t a = 0; a < D; ++a) {
      const auto slots = std::size_t(s.box.lengths()[a]);  // unit slots along the axis
      p.position[a] = T(in.choice(slots)) + T(0.5) + in.uniform(T(-0.25), T(0.25));
    }
    p.velocity = in.signed_vector<T, D>(max_speed * T(1e-3), max_speed);
    p.radius = in.log_uniform(T(0.05), T(0.5));
    p.mass = in.log_uniform(T(0.1), T(10));
    if (in.chance(12)) {  // an invalid particle: add() must reject it and change nothing
      switch (in.choice(3)) {
        case 0: p.radius = in.invalid_positive<T>(); break;
        case 1: p.mass = in.invalid_positive<T>(); break;
        default: p.velocity[0] = std::numeric_limits<T>::quiet_NaN(); break;
      }
      const std::size_t before = s.particles.size();
      try {
        (void)s.particles.add(p);
        check(false, "particles::add accepted an invalid particle");
      } catch (const carom::invalid_input&) {
        check(s.particles.size() == before, "particles::add changed the storage on rejection");
      }
      continue;
    }
    (void)s.particles.add(p);
  }
  if (in.chance(64)) {
    carom::vec<T, D> g{};
    g[in.choice(D)] = in.uniform(T(-10), T(10));
    s.gravity = g;
  }
  if (in.chance(48)) {  // a tilted floor through a point near the lower corner
    const auto normal = in.unit<T, D>();
    s.planes.push_back(carom::plane<T, D>::through(in.vector<T, D>(T(0), T(1)), normal));
  }
  return s;
}

/// Whether CAROM_FUZZ_VERBOSE asks for the scene and the engine's settings
/// (to read a crash input).
bool verbose() { return std::getenv("CAROM_FUZZ_VERBOSE") != nullptr; }

/// With CAROM_FUZZ_VERBOSE set, prints the scene.
template <class T, std::size_t D>
void print_scene(const scene<T, D>& s, const char* engine) {
  if (!verbose()) return;
  constexpr int digits = std::numeric_limits<T>::max_digits10;  // enough to read the bits back
  auto vec = [](const carom::vec<T, D>& v) {
    for (std::size_t a = 0; a < D; ++a) std::fprintf(stderr, " %.*g", digits, double(v[a]));
  };
  std::fprintf(stderr, "%s, %s %zuD, box", engine, sizeof(T) == 4 ? "float" : "double", D);
  vec(s.box.upper());
  for (std::size_t a = 0; a < D; ++a) std::fprintf(stderr, " %c", s.box.is_periodic(a) ? 'p' : 'w');
  std::fprintf(stderr, ", gravity");
  vec(s.gravity);
  for (const auto& w : s.planes) {
    std::fprintf(stderr, ", plane n");
    vec(w.normal);
    std::fprintf(stderr, " offset %.*g", digits, double(w.offset));
  }
  std::fprintf(stderr, "\n");
  for (std::size_t i = 0; i < s.particles.size(); ++i) {
    std::fprintf(stderr, "  x");
    vec(s.particles.positions()[i]);
    std::fprintf(stderr, " v");
    vec(s.particles.velocities()[i]);
    std::fprintf(stderr, " r %.*g m %.*g\n", digits, double(s.particles.radii()[i]), digits,
                 double(s.particles.masses()[i]));
  }
}

template <class T, std::size_t D>
bool fully_periodic(const carom::box<T, D>& box) {
  for (std::size_t a = 0; a < D; ++a)
    if (!box.is_periodic(a)) return false;
  return true;
}

/// Kinetic plus potential energy, −Σ m g·x; potential only along walled
/// axes (positions wrap on periodic ones). `defined` is false when gravity
/// has a periodic component (no bounded potential).
template <class T, std::size_t D>
struct energy_result {
  double value;
  double scale;
  bool defined;
};

template <class T, std::size_t D>
energy_result<T, D> energy(const carom::box<T, D>& box, const carom::vec<T, D>& g,
                           std::span<const carom::vec<T, D>> x, std::span<const carom::vec<T, D>> v,
                           std::span<const T> m) {
  double value = 0, scale = 0;
  bool defined = true;
  for (std::size_t a = 0; a < D; ++a) defined = defined && (g[a] == T(0) || !box.is_periodic(a));
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double kinetic = 0.5 * double(m[i]) * double(squared_norm(v[i]));
    double potential = 0, potential_scale = 0;
    for (std::size_t a = 0; a < D; ++a) {
      potential -= double(m[i]) * double(g[a]) * double(x[i][a]);
      potential_scale += double(m[i]) * std::abs(double(g[a])) * (std::abs(double(x[i][a])) + 1);
    }
    value += kinetic + potential;
    scale += kinetic + potential_scale;
  }
  return {value, scale, defined};
}

/// Largest σ_ij − d_ij over all pairs (minimum image), and whether any
/// sphere sticks out of a wall by more than `slack`.
template <class T, std::size_t D>
T largest_overlap(const carom::box<T, D>& box, std::span<const carom::vec<T, D>> x,
                  std::span<const T> r) {
  T worst = -carom::infinity<T>;
  for (std::size_t i = 0; i < x.size(); ++i)
    for (std::size_t j = i + 1; j < x.size(); ++j)
      worst = std::max(worst, r[i] + r[j] - carom::norm(box.minimum_image(x[j] - x[i])));
  return worst;
}

template <class T, std::size_t D>
T deepest_wall_overlap(std::span<const carom::plane<T, D>> walls,
                       std::span<const carom::vec<T, D>> x, std::span<const T> r) {
  T worst = -carom::infinity<T>;
  for (const auto& w : walls)
    for (std::size_t i = 0; i < x.size(); ++i) worst = std::max(worst, r[i] - w.signed_distance(x[i]));
  return worst;
}

template <class T, std::size_t D>
void check_finite(std::span<const carom::vec<T, D>> x, std::span<const carom::vec<T, D>> v) {
  for (std::size_t i = 0; i < x.size(); ++i)
    check(carom::is_finite(x[i]) && carom::is_finite(v[i]), "engine state is not finite");
}

/// Round-off scale of positions in a box of side ≤ 8: 64 ε of its size.
template <class T>
constexpr T position_tolerance = T(64 * 8) * carom_fuzz::eps<T>;

struct stop {};

/// The engine, or nothing when it rejects the input (before anything is built).
template <class Engine, class... Args>
std::optional<Engine> construct(const Args&... args) {
  try {
    return std::optional<Engine>(std::in_place, args...);
  } catch (const carom::invalid_input&) {
    return std::nullopt;
  }
}

template <class T, std::size_t D, class Resolver>
void event_driven(fuzz_input& in, const scene<T, D>& s, const Resolver& resolver, bool elastic) {
  using engine_type = carom::event_driven<T, D, Resolver>;
  typename engine_type::params params{.gravity = s.gravity, .planes = s.planes, .resolver = resolver};
  if (!elastic) params.collapse_guard_time = in.log_uniform(T(1e-4), T(1e-2));
  auto sim = construct<engine_type>(s.box, s.particles, params);
  if (!sim) return;
  const auto& p0 = s.particles;
  const auto e0 = energy<T, D>(s.box, s.gravity, p0.positions(), p0.velocities(), p0.masses());
  const auto m0 = p0.momentum();
  double last = 0;
  std::size_t collisions = 0;
  auto observer = [&](const typename engine_type::record& r) {
    check(double(r.time) >= last * (1 - 4 * double(carom_fuzz::eps<T>)),
          "event-driven: a collision before an earlier one (event in the past)");
    check(carom::is_finite(r.normal) && carom::is_finite(r.impulse) && r.impulse >= T(0),
          "event-driven: collision record not finite or negative impulse");
    last = double(r.time);
    if (++collisions > 3000) throw stop{};  // a budget, not a property
  };
  try {
    sim->run_until(in.uniform(0.0, 5.0), observer);
    // run_collisions only returns once the pairs have collided, and an
    // inelastic gas may stop colliding: ask for no more than a copy of the
    // engine has in the next 2 time units (the run is deterministic).
    std::size_t count = in.choice(200);
    if (sim->size() < 2) {
      try {
        sim->run(count);
        check(count == 0, "event-driven: run_collisions accepted a single particle");
      } catch (const carom::invalid_input&) {
        check(count > 0, "event-driven: run(0) rejected");
      }
    } else {
      engine_type probe = *sim;
      std::size_t probed = 0;
      try {
        probe.run_until(probe.time() + 2.0, [&](const auto&) {
          if (++probed > 3000) throw stop{};  // the same budget
        });
      } catch (const stop&) {
      }
      count = std::min<std::size_t>(count, probe.pair_collisions() - sim->pair_collisions());
      sim->run(count, observer);
      check(sim->time() <= probe.time(), "event-driven: run_collisions ran past its collisions");
    }
  } catch (const stop&) {
  }
  const auto& p = sim->state();
  check_finite<T, D>(p.positions(), p.velocities());
  const T tolerance = position_tolerance<T>;
  check(largest_overlap<T, D>(s.box, p.positions(), p.radii()) <= tolerance,
        "event-driven: two particles overlap");
  std::vector<carom::plane<T, D>> walls = s.box.walls();
  walls.insert(walls.end(), s.planes.begin(), s.planes.end());
  check(deepest_wall_overlap<T, D>(walls, p.positions(), p.radii()) <= tolerance,
        "event-driven: a particle is outside a wall");
  const auto e1 = energy<T, D>(s.box, s.gravity, p.positions(), p.velocities(), p.masses());
  // Each collision and flight rounds energies to a few ε of the scale.
  const double drift = 64 * double(carom_fuzz::eps<T>) * double(collisions + 1) * e0.scale;
  if (e0.defined) {
    check(e1.value <= e0.value + drift, "event-driven: energy grew");
    if (elastic) check(std::abs(e1.value - e0.value) <= drift, "event-driven: elastic energy drift");
  }
  if (fully_periodic(s.box) && s.planes.empty() && s.gravity == carom::vec<T, D>{}) {
    const T scale = T(e0.scale > 0 ? std::sqrt(2 * e0.scale * 60) : 1);  // Σ m |v| ≤ √(2 E Σ m)
    check(carom::norm(p.momentum() - m0) <= T(64) * carom_fuzz::eps<T> * T(collisions + 1) * scale,
          "event-driven: momentum not conserved");
  }
}

/// The design of a DEM scene's Hertz law (p = 3/2): its smallest radius,
/// the largest impact speed v_max (twice the fastest particle plus the
/// fastest wall surface, `surface_speed`, and a fall of 16 m), the design
/// depth (a fuzzed fraction of the smallest radius: the deepest overlap of
/// the lightest particle against a wall at v_max) and the stiffness k.
template <class T>
struct dem_design {
  T min_radius, v_max, depth, stiffness;
};

/// k = (p+1) m v² / (2 δ^{p+1}) for that deepest overlap; stiff enough too
/// for every particle's weight stacked on the smallest one against a wall
/// (found by the fuzzer: a heavy pile pushed a light ball's centre through
/// the ceiling): k δ^{3/2} ≥ 2 Σ m |g|.
template <class T, std::size_t D>
dem_design<T> design_dem(fuzz_input& in, const carom::particles<T, D>& ps,
                         const carom::vec<T, D>& gravity, T surface_speed) {
  const auto masses = ps.masses();
  const auto radii = ps.radii();
  const T min_mass = *std::min_element(masses.begin(), masses.end());
  const T min_radius = *std::min_element(radii.begin(), radii.end());
  T speed = T(0);
  for (const auto& v : ps.velocities()) speed = std::max(speed, carom::norm(v));
  const T v_max = T(2) * (speed + surface_speed) +
                  carom::sqrt(T(2) * carom::norm(gravity) * T(16)) + T(0.1);
  const T depth = in.uniform(T(0.01), T(0.2)) * min_radius;
  T weight = T(0);
  for (const T m : masses) weight += m * carom::norm(gravity);
  const T k = std::max(T(2.5) * min_mass * v_max * v_max / (T(2) * std::pow(depth, T(2.5))),
                       T(2) * weight / std::pow(depth, T(1.5)));
  return {min_radius, v_max, depth, k};
}

template <class T, std::size_t D>
void dem(fuzz_input& in, const scene<T, D>& s) {
  using law_type = carom::hertz<T>;
  if (s.particles.empty()) return;
  const auto [min_radius, v_max, depth, k] = design_dem(in, s.particles, s.gravity, T(0));
  const T e = in.uniform(T(0.1), T(1));
  carom::dem_params<T, D, law_type> params{.pair_law = law_type::from_restitution(k, e)};
  params.pair_tangential = {.friction = in.uniform(T(0), T(1)), .stiffness = k * T(0.1) * depth,
                            .damping = T(0)};
  params.gravity = s.gravity;
  params.planes = s.planes;
  params.max_impact_speed = v_max;
  params.steps_per_contact = 20;
  using engine_type = carom::dem<T, D, law_type, carom::velocity_verlet>;
  auto sim = construct<engine_type>(s.box, s.particles, params);
  if (!sim) return;
  // A rejected fix() changes nothing.
  auto snapshot = [&] {
    std::vector<std::byte> bytes;
    auto add = [&](auto span) {
      const auto raw = std::as_bytes(span);
      bytes.insert(bytes.end(), raw.begin(), raw.end());
    };
    add(sim->positions());
    add(sim->velocities());
    add(sim->angular_velocities());
    add(sim->forces());
    return bytes;
  };
  const auto before = snapshot();
  try {
    sim->fix(sim->size() + in.choice(3));
    check(false, "dem::fix accepted a particle that does not exist");
  } catch (const carom::invalid_input&) {
    check(snapshot() == before, "dem::fix changed the state on rejection");
  }
  sim->run(100 + 10 * in.choice(50));
  // An initial overlap deeper than the design depth stores more energy than
  // the time step was sized for (v_max), as in any explicit DEM code: a ball
  // may shoot out through a wall, or the run blow up to non-finite values
  // (both found by the fuzzer; the second with a small ball almost
  // concentric with a large one). Nothing below is promised for it, nor
  // for a wall overlap that deep (a large ball half into a wall and the
  // floor, found by the fuzzer).
  const auto& p0 = s.particles;
  if (largest_overlap<T, D>(s.box, p0.positions(), p0.radii()) > depth) return;
  if (deepest_wall_overlap<T, D>(sim->walls(), p0.positions(), p0.radii()) > depth) return;
  check_finite<T, D>(sim->positions(), sim->velocities());
  // Centres never cross a wall (the soft overlap stays below a radius).
  for (const auto& w : sim->walls())
    for (std::size_t i = 0; i < sim->size(); ++i)
      check(w.signed_distance(sim->positions()[i]) > T(0), "DEM: a particle centre crossed a wall");
}

/// NaN, +∞ or −∞.
template <class T>
T non_finite(fuzz_input& in) {
  switch (in.choice(3)) {
    case 0: return std::numeric_limits<T>::quiet_NaN();
    case 1: return carom::infinity<T>;
    default: return -carom::infinity<T>;
  }
}

/// A cylinder (3D) or circle (2D) about a point near the middle of the
/// box: the particles inside (a radius from one most particles are outside
/// of to one around the whole box) or outside (a post), still or spinning;
/// in 3D along a periodic axis when there is one (the engine refuses any
/// other), else along a unit vector from the bytes. Now and then one field
/// is invalid: the factory must refuse it, and the result is empty.
template <class T, std::size_t D>
std::optional<carom::cylinder<T, D>> make_cylinder(fuzz_input& in, const carom::box<T, D>& box) {
  const auto side = in.chance(128) ? carom::cylinder_side::inside : carom::cylinder_side::outside;
  carom::vec<T, D> centre = box.lower() + T(0.5) * box.lengths() + in.vector<T, D>(T(-0.5), T(0.5));
  carom::vec<T, D> axis{};
  if constexpr (D == 3) {
    axis = in.unit<T, D>();
    if (in.chance(224)) {
      for (std::size_t a = 0; a < D; ++a) {
        if (!box.is_periodic(a)) continue;
        axis = carom::vec<T, D>{};
        axis[a] = in.chance(128) ? T(1) : T(-1);
        break;
      }
    }
  }
  const T half_diagonal = T(0.5) * carom::norm(box.lengths());
  T radius = side == carom::cylinder_side::inside ? in.uniform(T(0.8), half_diagonal + T(1))
                                                  : in.log_uniform(T(0.05), T(2));
  T spin = in.signed_magnitude(T(0.01), T(5));
  const auto make = [&] {
    if constexpr (D == 3)
      return carom::cylinder<T, D>::around(centre, axis, radius, side, spin);
    else
      return carom::cylinder<T, D>::circle(centre, radius, side, spin);
  };
  if (!in.chance(16)) return make();
  switch (in.choice(D == 3 ? 4 : 3)) {
    case 0: radius = in.invalid_positive<T>(); break;
    case 1: spin = non_finite<T>(in); break;
    case 2: centre[in.choice(D)] = non_finite<T>(in); break;
    default:
      if (in.chance(128)) axis = carom::vec<T, D>{};
      else axis[in.choice(D)] = non_finite<T>(in);
      break;
  }
  try {
    (void)make();
    check(false, "cylinder factory accepted an invalid field");
  } catch (const carom::invalid_input&) {
  }
  return std::nullopt;
}

/// Whether dem would take cylinder c with these particles: along a
/// periodic axis in 3D, no periodic axis in 2D; every centre on its side;
/// inside, every particle narrower than it.
template <class T, std::size_t D>
bool cylinder_admits(const carom::cylinder<T, D>& c, const carom::box<T, D>& box,
                     const carom::particles<T, D>& ps) {
  for (std::size_t a = 0; a < D; ++a)
    if (box.is_periodic(a) && (D == 2 || std::abs(c.axis[a]) != T(1))) return false;
  for (std::size_t i = 0; i < ps.size(); ++i) {
    if (c.signed_distance(ps.positions()[i]) < T(0)) return false;
    if (c.side == carom::cylinder_side::inside && !(ps.radii()[i] < c.radius)) return false;
  }
  return true;
}

/// The normal law of dem_walls(): Hertz of stiffness k calibrated to e;
/// or JKR / DMT of stiffness (4/3) E* √R* = k at effective radius R*, with
/// the work of adhesion γ that gives the pull-off force F_po and Hertz's
/// damping for e. Now and then E*, R*, γ or α is invalid: the constructor
/// must refuse it, and the result is empty.
template <class Law, class T>
std::optional<Law> make_law(fuzz_input& in, T k, T e, T effective_radius, T pulloff) {
  if constexpr (std::is_same_v<Law, carom::hertz<T>>) {
    return Law::from_restitution(k, e);
  } else {
    constexpr T share = std::is_same_v<Law, carom::jkr<T>> ? T(1.5) : T(2);  // F_po / (π γ R*)
    carom::adhesion_params<T> p{.youngs_modulus = T(0.75) * k / std::sqrt(effective_radius),
                                .effective_radius = effective_radius,
                                .work_of_adhesion = pulloff / (share * carom::pi<T> * effective_radius),
                                .damping = carom::damping_for_restitution(e, T(1.5))};
    const bool bad = in.chance(16);
    if (bad) spoil_one(in, p);
    try {
      const Law law(p);
      check(!bad, "adhesive law accepted an invalid parameter");
      check(law.pulloff_force() >= T(0) && carom::is_finite(law.pulloff_force()) &&
                law.pulloff_separation() >= T(0) && carom::is_finite(law.pulloff_separation()),
            "adhesive law: pull-off force or separation not finite and >= 0");
      return law;
    } catch (const carom::invalid_input&) {
      check(bad, "adhesive law rejected valid parameters");
    }
    return std::nullopt;
  }
}

/// DEM with cylinder walls and/or an adhesive law (see the file comment).
/// The time step is sized as in dem() with the surface speed of a spinning
/// cylinder added to the impact speed; the pull-off force is at most the
/// force k d^{3/2} at the design depth d, so that a contact at zero load
/// sits no deeper than d (DMT: k δ^{3/2} = F_po; JKR: δ₀ ≤ 0.84 d).
template <class T, std::size_t D, class Law>
void dem_walls(fuzz_input& in, const scene<T, D>& s, bool with_cylinder) {
  constexpr bool adhesive = !std::is_same_v<Law, carom::hertz<T>>;
  // The engine takes a cylinder only in a box whose periodic axes (3D: at
  // most one) lie along its axis: mostly, walls replace the periodic
  // boundaries but the first one in 3D.
  carom::box<T, D> box = s.box;
  if (with_cylinder && in.chance(224)) {
    std::array<carom::boundary, D> kinds{};
    bool kept = false;
    for (std::size_t a = 0; a < D; ++a) {
      const bool keep = D == 3 && !kept && s.box.is_periodic(a);
      kept = kept || keep;
      kinds[a] = keep ? carom::boundary::periodic : carom::boundary::wall;
    }
    box = carom::box<T, D>(s.box.lower(), s.box.upper(), kinds);
  }
  std::vector<carom::cylinder<T, D>> cylinders;
  if (with_cylinder) {
    auto c = make_cylinder<T, D>(in, box);
    if (!c) return;
    cylinders.push_back(*c);
  }
  // Mostly only the particles the cylinder admits (else the engine must
  // refuse the scene).
  carom::particles<T, D> initial;
  const bool keep_all = in.chance(24);
  for (std::size_t i = 0; i < s.particles.size(); ++i) {
    const carom::particle_params<T, D> p{.position = s.particles.positions()[i],
                                         .velocity = s.particles.velocities()[i],
                                         .radius = s.particles.radii()[i],
                                         .mass = s.particles.masses()[i]};
    bool admitted = true;
    for (const auto& c : cylinders)
      admitted = admitted && c.signed_distance(p.position) > T(0) &&
                 (c.side == carom::cylinder_side::outside || p.radius < c.radius);
    if (admitted || keep_all) (void)initial.add(p);
  }
  if (initial.empty()) return;
  T surface_speed = T(0);
  for (const auto& c : cylinders) surface_speed = std::max(surface_speed, std::abs(c.spin) * c.radius);
  const auto [min_radius, v_max, depth, k] = design_dem(in, initial, s.gravity, surface_speed);
  const T e = in.uniform(T(0.1), T(1));
  // F_po: 0, or 10⁻⁸ … 1 times the force k δ^{3/2} at the design depth
  // (weak adhesion: contacts far deeper than δ₀).
  const T pulloff =
      in.chance(32) ? T(0) : in.log_uniform(T(1e-8), T(1)) * k * std::pow(depth, T(1.5));
  // R*: of two of the smallest particles (pairs), of the smallest one (walls).
  const auto pair_law = make_law<Law>(in, k, e, T(0.5) * min_radius, pulloff);
  if (!pair_law) return;
  carom::dem_params<T, D, Law> params{.pair_law = pair_law};
  if (adhesive && in.chance(128)) {
    const auto wall_law = make_law<Law>(in, k, e, min_radius, pulloff);
    if (!wall_law) return;
    params.wall_law = wall_law;
  }
  params.pair_tangential = {.friction = in.uniform(T(0), T(1)), .stiffness = k * T(0.1) * depth,
                            .damping = T(0)};
  params.gravity = s.gravity;
  params.planes = s.planes;
  params.cylinders = cylinders;
  params.max_impact_speed = v_max;
  params.steps_per_contact = 20;
  // An adhesive law is built for its R*: another reference radius must be
  // refused; that R* scales the law to each contact's own.
  const bool bad_reference = adhesive && in.chance(16);
  if (bad_reference) params.reference_radius = in.log_uniform(T(0.05), T(1));
  if constexpr (carom::adhesive_contact_law<Law, T>)
    if (!bad_reference && !params.wall_law && in.chance(4))
      params.reference_radius = pair_law->effective_radius();
  bool admitted = true;
  for (const auto& c : cylinders) admitted = admitted && cylinder_admits(c, box, initial);
  if (verbose())
    std::fprintf(stderr, "%s law, k %.9g, e %.9g, F_po %.9g, %zu cylinders, %s\n",
                 adhesive ? (std::is_same_v<Law, carom::jkr<T>> ? "JKR" : "DMT") : "Hertz",
                 double(k), double(e), double(pulloff), cylinders.size(),
                 admitted ? "admitted" : "not admitted");
  using engine_type = carom::dem<T, D, Law, carom::velocity_verlet>;
  auto sim = construct<engine_type>(box, initial, params);
  if (bad_reference || !admitted) {
    check(!sim, "DEM accepted a reference radius with an adhesive law, or a particle on the "
                "wrong side of a cylinder or wider than it");
    return;
  }
  if (!sim) return;
  sim->run(100 + 10 * in.choice(50));
  // As in dem(): nothing is promised after a start deeper than the design
  // depth, into a particle, a wall or a cylinder.
  if (largest_overlap<T, D>(box, initial.positions(), initial.radii()) > depth) return;
  if (deepest_wall_overlap<T, D>(sim->walls(), initial.positions(), initial.radii()) > depth) return;
  for (const auto& c : cylinders)
    for (std::size_t i = 0; i < initial.size(); ++i)
      if (initial.radii()[i] - c.signed_distance(initial.positions()[i]) > depth) return;
  check_finite<T, D>(sim->positions(), sim->velocities());
  for (const auto& w : sim->walls())
    for (std::size_t i = 0; i < sim->size(); ++i)
      check(w.signed_distance(sim->positions()[i]) > T(0), "DEM: a particle centre crossed a wall");
  for (const auto& c : sim->cylinders())
    for (std::size_t i = 0; i < sim->size(); ++i)
      check(c.signed_distance(sim->positions()[i]) > T(0),
            "DEM: a particle centre crossed a cylinder");
}

template <class T, std::size_t D, class Resolver>
void impulse(fuzz_input& in, const scene<T, D>& s, const Resolver& resolver, bool elastic) {
  using engine_type = carom::impulse_stepped<T, D, Resolver>;
  const T dt = (in.chance(128) ? T(1) : T(-1)) * in.log_uniform(T(1e-3), T(1));
  typename engine_type::params params{.resolver = resolver, .gravity = s.gravity, .planes = s.planes,
                                      .time_step = dt};
  if (verbose())
    std::fprintf(stderr, "dt %.*g, e %.*g\n", std::numeric_limits<T>::max_digits10, double(dt),
                 std::numeric_limits<T>::max_digits10, double(resolver.restitution(T(1))));
  auto sim = construct<engine_type>(s.box, s.particles, params);
  if (!sim) return;
  const auto& p0 = s.particles;
  const bool overlapped = largest_overlap<T, D>(s.box, p0.positions(), p0.radii()) > T(0);
  // A rejected set_time_step() changes nothing.
  auto snapshot = [&] {
    std::vector<unsigned char> bytes;
    auto add = [&](const void* data, std::size_t size) {
      const auto* first = static_cast<const unsigned char*>(data);
      bytes.insert(bytes.end(), first, first + size);
    };
    add(sim->positions().data(), sim->positions().size_bytes());
    add(sim->velocities().data(), sim->velocities().size_bytes());
    const T step = sim->time_step();
    const double time = sim->time();
    add(&step, sizeof step);
    add(&time, sizeof time);
    return bytes;
  };
  const auto before = snapshot();
  try {
    constexpr T inf = carom::infinity<T>;
    const T bad[] = {T(0), std::numeric_limits<T>::quiet_NaN(), inf, -inf};
    sim->set_time_step(bad[in.choice(4)]);
    check(false, "impulse mode: set_time_step accepted 0 or a non-finite dt");
  } catch (const carom::invalid_input&) {
    check(snapshot() == before, "impulse mode: set_time_step changed the state on rejection");
  }
  const auto m0 = sim->momentum();
  const T k0 = sim->kinetic_energy();
  const std::size_t steps = 1 + in.choice(20);
  if (verbose()) std::fprintf(stderr, "%zu steps\n", steps);
  sim->run(steps);
  check_finite<T, D>(sim->positions(), sim->velocities());
  const T tolerance = position_tolerance<T>;
  // A particle resting on a wall sinks into it for the rest of the step and
  // is put back at its end, by up to |g| dt²/2, without a collision: a
  // neighbour (also put back, perhaps) may be left overlapping it by twice
  // that (docs/impulse-mode.md, "Resting on a wall").
  const T put_back = carom::norm(s.gravity) * dt * dt;
  if (!overlapped)
    check(largest_overlap<T, D>(s.box, sim->positions(), sim->radii()) <= tolerance + put_back,
          "impulse mode: two particles overlap");
  check(deepest_wall_overlap<T, D>(sim->walls(), sim->positions(), sim->radii()) <= tolerance,
        "impulse mode: a particle is outside a wall");
  if (s.gravity == carom::vec<T, D>{}) {
    const double collisions = double(sim->pair_collisions() + sim->wall_collisions() + 1);
    const T drift = T(64 * collisions) * carom_fuzz::eps<T> * (k0 + T(1e-30));
    check(sim->kinetic_energy() <= k0 + drift, "impulse mode: kinetic energy grew");
    // A jammed cluster moves as one body and loses energy even at e = 1.
    if (elastic && sim->jammed_collisions() == 0)
      check(std::abs(sim->kinetic_energy() - k0) <= drift, "impulse mode: elastic drift");
    if (fully_periodic(s.box) && s.planes.empty()) {
      const T scale = std::sqrt(T(2) * k0 * T(60)) + T(1e-30);  // Σ m |v| ≤ √(2 K Σ m)
      check(carom::norm(sim->momentum() - m0) <= T(64 * collisions) * carom_fuzz::eps<T> * scale,
            "impulse mode: momentum not conserved");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz_input in(data, size);
  // 0 event-driven, 1 DEM, 2 impulse mode, 3 DEM with a cylinder, 4 DEM
  // with JKR, 5 DEM with DMT (4, 5: a cylinder when the next byte says).
  const std::size_t mode = in.choice(6);
  carom_fuzz::with_config(in, [&]<class T, std::size_t D>() {
    const bool soft = mode == 1 || mode >= 3;
    const scene<T, D> s = make_scene<T, D>(in, soft ? T(1) : T(10));
    print_scene(s, mode == 0 ? "event_driven" : soft ? "DEM" : "impulse");
    if (mode == 1) return dem<T, D>(in, s);
    if (mode == 3) return dem_walls<T, D, carom::hertz<T>>(in, s, true);
    if (mode == 4) return dem_walls<T, D, carom::jkr<T>>(in, s, in.chance(128));
    if (mode == 5) return dem_walls<T, D, carom::dmt<T>>(in, s, in.chance(128));
    const bool elastic = in.chance(128);
    const carom::constant_restitution<T> inelastic(in.uniform(T(0.5), T(1)));
    if (mode == 0) {
      if (elastic) event_driven<T, D>(in, s, carom::elastic{}, true);
      else event_driven<T, D>(in, s, inelastic, false);
    } else {
      if (elastic) impulse<T, D>(in, s, carom::elastic{}, true);
      else impulse<T, D>(in, s, inelastic, false);
    }
  });
  return 0;
}
