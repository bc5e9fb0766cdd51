// expect: contact_law_has_damping
#include <carom/contact/observables.hpp>
struct my_law {
  using convention = carom::unclipped;
  double force(double, double, double) const noexcept { return 0; }
  double exponent() const noexcept { return 1; }
  double stiffness() const noexcept { return 1; }
};
double d = carom::max_overlap(my_law{}, 1.0, 1.0);
