// SPDX-License-Identifier: GPL-2.0-or-later
// What `plugin load` of a LAMMPS with the PLUGIN package does with
// libcarom_lammps_plugin.so, for a LAMMPS without it (Debian's): dlopen the
// library, call its lammpsplugin_init, check each style's LAMMPS version
// and put its creator in LAMMPS' style table; then run an input with the
// styles from the library only (this program does not link them).
//
//   plugin_load PLUGIN.so INPUT [lmp flags, e.g. -var p 1.5 ...]

#include <force.h>
#include <input.h>
#include <lammps.h>
#include <lammpsplugin.h>
#include <modify.h>
#include <mpi.h>

#include <dlfcn.h>

#include <cstdio>
#include <cstring>
#include <vector>

namespace {

int registered = 0;

void register_style(lammpsplugin_t* plugin, void* lmp_pointer) {
  auto* lmp = static_cast<LAMMPS_NS::LAMMPS*>(lmp_pointer);
  if (std::strcmp(plugin->version, lmp->version) != 0) {
    std::fprintf(stderr, "plugin %s built for LAMMPS %s, this is %s\n", plugin->name,
                 plugin->version, lmp->version);
    return;
  }
  if (std::strcmp(plugin->style, "pair") == 0)
    (*lmp->force->pair_map)[plugin->name] =
        reinterpret_cast<LAMMPS_NS::Force::PairCreator>(plugin->creator.v1);
  else if (std::strcmp(plugin->style, "fix") == 0)
    (*lmp->modify->fix_map)[plugin->name] =
        reinterpret_cast<LAMMPS_NS::Modify::FixCreator>(plugin->creator.v2);
  else
    return;
  std::printf("loaded %s style %s\n", plugin->style, plugin->name);
  registered++;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: plugin_load PLUGIN.so INPUT [lmp flags]\n");
    return 2;
  }
  MPI_Init(&argc, &argv);
  void* handle = dlopen(argv[1], RTLD_NOW | RTLD_GLOBAL);
  if (handle == nullptr) {
    std::fprintf(stderr, "dlopen: %s\n", dlerror());
    return 1;
  }
  auto init = reinterpret_cast<lammpsplugin_initfunc>(dlsym(handle, "lammpsplugin_init"));
  if (init == nullptr) {
    std::fprintf(stderr, "no lammpsplugin_init in %s\n", argv[1]);
    return 1;
  }
  std::vector<char*> args = {argv[0], const_cast<char*>("-in"), argv[2]};
  for (int a = 3; a < argc; a++) args.push_back(argv[a]);
  auto* lmp = new LAMMPS_NS::LAMMPS(int(args.size()), args.data(), MPI_COMM_WORLD);
  init(lmp, handle, reinterpret_cast<void*>(&register_style));
  const int status = registered == 2 ? 0 : 1;
  if (status == 0) lmp->input->file();
  delete lmp;
  MPI_Finalize();
  return status;
}
