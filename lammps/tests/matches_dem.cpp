// SPDX-License-Identifier: GPL-2.0-or-later
// pair_style carom in LAMMPS against carom's own engine, carom::dem, on the
// same scene: trajectories (positions, velocities, angular velocities of
// every atom after every step) within round-off for 100 steps (300 in drum,
// drum_rolling and post, 8000 in roll and roll_wall).
//
//   matches_dem pair|pair_rolling|migrate|bed|drum|drum_rolling|post|roll|roll_wall|jkr|jkr_wall|dmt
//               [--newton on|off] [--write FILE]
//
// pair: two spheres in an oblique, spinning frictional collision (power law
// p = 2.3 with Mindlin's spring); migrate: a long sliding contact whose atom
// changes rank on 2 ranks (p = 1, linear spring); bed: 1000 spheres in a periodic cube
// (Hertz–Mindlin from E and ν), many frictional contacts; drum: 6 spheres
// thrown against the inside of a spinning cylinder (fix wall/carom
// zcylinder, a Hertz–Mindlin wall of its own material) and at each other;
// drum_rolling: the drum with rolling resistance against its wall; post:
// the same around the outside of a spinning cylinder;
// pair_rolling: pair with rolling resistance (rolling sds); roll: a ball
// rolling on a fixed sphere of radius 1000 m under gravity, slowed by its
// rolling resistance; roll_wall: the same ball rolling on a plane
// fix wall/carom with rolling resistance; jkr: two pairs under JKR
// adhesion, one that comes apart after holding in tension, one that
// sticks and drifts across the ranks' border; jkr_wall: the same with two
// spheres and an adhesive fix wall/carom plane; dmt: the pairs of jkr
// under DMT adhesion instead. Runs on any
// number of MPI ranks; --write saves LAMMPS' final state as exact hex
// floats, so that runs on different rank counts can be compared bit for bit.
// Exit code 0 when every difference is within the tolerance.

#include "register_styles.h"

#include <carom/carom.hpp>

#include <atom.h>
#include <domain.h>
#include <fix.h>
#include <input.h>
#include <lammps.h>
#include <modify.h>
#include <mpi.h>
#include <update.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

using vector3 = carom::vec<double, 3>;
constexpr int values = 10;  // per atom and step: tag, x, v, ω

struct scene {
  std::vector<carom::particle_params<double, 3>> particles;
  double side = 0;      // the box is [lower, side]³ (lower 0 unless given)
  vector3 lower{};
  std::string boundary = "f f f";  // LAMMPS' words: f a walled axis, p a periodic one
  double dt = 0;
  int steps = 100;
  std::string pair_coeff;   // LAMMPS
  std::string wall_fix;     // LAMMPS, if any (carom: params' cylinders)
  std::size_t fixed = 0;    // the last `fixed` particles do not move
  vector3 gravity{};        // on the others
  std::string neighbor = "neighbor 0.2 bin";
  carom::dem_params<double, 3, carom::power_law<double>> power{
      .pair_law = carom::power_law<double>({1.5, 1.0, 0.0})};  // carom, for "pair"
  carom::dem_params<double, 3, carom::linear_spring_dashpot<double>> linear{
      .pair_law = carom::linear_spring_dashpot<double>({1.0, 0.0})};  // carom, for "migrate"
  carom::dem_params<double, 3, carom::hertz<double>> hertz{
      .pair_law = carom::hertz<double>({1.0, 0.0})};  // carom, for "bed"
  carom::dem_params<double, 3, carom::jkr<double>> jkr{
      .pair_law = carom::jkr<double>({1.0, 1.0, 0.0, 0.0})};  // carom, for "jkr"
  carom::dem_params<double, 3, carom::dmt<double>> dmt{
      .pair_law = carom::dmt<double>({1.0, 1.0, 0.0, 0.0})};  // carom, for "dmt"
};

scene two_spheres() {
  scene s;
  s.side = 4;
  s.dt = 1e-3;
  s.particles = {{.position = {1.45, 2, 2}, .velocity = {1, 0.3, 0}, .radius = 0.5, .mass = 1,
                  .angular_velocity = {0, 0, 2}},
                 {.position = {2.5, 2.2, 2.1}, .velocity = {-1, 0, 0.1}, .radius = 0.45,
                  .mass = 0.8, .angular_velocity = {1, 0, 0}}};
  s.pair_coeff = "pair_coeff * * power 2.3 1e6 restitution 0.5 tangential mindlin 1e6 5 0.4";
  s.power.pair_law = carom::power_law<double>::from_restitution(2.3, 1e6, 0.5);
  s.power.pair_tangential = {.friction = 0.4, .stiffness = 1e6, .damping = 5};
  s.power.time_step = s.dt;
  s.power.max_impact_speed = 3;
  return s;
}

// The same with rolling resistance between the spheres.
scene two_rolling_spheres() {
  scene s = two_spheres();
  s.pair_coeff += " rolling sds 1e3 2 0.2";
  s.power.pair_rolling = {.friction = 0.2, .stiffness = 1e3, .damping = 2};
  return s;
}

