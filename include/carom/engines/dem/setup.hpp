// SPDX-License-Identifier: MIT
#pragma once
/// The boundary of carom::dem: every input check (docs/reliability.md) and the
/// derived settings (walls, time step, skin), done before the engine
/// exists, so a rejected construction changes nothing.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <numeric>
#include <optional>
#include <type_traits>
#include <vector>

#include "carom/config.hpp"
#include "carom/contact/adhesion.hpp"
#include "carom/contact/concepts.hpp"
#include "carom/contact/material_table.hpp"
#include "carom/contact/rolling.hpp"
#include "carom/contact/tangential.hpp"
#include "carom/contact/time_step.hpp"
#include "carom/core/error.hpp"
#include "carom/core/threads.hpp"
#include "carom/engines/dem/params.hpp"
#include "carom/engines/detail/initial_checks.hpp"
#include "carom/geometry/box.hpp"
#include "carom/geometry/cylinder.hpp"
#include "carom/geometry/plane.hpp"
#include "carom/particles/particles.hpp"

namespace carom {

namespace detail {

/// ω² of an angular velocity (scalar in 2D, vector in 3D).
template <scalar T>
[[nodiscard]] constexpr T squared_angular(T omega) noexcept {
  return omega * omega;
}
template <scalar T>
[[nodiscard]] constexpr T squared_angular(const vec<T, 3>& omega) noexcept {
  return squared_norm(omega);
}

/// (R*/R_ref)^q, the stiffness scale of a contact of effective radius R*
/// (dem_params::reference_radius): q = 1/2, or 2 − p with materials; 1
/// without a reference radius (inverse 0).
template <scalar T>
[[nodiscard]] T stiffness_scale(T effective_radius, T inverse_reference_radius,
                                T radius_power) noexcept {
  if (!(inverse_reference_radius > T(0))) return T(1);
  const T ratio = effective_radius * inverse_reference_radius;
  return radius_power == T(0.5) ? std::sqrt(ratio) : std::pow(ratio, radius_power);
}

/// How a contact of effective radius R* uses the law built at the
/// reference radius R_ref: F_n = s F_law(φ δ, δ', f φ m*/s), where f is the
/// law's mass factor (1, or (α/α₀)² for a species in one pass).
/// A power law: s = (R*/R_ref)^q, φ = 1. An adhesive law (carom::jkr,
/// carom::dmt) at fixed E* and γ: s = λ = R*/R_ref and φ = λ^{−1/3}, exact
/// because JKR's δ(a) = a²/R* − c√a and F_e(a) give, with a = λ^{2/3} a',
/// δ(a; λR) = λ^{1/3} δ(a'; R) and F_e(a; λR) = λ F_e(a'; R): a contact
/// at R* has the contact radius λ^{2/3} a(φδ), the pull-off force λ F_po
/// and the pull-off separation δ_c/φ of the law at R_ref (DMT alike), and
/// its damping α √((4/3) E* a m) δ' is the law's at mass φ m/λ.
template <scalar T>
struct contact_scaling {
  T force = T(1);    // s
  T overlap = T(1);  // φ
};

/// The contact_scaling of a contact of effective radius R* under Law, with
/// 1/R_ref (0: no scaling) and the power q of a power law.
template <class Law, scalar T>
[[nodiscard]] contact_scaling<T> scaling_at(T effective_radius, T inverse_reference_radius,
                                            T radius_power) noexcept {
  if constexpr (adhesive_contact_law<Law, T>) {
    if (!(inverse_reference_radius > T(0))) return {};
    const T ratio = effective_radius * inverse_reference_radius;
    return {ratio, T(1) / std::cbrt(ratio)};
  } else {
    return {stiffness_scale(effective_radius, inverse_reference_radius, radius_power), T(1)};
  }
}

/// The contact radius a (m) of an adhesive law's contact with overlap
/// factor φ (contact_scaling): λ^{2/3} a(φ δ) = a(φ δ)/φ², at δ ≤ 0 too.
template <class Law, scalar T>
[[nodiscard]] inline CAROM_ALWAYS_INLINE T scaled_contact_radius(const Law& law, T overlap,
                                                                 T overlap_factor) noexcept {
  return law.contact_radius(overlap_factor * overlap) / (overlap_factor * overlap_factor);
}

/// The normal law and the tangential spring of one kind of contact (a pair
/// of species, or a species and the walls).
template <scalar T, class Law>
struct dem_contact_model {
  Law law;
  tangential_params<T> tangential;
  rolling_params<T> rolling{};
};

/// The stretches of a pair contact and whether it is attached: a contact
/// under a law that outlasts δ = 0 (carom::hysteretic_contact_law) from
/// its first touch until δ < −δ_c.
template <class Stretches>
struct attached_history : Stretches {
  unsigned char attached = 0;
};

/// What a pair contact keeps (the Verlet list's payload): its stretches,
/// and with carom::jkr whether it is attached.
template <scalar T, std::size_t D, rolling_model Rolling, class Law = void>
using dem_history = std::conditional_t<
    hysteretic_contact_law<Law, T>,
    attached_history<std::conditional_t<Rolling::has_history, sliding_and_rolling<T, D>, vec<T, D>>>,
    std::conditional_t<Rolling::has_history, sliding_and_rolling<T, D>, vec<T, D>>>;

/// The largest pull-off separation δ_c (m) of `models`' laws at contacts
/// of effective radius up to `largest_radius` (scaling_at(): δ_c/φ): how
/// far apart their contacts may last; 0 unless the law is hysteretic.
template <scalar T, class Model>
[[nodiscard]] T largest_pulloff_separation(const std::vector<Model>& models, T largest_radius,
                                           T inverse_reference_radius) noexcept {
  using Law = decltype(Model::law);
  T largest = T(0);
  if constexpr (hysteretic_contact_law<Law, T>) {
    for (const Model& m : models) largest = std::max(largest, m.law.pulloff_separation());
    const T factor = scaling_at<Law>(largest_radius, inverse_reference_radius, T(1)).overlap;
    if (factor < T(1)) largest /= factor;
  }
  return largest;
}

/// The tangential stretch of a history (the whole history without rolling
/// resistance).
template <scalar T, std::size_t D>
[[nodiscard]] CAROM_ALWAYS_INLINE constexpr vec<T, D>& sliding(vec<T, D>& h) noexcept {
  return h;
}
template <scalar T, std::size_t D>
[[nodiscard]] CAROM_ALWAYS_INLINE constexpr const vec<T, D>& sliding(const vec<T, D>& h) noexcept {
  return h;
}
template <scalar T, std::size_t D>
[[nodiscard]] CAROM_ALWAYS_INLINE constexpr vec<T, D>& sliding(sliding_and_rolling<T, D>& h) noexcept {
  return h.sliding;
}
template <scalar T, std::size_t D>
[[nodiscard]] CAROM_ALWAYS_INLINE constexpr const vec<T, D>& sliding(
    const sliding_and_rolling<T, D>& h) noexcept {
  return h.sliding;
}

/// What dem::add() checks new particles against: the species, the largest
/// radius the neighbour list was built for, and the laws with which the
/// time step must stay below the critical step of the stiffest contact.
template <scalar T, class Law>
struct dem_admission {
  std::vector<dem_contact_model<T, Law>> pair_models;
  std::vector<dem_contact_model<T, Law>> wall_models;
  std::size_t species_count = 1;
  T largest_radius = T(0);  // of the list's cells
  T min_mass = T(0);        // the lightest particle so far
  T min_radius = T(0);      // the smallest and largest radii so far
  T max_radius = T(0);
  T max_impact_speed = T(1);
  T inverse_reference_radius = T(0);
  T radius_power = T(0.5);
  bool has_walls = false;
};

/// Calls f(law, effective mass, "pair_law" or "wall_law") for each law at
/// its stiffest contact: the lightest particle and the radius with the
/// largest stiffness scale (a scaled law at mass m moves like the law at
/// mass m/s; the scale falls with R* when q < 0).
template <scalar T, class Law, class F>
void for_each_stiffest_contact(const dem_admission<T, Law>& a, F&& f) {
  auto scale = [&](T effective_radius) {
    return stiffness_scale(effective_radius, a.inverse_reference_radius, a.radius_power);
  };
  const T pair_scale = std::max(scale(T(0.5) * a.max_radius), scale(T(0.5) * a.min_radius));
  const T wall_scale = std::max(scale(a.max_radius), scale(a.min_radius));
  const T pair_mass = T(0.5) * a.min_mass / pair_scale;
  const T wall_mass = a.min_mass / wall_scale;
  for (const auto& m : a.pair_models) f(m.law, pair_mass, "pair_law");
  if (a.has_walls)
    for (const auto& m : a.wall_models) f(m.law, wall_mass, "wall_law");
}

/// What the engine is built from once its inputs have passed every check.
/// Contact models: pairs [a · species + b], walls [a]; one species without
/// materials (and then no species per particle).
template <scalar T, std::size_t D, class Law>
struct dem_setup {
  std::vector<dem_contact_model<T, Law>> pair_models;
  std::vector<dem_contact_model<T, Law>> wall_models;
  std::vector<species_index> species;
  vec<T, D> gravity{};
  std::vector<plane<T, D>> walls;
  std::vector<wall_motion<T, D>> wall_motions;  // one per wall: the box's do not move
  std::vector<cylinder<T, D>> cylinders;
  T time_step = T(0);
  T skin = T(0);
  T max_diameter = T(0);
  T pair_separation = T(0);  // the list's margin: the largest δ_c of the pair contacts
  T wall_separation = T(0);  // ... and of the wall contacts
  T inverse_reference_radius = T(0);
  T radius_power = T(0.5);  // q of stiffness_scale
  bool periodic = false;
  int threads = 1;
  dem_admission<T, Law> admission;
};

template <scalar T>
void check_rolling(const char* which, const rolling_params<T>& r) {
  auto ok = [](T x) { return is_finite(x) && x >= T(0); };
  require(ok(r.friction), "carom::dem: ", which, ".friction must be finite and >= 0 (got ",
          r.friction, ")");
  require(ok(r.stiffness), "carom::dem: ", which, ".stiffness must be finite and >= 0 (got ",
          r.stiffness, ")");
  require(ok(r.damping), "carom::dem: ", which, ".damping must be finite and >= 0 (got ",
          r.damping, ")");
}

template <scalar T>
void check_tangential(const char* which, const tangential_params<T>& t) {
  auto ok = [](T x) { return is_finite(x) && x >= T(0); };
  require(ok(t.friction), "carom::dem: ", which, ".friction must be finite and >= 0 (got ",
          t.friction, ")");
  require(ok(t.stiffness), "carom::dem: ", which,
          ".stiffness must be finite and >= 0 (got ", t.stiffness, ")");
  require(ok(t.damping), "carom::dem: ", which, ".damping must be finite and >= 0 (got ",
          t.damping, ")");
}

/// The contact models of a run with materials (dem_params::materials).
template <scalar T, std::size_t D, contact_law<T> Law, tangential_model Tangential>
void material_models(const material_table<T>& table, T reference_radius,
                     const rolling_params<T>& pair_rolling, const rolling_params<T>& wall_rolling,
                     dem_setup<T, D, Law>& setup) {
  if constexpr (!material_contact_law<Law, T> && !material_adhesive_law<Law, T>) {
    fail("carom::dem: materials need a law whose exponent is fixed at compile time "
         "(carom::fixed_power_law, carom::hertz, ...) or carom::jkr, carom::dmt; give pair_law "
         "for this one");
  } else {
    require(!std::is_same_v<Tangential, linear_tangential_spring>,
            "carom::dem: materials give Mindlin's tangential stiffness 8 G*; use "
            "carom::mindlin_tangential_spring (or frictionless), not the linear spring");
    auto model = [&](const pair_material<T>& m, rolling_params<T> rolling) {
      tangential_params<T> t{};
      if constexpr (Tangential::has_history)
        t = {m.friction, T(8) * m.shear_modulus, m.tangential_damping};
      rolling.friction = m.rolling_friction;
      return dem_contact_model<T, Law>{material_law<Law>(m, reference_radius), t, rolling};
    };
    const std::size_t n = table.size();
    for (species_index a = 0; a < n; ++a)
      for (species_index b = 0; b < n; ++b)
        setup.pair_models.push_back(model(table.pair(a, b), pair_rolling));
    for (species_index a = 0; a < n; ++a)
      setup.wall_models.push_back(model(table.wall_pair(a), wall_rolling));
  }
}

/// Checks dem_params::cylinders: finite, radius > 0, a unit axis (3D; zero
/// in 2D) along every periodic axis of the box (2D: no periodic axis), the
/// centre of every particle on the particles' side and, inside, every
/// particle narrower than the cylinder.
template <scalar T, std::size_t D>
void check_cylinders(const char* name, const box<T, D>& container, const particles<T, D>& initial,
                     const std::vector<cylinder<T, D>>& cylinders) {
  for (std::size_t k = 0; k < cylinders.size(); ++k) {
    const cylinder<T, D>& c = cylinders[k];
    require(is_finite(c.centre), name, "cylinders[", k, "].centre must be finite");
    require(is_finite(c.radius) && c.radius > T(0), name, "cylinders[", k,
            "].radius must be finite and > 0 (got ", c.radius, ")");
    require(is_finite(c.spin), name, "cylinders[", k, "].spin must be finite (got ", c.spin, ")");
    require(c.side == cylinder_side::inside || c.side == cylinder_side::outside, name,
            "cylinders[", k, "].side must be inside or outside");
    if constexpr (D == 3) {
      require(is_finite(c.axis) && std::abs(norm(c.axis) - T(1)) <= T(16) * std::numeric_limits<T>::epsilon(), name,
              "cylinders[", k, "].axis must be a unit vector (carom::cylinder::around normalises it)");
      for (std::size_t a = 0; a < D; ++a)
        require(!container.is_periodic(a) || std::abs(c.axis[a]) == T(1), name, "cylinders[", k,
                "].axis must lie along the periodic axis ", a);
    } else {
      require(c.axis == vec<T, D>{}, name, "cylinders[", k, "].axis must be zero in 2D");
      for (std::size_t a = 0; a < D; ++a)
        require(!container.is_periodic(a), name, "cylinders[", k,
                "]: a circle needs a box without periodic axes (axis ", a, " is periodic)");
    }
    for (std::size_t i = 0; i < initial.size(); ++i) {
      const T r = initial.radii()[i];
      const vec<T, D> x = container.wrap(initial.positions()[i]);
      require(c.side == cylinder_side::outside || r < c.radius, name, "cylinders[", k,
              "]: particle ", i, " (id ", initial.ids()[i], ", radius ", r,
              ") does not fit inside its radius ", c.radius);
      require(c.signed_distance(x) >= T(0), name, "cylinders[", k, "]: particle ", i, " (id ",
              initial.ids()[i], ", radius ", r, ") has its centre on the wrong side, at distance ",
              c.signed_distance(x));
    }
  }
}

/// Checks everything and derives the engine's settings (see the
/// dem constructor for the list of rejections).
template <scalar T, std::size_t D, contact_law<T> Law, tangential_model Tangential,
          rolling_model Rolling>
[[nodiscard]] dem_setup<T, D, Law> prepare_dem(const box<T, D>& container,
                                               const particles<T, D>& initial,
                                               dem_params<T, D, Law> p) {
  constexpr const char* name = "carom::dem: ";
  require(!initial.empty(), name, "no particles");
  const bool materials = !p.materials.empty();
  require(p.pair_law.has_value() != materials, name,
          materials ? "give either pair_law or materials, not both"
                    : "give pair_law, or materials");
  require(!(materials && (p.wall_law || p.wall_tangential)), name,
          "with materials, wall_law and wall_tangential come from the wall material");
  require(is_finite(p.gravity), name, "gravity must be finite");
  const tangential_params<T> wall_tangential = p.wall_tangential.value_or(p.pair_tangential);
  check_tangential("pair_tangential", p.pair_tangential);
  check_tangential("wall_tangential", wall_tangential);
  const rolling_params<T> wall_rolling = p.wall_rolling.value_or(p.pair_rolling);
  check_rolling("pair_rolling", p.pair_rolling);
  check_rolling("wall_rolling", wall_rolling);
  if constexpr (!Rolling::has_history) {
    const auto none = [](const rolling_params<T>& r) {
      return r.friction == T(0) && r.stiffness == T(0) && r.damping == T(0);
    };
    require(none(p.pair_rolling) && none(wall_rolling), name,
            "pair_rolling and wall_rolling need carom::sds_rolling in the policies "
            "(carom::dem_policies<Integrator, Tangential, carom::sds_rolling>)");
  }
  require(is_finite(p.max_impact_speed) && p.max_impact_speed > T(0), name,
          "max_impact_speed must be finite and > 0 (got ", p.max_impact_speed, ")");
  require(p.steps_per_contact >= 1, name, "steps_per_contact must be >= 1 (got ",
          p.steps_per_contact, ")");
  require(is_finite(p.reference_radius) && p.reference_radius >= T(0), name,
          "reference_radius must be finite and >= 0 (got ", p.reference_radius, ")");
  require(is_finite(p.time_step) && p.time_step >= T(0), name,
          "time_step must be finite and > 0, or 0 for the default (got ", p.time_step, ")");
  require(is_finite(p.skin), name, "skin must be finite (got ", p.skin, ")");
  require(is_finite(p.largest_radius) && p.largest_radius >= T(0), name,
          "largest_radius must be finite and >= 0 (got ", p.largest_radius, ")");
  require(p.threads >= 0, name, "threads must be >= 0, 0 for OpenMP's default (got ", p.threads,
          ")");
  if constexpr (adhesive_contact_law<Law, T>) {
    // An adhesive law holds its R*: with reference_radius, each contact
    // scales the law built at R_ref to its own R* (scaling_at()).
    for (const std::optional<Law>& law : {p.pair_law, p.wall_law})
      require(!law || p.reference_radius == T(0) ||
                  p.reference_radius == law->effective_radius(),
              name, "an adhesive law is built for its effective radius ",
              law ? law->effective_radius() : T(0),
              ": reference_radius must be 0 (every contact at that radius) or that radius "
              "(each contact at its own R*; got ", p.reference_radius, ")");
  }
  const std::size_t species_count = materials ? p.materials.size() : 1;
  for (std::size_t i = 0; i < initial.size(); ++i)
    require(initial.species()[i] < species_count, name, "particle ", i, " (id ",
            initial.ids()[i], "): species ", initial.species()[i],
            " is outside the material table (", species_count, " species",
            materials ? "" : ": no materials given", ")");

  std::vector<plane<T, D>> walls = checked_walls(name, container, initial, p.planes, inside::centre);
  require(p.plane_motions.empty() || p.plane_motions.size() == p.planes.size(), name,
          "plane_motions must be empty or give one motion per plane (", p.planes.size(),
          " planes, ", p.plane_motions.size(), " motions)");
  for (std::size_t k = 0; k < p.plane_motions.size(); ++k) {
    const wall_motion<T, D>& m = p.plane_motions[k];
    require(is_finite(m.velocity) && is_finite(angular<T, D>(m.angular_velocity)) &&
                is_finite(m.centre),
            name, "plane_motions[", k, "] is not finite");
    // A plane stays parallel to the periodic axes while it turns.
    const vec<T, D> turn = cross(m.angular_velocity, p.planes[k].normal);
    for (std::size_t a = 0; a < D; ++a)
      require(!container.is_periodic(a) || turn[a] == T(0), name, "plane_motions[", k,
              "] turns plane ", k, " out of parallel with the periodic axis ", a);
  }
  check_cylinders(name, container, initial, p.cylinders);
  {  // two equal centres have no contact normal (found by tests/fuzz/engines.cpp: NaN state)
    std::vector<vec<T, D>> centres;
    for (const auto& x : initial.positions()) centres.push_back(container.wrap(x));
    std::vector<std::uint32_t> order(initial.size());
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(), [&](std::uint32_t i, std::uint32_t j) {
      for (std::size_t a = 0; a < D; ++a)
        if (centres[i][a] != centres[j][a]) return centres[i][a] < centres[j][a];
      return false;
    });
    for (std::size_t k = 1; k < order.size(); ++k)
      require(centres[order[k]] != centres[order[k - 1]], name, "particles ",
              std::min(order[k - 1], order[k]), " and ", std::max(order[k - 1], order[k]),
              " have the same centre (no contact normal)");
  }
  T min_mass = infinity<T>, min_radius = infinity<T>, max_radius = T(0);
  for (std::size_t i = 0; i < initial.size(); ++i) {
    min_mass = std::min(min_mass, initial.masses()[i]);
    min_radius = std::min(min_radius, initial.radii()[i]);
    max_radius = std::max(max_radius, initial.radii()[i]);
  }
  max_radius = std::max(max_radius, p.largest_radius);

