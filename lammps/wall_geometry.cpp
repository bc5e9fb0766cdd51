// SPDX-License-Identifier: GPL-2.0-or-later
#include "wall_geometry.h"

#include <cstdlib>
#include <stdexcept>

namespace carom_lammps {
namespace {

using vector3 = carom::vec<double, 3>;

[[noreturn]] void fail(const std::string& message) { throw std::invalid_argument(message); }

double number(std::span<const std::string> words, std::size_t at, const std::string& what) {
  if (at >= words.size()) fail("missing " + what);
  const std::string& word = words[at];
  char* end = nullptr;
  const double value = std::strtod(word.c_str(), &end);
  if (word.empty() || *end != '\0') fail(what + " is not a number: '" + word + "'");
  return value;
}

}  // namespace

wall_geometry wall_geometry::parse(std::span<const std::string> words, std::size_t& used) {
  if (words.empty()) fail("expected plane, xcylinder, ycylinder or zcylinder");
  const std::string& style = words[0];
  wall_geometry wall;
  if (style == "plane") {
    vector3 point{}, normal{};
    for (std::size_t c = 0; c < 3; c++) {
      point[c] = number(words, 1 + c, "plane: point");
      normal[c] = number(words, 4 + c, "plane: normal");
    }
    const double length = carom::norm(normal);
    if (!(length > 0)) fail("the plane's normal must not be zero");
    wall.normal_ = normal / length;
    wall.offset_ = carom::dot(wall.normal_, point);
    used = 7;
    return wall;
  }
  if (style != "xcylinder" && style != "ycylinder" && style != "zcylinder")
    fail("expected plane, xcylinder, ycylinder or zcylinder, not '" + style + "'");
  const std::size_t axis = std::size_t(style[0] - 'x');
  const double radius = number(words, 1, style + ": radius R");
  vector3 centre{}, direction{};
  direction[axis] = 1.0;
  double spin = 0;
  carom::cylinder_side side = carom::cylinder_side::inside;
  std::size_t at = 2;
  while (at < words.size()) {
    if (words[at] == "centre") {
      // The two coordinates other than the axis', in the order x, y, z.
      std::size_t next = at + 1;
      for (std::size_t c = 0; c < 3; c++)
        if (c != axis) centre[c] = number(words, next++, style + ": centre c1 c2");
      at += 3;
    } else if (words[at] == "outside") {
      side = carom::cylinder_side::outside;
      at += 1;
    } else if (words[at] == "spin") {
      spin = number(words, at + 1, style + ": spin w");
      at += 2;
    } else {
      break;  // the model's words
    }
  }
  // carom checks R > 0 and finite numbers and says what is wrong.
  wall.cylinder_ = carom::cylinder<double, 3>::around(centre, direction, radius, side, spin);
  wall.is_cylinder_ = true;
  used = at;
  return wall;
}

vector3 wall_geometry::relative_velocity(const vector3& v, const vector3& x, double r,
                                         const wall_contact& c) const {
  if (!is_cylinder_) return v;
  return v - cylinder_.velocity_at(vector3(x - (r - c.overlap / 2) * c.normal));
}

}  // namespace carom_lammps
