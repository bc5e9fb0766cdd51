// SPDX-License-Identifier: MIT
#pragma once
/// The head-on power-law contact solved through Feng's substitution
/// (docs/contact-laws.md): m δ'' + α √(m k) δ^{(p−1)/2} δ' + k δ^p = 0,
/// δ(0) = 0, δ'(0) = v0. With δ = A x^q, q = 2/(p+1),
/// A = ((p+1)/2)^{1/(p+1)}, the velocity v = δ' is unchanged (A^{p+1} q = 1)
/// and x obeys the linear oscillator x'' + 2ζΩ x' + Ω² x = 0 in its own time
/// s, with dt = A q x^{q−1} ds. In the dimensionless τ = Ω s:
///   x = (v0/Ω) x̂(τ),  x̂ = e^{−ζτ} S(τ),  v = v0 e^{−ζτ} (C(τ) − ζ S(τ)),
/// S = sin(wτ)/w, C = cos(wτ), w = √(1−ζ²) (ζ < 1; sinh, cosh and
/// w = √(ζ²−1) for ζ > 1; S = τ, C = 1 for ζ = 1), and
///   δ = A (v0/Ω)^q x̂^q,   t = A q (v0/Ω)^{q−1} / Ω · ∫_0^τ x̂^{q−1} dτ'.
/// The integrand has the integrable singularities τ^{q−1} at first touch
/// and (τ0 − τ)^{q−1} at the zero τ0 = π/w of x̂; both are factored into
/// Gauss–Jacobi weights, the analytic rest is integrated by panels halved
/// until two levels agree to ~32 ulps. Internal to carom.

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "carom/contact/calibration.hpp"
#include "carom/contact/detail/gauss_jacobi.hpp"
#include "carom/core/math.hpp"

namespace carom::detail {

/// Root of f on [lo, hi], f increasing with a sign change there; f(x)
/// returns {value, slope}. Newton steps kept inside a bracket that shrinks
/// every step, bisection when Newton would leave it.
template <scalar W, class F>
[[nodiscard]] W solve_increasing(F f, W lo, W hi, W guess, W relative_tolerance) noexcept {
  W x = guess > lo && guess < hi ? guess : lo + (hi - lo) / W(2);
  for (int iteration = 0; iteration < 100; ++iteration) {
    const auto [value, slope] = f(x);
    if (value == W(0)) return x;
    (value < W(0) ? lo : hi) = x;
    W next = x - value / slope;
    if (!(next > lo && next < hi)) next = lo + (hi - lo) / W(2);
    if (std::abs(next - x) <= relative_tolerance * std::abs(next) ||
        hi - lo <= relative_tolerance * std::abs(hi))
      return next;
    x = next;
  }
  return x;
}

template <scalar W>
struct value_and_slope {
  W value;
  W slope;
};

template <scalar W>
class contact_oscillator {
 public:
  static constexpr std::size_t nodes = 16;
  using rule = gauss_jacobi_rule<W, nodes>;

  contact_oscillator(W exponent, W stiffness, W damping, W mass, W speed, bool no_tension) noexcept
      : zeta_(damping_ratio(damping, exponent)),
        omega_(std::sqrt(stiffness / mass)),
        speed_(speed),
        q_(W(2) / (exponent + W(1))),
        gamma_(q_ - W(1)),
        w_(std::sqrt(std::abs((W(1) - zeta_) * (W(1) + zeta_)))),
        peak_(peak_time(zeta_)),
        zero_(zeta_ < W(1) ? pi<W> / w_ : infinity<W>),
        end_(no_tension ? W(2) * peak_ : zero_) {
    const W amplitude = std::pow((exponent + W(1)) / W(2), W(1) / (exponent + W(1)));
    length_scale_ = amplitude * std::pow(speed / omega_, q_);
    time_scale_ = amplitude * q_ * std::pow(speed / omega_, gamma_) / omega_;
  }

