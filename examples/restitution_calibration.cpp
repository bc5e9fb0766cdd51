// SPDX-License-Identifier: MIT
// Calibrating power-law contacts for a target coefficient of restitution.
//
// For a few exponents p and targets e it prints the calibrated damping α in
// both conventions, the maximum overlap, the contact duration and the
// recommended time step, then integrates head-on collisions with velocity
// Verlet at that step, at impact speeds over four decades, and shows the
// measured e beside the target: the same at every speed.
//
//   restitution_calibration           human-readable tables
//   restitution_calibration --table   machine-readable rows for
//                                     scripts/plot_contact_laws.py
#include <carom/carom.hpp>

#include <cmath>
#include <cstdio>
#include <exception>
#include <vector>

#include "command_line.hpp"

namespace {

constexpr double mass = 0.01;      // kg, effective mass
constexpr double stiffness = 1e6;  // N/m^p
constexpr int steps_per_contact = 50;

// One head-on collision from first touch (δ = 0, δ' = v0) until the bodies
// separate (δ < 0), with DEM velocity Verlet: half kick, drift, force at
// the new overlap with the half-step rate, half kick. Returns e = −δ'/v0 at
// separation, 0 if the bodies are still together after 10^6 steps (an
// overdamped unclipped contact never separates); `trace` (if given)
// receives every (δ, δ').
template <class Law>
double collide(const Law& law, double v0, double dt, std::vector<double>* trace = nullptr) {
  double overlap = 0, rate = v0;
  double acceleration = -law.force(overlap, rate, mass) / mass;
  for (long step = 0; step < 1000000; ++step) {
    const double half = rate + dt / 2 * acceleration;
    overlap += dt * half;
    acceleration = overlap > 0 ? -law.force(overlap, half, mass) / mass : 0.0;
    rate = half + dt / 2 * acceleration;
    if (overlap <= 0) return -rate / v0;
    if (trace) trace->insert(trace->end(), {overlap, rate});
  }
  return 0.0;
}

// For contrast, Hertz with a constant dashpot, F = k δ^{3/2} + c δ' (not
// Tsuji's δ^{1/4} √(m k) α): its e changes with the impact speed. Not a
// carom law, just something with a force() for collide().
template <class Convention>
struct hertz_constant_dashpot {
  double k, c;
  double force(double overlap, double rate, double) const noexcept {
    const double f = k * overlap * std::sqrt(overlap) + c * rate;
    return std::is_same_v<Convention, carom::no_tension> && f < 0 ? 0.0 : f;
  }
};

template <class Convention>
carom::power_law<double, Convention> calibrated(double p, double e) {
  return carom::power_law<double, Convention>::from_restitution(p, stiffness, e);
}

template <class Convention>
const char* name() {
  return std::is_same_v<Convention, carom::no_tension> ? "no_tension" : "unclipped";
}

void print_summary() {
  std::printf("Power-law contacts F = k d^p + alpha sqrt(m k) d^((p-1)/2) d', m = %g kg, k = %g\n",
              mass, stiffness);
  std::printf("calibrated for a target restitution e; impact speed v0 = 1 m/s\n\n");
  std::printf("%5s %5s | %9s %9s | %11s %11s %11s %11s\n", "p", "e", "alpha", "alpha_nt",
              "d_max [m]", "t_c [s]", "dt [s]", "dt_crit [s]");
  for (const double p : {1.0, 1.5, 2.0, 3.0})
    for (const double e : {0.05, 0.3, 0.5, 0.7, 0.95}) {
      const auto law = calibrated<carom::unclipped>(p, e);
      std::printf("%5.2f %5.2f | %9.6f %9.6f | %11.4e %11.4e %11.4e %11.4e\n", p, e, law.damping(),
                  calibrated<carom::no_tension>(p, e).damping(), carom::max_overlap(law, mass, 1.0),
                  carom::contact_duration(law, mass, 1.0),
                  carom::recommended_time_step(law, mass, 1.0, steps_per_contact),
                  carom::critical_time_step(law, mass, 1.0));
    }
  std::printf("\n(alpha_nt: the no-tension calibration; dt: %d steps per contact)\n\n",
              steps_per_contact);
}

template <class Convention>
void print_measured() {
  std::printf("Velocity Verlet at the recommended dt, %s convention: measured e (target in [])\n",
              name<Convention>());
  const double speeds[] = {0.01, 0.1, 1.0, 10.0, 100.0};
  std::printf("%5s %6s |", "p", "[e]");
  for (const double v0 : speeds) std::printf(" v0=%-7g", v0);
  std::printf("| %s\n", "max |e - target|");
  for (const double p : {1.0, 1.5, 2.0, 3.0})
    for (const double e : {0.3, 0.7, 0.95}) {
      const auto law = calibrated<Convention>(p, e);
      std::printf("%5.2f [%4.2f] |", p, e);
      double worst = 0;
      for (const double v0 : speeds) {
        const double measured =
            collide(law, v0, carom::recommended_time_step(law, mass, v0, steps_per_contact));
        worst = std::max(worst, std::abs(measured - e));
        std::printf(" %10.6f", measured);
      }
      std::printf(" | %.2e\n", worst);
    }
  std::printf("\n");
}

template <class Convention>
double step_ratio(double p, double e) {
  const auto law = calibrated<Convention>(p, e);
  return carom::critical_time_step(law, mass, 1.0) / carom::contact_duration(law, mass, 1.0);
}

template <class Convention>
double worst_verlet_error(int steps) {
  double worst = 0;
  for (const double p : {1.0, 1.25, 1.5, 2.0, 2.5, 3.0})
    for (const double e : {0.05, 0.3, 0.7, 0.95, 1.0}) {
      const auto law = calibrated<Convention>(p, e);
      const double dt = carom::recommended_time_step(law, mass, 1.0, steps);
      worst = std::max(worst, std::abs(collide(law, 1.0, dt) - e));
    }
  return worst;
}

// How the time step sets the accuracy: the worst |e − target| of velocity
// Verlet over p and e, against the steps per contact; and Δt_crit / t_c.
void print_accuracy() {
  const double exponents[] = {1.0, 1.25, 1.5, 2.0, 2.5, 3.0};
  const double targets[] = {0.05, 0.3, 0.7, 0.95, 1.0};
  std::printf("Velocity Verlet: worst |e - target| over p in {1..3}, e in {0.05..1}\n");
  std::printf("%16s | %10s %10s\n", "steps/contact", "unclipped", "no_tension");
  for (const int steps : {20, 50, 100, 200})
    std::printf("%16d | %10.2e %10.2e\n", steps, worst_verlet_error<carom::unclipped>(steps),
                worst_verlet_error<carom::no_tension>(steps));
  std::printf("\nCritical step over contact duration, dt_crit / t_c (any v0, m, k)\n%6s |", "p");
  for (const double e : targets) std::printf("  e=%-5g", e);
  std::printf("  (unclipped; no_tension)\n");
  for (const double p : exponents) {
    std::printf("%6.2f |", p);
    for (const double e : targets) std::printf("  %7.4f", step_ratio<carom::unclipped>(p, e));
    std::printf("\n%6s |", "");
    for (const double e : targets) std::printf("  %7.4f", step_ratio<carom::no_tension>(p, e));
    std::printf("\n");
  }
  std::printf("\n");
}

// Rows for the plots: e against v0, and phase portraits.
template <class Convention>
void print_table() {
  const double fastest = 100.0;
  for (const double p : {1.0, 1.5, 2.0, 3.0})
    for (const double e : {0.3, 0.8}) {
      const auto law = calibrated<Convention>(p, e);
      // One dt for every speed: the one the fastest impact needs.
      const double fixed_dt = carom::recommended_time_step(law, mass, fastest, steps_per_contact);
      for (int i = 0; i <= 16; ++i) {
        const double v0 = std::pow(10.0, -2 + 0.25 * i);
        const double scaled =
            collide(law, v0, carom::recommended_time_step(law, mass, v0, steps_per_contact));
        std::printf("restitution %s %g %g %.6e %.9f %.9f %.9f\n", name<Convention>(), p, e, v0,
                    carom::restitution_of(law), scaled, collide(law, v0, fixed_dt));
      }
    }
  for (const double e : {0.3, 0.8}) {
    // c tuned (bisection on the simulated e) to give e at v0 = 1 m/s.
    const auto tsuji = calibrated<Convention>(1.5, e);
    const double dt = carom::recommended_time_step(tsuji, mass, 1.0, 4 * steps_per_contact);
    double lo = 0, hi = 10 * std::sqrt(mass * stiffness);
    for (int i = 0; i < 60; ++i) {
      const double c = (lo + hi) / 2;
      (collide(hertz_constant_dashpot<Convention>{stiffness, c}, 1.0, dt) > e ? lo : hi) = c;
    }
    const hertz_constant_dashpot<Convention> dashpot{stiffness, (lo + hi) / 2};
    for (int i = 0; i <= 16; ++i) {
      const double v0 = std::pow(10.0, -2 + 0.25 * i);
      std::printf("dashpot %s 1.5 %g %.6e %.9f\n", name<Convention>(), e, v0,
                  collide(dashpot, v0,
                          carom::recommended_time_step(tsuji, mass, v0, 4 * steps_per_contact)));
    }
  }
  for (const double p : {1.0, 1.5, 2.0, 3.0}) {
    const double e = 0.5, v0 = 1.0;
    const auto law = calibrated<Convention>(p, e);
    const double peak = carom::max_overlap(law, mass, v0);
    // Loading out to δ_max, then unloading back: one continuous curve,
    // sampled densely near both ends.
    for (const auto branch : {carom::contact_branch::loading, carom::contact_branch::unloading})
      for (int i = 0; i <= 200; ++i) {
        const int j = branch == carom::contact_branch::loading ? i : 200 - i;
        const double overlap = peak * (1 - std::cos(M_PI * j / 200)) / 2;
        std::printf("phase %s %g %g closed_form %.9f %.9f\n", name<Convention>(), p, e,
                    overlap / peak, carom::phase_portrait(law, mass, v0, overlap, branch) / v0);
      }
    std::vector<double> trace;
    collide(law, v0, carom::contact_duration(law, mass, v0) / 40, &trace);
    for (std::size_t i = 0; i < trace.size(); i += 2)
      std::printf("phase %s %g %g verlet %.9f %.9f\n", name<Convention>(), p, e, trace[i] / peak,
                  trace[i + 1] / v0);
  }
}

}  // namespace

