// SPDX-License-Identifier: MIT
#pragma once
/// Adhesive normal contact laws (docs/dem.md, "Adhesion"): JKR (Johnson,
/// Kendall & Roberts 1971, Proc. R. Soc. Lond. A 324, 301) and DMT
/// (Derjaguin, Muller & Toporov 1975, J. Colloid Interface Sci. 53, 314),
/// for two elastic spheres of effective modulus E* (Pa), effective radius
/// R* (m) and work of adhesion γ (J/m², the energy per area it takes to
/// separate the surfaces; twice the surface energy of each surface when
/// they are alike).
///
/// JKR, with c = √(2πγ/E*) and a the radius of the contact area (m):
///   δ = a²/R* − c √a,     F_e = E* (4a³/(3R*) − 2c a^{3/2}),
/// repulsive positive. The tensile force peaks at the pull-off force
/// −(3/2)πγR* (a³ = a₀³/4); at rest without load a = a₀ = (9πγR*²/(2E*))^{1/3}
/// and δ₀ = a₀²/(3R*). The contact survives to negative δ: under imposed
/// separation it breaks where dδ/da = 0, at a = a₀/6^{2/3},
///   δ = −δ_c,   δ_c = a₀²/(2·6^{1/3}·R*),   F_e = −(5/6)πγR*
/// (Johnson, Contact Mechanics, 1985, §5.5; Maugis, Contact, Adhesion and
/// Rupture of Elastic Solids, 2000, §4). The overlap δ gives a by the root of
/// the quartic in s = √a, s⁴ − c R* s − R* δ = 0, in closed form (Ferrari):
/// m is the real root of m³ + R* δ m − c²R*²/8 = 0 (Cardano; one real root
/// for every δ ≥ −δ_c), and s = (√(2m) + √(c R* √(2/m) − 2m))/2.
///
/// DMT: F_e = (4/3) E* √R* δ^{3/2} − 2πγR* for δ > 0, no force apart; the
/// pull-off force is −2πγR*.
///
/// Energy (`energy(δ)`): the potential U(δ) = ∫ F_e dδ of the elastic and
/// adhesive force (damping excluded), counted from first touch, δ = 0 on the
/// loading branch, where the engine switches the force on. DMT:
///   U = (8/15) E* √R* δ^{5/2} − 2πγR* δ   (δ > 0; 0 apart).
/// JKR: along δ(a), dU/da = F_e dδ/da = E* (8a⁴/(3R*²) − (14/3)(c/R*) a^{5/2}
/// + c² a), so
///   U = E* (8a⁵/(15R*²) − (4/3)(c/R*) a^{7/2} + c²a²/2) + (3/5)πγa₁²,
/// where the first part vanishes at a = 0 (the unstable end of the curve,
/// the bodies just apart) and −(3/5)πγa₁² = −(3/10) E* c² a₁² is its value
/// at a₁ = (cR*)^{2/3}, the contact radius of the loading branch at δ = 0
/// (F_e = −(4/3)πγR* there): the constant makes U(0) = 0. At zero load
/// U(δ₀) = −(3/5)πγ(a₀² − a₁²) < 0, the energy that binds the contact; at
/// pull-off U(−δ_c) = πγa₁² (3/5 + 2^{-2/3}/10) ≈ 0.386 πγa₀² > 0, the
/// work done against the adhesion from δ = 0 to −δ_c. The contact then
/// breaks and the force drops to 0: that energy is lost, the hysteresis of
/// a JKR contact, once per touch and pull-off. With γ = 0 both give
/// Hertz's (8/15) E* √R* δ^{5/2}.
///
/// Both add the damping of carom::hertz written with the contact radius,
/// α √((4/3) E* a m) δ' (a = √(R* δ) for DMT, which is Hertz's
/// α √(m k) δ^{1/4} δ' exactly), and report the Hertz exponent 3/2 and
/// stiffness (4/3) E* √R* for time steps. A tangential spring caps its force
/// at μ |F_n + 2 F_pulloff| (carom::friction_load), so that a contact in
/// tension keeps its friction, as LAMMPS' pair granular does for jkr and dmt.

#include <cmath>
#include <concepts>

#include "carom/config.hpp"
#include "carom/contact/concepts.hpp"
#include "carom/core/error.hpp"
#include "carom/core/math.hpp"

