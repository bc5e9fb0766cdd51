// expect: impulse_resolver
#include <carom/engines/impulse/impulse_stepped.hpp>
struct not_a_model {
  double restitution() const { return 1; }
};
carom::impulse_stepped<double, 2, not_a_model>* engine = nullptr;
