// expect: contact_law_force_is_noexcept
#include <carom/contact/observables.hpp>
struct my_law {
  using convention = carom::unclipped;
  double force(double, double, double) const { return 0; }  // not noexcept
  double exponent() const noexcept { return 1; }
  double stiffness() const noexcept { return 1; }
  double damping() const noexcept { return 0; }
};
double d = carom::max_overlap(my_law{}, 1.0, 1.0);
