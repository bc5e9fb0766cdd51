#include <carom/carom.hpp>
#include <cstdio>

int main() {
  const carom::vec<double, 3> dx{2.0, 0.0, 0.0}, dv{-2.0, 0.0, 0.0};
  std::printf("collision at t = %g\n", carom::time_to_contact(dx, dv, 1.0));
}
