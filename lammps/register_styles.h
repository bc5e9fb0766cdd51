// SPDX-License-Identifier: GPL-2.0-or-later
#pragma once
// Adds pair_style carom and fix wall/carom to a LAMMPS instance's style
// maps, as if LAMMPS had been built with them.

namespace LAMMPS_NS {
class LAMMPS;
}

namespace carom_lammps {

void register_styles(LAMMPS_NS::LAMMPS* lmp);

}  // namespace carom_lammps
