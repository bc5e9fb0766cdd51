// SPDX-License-Identifier: MIT
#pragma once
// An independent reference for the contact validation: the equation of
// motion m δ'' + α √(m k) δ^{(p−1)/2} δ' + k δ^p = 0, δ(0) = 0, δ'(0) = v0,
// integrated directly (no substitution, nothing from carom) with the
// adaptive Dormand–Prince 5(4) pair, and its events (δ' = 0, end of
// contact) located by bisecting the step length of a single RK step.
// Tolerance 1e-12 on (δ/δ_ref, v/v0): global errors stay near 1e-11, far
// below the 1e-8 the tests ask of δ_max and t_c.

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace carom_test {

struct contact_ode {
  double exponent, stiffness, damping, mass, speed;
  bool no_tension;

  struct state {
    double time, overlap, rate;
  };
  struct result {
    double max_overlap = 0, peak_time = 0;  // δ' = 0
    double duration = 0, exit_rate = 0;     // contact end: δ = 0, or F = 0 (no tension)
    double exit_overlap = 0;
    std::vector<state> samples;  // at the requested times inside the contact
    int steps = 0;
  };

  // The unclipped force; 0 out of contact.
  double raw_force(double overlap, double rate) const {
    if (overlap <= 0) return 0;
    return stiffness * std::pow(overlap, exponent) +
           damping * std::sqrt(mass * stiffness) * std::pow(overlap, (exponent - 1) / 2) * rate;
  }
  double acceleration(double overlap, double rate) const {
    const double f = raw_force(overlap, rate);
    return -(no_tension ? std::max(f, 0.0) : f) / mass;
  }

  using vec2 = std::array<double, 2>;
  // One Dormand–Prince step: the 5th-order solution and the error estimate.
  std::pair<vec2, vec2> step(const vec2& y, double h) const {
    static constexpr double a21 = 1. / 5, a31 = 3. / 40, a32 = 9. / 40, a41 = 44. / 45,
                            a42 = -56. / 15, a43 = 32. / 9, a51 = 19372. / 6561,
                            a52 = -25360. / 2187, a53 = 64448. / 6561, a54 = -212. / 729,
                            a61 = 9017. / 3168, a62 = -355. / 33, a63 = 46732. / 5247,
                            a64 = 49. / 176, a65 = -5103. / 18656, b1 = 35. / 384, b3 = 500. / 1113,
                            b4 = 125. / 192, b5 = -2187. / 6784, b6 = 11. / 84, e1 = 71. / 57600,
                            e3 = -71. / 16695, e4 = 71. / 1920, e5 = -17253. / 339200,
                            e6 = 22. / 525, e7 = -1. / 40;
    auto f = [&](const vec2& s) { return vec2{s[1], acceleration(s[0], s[1])}; };
    auto at = [&](std::initializer_list<std::pair<double, const vec2*>> terms) {
      vec2 s = y;
      for (auto [c, k] : terms) {
        s[0] += h * c * (*k)[0];
        s[1] += h * c * (*k)[1];
      }
      return s;
    };
    const vec2 k1 = f(y);
    const vec2 k2 = f(at({{a21, &k1}}));
    const vec2 k3 = f(at({{a31, &k1}, {a32, &k2}}));
    const vec2 k4 = f(at({{a41, &k1}, {a42, &k2}, {a43, &k3}}));
    const vec2 k5 = f(at({{a51, &k1}, {a52, &k2}, {a53, &k3}, {a54, &k4}}));
    const vec2 k6 = f(at({{a61, &k1}, {a62, &k2}, {a63, &k3}, {a64, &k4}, {a65, &k5}}));
    const vec2 next = at({{b1, &k1}, {b3, &k3}, {b4, &k4}, {b5, &k5}, {b6, &k6}});
    const vec2 k7 = f(next);
    vec2 error{};
    for (int i = 0; i < 2; ++i)
      error[i] = h * (e1 * k1[i] + e3 * k3[i] + e4 * k4[i] + e5 * k5[i] + e6 * k6[i] + e7 * k7[i]);
    return {next, error};
  }

  // The step length in (0, h] at which event(step(y, ·)) changes sign.
  template <class Event>
  double locate(const vec2& y, double h, Event event) const {
    double lo = 0, hi = h;
    for (int i = 0; i < 200 && hi - lo > 1e-17 * hi; ++i) {
      const double mid = (lo + hi) / 2;
      (event(step(y, mid).first) ? hi : lo) = mid;
    }
    return hi;
  }

  result solve(std::vector<double> sample_times = {}, double tolerance = 1e-12) const {
    std::sort(sample_times.begin(), sample_times.end());
    // Scales from the undamped maximum overlap.
    const double overlap_scale =
        std::pow((exponent + 1) * mass * speed * speed / (2 * stiffness), 1 / (exponent + 1));
    const double time_scale = overlap_scale / speed;
    auto error_norm = [&](const vec2& y, const vec2& next, const vec2& error) {
      const double s0 =
          overlap_scale * tolerance + tolerance * std::max(std::abs(y[0]), std::abs(next[0]));
      const double s1 = speed * tolerance + tolerance * std::max(std::abs(y[1]), std::abs(next[1]));
      return std::max(std::abs(error[0]) / s0, std::abs(error[1]) / s1);
    };
    result out;
    vec2 y{0, speed};
    double t = 0, h = 1e-6 * time_scale;
    bool past_peak = false;
    std::size_t next_sample = 0;
    auto ended = [&](const vec2& s) { return no_tension ? raw_force(s[0], s[1]) <= 0 : s[0] <= 0; };
    for (int guard = 0; guard < 1000000; ++guard) {
      double trial = h;
      const bool to_sample =
          next_sample < sample_times.size() && t + trial >= sample_times[next_sample];
      if (to_sample) trial = sample_times[next_sample] - t;
      const auto [next, error] = step(y, trial);
      const double norm = error_norm(y, next, error);
      if (!(norm <= 1)) {
        h = trial * std::max(0.2, 0.9 * std::pow(norm, -0.2));
        continue;
      }
      ++out.steps;
      if (!past_peak && next[1] <= 0) {
        const double hp = locate(y, trial, [](const vec2& s) { return s[1] <= 0; });
        out.peak_time = t + hp;
        out.max_overlap = step(y, hp).first[0];
        past_peak = true;
      }
      if (past_peak && ended(next)) {
        const double he = locate(y, trial, ended);
        const vec2 end = step(y, he).first;
        out.duration = t + he;
        out.exit_rate = end[1];
        out.exit_overlap = no_tension ? end[0] : 0;
        return out;
      }
      t += trial;
      y = next;
      if (to_sample) out.samples.push_back({t, y[0], y[1]}), ++next_sample;
      if (!to_sample || trial >= h)
        h = trial * std::min(5.0, 0.9 * std::pow(std::max(norm, 1e-10), -0.2));
    }
    return out;
  }
};

}  // namespace carom_test
