// SPDX-License-Identifier: MIT
// Discharge of a flat-bottomed hopper through a circular orifice, against
// Beverloo's law (Beverloo, Leniger & van de Velde, Chem. Eng. Sci. 15, 260,
// 1961): the mass flow rate W = C ρ_b √g (D − k d)^{5/2}, with ρ_b the bulk
// density of the packing, d the mean bead diameter, C ≈ 0.58 and k ≈ 1.5.
//
// A square box 24 bead diameters wide has a floor of fixed small spheres
// (radius d/4, a square lattice: too tight for a bead to pass) a few
// diameters above the box's bottom. Beads (d = 2 mm ± 10 %, Hertz with
// e = 0.5, E = 10 MPa, ν = 0.25, Mindlin spring 8 G*, μ = 0.5 between beads
// and against the rigid side walls) settle on it once. For each orifice,
// a run starts from that bed with the floor's spheres whose centres are
// within D/2 of the axis taken away: a carom::outlet removes the beads that fall below
// the floor, and a carom::inlet puts as many back as fresh beads in a
// layer above the bed, so the fill height stays the same and the flow
// steady. The flow rate is the slope of the discharged mass against time
// after a start-up; the orifice's diameter D is the area-equivalent one of
// the hole left in the floor (its boundary measured along 720 rays), a
// little more than the nominal one. ρ_b is measured in the settled bed,
// in its middle half in height and away from the side walls.
//
// Prints a table of D, W and Beverloo's W with C = 0.58 and k = 1.5, the C
// and k fitted to the measured points, and draws W^{2/5} against D as SVG.
//
//   hopper [--orifices LIST] [--width W] [--fill H] [--time S] [--start S]
//          [--settle S] [--threads N] [--svg FILE]
#include <carom/carom.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <fstream>
#include <iomanip>
#include <limits>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "command_line.hpp"

namespace {

using T = double;
using law = carom::hertz<T>;
using engine_type = carom::dem<T, 3, law>;

constexpr T beverloo_c = 0.58, beverloo_k = 1.5;

struct orifice_run {
  double diameter = 0;  // D (m), area-equivalent
  double flow = 0, flow_first = 0, flow_second = 0;  // W (kg/s): whole window, halves
  std::size_t discharged = 0;
};

struct line {
  double slope, intercept;
};

/// The least-squares line y = slope t + intercept through the samples with
/// t ≥ from and t < to (all of them by default).
line fit_line(const std::vector<double>& t, const std::vector<double>& y,
              double from = -std::numeric_limits<double>::infinity(),
              double to = std::numeric_limits<double>::infinity()) {
  double n = 0, st = 0, sy = 0, stt = 0, sty = 0;
  for (std::size_t k = 0; k < t.size(); ++k)
    if (t[k] >= from && t[k] < to) {
      n += 1, st += t[k], sy += y[k], stt += t[k] * t[k], sty += t[k] * y[k];
    }
  const double slope = (n * sty - st * sy) / (n * stt - st * st);
  return {slope, (sy - slope * st) / n};
}

/// The area-equivalent diameter of the hole around (cx, cy) in a floor of
/// spheres of radius rf at the given centres: along each of 720 rays from
/// the axis, the distance to the first sphere's outline in the floor's
/// plane; D = 2 √(mean of its square).
double hole_diameter(const std::vector<carom::vec<T, 3>>& floor, T rf, T cx, T cy) {
  constexpr int rays = 720;
  double sum = 0;
  for (int k = 0; k < rays; ++k) {
    const double a = 2 * carom::pi<double> * (k + 0.5) / rays;
    const double ux = std::cos(a), uy = std::sin(a);
    double first = std::numeric_limits<double>::infinity();
    for (const auto& x : floor) {  // the ray's entry into the disk of radius rf
      const double px = double(x[0] - cx), py = double(x[1] - cy);
      const double along = px * ux + py * uy;
      const double off2 = px * px + py * py - along * along;
      if (along > 0 && off2 < double(rf * rf))
        first = std::min(first, along - std::sqrt(double(rf * rf) - off2));
    }
    sum += first * first;
  }
  return 2 * std::sqrt(sum / rays);
}

std::vector<double> parse_list(const std::string& text) {
  std::vector<double> values;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    std::size_t used = 0;
    const double v = std::stod(item, &used);
    if (used != item.size()) throw std::invalid_argument(item);
    values.push_back(v);
  }
  return values;
}

