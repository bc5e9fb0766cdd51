// expect: time_stepped_model
#include <carom/engines/time_stepped_impulse.hpp>
struct not_a_model {
  double restitution() const { return 1; }
};
carom::time_stepped<double, 2, not_a_model>* engine = nullptr;