namespace carom {

/// Parameters of carom::jkr and carom::dmt (SI units): E* > 0 (Pa),
/// R* > 0 (m), γ ≥ 0 (J/m²), α ≥ 0, all finite.
template <scalar T>
struct adhesion_params {
  T youngs_modulus = T(0);
  T effective_radius = T(0);
  T work_of_adhesion = T(0);
  T damping = T(0);
};

namespace detail {

/// p, after checking it (throws carom::invalid_input, naming the field).
template <scalar T>
const adhesion_params<T>& validated_adhesion(const char* name, const adhesion_params<T>& p) {
  const auto positive = [](T x) { return is_finite(x) && x > T(0); };
  const auto not_negative = [](T x) { return is_finite(x) && x >= T(0); };
  require(positive(p.youngs_modulus), name, ": youngs_modulus must be finite and > 0 (got ",
          p.youngs_modulus, ")");
  require(positive(p.effective_radius), name, ": effective_radius must be finite and > 0 (got ",
          p.effective_radius, ")");
  require(not_negative(p.work_of_adhesion), name,
          ": work_of_adhesion must be finite and >= 0 (got ", p.work_of_adhesion, ")");
  require(not_negative(p.damping), name, ": damping must be finite and >= 0 (got ", p.damping,
          ")");
  return p;
}

}  // namespace detail

/// The JKR law at one effective radius R*. The engine keeps a JKR contact
/// from first touch until δ < −pulloff_separation().
template <scalar T>
class jkr {
 public:
  using value_type = T;
  using convention = unclipped;

  /// Throws carom::invalid_input, naming the field, unless E*, R* are finite
  /// and > 0 and γ, α finite and ≥ 0.
  explicit jkr(const adhesion_params<T>& p)
      : modulus_(detail::validated_adhesion("carom::jkr", p).youngs_modulus),
        radius_(p.effective_radius),
        gamma_(p.work_of_adhesion),
        damping_(p.damping),
        c_(std::sqrt(T(2) * pi<T> * gamma_ / modulus_)),
        equilibrium_radius_(
            std::cbrt(T(9) * pi<T> * gamma_ * radius_ * radius_ / (T(2) * modulus_))),
        separation_(equilibrium_radius_ * equilibrium_radius_ /
                    (T(2) * std::cbrt(T(6)) * radius_)),
        length_(std::cbrt(c_ * radius_) * std::cbrt(c_ * radius_)),
        overlap_unit_(length_ * length_ / radius_) {}

  /// The contact radius a (m) at overlap δ ≥ −δ_c (the stable branch; the
  /// value at −δ_c for smaller δ). Hertz's √(R* δ) when γ = 0.
  [[nodiscard]] T contact_radius(T overlap) const noexcept {
    if (!(c_ > T(0))) return std::sqrt(radius_ * (overlap > T(0) ? overlap : T(0)));
    // In units of ℓ = (c R*)^{2/3}, a = ℓ x² and δ = (ℓ²/R*) Δ turn
    // δ = a²/R* − c√a into x⁴ − x = Δ, whose numbers stay near 1 for any
    // units (float keeps micrometre contacts in SI). Ferrari's resolvent
    // m³ + Δ m − 1/8 = 0 has one positive root for Δ ≥ −δ_c R*/ℓ² (where its
    // discriminant reaches 0), by Cardano m = u + w, u³ = 1/16 + √D,
    // w = −Δ/(3u); written as (u³ + w³)/(u² − uw + w²) = (1/8)/(u² + Δ/3 + w²)
    // it does not cancel when Δ ≫ 1 (weak adhesion, m → 1/(8Δ)).
    const T lowest = T(-0.75) / std::cbrt(T(4));  // Δ at −δ_c
    const T scaled = overlap / overlap_unit_;
    const T third = (scaled > lowest ? scaled : lowest) / T(3);
    const T discriminant = T(1) / T(256) + third * third * third;
    const T u = std::cbrt(T(1) / T(16) + std::sqrt(discriminant > T(0) ? discriminant : T(0)));
    const T w = third / u;  // −w
    const T m = T(0.125) / (u * u + third + w * w);
    const T inner = std::sqrt(T(2) / m) - T(2) * m;
    const T x = (std::sqrt(T(2) * m) + std::sqrt(inner > T(0) ? inner : T(0))) / T(2);
    return length_ * x * x;
  }

  /// The elastic and adhesive force F_e (N) of contact radius a.
  [[nodiscard]] T force_at_radius(T a) const noexcept {
    const T a32 = a * std::sqrt(a);
    return modulus_ * (T(4) * a32 * a32 / (T(3) * radius_) - T(2) * c_ * a32);
  }

