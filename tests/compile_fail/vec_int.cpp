// expect: scalar<T>.*with T = int|.int. does not satisfy .scalar
#include <carom/core/vec.hpp>
carom::vec<int, 3> v{};
