// SPDX-License-Identifier: MIT
// Microbenchmarks of the power-law contact forces (items = contacts) and of
// the calibration and observable functions (items = calls).
//
// force/<mode>/<scalar>/<law>/carom  carom's functor
// force/<mode>/<scalar>/<law>/raw    the same arithmetic written by hand
// mode scalar: one contact per iteration, inputs hidden from the optimiser;
// mode batch: 4096 contacts in structure-of-arrays form per iteration.
// law: runtime_p1, runtime_p1.5, runtime_p2 (carom::power_law, std::pow)
// against linear, hertz, cone (compile-time p: products and sqrt).
//
//   build/release/benchmarks/bench_contact_laws --benchmark_repetitions=5
//       --benchmark_report_aggregates_only=true      (one command line)
#include <benchmark/benchmark.h>

#include <carom/contact/calibration.hpp>
#include <carom/contact/observables.hpp>
#include <carom/contact/power_law.hpp>

#include <cmath>
#include <cstddef>
#include <random>
#include <string>
#include <vector>

namespace {

constexpr std::size_t batch_size = 4096;

template <class T>
struct contact_batch {  // structure of arrays
  std::vector<T> overlap, rate, mass, force;
};

template <class T>
contact_batch<T> make_batch() {
  std::mt19937_64 engine(42);
  std::uniform_real_distribution<double> unit(0, 1);
  contact_batch<T> b;
  for (std::size_t i = 0; i < batch_size; ++i) {
    b.overlap.push_back(T(1e-6 * std::pow(1e3, unit(engine))));
    b.rate.push_back(T(2 * unit(engine) - 1));
    b.mass.push_back(T(1e-3 * (1 + 9 * unit(engine))));
  }
  b.force.assign(batch_size, T(0));
  return b;
}

// The law under test with its hand-written twin: stiffness k = 1e6 and
// α = 0.3. The raw kernels get k, c = α √k and, for the run-time laws,
// h = (p − 1)/2 as run-time values (laundered through DoNotOptimize), so
// that the compiler cannot fold std::pow(d, 0) or specialise on p.
template <class T>
constexpr T stiffness = T(1e6);
template <class T>
constexpr T alpha = T(0.3);

template <class T>
struct raw_coefficients {
  T k, c, h;
};

template <class T>
raw_coefficients<T> coefficients(T exponent) {
  raw_coefficients<T> r{stiffness<T>, alpha<T> * std::sqrt(stiffness<T>), (exponent - 1) / 2};
  benchmark::DoNotOptimize(r);
  return r;
}

template <class T, int N, int D>
struct fixed_law {
  static constexpr T exponent = T(N) / T(D);
  static carom::fixed_power_law<T, N, D> make() {
    return carom::fixed_power_law<T, N, D>({stiffness<T>, alpha<T>});
  }
  static T raw(T d, T v, T m, const raw_coefficients<T>& r) {
    if constexpr (N == 1 && D == 1) return r.k * d + r.c * std::sqrt(m) * v;
    if constexpr (N == 3 && D == 2) {
      const T s = std::sqrt(d);
      return r.k * d * s + r.c * std::sqrt(m * s) * v;
    }
    if constexpr (N == 2 && D == 1) return r.k * d * d + r.c * std::sqrt(m * d) * v;
  }
};

template <class T, int N, int D>
struct runtime_law {
  static constexpr T exponent = T(N) / T(D);
  static carom::power_law<T> make() {
    return carom::power_law<T>({exponent, stiffness<T>, alpha<T>});
  }
  static T raw(T d, T v, T m, const raw_coefficients<T>& r) {
    const T root = std::pow(d, r.h);
    return r.k * d * root * root + r.c * std::sqrt(m) * root * v;
  }
};

// The formula as first written: two pows (k δ^p and δ^{(p−1)/2}). Not a
// carom law; shows what carom::power_law's single pow saves.
template <class T, int N, int D>
struct two_pow_law : runtime_law<T, N, D> {
  static T raw(T d, T v, T m, const raw_coefficients<T>& r) {
    return r.k * std::pow(d, 2 * r.h + 1) + r.c * std::sqrt(m) * std::pow(d, r.h) * v;
  }
};

template <class T, class Law>
void force_scalar(benchmark::State& state) {
  const auto law = Law::make();
  T d = T(3e-5), v = T(0.4), m = T(2e-3);
  for (auto _ : state) {
    benchmark::DoNotOptimize(d);
    benchmark::DoNotOptimize(v);
    benchmark::DoNotOptimize(m);
    T f = law.force(d, v, m);
    benchmark::DoNotOptimize(f);
  }
  state.SetItemsProcessed(state.iterations());
}

template <class T, class Law>
void force_scalar_raw(benchmark::State& state) {
  const auto c = coefficients(Law::exponent);
  T d = T(3e-5), v = T(0.4), m = T(2e-3);
  for (auto _ : state) {
    benchmark::DoNotOptimize(d);
    benchmark::DoNotOptimize(v);
    benchmark::DoNotOptimize(m);
    T f = Law::raw(d, v, m, c);
    benchmark::DoNotOptimize(f);
  }
  state.SetItemsProcessed(state.iterations());
}

template <class T, class Law>
void force_batch(benchmark::State& state) {
  const auto law = Law::make();
  auto b = make_batch<T>();
  for (auto _ : state) {
    for (std::size_t i = 0; i < batch_size; ++i)
      b.force[i] = law.force(b.overlap[i], b.rate[i], b.mass[i]);
    benchmark::DoNotOptimize(b.force.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * std::int64_t(batch_size));
}

template <class T, class Law>
void force_batch_raw(benchmark::State& state) {
  const auto c = coefficients(Law::exponent);
  auto b = make_batch<T>();
  for (auto _ : state) {
    for (std::size_t i = 0; i < batch_size; ++i)
      b.force[i] = Law::raw(b.overlap[i], b.rate[i], b.mass[i], c);
    benchmark::DoNotOptimize(b.force.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * std::int64_t(batch_size));
}

template <class T, class Law>
void register_law(const std::string& scalar, const std::string& name) {
  benchmark::RegisterBenchmark(("force/scalar/" + scalar + "/" + name + "/carom").c_str(),
                               force_scalar<T, Law>);
  benchmark::RegisterBenchmark(("force/scalar/" + scalar + "/" + name + "/raw").c_str(),
                               force_scalar_raw<T, Law>);
  benchmark::RegisterBenchmark(("force/batch/" + scalar + "/" + name + "/carom").c_str(),
                               force_batch<T, Law>);
  benchmark::RegisterBenchmark(("force/batch/" + scalar + "/" + name + "/raw").c_str(),
                               force_batch_raw<T, Law>);
}

template <class T>
void register_laws(const std::string& scalar) {
  register_law<T, runtime_law<T, 1, 1>>(scalar, "runtime_p1");
  register_law<T, fixed_law<T, 1, 1>>(scalar, "linear");
  register_law<T, runtime_law<T, 3, 2>>(scalar, "runtime_p1.5");
  register_law<T, fixed_law<T, 3, 2>>(scalar, "hertz");
  register_law<T, runtime_law<T, 2, 1>>(scalar, "runtime_p2");
  register_law<T, fixed_law<T, 2, 1>>(scalar, "cone");
  benchmark::RegisterBenchmark(("force/batch/" + scalar + "/runtime_p1.5/raw_two_pow").c_str(),
                               force_batch_raw<T, two_pow_law<T, 3, 2>>);
}

template <class T, class Convention>
void damping_for_restitution(benchmark::State& state) {
  T e = T(0.37), p = T(1.5);
  for (auto _ : state) {
    benchmark::DoNotOptimize(e);
    benchmark::DoNotOptimize(p);
    T alpha = carom::damping_for_restitution(e, p, Convention{});
    benchmark::DoNotOptimize(alpha);
  }
  state.SetItemsProcessed(state.iterations());
}

template <class Law>
void contact_duration(benchmark::State& state, Law law) {
  double m = 2e-3, v0 = 0.8;
  for (auto _ : state) {
    benchmark::DoNotOptimize(m);
    benchmark::DoNotOptimize(v0);
    double duration = carom::contact_duration(law, m, v0);
    benchmark::DoNotOptimize(duration);
  }
  state.SetItemsProcessed(state.iterations());
}

[[maybe_unused]] const bool registered = [] {
  register_laws<float>("float");
  register_laws<double>("double");
  benchmark::RegisterBenchmark("damping_for_restitution/double/unclipped",
                               damping_for_restitution<double, carom::unclipped>);
  benchmark::RegisterBenchmark("damping_for_restitution/double/no_tension",
                               damping_for_restitution<double, carom::no_tension>);
  benchmark::RegisterBenchmark("damping_for_restitution/float/no_tension",
                               damping_for_restitution<float, carom::no_tension>);
  benchmark::RegisterBenchmark("contact_duration/double/linear",
                               contact_duration<carom::linear_spring_dashpot<double>>,
                               carom::linear_spring_dashpot<double>::from_restitution(1e6, 0.6));
  benchmark::RegisterBenchmark("contact_duration/double/hertz/unclipped",
                               contact_duration<carom::hertz<double>>,
                               carom::hertz<double>::from_restitution(1e6, 0.6));
  benchmark::RegisterBenchmark("contact_duration/double/hertz/no_tension",
                               contact_duration<carom::hertz<double, carom::no_tension>>,
                               carom::hertz<double, carom::no_tension>::from_restitution(1e6, 0.6));
  return true;
}();

}  // namespace