// A ball (r = 0.1 m, 1000 kg/m³) rolling at 0.5 m/s onto a fixed sphere
// of radius 1000 m (nearly a plane: it is 2e-5 m lower 0.2 m away) under
// gravity, Hertz–Mindlin with rolling resistance μ_r = 0.05: it lands
// (0.1 mm above at first: a contact at step 0 would differ by LAMMPS'
// convention of not moving springs on in the setup pass) and, once the
// rolling spring slips, decelerates at μ_r g (R*/r) / (1 + 2/5). On 2 ranks
// (split at x = 0) it changes rank while rolling.
scene rolling_ball() {
  scene s;
  s.side = 1;
  s.lower = {-1, -1, -1001};
  s.dt = 1e-4;
  s.steps = 8000;
  const double r = 0.1, mass = 1000 * 4.0 / 3.0 * carom::pi<double> * r * r * r;
  s.particles = {{.position = {-0.1, 0, 0.1001}, .velocity = {0.5, 0, 0}, .radius = r,
                  .mass = mass, .angular_velocity = {0, 0.5 / r, 0}},
                 {.position = {0, 0, -1000}, .radius = 1000, .mass = 1e12}};
  s.fixed = 1;
  s.gravity = {0, 0, -9.81};
  s.neighbor = "neighbor 0.2 nsq";  // bins of the 2000 m cutoff do not fit
  s.pair_coeff = "pair_coeff * * hertz 1e7 0.3 restitution 0.5 tangential mindlin auto 0 0.5 "
                 "rolling sds 1e4 260 0.05";
  const double youngs = 1e7, poisson = 0.3, shear = carom::shear_modulus(youngs, poisson);
  s.hertz.pair_law = carom::hertz<double>::from_restitution(
      carom::hertz_stiffness(carom::effective_youngs_modulus(youngs, poisson, youngs, poisson), 1.0),
      0.5);
  s.hertz.pair_tangential = {
      .friction = 0.5,
      .stiffness = 8 * carom::effective_shear_modulus(shear, poisson, shear, poisson),
      .damping = 0};
  s.hertz.pair_rolling = {.friction = 0.05, .stiffness = 1e4, .damping = 260};
  s.hertz.gravity = s.gravity;
  s.hertz.reference_radius = 1.0;
  s.hertz.time_step = s.dt;
  s.hertz.max_impact_speed = 1;
  return s;
}

// The ball of rolling_ball() on a plane wall instead (fix wall/carom
// plane at z = 0, carom::dem's box floor), of another Hertz material with
// the rolling resistance: once the rolling spring slips, it decelerates at
// μ_r g / (1 + 2/5) (R* = r against a wall).
scene rolling_on_wall() {
  scene s = rolling_ball();
  s.lower = {-1, -1, 0};
  s.particles.pop_back();
  s.fixed = 0;
  s.neighbor = "neighbor 0.2 bin";
  s.pair_coeff = "pair_coeff * * hertz 1e7 0.3 restitution 0.5 tangential mindlin auto 0 0.5";
  s.wall_fix = "fix floor all wall/carom plane 0 0 0 0 0 1 hertz 5e7 0.25 restitution 0.7 "
               "tangential mindlin auto 0 0.5 rolling sds 1e4 260 0.05";
  const double youngs = 1e7, poisson = 0.3, wall_youngs = 5e7, wall_poisson = 0.25;
  s.hertz.pair_rolling = {};
  s.hertz.wall_law = carom::hertz<double>::from_restitution(
      carom::hertz_stiffness(
          carom::effective_youngs_modulus(wall_youngs, wall_poisson, youngs, poisson), 1.0),
      0.7);
  s.hertz.wall_tangential = carom::tangential_params<double>{
      .friction = 0.5,
      .stiffness = 8 * carom::effective_shear_modulus(carom::shear_modulus(wall_youngs, wall_poisson),
                                                      wall_poisson,
                                                      carom::shear_modulus(youngs, poisson), poisson),
      .damping = 0};
  s.hertz.wall_rolling = carom::rolling_params<double>{.friction = 0.05, .stiffness = 1e4,
                                                       .damping = 260};
  return s;
}

// Two spheres that touch at step 33 and stay in contact (a soft linear
// spring, sliding with friction) while moving along x together: on 2 ranks
// (processors split at x = 3) the second one changes rank mid-contact.
scene migrating_contact() {
  scene s;
  s.side = 6;
  s.dt = 1e-3;
  s.particles = {{.position = {1.9, 3, 3}, .velocity = {2.3, 0.4, 0}, .radius = 0.5, .mass = 1,
                  .angular_velocity = {0, 0, 1}},
                 {.position = {2.91, 3.02, 3}, .velocity = {2.0, -0.2, 0.1}, .radius = 0.5,
                  .mass = 1}};
  s.pair_coeff = "pair_coeff * * power 1 10 restitution 0.7 tangential linear 5 0.5 0.3";
  s.linear.pair_law = carom::linear_spring_dashpot<double>::from_restitution(10.0, 0.7);
  s.linear.pair_tangential = {.friction = 0.3, .stiffness = 5, .damping = 0.5};
  s.linear.time_step = s.dt;
  s.linear.max_impact_speed = 3;
  return s;
}

