// SPDX-License-Identifier: MIT
#pragma once
/// Material species for DEM (docs/dem.md, "Materials"): one carom::material
/// per species, one for the walls, and the properties of every pair that
/// follow from them by mixing rules, with explicit per-pair overrides (as
/// LAMMPS' `pair_coeff i j` and MercuryDPM's mixed species).
///
/// Mixing: E* and G* from the two materials (contact/materials.hpp, exact
/// for a rigid wall of E = +∞); restitution, friction, rolling friction and
/// surface energy by the geometric mean, as LAMMPS' pair granular mixes its
/// coefficients; the tangential damping is 0 unless a pair sets it.

#include <cmath>
#include <concepts>
#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "carom/contact/adhesion.hpp"
#include "carom/contact/calibration.hpp"
#include "carom/contact/concepts.hpp"
#include "carom/contact/materials.hpp"
#include "carom/core/error.hpp"
#include "carom/core/math.hpp"
#include "carom/particles/particles.hpp"

namespace carom {

/// The properties of one material (SI units).
template <scalar T>
struct material {
  /// E (Pa), > 0; +∞ is a rigid body (walls only).
  T youngs_modulus = T(0);
  /// ν ∈ (−1, 0.5].
  T poisson_ratio = T(0);
  /// ρ (kg/m³; kg/m² for disks), > 0; not used for walls.
  T density = T(0);
  /// Coefficient of restitution e ∈ (0, 1].
  T restitution = T(1);
  /// Coulomb friction coefficient μ ≥ 0.
  T friction = T(0);
  /// Rolling friction coefficient μ_r ≥ 0.
  T rolling_friction = T(0);
  /// Surface energy γ ≥ 0 (J/m²) of the material's surface. Two surfaces
  /// adhere with the work of adhesion w = 2γ (2√(γ_a γ_b) for two
  /// materials): the JKR pull-off force is (3/2)π w R* = 3πγR*, as in
  /// LAMMPS' pair granular (jkr, dmt).
  T surface_energy = T(0);
};

/// What a contact between two materials (or a material and a wall) uses.
template <scalar T>
struct pair_material {
  /// E* = 1 / ((1 − ν_i²)/E_i + (1 − ν_j²)/E_j) (Pa).
  T youngs_modulus;
  /// G* = 1 / ((2 − ν_i)/G_i + (2 − ν_j)/G_j) (Pa), Mindlin's.
  T shear_modulus;
  T restitution;
  T friction;
  T rolling_friction;
  /// γ, mixed as √(γ_a γ_b): the work of adhesion is 2γ.
  T surface_energy;
  /// γ_t of the tangential spring (1/s, carom::tangential_params::damping).
  T tangential_damping;
};

/// Values that replace the mixed ones for one pair; unset fields keep the
/// mixed value.
template <scalar T>
struct pair_override {
  std::optional<T> restitution{};
  std::optional<T> friction{};
  std::optional<T> rolling_friction{};
  std::optional<T> surface_energy{};
  std::optional<T> tangential_damping{};
};

/// The materials of a run: species 0 … size() − 1 and the walls. Every
/// function throws carom::invalid_input, naming the species and the field,
/// for a species index outside the table, a modulus that is not > 0, ν
/// outside (−1, 0.5], a density that is not finite and > 0, e outside
/// (0, 1], or μ, μ_r, γ, γ_t negative or not finite; a rejected call
/// changes nothing.
template <scalar T>
class material_table {
 public:
  /// An empty table: no materials (carom::dem then takes its laws from
  /// dem_params::pair_law).
  material_table() = default;

  /// The species, and the walls' material (its density is not used).
  /// Without one, a wall is rigid and has each species' own restitution,
  /// friction, rolling friction and surface energy against it.
  explicit material_table(std::vector<material<T>> species,
                          std::optional<material<T>> walls = std::nullopt)
      : species_(std::move(species)), walls_(walls) {
    detail::require(!species_.empty(), name, ": no species");
    for (std::size_t s = 0; s < species_.size(); ++s) check(species_[s], false, "species ", s);
    if (walls_) check(*walls_, true, "the walls");
    overrides_.resize(species_.size() * species_.size());
    wall_overrides_.resize(species_.size());
  }