  [[nodiscard]] W peak_phase() const noexcept { return peak_; }
  /// τ at which the contact ends (+∞ when it never does).
  [[nodiscard]] W end_phase() const noexcept { return end_; }
  [[nodiscard]] W max_overlap() const noexcept {
    return length_scale_ * std::exp(-q_ * zeta_ * peak_);  // x̂(τ_peak) = e^{−ζ g(ζ)}
  }
  /// δ and δ' at phase τ; gap = τ0 − τ when τ is near the zero τ0 of x̂.
  [[nodiscard]] W overlap(W tau, W gap) const noexcept {
    return length_scale_ * std::pow(x_hat(tau, gap), q_);
  }
  [[nodiscard]] W overlap(W tau) const noexcept { return overlap(tau, zero_ - tau); }
  [[nodiscard]] W rate(W tau, W gap) const noexcept {
    if (zeta_ < W(1)) {
      const bool near_zero = gap < tau;  // cos(wτ) = −cos(w gap), sin(wτ) = sin(w gap)
      const W cosine = near_zero ? -std::cos(w_ * gap) : std::cos(w_ * tau);
      const W sine = std::sin(w_ * (near_zero ? gap : tau));
      return speed_ * std::exp(-zeta_ * tau) * (cosine - zeta_ * sine / w_);
    }
    if (zeta_ > W(1)) {  // e^{−ζτ}(cosh wτ − ζ sinh(wτ)/w) without overflow or cancellation
      const W slow = std::exp(-tau / (zeta_ + w_)), fast = std::exp(-W(2) * w_ * tau);
      return speed_ * slow * (fast * (W(1) + zeta_ / w_) - W(1) / (w_ * (zeta_ + w_))) / W(2);
    }
    return speed_ * (W(1) - tau) * std::exp(-tau);
  }
  [[nodiscard]] W rate(W tau) const noexcept { return rate(tau, zero_ - tau); }

  /// Physical time t(τ) since first touch.
  [[nodiscard]] W time(W tau) const noexcept { return time_scale_ * integral(tau); }
  [[nodiscard]] W duration() const noexcept {
    return end_ < infinity<W> ? time(end_) : infinity<W>;
  }

  /// A point of the oscillator's trajectory: τ and gap = τ0 − τ (the latter
  /// exact near τ0, where x̂ ∝ gap).
  struct phase {
    W tau;
    W gap;
  };

  /// The phase at time t, 0 ≤ t ≤ duration(). Near first touch
  /// I(τ) = ∫_0^τ x̂^γ ≈ c τ^{1+γ}, near τ0 I = I(τ0) − c gap^{1+γ}: Newton's
  /// iteration runs on y = τ^{1+γ} (or gap^{1+γ}), in which I is smooth,
  /// with dI/dy = (x̂/τ)^γ/(1+γ) (or (x̂/gap)^γ/(1+γ)).
  [[nodiscard]] phase phase_at_time(W t) const noexcept {
    const W target = t / time_scale_;
    if (gamma_ == W(0)) return {target, zero_ - target};
    const W power = W(1) + gamma_, tolerance = W(32) * std::numeric_limits<W>::epsilon();
    const W middle = zero_ / W(2);  // +∞ unless ζ < 1
    const W at_middle = middle < end_ ? integral(middle) : infinity<W>;
    if (target <= at_middle) {
      W hi = std::min(end_, middle);
      if (!(hi < infinity<W>))
        for (hi = W(2) * peak_; integral(hi) < target;) hi *= W(2);
      const W y = solve_increasing(
          [&](W y) {
            const W tau = std::pow(y, W(1) / power);
            return value_and_slope<W>{
                integrate(W(0), tau, zero_ - tau, true, false) - target,
                std::pow(regular_part(tau, zero_ - tau, true, false), gamma_) / power};
          },
          W(0), std::pow(hi, power), std::pow(hi, power) * target / integral(hi), tolerance);
      const W tau = std::pow(y, W(1) / power);
      return {tau, zero_ - tau};
    }
    const W tail = full() - target;  // ∫ from τ to τ0
    const W y = solve_increasing(
        [&](W y) {
          const W gap = std::pow(y, W(1) / power);
          return value_and_slope<W>{
              integrate(zero_ - gap, gap, W(0), false, true) - tail,
              std::pow(regular_part(zero_ - gap, gap, false, true), gamma_) / power};
        },
        std::pow(zero_ - end_, power), std::pow(middle, power),
        std::pow(middle, power) * tail / (full() - at_middle), tolerance);
    const W gap = std::pow(y, W(1) / power);
    return {zero_ - gap, gap};
  }

