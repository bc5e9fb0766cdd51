// SPDX-License-Identifier: MIT
// Compile-time checks on carom's concepts, positive and negative. Misuse that
// must fail with a readable error is also compiled for real in
// tests/compile_fail/. This file is only compiled: compiling is the test.
#include <carom/carom.hpp>

namespace {
template <class T, std::size_t D>
concept vec_instantiable = requires { typename carom::vec<T, D>; };

struct not_a_resolver {};
struct throwing_resolver {
  double restitution(double) const { return 1.0; }  // not noexcept: rejected
};
struct velocity_dependent {
  double restitution(double u) const noexcept { return u > 1 ? 0.5 : 1.0; }
};
}  // namespace

static_assert(carom::scalar<float> && carom::scalar<double> && carom::scalar<long double>);
static_assert(!carom::scalar<int> && !carom::scalar<unsigned> && !carom::scalar<bool>);
static_assert(carom::dimension<2> && carom::dimension<3>);
static_assert(!carom::dimension<0> && !carom::dimension<1> && !carom::dimension<4>);
static_assert(vec_instantiable<float, 2> && vec_instantiable<double, 3>);
static_assert(!vec_instantiable<int, 3> && !vec_instantiable<double, 4>);

static_assert(carom::impulse_resolver<carom::elastic, double>);
static_assert(carom::impulse_resolver<carom::elastic, float>);
static_assert(carom::impulse_resolver<carom::constant_restitution<float>, float>);
static_assert(carom::impulse_resolver<velocity_dependent, double>);
static_assert(!carom::impulse_resolver<not_a_resolver, double>);
static_assert(!carom::impulse_resolver<throwing_resolver, double>);
static_assert(!carom::impulse_resolver<carom::elastic, int>);
