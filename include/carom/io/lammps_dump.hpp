// SPDX-License-Identifier: MIT
#pragma once
/// LAMMPS text dump frames ("dump custom" layout), read by OVITO, VMD and
/// LAMMPS' own read_dump, and read back here so a run can restart from one:
///
///     ITEM: TIME                    (only when a time is given)
///     0.5
///     ITEM: TIMESTEP
///     100
///     ITEM: NUMBER OF ATOMS
///     2
///     ITEM: BOX BOUNDS pp pp ff     (pp periodic, ff walled, per axis)
///     0 10
///     0 10
///     -0.5 0.5                      (2D: z periodic, bounds ±0.5, as LAMMPS)
///     ITEM: ATOMS id type x y z vx vy vz radius mass omegax omegay omegaz
///     1 1 0.5 0.5 0 0.1 -0.2 0 0.5 1 0 0 3.5
///     2 1 1.5 0.5 0 0 0 0 0.25 0.5 0 0 -1
///
/// `mass` and `omegax omegay omegaz` (angular velocity, rad per time unit,
/// LAMMPS' names) are written by default and can be left out (see
/// lammps_dump_params). Numbers are printed by std::to_chars in their
/// shortest round-trip form, so reading a frame gives back every position,
/// velocity, angular velocity, radius and mass bit for bit: a DEM run
/// restarts from a frame (the moment of inertia is not written: a particle
/// read back gets the solid sphere's or disk's; tangential contact history
/// is not written either). LAMMPS ids are positive: carom id k is written as
/// k + 1. In 2D, z and vz are written as 0 and ignored when read, and the
/// angular velocity about z is written as `0 0 omegaz`, as a 2D LAMMPS run
/// with atom_style sphere writes it. Errors: see io/text.hpp
/// (carom::io_error for a failed stream, carom::invalid_input naming the
/// line and field for malformed input).

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <istream>
#include <numeric>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "carom/core/error.hpp"
#include "carom/core/vec.hpp"
#include "carom/geometry/box.hpp"
#include "carom/io/concepts.hpp"
#include "carom/io/text.hpp"
#include "carom/particles/particles.hpp"

namespace carom {

/// What a dump frame holds besides id, type, position, velocity and radius.
/// The defaults write everything a restart needs; leave columns out for
/// smaller files (e.g. a hard-sphere run with one mass and no spin).
struct lammps_dump_params {
  /// Writes a `mass` column (mass units), after `radius`. Without it the
  /// reader gives every particle lammps_read_params::default_mass.
  bool mass = true;
  /// Writes the columns `omegax omegay omegaz` (angular velocity, rad per
  /// time unit), after `radius` and `mass`; in 2D `0 0 omegaz`, ω about z.
  /// Without them the reader sets angular velocities to 0.
  bool angular_velocity = true;
  /// LAMMPS atom type written for every particle.
  int type = 1;
};

/// Writes dump frames to a std::ostream, one write() call per frame. The
/// text goes through one buffer allocated at construction, so writing a
/// frame allocates nothing per particle. The stream must outlive the
/// writer. Also an output callable for carom::run_with_output: writer(engine)
/// writes the engine's state with timestep = the number of frames written
/// so far and time = engine.time().
template <scalar T, std::size_t D>
  requires dimension<D>
class lammps_dump_writer {
 public:
  /// Writes to `out`, which must outlive the writer.
  explicit lammps_dump_writer(std::ostream& out, lammps_dump_params p = {})
      : buffer_(out), params_(p) {}

