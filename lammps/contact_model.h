// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
// The contact model of one pair of LAMMPS atom types (or of a wall and a
// type), as pair_coeff and fix wall/carom give it, and carom's force kernel
// run on it. Nothing here includes LAMMPS: the words are parsed and the
// laws built here, and bad input throws std::invalid_argument (carom's own
// checks throw carom::invalid_input, derived from it) with the message the
// caller hands to LAMMPS' error->all.
//
//   <law> restitution e [convention unclipped|no_tension]
//         [tangential none | linear kt gammat mu | mindlin kt gammat mu]
//         [rolling none | sds kr gammar mur] [adhesion none | jkr gamma | dmt gamma]
//   <law> = power p k   F = k δ^p + damping                (k in force/length^p)
//         | hertz E nu  F = 4/3 E* √R* δ^{3/2} + damping   (E, ν of both bodies)
//
// The damping α is calibrated once per model from e in the chosen
// convention (carom::damping_for_restitution), so every impact speed gives
// e. For hertz, kt = auto is Mindlin's 8 G*. rolling sds is carom's
// rolling resistance (carom/contact/rolling.hpp), kr in N/m, gammar in
// N s/m, mur dimensionless. adhesion jkr|dmt gamma (hertz only) makes the
// law carom::jkr or carom::dmt of work of adhesion γ (J/m²), with the α of
// hertz for e (both write their damping as Hertz's with the contact
// radius).

#include <carom/contact/adhesion.hpp>
#include <carom/contact/power_law.hpp>
#include <carom/contact/rolling.hpp>
#include <carom/contact/soft_contact.hpp>
#include <carom/contact/tangential.hpp>

#include <span>
#include <string>
#include <string_view>
#include <variant>