  [[nodiscard]] std::size_t size() const noexcept { return species_.size(); }
  [[nodiscard]] bool empty() const noexcept { return species_.empty(); }
  [[nodiscard]] const material<T>& species(species_index s) const {
    check_index("species", s);
    return species_[s];
  }
  [[nodiscard]] const std::optional<material<T>>& walls() const noexcept { return walls_; }

  /// Replaces mixed values of the pair (a, b), and of (b, a).
  void set_pair(species_index a, species_index b, const pair_override<T>& values) {
    check_index("set_pair", a);
    check_index("set_pair", b);
    check(values, "set_pair: species ", a, " and ", b);
    overrides_[a * size() + b] = values;
    overrides_[b * size() + a] = values;
  }

  /// Replaces mixed values of species a against the walls.
  void set_wall_pair(species_index a, const pair_override<T>& values) {
    check_index("set_wall_pair", a);
    check(values, "set_wall_pair: species ", a, " and the walls");
    wall_overrides_[a] = values;
  }

  /// The properties of a contact between species a and b.
  [[nodiscard]] pair_material<T> pair(species_index a, species_index b) const {
    check_index("pair", a);
    check_index("pair", b);
    return overridden(mixed(species_[a], species_[b], a == b), overrides_[a * size() + b]);
  }

  /// The properties of a contact between species a and a wall.
  [[nodiscard]] pair_material<T> wall_pair(species_index a) const {
    check_index("wall_pair", a);
    if (walls_) return overridden(mixed(species_[a], *walls_, false), wall_overrides_[a]);
    material<T> rigid = species_[a];
    rigid.youngs_modulus = infinity<T>;
    return overridden(mixed(species_[a], rigid, true), wall_overrides_[a]);
  }

 private:
  static constexpr const char* name = "carom::material_table";

  // Geometric means; a species with itself keeps its own values exactly.
  static pair_material<T> mixed(const material<T>& i, const material<T>& j, bool same) {
    auto mean = [same](T x, T y) { return same ? x : std::sqrt(x * y); };
    return {effective_youngs_modulus(i.youngs_modulus, i.poisson_ratio, j.youngs_modulus,
                                     j.poisson_ratio),
            effective_shear_modulus(shear_modulus(i.youngs_modulus, i.poisson_ratio),
                                    i.poisson_ratio,
                                    shear_modulus(j.youngs_modulus, j.poisson_ratio),
                                    j.poisson_ratio),
            mean(i.restitution, j.restitution),
            mean(i.friction, j.friction),
            mean(i.rolling_friction, j.rolling_friction),
            mean(i.surface_energy, j.surface_energy),
            T(0)};
  }

  static pair_material<T> overridden(pair_material<T> m, const pair_override<T>& o) {
    m.restitution = o.restitution.value_or(m.restitution);
    m.friction = o.friction.value_or(m.friction);
    m.rolling_friction = o.rolling_friction.value_or(m.rolling_friction);
    m.surface_energy = o.surface_energy.value_or(m.surface_energy);
    m.tangential_damping = o.tangential_damping.value_or(m.tangential_damping);
    return m;
  }

  void check_index(const char* function, species_index s) const {
    detail::require(s < size(), name, "::", function, ": species ", s,
                    " is outside the table (size ", size(), ")");
  }

  static void check_restitution(T e, const auto&... who) {
    detail::require(e > T(0) && e <= T(1), name, ": ", who...,
                    ": restitution must be in (0, 1] (got ", e, ")");
  }
  static void check_not_negative(T x, const char* field, const auto&... who) {
    detail::require(is_finite(x) && x >= T(0), name, ": ", who..., ": ", field,
                    " must be finite and >= 0 (got ", x, ")");
  }

  // `who...` names the material in the message ("species ", 2).
  static void check(const material<T>& m, bool wall, const auto&... who) {
    detail::require(m.youngs_modulus > T(0) && (wall ? !std::isnan(m.youngs_modulus)
                                                     : is_finite(m.youngs_modulus)),
                    name, ": ", who..., ": youngs_modulus must be ",
                    wall ? "> 0 (+inf: rigid)" : "finite and > 0", " (got ", m.youngs_modulus,
                    ")");
    detail::require(m.poisson_ratio > T(-1) && m.poisson_ratio <= T(0.5), name, ": ", who...,
                    ": poisson_ratio must be in (-1, 0.5] (got ", m.poisson_ratio, ")");
    if (!wall)
      detail::require(is_finite(m.density) && m.density > T(0), name, ": ", who...,
                      ": density must be finite and > 0 (got ", m.density, ")");
    check_restitution(m.restitution, who...);
    check_not_negative(m.friction, "friction", who...);
    check_not_negative(m.rolling_friction, "rolling_friction", who...);
    check_not_negative(m.surface_energy, "surface_energy", who...);
  }

