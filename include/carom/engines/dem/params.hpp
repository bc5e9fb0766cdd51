// SPDX-License-Identifier: MIT
#pragma once
/// Parameters and policies of carom::dem (engines/dem/dem.hpp).

#include <cstddef>
#include <optional>
#include <vector>

#include "carom/contact/concepts.hpp"
#include "carom/contact/material_table.hpp"
#include "carom/contact/rolling.hpp"
#include "carom/contact/tangential.hpp"
#include "carom/core/vec.hpp"
#include "carom/geometry/cylinder.hpp"
#include "carom/geometry/plane.hpp"
#include "carom/integrate/concepts.hpp"
#include "carom/integrate/integrators.hpp"

namespace carom {

/// The policies of the DEM engine bundled in one template argument: an
/// integrator (carom::integrator), a tangential model
/// (carom::tangential_model) and a rolling model (carom::rolling_model).
/// `dem<T, D, Law, I>` with a bare integrator I means `dem_policies<I>`.
template <class Integrator = velocity_verlet, tangential_model Tangential = mindlin_tangential_spring,
          rolling_model Rolling = no_rolling>
struct dem_policies {
  using integrator = Integrator;
  using tangential = Tangential;
  using rolling = Rolling;
};

namespace detail {

template <class P>
struct as_dem_policies {
  using type = dem_policies<P>;
};
template <class I, class Tg, class R>
struct as_dem_policies<dem_policies<I, Tg, R>> {
  using type = dem_policies<I, Tg, R>;
};

}  // namespace detail

/// Everything about a DEM run besides the box and the particles
/// (SI units). Designated initialisers:
/// `{.pair_law = carom::hertz<double>::from_restitution(k, 0.5), .max_impact_speed = 2.0}`.
///
/// Stiffness and radius: a law's stiffness is used as given for every
/// contact (monodisperse: fold √R* into k, e.g. k = 4/3 E* √R* or LAMMPS'
/// kₙ√R*; walls have their own R* = R, hence their own wall_law). With
/// reference_radius R_ref > 0 a contact of effective radius R* uses the law
/// scaled to stiffness k √(R*/R_ref) with the same α (so the same
/// restitution): F = s F_law(δ, δ', m*/s), s = √(R*/R_ref) — exact for the
/// power laws of docs/contact-laws.md, which is Hertz for a polydisperse bed when k is
/// 4/3 E* √R_ref. An adhesive law (carom::jkr, carom::dmt) is built for
/// its R*: reference_radius is then 0 or that R*, and each contact uses
/// the law of its own R*, F = λ F_law(λ^{-1/3} δ, ...), λ = R*/R_ref (exact;
/// docs/dem.md, "Adhesion").
///
/// Materials instead of laws: with `materials` (carom::material_table) each
/// particle's species (particle_params::species) picks its material, and
/// every pair of species, and every species against the walls, gets its own
/// law, carom::material_law (k = 4/3 E* R*^{2−p}, calibrated to the pair's
/// e), and tangential spring (Mindlin's k_t = 8 G*, the pair's μ and γ_t);
/// a contact of effective radius R* uses it scaled exactly as above, by
/// (R*/R_ref)^{2−p}. Then pair_law, wall_law, pair_tangential and
/// wall_tangential are left empty. With an adhesive law the pairs' surface
/// energy is its γ and their e sets Hertz's damping (carom::material_law).
template <scalar T, std::size_t D, class Law>
struct dem_params {
  /// Normal law of particle–particle contacts (required without materials).
  std::optional<Law> pair_law{};
  /// Normal law of particle–wall contacts (effective mass m, radius R);
  /// empty: pair_law.
  std::optional<Law> wall_law{};
  /// Tangential spring and friction of particle–particle contacts.
  tangential_params<T> pair_tangential{};
  /// Tangential spring and friction of particle–wall contacts; empty:
  /// pair_tangential.
  std::optional<tangential_params<T>> wall_tangential{};
  /// Rolling resistance of particle–particle contacts (with
  /// carom::sds_rolling in the policies; with materials μ_r is the pair's).
  rolling_params<T> pair_rolling{};
  /// Rolling resistance of particle–wall contacts; empty: pair_rolling.
  std::optional<rolling_params<T>> wall_rolling{};
  /// Uniform acceleration (m/s²).
  vec<T, D> gravity{};
  /// Walls besides the box's own, any orientation, normal pointing inwards.
  std::vector<plane<T, D>> planes{};
  /// The prescribed motion of each plane (carom::wall_motion; docs/dem.md,
  /// "Moving walls"); empty: no plane moves. The planes above are their
  /// places at time 0. Keep a moving plane within the box.
  std::vector<wall_motion<T, D>> plane_motions{};
  /// Cylinder walls (carom::cylinder; in 2D circles), particles inside or
  /// outside each, each possibly spinning about its axis (docs/dem.md,
  /// "Cylinders"). Their contacts come after the planes'.
  std::vector<cylinder<T, D>> cylinders{};
  /// Fastest impact expected (m/s, > 0): sets the default time step and
  /// the check of a given one.
  T max_impact_speed = T(1);
  /// Time step (s); 0 picks min(t_c / steps_per_contact, Δt_crit) of the
  /// stiffest contact (carom::recommended_time_step).
  T time_step = T(0);
  /// Steps per contact duration of the default time step. 1000 keeps the
  /// restitution of a head-on impact within 1e-3 of the calibrated e for
  /// p = 1 … 2, e ≥ 0.3, with velocity Verlet
  /// (tests/validation/dem_restitution.cpp). The error is first order in
  /// dt; p = 1 needs the most steps (its damping force jumps at contact
  /// onset); for p = 3/2 and 2, 100 steps already give ≈ 1e-3.
  int steps_per_contact = 1000;
  /// Verlet-list skin (m); negative picks 0.1 × the largest diameter.
  T skin = T(-1);
  /// The largest radius of a particle added during the run (m;
  /// dem::add(), carom::inlet); 0: none larger than the initial ones. The
  /// cells of the neighbour list, the default skin, the default reference
  /// radius of a material table and the time-step check all count it as
  /// the largest radius.
  T largest_radius = T(0);
  /// R_ref (m) of the √(R*/R_ref) stiffness scaling; 0 disables it (with
  /// materials: 0 picks the largest radius).
  T reference_radius = T(0);
  /// The materials of the species (see above); empty: one law for all.
  /// (A table, not a std::optional of one: g++ 12 warns falsely that an
  /// empty optional's vectors may be used uninitialized when the params
  /// are moved.)
  material_table<T> materials{};
  /// Threads of a step when compiled with OpenMP (docs/threads.md); 0
  /// follows OMP_NUM_THREADS. The trajectory is the same, bit for bit, for
  /// every thread count and without OpenMP.
  int threads = 0;
};

/// The former name of carom::dem_params.
template <scalar T, std::size_t D, class Law>
using time_stepped_params [[deprecated("use carom::dem_params")]] = dem_params<T, D, Law>;

}  // namespace carom