  /// The normal force (N) at overlap δ ≥ −δ_c, rate δ', effective mass m:
  /// F_e(a(δ)) + α √((4/3) E* a m) δ'.
  [[nodiscard]] T force(T overlap, T overlap_rate, T effective_mass) const noexcept {
    const T a = contact_radius(overlap);
    return force_at_radius(a) +
           damping_ * std::sqrt(T(4) / T(3) * modulus_ * a * effective_mass) * overlap_rate;
  }

  /// The potential U (J) of F_e at overlap δ ≥ −δ_c (the value at −δ_c for
  /// smaller δ), 0 at δ = 0 (file comment): E* (8a⁵/(15R*²) −
  /// (4/3)(c/R*) a^{7/2} + c²a²/2) + (3/5)πγa₁² at a = a(δ), a₁ = (cR*)^{2/3}.
  [[nodiscard]] T energy(T overlap) const noexcept {
    const T a = contact_radius(overlap);
    if (!(c_ > T(0))) return T(8) / T(15) * modulus_ * a * a * a * a * a / (radius_ * radius_);
    // In units of ℓ = a₁ (a₁³ = c²R*²), a = ℓ t:
    // U = E* c² ℓ² (8t⁵/15 − 4t^{7/2}/3 + t²/2 + 3/10).
    const T t = a / length_;
    const T polynomial =
        t * t * (T(8) / T(15) * t * t * t - T(4) / T(3) * t * std::sqrt(t) + T(0.5)) + T(0.3);
    return modulus_ * c_ * c_ * length_ * length_ * polynomial;
  }

  /// (3/2) π γ R* (N): the largest tensile force.
  [[nodiscard]] T pulloff_force() const noexcept { return T(1.5) * pi<T> * gamma_ * radius_; }
  /// δ_c = a₀²/(2·6^{1/3}·R*) (m): the contact ends at δ < −δ_c.
  [[nodiscard]] T pulloff_separation() const noexcept { return separation_; }
  /// a₀ = (9πγR*²/(2E*))^{1/3} (m), the contact radius at zero load.
  [[nodiscard]] T equilibrium_contact_radius() const noexcept { return equilibrium_radius_; }
  /// δ₀ = a₀²/(3R*) (m), the overlap at zero load.
  [[nodiscard]] T equilibrium_overlap() const noexcept {
    return equilibrium_radius_ * equilibrium_radius_ / (T(3) * radius_);
  }

  [[nodiscard]] static constexpr T exponent() noexcept { return T(1.5); }
  [[nodiscard]] T stiffness() const noexcept {
    return T(4) / T(3) * modulus_ * std::sqrt(radius_);
  }
  [[nodiscard]] constexpr T damping() const noexcept { return damping_; }
  [[nodiscard]] constexpr T youngs_modulus() const noexcept { return modulus_; }
  [[nodiscard]] constexpr T effective_radius() const noexcept { return radius_; }
  [[nodiscard]] constexpr T work_of_adhesion() const noexcept { return gamma_; }

 private:
  T modulus_;
  T radius_;
  T gamma_;
  T damping_;
  T c_;                   // √(2πγ/E*)
  T equilibrium_radius_;  // a₀
  T separation_;          // δ_c
  T length_;              // ℓ = (c R*)^{2/3}, the unit of contact_radius()
  T overlap_unit_;        // ℓ²/R*
};

/// The DMT law at one effective radius R*: Hertz minus the constant
/// adhesion 2πγR* while the spheres overlap.
template <scalar T>
class dmt {
 public:
  using value_type = T;
  using convention = unclipped;

  /// Throws carom::invalid_input as carom::jkr.
  explicit dmt(const adhesion_params<T>& p)
      : modulus_(detail::validated_adhesion("carom::dmt", p).youngs_modulus),
        radius_(p.effective_radius),
        gamma_(p.work_of_adhesion),
        damping_(p.damping) {}

  /// √(R* δ) (m), δ ≥ 0.
  [[nodiscard]] T contact_radius(T overlap) const noexcept { return std::sqrt(radius_ * overlap); }

  /// The normal force (N) at overlap δ ≥ 0, rate δ', effective mass m:
  /// (4/3) E* √R* δ^{3/2} − 2πγR* + α √((4/3) E* a m) δ'.
  [[nodiscard]] T force(T overlap, T overlap_rate, T effective_mass) const noexcept {
    CAROM_ASSERT(overlap >= T(0));
    const T a = std::sqrt(radius_ * overlap);
    return T(4) / T(3) * modulus_ * a * overlap - pulloff_force() +
           damping_ * std::sqrt(T(4) / T(3) * modulus_ * a * effective_mass) * overlap_rate;
  }