  /// Appends one frame; `time` adds an ITEM: TIME section. Throws
  /// carom::io_error if the stream fails.
  void write(const box<T, D>& container, const particles<T, D>& ps, std::int64_t timestep,
             std::optional<double> time = std::nullopt) {
    auto& b = buffer_;
    if (time) {
      b.text("ITEM: TIME\n");
      b.number(*time);
      b.character('\n');
    }
    b.text("ITEM: TIMESTEP\n");
    b.integer(timestep);
    b.text("\nITEM: NUMBER OF ATOMS\n");
    b.integer(ps.size());
    b.text("\nITEM: BOX BOUNDS");
    for (std::size_t a = 0; a < 3; ++a)  // 2D: z periodic, as LAMMPS requires
      b.text(a >= D || container.is_periodic(a) ? " pp" : " ff");
    b.character('\n');
    for (std::size_t a = 0; a < 3; ++a) {
      if (a < D) {
        b.number(container.lower()[a]);
        b.character(' ');
        b.number(container.upper()[a]);
      } else {
        b.text("-0.5 0.5");
      }
      b.character('\n');
    }
    b.text("ITEM: ATOMS id type x y z vx vy vz radius");
    if (params_.mass) b.text(" mass");
    if (params_.angular_velocity) b.text(" omegax omegay omegaz");
    b.character('\n');
    const auto x = ps.positions();
    const auto v = ps.velocities();
    const auto r = ps.radii();
    const auto m = ps.masses();
    const auto w = ps.angular_velocities();
    const auto id = ps.ids();
    for (std::size_t i = 0; i < ps.size(); ++i) {
      b.integer(std::uint64_t(id[i]) + 1);
      b.character(' ');
      b.integer(params_.type);
      for (const auto* field : {&x[i], &v[i]})
        for (std::size_t a = 0; a < 3; ++a) {
          b.character(' ');
          if (a < D) b.number((*field)[a]);
          else b.character('0');
        }
      b.character(' ');
      b.number(r[i]);
      if (params_.mass) {
        b.character(' ');
        b.number(m[i]);
      }
      if (params_.angular_velocity) {
        if constexpr (D == 2) {
          b.text(" 0 0 ");
          b.number(w[i]);
        } else {
          for (std::size_t a = 0; a < 3; ++a) {
            b.character(' ');
            b.number(w[i][a]);
          }
        }
      }
      b.character('\n');
    }
    b.flush();
    ++frames_;
  }

  /// Writes the engine's current state (see the class comment).
  template <snapshot_engine<T, D> Engine>
  void operator()(Engine& engine) {
    write(engine.container(), engine.state(), static_cast<std::int64_t>(frames_),
          static_cast<double>(engine.time()));
  }

  /// Frames written so far.
  [[nodiscard]] std::size_t frames() const noexcept { return frames_; }

 private:
  detail::text_buffer buffer_;
  lammps_dump_params params_;
  std::size_t frames_ = 0;
};

/// Appends one frame to `out` (a one-off: a lammps_dump_writer reuses its
/// buffer across frames).
template <scalar T, std::size_t D>
void write_lammps_dump(std::ostream& out, const box<T, D>& container, const particles<T, D>& ps,
                       std::int64_t timestep, std::optional<double> time = std::nullopt,
                       lammps_dump_params p = {}) {
  lammps_dump_writer<T, D>(out, p).write(container, ps, timestep, time);
}

/// One frame read back. carom::particles numbers its particles in the order
/// added: they are added in increasing LAMMPS id, so the frame's particle k
/// has carom id k, and `file_ids[k]` is the id it had in the file (k + 1 for
/// a frame that lammps_dump_writer wrote).
template <scalar T, std::size_t D>
  requires dimension<D>
struct lammps_frame {
  std::int64_t timestep = 0;
  /// The ITEM: TIME value, when the frame has one.
  std::optional<double> time;
  vec<T, D> lower{};
  vec<T, D> upper{};
  std::array<boundary, D> boundaries{};
  carom::particles<T, D> particles;
  std::vector<std::int64_t> file_ids;

  /// The box (throws carom::invalid_input unless upper > lower on every axis).
  [[nodiscard]] box<T, D> container() const { return box<T, D>(lower, upper, boundaries); }
};

/// How to fill in what a dump may not hold.
template <scalar T>
struct lammps_read_params {
  /// Mass of every particle when the frame has no `mass` column.
  T default_mass = T(1);
};

namespace detail {

/// Reads lines and counts them, for messages.
class line_reader {
 public:
  explicit line_reader(std::istream& in) : in_(&in) {}
  /// The next line; false at the end of the stream. Throws carom::io_error
  /// on a read error.
  bool next(std::string& line) {
    if (!std::getline(*in_, line)) {
      if (in_->bad()) throw io_error("carom::read_lammps_frame: reading the stream failed");
      return false;
    }
    ++number_;
    return true;
  }
  /// The next line, which must exist (`what` names what was expected).
  std::string_view expect(std::string& line, std::string_view what) {
    require(next(line), "carom::read_lammps_frame: line ", number_ + 1, ": expected ", what,
            ", found the end of the input");
    return line;
  }
  [[nodiscard]] std::string where(std::string_view field) const {
    std::string w = "carom::read_lammps_frame: line " + std::to_string(number_);
    if (!field.empty()) w.append(", field ").append(field);
    return w;
  }
  [[nodiscard]] std::size_t number() const noexcept { return number_; }