  /// The overlap rate at overlap δ ∈ [0, δ_max] on the loading (v ≥ 0) or
  /// unloading branch; on a no-tension unloading branch below the overlap
  /// at which F returned to 0, the constant separation speed.
  [[nodiscard]] W rate_at_overlap(W delta, bool loading) const noexcept {
    const W target = std::pow(delta / length_scale_, W(1) / q_);  // x̂ wanted
    const W tolerance = W(4) * std::numeric_limits<W>::epsilon();
    if (loading) {
      const W tau = solve_increasing(
          [&](W t) {
            return value_and_slope<W>{x_hat(t, zero_ - t) - target, rate(t) / speed_};
          },
          W(0), peak_, peak_ / W(2), tolerance);
      return rate(tau);
    }
    if (end_ < zero_) {  // no tension: the force has returned to 0 at τ = end_
      if (target <= x_hat(end_, zero_ - end_)) return rate(end_);
      const W tau = solve_increasing(
          [&](W t) {
            return value_and_slope<W>{target - x_hat(t, zero_ - t), -rate(t) / speed_};
          },
          peak_, end_, (peak_ + end_) / W(2), tolerance);
      return rate(tau);
    }
    if (zeta_ < W(1)) {  // unclipped: unknown gap = τ0 − τ, x̂ increasing in it
      const W gap = solve_increasing(
          [&](W g) {
            return value_and_slope<W>{x_hat(zero_ - g, g) - target, -rate(zero_ - g, g) / speed_};
          },
          W(0), zero_ - peak_, (zero_ - peak_) / W(2), tolerance);
      return rate(zero_ - gap, gap);
    }
    W hi = W(2) * peak_;  // unclipped, overdamped: x̂ → 0 as τ → ∞
    while (x_hat(hi, infinity<W>) > target && hi < std::numeric_limits<W>::max() / W(4)) hi *= W(2);
    const W tau = solve_increasing(
        [&](W t) {
          return value_and_slope<W>{target - x_hat(t, infinity<W>), -rate(t) / speed_};
        },
        peak_, hi, (peak_ + hi) / W(2), tolerance);
    return rate(tau);
  }

 private:
  [[nodiscard]] W x_hat(W tau, W gap) const noexcept {
    return regular_part(tau, gap, false, false);
  }
  // x̂ / (τ^lower gap^upper), gap = τ0 − τ: the analytic part of the
  // integrand, without the 0/0 that dividing x̂ by a vanishing τ or gap
  // would give. For ζ < 1 the sine is taken at min(τ, gap); for ζ > 1,
  // e^{−ζτ} sinh(wτ)/w = e^{−τ/(ζ+w)} (1 − e^{−2wτ})/(2w) cannot overflow.
  [[nodiscard]] W regular_part(W tau, W gap, bool lower, bool upper) const noexcept {
    W r;
    if (zeta_ < W(1)) {
      const W at = std::min(tau, gap), z = w_ * at;
      r = std::exp(-zeta_ * tau) * (z == W(0) ? W(1) : std::sin(z) / z) * at;
    } else if (zeta_ > W(1)) {
      r = std::exp(-tau / (zeta_ + w_)) * -std::expm1(-W(2) * w_ * tau) / (W(2) * w_);
    } else {
      r = tau * std::exp(-tau);
    }
    if (lower) r /= tau;
    if (upper) r /= gap;
    return r;
  }

