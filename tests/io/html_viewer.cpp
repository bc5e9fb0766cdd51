// SPDX-License-Identifier: MIT
#include <carom/engines/event_driven/event_driven.hpp>
#include <carom/io/html_viewer.hpp>
#include <carom/io/observers.hpp>
#include <carom/setup/initial_states.hpp>

#include <catch2/catch.hpp>
#include <cmath>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "support.hpp"

namespace {

/// The embedded JSON of a page.
std::string embedded_json(const std::string& page) {
  const std::string open = "<script id=\"carom-data\" type=\"application/json\">";
  const auto start = page.find(open);
  REQUIRE(start != std::string::npos);
  const auto end = page.find("</script>", start);
  REQUIRE(end != std::string::npos);
  return page.substr(start + open.size(), end - start - open.size());
}

/// The arrays of numbers that follow `"key":` in the JSON: one array for
/// `"key":[1,2]`, one per inner array for `"key":[[1,2],[3]]`.
std::vector<std::vector<double>> arrays(const std::string& json, const std::string& key) {
  auto at = json.find("\"" + key + "\":");
  REQUIRE(at != std::string::npos);
  at += key.size() + 3;
  std::vector<std::vector<double>> result;
  int depth = 0;
  std::string number;
  auto flush = [&] {
    if (!number.empty()) result.back().push_back(std::stod(number));
    number.clear();
  };
  for (; at < json.size(); ++at) {
    const char c = json[at];
    if (c == '[') {
      ++depth;
      const auto next = json.find_first_not_of(" \n", at + 1);
      if (json[next] != '[') result.emplace_back();
    } else if (c == ']') {
      flush();
      if (--depth == 0) break;
    } else if (c == ',') {
      flush();
    } else if (c != '\n' && c != ' ') {
      number += c;
    }
  }
  return result;
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("html_viewer: the page embeds every frame of the run", "[io][html_viewer]",
                        carom_test::all_scalars) {
  using T = TestType;
  auto scene = carom::lattice<T, 2>(6, T(0.4), carom::boundary::wall);
  carom::maxwell_boltzmann(scene.particles, T(1), carom_test::rng());
  carom::event_driven<T, 2> engine(scene.container, scene.particles);
  carom::html_viewer<T> viewer(scene.container, {.title = "a <b> & \"c\"", .digits = 6});
  std::vector<carom::particles<T, 2>> states;
  carom::run_with_output(engine, 1.0, 0.5, viewer,
                         [&](auto& e) { states.push_back(e.state()); });
  CHECK(viewer.frames() == 3);
  CHECK(viewer.particles() == 36);
  std::ostringstream out;
  viewer.write(out);
  const std::string page = out.str();
  CHECK(page.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(page.find("<title>a &lt;b&gt; &amp; &quot;c&quot;</title>") != std::string::npos);
  CHECK(page.find("id=\"drawn-count\"") != std::string::npos);
  CHECK(page.find("window.caromViewer") != std::string::npos);
  CHECK(page.find("http") == std::string::npos);  // no external resource
  CHECK(page.find("src=") == std::string::npos);

  const std::string json = embedded_json(page);
  CHECK(json.find('<') == std::string::npos);
  CHECK(arrays(json, "times") == std::vector<std::vector<double>>{{0, 0.5, 1}});
  CHECK(arrays(json, "radii")[0].size() == 36);
  CHECK(json.find("\"periodic\":[false,false]") != std::string::npos);
  const auto x = arrays(json, "x");
  const auto speed = arrays(json, "speed");
  REQUIRE(x.size() == 3);
  REQUIRE(speed.size() == 3);
  for (std::size_t k = 0; k < 3; ++k) {
    REQUIRE(x[k].size() == 2 * std::size_t{36});
    REQUIRE(speed[k].size() == 36);
    for (std::size_t i = 0; i < 36; ++i) {
      const auto& p = states[k].positions()[i];
      CHECK(x[k][2 * i] == Approx(double(p[0])).epsilon(1e-5));
      CHECK(x[k][2 * i + 1] == Approx(double(p[1])).epsilon(1e-5));
      CHECK(speed[k][i] == Approx(double(carom::norm(states[k].velocities()[i]))).epsilon(1e-5));
    }
  }
}

TEST_CASE("html_viewer: rejects bad parameters and a changing particle count",
          "[io][html_viewer]") {
  const auto container = carom::box<double, 2>::cube(10, carom::boundary::periodic);
  CHECK_THROWS_AS(carom::html_viewer<double>(container, {.digits = 0}), carom::invalid_input);
  CHECK_THROWS_AS(carom::html_viewer<double>(container, {.frames_per_second = 0}),
                  carom::invalid_input);
  carom::html_viewer<double> viewer(container);
  carom::particles<double, 2> ps;
  ps.add({.position = {1, 1}, .radius = 0.5, .mass = 1});
  viewer.add_frame(0, ps);
  ps.add({.position = {3, 3}, .radius = 0.5, .mass = 1});
  CHECK_THROWS_WITH(viewer.add_frame(1, ps), Catch::Contains("frame 1 has 2 particles"));
  CHECK(viewer.frames() == 1);
  CHECK_THROWS_AS(viewer.save("/nonexistent-folder/x.html"), carom::io_error);
}
