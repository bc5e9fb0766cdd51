// SPDX-License-Identifier: MIT
// Fuzzes the contact laws and their calibration (include/carom/contact/):
// damping_for_restitution and restitution_for_damping in both conventions,
// the force of power_law and of the fixed-exponent laws (linear
// spring–dashpot, Hertz, cone), the observables (max_overlap,
// contact_duration, contact_state_at), the time-step functions and
// linear_stiffness_for_duration. On every input: valid arguments give
// finite results (durations may be +∞ only where documented) and never
// throw; invalid ones throw carom::invalid_input and nothing else; the
// calibration round trip e → α → e holds; a no-tension force is never
// negative; the recommended step passes check_time_step. The adhesive
// laws carom::jkr and carom::dmt: see adhesion() below.

#include <carom/contact/adhesion.hpp>
#include <carom/contact/calibration.hpp>
#include <carom/contact/materials.hpp>
#include <carom/contact/observables.hpp>
#include <carom/contact/power_law.hpp>
#include <carom/contact/time_step.hpp>
#include <carom/core/error.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <type_traits>

#include "fuzz_input.hpp"

namespace {

using carom_fuzz::check;
using carom_fuzz::fuzz_input;

template <class T>
bool finite(T x) {
  return carom::is_finite(x);
}

/// e → α → e in one convention. α is rounded to T once, and ln e moves by
/// (d ln e / d ln α) times that rounding: |ln e| (1 + ln² e/π²) for the
/// unclipped law (ζ → 1 as e → 0), at most |ln e| for no-tension. 16 ε of
/// it, plus 16 ε of the working precision's own error, is the tolerance.
template <class T, class Convention>
void round_trip(fuzz_input& in) {
  const T e = in.log_uniform(T(1e-6), T(1));
  const T p = in.uniform(T(1), T(5));
  const T alpha = carom::damping_for_restitution(e, p, Convention{});
  check(finite(alpha) && alpha >= T(0), "damping_for_restitution: not finite or negative");
  const T back = carom::restitution_for_damping(alpha, p, Convention{});
  check(finite(back) && back > T(0) && back <= T(1), "restitution_for_damping: e outside (0, 1]");
  const double log_e = std::log(double(e));
  const double condition = std::abs(log_e) * (1 + log_e * log_e / 9.8696044010893586);
  const double tolerance = 16 * double(carom_fuzz::eps<T>) * (condition + 1);
  check(std::abs(std::log(double(back)) - log_e) <= tolerance,
        "calibration round trip e -> alpha -> e is off");
}

/// Invalid e, α or p throw carom::invalid_input; valid ones do not throw.
template <class T>
void bad_calibration(fuzz_input& in) {
  const bool good_e = in.chance(128), good_p = in.chance(128), good_alpha = in.chance(128);
  const T e = good_e ? in.uniform(T(1e-6), T(1))
                     : (in.chance(200) ? in.invalid_positive<T>() : T(1) + in.log_uniform(T(1e-6), T(1)));
  const T p = good_p ? in.uniform(T(1), T(5))
                     : (in.chance(128) ? in.invalid_positive<T>() : T(1) - in.log_uniform(T(1e-6), T(1)));
  const T alpha = good_alpha ? in.log_uniform(T(1e-6), T(1e3)) : in.invalid_positive<T>();
  const bool alpha_valid = good_alpha || alpha == T(0);  // α = 0 is allowed
  auto expect = [](bool valid, auto&& call, const char* what) {
    try {
      const T result = call();
      check(valid && finite(result), what);
    } catch (const carom::invalid_input&) {
      check(!valid, what);
    }
  };
  expect(good_e && good_p, [&] { return carom::damping_for_restitution(e, p); },
         "damping_for_restitution: wrong acceptance");
  expect(good_e && good_p, [&] { return carom::damping_for_restitution_no_tension(e, p); },
         "damping_for_restitution_no_tension: wrong acceptance");
  expect(alpha_valid && good_p, [&] { return carom::restitution_for_damping(alpha, p); },
         "restitution_for_damping: wrong acceptance");
  expect(alpha_valid && good_p, [&] { return carom::restitution_for_damping_no_tension(alpha, p); },
         "restitution_for_damping_no_tension: wrong acceptance");
  const T k = in.chance(200) ? in.log_uniform(T(1e-3), T(1e9)) : in.invalid_positive<T>();
  expect(good_p && alpha_valid && finite(k) && k > T(0),
         [&] { return carom::power_law<T>({p, k, alpha}).stiffness(); },
         "power_law: wrong acceptance");
  const T m = in.chance(200) ? in.log_uniform(T(1e-6), T(1e3)) : in.invalid_positive<T>();
  const T tc = in.chance(200) ? in.log_uniform(T(1e-6), T(1)) : in.invalid_positive<T>();
  expect(finite(m) && m > T(0) && finite(tc) && tc > T(0) && good_e,
         [&] { return carom::linear_stiffness_for_duration(m, tc, e); },
         "linear_stiffness_for_duration: wrong acceptance");
}

/// The force of a law at random overlaps, rates and masses, and its
/// observables at random impacts.
template <class T, class Law>
void law_checks(fuzz_input& in, const Law& law) {
  const T overlap = in.chance(24) ? T(0) : in.log_uniform(T(1e-9), T(1e-1));
  const T rate = in.signed_magnitude(T(1e-6), T(1e2));
  const T mass = in.log_uniform(T(1e-6), T(1e3));
  const T f = law.force(overlap, rate, mass);
  check(finite(f), "contact force is not finite");
  if constexpr (std::is_same_v<typename Law::convention, carom::no_tension>)
    check(f >= T(0), "no-tension contact force is negative");
  // At zero rate the force is k δ^p (std::pow in double: reference to a
  // few ε; the law's own δ^p is a product of a few roundings).
  const double elastic = double(law.stiffness()) * std::pow(double(overlap), double(law.exponent()));
  check(std::abs(double(law.force(overlap, T(0), mass)) - elastic) <=
            32 * double(carom_fuzz::eps<T>) * elastic + double(std::numeric_limits<T>::min()),
        "contact force at zero rate is not k delta^p");

  const T v0 = in.log_uniform(T(1e-3), T(1e2));
  const T peak = carom::max_overlap(law, mass, v0);
  check(finite(peak) && peak > T(0), "max_overlap not finite and > 0");
  const double p = double(law.exponent());
  const double undamped =
      std::pow((p + 1) * double(mass) * double(v0) * double(v0) / (2 * double(law.stiffness())),
               1 / (p + 1));
  check(double(peak) <= undamped * (1 + 64 * double(carom_fuzz::eps<T>)),
        "max_overlap above the undamped one (energy gain)");
  const T duration = carom::contact_duration(law, mass, v0);
  check(duration > T(0) && !std::isnan(duration), "contact_duration not > 0");
  const T critical = carom::critical_time_step(law, mass, v0);
  check(finite(critical) && critical > T(0), "critical_time_step not finite and > 0");
  const int steps = 1 + int(in.choice(200));
  const T dt = carom::recommended_time_step(law, mass, v0, steps);
  check(finite(dt) && dt > T(0) && dt <= critical, "recommended_time_step not in (0, critical]");
  carom::check_time_step(law, mass, v0, dt);  // must not throw
  try {
    carom::check_time_step(law, mass, v0, T(2) * critical);
    check(false, "check_time_step accepted twice the critical step");
  } catch (const carom::invalid_input&) {
  }
  if (finite(duration)) {
    const auto state = carom::contact_state_at(law, mass, v0, in.uniform(T(0), T(1.5)) * duration);
    check(finite(state.overlap) && finite(state.overlap_rate) && finite(state.force) &&
              state.overlap <= peak * (T(1) + T(64) * carom_fuzz::eps<T>),
          "contact_state_at: not finite or beyond max_overlap");
  }
}

template <class T, class Convention>
void laws(fuzz_input& in) {
  const T k = in.log_uniform(T(1e2), T(1e10));
  const T e = in.uniform(T(0.05), T(1));
  switch (in.choice(4)) {
    case 0: return law_checks<T>(in, carom::linear_spring_dashpot<T, Convention>::from_restitution(k, e));
    case 1: return law_checks<T>(in, carom::hertz<T, Convention>::from_restitution(k, e));
    case 2: return law_checks<T>(in, carom::cone<T, Convention>::from_restitution(k, e));
    default:
      return law_checks<T>(
          in, carom::power_law<T, Convention>::from_restitution(in.uniform(T(1), T(3)), k, e));
  }
}

/// linear_stiffness_for_duration gives back its duration.
template <class T>
void linear_duration(fuzz_input& in) {
  const T m = in.log_uniform(T(1e-6), T(1e3)), tc = in.log_uniform(T(1e-6), T(1e-1));
  const T e = in.uniform(T(0.05), T(1));
  const T k = carom::linear_stiffness_for_duration(m, tc, e);
  check(finite(k) && k > T(0), "linear_stiffness_for_duration not finite and > 0");
  const auto law = carom::linear_spring_dashpot<T>::from_restitution(k, e);
  const T back = carom::contact_duration(law, m, in.log_uniform(T(1e-3), T(1e2)));
  // A few roundings in T of k, α and t_c: 64 ε relative.
  check(std::abs(back - tc) <= T(64) * carom_fuzz::eps<T> * tc,
        "linear_stiffness_for_duration: the law's duration is not t_c");
}


/// carom::jkr or carom::dmt from fuzzed E*, R*, γ, α (each now and then
/// invalid: NaN, ±∞, 0 or negative for E* and R*, negative or not finite
/// for γ and α): the constructor throws carom::invalid_input exactly for
/// invalid ones. Then, with long double references:
///   - the pull-off force is (3/2)πγR* (JKR) or 2πγR* (DMT), and the least
///     force at zero rate is −pulloff_force(): JKR at the overlap δ* of the
///     contact radius a* = (3cR*/4)^{2/3} where dF_e/da = 0 (nowhere else
///     lower), DMT at δ = 0;
///   - at δ ∈ [−δ_c, 2 R*] (around the fold, around δ₀ and log-spread up
///     to large overlaps) the
///     forces, damped ones too, are finite and never below the pull-off
///     force; JKR's contact radius a(δ) solves δ = a²/R* − c√a to
///     round-off and lies on the stable branch a ≥ a_c = a₀/6^{2/3}
///     (together: F is continuous in δ, see below); DMT's force is Hertz
///     minus 2πγR* and grows with δ.
template <class T, class Law>
void adhesion(fuzz_input& in) {
  constexpr bool is_jkr = std::is_same_v<Law, carom::jkr<T>>;
  using real = long double;
  carom::adhesion_params<T> p{
      .youngs_modulus = in.log_uniform(T(1e3), T(1e12)),
      .effective_radius = in.log_uniform(T(1e-6), T(1)),
      .work_of_adhesion = in.chance(24) ? T(0) : in.log_uniform(T(1e-4), T(1e2)),
      .damping = in.chance(24) ? T(0) : in.log_uniform(T(1e-3), T(10))};
  const bool bad = in.chance(48);
  if (bad) spoil_one(in, p);
  std::optional<Law> built;
  try {
    built.emplace(p);
  } catch (const carom::invalid_input&) {
    check(bad, "adhesive law rejected valid parameters");
    return;
  }
  check(!bad, "adhesive law accepted an invalid parameter");
  const Law& law = *built;
  const real E = p.youngs_modulus, R = p.effective_radius, gamma = p.work_of_adhesion;
  const real pi = 3.14159265358979323846264338327950288L;
  const real eps = carom_fuzz::eps<T>;
  const real pulloff = (is_jkr ? 1.5L : 2.0L) * pi * gamma * R;
  // F_po is a product of four roundings: 8 ε.
  check(std::abs(real(law.pulloff_force()) - pulloff) <= 8 * eps * pulloff,
        "adhesive law: pull-off force is not the analytic one");
  const T mass = in.log_uniform(T(1e-9), T(1e3));
  const real c = std::sqrt(2 * pi * gamma / E);
  const real a0 = std::cbrt(9 * pi * gamma * R * R / (2 * E));
  const real delta_c = is_jkr ? a0 * a0 / (2 * std::cbrt(6.0L) * R) : 0;
  const real delta_0 = is_jkr ? a0 * a0 / (3 * R) : std::cbrt(std::pow(3 * pi * gamma * std::sqrt(R) / (2 * E), 2.0L));
  // The least force, at zero rate.
  if constexpr (is_jkr) {
    if (gamma > 0) {
      // F_e(a) = E*(4a³/(3R*) − 2c a^{3/2}) is least at a*^{3/2} = 3cR*/4.
      // There F is stationary: the roundings of δ* and of a(δ*) change F
      // only to second order, and F_e's two terms are |F_min| and 2 |F_min|
      // in size, so a few ε of |F_min| remain; 64 ε leaves room for the
      // cube and square roots of a(δ).
      const real a_star = std::cbrt(std::pow(0.75L * c * R, 2.0L));
      const real delta_star = a_star * a_star / R - c * std::sqrt(a_star);
      const real least = real(law.force(T(delta_star), T(0), mass));
      check(std::abs(least + pulloff) <= 64 * eps * pulloff,
            "JKR: the force at the least-force overlap is not -(3/2) pi gamma R*");
    }
  } else {
    check(std::abs(real(law.force(T(0), T(0), mass)) + pulloff) <= 8 * eps * pulloff,
          "DMT: the force at zero overlap is not -2 pi gamma R*");
  }
  T previous_delta = T(0), previous_force = -law.pulloff_force();
  for (int sample = 0; sample < 8; ++sample) {
    real delta = 0;
    switch (in.choice(3)) {
      case 0: delta = -delta_c + real(in.uniform(T(0), T(1))) * 2 * delta_c; break;  // about the fold and 0
      case 1: delta = real(in.uniform(T(0), T(4))) * delta_0; break;                  // about δ₀
      default: delta = real(in.log_uniform(T(1e-12), T(2))) * R; break;                // up to large
    }
    const T d = T(delta);
    if (d < -law.pulloff_separation()) continue;  // rounded past the fold
    const T rate = in.signed_magnitude(T(1e-6), T(1e2));
    const T f = law.force(d, T(0), mass);
    check(finite(f) && finite(law.force(d, rate, mass)), "adhesive law: force not finite");
    // Never below the pull-off force (the least of F over δ).
    check(real(f) >= -pulloff * (1 + 64 * eps), "adhesive law: force below the pull-off force");
    if constexpr (is_jkr) {
      const real a = law.contact_radius(d);
      check(finite(T(a)) && a >= 0, "JKR: contact radius not finite and >= 0");
      // Backward error: a solves δ = a²/R* − c√a for δ within round-off of
      // the terms.
      const real sq = a * a / R, adhesive = c * std::sqrt(a);
      check(std::abs(sq - adhesive - real(d)) <= 256 * eps * (sq + adhesive + std::abs(real(d))),
            "JKR: contact radius does not solve the JKR relation");
      // The stable branch, a ≥ a_c; the fold is quadratic in a, so δ within
      // 256 ε of −δ_c moves a by up to ~16 √ε of a_c.
      if (gamma > 0) {
        const real a_c = a0 / std::cbrt(36.0L);
        check(a >= a_c * (1 - 16 * std::sqrt(eps)), "JKR: contact radius on the unstable branch");
      }
      // On the stable branch δ(a) increases, so a root within round-off of
      // δ for every δ makes a(δ) increasing and without jumps, and so F, a
      // polynomial in √a, continuous in δ.
      const real a32 = a * std::sqrt(a);
      const real reference = E * (4 * a32 * a32 / (3 * R) - 2 * c * a32);
      check(std::abs(real(f) - reference) <= 64 * eps * E * (4 * a32 * a32 / (3 * R) + 2 * c * a32),
            "JKR: force is not F_e of its contact radius");
    } else {
      if (d < T(0)) continue;
      const real hertz = 4 * E * std::sqrt(R) * std::pow(real(d), 1.5L) / 3;
      check(std::abs(real(f) - (hertz - pulloff)) <= 16 * eps * (hertz + pulloff),
            "DMT: force is not Hertz minus 2 pi gamma R*");
      // Hertz grows with δ: the force too (to round-off of its terms).
      const bool later = d >= previous_delta;
      const T f_low = later ? previous_force : f, f_high = later ? f : previous_force;
      check(real(f_high) >= real(f_low) - 16 * eps * (std::abs(real(f_high)) + pulloff),
            "DMT: force decreases with the overlap");
      previous_delta = d;
      previous_force = f;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz_input in(data, size);
  const std::size_t what = in.choice(8);
  carom_fuzz::with_config(in, [&]<class T, std::size_t>() {
    switch (what) {
      case 0: return round_trip<T, carom::unclipped>(in);
      case 1: return round_trip<T, carom::no_tension>(in);
      case 2: return bad_calibration<T>(in);
      case 3: return laws<T, carom::unclipped>(in);
      case 4: return laws<T, carom::no_tension>(in);
      case 5: return linear_duration<T>(in);
      case 6: return adhesion<T, carom::jkr<T>>(in);
      default: return adhesion<T, carom::dmt<T>>(in);
    }
  });
  return 0;
}
