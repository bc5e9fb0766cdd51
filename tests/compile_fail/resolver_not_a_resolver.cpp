// expect: impulse_resolver_has_restitution
#include <carom/collision/impulse.hpp>
struct not_a_resolver {};
auto r = carom::resolve_collision(not_a_resolver{}, carom::vec<double, 3>{},
                                  carom::vec<double, 3>{}, 1.0, 1.0, carom::vec<double, 3>{});
