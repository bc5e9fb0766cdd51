// expect: dimension<D>|satisfy 'dimension'
#include <carom/core/vec.hpp>
carom::vec<double, 4> v{};
