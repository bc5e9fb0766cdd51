// SPDX-License-Identifier: GPL-2.0-or-later
// pair_style carom with `adhesion jkr|dmt gamma` against the analytic
// pull-off force. Two spheres (r = 1 mm, E = 10 MPa, ν = 0.3, γ = 0.5 J/m²,
// e = 1: no damping) are held at overlaps δ on a grid, one `run 0` each
// (which builds the neighbour list again, so a JKR contact's attached flag
// must outlast builds at δ ≤ 0): first brought together from apart to
// 2 δ₀, then drawn apart again. The largest tension drawing apart is the
// pull-off force (3/2) π γ R* (JKR) or 2 π γ R* (DMT); approaching, no
// force before δ > 0; drawing apart, a JKR contact holds down to
// δ = −δ_c = −a₀²/(2·6^{1/3}·R*) and ends below it, a DMT one at δ = 0.
// jkr_mixed: the same with the spheres of two types, γ = 2 and 0.125 J/m²,
// whose pair has no pair_coeff: mixed by the geometric mean, γ = 0.5 J/m².
// wall_jkr, wall_dmt: one sphere against a fix wall/carom plane of the
// same material with the adhesion, R* = r.
//
//   pulloff jkr|dmt|jkr_mixed|wall_jkr|wall_dmt   exit code 0 when every check passes

#include "register_styles.h"

#include <carom/carom.hpp>

#include <atom.h>
#include <input.h>
#include <lammps.h>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  const std::string which = argc > 1 ? argv[1] : "";
  const bool mixed = which == "jkr_mixed";
  const bool wall = which.starts_with("wall_");
  const std::string law = mixed ? "jkr" : wall ? which.substr(5) : which;
  if (law != "jkr" && law != "dmt") {
    std::fprintf(stderr, "usage: pulloff jkr|dmt|jkr_mixed|wall_jkr|wall_dmt\n");
    MPI_Finalize();
    return 2;
  }
  const double pi = carom::pi<double>;
  const double r = 1e-3, youngs = 1e7, poisson = 0.3, gamma = 0.5;
  const double radius = wall ? r : r / 2;                            // R*
  const double modulus = youngs / (2 * (1 - poisson * poisson));     // E*
  const double a0 = std::cbrt(9 * pi * gamma * radius * radius / (2 * modulus));
  const double rest_overlap = a0 * a0 / (3 * radius);                // δ₀
  const double separation = a0 * a0 / (2 * std::cbrt(6.0) * radius);  // δ_c
  const double pulloff = law == "jkr" ? 1.5 * pi * gamma * radius : 2 * pi * gamma * radius;

  const char* args[] = {"pulloff", "-log", "none", "-screen", "none", nullptr};
  auto* lmp = new LAMMPS_NS::LAMMPS(5, const_cast<char**>(args), MPI_COMM_WORLD);
  carom_lammps::register_styles(lmp);
  const std::string material = "hertz 1e7 0.3 restitution 1 adhesion " + law;
  std::vector<std::string> lines{
      "units si", "atom_style sphere", "atom_modify map array", "boundary f f f",
      "comm_modify vel yes", "region box block -0.01 0.01 -0.01 0.01 -0.01 0.01",
      "create_box 2 box", "create_atoms 1 single 0.003 0 0 units box"};
  if (!wall)
    lines.push_back(std::string("create_atoms ") + (mixed ? "2" : "1") + " single 0 0 0 units box");
  for (const char* line : {"set atom * diameter 0.002", "set atom * mass 1e-5", "pair_style carom",
                           "neighbor 1e-4 bin", "neigh_modify delay 0 every 1 check no"})
    lines.push_back(line);
  if (wall) {
    lines.push_back("pair_coeff * * hertz 1e7 0.3 restitution 1");
    lines.push_back("fix wall all wall/carom plane 0 0 0 1 0 0 " + material + " 0.5");
  } else if (mixed) {
    lines.push_back("pair_coeff 1 1 " + material + " 2");
    lines.push_back("pair_coeff 2 2 " + material + " 0.125");
  } else {
    lines.push_back("pair_coeff * * " + material + " 0.5");
  }
  for (const std::string& line : lines) lmp->input->one(line);

  // The force along x on atom 1, at +x of atom 2 or of the wall, at
  // overlap δ: > 0 pushes apart.
  LAMMPS_NS::Atom* atom = lmp->atom;
  const auto force_at = [&](double overlap) {
    atom->x[atom->map(1)][0] = (wall ? r : 2 * r) - overlap;
    lmp->input->one("run 0 post no");
    return atom->f[atom->map(1)][0];
  };
  // 4000 samples from −1.2 δ_c to 2 δ₀ and back.
  const int samples = 4000;
  const double lowest = -1.2 * separation, highest = 2 * rest_overlap;
  const double step = (highest - lowest) / samples;
  std::vector<double> grid;
  for (int k = 0; k <= samples; k++) grid.push_back(lowest + k * step);
  bool untouched_until_contact = true;
  for (const double overlap : grid)
    if (const double f = force_at(overlap); overlap <= 0 && f != 0) untouched_until_contact = false;
  double tension = 0, last_held = highest, first_free = lowest;
  for (auto at = grid.rbegin(); at != grid.rend(); ++at) {
    const double f = force_at(*at);
    tension = std::min(tension, f);
    if (f != 0 && first_free == lowest) last_held = *at;
    if (f == 0 && first_free == lowest) first_free = *at;
  }
  delete lmp;

  // The samples (h = 2.3e-9 m, 2.9e-9 m against the wall) miss the
  // extremum: JKR's smooth one by about (1/8) |F''| h² (measured 9e-9 of
  // F_po), DMT's, at δ → 0⁺, by at most (4/3) E* √R* h^{3/2} = 1.2e-5 of
  // F_po (h scales as R*^{1/3}: the same for both radii); 1e-4 leaves room
  // for both.
  const double error = std::abs(-tension / pulloff - 1);
  const double end = law == "jkr" ? -separation : 0.0;
  const bool ends_there =
      last_held >= end && first_free < end && last_held - first_free <= 1.001 * step;
  std::printf("%s: largest tension %.9g N, analytic pull-off force %.9g N (relative error %.2g, "
              "tolerance 1e-4); no force approaching at delta <= 0: %s; the contact ends between "
              "delta = %.6g and %.6g m (expected %.6g m)\n",
              which.c_str(), -tension, pulloff, error, untouched_until_contact ? "yes" : "no",
              last_held, first_free, end);
  const bool pass = error < 1e-4 && untouched_until_contact && ends_there;
  std::printf("carom-check: %s\n", pass ? "pass" : "FAIL");
  MPI_Finalize();
  return pass ? 0 : 1;
}
