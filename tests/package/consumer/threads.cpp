// Built with carom::openmp: the same two-sphere collision as main.cpp's
// neighbour, through the threaded build of carom::dem.
#include <carom/carom.hpp>
#include <cstdio>

int main() {
#if defined(_OPENMP)
  carom::particles<double, 3> ps;
  ps.add({.position = {0.4, 0.5, 0.5}, .velocity = {1.0, 0, 0}, .radius = 0.05, .mass = 1.0});
  ps.add({.position = {0.6, 0.5, 0.5}, .velocity = {-1.0, 0, 0}, .radius = 0.05, .mass = 1.0});
  carom::dem<double, 3, carom::hertz<double>> engine(
      carom::box<double, 3>::cube(1.0, carom::boundary::wall), ps,
      {.pair_law = carom::hertz<double>::from_restitution(1e6, 0.5), .max_impact_speed = 2.0,
       .threads = 2});
  engine.run_until(0.2);
  std::printf("with OpenMP: v = %.3f\n", engine.velocities()[0][0]);
#else
  std::printf("built without OpenMP\n");
#endif
}
