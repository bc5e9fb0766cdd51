// SPDX-License-Identifier: GPL-2.0-or-later
#include "contact_model.h"

#include <carom/contact/calibration.hpp>
#include <carom/contact/material_table.hpp>
#include <carom/contact/materials.hpp>

#include <cstddef>
#include <cstdlib>
#include <stdexcept>

namespace carom_lammps {
namespace {

[[noreturn]] void fail(const std::string& message) { throw std::invalid_argument(message); }

// The word at `at` as a number; "what" names it in the message.
double number(std::span<const std::string> words, std::size_t at, const char* what) {
  if (at >= words.size()) fail(std::string("missing ") + what);
  const std::string& word = words[at];
  char* end = nullptr;
  const double value = std::strtod(word.c_str(), &end);
  if (word.empty() || *end != '\0') fail(std::string(what) + " is not a number: '" + word + "'");
  return value;
}

// The law of exponent p calibrated to e: a fixed-exponent law for p = 1,
// 3/2, 2 (the same force, without std::pow), else carom::power_law.
template <class Convention>
law_variant make_law(double exponent, double stiffness, double restitution) {
  if (exponent == 1.0)
    return carom::linear_spring_dashpot<double, Convention>::from_restitution(stiffness, restitution);
  if (exponent == 1.5)
    return carom::hertz<double, Convention>::from_restitution(stiffness, restitution);
  if (exponent == 2.0)
    return carom::cone<double, Convention>::from_restitution(stiffness, restitution);
  return carom::power_law<double, Convention>::from_restitution(exponent, stiffness, restitution);
}

}  // namespace

contact_input parse_contact(std::span<const std::string> words) {
  contact_input in;
  bool has_restitution = false;
  std::size_t at = 0;
  while (at < words.size()) {
    const std::string& key = words[at];
    if (key == "power") {
      in.law = law_kind::power;
      in.exponent = number(words, at + 1, "power: exponent p");
      in.stiffness = number(words, at + 2, "power: stiffness k");
      at += 3;
    } else if (key == "hertz") {
      in.law = law_kind::hertz;
      in.youngs = number(words, at + 1, "hertz: Young's modulus E");
      in.poisson = number(words, at + 2, "hertz: Poisson ratio nu");
      at += 3;
    } else if (key == "restitution") {
      in.restitution = number(words, at + 1, "restitution e");
      has_restitution = true;
      at += 2;
    } else if (key == "convention") {
      if (at + 1 >= words.size()) fail("convention: missing unclipped or no_tension");
      if (words[at + 1] == "unclipped") in.no_tension = 0;
      else if (words[at + 1] == "no_tension") in.no_tension = 1;
      else fail("convention must be unclipped or no_tension, not '" + words[at + 1] + "'");
      at += 2;
    } else if (key == "tangential") {
      if (at + 1 >= words.size()) fail("tangential: missing none, linear or mindlin");
      const std::string& model = words[at + 1];
      if (model == "none") {
        in.tangential = tangential_kind::none;
        at += 2;
        continue;
      }
      if (model == "linear") in.tangential = tangential_kind::linear;
      else if (model == "mindlin") in.tangential = tangential_kind::mindlin;
      else fail("tangential must be none, linear or mindlin, not '" + model + "'");
      if (at + 2 < words.size() && words[at + 2] == "auto") in.tangential_stiffness = -1;
      else in.tangential_stiffness = number(words, at + 2, "tangential: stiffness kt");
      in.tangential_damping = number(words, at + 3, "tangential: damping gammat");
      in.friction = number(words, at + 4, "tangential: friction mu");
      at += 5;
    } else if (key == "rolling") {
      if (at + 1 >= words.size()) fail("rolling: missing none or sds");
      if (words[at + 1] == "none") {
        in.rolling = 0;
        at += 2;
        continue;
      }
      if (words[at + 1] != "sds") fail("rolling must be none or sds, not '" + words[at + 1] + "'");
      in.rolling = 1;
      in.rolling_stiffness = number(words, at + 2, "rolling: stiffness kr");
      in.rolling_damping = number(words, at + 3, "rolling: damping gammar");
      in.rolling_friction = number(words, at + 4, "rolling: friction mur");
      at += 5;
    } else if (key == "adhesion") {
      if (at + 1 >= words.size()) fail("adhesion: missing none, jkr or dmt");
      const std::string& model = words[at + 1];
      if (model == "none") {
        in.adhesion = adhesion_kind::none;
        in.work_of_adhesion = 0;
        at += 2;
        continue;
      }
      if (model == "jkr") in.adhesion = adhesion_kind::jkr;
      else if (model == "dmt") in.adhesion = adhesion_kind::dmt;
      else fail("adhesion must be none, jkr or dmt, not '" + model + "'");
      in.work_of_adhesion = number(words, at + 2, "adhesion: work of adhesion gamma");
      at += 3;
    } else {
      fail("unknown keyword '" + key + "'");
    }
  }
  if (in.law == law_kind::unset) fail("missing the law: power p k or hertz E nu");
  if (!has_restitution) fail("missing restitution e");
  if (in.tangential_stiffness < 0 && in.law != law_kind::hertz)
    fail("tangential stiffness auto needs the hertz law (it is 8 G*)");
  if (in.adhesion != adhesion_kind::none && in.law != law_kind::hertz)
    fail("adhesion jkr and dmt need the hertz law (they are Hertz's contact with adhesion)");
  if (in.adhesion != adhesion_kind::none && in.no_tension)
    fail("adhesion needs convention unclipped (the adhesive force pulls)");
  // Build once for both sides now, so that bad numbers stop at the command.
  (void)make_model(in, in);
  return in;
}

bool mixable(const contact_input& a, const contact_input& b) {
  return a.law == law_kind::hertz && b.law == law_kind::hertz && a.no_tension == b.no_tension &&
         a.tangential == b.tangential && a.tangential_damping == b.tangential_damping &&
         (a.tangential == tangential_kind::none ||
          (a.tangential_stiffness < 0 && b.tangential_stiffness < 0)) &&
         a.rolling == b.rolling && a.rolling_stiffness == b.rolling_stiffness &&
         a.rolling_damping == b.rolling_damping && a.adhesion == b.adhesion;
}

contact_model make_mixed_model(const contact_input& a, const contact_input& b) {
  // Two species of carom's material table: E* and G* from both materials,
  // e, μ and γ their geometric means (its mixing rules, as LAMMPS' granular).
  const auto as_material = [](const contact_input& in) {
    return carom::material<double>{.youngs_modulus = in.youngs, .poisson_ratio = in.poisson,
                                   .density = 1.0,  // not used by a pair
                                   .restitution = in.restitution, .friction = in.friction,
                                   .rolling_friction = in.rolling_friction,
                                   .surface_energy = in.work_of_adhesion};
  };
  const carom::material_table<double> table({as_material(a), as_material(b)});
  const carom::pair_material<double> pair = table.pair(0, 1);
  // make_model takes E* and G* from a's and b's E and ν by the same
  // formulas, and e and μ from its first side.
  contact_input mixed = a;
  mixed.restitution = pair.restitution;
  mixed.friction = pair.friction;
  mixed.rolling_friction = pair.rolling_friction;
  mixed.work_of_adhesion = pair.surface_energy;
  return make_model(mixed, b);
}

contact_model make_wall_model(const contact_input& wall, const contact_input& type) {
  if (wall.law == law_kind::power) return make_model(wall, wall);
  if (type.law != law_kind::hertz)
    fail(std::string("a hertz wall needs the atoms' material: pair_coeff I I hertz E nu in "
                     "pair_style carom (this type has ") +
         (type.law == law_kind::power ? "power p k)" : "none)"));
  // make_model's E* and G* are those of wall_pair: the same formulas, and
  // x y / (x + y) is the same in either order.
  return make_model(wall, type);
}

contact_model make_model(const contact_input& a, const contact_input& b) {
  contact_model model;
  double exponent = 0, stiffness = 0, shear = 0;
  if (a.law == law_kind::power) {
    exponent = a.exponent;
    stiffness = a.stiffness;
  } else {
    for (const contact_input* side : {&a, &b})
      if (!(side->youngs > 0) || !(side->poisson > -1 && side->poisson <= 0.5))
        fail("hertz: E must be > 0 and nu in (-1, 0.5] (got E = " + std::to_string(side->youngs) +
             ", nu = " + std::to_string(side->poisson) + ")");
    exponent = 1.5;
    stiffness = carom::hertz_stiffness(
        carom::effective_youngs_modulus(a.youngs, a.poisson, b.youngs, b.poisson), 1.0);
    shear = carom::effective_shear_modulus(carom::shear_modulus(a.youngs, a.poisson), a.poisson,
                                           carom::shear_modulus(b.youngs, b.poisson), b.poisson);
    model.scales_with_radius = true;
  }
  // carom checks p, k and e and says what is wrong.
  if (a.no_tension) model.law = make_law<carom::no_tension>(exponent, stiffness, a.restitution);
  else model.law = make_law<carom::unclipped>(exponent, stiffness, a.restitution);
  if (a.adhesion != adhesion_kind::none) {
    // At R* = 1 (law_at_radius), with Hertz's α for e.
    const carom::adhesion_params<double> adhesion{
        .youngs_modulus = carom::effective_youngs_modulus(a.youngs, a.poisson, b.youngs, b.poisson),
        .effective_radius = 1.0,
        .work_of_adhesion = a.work_of_adhesion,
        .damping = std::get<carom::hertz<double, carom::unclipped>>(model.law).damping()};
    if (a.adhesion == adhesion_kind::jkr) model.law = carom::jkr<double>(adhesion);
    else model.law = carom::dmt<double>(adhesion);
    model.scales_with_radius = false;
  }
  switch (a.tangential) {
    case tangential_kind::none: model.tangential_model = carom::frictionless{}; break;
    case tangential_kind::linear: model.tangential_model = carom::linear_tangential_spring{}; break;
    case tangential_kind::mindlin: model.tangential_model = carom::mindlin_tangential_spring{}; break;
  }
  if (a.tangential != tangential_kind::none) {
    const double kt = a.tangential_stiffness < 0 ? 8 * shear : a.tangential_stiffness;
    if (!(kt >= 0) || !(a.tangential_damping >= 0) || !(a.friction >= 0))
      fail("tangential: kt, gammat and mu must be >= 0");
    model.tangential = {.friction = a.friction, .stiffness = kt, .damping = a.tangential_damping};
    model.inverse_tangential_stiffness = carom::inverse_tangential_stiffness(model.tangential);
  }
  if (a.rolling) {
    if (!(a.rolling_stiffness >= 0) || !(a.rolling_damping >= 0) || !(a.rolling_friction >= 0))
      fail("rolling: kr, gammar and mur must be >= 0");
    model.rolls = true;
    model.rolling = {.friction = a.rolling_friction, .stiffness = a.rolling_stiffness,
                     .damping = a.rolling_damping};
  }
  return model;
}

}  // namespace carom_lammps
