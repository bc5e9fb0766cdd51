// expect: impulse_resolver_restitution_is_noexcept
#include <carom/collision/impulse.hpp>
struct my_resolver {
  double restitution(double) const { return 1; }  // not noexcept
};
auto r = carom::resolve_collision(my_resolver{}, carom::vec<double, 3>{}, carom::vec<double, 3>{},
                                  1.0, 1.0, carom::vec<double, 3>{});