  // ∫ x̂^γ dτ over the panel [lo, lo + width] whose end lies hi_gap before
  // τ0 (passed, not recomputed, so that gaps near τ0 keep every digit);
  // lower: lo = 0, upper: hi_gap = 0, the singular ends in the weights.
  [[nodiscard]] W panel(W lo, W width, W hi_gap, bool lower, bool upper) const noexcept {
    const rule& r = lower && upper ? rule_both() : (lower || upper) ? rule_one_end() : rule_plain();
    const W half = width / W(2);
    W sum = W(0);
    for (std::size_t i = 0; i < nodes; ++i) {
      const W u = upper && !lower ? -r.nodes[i] : r.nodes[i];  // mirror (0, γ) into (γ, 0)
      const W tau = lo + half * (W(1) + u), gap = hi_gap + half * (W(1) - u);
      sum += r.weights[i] * std::pow(regular_part(tau, gap, lower, upper), gamma_);
    }
    return std::pow(half, W(1) + gamma_ * W(int(lower) + int(upper))) * sum;
  }
  // The panel split in two until both levels agree to 32 ulps.
  [[nodiscard]] W adaptive(W lo, W width, W hi_gap, bool lower, bool upper, W whole,
                           int depth) const noexcept {
    const W half = width / W(2);
    const W left = panel(lo, half, hi_gap + half, lower, false);
    const W right = panel(lo + half, half, hi_gap, false, upper);
    const W sum = left + right;
    if (depth >= 48 || --panel_budget_ <= 0 ||
        std::abs(sum - whole) <= W(32) * std::numeric_limits<W>::epsilon() * std::abs(sum))
      return sum;
    return adaptive(lo, half, hi_gap + half, lower, false, left, depth + 1) +
           adaptive(lo + half, half, hi_gap, false, upper, right, depth + 1);
  }
  [[nodiscard]] W integrate(W lo, W width, W hi_gap, bool lower, bool upper) const noexcept {
    if (!(width > W(0))) return W(0);
    panel_budget_ = 1024;
    return adaptive(lo, width, hi_gap, lower, upper, panel(lo, width, hi_gap, lower, upper), 0);
  }
  // ∫_0^τ0 x̂^γ dτ (ζ < 1), computed once.
  [[nodiscard]] W full() const noexcept {
    if (!full_) full_ = integrate(W(0), zero_, W(0), true, true);
    return *full_;
  }
  // ∫_0^τ x̂^γ dτ': from 0, or as the whole minus the tail to τ0 when τ
  // is nearer to τ0 (each piece then has at most one singular end).
  [[nodiscard]] W integral(W tau) const noexcept {
    if (gamma_ == W(0)) return std::max(tau, W(0));
    if (!(tau > W(0))) return W(0);
    if (tau < zero_ / W(2)) return integrate(W(0), tau, zero_ - tau, true, false);
    if (tau >= zero_) return full();
    return full() - integrate(tau, zero_ - tau, W(0), false, true);
  }
  [[nodiscard]] const rule& rule_both() const noexcept {
    if (!both_) both_ = make_gauss_jacobi_rule<nodes>(gamma_, gamma_);
    return *both_;
  }
  [[nodiscard]] const rule& rule_one_end() const noexcept {
    if (!one_end_) one_end_ = make_gauss_jacobi_rule<nodes>(W(0), gamma_);
    return *one_end_;
  }
  [[nodiscard]] const rule& rule_plain() const noexcept {
    if (!plain_) plain_ = make_gauss_jacobi_rule<nodes>(W(0), W(0));
    return *plain_;
  }

  W zeta_, omega_, speed_, q_, gamma_, w_, peak_, zero_, end_;
  W length_scale_ = W(0), time_scale_ = W(0);
  mutable std::optional<rule> both_, one_end_, plain_;
  mutable std::optional<W> full_;
  mutable int panel_budget_ = 0;
};

}  // namespace carom::detail
