// SPDX-License-Identifier: MIT
#include <carom/io/vtk.hpp>

#include <catch2/catch.hpp>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "io/xml.hpp"
#include "support.hpp"

namespace {

/// The numbers of an element's text, read back with from_chars.
template <class Number>
std::vector<Number> numbers(const carom_test::xml_element& e) {
  std::vector<Number> values;
  std::istringstream words(e.text);
  for (std::string word; words >> word;) {
    Number x{};
    const auto [ptr, ec] = std::from_chars(word.data(), word.data() + word.size(), x);
    REQUIRE(ec == std::errc());
    REQUIRE(ptr == word.data() + word.size());
    values.push_back(x);
  }
  return values;
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// Random particles, each with its own mass and a nonzero angular velocity.
template <class T, std::size_t D>
carom::particles<T, D> some_particles(std::size_t n) {
  carom::particles<T, D> ps;
  for (std::size_t i = 0; i < n; ++i) {
    carom::angular<T, D> spin{};
    if constexpr (D == 2) spin = carom_test::uniform(T(-3), T(3));
    else spin = carom_test::random_vec<T, 3>(T(-3), T(3));
    ps.add({.position = carom_test::random_vec<T, D>(T(-5), T(5)),
            .velocity = carom_test::random_vec<T, D>(T(-1), T(1)),
            .radius = carom_test::uniform(T(0.1), T(1)),
            .mass = carom_test::uniform(T(0.5), T(3)),
            .angular_velocity = spin});
  }
  return ps;
}

/// Component a (0, 1, 2) of an angular velocity as ParaView sees it: in 2D
/// (0, 0, ω).
template <class T, std::size_t D>
T spin_component(const carom::angular<T, D>& w, std::size_t a) {
  if constexpr (D == 2) return a == 2 ? w : T(0);
  else return w[a];
}

/// A fresh folder under the system's temporary one.
std::filesystem::path fresh_folder(const std::string& name) {
  auto folder = std::filesystem::temp_directory_path() / ("carom_test_" + name);
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  return folder;
}

}  // namespace

TEST_CASE("the test XML reader rejects what is not well formed", "[io][vtk]") {
  using carom_test::parse_xml;
  CHECK(parse_xml("<?xml version=\"1.0\"?>\n<a x='1'><b/>text<c y=\"&lt;\"></c></a>\n")
            ->with("c", "y", "<")
            .name == "c");
  for (const char* bad : {"<a><b></a></b>", "<a>", "<a x=1></a>", "<a x='1' x='2'/>",
                          "<a/><b/>", "<a>1 < 2</a>", "text", "<a></a>tail"})
    CHECK_THROWS(parse_xml(bad));
}

TEMPLATE_LIST_TEST_CASE("vtp: well-formed PolyData with the particles' values, bit for bit",
                        "[io][vtk]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  for (const std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(257)}) {
    const auto ps = some_particles<T, D>(n);
    std::ostringstream out;
    carom::write_vtp(out, ps);
    const auto root = carom_test::parse_xml(out.str());
    CHECK(root->name == "VTKFile");
    CHECK(root->attributes.at("type") == "PolyData");
    const auto pieces = root->all("Piece");
    REQUIRE(pieces.size() == 1);
    CHECK(pieces[0]->attributes.at("NumberOfPoints") == std::to_string(n));
    CHECK(pieces[0]->attributes.at("NumberOfVerts") == std::to_string(n));
    const std::string type = std::is_same_v<T, float> ? "Float32" : "Float64";

    const auto& position = root->with("DataArray", "Name", "position");
    const auto& velocity = root->with("DataArray", "Name", "velocity");
    CHECK(position.attributes.at("type") == type);
    CHECK(position.attributes.at("NumberOfComponents") == "3");
    const auto x = numbers<T>(position);
    const auto v = numbers<T>(velocity);
    const auto& angular_velocity = root->with("DataArray", "Name", "angular_velocity");
    const auto& mass = root->with("DataArray", "Name", "mass");
    for (const auto* array : {&velocity, &angular_velocity, &mass}) {
      CHECK(array->attributes.at("type") == type);
      CHECK(array->attributes.at("format") == "ascii");
    }
    CHECK(angular_velocity.attributes.at("NumberOfComponents") == "3");
    CHECK(mass.attributes.at("NumberOfComponents") == "1");
    // Every array of values per particle is point data.
    const auto point_data = root->all("PointData");
    REQUIRE(point_data.size() == 1);
    for (const std::string name : {"velocity", "angular_velocity", "radius", "mass", "id"})
      CHECK_NOTHROW(point_data[0]->with("DataArray", "Name", name));
    const auto w = numbers<T>(angular_velocity);
    const auto m = numbers<T>(mass);
    const auto r = numbers<T>(root->with("DataArray", "Name", "radius"));
    const auto id = numbers<std::uint32_t>(root->with("DataArray", "Name", "id"));
    const auto connectivity = numbers<std::int64_t>(root->with("DataArray", "Name", "connectivity"));
    const auto offsets = numbers<std::int64_t>(root->with("DataArray", "Name", "offsets"));
    REQUIRE(x.size() == 3 * n);
    REQUIRE(v.size() == 3 * n);
    REQUIRE(w.size() == 3 * n);
    REQUIRE(m.size() == n);
    REQUIRE(r.size() == n);
    REQUIRE(id.size() == n);
    REQUIRE(connectivity.size() == n);
    REQUIRE(offsets.size() == n);
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t a = 0; a < 3; ++a) {
        CHECK(x[3 * i + a] == (a < D ? ps.positions()[i][a] : T(0)));
        CHECK(v[3 * i + a] == (a < D ? ps.velocities()[i][a] : T(0)));
        CHECK(w[3 * i + a] == spin_component<T, D>(ps.angular_velocities()[i], a));
      }
      CHECK(r[i] == ps.radii()[i]);
      CHECK(m[i] == ps.masses()[i]);
      CHECK(id[i] == ps.ids()[i]);
      CHECK(connectivity[i] == std::int64_t(i));
      CHECK(offsets[i] == std::int64_t(i) + 1);
    }
  }
}

