// SPDX-License-Identifier: GPL-2.0-or-later
#include "pair_carom.h"

#include <atom.h>
#include <comm.h>
#include <error.h>
#include <fix_neigh_history.h>
#include <force.h>
#include <memory.h>
#include <modify.h>
#include <neigh_list.h>
#include <neigh_request.h>
#include <neighbor.h>
#include <update.h>
#include <utils.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <variant>

using namespace LAMMPS_NS;
using carom_lammps::contact_input;
using vector3 = carom::vec<double, 3>;

namespace {

vector3 load(const double* v) { return {v[0], v[1], v[2]}; }

// The id of the history fix this pair style adds: one per instance.
std::string history_fix_id(int instance) { return "CAROM_NEIGH_HISTORY" + std::to_string(instance); }

}  // namespace

PairCarom::PairCarom(LAMMPS* lmp) : Pair(lmp) {
  single_enable = 1;
  restartinfo = 1;
  finitecutflag = 1;
  // Contact forces are tallied pair by pair (ev_tally_xyz): the virial
  // from f·r would miss that the force is not along the centre line.
  no_virial_fdotr_compute = 1;
  single_extra = 4;
  svector = new double[single_extra];
}

PairCarom::~PairCarom() {
  delete[] svector;
  if (copymode) return;
  if (fix_history_ && modify->find_fix(history_fix_id(instance_me)) >= 0)
    modify->delete_fix(history_fix_id(instance_me));
  if (allocated) {
    memory->destroy(setflag);
    memory->destroy(cutsq);
  }
}

carom_lammps::contact_input PairCarom::type_input(int i) const {
  return allocated && setflag[i][i] ? input_[at(i, i)] : contact_input{};
}

void PairCarom::allocate() {
  allocated = 1;
  const int n = atom->ntypes;
  memory->create(setflag, n + 1, n + 1, "pair:setflag");
  for (int i = 1; i <= n; i++)
    for (int j = i; j <= n; j++) setflag[i][j] = 0;
  memory->create(cutsq, n + 1, n + 1, "pair:cutsq");
  input_.assign(std::size_t(n + 1) * std::size_t(n + 1), contact_input{});
  model_.assign(input_.size(), carom_lammps::contact_model{});
  max_radius_.assign(std::size_t(n + 1), 0.0);
  types_ = std::size_t(n + 1);
}

void PairCarom::settings(int narg, char** arg) {
  if (narg != 0)
    error->all(FLERR, std::string("pair_style carom takes no arguments (got '") + arg[0] +
                          "'); the contact models are given by pair_coeff");
}

void PairCarom::coeff(int narg, char** arg) {
  if (narg < 2) error->all(FLERR, "pair_coeff carom: expected I J <law> restitution e ...");
  if (!allocated) allocate();
  int ilo, ihi, jlo, jhi;
  utils::bounds(FLERR, arg[0], 1, atom->ntypes, ilo, ihi, error);
  utils::bounds(FLERR, arg[1], 1, atom->ntypes, jlo, jhi, error);
  const std::vector<std::string> words(arg + 2, arg + narg);
  contact_input in;
  try {
    in = carom_lammps::parse_contact(words);
  } catch (const std::exception& bad) {
    error->all(FLERR, std::string("pair_coeff carom: ") + bad.what());
  }
  int count = 0;
  for (int i = ilo; i <= ihi; i++)
    for (int j = std::max(jlo, i); j <= jhi; j++) {
      input_[at(i, j)] = in;
      setflag[i][j] = 1;
      count++;
    }
  if (count == 0) error->all(FLERR, "pair_coeff carom: no pair of types in the given ranges");
}

