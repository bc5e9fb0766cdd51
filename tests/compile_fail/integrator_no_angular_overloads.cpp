// expect: integrator_has_advance_for_angular
#include <carom/integrate/concepts.hpp>
// Kernels for vec<double, 2> only; in 2D the rotation kernels take
// angular<double, 2>, a double.
struct my_integrator {
  using vec2 = carom::vec<double, 2>;
  static void advance(vec2& x, vec2& v, const vec2&, double dt) noexcept { x += v * dt; }
  static void correct(vec2& v, const vec2& a, double dt) noexcept { v += a * dt; }
};
template <carom::integrator<double, 2> I>
void step() {}
void run() { step<my_integrator>(); }
