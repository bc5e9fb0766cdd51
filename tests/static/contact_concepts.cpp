// SPDX-License-Identifier: MIT
// Compile-time checks on the contact concepts, positive and negative.
#include <carom/carom.hpp>

namespace {
struct not_a_law {};
struct no_convention {
  double force(double, double, double) const noexcept { return 0; }
  double exponent() const noexcept { return 1; }
  double stiffness() const noexcept { return 1; }
  double damping() const noexcept { return 0; }
};
struct throwing_force {  // force() not noexcept: rejected (it runs in hot loops)
  using convention = carom::unclipped;
  double force(double, double, double) const { return 0; }
  double exponent() const noexcept { return 1; }
  double stiffness() const noexcept { return 1; }
  double damping() const noexcept { return 0; }
};
struct bad_convention {
  using convention = int;
  double force(double, double, double) const noexcept { return 0; }
  double exponent() const noexcept { return 1; }
  double stiffness() const noexcept { return 1; }
  double damping() const noexcept { return 0; }
};
struct user_hertz {  // a user's own law: models the concept
  using convention = carom::no_tension;
  double k;
  double force(double d, double, double) const noexcept { return k * d * std::sqrt(d); }
  double exponent() const noexcept { return 1.5; }
  double stiffness() const noexcept { return k; }
  double damping() const noexcept { return 0; }
};
struct not_trivially_copyable : user_hertz {
  not_trivially_copyable(const not_trivially_copyable& other) : user_hertz(other) {}  // user-provided
  not_trivially_copyable(not_trivially_copyable&&) = default;
  not_trivially_copyable& operator=(const not_trivially_copyable&) = default;
  not_trivially_copyable& operator=(not_trivially_copyable&&) = default;
  ~not_trivially_copyable() = default;
};
}  // namespace

static_assert(carom::contact_convention<carom::unclipped>);
static_assert(carom::contact_convention<carom::no_tension>);
static_assert(!carom::contact_convention<int> && !carom::contact_convention<void>);

static_assert(carom::contact_law<carom::power_law<double>, double>);
static_assert(carom::contact_law<carom::power_law<float, carom::no_tension>, float>);
static_assert(carom::contact_law<carom::hertz<float>, float>);
static_assert(carom::contact_law<carom::hertz<double, carom::no_tension>, double>);
static_assert(carom::contact_law<carom::linear_spring_dashpot<double>, double>);
static_assert(carom::contact_law<carom::cone<float>, float>);
static_assert(carom::contact_law<carom::fixed_power_law<double, 5, 2>, double>);
static_assert(carom::contact_law<user_hertz, double>);

static_assert(!carom::contact_law<not_a_law, double>);
static_assert(!carom::contact_law<no_convention, double>);
static_assert(!carom::contact_law<throwing_force, double>);
static_assert(!carom::contact_law<bad_convention, double>);
static_assert(!carom::contact_law<not_trivially_copyable, double>);
static_assert(!carom::contact_law<carom::hertz<double>, float>);  // returns double, not float
static_assert(!carom::contact_law<carom::hertz<float>, double>);
static_assert(!carom::contact_law<carom::hertz<double>, int>);  // not a scalar
static_assert(!carom::contact_law<double, double>);

// The adhesive laws are contact laws, and adhesive ones; the power laws are not adhesive.
static_assert(carom::contact_law<carom::jkr<double>, double>);
static_assert(carom::contact_law<carom::dmt<float>, float>);
static_assert(carom::adhesive_contact_law<carom::jkr<float>, float>);
static_assert(carom::adhesive_contact_law<carom::dmt<double>, double>);
static_assert(!carom::adhesive_contact_law<carom::hertz<double>, double>);
static_assert(!carom::adhesive_contact_law<carom::power_law<float>, float>);
static_assert(!carom::adhesive_contact_law<carom::jkr<double>, float>);
// JKR contacts outlast δ = 0; DMT's (compile-time δ_c = 0) and the power laws' do not.
static_assert(carom::hysteretic_contact_law<carom::jkr<double>, double>);
static_assert(!carom::hysteretic_contact_law<carom::dmt<float>, float>);
static_assert(!carom::hysteretic_contact_law<carom::hertz<double>, double>);

// carom::hertz<T> is a type (the DEM engine names it as a template argument).
static_assert(std::is_same_v<carom::hertz<float>, carom::fixed_power_law<float, 3, 2>>);
static_assert(std::is_same_v<carom::law_scalar_t<carom::cone<float>>, float>);

// Exponents the compile-time law does not take.
template <int N, int D>
concept fixed_exponent_ok = requires {
  typename carom::fixed_power_law<double, N, D>;
};
static_assert(fixed_exponent_ok<1, 1> && fixed_exponent_ok<3, 2> && fixed_exponent_ok<7, 2>);
static_assert(!fixed_exponent_ok<1, 2>);  // p = 1/2 < 1
static_assert(!fixed_exponent_ok<4, 2>);  // not reduced
static_assert(!fixed_exponent_ok<4, 3>);  // thirds: no sqrt-only form