void write_plot(const std::string& path, const std::vector<orifice_run>& runs, double bulk,
                double g, double d, double fitted_c, double fitted_k) {
  // W^{2/5} against D is a line in Beverloo's law: (C ρ_b √g)^{2/5} (D − k d).
  const double w = 560, h = 400, left = 70, bottom = 50, top = 20, right = 20;
  double dmax = 0, ymax = 0;
  for (const auto& r : runs) {
    dmax = std::max(dmax, r.diameter);
    ymax = std::max(ymax, std::pow(r.flow, 0.4));
  }
  dmax *= 1.15, ymax *= 1.2;
  const auto px = [&](double x) { return left + (w - left - right) * x / dmax; };
  const auto py = [&](double y) { return h - bottom - (h - bottom - top) * y / ymax; };
  const auto line = [&](double c, double k) {
    const double a = std::pow(c * bulk * std::sqrt(g), 0.4);
    const double x0 = k * d;
    std::ostringstream s;
    s << "<line x1=\"" << px(x0) << "\" y1=\"" << py(0) << "\" x2=\"" << px(dmax) << "\" y2=\""
      << py(a * (dmax - x0)) << '"';
    return s.str();
  };
  std::ofstream out(path);
  out << std::fixed << std::setprecision(1);
  out << "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " << w << ' ' << h
      << "\" font-family=\"sans-serif\" font-size=\"13\">\n<rect width=\"100%\" height=\"100%\" "
         "fill=\"white\"/>\n"
      << "<line x1=\"" << left << "\" y1=\"" << py(0) << "\" x2=\"" << w - right << "\" y2=\""
      << py(0) << "\" stroke=\"black\"/>\n<line x1=\"" << left << "\" y1=\"" << py(0)
      << "\" x2=\"" << left << "\" y2=\"" << top << "\" stroke=\"black\"/>\n";
  // Ticks: D every 2 mm, W^{2/5} every 0.05 (kg/s)^{2/5}.
  for (int k = 0; 2e-3 * k <= dmax; ++k)
    out << "<text x=\"" << px(2e-3 * k) << "\" y=\"" << py(0) + 18
        << "\" text-anchor=\"middle\">" << 2 * k << "</text>\n";
  for (int k = 0; 0.05 * k <= ymax; ++k)
    out << "<text x=\"" << left - 6 << "\" y=\"" << py(0.05 * k) + 4 << "\" text-anchor=\"end\">"
        << std::setprecision(2) << 0.05 * k << "</text>\n" << std::setprecision(1);
  out << "<text x=\"" << (left + w - right) / 2 << "\" y=\"" << h - 12
      << "\" text-anchor=\"middle\">orifice diameter D (mm)</text>\n<text x=\"16\" y=\""
      << (top + h - bottom) / 2 << "\" transform=\"rotate(-90 16 " << (top + h - bottom) / 2
      << ")\" text-anchor=\"middle\">W^(2/5) ((kg/s)^(2/5))</text>\n"
      << line(beverloo_c, beverloo_k) << " stroke=\"gray\" stroke-dasharray=\"6 4\"/>\n"
      << line(fitted_c, fitted_k) << " stroke=\"steelblue\"/>\n";
  for (const auto& r : runs)
    out << "<circle cx=\"" << px(r.diameter) << "\" cy=\"" << py(std::pow(r.flow, 0.4))
        << "\" r=\"5\" fill=\"crimson\"/>\n";
  out << std::setprecision(2) << "<text x=\"" << left + 12 << "\" y=\"" << top + 16
      << "\">carom::dem: measured (dots), fit C = " << std::setprecision(3) << fitted_c
      << ", k = " << std::setprecision(2) << fitted_k
      << " (blue)</text>\n<text x=\"" << left + 12 << "\" y=\"" << top + 34
      << "\">Beverloo, C = 0.58, k = 1.5 (dashed)</text>\n</svg>\n";
  if (!out) throw std::runtime_error("cannot write " + path);
}

}  // namespace