void PairCarom::build_models() {
  const int n = atom->ntypes;
  for (int i = 1; i <= n; i++)
    for (int j = i; j <= n; j++) {
      const contact_input* a = &input_[at(i, j)];
      const contact_input* b = a;
      if (!setflag[i][j]) {
        // Hertz types mix by carom's material rules; any other pair must
        // be given.
        a = &input_[at(i, i)];
        b = &input_[at(j, j)];
        if (!setflag[i][i] || !setflag[j][j] || !carom_lammps::mixable(*a, *b))
          error->all(FLERR, "pair carom: no coefficients for types " + std::to_string(i) + " " +
                                std::to_string(j) +
                                ": give pair_coeff " + std::to_string(i) + " " +
                                std::to_string(j) +
                                " (only hertz types with the same convention, tangential model and"
                                " gammat, and kt auto, are mixed)");
      }
      try {
        model_[at(i, j)] = a == b ? carom_lammps::make_model(*a, *b)
                                  : carom_lammps::make_mixed_model(*a, *b);
      } catch (const std::exception& bad) {
        error->all(FLERR, std::string("pair carom: ") + bad.what());
      }
    }
  uniform_ = true;
  rolls_ = false;
  const carom_lammps::contact_model& first = model_[at(1, 1)];
  for (int i = 1; i <= n; i++)
    for (int j = i; j <= n; j++)
      uniform_ = uniform_ && model_[at(i, j)].law.index() == first.law.index() &&
                 model_[at(i, j)].tangential_model.index() == first.tangential_model.index();
  attaches_ = false;
  for (int i = 1; i <= n; i++)
    for (int j = i; j <= n; j++) {
      rolls_ = rolls_ || model_[at(i, j)].rolls;
      attaches_ = attaches_ || std::holds_alternative<carom::jkr<double>>(model_[at(i, j)].law);
    }
}

void PairCarom::init_style() {
  if (!atom->radius_flag || !atom->rmass_flag || !atom->omega_flag || !atom->torque_flag)
    error->all(FLERR, "pair carom needs atom_style sphere (radius, mass, omega, torque)");
  if (comm->ghost_velocity == 0)
    error->all(FLERR, "pair carom needs the velocities of ghost atoms: comm_modify vel yes");
  build_models();

  // A neighbour list of pairs within r_i + r_j + skin, with history.
#if CAROM_LAMMPS_VERSION >= 20220324
  neighbor->add_request(this, NeighConst::REQ_SIZE | NeighConst::REQ_HISTORY);
#else
  const int request = neighbor->request(this, instance_me);
  neighbor->requests[request]->size = 1;
  neighbor->requests[request]->history = 1;
#endif

  // The stretch (3 values) of each contact, with rolling resistance its
  // rolling stretch (3 more), with JKR whether it is attached (1 more),
  // kept and migrated by LAMMPS.
  const int size = (rolls_ ? 6 : 3) + (attaches_ ? 1 : 0);
  if (fix_history_ != nullptr && size != history_size_)
    error->all(FLERR, "pair carom: rolling resistance or JKR adhesion switched on or off after "
                      "the first run; give it from the start (rolling none or another law where "
                      "it is not wanted)");
  history_size_ = size;
  // A JKR pair keeps its history when a neighbour-list build finds it
  // apart (δ ≤ 0), as LAMMPS' pair granular with jkr.
  beyond_contact = attaches_ ? 1 : 0;
  if (fix_history_ == nullptr) {
    const std::string id = history_fix_id(instance_me);
    modify->add_fix(id + " all NEIGH_HISTORY " + std::to_string(size));
    fix_history_ = static_cast<FixNeighHistory*>(modify->fix[modify->find_fix(id)]);
    fix_history_->pair = this;
  }

  // The cutoff of each pair of types is the sum of their largest radii.
  std::vector<double> local(max_radius_.size(), 0.0);
  for (int i = 0; i < atom->nlocal; i++) {
    double& r = local[std::size_t(atom->type[i])];
    r = std::max(r, atom->radius[i]);
  }
  MPI_Allreduce(local.data(), max_radius_.data(), int(local.size()), MPI_DOUBLE, MPI_MAX, world);
}

double PairCarom::init_one(int i, int j) {
  // The sum of the largest radii, and for JKR the largest δ_c (it grows
  // with R*), so that the ghost atoms of attached pairs are there.
  const double ri = max_radius_[std::size_t(i)], rj = max_radius_[std::size_t(j)];
  const double reach = ri + rj;
  // (A type without atoms yet has radius 0: no contact, no δ_c.)
  const double separation =
      ri > 0 && rj > 0 ? carom_lammps::pulloff_separation(model_[at(i, j)], ri * rj / reach) : 0.0;
  // LAMMPS' size neighbour lists hold pairs within r_i + r_j + skin: an
  // attached pair farther apart at a build would lose its contact.
  if (separation > neighbor->skin) {
    std::ostringstream message;
    message << "pair carom: the neighbor skin " << neighbor->skin
            << " is below the JKR pull-off separation " << separation << " of types " << i << " "
            << j << ": attached pairs would be lost; give neighbor <skin> bin with a larger skin";
    error->all(FLERR, message.str());
  }
  return reach + separation;
}