TEMPLATE_LIST_TEST_CASE("vtk_series: frames and a .pvd that is complete after every frame",
                        "[io][vtk]", carom_test::all_configs) {
  using T = typename TestType::scalar;
  constexpr std::size_t D = TestType::dim;
  const auto folder = fresh_folder("vtk_series_" + std::to_string(D) + "_" + std::to_string(sizeof(T)));
  const auto ps = some_particles<T, D>(10);
  carom::vtk_series<T, D> series(folder / "run");
  CHECK(series.collection_path() == folder / "run.pvd");
  const std::vector<double> times{0.0, 0.1, 0.25, 1e-300};
  for (std::size_t k = 0; k < times.size(); ++k) {
    const auto file = series.write(times[k], ps);
    CHECK(std::filesystem::exists(file));
    CHECK(carom_test::parse_xml(read_file(file))->all("Piece").size() == 1);
    const auto collection = carom_test::parse_xml(read_file(folder / "run.pvd"));
    CHECK(collection->attributes.at("type") == "Collection");
    const auto entries = collection->all("DataSet");
    REQUIRE(entries.size() == k + 1);
    for (std::size_t j = 0; j <= k; ++j) {
      CHECK(std::stod(entries[j]->attributes.at("timestep")) == times[j]);
      char expected[32];
      std::snprintf(expected, sizeof expected, "run_%06zu.vtp", j);
      CHECK(entries[j]->attributes.at("file") == expected);
      CHECK(std::filesystem::exists(folder / expected));
    }
  }
  CHECK(series.frames() == times.size());
  std::filesystem::remove_all(folder);
}

TEST_CASE("vtk: a file that cannot be created throws carom::io_error", "[io][vtk]") {
  const auto missing = std::filesystem::temp_directory_path() / "carom_no_such_folder" / "x";
  std::filesystem::remove_all(missing.parent_path());
  CHECK_THROWS_AS(carom::pvd_writer(missing.string() + ".pvd"), carom::io_error);
  CHECK_THROWS_AS((carom::vtk_series<double, 2>(missing)), carom::io_error);
}
