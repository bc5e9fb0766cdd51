// expect: scalar<T>|satisfy 'scalar'
#include <carom/core/vec.hpp>
carom::vec<int, 3> v{};
