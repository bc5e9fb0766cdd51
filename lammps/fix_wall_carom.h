// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
// fix wall/carom: a plane or cylinder wall (wall_geometry.h) with carom's
// contact model (contact_model.h). The wall is a partner of infinite mass
// and radius (m* = m_i, R* = r_i), as in carom::dem: a cylinder's contact
// is that of the plane tangent to it at the contact point. A hertz wall is
// a material of its own, met by each atom type's (pair_style carom's
// pair_coeff I I). With rolling sds kr gammar mur the wall resists
// rolling as carom::dem's walls do: R* = r_i, the atom's spin relative to
// the wall's. With adhesion jkr|dmt gamma (a hertz wall) the contact is
// carom::jkr or carom::dmt at R* = r_i, a JKR contact held until
// δ < −δ_c. Each atom keeps its tangential and rolling stretch with this
// wall, and whether it is attached, which migrate with it and are kept in
// restart files.
//
//   fix ID group wall/carom <wall words> <model words>

#include "contact_model.h"
#include "wall_geometry.h"

#include <fix.h>

#include <vector>

namespace LAMMPS_NS {

class FixWallCarom : public Fix {
 public:
  FixWallCarom(LAMMPS* lmp, int narg, char** arg);
  ~FixWallCarom() override;
  int setmask() override;
  void init() override;
  void setup(int vflag) override;
  void post_force(int vflag) override;
  void grow_arrays(int nmax) override;
  void copy_arrays(int i, int j, int delflag) override;
  int pack_exchange(int i, double* buf) override;
  int unpack_exchange(int nlocal, double* buf) override;
  int pack_restart(int i, double* buf) override;
  void unpack_restart(int nlocal, int nth) override;
  int size_restart(int nlocal) override;
  int maxsize_restart() override;
  double memory_usage() override;

 private:
  void add_forces(bool advance);
  // Values kept per atom: the stretch, the rolling stretch and 1 while
  // attached by JKR, else 0 (kept whatever the wall's model; restart
  // files store the rolling stretch only with rolling resistance or JKR,
  // the flag only with JKR).
  static constexpr int stored = 7;
  static constexpr int attached_at = 6;
  [[nodiscard]] int restart_size() const {
    if (wall_.adhesion == carom_lammps::adhesion_kind::jkr) return 8;
    return wall_.rolling ? 7 : 4;
  }
  carom_lammps::wall_geometry geometry_;
  carom_lammps::contact_input wall_;
  std::vector<carom_lammps::contact_model> model_;  // per atom type, built at init
  double** spring_ = nullptr;  // per atom: stretch, rolling stretch with this wall
};

}  // namespace LAMMPS_NS
