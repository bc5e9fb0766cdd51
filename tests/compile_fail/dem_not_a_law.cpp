// expect: contact_law
#include <carom/engines/dem/dem.hpp>
struct not_a_law {
  double force(double, double, double) const { return 0; }
};
carom::dem<double, 2, not_a_law>* engine = nullptr;
