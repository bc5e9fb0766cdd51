// SPDX-License-Identifier: MIT
#include <carom/io/lammps_dump.hpp>

#include <bit>
#include <catch2/catch.hpp>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>

#include "support.hpp"

namespace {

/// Same bits (tells −0 from 0, and every NaN-free value apart).
template <class T>
bool same_bits(T a, T b) {
  using bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
  static_assert(sizeof(bits) == sizeof(T));
  return std::bit_cast<bits>(a) == std::bit_cast<bits>(b);
}

/// Awkward values for T: 0.1, −0, the smallest subnormal and a larger one,
/// the smallest normal, the largest finite value, 1e-300 (double only).
template <class T>
std::vector<T> awkward() {
  using limits = std::numeric_limits<T>;
  std::vector<T> values{T(0.1),           T(-0.0),           limits::denorm_min(),
                        limits::min() / T(3), limits::min(), T(1) / T(3),
                        -limits::max(),     limits::epsilon(), T(123456.789)};
  if constexpr (std::is_same_v<T, double>) values.push_back(1e-300);
  return values;
}

/// Particles whose coordinates, velocities and angular velocities run
/// through awkward(), with radii and masses of awkward but valid (> 0)
/// values.
template <class T, std::size_t D>
carom::particles<T, D> awkward_particles() {
  const auto values = awkward<T>();
  carom::particles<T, D> ps;
  for (std::size_t i = 0; i < 3 * values.size(); ++i) {
    carom::particle_params<T, D> p;
    for (std::size_t a = 0; a < D; ++a) {
      p.position[a] = values[(i + a) % values.size()];
      p.velocity[a] = values[(i + 2 * a + 1) % values.size()];
    }
    if constexpr (D == 2) {
      p.angular_velocity = values[(i + 5) % values.size()];
    } else {
      for (std::size_t a = 0; a < 3; ++a) p.angular_velocity[a] = values[(i + 3 * a + 5) % values.size()];
    }
    p.radius = i % 3 == 0 ? T(0.1) : carom_test::uniform(T(0.01), T(2));
    p.mass = i % 4 == 0 ? std::numeric_limits<T>::denorm_min() : carom_test::uniform(T(0.5), T(3));
    ps.add(p);
  }
  return ps;
}

/// The components of an angular velocity: {ω} in 2D, {ωx, ωy, ωz} in 3D.
template <class T, std::size_t D>
std::vector<T> components(const carom::angular<T, D>& w) {
  if constexpr (D == 2) return {w};
  else return {w[0], w[1], w[2]};
}

/// Same ids, positions, velocities and radii, bit for bit; also the same
/// masses (and inverse inertias, which follow from mass and radius) when
/// `masses`, and the same angular velocities when `spins` (else b's are 0).
template <class T, std::size_t D>
void require_identical(const carom::particles<T, D>& a, const carom::particles<T, D>& b,
                       bool masses, bool spins = false) {
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a.ids()[i] == b.ids()[i]);
    for (std::size_t d = 0; d < D; ++d) {
      CHECK(same_bits(a.positions()[i][d], b.positions()[i][d]));
      CHECK(same_bits(a.velocities()[i][d], b.velocities()[i][d]));
    }
    CHECK(same_bits(a.radii()[i], b.radii()[i]));
    if (masses) {
      CHECK(same_bits(a.masses()[i], b.masses()[i]));
      CHECK(same_bits(a.inverse_inertias()[i], b.inverse_inertias()[i]));
    }
    const auto wa = components<T, D>(a.angular_velocities()[i]);
    const auto wb = components<T, D>(b.angular_velocities()[i]);
    for (std::size_t c = 0; c < wa.size(); ++c)
      CHECK(same_bits(spins ? wa[c] : T(0), wb[c]));
  }
}