  /// The potential U (J) of the elastic and adhesive force at overlap δ:
  /// (8/15) E* √R* δ^{5/2} − 2πγR* δ for δ > 0, 0 apart (file comment).
  [[nodiscard]] T energy(T overlap) const noexcept {
    if (!(overlap > T(0))) return T(0);
    const T a = std::sqrt(radius_ * overlap);
    return overlap * (T(8) / T(15) * modulus_ * a * overlap - pulloff_force());
  }

  /// 2 π γ R* (N).
  [[nodiscard]] T pulloff_force() const noexcept { return T(2) * pi<T> * gamma_ * radius_; }
  /// 0: a DMT contact ends at δ = 0.
  [[nodiscard]] static constexpr T pulloff_separation() noexcept { return T(0); }
  /// The overlap at zero load, (3πγ√R*/(2E*))^{2/3} (m).
  [[nodiscard]] T equilibrium_overlap() const noexcept {
    const T root = T(3) * pi<T> * gamma_ * std::sqrt(radius_) / (T(2) * modulus_);
    return std::cbrt(root * root);
  }

  [[nodiscard]] static constexpr T exponent() noexcept { return T(1.5); }
  [[nodiscard]] T stiffness() const noexcept {
    return T(4) / T(3) * modulus_ * std::sqrt(radius_);
  }
  [[nodiscard]] constexpr T damping() const noexcept { return damping_; }
  [[nodiscard]] constexpr T youngs_modulus() const noexcept { return modulus_; }
  [[nodiscard]] constexpr T effective_radius() const noexcept { return radius_; }
  [[nodiscard]] constexpr T work_of_adhesion() const noexcept { return gamma_; }

 private:
  T modulus_;
  T radius_;
  T gamma_;
  T damping_;
};

/// A contact law with a pull-off force (carom::jkr, carom::dmt): its
/// `pulloff_force()` F_po ≥ 0 (N) raises the friction limit to
/// μ |F_n + 2 F_po|, its `pulloff_separation()` δ_c ≥ 0 (m) keeps a
/// contact that touched until δ < −δ_c, and its `energy(δ)` (J), the
/// potential of its force without damping, 0 at first touch, is what
/// carom::dem::elastic_energy() sums.
template <class L, class T>
concept adhesive_contact_law = contact_law<L, T> && requires(const L& law, T overlap) {
  { law.pulloff_force() } noexcept -> std::same_as<T>;
  { law.pulloff_separation() } noexcept -> std::same_as<T>;
  { law.contact_radius(overlap) } noexcept -> std::same_as<T>;
  { law.energy(overlap) } noexcept -> std::same_as<T>;
};

/// An adhesive law whose contacts outlast δ = 0 (carom::jkr): its
/// `pulloff_separation()` is not the compile-time 0 of carom::dmt, so an
/// engine keeps, for each pair, whether it is attached (it touched, δ > 0,
/// and has not yet come apart beyond δ_c) and feeds the law δ ∈ [−δ_c, 0]
/// while it is.
template <class L, class T>
concept hysteretic_contact_law =
    adhesive_contact_law<L, T> && !requires { requires L::pulloff_separation() == T(0); };

/// The normal load of the Coulomb limit of a contact of normal force F_n
/// (N) under a law scaled by s: F_n for a law without adhesion (the cap
/// clips it at 0), |F_n + 2 s F_po| for an adhesive one.
template <scalar T, class Law>
[[nodiscard]] CAROM_ALWAYS_INLINE constexpr T friction_load(
    const Law& law, T normal_force, [[maybe_unused]] T stiffness_scale) noexcept {
  if constexpr (adhesive_contact_law<Law, T>) {
    const T load = normal_force + T(2) * stiffness_scale * law.pulloff_force();
    return load < T(0) ? -load : load;
  } else {
    return normal_force;
  }
}

static_assert(contact_law<jkr<double>, double> && contact_law<dmt<float>, float>);
static_assert(adhesive_contact_law<jkr<float>, float> && adhesive_contact_law<dmt<double>, double>);
static_assert(hysteretic_contact_law<jkr<float>, float> && !hysteretic_contact_law<dmt<double>, double>);

}  // namespace carom
