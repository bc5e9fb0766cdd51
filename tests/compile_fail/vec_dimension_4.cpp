// expect: D == 3. .with D = 4.*evaluated to|4UL does not satisfy .dimension
#include <carom/core/vec.hpp>
carom::vec<double, 4> v{};
