// SPDX-License-Identifier: GPL-2.0-or-later
#include "fix_wall_carom.h"

#include "pair_carom.h"

#include <atom.h>
#include <error.h>
#include <force.h>
#include <memory.h>
#include <update.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

using namespace LAMMPS_NS;
using vector3 = carom::vec<double, 3>;

namespace {
vector3 load(const double* v) { return {v[0], v[1], v[2]}; }
}  // namespace

FixWallCarom::FixWallCarom(LAMMPS* lmp, int narg, char** arg) : Fix(lmp, narg, arg) {
  try {
    const std::vector<std::string> words(arg + 3, arg + narg);
    std::size_t used = 0;
    geometry_ = carom_lammps::wall_geometry::parse(words, used);
    wall_ = carom_lammps::parse_contact(std::span(words).subspan(used));
  } catch (const std::exception& bad) {
    error->all(FLERR, std::string("fix wall/carom: ") + bad.what());
  }
  // The stretch (and the rolling stretch) migrates with its atom and is
  // kept in restart files.
  restart_peratom = 1;
  grow_arrays(atom->nmax);
  atom->add_callback(Atom::GROW);
  atom->add_callback(Atom::RESTART);
  for (int i = 0; i < atom->nlocal; i++)
    for (int c = 0; c < stored; c++) spring_[i][c] = 0.0;
}

FixWallCarom::~FixWallCarom() {
  atom->delete_callback(id, Atom::GROW);
  atom->delete_callback(id, Atom::RESTART);
  memory->destroy(spring_);
}

int FixWallCarom::setmask() { return FixConst::POST_FORCE; }

void FixWallCarom::init() {
  if (!atom->radius_flag || !atom->rmass_flag || !atom->omega_flag || !atom->torque_flag)
    error->all(FLERR, "fix wall/carom needs atom_style sphere (radius, mass, omega, torque)");
  // One model per atom type, calibrated here once: the pair coefficients
  // may have changed since the last run.
  const auto* pair = dynamic_cast<const PairCarom*>(force->pair_match("carom", 1));
  if (wall_.law == carom_lammps::law_kind::hertz && pair == nullptr)
    error->all(FLERR, "fix wall/carom: a hertz wall meets the atoms' material, given by "
                      "pair_style carom (pair_coeff I I hertz E nu); with another pair style "
                      "use a power wall");
  if (geometry_.radius_limit() > 0) {
    double largest = 0, local = 0;
    for (int i = 0; i < atom->nlocal; i++)
      if (atom->mask[i] & groupbit) local = std::max(local, atom->radius[i]);
    MPI_Allreduce(&local, &largest, 1, MPI_DOUBLE, MPI_MAX, world);
    if (!(largest < geometry_.radius_limit())) {
      std::ostringstream message;
      message << "fix wall/carom: an atom of radius " << largest
              << " does not fit inside the cylinder of radius " << geometry_.radius_limit();
      error->all(FLERR, message.str());
    }
  }
  model_.assign(std::size_t(atom->ntypes + 1), {});
  for (int type = 1; type <= atom->ntypes; type++) {
    try {
      model_[std::size_t(type)] =
          carom_lammps::make_wall_model(wall_, pair != nullptr ? pair->type_input(type) : wall_);
    } catch (const std::exception& bad) {
      error->all(FLERR, "fix wall/carom: atom type " + std::to_string(type) + ": " + bad.what());
    }
  }
}

// The setup pass adds the forces without moving the springs on (dt = 0,
// not stored), as LAMMPS' granular styles do.
void FixWallCarom::setup(int /*vflag*/) { add_forces(false); }

void FixWallCarom::post_force(int /*vflag*/) { add_forces(true); }

