// SPDX-License-Identifier: MIT
#pragma once
/// One contact of carom::dem as dem::contacts() reports it (docs/dem.md,
/// "Contacts, wall forces, stress"): the contact kernel evaluated at the
/// current state with the stored stretch and dt = 0, so that reporting
/// stretches nothing.

#include <cstddef>

#include "carom/contact/concepts.hpp"
#include "carom/contact/soft_contact.hpp"
#include "carom/contact/tangential.hpp"
#include "carom/core/vec.hpp"
#include "carom/engines/dem/detail/particle_view.hpp"
#include "carom/engines/dem/observables.hpp"
#include "carom/engines/dem/setup.hpp"
#include "carom/engines/event_driven/collision_record.hpp"
#include "carom/geometry/box.hpp"

namespace carom::detail {

/// The contact of particle i with `partner`. n points from the partner to
/// i (the kernel's convention); the normal force is the law's value,
/// computed as the kernel does: the law scaled by `scaling` (it sees φ δ
/// and the mass f φ m*/s, `law_mass_factor` f: carom::soft_contact_force).
template <tangential_model Tangential, scalar T, std::size_t D, contact_law<T> Law>
[[nodiscard]] dem_contact<T, D> observed_contact(
    const Law& law, const tangential_params<T>& tangential, const box<T, D>& container,
    const dem_particle_view<T, D>& p, std::size_t i, std::size_t partner, partner_kind kind,
    const vec<T, D>& n, T overlap, const vec<T, D>& relative_velocity,
    const angular<T, D>& lever, T mass, contact_scaling<T> scaling, T contact_radius,
    const vec<T, D>& spring, const vec<T, D>& branch, T law_mass_factor = T(1)) {
  const T mass_factor = law_mass_factor * scaling.overlap;
  const auto f = soft_contact_force<Tangential>(
      law, tangential, n, scaling.overlap * overlap, relative_velocity, lever, mass, scaling.force,
      Tangential::scales_with_contact ? contact_radius : T(1), spring, T(0), mass_factor);
  const T normal_force = scaling.force * law.force(scaling.overlap * overlap,
                                                   -dot(relative_velocity, n),
                                                   mass_factor * mass / scaling.force);
  const vec<T, D> point = p.position[i] - (p.radius[i] - overlap / 2) * n;
  return {i, partner, kind, overlap, -n, normal_force,
          Tangential::has_history ? vec<T, D>(f.force - normal_force * n) : vec<T, D>{},
          f.force, branch, container.wrap(point)};
}

}  // namespace carom::detail
