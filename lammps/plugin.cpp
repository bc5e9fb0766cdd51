// SPDX-License-Identifier: GPL-2.0-or-later
// The PLUGIN entry point: a LAMMPS built with the PLUGIN package loads
// pair_style carom and fix wall/carom from this library with
//   plugin load libcarom_lammps_plugin.so
// LAMMPS refuses a plugin built against another LAMMPS version.

#include "fix_wall_carom.h"
#include "pair_carom.h"

#include <lammpsplugin.h>
#include <version.h>

namespace {

void* make_pair(void* lmp) { return new LAMMPS_NS::PairCarom(static_cast<LAMMPS_NS::LAMMPS*>(lmp)); }

void* make_wall(void* lmp, int narg, char** arg) {
  return new LAMMPS_NS::FixWallCarom(static_cast<LAMMPS_NS::LAMMPS*>(lmp), narg, arg);
}

}  // namespace

extern "C" void lammpsplugin_init(void* lmp, void* handle, void* regfunc) {
  const auto add = reinterpret_cast<lammpsplugin_regfunc>(regfunc);
  lammpsplugin_t plugin{};
  plugin.version = LAMMPS_VERSION;
  plugin.style = "pair";
  plugin.name = "carom";
  plugin.info = "carom contact laws: power law or Hertz-Mindlin, damping calibrated from e";
  plugin.author = "carom";
  plugin.creator.v1 = &make_pair;
  plugin.handle = handle;
  add(&plugin, lmp);

  plugin.style = "fix";
  plugin.name = "wall/carom";
  plugin.info = "carom's wall contact with planes";
  plugin.creator.v2 = &make_wall;
  add(&plugin, lmp);
}
