// SPDX-License-Identifier: GPL-2.0-or-later
#include "register_styles.h"

#include "fix_wall_carom.h"
#include "pair_carom.h"

#include <force.h>
#include <lammps.h>
#include <modify.h>

namespace carom_lammps {
namespace {

LAMMPS_NS::Pair* make_pair(LAMMPS_NS::LAMMPS* lmp) { return new LAMMPS_NS::PairCarom(lmp); }

LAMMPS_NS::Fix* make_wall(LAMMPS_NS::LAMMPS* lmp, int narg, char** arg) {
  return new LAMMPS_NS::FixWallCarom(lmp, narg, arg);
}

}  // namespace

void register_styles(LAMMPS_NS::LAMMPS* lmp) {
  (*lmp->force->pair_map)["carom"] = &make_pair;
  (*lmp->modify->fix_map)["wall/carom"] = &make_wall;
}

}  // namespace carom_lammps