bool PairCarom::holds_apart(int itype, int jtype, double distance2, double ri, double rj) const {
  const double reach = ri + rj;
  const double release =
      reach + carom_lammps::pulloff_separation(model_[at(itype, jtype)], ri * rj / reach);
  return distance2 <= release * release;
}

void PairCarom::compute(int eflag, int vflag) {
  ev_init(eflag, vflag);
  if (uniform_) {
    // One dispatch per step instead of one per contact.
    const carom_lammps::contact_model& first = model_[at(1, 1)];
    std::visit(
        [this](const auto& law, auto tangential) {
          add_contact_forces<std::decay_t<decltype(law)>, decltype(tangential)>();
        },
        first.law, first.tangential_model);
  } else {
    add_contact_forces<void, void>();
  }
}

template <class Law, class Tangential>
void PairCarom::add_contact_forces() {
  double** x = atom->x;
  double** v = atom->v;
  double** f = atom->f;
  double** omega = atom->omega;
  double** torque = atom->torque;
  const double* radius = atom->radius;
  const double* rmass = atom->rmass;
  const int* type = atom->type;
  const int nlocal = atom->nlocal;
  const int newton_pair = force->newton_pair;
  const double dt = update->dt;
  // LAMMPS' setup pass (each run command) computes forces without moving
  // the springs on, as its granular styles do: dt = 0 (the stored stretch
  // is only rotated into the tangent plane) and nothing stored.
  const bool advance = !update->setupflag;
  const double step = advance ? dt : 0.0;
  int** first_touch = fix_history_->firstflag;
  double** first_spring = fix_history_->firstvalue;
  // Whether contacts may outlast δ = 0 (JKR): a constant when the law is
  // known, else in a local (the stores to the force and history arrays
  // below would make the compiler read the member for every neighbour).
  const bool attaches =
      std::is_void_v<Law> ? attaches_ : carom::hysteretic_contact_law<Law, double>;
  const int attached_at = history_size_ - 1;

  for (int ii = 0; ii < list->inum; ii++) {
    const int i = list->ilist[ii];
    const vector3 xi = load(x[i]);
    const double ri = radius[i];
    int* touch = first_touch[i];
    double* springs = first_spring[i];
    const int* jlist = list->firstneigh[i];
    for (int jj = 0; jj < list->numneigh[i]; jj++) {
      const int j = jlist[jj] & NEIGHMASK;
      double* spring = &springs[history_size_ * jj];
      // The contact test and geometry of carom::dem (pair_contacts.hpp).
      const vector3 d = xi - load(x[j]);
      const double distance2 = carom::squared_norm(d);
      const double reach = ri + radius[j];
      const bool attached = attaches && spring[attached_at] != 0.0;
      if (!in_contact(type[i], type[j], distance2, ri, radius[j], attached)) {
        touch[jj] = 0;
        // Stores, not std::fill: with its run-time length that is a call
        // to memset for every neighbour not in contact.
        spring[0] = spring[1] = spring[2] = 0.0;
        for (int c = 3; c < history_size_; c++) spring[c] = 0.0;
        continue;
      }
      touch[jj] = 1;
      const carom_lammps::contact_model& model = model_[at(type[i], type[j])];
      // Whether the contact holds beyond δ = 0, set at every force pass
      // (the setup's too, as the touch flag) as carom::dem does.
      if (attaches)
        spring[attached_at] = std::holds_alternative<carom::jkr<double>>(model.law) ? 1.0 : 0.0;
      const double inverse_distance = 1.0 / std::sqrt(distance2);
      const vector3 normal = d * inverse_distance;
      const double overlap = reach - distance2 * inverse_distance;
      // One division (carom::dem keeps 1/m per particle and adds those).
      const double effective_mass = rmass[i] * rmass[j] / (rmass[i] + rmass[j]);
      const double effective_radius = ri * radius[j] / reach;
      const double root_radius = std::sqrt(effective_radius);
      const vector3 relative_velocity = load(v[i]) - load(v[j]);
      const vector3 lever = ri * load(omega[i]) + radius[j] * load(omega[j]);
      carom::soft_contact_result<double, 3> result;
      if constexpr (std::is_void_v<Law>) {
        result = carom_lammps::contact_force(model, normal, overlap, relative_velocity, lever,
                                             effective_mass, effective_radius, load(spring), step);
      } else {
        result = carom_lammps::contact_force_as<Tangential>(
            *std::get_if<Law>(&model.law), model, normal, overlap, relative_velocity, lever,
            effective_mass, effective_radius, load(spring), step);
      }
      for (int c = 0; c < 3; c++) {
        if (advance) spring[c] = result.spring[c];
        f[i][c] += result.force[c];
        torque[i][c] -= ri * result.normal_cross_tangential[c];
      }
      if (newton_pair || j < nlocal)
        for (int c = 0; c < 3; c++) {
          f[j][c] -= result.force[c];
          torque[j][c] -= radius[j] * result.normal_cross_tangential[c];
        }
      if (model.rolls) {
        // As carom::dem: R* = (√R*)², F_n = F · n, the stretch first
        // turned into the tangent plane; opposite torques on i and j.
        const auto rolling = carom::rolling_resistance_in_plane(
            model.rolling, carom::rotate_into_tangent_plane(load(spring + 3), normal), normal,
            vector3(load(omega[i]) - load(omega[j])), root_radius * root_radius,
            carom::dot(result.force, normal), step);
        for (int c = 0; c < 3; c++) {
          if (advance) spring[3 + c] = rolling.spring[c];
          torque[i][c] += rolling.torque[c];
          if (newton_pair || j < nlocal) torque[j][c] -= rolling.torque[c];
        }
      }
      if (evflag)
        ev_tally_xyz(i, j, nlocal, newton_pair, 0.0, 0.0, result.force[0], result.force[1],
                     result.force[2], d[0], d[1], d[2]);
    }
  }
}

