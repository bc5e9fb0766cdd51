// SPDX-License-Identifier: GPL-2.0-or-later
// lmp_carom: LAMMPS' usual executable (same flags: -in, -log, -var, ...)
// with pair_style carom and fix wall/carom registered, for a LAMMPS
// without the PLUGIN package (Debian's).

#include "register_styles.h"

#include <input.h>
#include <lammps.h>
#include <mpi.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  auto* lmp = new LAMMPS_NS::LAMMPS(argc, argv, MPI_COMM_WORLD);
  carom_lammps::register_styles(lmp);
  lmp->input->file();
  delete lmp;
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