 private:
  std::istream* in_;
  std::size_t number_ = 0;
};

/// The column named `name`, or −1.
inline int column_of(const std::vector<std::string_view>& columns, std::string_view name) {
  const auto it = std::find(columns.begin(), columns.end(), name);
  return it == columns.end() ? -1 : static_cast<int>(it - columns.begin());
}

}  // namespace detail

/// Reads the next frame, or returns std::nullopt at the end of the input
/// (blank lines before a frame are skipped). Columns are found by name in
/// the ATOMS line and may come in any order: id, x, y, vx, vy, radius (and
/// z, vz in 3D) are required; mass is used when present (else
/// p.default_mass); the angular velocity is read from omegax omegay omegaz
/// when present (3D: all three or none; 2D: omegaz, ω about z) and is 0
/// without them; the others (type, z and omegax, omegay in 2D, …) are
/// ignored. Every particle gets the solid moment of inertia (particles::add
/// given 0: 2/5 m r² for a sphere, ½ m r² for a disk), since a dump does
/// not hold it. Atoms may come in any order; ids must be unique.
/// Throws carom::invalid_input naming the line and field for a malformed
/// frame (including values particles::add rejects, such as a radius ≤ 0),
/// carom::io_error if the stream fails. Line numbers in messages count from
/// where this call started reading (line 1 is the first line it read).
template <scalar T, std::size_t D>
  requires dimension<D>
[[nodiscard]] std::optional<lammps_frame<T, D>> read_lammps_frame(std::istream& in,
                                                                 lammps_read_params<T> p = {}) {
  using detail::parse_number;
  using detail::require;
  detail::line_reader lines(in);
  std::string line;
  std::vector<std::string_view> words;
  do {
    if (!lines.next(line)) return std::nullopt;
    detail::split_words(line, words);
  } while (words.empty());

  lammps_frame<T, D> frame;
  auto header = [&](std::string_view item) {
    require(line.rfind(item, 0) == 0, lines.where(""), ": expected '", item, "', found '", line,
            "'");
  };
  auto value_line = [&](std::string_view what, std::size_t count) {
    lines.expect(line, what);
    detail::split_words(line, words);
    require(words.size() == count, lines.where(what), ": expected ", count, " value(s), found ",
            words.size());
  };
  if (line.rfind("ITEM: TIME", 0) == 0 && line.rfind("ITEM: TIMESTEP", 0) != 0) {
    value_line("time", 1);
    frame.time = parse_number<double>(words[0], lines.where("time"));
    lines.expect(line, "ITEM: TIMESTEP");
  }
  header("ITEM: TIMESTEP");
  value_line("timestep", 1);
  frame.timestep = parse_number<std::int64_t>(words[0], lines.where("timestep"));
  lines.expect(line, "ITEM: NUMBER OF ATOMS");
  header("ITEM: NUMBER OF ATOMS");
  value_line("number of atoms", 1);
  const auto count = parse_number<std::uint64_t>(words[0], lines.where("number of atoms"));
  require(count < std::uint64_t(1) << 32, lines.where("number of atoms"), ": ", count,
          " atoms is more than carom holds");

  lines.expect(line, "ITEM: BOX BOUNDS");
  header("ITEM: BOX BOUNDS");
  detail::split_words(std::string_view(line).substr(16), words);
  require(words.size() == 3, lines.where("BOX BOUNDS"),
          ": expected three boundary codes (e.g. pp pp ff), found ", words.size(),
          " (a triclinic box is not supported)");
  for (std::size_t a = 0; a < D; ++a) {
    const std::string_view code = words[a];
    require(code.size() == 2 && (code[0] == 'p') == (code[1] == 'p') &&
                std::string_view("pfsm").find(code[0]) != std::string_view::npos &&
                std::string_view("pfsm").find(code[1]) != std::string_view::npos,
            lines.where("BOX BOUNDS"), ": '", code, "' is not a boundary code (pp, ff, fs, sm, …)");
    frame.boundaries[a] = code[0] == 'p' ? boundary::periodic : boundary::wall;
  }
  static constexpr std::string_view axis_name[3] = {"x bounds", "y bounds", "z bounds"};
  for (std::size_t a = 0; a < 3; ++a) {
    value_line(axis_name[a], 2);
    if (a >= D) continue;
    frame.lower[a] = parse_number<T>(words[0], lines.where(axis_name[a]));
    frame.upper[a] = parse_number<T>(words[1], lines.where(axis_name[a]));
  }

  lines.expect(line, "ITEM: ATOMS");
  header("ITEM: ATOMS");
  std::string columns_line = line.substr(11);
  std::vector<std::string_view> columns;
  detail::split_words(columns_line, columns);
  static constexpr std::string_view position_names[3] = {"x", "y", "z"};
  static constexpr std::string_view velocity_names[3] = {"vx", "vy", "vz"};
  auto column = [&](std::string_view name) {
    const int c = detail::column_of(columns, name);
    require(c >= 0, lines.where("ATOMS"), ": no '", name, "' column");
    return static_cast<std::size_t>(c);
  };
  const std::size_t id_column = column("id");
  std::array<std::size_t, D> x_column{}, v_column{};
  for (std::size_t a = 0; a < D; ++a) {
    x_column[a] = column(position_names[a]);
    v_column[a] = column(velocity_names[a]);
  }
  const std::size_t radius_column = column("radius");
  const int mass_column = detail::column_of(columns, "mass");
  // Angular velocity: 3D needs all of omegax omegay omegaz or none; 2D
  // reads omegaz only.
  static constexpr std::string_view omega_names[3] = {"omegax", "omegay", "omegaz"};
  constexpr std::size_t first_omega = D == 3 ? 0 : 2;
  std::array<int, 3> omega_column{-1, -1, -1};
  for (std::size_t a = first_omega; a < 3; ++a)
    omega_column[a] = detail::column_of(columns, omega_names[a]);
  const bool has_omega = std::any_of(omega_column.begin(), omega_column.end(),
                                     [](int c) { return c >= 0; });
  for (std::size_t a = first_omega; a < 3; ++a)
    require(!has_omega || omega_column[a] >= 0, lines.where("ATOMS"), ": no '", omega_names[a],
            "' column (a 3D frame has all of omegax omegay omegaz or none)");

  std::vector<std::int64_t> ids(count);
  std::vector<particle_params<T, D>> atoms(count);
  for (std::size_t k = 0; k < count; ++k) {
    value_line("atom", columns.size());
    ids[k] = parse_number<std::int64_t>(words[id_column], lines.where("id"));
    auto& atom = atoms[k];
    for (std::size_t a = 0; a < D; ++a) {
      atom.position[a] = parse_number<T>(words[x_column[a]], lines.where(position_names[a]));
      atom.velocity[a] = parse_number<T>(words[v_column[a]], lines.where(velocity_names[a]));
    }
    atom.radius = parse_number<T>(words[radius_column], lines.where("radius"));
    atom.mass = mass_column < 0
                    ? p.default_mass
                    : parse_number<T>(words[static_cast<std::size_t>(mass_column)], lines.where("mass"));
    if (has_omega) {
      auto omega = [&](std::size_t a) {
        return parse_number<T>(words[static_cast<std::size_t>(omega_column[a])],
                               lines.where(omega_names[a]));
      };
      if constexpr (D == 2) {
        atom.angular_velocity = omega(2);
      } else {
        for (std::size_t a = 0; a < 3; ++a) atom.angular_velocity[a] = omega(a);
      }
    }
  }

  std::vector<std::size_t> order(count);
  std::iota(order.begin(), order.end(), std::size_t(0));
  std::sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) { return ids[i] < ids[j]; });
  const std::size_t first_atom_line = lines.number() - count + 1;
  frame.particles.reserve(count);
  frame.file_ids.reserve(count);
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t i = order[k];
    require(k == 0 || ids[i] != frame.file_ids.back(), "carom::read_lammps_frame: line ",
            first_atom_line + i, ", field id: id ", ids[i], " appears twice");
    try {
      frame.particles.add(atoms[i]);
    } catch (const invalid_input& e) {
      detail::fail("carom::read_lammps_frame: line ", first_atom_line + i, " (id ", ids[i],
                   "): ", e.what());
    }
    frame.file_ids.push_back(ids[i]);
  }
  return frame;
}

/// The next frame, which must be there: as read_lammps_frame, but the end
/// of the input throws carom::invalid_input.
template <scalar T, std::size_t D>
  requires dimension<D>
[[nodiscard]] lammps_frame<T, D> read_lammps_dump(std::istream& in, lammps_read_params<T> p = {}) {
  auto frame = read_lammps_frame<T, D>(in, p);
  detail::require(frame.has_value(), "carom::read_lammps_dump: no frame in the input");
  return std::move(*frame);
}

}  // namespace carom