// Each requirement of carom::contact_law is a named concept in carom::detail
// so that a compiler's diagnostic names the one a law misses: a law that
// breaks one requirement is rejected by that sub-concept.
namespace {
enum class member { ok, absent, throwing, returns_float };
template <member M>
using member_result = std::conditional_t<M == member::returns_float, float, double>;

/// A law whose force(), exponent(), stiffness() and damping() are each as
/// given: present (ok), absent, not noexcept (throwing) or returning float.
template <member Force, member Exponent = member::ok, member Stiffness = member::ok,
          member Damping = member::ok>
struct test_law {
  using convention = carom::unclipped;
  member_result<Force> force(double, double, double) const noexcept(Force != member::throwing)
    requires(Force != member::absent)
  {
    return 0;
  }
  member_result<Exponent> exponent() const noexcept(Exponent != member::throwing)
    requires(Exponent != member::absent)
  {
    return 1;
  }
  member_result<Stiffness> stiffness() const noexcept(Stiffness != member::throwing)
    requires(Stiffness != member::absent)
  {
    return 1;
  }
  member_result<Damping> damping() const noexcept(Damping != member::throwing)
    requires(Damping != member::absent)
  {
    return 0;
  }
};
constexpr auto ok = member::ok;
constexpr auto absent = member::absent;
constexpr auto throwing = member::throwing;
constexpr auto returns_float = member::returns_float;
}  // namespace

namespace detail = carom::detail;
static_assert(carom::contact_law<test_law<ok>, double>);

static_assert(!detail::contact_law_is_trivially_copyable<not_trivially_copyable>);
static_assert(!detail::contact_law_has_convention_typedef<no_convention>);
static_assert(detail::contact_law_has_convention_typedef<bad_convention>);
static_assert(!detail::contact_law_convention_is_unclipped_or_no_tension<bad_convention>);

static_assert(!carom::contact_law<test_law<absent>, double>);
static_assert(!detail::contact_law_has_force<test_law<absent>, double>);
static_assert(!carom::contact_law<test_law<throwing>, double>);
static_assert(detail::contact_law_has_force<test_law<throwing>, double>);
static_assert(!detail::contact_law_force_is_noexcept<test_law<throwing>, double>);
static_assert(!carom::contact_law<test_law<returns_float>, double>);
static_assert(detail::contact_law_force_is_noexcept<test_law<returns_float>, double>);
static_assert(!detail::contact_law_force_returns_scalar<test_law<returns_float>, double>);
static_assert(!detail::contact_law_force_returns_scalar<throwing_force, float>);  // exactly T

static_assert(!carom::contact_law<test_law<ok, absent>, double>);
static_assert(!detail::contact_law_has_exponent<test_law<ok, absent>>);
static_assert(!carom::contact_law<test_law<ok, throwing>, double>);
static_assert(detail::contact_law_has_exponent<test_law<ok, throwing>>);
static_assert(!detail::contact_law_exponent_is_noexcept<test_law<ok, throwing>>);
static_assert(!carom::contact_law<test_law<ok, returns_float>, double>);
static_assert(detail::contact_law_exponent_is_noexcept<test_law<ok, returns_float>>);
static_assert(!detail::contact_law_exponent_returns_scalar<test_law<ok, returns_float>, double>);

static_assert(!carom::contact_law<test_law<ok, ok, absent>, double>);
static_assert(!detail::contact_law_has_stiffness<test_law<ok, ok, absent>>);
static_assert(!carom::contact_law<test_law<ok, ok, throwing>, double>);
static_assert(detail::contact_law_has_stiffness<test_law<ok, ok, throwing>>);
static_assert(!detail::contact_law_stiffness_is_noexcept<test_law<ok, ok, throwing>>);
static_assert(!carom::contact_law<test_law<ok, ok, returns_float>, double>);
static_assert(detail::contact_law_stiffness_is_noexcept<test_law<ok, ok, returns_float>>);
static_assert(!detail::contact_law_stiffness_returns_scalar<test_law<ok, ok, returns_float>, double>);

static_assert(!carom::contact_law<test_law<ok, ok, ok, absent>, double>);
static_assert(!detail::contact_law_has_damping<test_law<ok, ok, ok, absent>>);
static_assert(!carom::contact_law<test_law<ok, ok, ok, throwing>, double>);
static_assert(detail::contact_law_has_damping<test_law<ok, ok, ok, throwing>>);
static_assert(!detail::contact_law_damping_is_noexcept<test_law<ok, ok, ok, throwing>>);
static_assert(!carom::contact_law<test_law<ok, ok, ok, returns_float>, double>);
static_assert(detail::contact_law_damping_is_noexcept<test_law<ok, ok, ok, returns_float>>);
static_assert(!detail::contact_law_damping_returns_scalar<test_law<ok, ok, ok, returns_float>, double>);