scene bed() {
  scene s;
  const int per_side = 10;
  const double spacing = 1.04;
  s.side = per_side * spacing;
  s.boundary = "p p p";
  s.dt = 1e-4;
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> jitter(-0.015, 0.015), speed(-3, 3), spin(-5, 5),
      size(0.48, 0.5);
  for (int i = 0; i < per_side; i++)
    for (int j = 0; j < per_side; j++)
      for (int k = 0; k < per_side; k++) {
        const double r = size(rng);
        const vector3 x{(i + 0.5) * spacing + jitter(rng), (j + 0.5) * spacing + jitter(rng),
                        (k + 0.5) * spacing + jitter(rng)};
        const vector3 v{speed(rng), speed(rng), speed(rng)};
        const vector3 w{spin(rng), spin(rng), spin(rng)};
        s.particles.push_back({.position = x, .velocity = v, .radius = r,
                               .mass = 1000 * 4.0 / 3.0 * carom::pi<double> * r * r * r,
                               .angular_velocity = w});
      }
  const double youngs = 1e7, poisson = 0.3;
  s.pair_coeff = "pair_coeff * * hertz 1e7 0.3 restitution 0.5 tangential mindlin auto 50 0.5";
  // As the pair style builds it: k = 4/3 E* at radius 1, scaled by √R*.
  const double stiffness = carom::hertz_stiffness(
      carom::effective_youngs_modulus(youngs, poisson, youngs, poisson), 1.0);
  const double shear = carom::effective_shear_modulus(
      carom::shear_modulus(youngs, poisson), poisson, carom::shear_modulus(youngs, poisson), poisson);
  s.hertz.pair_law = carom::hertz<double>::from_restitution(stiffness, 0.5);
  s.hertz.reference_radius = 1.0;
  s.hertz.pair_tangential = {.friction = 0.5, .stiffness = 8 * shear, .damping = 50};
  s.hertz.time_step = s.dt;
  s.hertz.max_impact_speed = 10;
  return s;
}

// Spheres of 1000 kg/m³, Hertz–Mindlin (E = 10 MPa, ν = 0.3), inside a
// cylinder of radius 1.5 about the z axis through (2, 2) spinning at
// 2 rad/s, of another material (E = 50 MPa, ν = 0.25, e = 0.7, μ = 0.3).
// They hit it obliquely, and it drags them through frictional contacts of
// tens of steps (the Mindlin stretch carried from step to step); then
// neighbours meet. A drum at rest in LAMMPS only is 1.05 off in velocity.
scene drum() {
  scene s;
  s.side = 4;
  s.boundary = "f f p";  // the cylinder's axis along the periodic z
  s.dt = 1e-3;
  s.steps = 300;
  for (int k = 0; k < 6; k++) {
    const double angle = carom::pi<double> * (k / 3.0 + 0.05);
    const vector3 out{std::cos(angle), std::sin(angle), 0}, along{-out[1], out[0], 0};
    const double r = 0.4 - 0.01 * k, spin = k % 2 == 0 ? 1.0 : -1.0;
    s.particles.push_back({.position = vector3{2, 2, 1.5 + 0.2 * k} + 1.05 * out,
                           .velocity = 1.0 * out + spin * 0.8 * along + vector3{0, 0, 0.1 * k},
                           .radius = r,
                           .mass = 1000 * 4.0 / 3.0 * carom::pi<double> * r * r * r,
                           .angular_velocity = {0.5 * k, -1.0, 2.0 * spin}});
  }
  s.pair_coeff = "pair_coeff * * hertz 1e7 0.3 restitution 0.5 tangential mindlin auto 50 0.5";
  s.wall_fix = "fix drum all wall/carom zcylinder 1.5 centre 2 2 spin 2 "
               "hertz 5e7 0.25 restitution 0.7 tangential mindlin auto 20 0.3";
  // As the pair style and the fix build them: k = 4/3 E* at radius 1,
  // scaled by √R*; the wall's E* and G* from its material and the atoms'.
  const double youngs = 1e7, poisson = 0.3, wall_youngs = 5e7, wall_poisson = 0.25;
  const double shear = carom::shear_modulus(youngs, poisson);
  const double wall_shear = carom::shear_modulus(wall_youngs, wall_poisson);
  s.hertz.pair_law = carom::hertz<double>::from_restitution(
      carom::hertz_stiffness(carom::effective_youngs_modulus(youngs, poisson, youngs, poisson), 1.0),
      0.5);
  s.hertz.pair_tangential = {
      .friction = 0.5,
      .stiffness = 8 * carom::effective_shear_modulus(shear, poisson, shear, poisson),
      .damping = 50};
  s.hertz.wall_law = carom::hertz<double>::from_restitution(
      carom::hertz_stiffness(
          carom::effective_youngs_modulus(wall_youngs, wall_poisson, youngs, poisson), 1.0),
      0.7);
  s.hertz.wall_tangential = carom::tangential_params<double>{
      .friction = 0.3,
      .stiffness = 8 * carom::effective_shear_modulus(wall_shear, wall_poisson, shear, poisson),
      .damping = 20};
  s.hertz.cylinders = {carom::cylinder<double, 3>::around({2, 2, 0}, {0, 0, 1}, 1.5,
                                                          carom::cylinder_side::inside, 2.0)};
  s.hertz.reference_radius = 1.0;
  s.hertz.time_step = s.dt;
  s.hertz.max_impact_speed = 4;
  return s;
}