namespace carom_lammps {

enum class law_kind : int { unset = 0, power = 1, hertz = 2 };
enum class tangential_kind : int { none = 0, linear = 1, mindlin = 2 };
enum class adhesion_kind : int { none = 0, jkr = 1, dmt = 2 };

/// The words of one model as read: plain numbers, so that restart files
/// store it as it is. tangential_stiffness < 0 means "auto" (8 G*, hertz).
struct contact_input {
  law_kind law = law_kind::unset;
  double exponent = 0, stiffness = 0;  // power
  double youngs = 0, poisson = 0;      // hertz
  double restitution = 0;
  int no_tension = 0;
  tangential_kind tangential = tangential_kind::none;
  double tangential_stiffness = 0, tangential_damping = 0, friction = 0;
  int rolling = 0;  // 1: rolling sds
  double rolling_stiffness = 0, rolling_damping = 0, rolling_friction = 0;
  adhesion_kind adhesion = adhesion_kind::none;
  double work_of_adhesion = 0;  // γ (J/m²)
};

/// Reads the words above; throws std::invalid_argument naming the bad word.
contact_input parse_contact(std::span<const std::string> words);

/// Whether two types' hertz models may be mixed into one for the pair: the
/// same convention, tangential model and γ_t, and kt auto, the same
/// rolling model, k_r and γ_r, and the same adhesive law.
bool mixable(const contact_input& a, const contact_input& b);

// p = 1, 3/2 and 2 (power or hertz) run as carom's fixed-exponent laws,
// which need no std::pow; any other p as carom::power_law.
using law_variant = std::variant<carom::power_law<double, carom::unclipped>,
                                 carom::power_law<double, carom::no_tension>,
                                 carom::linear_spring_dashpot<double, carom::unclipped>,
                                 carom::linear_spring_dashpot<double, carom::no_tension>,
                                 carom::hertz<double, carom::unclipped>,
                                 carom::hertz<double, carom::no_tension>,
                                 carom::cone<double, carom::unclipped>,
                                 carom::cone<double, carom::no_tension>,
                                 carom::jkr<double>, carom::dmt<double>>;
using tangential_variant = std::variant<carom::frictionless, carom::linear_tangential_spring,
                                        carom::mindlin_tangential_spring>;

/// A model ready to run: the calibrated law and the tangential spring.
/// hertz laws are stored with stiffness 4/3 E* (radius 1) and scaled by
/// √R* per contact, which keeps α and so e. jkr and dmt are stored at
/// R* = 1 and rebuilt at each contact's R* (law_at_radius).
struct contact_model {
  law_variant law{carom::hertz<double>({.stiffness = 1.0, .damping = 0.0})};  // a placeholder
  tangential_variant tangential_model;
  carom::tangential_params<double> tangential;
  double inverse_tangential_stiffness = 1.0;  // of `tangential`, once per model
  bool scales_with_radius = false;
  bool rolls = false;  // rolling resistance, with its own stretch
  carom::rolling_params<double> rolling;
};

/// The model between a body of `a` and one of `b` (the same input for a
/// pair given explicitly). Throws std::invalid_argument (carom's message).
contact_model make_model(const contact_input& a, const contact_input& b);

/// The model between two mixable types' materials, by carom's mixing rules
/// (carom::material_table): E* and G* from E and ν of both, e and μ their
/// geometric means (μ_r too).
contact_model make_mixed_model(const contact_input& a, const contact_input& b);

/// The model between a wall (the fix's words) and an atom type (its
/// pair_coeff I I). A power wall is used as given. A hertz wall takes E*
/// and G* from its own E and ν and the type's, as carom::dem mixes a
/// species with its walls' material (carom::material_table::wall_pair),
/// and e, the convention, the tangential model and the adhesion from the
/// wall (its own γ, used with R* = r_i). Throws
/// std::invalid_argument for a hertz wall whose type is not hertz.
contact_model make_wall_model(const contact_input& wall, const contact_input& type);

/// An adhesive law stored at R* = 1, at a contact's R*. Built per contact
/// rather than scaled from one radius: JKR scales as
/// F(δ; λR) = λ F(δ λ^{-1/3}; R), the overlap too, which the stiffness
/// scale of carom::soft_contact_force does not do; the constructor's cube
/// roots cost little beside the contact.
template <class Law>
Law law_at_radius(const Law& law, double effective_radius) {
  return Law({.youngs_modulus = law.youngs_modulus(),
              .effective_radius = effective_radius,
              .work_of_adhesion = law.work_of_adhesion(),
              .damping = law.damping()});
}

/// δ_c (m) of the model at R*: how far apart a contact that touched holds
/// (carom::jkr); 0 for the other laws.
inline double pulloff_separation(const contact_model& model, double effective_radius) {
  const auto* law = std::get_if<carom::jkr<double>>(&model.law);
  return law != nullptr ? law_at_radius(*law, effective_radius).pulloff_separation() : 0.0;
}

/// The stored stretch turned into the tangent plane ⊥ n, as
/// carom::soft_contact_force does.
template <class Tangential>
CAROM_ALWAYS_INLINE inline carom::vec<double, 3> in_plane(const carom::vec<double, 3>& spring,
                                                          const carom::vec<double, 3>& normal) {
  return Tangential::has_history ? carom::rotate_into_tangent_plane(spring, normal) : spring;
}

/// carom::soft_contact_force for one contact with the model's law `law`
/// (its alternative in model.law) and tangential type, with the model's
/// 1/kₜ and the law's mass m*/s computed as it does: n from j to i, δ
/// (> 0, or ≥ −δ_c for an attached jkr contact), v_r = v_i − v_j,
/// lever = r_i ω_i + r_j ω_j, m*, R*, the stored stretch. Always inlined:
/// it runs for every contact.
template <class Tangential, class Law>
CAROM_ALWAYS_INLINE inline carom::soft_contact_result<double, 3> contact_force_as(
    const Law& law, const contact_model& model, const carom::vec<double, 3>& normal,
    double overlap, const carom::vec<double, 3>& relative_velocity,
    const carom::vec<double, 3>& lever, double effective_mass, double effective_radius,
    const carom::vec<double, 3>& spring, double dt) {
  if constexpr (carom::adhesive_contact_law<Law, double>) {
    // Mindlin's spring scales with the law's contact radius a(δ).
    const Law here = law_at_radius(law, effective_radius);
    return carom::detail::soft_contact_force_with<Tangential>(
        here, model.tangential, model.inverse_tangential_stiffness, normal, overlap,
        relative_velocity, lever, effective_mass, 1.0, effective_mass,
        Tangential::scales_with_contact ? here.contact_radius(overlap) : 1.0,
        in_plane<Tangential>(spring, normal), dt);
  } else {
    const double root_radius = std::sqrt(effective_radius);
    const double scale = model.scales_with_radius ? root_radius : 1.0;
    return carom::detail::soft_contact_force_with<Tangential>(
        law, model.tangential, model.inverse_tangential_stiffness, normal, overlap,
        relative_velocity, lever, effective_mass, scale, effective_mass / scale,
        Tangential::scales_with_contact ? root_radius * std::sqrt(overlap) : 1.0,
        in_plane<Tangential>(spring, normal), dt);
  }
}

/// contact_force_as with the law and tangential type of the model.
inline carom::soft_contact_result<double, 3> contact_force(
    const contact_model& model, const carom::vec<double, 3>& normal, double overlap,
    const carom::vec<double, 3>& relative_velocity, const carom::vec<double, 3>& lever,
    double effective_mass, double effective_radius, const carom::vec<double, 3>& spring,
    double dt) {
  return std::visit(
      [&](const auto& law, auto tangential) {
        return contact_force_as<decltype(tangential)>(law, model, normal, overlap,
                                                      relative_velocity, lever, effective_mass,
                                                      effective_radius, spring, dt);
      },
      model.law, model.tangential_model);
}

}  // namespace carom_lammps