template <class T, std::size_t D>
carom::box<T, D> mixed_box() {
  carom::vec<T, D> lower{}, upper{};
  std::array<carom::boundary, D> kinds{};
  for (std::size_t a = 0; a < D; ++a) {
    lower[a] = -std::numeric_limits<T>::max() / T(4) + T(a);
    upper[a] = T(0.1) * T(a + 1);
    kinds[a] = a % 2 == 0 ? carom::boundary::periodic : carom::boundary::wall;
  }
  return {lower, upper, kinds};
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("LAMMPS dump: written frames read back bit for bit",
                        "[io][lammps_dump]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const auto ps = awkward_particles<T, D>();
  const auto container = mixed_box<T, D>();
  // The defaults (mass and angular velocity, what a restart needs), then
  // each left out.
  for (const carom::lammps_dump_params params :
       {carom::lammps_dump_params{}, carom::lammps_dump_params{.mass = false},
        carom::lammps_dump_params{.angular_velocity = false},
        carom::lammps_dump_params{.mass = false, .angular_velocity = false}}) {
    const bool masses = params.mass;
    std::stringstream stream;
    carom::lammps_dump_writer<T, D> writer(stream, params);
    writer.write(container, ps, 0, 0.1);
    writer.write(container, ps, 1234567890123, std::nullopt);
    CHECK(writer.frames() == 2);
    for (int k = 0; k < 2; ++k) {
      const auto frame = carom::read_lammps_frame<T, D>(stream, {.default_mass = T(7)});
      REQUIRE(frame.has_value());
      CHECK(frame->timestep == (k == 0 ? 0 : 1234567890123));
      CHECK(frame->time.has_value() == (k == 0));
      if (k == 0) CHECK(same_bits(*frame->time, 0.1));
      for (std::size_t a = 0; a < D; ++a) {
        CHECK(same_bits(frame->lower[a], container.lower()[a]));
        CHECK(same_bits(frame->upper[a], container.upper()[a]));
        CHECK(frame->boundaries[a] == container.boundary_of(a));
      }
      require_identical(ps, frame->particles, masses, params.angular_velocity);
      if (!masses)
        for (const T m : frame->particles.masses()) CHECK(m == T(7));
      for (std::size_t i = 0; i < ps.size(); ++i)
        CHECK(frame->file_ids[i] == std::int64_t(i) + 1);
      CHECK(frame->container().volume() == container.volume());
    }
    CHECK_FALSE((carom::read_lammps_frame<T, D>(stream).has_value()));
  }
}

TEMPLATE_LIST_TEST_CASE("LAMMPS dump: the layout LAMMPS and OVITO read", "[io][lammps_dump]",
                        carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  carom::particles<T, D> ps;
  carom::vec<T, D> x{}, v{};
  for (std::size_t a = 0; a < D; ++a) x[a] = v[a] = T(a + 1) / T(2);
  carom::angular<T, D> w{};
  if constexpr (D == 2) w = T(0.25);
  else w = {T(0.25), T(-1), T(3)};
  ps.add({.position = x, .velocity = v, .radius = T(0.5), .mass = T(2), .angular_velocity = w});
  const auto container = carom::box<T, D>::cube(T(4), carom::boundary::wall);
  const std::string head =
      D == 3 ? "ITEM: TIMESTEP\n3\nITEM: NUMBER OF ATOMS\n1\nITEM: BOX BOUNDS ff ff ff\n"
               "0 4\n0 4\n0 4\nITEM: ATOMS id type x y z vx vy vz radius"
             : "ITEM: TIMESTEP\n3\nITEM: NUMBER OF ATOMS\n1\nITEM: BOX BOUNDS ff ff pp\n"
               "0 4\n0 4\n-0.5 0.5\nITEM: ATOMS id type x y z vx vy vz radius";
  const std::string atom = D == 3 ? "1 1 0.5 1 1.5 0.5 1 1.5 0.5" : "1 1 0.5 1 0 0.5 1 0 0.5";
  // 2D: omegax omegay are 0, as LAMMPS writes a 2D run with atom_style sphere.
  const std::string omega = D == 3 ? " 0.25 -1 3" : " 0 0 0.25";
  auto written = [&](carom::lammps_dump_params params) {
    std::ostringstream out;
    carom::write_lammps_dump(out, container, ps, 3, std::nullopt, params);
    return out.str();
  };
  std::ostringstream defaults;
  carom::write_lammps_dump(defaults, container, ps, 3);
  CHECK(defaults.str() == head + " mass omegax omegay omegaz\n" + atom + " 2" + omega + "\n");
  CHECK(written({.mass = false}) == head + " omegax omegay omegaz\n" + atom + omega + "\n");
  CHECK(written({.angular_velocity = false}) == head + " mass\n" + atom + " 2\n");
  CHECK(written({.mass = false, .angular_velocity = false}) == head + "\n" + atom + "\n");
}

TEST_CASE("LAMMPS dump: columns in any order, atoms unsorted, extra columns ignored",
          "[io][lammps_dump]") {
  std::istringstream in(
      "\n"
      "ITEM: TIMESTEP\n"
      "+42\n"
      "ITEM: NUMBER OF ATOMS\n"
      "3\n"
      "ITEM: BOX BOUNDS pp fs pp\n"
      "0 10\n"
      "-1 9\n"
      "-0.5 0.5\n"
      "ITEM: ATOMS radius vy c_extra mass vx y id x type\n"
      "0.5 2 99 3 1 5 30 4 2\n"
      "0.25 -2 99 1.5 -1 6 10 7 1\r\n"
      "1 0 0 2 0 1.5 20 5 1\n");
  const auto frame = carom::read_lammps_dump<double, 2>(in);
  CHECK(frame.timestep == 42);
  CHECK(frame.boundaries[0] == carom::boundary::periodic);
  CHECK(frame.boundaries[1] == carom::boundary::wall);
  CHECK(frame.lower[1] == -1.0);
  REQUIRE(frame.particles.size() == 3);
  CHECK(frame.file_ids == std::vector<std::int64_t>{10, 20, 30});
  CHECK(frame.particles.positions()[0] == carom::vec<double, 2>{7, 6});
  CHECK(frame.particles.velocities()[0] == carom::vec<double, 2>{-1, -2});
  CHECK(frame.particles.radii()[0] == 0.25);
  CHECK(frame.particles.masses()[0] == 1.5);
  CHECK(frame.particles.positions()[2] == carom::vec<double, 2>{4, 5});
  CHECK(frame.particles.masses()[2] == 3.0);
  for (const double w : frame.particles.angular_velocities()) CHECK(w == 0.0);  // no omega columns
}

TEST_CASE("LAMMPS dump: angular velocity from omegax omegay omegaz", "[io][lammps_dump]") {
  const std::string frame_3d =
      "ITEM: TIMESTEP\n0\nITEM: NUMBER OF ATOMS\n2\nITEM: BOX BOUNDS pp pp pp\n"
      "0 10\n0 10\n0 10\nITEM: ATOMS omegaz id type x y z vx omegax vy vz radius omegay\n"
      "3 1 1 1 1 1 0 -1 0 0 0.5 2\n-0.5 2 1 3 3 3 0 0.25 0 0 0.5 0\n";
  auto read_3d = [](const std::string& text) {
    std::istringstream in(text);
    return carom::read_lammps_dump<double, 3>(in);
  };
  auto replaced = [](std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
  };
  SECTION("3D: the three columns, in any order") {
    const auto frame = read_3d(frame_3d);
    REQUIRE(frame.particles.size() == 2);
    CHECK(frame.particles.angular_velocities()[0] == carom::vec<double, 3>{-1, 2, 3});
    CHECK(frame.particles.angular_velocities()[1] == carom::vec<double, 3>{0.25, 0, -0.5});
    // The moment of inertia of a restarted particle is the solid sphere's.
    CHECK(frame.particles.inverse_inertias()[0] == 1 / carom::solid_moment_of_inertia<3>(1.0, 0.5));
  }
  SECTION("3D: none of them gives 0") {
    const auto frame = read_3d(
        replaced(replaced(replaced(frame_3d, "omegaz id", "w id"), "vx omegax", "vx ox"),
                 "radius omegay", "radius oy"));
    for (const auto& w : frame.particles.angular_velocities()) CHECK(w == carom::vec<double, 3>{});
  }
  SECTION("3D: some but not all is rejected, naming the missing column") {
    CHECK_THROWS_WITH(read_3d(replaced(frame_3d, "omegaz id", "c_w id")),
                      Catch::Contains("line 9, field ATOMS: no 'omegaz' column"));
    CHECK_THROWS_WITH(read_3d(replaced(frame_3d, "vx omegax", "vx c_w")),
                      Catch::Contains("no 'omegax' column"));
    CHECK_THROWS_AS(read_3d(replaced(frame_3d, "radius omegay", "radius c_w")),
                    carom::invalid_input);
  }
  SECTION("3D: malformed values name the line and field") {
    CHECK_THROWS_WITH(read_3d(replaced(frame_3d, "0.5 0\n", "0.5 O\n")),
                      Catch::Contains("line 11, field omegay: 'O' is not a number"));
    CHECK_THROWS_WITH(read_3d(replaced(frame_3d, "-0.5 2", "inf 2")),
                      Catch::Contains("line 11 (id 2)") && Catch::Contains("angular velocity"));
  }
  SECTION("2D: omegaz is ω, omegax and omegay are ignored") {
    for (const std::string columns : {"omegax omegay omegaz", "omegaz c_a c_b", "omegay omegax omegaz"}) {
      std::istringstream in(
          "ITEM: TIMESTEP\n0\nITEM: NUMBER OF ATOMS\n1\nITEM: BOX BOUNDS pp pp pp\n"
          "0 10\n0 10\n-0.5 0.5\nITEM: ATOMS id type x y z vx vy vz radius " +
          columns + "\n1 1 1 1 0 0 0 0 0.5 " + (columns[5] == 'z' ? "-2.5 7 8\n" : "7 8 -2.5\n"));
      const auto frame = carom::read_lammps_dump<double, 2>(in);
      CHECK(frame.particles.angular_velocities()[0] == -2.5);
      CHECK(frame.particles.inverse_inertias()[0] == 1 / carom::solid_moment_of_inertia<2>(1.0, 0.5));
    }
    std::istringstream no_omegaz(
        "ITEM: TIMESTEP\n0\nITEM: NUMBER OF ATOMS\n1\nITEM: BOX BOUNDS pp pp pp\n"
        "0 10\n0 10\n-0.5 0.5\nITEM: ATOMS id type x y z vx vy vz radius omegax omegay\n"
        "1 1 1 1 0 0 0 0 0.5 7 8\n");
    CHECK(carom::read_lammps_dump<double, 2>(no_omegaz).particles.angular_velocities()[0] == 0.0);
  }
}

TEST_CASE("LAMMPS dump: malformed input names the line and the field", "[io][lammps_dump]") {
  const std::string good =
      "ITEM: TIMESTEP\n0\nITEM: NUMBER OF ATOMS\n2\nITEM: BOX BOUNDS pp pp pp\n"
      "0 10\n0 10\n0 10\nITEM: ATOMS id type x y z vx vy vz radius\n"
      "1 1 1 1 1 0 0 0 0.5\n2 1 3 3 3 0 0 0 0.5\n";
  {
    std::istringstream in(good);
    CHECK((carom::read_lammps_dump<float, 3>(in).particles.size() == 2));
  }
  auto fails_with = [&](const std::string& from, const std::string& to, const std::string& message) {
    std::string text = good;
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
    std::istringstream in(text);
    CHECK_THROWS_WITH((carom::read_lammps_dump<double, 3>(in)), Catch::Contains(message));
  };
  fails_with("TIMESTEP\n0", "TIMESTEP\nzero", "line 2, field timestep: 'zero' is not a number");
  fails_with("ATOMS\n2", "ATOMS\n3", "line 12: expected atom, found the end of the input");
  fails_with("pp pp pp", "pp pf pp", "line 5, field BOX BOUNDS: 'pf' is not a boundary code");
  fails_with("pp pp pp", "pp pp pp xy xz yz", "triclinic");
  fails_with("0 10\n0 10\n0 10", "0 10\n0 10 1\n0 10", "line 7, field y bounds: expected 2");
  fails_with("vx vy vz", "vx vz", "no 'vy' column");
  fails_with("2 1 3 3 3 0 0 0 0.5", "2 1 3 3 3 0 0x1 0 0.5", "line 11, field vy: '0x1'");
  fails_with("2 1 3 3 3 0 0 0 0.5", "2 1 3 3 3 0 0 0 -0.5", "line 11 (id 2)");
  fails_with("2 1 3 3 3 0 0 0 0.5", "2 1 3 3 3 0 0 0 1e999", "field radius: '1e999' is out of range");
  fails_with("2 1 3 3 3 0 0 0 0.5", "1 1 3 3 3 0 0 0 0.5", "id 1 appears twice");
  fails_with("ITEM: TIMESTEP", "ITEM: STEP", "line 1: expected 'ITEM: TIMESTEP'");
  std::istringstream empty("\n\n");
  CHECK_THROWS_AS((carom::read_lammps_dump<double, 2>(empty)), carom::invalid_input);
  std::istringstream also_empty("");
  CHECK_FALSE((carom::read_lammps_frame<double, 2>(also_empty).has_value()));
}

TEST_CASE("LAMMPS dump: a failing stream throws carom::io_error", "[io][lammps_dump]") {
  std::ostringstream out;
  out.setstate(std::ios::badbit);
  carom::particles<double, 3> ps;
  ps.add({.radius = 0.5, .mass = 1});
  CHECK_THROWS_AS(
      carom::write_lammps_dump(out, carom::box<double, 3>::cube(4, carom::boundary::wall), ps, 0),
      carom::io_error);
}