  dem_setup<T, D, Law> setup{};
  T reference_radius = p.reference_radius;
  if (materials) {
    if (reference_radius == T(0)) reference_radius = max_radius;
    material_models<T, D, Law, Tangential>(p.materials, reference_radius, p.pair_rolling,
                                           wall_rolling, setup);
    setup.radius_power = T(2) - setup.pair_models.front().law.exponent();
    if (p.materials.size() > 1)
      setup.species.assign(initial.species().begin(), initial.species().end());
  } else {
    setup.pair_models.push_back({*p.pair_law, p.pair_tangential, p.pair_rolling});
    setup.wall_models.push_back({p.wall_law.value_or(*p.pair_law), wall_tangential, wall_rolling});
  }

  bool periodic = false;
  for (std::size_t a = 0; a < D; ++a) periodic = periodic || container.is_periodic(a);
  const T skin = p.skin < T(0) ? T(0.2) * max_radius : p.skin;
  const T inverse_reference_radius = reference_radius > T(0) ? T(1) / reference_radius : T(0);
  dem_admission<T, Law>& a = setup.admission;
  // Copies constructed, not assigned: a law type may be const.
  a.pair_models = std::vector(setup.pair_models);
  a.wall_models = std::vector(setup.wall_models);
  a.species_count = species_count;
  a.largest_radius = max_radius;
  a.min_mass = min_mass;
  a.min_radius = min_radius;
  a.max_radius = max_radius;
  a.max_impact_speed = p.max_impact_speed;
  a.inverse_reference_radius = inverse_reference_radius;
  a.radius_power = setup.radius_power;
  a.has_walls = !walls.empty() || !p.cylinders.empty();
  T dt = p.time_step;
  if (dt == T(0)) {
    dt = infinity<T>;
    for_each_stiffest_contact(a, [&](const Law& law, T mass, const char*) {
      dt = std::min(dt, recommended_time_step(law, mass, p.max_impact_speed, p.steps_per_contact));
    });
  } else {
    for_each_stiffest_contact(a, [&](const Law& law, T mass, const char* which) {
      const T critical = critical_time_step(law, mass, p.max_impact_speed);
      require(dt <= critical, name, "time_step = ", dt, " is above the critical time step ", critical,
              " of the ", which, " at max_impact_speed = ", p.max_impact_speed);
    });
  }
  setup.gravity = p.gravity;
  setup.wall_motions.assign(walls.size(), wall_motion<T, D>{});
  std::copy(p.plane_motions.begin(), p.plane_motions.end(),
            setup.wall_motions.end() - std::ptrdiff_t(p.plane_motions.size()));
  setup.walls = std::move(walls);
  setup.cylinders = std::move(p.cylinders);
  setup.time_step = dt;
  setup.skin = skin;
  setup.max_diameter = T(2) * max_radius;
  setup.pair_separation =
      largest_pulloff_separation(setup.pair_models, T(0.5) * max_radius, inverse_reference_radius);
  setup.wall_separation =
      largest_pulloff_separation(setup.wall_models, max_radius, inverse_reference_radius);
  setup.inverse_reference_radius = inverse_reference_radius;
  setup.periodic = periodic;
  setup.threads = thread_count(p.threads);
  return setup;
}

}  // namespace detail
}  // namespace carom
