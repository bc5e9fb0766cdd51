// SPDX-License-Identifier: MIT
#pragma once
/// The model slot of carom::time_stepped and the template's declaration.
///
/// `carom::time_stepped<T, D, Model, Policies>` is one template with two
/// engines behind it, chosen by what Model is:
///   - a carom::contact_law: soft-sphere DEM (engines/time_stepped.hpp);
///   - a carom::impulse_resolver: impulse mode, hard particles moved with a
///     fixed step and swept collisions inside it
///     (engines/time_stepped_impulse.hpp).
/// Each engine is a constrained partial specialisation of the declaration
/// below; carom/carom.hpp brings in both.

#include <cstddef>

#include "carom/collision/concepts.hpp"
#include "carom/contact/concepts.hpp"
#include "carom/core/concepts.hpp"
#include "carom/integrate/integrators.hpp"

namespace carom {

/// What the model slot of carom::time_stepped accepts: a contact law (DEM)
/// or an impulse resolver (impulse mode).
template <class Model, class T>
concept time_stepped_model = contact_law<Model, T> || impulse_resolver<Model, T>;

/// The time-stepped engine: `time_stepped<double, 3, carom::hertz<double>>`
/// (DEM), `time_stepped<double, 2, carom::elastic>` (impulse mode). Policies:
/// an integrator (carom::integrator), or for DEM carom::dem_policies.
template <scalar T, std::size_t D, class Model, class Policies = velocity_verlet>
  requires dimension<D> && time_stepped_model<Model, T>
class time_stepped;

}  // namespace carom
