// SPDX-License-Identifier: MIT
// A rotating drum: beads in a horizontal cylinder (carom::cylinder, inside)
// closed by two end planes that turn with it (carom::wall_motion), turning
// slowly about its axis. In the rolling
// regime (Froude number Fr = Ω² R / g ≈ 1e-3 … 1e-2) the bed's free surface
// is a flat slope at the dynamic angle of repose. Hertz with restitution
// e = 0.5 (E = 1 MPa, ν = 0.25: soft, so the run is short), Mindlin spring
// 8 G*, μ = 0.5 between beads and against the walls (of the beads'
// material, E* = E / (2 (1 − ν²)), R* = r), no rolling resistance; the
// drum's walls drag the beads by friction at their surface velocity Ω × r.
//
// The angle is measured from the principal axes of the bed's cross-section
// (the positions projected on the plane across the axis): the bed fills a
// circular segment less than half the drum, whose longest axis is parallel
// to its chord, the free surface. It is sampled after a spin-up and
// averaged over the revolutions that follow; the mean and the spread of the
// samples are printed. A picture of the last state's cross-section, with
// the measured surface, is written as SVG (open it in a browser).
//
// --lammps-data writes the initial beads as a LAMMPS data file (atom_style
// sphere) for the same run in LAMMPS (docs/dem.md, "The drum in LAMMPS").
//
//   drum [--n N] [--revolutions K] [--spin-up K] [--froude FR] [--svg FILE]
//        [--lammps-data FILE]
#include <carom/carom.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <fstream>
#include <iomanip>
#include <stdexcept>
#include <string>
#include <vector>

#include "command_line.hpp"

namespace {

using T = double;

/// The angle (degrees) of the longest principal axis of the points (x, y)
/// against the x axis, in (−90°, 90°].
double principal_angle(const std::vector<T>& x, const std::vector<T>& y) {
  const double n = double(x.size());
  double mx = 0, my = 0;
  for (std::size_t i = 0; i < x.size(); ++i) mx += x[i], my += y[i];
  mx /= n, my /= n;
  double sxx = 0, syy = 0, sxy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    sxx += (x[i] - mx) * (x[i] - mx);
    syy += (y[i] - my) * (y[i] - my);
    sxy += (x[i] - mx) * (y[i] - my);
  }
  return 0.5 * std::atan2(2 * sxy, sxx - syy) * 180 / carom::pi<double>;
}

}  // namespace