// The same spheres and materials around a post: the outside of a cylinder
// of radius 0.5 about the z axis through (2, 2) spinning at -3 rad/s. They
// are thrown at it obliquely from all sides, slide round it dragged by
// their frictional contacts, and meet their neighbours on the way.
scene post() {
  scene s = drum();
  s.particles.clear();
  for (int k = 0; k < 6; k++) {
    const double angle = carom::pi<double> * (k / 3.0 + 0.05);
    const vector3 out{std::cos(angle), std::sin(angle), 0}, along{-out[1], out[0], 0};
    const double r = 0.4 - 0.01 * k, spin = k % 2 == 0 ? 1.0 : -1.0;
    s.particles.push_back({.position = vector3{2, 2, 1.5 + 0.1 * k} + (0.5 + r + 0.02) * out,
                           .velocity = -1.0 * out + spin * 0.8 * along + vector3{0, 0, 0.1 * k},
                           .radius = r,
                           .mass = 1000 * 4.0 / 3.0 * carom::pi<double> * r * r * r,
                           .angular_velocity = {0.5 * k, -1.0, 2.0 * spin}});
  }
  s.wall_fix = "fix post all wall/carom zcylinder 0.5 centre 2 2 outside spin -3 "
               "hertz 5e7 0.25 restitution 0.7 tangential mindlin auto 20 0.3";
  s.hertz.cylinders = {carom::cylinder<double, 3>::around({2, 2, 0}, {0, 0, 1}, 0.5,
                                                          carom::cylinder_side::outside, -3.0)};
  return s;
}

// The drum with rolling resistance against its spinning wall: the
// rolling velocity takes the atoms' spin relative to the wall's.
scene drum_rolling() {
  scene s = drum();
  s.wall_fix += " rolling sds 1e3 2 0.2";
  s.hertz.wall_rolling = carom::rolling_params<double>{.friction = 0.2, .stiffness = 1e3,
                                                       .damping = 2};
  return s;
}

// Two pairs of equal spheres (r = 0.5 m, 1 kg; E = 1e5 Pa, ν = 0.3,
// e = 0.8, Mindlin friction μ = 0.5, JKR with γ = 10 J/m²: δ_c = 3.3 mm,
// the pull-off force 11.8 N). The first meets obliquely at 2 m/s,
// spinning, and comes apart after its contact has held in tension past
// δ = 0; the second meets at 0.1 m/s, too slowly to come apart (it would
// need about 0.06 J, it brings 0.0025 J), and drifts at 3 m/s along x
// while attached: on 2 ranks (split at x = 2) its contact first joins
// atoms of both ranks, then its first atom changes rank.
scene jkr_pairs() {
  scene s;
  s.side = 4;
  s.dt = 1e-4;
  s.steps = 3000;
  s.particles = {{.position = {1.4, 2, 1}, .velocity = {1, 0.2, 0}, .radius = 0.5, .mass = 1,
                  .angular_velocity = {0, 0, 3}},
                 {.position = {2.45, 2.1, 1.05}, .velocity = {-1, 0, 0.1}, .radius = 0.5,
                  .mass = 1, .angular_velocity = {1, 0, 0}},
                 {.position = {1.45, 2, 3}, .velocity = {3.05, 0, 0}, .radius = 0.5, .mass = 1},
                 {.position = {2.452, 2.01, 3}, .velocity = {2.95, 0, 0}, .radius = 0.5,
                  .mass = 1, .angular_velocity = {0, 0, 1}}};
  s.pair_coeff = "pair_coeff * * hertz 1e5 0.3 restitution 0.8 tangential mindlin auto 0 0.5 "
                 "adhesion jkr 10";
  const double youngs = 1e5, poisson = 0.3, shear = carom::shear_modulus(youngs, poisson);
  const double modulus = carom::effective_youngs_modulus(youngs, poisson, youngs, poisson);
  // The law at the pairs' R* = 0.25 m, with the damping of Hertz for e.
  s.jkr.pair_law = carom::jkr<double>(
      {.youngs_modulus = modulus,
       .effective_radius = 0.25,
       .work_of_adhesion = 10,
       .damping = carom::hertz<double>::from_restitution(carom::hertz_stiffness(modulus, 1.0), 0.8)
                      .damping()});
  s.jkr.pair_tangential = {
      .friction = 0.5,
      .stiffness = 8 * carom::effective_shear_modulus(shear, poisson, shear, poisson),
      .damping = 0};
  s.jkr.time_step = s.dt;
  s.jkr.max_impact_speed = 3;
  return s;
}