  static void check(const pair_override<T>& o, const auto&... who) {
    if (o.restitution) check_restitution(*o.restitution, who...);
    if (o.friction) check_not_negative(*o.friction, "friction", who...);
    if (o.rolling_friction) check_not_negative(*o.rolling_friction, "rolling_friction", who...);
    if (o.surface_energy) check_not_negative(*o.surface_energy, "surface_energy", who...);
    if (o.tangential_damping)
      check_not_negative(*o.tangential_damping, "tangential_damping", who...);
  }

  std::vector<material<T>> species_;
  std::optional<material<T>> walls_;
  std::vector<pair_override<T>> overrides_;       // [a][b], symmetric
  std::vector<pair_override<T>> wall_overrides_;  // [a]
};

/// The mass of a solid sphere (3D, ρ in kg/m³) or disk (2D, ρ in kg/m²) of
/// radius r.
template <std::size_t D, scalar T>
[[nodiscard]] constexpr T solid_mass(T density, T radius) noexcept {
  return D == 3 ? T(4) / T(3) * pi<T> * density * radius * radius * radius
                : pi<T> * density * radius * radius;
}

/// A contact law that can be built from materials: its exponent p is fixed
/// at compile time and `Law::from_restitution(k, e)` calibrates it
/// (carom::fixed_power_law and its aliases carom::hertz,
/// carom::linear_spring_dashpot, carom::cone).
template <class Law, class T>
concept material_contact_law = contact_law<Law, T> && requires(T stiffness, T restitution) {
  { Law::exponent() } -> std::same_as<T>;
  { Law::from_restitution(stiffness, restitution) } -> std::same_as<Law>;
};

/// The law of a contact of pair material m at effective radius R*:
/// stiffness k = (4/3) E* R*^{2−p}, which is Hertz's 4/3 E* √R* for
/// p = 3/2 (any other p keeps k in Pa·m^{2−p}), damping calibrated to the
/// pair's restitution. A contact at another radius R uses this law scaled
/// by (R/R*)^{2−p} (carom::dem does), which keeps e exact.
template <class Law, scalar T>
  requires material_contact_law<Law, T>
[[nodiscard]] Law material_law(const pair_material<T>& m, T effective_radius) {
  return Law::from_restitution(
      T(4) / T(3) * m.youngs_modulus * std::pow(effective_radius, T(2) - Law::exponent()),
      m.restitution);
}

/// An adhesive law that can be built from materials: carom::jkr, carom::dmt.
template <class Law, class T>
concept material_adhesive_law =
    adhesive_contact_law<Law, T> && std::constructible_from<Law, adhesion_params<T>>;

/// The adhesive law of a contact of pair material m at effective radius R*:
/// the pair's E*, the work of adhesion 2γ of its surface energy γ (the
/// pull-off force is 3πγR* for JKR and 4πγR* for DMT, as in LAMMPS' pair
/// granular), and the damping α of carom::hertz calibrated to the pair's e.
/// JKR and DMT damp as Hertz does, with the contact radius, so that e is
/// exact when γ = 0; the adhesion dissipates more (a JKR contact loses
/// U(−δ_c) at pull-off), and the restitution measured then is below e and
/// depends on the impact speed. A contact at another radius uses this law
/// scaled exactly (carom::dem does; docs/dem.md, "Adhesion").
template <class Law, scalar T>
  requires material_adhesive_law<Law, T>
[[nodiscard]] Law material_law(const pair_material<T>& m, T effective_radius) {
  return Law(adhesion_params<T>{.youngs_modulus = m.youngs_modulus,
                                .effective_radius = effective_radius,
                                .work_of_adhesion = T(2) * m.surface_energy,
                                .damping = damping_for_restitution(m.restitution, T(1.5))});
}

}  // namespace carom