int main(int argc, char** argv) try {
  std::string orifice_list = "5,6.5,8", svg = "hopper.svg";
  double width_d = 24, fill_d = 20, run_time = 0.45, start = 0.15, settle_time = 1;
  std::size_t threads = 0;
  const example::command_line args(
      "hopper",
      "A flat-bottomed hopper (a square box, a floor of fixed spheres with a circular\n"
      "orifice) discharging beads of diameter 2 mm (Hertz, e = 0.5, E = 10 MPa; friction\n"
      "0.5), refilled from the top. Prints the mass flow rate for each orifice against\n"
      "Beverloo's law W = C rho_b sqrt(g) (D - k d)^(5/2), and draws W^(2/5) against D.",
      {{"--orifices", &orifice_list, "LIST", "orifice diameters, in bead diameters, comma-separated"},
       {"--width", &width_d, "W", "width of the square box, in bead diameters"},
       {"--fill", &fill_d, "H", "height of the bed, in bead diameters"},
       {"--time", &run_time, "S", "seconds of discharge per orifice"},
       {"--start", &start, "S", "seconds of start-up before the flow is measured"},
       {"--settle", &settle_time, "S", "longest settling of the bed before the orifices open"},
       {"--threads", &threads, "N", "threads of a step (0: OMP_NUM_THREADS)"},
       {"--svg", &svg, "FILE", "the plot of W^(2/5) against D (empty: none)"}});
  args.parse(argc, argv);
  std::vector<double> orifices;
  try {
    orifices = parse_list(orifice_list);
  } catch (const std::exception&) {
    args.fail("--orifices must be numbers separated by commas");
  }
  if (orifices.empty()) args.fail("--orifices must name at least one orifice");
  for (const double o : orifices)
    if (!(o >= 3 && o <= width_d / 2)) args.fail("each orifice must be in [3, width / 2]");
  if (!(width_d >= 6 && width_d <= 200)) args.fail("--width must be in [6, 200]");
  if (!(fill_d >= 4 && fill_d <= 200)) args.fail("--fill must be in [4, 200]");
  if (!(start >= 0 && run_time > start)) args.fail("--time must be above --start >= 0");
  if (!(settle_time > 0)) args.fail("--settle must be > 0");

  const T d = 2e-3, r_min = 0.45 * d, r_max = 0.55 * d, density = 2500, g = 9.81;
  const T rf = d / 4, spacing = T(2.002) * rf;  // the floor's spheres, nearly touching
  const T width = T(width_d) * d, floor_z = 4 * d;
  const T centre = width / 2;

  // The floor: fixed spheres on a square lattice (their mass does not
  // act; the beads' keeps the time step theirs).
  const T bead_mass = carom::solid_mass<3>(density, r_min);
  std::vector<carom::vec<T, 3>> floor;
  const auto sites = std::size_t(width / spacing);
  for (std::size_t i = 0; i < sites; ++i)
    for (std::size_t j = 0; j < sites; ++j)
      floor.push_back({spacing * (T(i) + T(0.5)), spacing * (T(j) + T(0.5)), floor_z});

  // The beads: a loose lattice above the floor, settled once.
  const T gap = T(1.15) * d;
  const auto side = std::size_t((width - gap) / gap);
  const T volume = carom::pi<T> / 6 * d * d * d * T(1.03);  // mean, radii uniform ±10 %
  const auto n = std::size_t(0.6 * double(width * width * T(fill_d) * d / volume));
  const std::size_t layers = (n + side * side - 1) / (side * side);
  const T box_height = floor_z + T(layers + 4) * gap;
  const carom::box<T, 3> box({}, {width, width, box_height},
                             {carom::boundary::wall, carom::boundary::wall, carom::boundary::wall});
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<T> radius_of(r_min, r_max), jitter(-0.05 * d, 0.05 * d);
  carom::particles<T, 3> bed;
  for (const auto& x : floor) bed.add({.position = x, .radius = rf, .mass = bead_mass});
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t layer = k / (side * side), row = k % (side * side) / side, column = k % side;
    const T r = radius_of(rng);
    bed.add({.position = {gap * (T(column) + 1) + jitter(rng), gap * (T(row) + 1) + jitter(rng),
                          floor_z + rf + gap * (T(layer) + T(0.5))},
             .radius = r,
             .mass = carom::solid_mass<3>(density, r)});
  }
  carom::dem_params<T, 3, law> params{
      .gravity = {0, 0, -g},
      .max_impact_speed = T(1),
      .steps_per_contact = 25,
      .largest_radius = r_max,
      .materials = carom::material_table<T>({{.youngs_modulus = 1e7,
                                              .poisson_ratio = 0.25,
                                              .density = density,
                                              .restitution = 0.5,
                                              .friction = 0.5}}),
      .threads = int(threads)};
  const auto clock = std::chrono::steady_clock::now();
  engine_type settle(box, bed, params);
  for (std::size_t i = 0; i < floor.size(); ++i) settle.fix(i);
  const auto every = std::size_t(0.02 / double(settle.time_step()));
  while (settle.time() < settle_time) {
    settle.run(every);
    if (settle.kinetic_energy() < 1e-5 * T(n) * bead_mass * g * d) break;
  }
  const carom::particles<T, 3> settled = settle.state();
  T surface = 0;  // the bed's top: the mean height of its highest beads
  {
    std::vector<T> heights;
    for (std::size_t i = floor.size(); i < settled.size(); ++i)
      heights.push_back(settled.positions()[i][2]);
    std::sort(heights.rbegin(), heights.rend());
    const std::size_t top_layer = std::max<std::size_t>(1, side * side / 2);
    for (std::size_t k = 0; k < top_layer; ++k) surface += heights[k] / T(top_layer);
  }
  // ρ_b: the beads' mass (by volume inside the slab) over the slab's
  // volume, well inside the bed; spheres cut by the slab's faces count by
  // the volume of their centres in it, which averages out over many.
  const T depth = surface - floor_z;
  const T slab_low = floor_z + depth / 4, slab_high = surface - depth / 4;
  const T inset = std::min(3 * d, width / 4);
  double slab_mass = 0;
  for (std::size_t i = floor.size(); i < settled.size(); ++i) {
    const auto x = settled.positions()[i];
    if (x[2] > slab_low && x[2] < slab_high && x[0] > inset && x[0] < width - inset &&
        x[1] > inset && x[1] < width - inset)
      slab_mass += double(settled.masses()[i]);
  }
  const double bulk = slab_mass / double((width - 2 * inset) * (width - 2 * inset) *
                                         (slab_high - slab_low));
  std::printf("%zu beads settled in %.2f s on %zu floor spheres; bed height %.1f mm, bulk density "
              "%.0f kg/m^3 (packing fraction %.3f), dt = %.3g s\n",
              n, settle.time(), floor.size(), 1e3 * double(surface - floor_z), bulk,
              bulk / double(density), double(settle.time_step()));
  std::fflush(stdout);

  std::vector<orifice_run> runs;
  std::printf("%10s %10s %12s %12s %8s %12s %10s\n", "D/d", "D (mm)", "W (g/s)", "Beverloo",
              "ratio", "halves", "beads out");
  for (const double o : orifices) {
    orifice_run run;
    const T hole = T(o) * d / 2;
    carom::particles<T, 3> start_state;
    std::vector<carom::vec<T, 3>> kept;
    for (std::size_t i = 0; i < settled.size(); ++i) {
      const auto x = settled.positions()[i];
      const bool floor_sphere = i < floor.size();
      if (floor_sphere && std::hypot(x[0] - centre, x[1] - centre) < hole) continue;
      if (floor_sphere) kept.push_back(x);
      start_state.add({.position = x,
                       .velocity = settled.velocities()[i],
                       .radius = settled.radii()[i],
                       .mass = settled.masses()[i],
                       .angular_velocity = settled.angular_velocities()[i]});
    }
    run.diameter = hole_diameter(kept, rf, centre, centre);
    engine_type flow(box, start_state, params);
    for (std::size_t i = 0; i < kept.size(); ++i) flow.fix(i);
    carom::outlet<T, 3> outlet({.lower = {-carom::infinity<T>, -carom::infinity<T>,
                                          -carom::infinity<T>},
                                .upper = {carom::infinity<T>, carom::infinity<T>, floor_z - 2 * d}});
    std::vector<double> times, mass;
    const auto interval = std::max<std::size_t>(1, std::size_t(5e-4 / double(flow.time_step())));
    std::uint64_t refill_seed = 1;
    while (flow.time() < run_time) {
      flow.run(interval);
      const auto out = outlet.remove(flow);
      times.push_back(flow.time());
      mass.push_back(outlet.removed_mass());
      if (out.ids.empty()) continue;
      // As many fresh beads, at rest in a layer above the bed.
      carom::inlet<T, 3> refill(
          box, {.lower = {r_max, r_max, surface + 2 * d},
                .upper = {width - r_max, width - r_max, surface + 4 * d},
                .count = out.ids.size(),
                .min_radius = r_min,
                .max_radius = r_max,
                .density = density,
                .seed = refill_seed++,
                .partial = true});
      refill.insert(flow);
    }
    run.discharged = outlet.removed();
    const double middle = 0.5 * (start + run_time);
    run.flow = fit_line(times, mass, start).slope;
    run.flow_first = fit_line(times, mass, start, middle).slope;
    run.flow_second = fit_line(times, mass, middle).slope;
    const double predicted = beverloo_c * bulk * std::sqrt(g) *
                             std::pow(std::max(0.0, run.diameter - beverloo_k * double(d)), 2.5);
    std::printf("%10.1f %10.2f %12.2f %12.2f %8.3f %5.1f, %5.1f %10zu\n", o, 1e3 * run.diameter,
                1e3 * run.flow, 1e3 * predicted, run.flow / predicted, 1e3 * run.flow_first,
                1e3 * run.flow_second, run.discharged);
    std::fflush(stdout);
    runs.push_back(run);
  }
  // Beverloo's line fitted through the points: W^{2/5} = a (D − k d), so
  // C = a^{5/2} / (ρ_b √g), k = intercept / d (two points at least).
  double fitted_c = beverloo_c, fitted_k = beverloo_k;
  const bool flowed = std::all_of(runs.begin(), runs.end(), [](const auto& r) { return r.flow > 0; });
  if (!flowed) std::printf("no flow through some orifice: run longer (--time, --start)\n");
  if (runs.size() >= 2 && flowed) {
    std::vector<double> x, y;
    for (const auto& r : runs) x.push_back(r.diameter), y.push_back(std::pow(r.flow, 0.4));
    const line w = fit_line(x, y);  // zero at D = k d
    fitted_k = -w.intercept / w.slope / double(d);
    fitted_c = std::pow(w.slope, 2.5) / (bulk * std::sqrt(g));
    std::printf("fit of W^(2/5) against D: C = %.3f, k = %.2f\n", fitted_c, fitted_k);
  }
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - clock).count();
  std::printf("run time %.0f s\n", elapsed);
  if (!svg.empty() && flowed) {
    write_plot(svg, runs, bulk, double(g), double(d), fitted_c, fitted_k);
    std::printf("plot written to %s\n", svg.c_str());
  }
} catch (const std::exception& error) {
  std::fprintf(stderr, "hopper: %s\n", error.what());
  return 1;
}