// Two spheres of jkr_pairs() against a floor (fix wall/carom plane at
// z = 0, carom::dem's box floor) of their material with the same
// adhesion (R* = r: δ_c = 4.1 mm): one meets it obliquely at 2 m/s,
// spinning, and comes off after holding in tension; the other meets it at
// 0.1 m/s moving at 2 m/s along x, sticks, and rolls across x = 2.
scene jkr_floor() {
  scene s = jkr_pairs();
  s.particles = {{.position = {1, 1.2, 0.56}, .velocity = {0.5, 0, -2}, .radius = 0.5, .mass = 1,
                  .angular_velocity = {3, 0, 1}},
                 {.position = {1.7, 3, 0.502}, .velocity = {2, 0, -0.1}, .radius = 0.5,
                  .mass = 1}};
  s.wall_fix = "fix floor all wall/carom plane 0 0 0 0 0 1 hertz 1e5 0.3 restitution 0.8 "
               "tangential mindlin auto 0 0.5 adhesion jkr 10";
  carom::jkr<double> pair_law = *s.jkr.pair_law;
  s.jkr.wall_law = carom::jkr<double>({.youngs_modulus = pair_law.youngs_modulus(),
                                       .effective_radius = 0.5,
                                       .work_of_adhesion = 10,
                                       .damping = pair_law.damping()});
  s.jkr.wall_tangential = s.jkr.pair_tangential;
  return s;
}

// The pairs of jkr_pairs() under DMT with the same γ (pull-off force
// 15.7 N; a contact ends at δ = 0).
scene dmt_pairs() {
  scene s = jkr_pairs();
  s.pair_coeff = "pair_coeff * * hertz 1e5 0.3 restitution 0.8 tangential mindlin auto 0 0.5 "
                 "adhesion dmt 10";
  const carom::jkr<double>& jkr = *s.jkr.pair_law;
  s.dmt.pair_law = carom::dmt<double>({.youngs_modulus = jkr.youngs_modulus(),
                                       .effective_radius = 0.25,
                                       .work_of_adhesion = 10,
                                       .damping = jkr.damping()});
  s.dmt.pair_tangential = s.jkr.pair_tangential;
  s.dmt.time_step = s.dt;
  s.dmt.max_impact_speed = 3;
  return s;
}

// Records tag, x, v, ω of the group's local atoms after every step.
std::vector<double>* record_into = nullptr;

class FixRecord : public LAMMPS_NS::Fix {
 public:
  FixRecord(LAMMPS_NS::LAMMPS* lmp, int narg, char** arg) : Fix(lmp, narg, arg) {}
  int setmask() override { return LAMMPS_NS::FixConst::END_OF_STEP; }
  void end_of_step() override {
    for (int i = 0; i < atom->nlocal; i++) {
      record_into->push_back(double(update->ntimestep));
      record_into->push_back(double(atom->tag[i]));
      for (int c = 0; c < 3; c++) record_into->push_back(atom->x[i][c]);
      for (int c = 0; c < 3; c++) record_into->push_back(atom->v[i][c]);
      for (int c = 0; c < 3; c++) record_into->push_back(atom->omega[i][c]);
    }
  }
};

LAMMPS_NS::Fix* make_record(LAMMPS_NS::LAMMPS* lmp, int narg, char** arg) {
  return new FixRecord(lmp, narg, arg);
}

// LAMMPS' trajectory: [step][tag - 1][x v ω], gathered on rank 0.
std::vector<double> run_lammps(const scene& s, const std::string& newton) {
  std::vector<double> local;
  record_into = &local;
  const char* args[] = {"matches_dem", "-log", "none", "-screen", "none", nullptr};
  auto* lmp = new LAMMPS_NS::LAMMPS(5, const_cast<char**>(args), MPI_COMM_WORLD);
  carom_lammps::register_styles(lmp);
  (*lmp->modify->fix_map)["record"] = &make_record;
  const std::string side = std::to_string(s.side);
  const auto extent = [&](std::size_t a) { return std::to_string(s.lower[a]) + " " + side; };
  for (const std::string& line : std::vector<std::string>{"units si", std::string("atom_style sphere"),
        std::string("atom_modify map array"), "boundary " + s.boundary, "processors * 1 1", "newton " + newton,
        "comm_modify vel yes", "region box block " + extent(0) + " " + extent(1) + " " + extent(2),
        std::string("create_box 2 box")})
    lmp->input->one(line);
  char line[256];
  for (std::size_t k = 0; k < s.particles.size(); k++) {
    // Type 2: fixed.
    const auto& p = s.particles[k];
    std::snprintf(line, sizeof line, "create_atoms %d single %.17g %.17g %.17g units box",
                  k + s.fixed < s.particles.size() ? 1 : 2, p.position[0], p.position[1],
                  p.position[2]);
    lmp->input->one(line);
  }
  // Exact values straight into the atom arrays (create_atoms rounds none).
  LAMMPS_NS::Atom* atom = lmp->atom;
  for (int i = 0; i < atom->nlocal; i++) {
    const auto& p = s.particles[std::size_t(atom->tag[i] - 1)];
    for (int c = 0; c < 3; c++) {
      atom->x[i][c] = p.position[c];
      atom->v[i][c] = p.velocity[c];
      atom->omega[i][c] = p.angular_velocity[c];
    }
    atom->radius[i] = p.radius;
    // A fixed atom (not integrated) has mass 2^1000: then m* = m_i m / (m_i + m)
    // is m_i exactly, as carom::dem's m* with a fixed particle.
    atom->rmass[i] = atom->type[i] == 2 ? std::ldexp(1.0, 1000) : p.mass;
  }
  for (const std::string& command : std::vector<std::string>{"pair_style carom", s.pair_coeff, s.neighbor,
        std::string("neigh_modify delay 0 every 1 check yes"),
        std::string("group mobile type 1"), std::string("fix integrate mobile nve/sphere"),
        std::string("fix record all record"), "timestep " + std::to_string(s.dt)})
    lmp->input->one(command);
  if (carom::squared_norm(s.gravity) > 0) {
    std::snprintf(line, sizeof line, "fix weight mobile gravity %.17g vector %.17g %.17g %.17g",
                  carom::norm(s.gravity), s.gravity[0], s.gravity[1], s.gravity[2]);
    lmp->input->one(line);
  }
  if (!s.wall_fix.empty()) lmp->input->one(s.wall_fix);
  lmp->input->one("run " + std::to_string(s.steps));
  int ranks = 1, me = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  if (ranks > 1 && s.particles.size() == 2)
    for (int i = 0; i < lmp->atom->nlocal; i++)
      std::printf("rank %d (x from %g to %g) owns atom %d at the end (x = %.3f)\n", me, lmp->domain->sublo[0], lmp->domain->subhi[0], int(lmp->atom->tag[i]),
                  lmp->atom->x[i][0]);
  delete lmp;

  const int count = int(local.size());
  std::vector<int> counts(static_cast<std::size_t>(ranks)), offsets(counts.size());
  MPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::vector<double> all;
  if (me == 0) {
    int total = 0;
    for (int r = 0; r < ranks; r++) offsets[std::size_t(r)] = total, total += counts[std::size_t(r)];
    all.resize(std::size_t(total));
  }
  MPI_Gatherv(local.data(), count, MPI_DOUBLE, all.data(), counts.data(), offsets.data(),
              MPI_DOUBLE, 0, MPI_COMM_WORLD);
  std::vector<double> trajectory(std::size_t(s.steps) * s.particles.size() * 9);
  for (std::size_t at = 0; at + values + 1 <= all.size(); at += values + 1) {
    const auto step = std::size_t(all[at]) - 1, tag = std::size_t(all[at + 1]) - 1;
    std::copy_n(&all[at + 2], 9, &trajectory[(step * s.particles.size() + tag) * 9]);
  }
  return trajectory;
}