void FixWallCarom::add_forces(bool advance) {
  double** x = atom->x;
  double** v = atom->v;
  double** f = atom->f;
  double** omega = atom->omega;
  double** torque = atom->torque;
  const int* type = atom->type;
  const double dt = update->dt;
  const vector3 wall_spin = geometry_.angular_velocity();
  for (int i = 0; i < atom->nlocal; i++) {
    if (!(atom->mask[i] & groupbit)) continue;
    double* spring = spring_[i];
    const double ri = atom->radius[i];
    const vector3 xi = load(x[i]);
    const carom_lammps::wall_contact contact = geometry_.contact(xi, ri);
    const carom_lammps::contact_model& model = model_[std::size_t(type[i])];
    // As carom::dem's walls: a JKR contact that touched holds while
    // δ ≥ −δ_c (R* = r_i).
    const bool held = spring[attached_at] != 0.0 &&
                      contact.overlap >= -carom_lammps::pulloff_separation(model, ri);
    if (!(contact.overlap > 0) && !held) {
      for (int c = 0; c < stored; c++) spring[c] = 0.0;
      continue;
    }
    // Set at every force pass (the setup's too), as carom::dem does.
    spring[attached_at] = wall_.adhesion == carom_lammps::adhesion_kind::jkr ? 1.0 : 0.0;
    const auto result = carom_lammps::contact_force(
        model, contact.normal, contact.overlap,
        geometry_.relative_velocity(load(v[i]), xi, ri, contact), ri * load(omega[i]),
        atom->rmass[i], ri, load(spring), advance ? dt : 0.0);
    for (int c = 0; c < 3; c++) {
      if (advance) spring[c] = result.spring[c];
      f[i][c] += result.force[c];
      torque[i][c] -= ri * result.normal_cross_tangential[c];
    }
    if (model.rolls) {
      // As carom::dem against its walls: R* = r_i, the spin relative to
      // the wall's, F_n = F · n, the stretch first turned into the
      // tangent plane.
      const auto rolling = carom::rolling_resistance_in_plane(
          model.rolling, carom::rotate_into_tangent_plane(load(spring + 3), contact.normal),
          contact.normal, vector3(load(omega[i]) - wall_spin), ri,
          carom::dot(result.force, contact.normal), advance ? dt : 0.0);
      for (int c = 0; c < 3; c++) {
        if (advance) spring[3 + c] = rolling.spring[c];
        torque[i][c] += rolling.torque[c];
      }
    }
  }
}

void FixWallCarom::grow_arrays(int nmax) {
  memory->grow(spring_, nmax, stored, "wall/carom:spring");
}

void FixWallCarom::copy_arrays(int i, int j, int /*delflag*/) {
  for (int c = 0; c < stored; c++) spring_[j][c] = spring_[i][c];
}

int FixWallCarom::pack_exchange(int i, double* buf) {
  for (int c = 0; c < stored; c++) buf[c] = spring_[i][c];
  return stored;
}

int FixWallCarom::unpack_exchange(int nlocal, double* buf) {
  for (int c = 0; c < stored; c++) spring_[nlocal][c] = buf[c];
  return stored;
}

// An atom's restart data: its count (this value included, as LAMMPS
// expects of every fix's block), the stretch and, with rolling
// resistance or JKR, the rolling stretch, and with JKR whether it is
// attached: 4, 7 or 8 values.
int FixWallCarom::pack_restart(int i, double* buf) {
  const int count = restart_size();
  buf[0] = count;
  for (int c = 0; c + 1 < count; c++) buf[1 + c] = spring_[i][c];
  return count;
}

void FixWallCarom::unpack_restart(int nlocal, int nth) {
  // This fix's block is the nth of the atom's: skip the others by their counts.
  const double* extra = atom->extra[nlocal];
  int at = 0;
  for (int block = 0; block < nth; block++) at += static_cast<int>(extra[at]);
  // A file written without rolling resistance or JKR has no rolling
  // stretch nor attached flag: 0.
  const int count = static_cast<int>(extra[at]);
  for (int c = 0; c < stored; c++) spring_[nlocal][c] = c + 1 < count ? extra[at + 1 + c] : 0.0;
}

int FixWallCarom::size_restart(int /*nlocal*/) { return restart_size(); }

int FixWallCarom::maxsize_restart() { return restart_size(); }

double FixWallCarom::memory_usage() { return double(stored) * sizeof(double) * atom->nmax; }
