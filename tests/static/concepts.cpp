// SPDX-License-Identifier: MIT
// Compile-time checks on carom's concepts, positive and negative. Misuse that
// must fail with a readable error is also compiled for real in
// tests/compile_fail/. This file is only compiled: compiling is the test.
#include <carom/carom.hpp>
#include <type_traits>

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
struct not_copyable_resolver {
  not_copyable_resolver() = default;
  not_copyable_resolver(const not_copyable_resolver&) = delete;
  not_copyable_resolver(not_copyable_resolver&&) = delete;
  not_copyable_resolver& operator=(const not_copyable_resolver&) = delete;
  not_copyable_resolver& operator=(not_copyable_resolver&&) = delete;
  ~not_copyable_resolver() = default;
  double restitution(double) const noexcept { return 1.0; }
};
struct void_resolver {  // e is not convertible to T
  void restitution(double) const noexcept {}
};

using vec2 = carom::vec<double, 2>;
enum class kernel { ok, absent, throwing };
/// A 2D integrator whose four kernels are each as given: present (ok),
/// absent or not noexcept (throwing). In 2D angular<double, 2> is double.
template <kernel AdvanceVec, kernel CorrectVec = kernel::ok, kernel AdvanceAngular = kernel::ok,
          kernel CorrectAngular = kernel::ok>
struct test_integrator {
  static void advance(vec2&, vec2&, const vec2&, double) noexcept(AdvanceVec != kernel::throwing)
    requires(AdvanceVec != kernel::absent)
  {}
  static void correct(vec2&, const vec2&, double) noexcept(CorrectVec != kernel::throwing)
    requires(CorrectVec != kernel::absent)
  {}
  static void advance(double&, double&, const double&, double) noexcept(
      AdvanceAngular != kernel::throwing)
    requires(AdvanceAngular != kernel::absent)
  {}
  static void correct(double&, const double&, double) noexcept(CorrectAngular != kernel::throwing)
    requires(CorrectAngular != kernel::absent)
  {}
};
/// Kernels for vec<double, 3> only: enough in 3D, where angular<double, 3>
/// is vec<double, 3>.
struct vec3_only_integrator {
  using vec3 = carom::vec<double, 3>;
  static void advance(vec3&, vec3&, const vec3&, double) noexcept {}
  static void correct(vec3&, const vec3&, double) noexcept {}
};

enum class queue_member { ok, absent, wrong_type };
struct not_an_index {};
template <queue_member M, class R>
using queue_result = std::conditional_t<M == queue_member::wrong_type, not_an_index, R>;
/// An event queue over double whose members are each as given: present
/// (ok), absent, or returning a type that does not convert (wrong_type).
template <queue_member Construct, queue_member Update = queue_member::ok,
          queue_member Top = queue_member::ok, queue_member TopTime = queue_member::ok,
          queue_member TimeOf = queue_member::ok, queue_member Shift = queue_member::ok>
struct test_queue {
  explicit test_queue(std::size_t)
    requires(Construct != queue_member::absent)
  {}
  void update(std::uint32_t, double)
    requires(Update != queue_member::absent)
  {}
  queue_result<Top, std::uint32_t> top() const
    requires(Top != queue_member::absent)
  {
    return {};
  }
  queue_result<TopTime, double> top_time() const
    requires(TopTime != queue_member::absent)
  {
    return {};
  }
  queue_result<TimeOf, double> time_of(std::uint32_t) const
    requires(TimeOf != queue_member::absent)
  {
    return {};
  }
  void shift(double)
    requires(Shift != queue_member::absent)
  {}
};
}  // namespace

namespace detail = carom::detail;

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
static_assert(!carom::impulse_resolver<not_copyable_resolver, double>);

// Each requirement is a named concept in carom::detail, so that a compiler's
// diagnostic names the one a type misses: a type that breaks one
// requirement is rejected by that sub-concept.
static_assert(!detail::impulse_resolver_is_copy_constructible<not_copyable_resolver>);
static_assert(!detail::impulse_resolver_has_restitution<not_a_resolver, double>);
static_assert(detail::impulse_resolver_has_restitution<throwing_resolver, double>);
static_assert(!detail::impulse_resolver_restitution_is_noexcept<throwing_resolver, double>);
static_assert(!carom::impulse_resolver<void_resolver, double>);
static_assert(detail::impulse_resolver_restitution_is_noexcept<void_resolver, double>);
static_assert(!detail::impulse_resolver_restitution_converts_to_scalar<void_resolver, double>);

