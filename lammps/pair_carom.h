// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
// pair_style carom: carom's soft-sphere contact (normal power law or Hertz
// with damping calibrated from e, tangential spring with Coulomb friction,
// optional rolling resistance, optional JKR or DMT adhesion) between
// finite-size spheres (atom_style sphere), with the tangential and rolling
// stretches of each contact, and whether a JKR contact is attached, kept
// by LAMMPS' FixNeighHistory, so that they follow atoms across processors.
// Syntax: docs/lammps.md.

#include "contact_model.h"

#include <pair.h>

#include <utility>
#include <vector>

namespace LAMMPS_NS {

class PairCarom : public Pair {
 public:
  explicit PairCarom(LAMMPS* lmp);
  ~PairCarom() override;
  void compute(int eflag, int vflag) override;
  void settings(int narg, char** arg) override;
  void coeff(int narg, char** arg) override;
  void init_style() override;
  double init_one(int i, int j) override;
  double single(int i, int j, int itype, int jtype, double rsq, double factor_coul,
                double factor_lj, double& fforce) override;
  void write_restart(FILE* file) override;
  void read_restart(FILE* file) override;
  /// What pair_coeff I I gave (law unset if nothing): type I's material,
  /// which fix wall/carom meets.
  [[nodiscard]] carom_lammps::contact_input type_input(int i) const;

 private:
  void allocate();
  void build_models();
  // The contact loop, for one law and tangential type known at compile
  // time (void: any, dispatched per contact).
  template <class Law, class Tangential>
  void add_contact_forces();
  // What pair_coeff gave per pair of types (1-based, i ≤ j mirrored), and
  // the models built from it at init; the largest radius of each type.
  std::vector<carom_lammps::contact_input> input_;
  std::vector<carom_lammps::contact_model> model_;
  std::vector<double> max_radius_;
  bool uniform_ = false;  // every pair of types has the same law and tangential type
  bool rolls_ = false;    // some pair of types has rolling resistance
  bool attaches_ = false;  // some pair of types is JKR: contacts outlast δ = 0
  // Per contact: the stretch, then (rolls_) the rolling stretch, then
  // (attaches_) 1 while a JKR contact is attached, else 0.
  int history_size_ = 3;
  // Whether a pair at distance² is in contact, as carom::dem decides
  // (pair_contacts.hpp): closer than r_i + r_j, or attached (JKR) and no
  // farther apart than r_i + r_j + δ_c. Inline: it runs for every
  // neighbour.
  [[nodiscard]] bool in_contact(int itype, int jtype, double distance2, double ri, double rj,
                                bool attached) const {
    const double reach = ri + rj;
    if (distance2 < reach * reach) return distance2 > 0;
    return attached && holds_apart(itype, jtype, distance2, ri, rj);
  }
  // The rare rest of in_contact: an attached pair at δ ≤ 0.
  [[nodiscard]] bool holds_apart(int itype, int jtype, double distance2, double ri,
                                 double rj) const;
  class FixNeighHistory* fix_history_ = nullptr;
  // The index of types i and j's model (either order). Inline: it runs for
  // every contact.
  [[nodiscard]] std::size_t at(int i, int j) const {
    if (i > j) std::swap(i, j);
    return std::size_t(i) * types_ + std::size_t(j);
  }
  std::size_t types_ = 0;  // atom->ntypes + 1, set by allocate()
};

}  // namespace LAMMPS_NS