int main(int argc, char** argv) try {
  bool table = false;
  example::command_line(
      "restitution_calibration",
      "Power-law contacts F = k d^p + alpha sqrt(m k) d^((p-1)/2) d' (m = 0.01 kg,\n"
      "k = 1e6 N/m^p) calibrated for a target restitution e: the damping alpha in\n"
      "both conventions, overlap, contact time, time step, and e measured by velocity\n"
      "Verlet at impact speeds over four decades.",
      {{"--table", &table, "",
        "instead, machine-readable rows (for scripts/plot_contact_laws.py)"}})
      .parse(argc, argv);
  if (table) {
    std::printf(
        "# restitution convention p e_target v0 e_closed_form e_verlet_scaled_dt "
        "e_verlet_fixed_dt\n");
    std::printf("# dashpot convention p e_at_1m/s v0 e_verlet  (Hertz, constant dashpot)\n");
    std::printf("# phase convention p e source overlap/max_overlap rate/v0\n");
    print_table<carom::unclipped>();
    print_table<carom::no_tension>();
    return 0;
  }
  print_summary();
  print_measured<carom::unclipped>();
  print_measured<carom::no_tension>();
  print_accuracy();
  // The classic silent error: the unclipped alpha in a code that clips.
  const auto wrong = carom::power_law<double, carom::no_tension>(
      {.exponent = 1.5,
       .stiffness = stiffness,
       .damping = carom::damping_for_restitution(0.5, 1.5)});
  std::printf("Unclipped alpha(e = 0.5) used with a clipped force: e = %.4f (closed form %.4f)\n",
              collide(wrong, 1.0, carom::recommended_time_step(wrong, mass, 1.0, 1000)),
              carom::restitution_of(wrong));
} catch (const std::exception& error) {
  std::fprintf(stderr, "restitution_calibration: %s\n", error.what());
  return 1;
}