static_assert(carom::integrator<carom::velocity_verlet, double, 3>);
static_assert(carom::integrator<carom::velocity_verlet, float, 2>);
static_assert(carom::integrator<carom::symplectic_euler, double, 2>);
static_assert(carom::integrator<carom::symplectic_euler, float, 3>);
static_assert(!carom::integrator<carom::velocity_verlet, int, 3>);
static_assert(!carom::integrator<carom::velocity_verlet, double, 4>);
static_assert(carom::integrator<test_integrator<kernel::ok>, double, 2>);
static_assert(carom::integrator<vec3_only_integrator, double, 3>);
static_assert(!carom::integrator<vec3_only_integrator, double, 2>);
static_assert(!carom::integrator<int, double, 3>);

using kernel::absent, kernel::throwing;
using ok_kernel = test_integrator<kernel::ok>;
static_assert(detail::integrator_has_advance_for_vec<ok_kernel, double, 2>);
static_assert(!carom::integrator<test_integrator<absent>, double, 2>);
static_assert(!detail::integrator_has_advance_for_vec<test_integrator<absent>, double, 2>);
static_assert(!carom::integrator<test_integrator<throwing>, double, 2>);
static_assert(detail::integrator_has_advance_for_vec<test_integrator<throwing>, double, 2>);
static_assert(!detail::integrator_advance_for_vec_is_noexcept<test_integrator<throwing>, double, 2>);

using no_vec_correct = test_integrator<kernel::ok, absent>;
using throwing_vec_correct = test_integrator<kernel::ok, throwing>;
static_assert(!carom::integrator<no_vec_correct, double, 2>);
static_assert(!detail::integrator_has_correct_for_vec<no_vec_correct, double, 2>);
static_assert(!carom::integrator<throwing_vec_correct, double, 2>);
static_assert(detail::integrator_has_correct_for_vec<throwing_vec_correct, double, 2>);
static_assert(!detail::integrator_correct_for_vec_is_noexcept<throwing_vec_correct, double, 2>);

using no_angular_advance = test_integrator<kernel::ok, kernel::ok, absent>;
using throwing_angular_advance = test_integrator<kernel::ok, kernel::ok, throwing>;
static_assert(!carom::integrator<no_angular_advance, double, 2>);
static_assert(!detail::integrator_has_advance_for_angular<no_angular_advance, double, 2>);
static_assert(!carom::integrator<throwing_angular_advance, double, 2>);
static_assert(detail::integrator_has_advance_for_angular<throwing_angular_advance, double, 2>);
static_assert(
    !detail::integrator_advance_for_angular_is_noexcept<throwing_angular_advance, double, 2>);

using no_angular_correct = test_integrator<kernel::ok, kernel::ok, kernel::ok, absent>;
using throwing_angular_correct = test_integrator<kernel::ok, kernel::ok, kernel::ok, throwing>;
static_assert(!carom::integrator<no_angular_correct, double, 2>);
static_assert(!detail::integrator_has_correct_for_angular<no_angular_correct, double, 2>);
static_assert(!carom::integrator<throwing_angular_correct, double, 2>);
static_assert(detail::integrator_has_correct_for_angular<throwing_angular_correct, double, 2>);
static_assert(
    !detail::integrator_correct_for_angular_is_noexcept<throwing_angular_correct, double, 2>);

static_assert(carom::event_queue<carom::bucket_queue<double>, double>);
static_assert(carom::event_queue<carom::binary_heap_queue<float>, float>);
static_assert(!carom::event_queue<carom::bucket_queue<double>, int>);
static_assert(!carom::event_queue<int, double>);

using q = queue_member;
static_assert(carom::event_queue<test_queue<q::ok>, double>);
static_assert(!carom::event_queue<test_queue<q::absent>, double>);
static_assert(!detail::event_queue_is_constructible_from_size<test_queue<q::absent>>);
static_assert(!carom::event_queue<test_queue<q::ok, q::absent>, double>);
static_assert(!detail::event_queue_has_update<test_queue<q::ok, q::absent>, double>);
static_assert(!carom::event_queue<test_queue<q::ok, q::ok, q::absent>, double>);
static_assert(!detail::event_queue_has_top<test_queue<q::ok, q::ok, q::absent>>);
static_assert(!carom::event_queue<test_queue<q::ok, q::ok, q::wrong_type>, double>);
static_assert(detail::event_queue_has_top<test_queue<q::ok, q::ok, q::wrong_type>>);
static_assert(!detail::event_queue_top_converts_to_index<test_queue<q::ok, q::ok, q::wrong_type>>);