// carom::dem's trajectory in the same layout.
template <class Tangential, class Rolling = carom::no_rolling, class Law>
std::vector<double> run_carom(const scene& s, const carom::dem_params<double, 3, Law>& params) {
  carom::particles<double, 3> initial;
  for (const auto& p : s.particles) initial.add(p);
  std::array<carom::boundary, 3> kinds{};
  for (std::size_t a = 0; a < 3; a++)
    kinds[a] = s.boundary[2 * a] == 'p' ? carom::boundary::periodic : carom::boundary::wall;
  const carom::box<double, 3> box(s.lower, vector3{s.side, s.side, s.side}, kinds);
  carom::dem<double, 3, Law, carom::dem_policies<carom::velocity_verlet, Tangential, Rolling>>
      engine(box, initial, params);
  for (std::size_t k = 0; k < engine.size(); k++)
    if (engine.ids()[k] + s.fixed >= s.particles.size()) engine.fix(k);
  std::vector<double> trajectory(std::size_t(s.steps) * s.particles.size() * 9);
  for (std::size_t step = 0; step < std::size_t(s.steps); step++) {
    engine.step();
    for (std::size_t k = 0; k < engine.size(); k++) {
      double* out = &trajectory[(step * s.particles.size() + engine.ids()[k]) * 9];
      for (int c = 0; c < 3; c++) {
        out[c] = engine.positions()[k][c];
        out[3 + c] = engine.velocities()[k][c];
        out[6 + c] = engine.angular_velocities()[k][c];
      }
    }
  }
  return trajectory;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int me = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  std::string which = argc > 1 ? argv[1] : "", newton = "on", write;
  for (int a = 2; a + 1 < argc; a += 2) {
    if (std::strcmp(argv[a], "--newton") == 0) newton = argv[a + 1];
    if (std::strcmp(argv[a], "--write") == 0) write = argv[a + 1];
  }
  const std::vector<std::string> scenes{"pair", "pair_rolling", "migrate",   "bed",
                                        "drum", "drum_rolling", "post",      "roll",
                                        "roll_wall", "jkr",    "jkr_wall",  "dmt"};
  if (std::find(scenes.begin(), scenes.end(), which) == scenes.end()) {
    if (me == 0)
      std::fprintf(stderr, "usage: matches_dem pair|pair_rolling|migrate|bed|drum|drum_rolling|post|roll|roll_wall|jkr|jkr_wall|dmt "
                           "[--newton on|off] [--write FILE]\n");
    MPI_Finalize();
    return 2;
  }
  const scene s = which == "pair"           ? two_spheres()
                  : which == "pair_rolling" ? two_rolling_spheres()
                  : which == "migrate"      ? migrating_contact()
                  : which == "drum"         ? drum()
                  : which == "drum_rolling" ? drum_rolling()
                  : which == "post"         ? post()
                  : which == "roll"         ? rolling_ball()
                  : which == "roll_wall"    ? rolling_on_wall()
                  : which == "jkr"          ? jkr_pairs()
                  : which == "jkr_wall"     ? jkr_floor()
                  : which == "dmt"          ? dmt_pairs()
                                            : bed();
  const std::vector<double> lammps = run_lammps(s, newton);
  int failed = 0;
  if (me == 0) {
    const std::vector<double> carom =
        which == "bed" || which == "drum" || which == "post"
            ? run_carom<carom::mindlin_tangential_spring>(s, s.hertz)
        : which == "roll" || which == "roll_wall" || which == "drum_rolling"
            ? run_carom<carom::mindlin_tangential_spring, carom::sds_rolling>(s, s.hertz)
        : which == "migrate" ? run_carom<carom::linear_tangential_spring>(s, s.linear)
        : which == "jkr" || which == "jkr_wall"
            ? run_carom<carom::mindlin_tangential_spring>(s, s.jkr)
        : which == "dmt" ? run_carom<carom::mindlin_tangential_spring>(s, s.dmt)
        : which == "pair_rolling"
            ? run_carom<carom::mindlin_tangential_spring, carom::sds_rolling>(s, s.power)
            : run_carom<carom::mindlin_tangential_spring>(s, s.power);
    // Round-off: relative to each quantity's scale in the scene.
    double worst[3] = {0, 0, 0}, scale[3] = {s.side, 0, 0};
    for (std::size_t at = 0; at < carom.size(); at += 9)
      for (int c = 0; c < 3; c++) {
        scale[1] = std::max(scale[1], std::abs(carom[at + 3 + std::size_t(c)]));
        scale[2] = std::max(scale[2], std::abs(carom[at + 6 + std::size_t(c)]));
      }
    std::size_t contacts_seen = 0;
    for (std::size_t at = 0; at < carom.size(); at += 9)
      for (std::size_t q = 0; q < 9; q++) {
        const double difference = std::abs(lammps[at + q] - carom[at + q]) / scale[q / 3];
        worst[q / 3] = std::max(worst[q / 3], difference);
      }
    // The collisions must have happened: some angular velocity changed.
    for (std::size_t k = 0; k < s.particles.size(); k++) {
      const double* last = &carom[(std::size_t(s.steps - 1) * s.particles.size() + k) * 9];
      contacts_seen += vector3{last[6], last[7], last[8]} != s.particles[k].angular_velocity;
    }
    if (which == "migrate") {
      // The contact must hold from before the second atom crosses x = 3 to the end.
      int touch = -1, cross = -1, last_touch = -1;
      for (int step = 0; step < s.steps; step++) {
        const double* a = &carom[std::size_t(step) * 18];
        const double distance = carom::norm(vector3{a[9] - a[0], a[10] - a[1], a[11] - a[2]});
        if (distance < 1.0) last_touch = step + 1, touch = touch < 0 ? step + 1 : touch;
        if (a[9] >= 3.0 && cross < 0) cross = step + 1;
      }
      std::printf("migrate: contact from step %d to %d, the second atom crosses x = 3 at step %d\n",
                  touch, last_touch, cross);
      failed |= !(touch > 0 && touch < cross && last_touch == s.steps);
    }
    if (which == "jkr") {
      // The first pair must come apart after holding at δ < 0 (some steps
      // at −δ_c ≤ δ < 0 after it touched), the second stay attached while
      // its first atom crosses x = 2.
      const double release = 1 + s.jkr.pair_law->pulloff_separation();
      int first_touch = -1, held_apart = 0, second_touch = -1, cross = -1;
      double first_end = 0, second_farthest = 0;
      for (int step = 0; step < s.steps; step++) {
        const double* a = &carom[std::size_t(step) * 36];
        const double first = carom::norm(vector3{a[9] - a[0], a[10] - a[1], a[11] - a[2]});
        const double second = carom::norm(vector3{a[27] - a[18], a[28] - a[19], a[29] - a[20]});
        if (first < 1 && first_touch < 0) first_touch = step + 1;
        if (first_touch > 0 && first >= 1 && first <= release) held_apart++;
        first_end = first;
        if (second < 1 && second_touch < 0) second_touch = step + 1;
        if (second_touch > 0) second_farthest = std::max(second_farthest, second);
        if (a[18] >= 2 && cross < 0) cross = step + 1;
      }
      std::printf("jkr: the first pair touches at step %d, holds at delta < 0 for %d steps, ends "
                  "%.4f m apart (%s); the second touches at step %d, stays within %.6f m (release "
                  "at %.6f m), its first atom crosses x = 2 at step %d\n",
                  first_touch, held_apart, first_end, first_end > release ? "released" : "held",
                  second_touch, second_farthest, release, cross);
      failed |= !(first_touch > 0 && held_apart > 0 && first_end > release && second_touch > 0 &&
                  second_touch < cross && second_farthest <= release);
    }
    if (which == "jkr_wall") {
      // The first sphere must come off the floor after holding at δ < 0,
      // the second stay attached while it crosses x = 2.
      const double release = 0.5 + s.jkr.wall_law->pulloff_separation();
      int first_touch = -1, held_apart = 0, second_touch = -1, cross = -1;
      double first_end = 0, second_highest = 0;
      for (int step = 0; step < s.steps; step++) {
        const double* a = &carom[std::size_t(step) * 18];
        if (a[2] < 0.5 && first_touch < 0) first_touch = step + 1;
        if (first_touch > 0 && a[2] >= 0.5 && a[2] <= release) held_apart++;
        first_end = a[2];
        if (a[11] < 0.5 && second_touch < 0) second_touch = step + 1;
        if (second_touch > 0) second_highest = std::max(second_highest, a[11]);
        if (a[9] >= 2 && cross < 0) cross = step + 1;
      }
      std::printf("jkr_wall: the first sphere touches at step %d, holds at delta < 0 for %d steps, "
                  "ends at z = %.4f m (%s); the second touches at step %d, stays below z = %.6f m "
                  "(release at %.6f m), crosses x = 2 at step %d\n",
                  first_touch, held_apart, first_end, first_end > release ? "released" : "held",
                  second_touch, second_highest, release, cross);
      failed |= !(first_touch > 0 && held_apart > 0 && first_end > release && second_touch > 0 &&
                  second_touch < cross && second_highest <= release);
    }
    if (which == "drum" || which == "drum_rolling" || which == "post") {
      // Both kinds of contact must have happened: steps with an atom
      // pressed into the wall, and with two atoms touching.
      int wall_steps = 0, pair_steps = 0;
      const std::size_t n = s.particles.size();
      for (std::size_t step = 0; step < std::size_t(s.steps); step++) {
        bool wall = false, pair = false;
        for (std::size_t k = 0; k < n; k++) {
          const double* a = &carom[(step * n + k) * 9];
          const double rk = s.particles[k].radius;
          const double from_axis = std::hypot(a[0] - 2, a[1] - 2);
          wall = wall || (which == "post" ? from_axis - rk < 0.5 : from_axis + rk > 1.5);
          for (std::size_t l = k + 1; l < n; l++) {
            const double* b = &carom[(step * n + l) * 9];
            vector3 d{b[0] - a[0], b[1] - a[1], b[2] - a[2]};
            d[2] -= s.side * std::round(d[2] / s.side);  // periodic z
            pair = pair || carom::norm(d) < rk + s.particles[l].radius;
          }
        }
        wall_steps += wall;
        pair_steps += pair;
      }
      std::printf("%s: an atom against the wall in %d steps, two atoms touching in %d\n",
                  which.c_str(), wall_steps, pair_steps);
      failed |= wall_steps == 0 || pair_steps == 0;
      if (which == "drum_rolling") {
        // The rolling resistance must have acted: the final spins differ
        // from the drum's without it.
        const scene plain = drum();
        const std::vector<double> without =
            run_carom<carom::mindlin_tangential_spring>(plain, plain.hertz);
        double change = 0;
        for (std::size_t at = without.size() - n * 9; at < without.size(); at += 9)
          for (std::size_t c = 6; c < 9; c++)
            change = std::max(change, std::abs(carom[at + c] - without[at + c]));
        std::printf("drum_rolling: the rolling resistance changes the final spins by up to "
                    "%.3g rad/s\n", change);
        failed |= !(change > 1e-3);
      }
    }
    if (which == "roll" || which == "roll_wall") {
      // Rolling, the ball decelerates at μ_r g (R*/r) / (1 + 2/5) once its
      // rolling spring slips: from 0.2 s to 0.6 s, in both runs.
      // R* = r against the wall, r R / (r + R) against the ground sphere.
      const std::size_t n = s.particles.size();
      const double r = s.particles[0].radius;
      const double expected =
          0.05 * 9.81 * (n == 2 ? s.particles[1].radius / (r + s.particles[1].radius) : 1.0) / 1.4;
      for (const std::vector<double>* run : {&carom, &lammps}) {
        const double v1 = (*run)[(1999 * n) * 9 + 3], v2 = (*run)[(5999 * n) * 9 + 3];
        const double deceleration = (v1 - v2) / 0.4;
        std::printf("roll (%s): vx %.6f m/s at 0.2 s, %.6f at 0.6 s: deceleration %.6f m/s², "
                    "mu_r g (R*/r) / 1.4 = %.6f (relative difference %.2g)\n",
                    run == &carom ? "carom::dem" : "LAMMPS", v1, v2, deceleration, expected,
                    deceleration / expected - 1);
        failed |= !(std::abs(deceleration / expected - 1) < 0.01);
      }
    }
    const double tolerance = 1e-12;
    std::printf("%s, newton %s: %d steps, %zu atoms (%zu with changed spin); largest difference "
                "LAMMPS - carom::dem relative to the scene's scale: position %.3g, velocity %.3g, "
                "angular velocity %.3g (tolerance %.0e)\n",
                which.c_str(), newton.c_str(), s.steps, s.particles.size(), contacts_seen, worst[0],
                worst[1], worst[2], tolerance);
    failed |= !(worst[0] <= tolerance && worst[1] <= tolerance && worst[2] <= tolerance) ||
             contacts_seen == 0;
    if (!write.empty()) {
      FILE* file = std::fopen(write.c_str(), "w");
      for (std::size_t at = lammps.size() - s.particles.size() * 9; at < lammps.size(); at++)
        std::fprintf(file, "%a\n", lammps[at]);
      std::fclose(file);
    }
  }
  MPI_Bcast(&failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return failed;
}