double PairCarom::single(int i, int j, int itype, int jtype, double rsq, double /*factor_coul*/,
                         double /*factor_lj*/, double& fforce) {
  // The force compute() would apply now, from the stored stretch (not
  // advanced): fforce × (x_i − x_j) is its normal part; svector holds the
  // whole force on i (3 values) and the overlap.
  std::fill(svector, svector + single_extra, 0.0);
  fforce = 0.0;
  const double ri = atom->radius[i], rj = atom->radius[j];
  const double reach = ri + rj;
  const double* history = nullptr;
  if (list != nullptr && fix_history_ != nullptr) {
    const int* jlist = list->firstneigh[i];
    for (int jj = 0; jj < list->numneigh[i]; jj++)
      if ((jlist[jj] & NEIGHMASK) == j) history = &fix_history_->firstvalue[i][history_size_ * jj];
  }
  const bool attached = attaches_ && history != nullptr && history[history_size_ - 1] != 0.0;
  if (!in_contact(itype, jtype, rsq, ri, rj, attached)) return 0.0;
  const vector3 spring = history != nullptr ? load(history) : vector3{};
  const vector3 d = load(atom->x[i]) - load(atom->x[j]);
  const double inverse_distance = 1.0 / std::sqrt(rsq);
  const vector3 normal = d * inverse_distance;
  const double overlap = reach - rsq * inverse_distance;
  const auto result = carom_lammps::contact_force(
      model_[at(itype, jtype)], normal, overlap, load(atom->v[i]) - load(atom->v[j]),
      ri * load(atom->omega[i]) + rj * load(atom->omega[j]),
      atom->rmass[i] * atom->rmass[j] / (atom->rmass[i] + atom->rmass[j]), ri * rj / reach, spring,
      0.0);
  fforce = carom::dot(result.force, normal) * inverse_distance;
  for (int c = 0; c < 3; c++) svector[c] = result.force[c];
  svector[3] = overlap;
  return 0.0;
}

// Restart files hold each pair's input as read (the models are rebuilt and
// recalibrated from it at init, bit for bit the same).
void PairCarom::write_restart(FILE* file) {
  for (int i = 1; i <= atom->ntypes; i++)
    for (int j = i; j <= atom->ntypes; j++) {
      fwrite(&setflag[i][j], sizeof(int), 1, file);
      if (setflag[i][j]) fwrite(&input_[at(i, j)], sizeof(contact_input), 1, file);
    }
}

void PairCarom::read_restart(FILE* file) {
  allocate();
  const int me = comm->me;
  for (int i = 1; i <= atom->ntypes; i++)
    for (int j = i; j <= atom->ntypes; j++) {
      if (me == 0) utils::sfread(FLERR, &setflag[i][j], sizeof(int), 1, file, nullptr, error);
      MPI_Bcast(&setflag[i][j], 1, MPI_INT, 0, world);
      if (!setflag[i][j]) continue;
      contact_input& in = input_[at(i, j)];
      if (me == 0) utils::sfread(FLERR, &in, sizeof(contact_input), 1, file, nullptr, error);
      MPI_Bcast(&in, int(sizeof(contact_input)), MPI_BYTE, 0, world);
    }
}
