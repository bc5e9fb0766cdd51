// expect: contact_law_force_returns_scalar
#include <carom/contact/observables.hpp>
struct my_law {
  using convention = carom::unclipped;
  float force(double, double, double) const noexcept { return 0; }
  double exponent() const noexcept { return 1; }
  double stiffness() const noexcept { return 1; }
  double damping() const noexcept { return 0; }
};
double d = carom::max_overlap(my_law{}, 1.0, 1.0);
