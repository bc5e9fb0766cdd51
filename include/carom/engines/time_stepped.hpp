// SPDX-License-Identifier: MIT
#pragma once
/// The former name of the two time-stepped engines, kept for one release:
/// `carom::time_stepped<T, D, Model, Policies>` is carom::dem when Model is
/// a carom::contact_law and carom::impulse_stepped when it is a
/// carom::impulse_resolver. New code names the engine it means.

#include <cstddef>

#include "carom/collision/concepts.hpp"
#include "carom/contact/concepts.hpp"
#include "carom/core/concepts.hpp"
#include "carom/engines/dem/dem.hpp"
#include "carom/engines/impulse/impulse_stepped.hpp"
#include "carom/integrate/integrators.hpp"

namespace carom {
namespace detail {

template <class T, std::size_t D, class Model, class Policies>
struct time_stepped_engine;

template <class T, std::size_t D, class Law, class Policies>
  requires contact_law<Law, T>
struct time_stepped_engine<T, D, Law, Policies> {
  using type = dem<T, D, Law, Policies>;
};

template <class T, std::size_t D, class Resolver, class Integrator>
  requires impulse_resolver<Resolver, T>
struct time_stepped_engine<T, D, Resolver, Integrator> {
  using type = impulse_stepped<T, D, Resolver, Integrator>;
};

}  // namespace detail

/// Deprecated: carom::dem (contact law) or carom::impulse_stepped (impulse
/// resolver).
template <scalar T, std::size_t D, class Model, class Policies = velocity_verlet>
using time_stepped [[deprecated("use carom::dem or carom::impulse_stepped")]] =
    typename detail::time_stepped_engine<T, D, Model, Policies>::type;

}  // namespace carom
