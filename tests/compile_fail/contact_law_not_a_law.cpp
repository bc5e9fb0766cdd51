// expect: contact_law_has_convention_typedef
#include <carom/contact/observables.hpp>
struct not_a_law {
  double stiffness() const noexcept { return 1; }
};
double d = carom::max_overlap(not_a_law{}, 1.0, 1.0);