using no_top_time = test_queue<q::ok, q::ok, q::ok, q::absent>;
using wrong_top_time = test_queue<q::ok, q::ok, q::ok, q::wrong_type>;
static_assert(!carom::event_queue<no_top_time, double>);
static_assert(!detail::event_queue_has_top_time<no_top_time>);
static_assert(!carom::event_queue<wrong_top_time, double>);
static_assert(detail::event_queue_has_top_time<wrong_top_time>);
static_assert(!detail::event_queue_top_time_converts_to_scalar<wrong_top_time, double>);

using no_time_of = test_queue<q::ok, q::ok, q::ok, q::ok, q::absent>;
using wrong_time_of = test_queue<q::ok, q::ok, q::ok, q::ok, q::wrong_type>;
static_assert(!carom::event_queue<no_time_of, double>);
static_assert(!detail::event_queue_has_time_of<no_time_of>);
static_assert(!carom::event_queue<wrong_time_of, double>);
static_assert(detail::event_queue_has_time_of<wrong_time_of>);
static_assert(!detail::event_queue_time_of_converts_to_scalar<wrong_time_of, double>);

using no_shift = test_queue<q::ok, q::ok, q::ok, q::ok, q::ok, q::absent>;
static_assert(!carom::event_queue<no_shift, double>);
static_assert(!detail::event_queue_has_shift<no_shift, double>);

// Queue policies: the options types carom::event_driven makes its queue from.
namespace {
namespace static_queue_policies {
/// A policy whose queue is built from (n, options) and whose queue's
/// operations are each as given (see test_queue).
template <queue_member Shift = queue_member::ok>
struct test_policy {
  template <class T>
  struct type : test_queue<queue_member::absent, queue_member::ok, queue_member::ok,
                           queue_member::ok, queue_member::ok, Shift> {
    type(std::size_t, const test_policy&) {}
  };
};
struct not_copyable : test_policy<> {
  not_copyable() = default;
  not_copyable(const not_copyable&) = delete;
  not_copyable(not_copyable&&) = delete;
  not_copyable& operator=(const not_copyable&) = delete;
  not_copyable& operator=(not_copyable&&) = delete;
  ~not_copyable() = default;
};
struct no_type {};
struct heap_without_options_constructor {  // its queue takes binary_heap_queue<> options
  template <class T>
  using type = carom::binary_heap_queue<T>;
};
}  // namespace static_queue_policies
}  // namespace

static_assert(carom::event_queue_policy<carom::bucket_queue<>, double>);
static_assert(carom::event_queue_policy<carom::bucket_queue<>, float>);
static_assert(carom::event_queue_policy<carom::binary_heap_queue<>, double>);
static_assert(!carom::event_queue_policy<carom::bucket_queue<>, int>);
static_assert(!carom::event_queue_policy<carom::bucket_queue<double>, double>);
static_assert(std::is_same_v<carom::event_policies<>::queue, carom::bucket_queue<>>);
static_assert(std::is_same_v<carom::event_policies<carom::cell_lists, carom::binary_heap_queue>::queue,
                             carom::binary_heap_queue<>>);

namespace qp = static_queue_policies;
static_assert(carom::event_queue_policy<qp::test_policy<>, double>);
static_assert(!carom::event_queue_policy<qp::not_copyable, double>);
static_assert(!detail::event_queue_policy_is_copy_constructible<qp::not_copyable>);
static_assert(!carom::event_queue_policy<qp::no_type, double>);
static_assert(!detail::event_queue_policy_has_type<qp::no_type, double>);
static_assert(!carom::event_queue_policy<qp::heap_without_options_constructor, double>);
static_assert(detail::event_queue_policy_has_type<qp::heap_without_options_constructor, double>);
static_assert(!detail::event_queue_policy_type_is_constructible_from_size_and_options<
              qp::heap_without_options_constructor, double>);
static_assert(!carom::event_queue_policy<qp::test_policy<q::absent>, double>);
static_assert(!detail::event_queue_operations<qp::test_policy<q::absent>::type<double>, double>);