int main(int argc, char** argv) try {
  std::size_t n = 1500;
  double revolutions = 2, spin_up = 0.5, froude = 5e-3;
  std::string svg = "drum.svg";
  std::string lammps_data;
  const example::command_line args(
      "drum",
      "A drum of radius 2 cm and length 2 cm, its axis along z, gravity along -y, turning\n"
      "counter-clockwise; beads of radius 1 mm (Hertz, e = 0.5, E = 1 MPa; friction 0.5).\n"
      "Prints the dynamic angle of repose of the free surface, measured after the spin-up\n"
      "and averaged over the revolutions that follow, and draws the cross-section as SVG.",
      {{"--n", &n, "N", "number of beads"},
       {"--revolutions", &revolutions, "K", "revolutions measured, after the spin-up"},
       {"--spin-up", &spin_up, "K", "revolutions before measuring"},
       {"--froude", &froude, "FR", "Froude number Omega^2 R / g of the rotation"},
       {"--svg", &svg, "FILE", "the picture of the cross-section (empty: none)"},
       {"--lammps-data", &lammps_data, "FILE",
        "also write the initial beads as a LAMMPS data file"}});
  args.parse(argc, argv);
  if (n == 0) args.fail("--n must be > 0");
  if (!(revolutions > 0)) args.fail("--revolutions must be > 0");
  if (!(spin_up >= 0)) args.fail("--spin-up must be >= 0");
  if (!(froude > 0 && froude < 1)) args.fail("--froude must be in (0, 1)");

  const T radius = 1e-3, density = 2500, g = 9.81;
  const T mass = density * T(4) / T(3) * carom::pi<T> * radius * radius * radius;
  const T drum = 0.02, length = 0.02;
  const T omega = std::sqrt(froude * g / drum);  // rad/s
  // The beads on a lattice inside the drum, the lowest first.
  carom::particles<T, 3> beads;
  const T gap = T(2.1) * radius;
  for (T y = -drum + gap / 2; beads.size() < n && y < drum; y += gap)
    for (T x = -drum + gap / 2; beads.size() < n && x < drum; x += gap)
      for (T z = gap / 2; beads.size() < n && z + radius < length; z += gap)
        if (std::hypot(x, y) < drum - T(1.05) * radius)
          beads.add({.position = {x + T(1e-4) * T(beads.size() % 7), y, z},
                     .radius = radius,
                     .mass = mass});
  if (beads.size() < n) args.fail("--n is more than the drum holds");

  const T youngs = 1e6, poisson = 0.25;
  const T e_star = carom::effective_youngs_modulus(youngs, poisson, youngs, poisson);
  const T g_star = carom::effective_shear_modulus(carom::shear_modulus(youngs, poisson), poisson,
                                                  carom::shear_modulus(youngs, poisson), poisson);
  using law = carom::hertz<T>;
  const T margin = 2 * radius;
  const carom::box<T, 3> box({-drum - margin, -drum - margin, -margin},
                             {drum + margin, drum + margin, length + margin},
                             {carom::boundary::wall, carom::boundary::wall, carom::boundary::wall});
  carom::dem_params<T, 3, law> params{
      .pair_law = law::from_restitution(carom::hertz_stiffness(e_star, radius / 2), T(0.5)),
      .wall_law = law::from_restitution(carom::hertz_stiffness(e_star, radius), T(0.5)),
      .pair_tangential = {.friction = T(0.5), .stiffness = 8 * g_star, .damping = T(0)},
      .wall_tangential = carom::tangential_params<T>{
          .friction = T(0.5), .stiffness = 8 * g_star, .damping = T(0)},
      .gravity = {0, -g, 0},
      .planes = {carom::plane<T, 3>::through({0, 0, 0}, {0, 0, 1}),
                 carom::plane<T, 3>::through({0, 0, length}, {0, 0, -1})},
      .plane_motions = {{.angular_velocity = {0, 0, omega}}, {.angular_velocity = {0, 0, omega}}},
      .cylinders = {carom::cylinder<T, 3>::around({0, 0, 0}, {0, 0, 1}, drum,
                                                  carom::cylinder_side::inside, omega)},
      .max_impact_speed = std::sqrt(2 * g * drum),
      .steps_per_contact = 20};
  carom::dem<T, 3, law> engine(box, beads, params);
  if (!lammps_data.empty()) {
    std::ofstream out(lammps_data);
    out << std::setprecision(17) << "beads of examples/drum\n\n"
        << beads.size() << " atoms\n1 atom types\n\n"
        << box.lower()[0] << ' ' << box.upper()[0] << " xlo xhi\n"
        << box.lower()[1] << ' ' << box.upper()[1] << " ylo yhi\n"
        << box.lower()[2] << ' ' << box.upper()[2] << " zlo zhi\n\nAtoms # sphere\n\n";
    for (std::size_t i = 0; i < beads.size(); ++i) {  // id type diameter density x y z
      const auto x = beads.positions()[i];
      out << i + 1 << " 1 " << 2 * radius << ' ' << density << ' ' << x[0] << ' ' << x[1] << ' '
          << x[2] << '\n';
    }
    if (!out) throw std::runtime_error("cannot write " + lammps_data);
  }

  const double period = 2 * carom::pi<double> / double(omega);
  std::printf("%zu beads, drum R = %.0f mm, L = %.0f mm, Omega = %.3f rad/s (Fr = %.1e, period "
              "%.2f s), dt = %.3g s\n",
              engine.size(), 1e3 * drum, 1e3 * length, double(omega), froude, period,
              double(engine.time_step()));
  const auto start = std::chrono::steady_clock::now();
  engine.run_until(spin_up * period);
  std::printf("%10s %12s %12s\n", "t (s)", "angle (deg)", "KE (J)");
  std::vector<T> xs(engine.size()), ys(engine.size());
  auto angle_now = [&] {
    for (std::size_t i = 0; i < engine.size(); ++i) {
      xs[i] = engine.positions()[i][0];
      ys[i] = engine.positions()[i][1];
    }
    return principal_angle(xs, ys);
  };
  const int samples = std::max(1, int(std::lround(revolutions * 20)));  // 20 per revolution
  double sum = 0, squares = 0;
  double angle = 0;
  for (int s = 1; s <= samples; ++s) {
    engine.run_until((spin_up + revolutions * s / samples) * period);
    angle = angle_now();
    sum += angle;
    squares += angle * angle;
    if (s % 5 == 0 || s == samples)
      std::printf("%10.3f %12.2f %12.3e\n", engine.time(), angle, double(engine.kinetic_energy()));
    std::fflush(stdout);
  }
  const double mean = sum / samples;
  const double spread = std::sqrt(std::max(0.0, squares / samples - mean * mean));
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("dynamic angle of repose: %.1f deg (spread of %d samples over %.2g revolutions: "
              "%.1f deg)\n",
              mean, samples, revolutions, spread);
  std::printf("run time %.1f s, %.2f M particle-steps/s\n", elapsed,
              double(engine.size()) * double(engine.steps()) / elapsed / 1e6);

  if (!svg.empty()) {
    std::ofstream out(svg);
    out << std::fixed << std::setprecision(1);
    const double scale = 10000;  // px per m: the drum is 400 px across
    const double half = (double(drum) + 0.002) * scale;
    out << "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"" << -half << ' ' << -half << ' '
        << 2 * half << ' ' << 2 * half << "\">\n<rect x=\"" << -half << "\" y=\"" << -half
        << "\" width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        << "<circle cx=\"0\" cy=\"0\" r=\"" << double(drum) * scale
        << "\" fill=\"none\" stroke=\"black\" stroke-width=\"2\"/>\n";
    for (std::size_t i = 0; i < engine.size(); ++i) {  // SVG's y points down; shade by depth z
      const auto x = engine.positions()[i];
      const int shade = int(60 + 150 * double(x[2] / length));
      out << "<circle cx=\"" << double(x[0]) * scale << "\" cy=\"" << -double(x[1]) * scale
          << "\" r=\"" << double(radius) * scale << "\" fill=\"rgb(" << shade << ',' << shade
          << ",230)\"/>\n";
    }
    double mx = 0, my = 0;
    for (std::size_t i = 0; i < engine.size(); ++i) mx += double(xs[i]), my += double(ys[i]);
    mx /= double(engine.size()), my /= double(engine.size());
    const double c = std::cos(mean * carom::pi<double> / 180),
                 s = std::sin(mean * carom::pi<double> / 180);
    const double reach = 0.8 * double(drum) * scale;
    out << "<line x1=\"" << mx * scale - reach * c << "\" y1=\"" << -my * scale + reach * s
        << "\" x2=\"" << mx * scale + reach * c << "\" y2=\"" << -my * scale - reach * s
        << "\" stroke=\"red\" stroke-width=\"2\"/>\n<text x=\"" << -half + 10 << "\" y=\""
        << -half + 20 << "\" font-size=\"16\">mean angle " << mean
        << " deg, drum turning counter-clockwise</text>\n</svg>\n";
    if (!out) throw std::runtime_error("cannot write " + svg);
    std::printf("cross-section written to %s (the red line: the mean angle through the bed's "
                "centroid)\n",
                svg.c_str());
  }
} catch (const std::exception& error) {
  std::fprintf(stderr, "drum: %s\n", error.what());
  return 1;
}
