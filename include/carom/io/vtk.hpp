// SPDX-License-Identifier: MIT
#pragma once
/// VTK XML files for ParaView: one PolyData file (.vtp) per frame, with the
/// particle centres as points (and one vertex cell each, so they show as
/// points without a filter) and point data `velocity` (3 components),
/// `angular_velocity` (3 components, rad per time unit; in 2D 0 0 ω, ω
/// about z), `radius`, `mass` and `id`; and a collection (.pvd) listing the
/// frames with their times, which ParaView opens as one time series. Use
/// the Point Gaussian representation scaled by `radius` (or a Glyph filter)
/// to see spheres, and colour by `angular_velocity` to see spin.
///
/// Numbers are ASCII, shortest round-trip (std::to_chars), Float32 for
/// float and Float64 otherwise; in 2D the z components of positions and
/// velocities and the x, y components of angular velocities are 0. Errors: see
/// io/text.hpp (carom::io_error when a file cannot be opened or written).

#include <cstddef>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <ios>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "carom/core/vec.hpp"
#include "carom/io/concepts.hpp"
#include "carom/io/text.hpp"
#include "carom/particles/particles.hpp"

namespace carom {

/// Writes one frame as a VTK XML PolyData document (.vtp) to `out`: the
/// positions as points, with point data velocity, angular_velocity, radius,
/// mass and id (see the file comment). Throws carom::io_error if the stream
/// fails.
template <scalar T, std::size_t D>
void write_vtp(std::ostream& out, const particles<T, D>& ps) {
  constexpr std::string_view type = std::is_same_v<T, float> ? "Float32" : "Float64";
  detail::text_buffer b(out);
  auto open_array = [&](std::string_view data_type, std::string_view name, int components) {
    b.text("<DataArray type=\"");
    b.text(data_type);
    b.text("\" Name=\"");
    b.text(name);
    b.text("\" NumberOfComponents=\"");
    b.integer(components);
    b.text("\" format=\"ascii\">\n");
  };
  auto vectors = [&](std::string_view name, std::span<const vec<T, D>> values) {
    open_array(type, name, 3);
    for (const auto& v : values) {
      for (std::size_t a = 0; a < 3; ++a) {
        if (a > 0) b.character(' ');
        if (a < D) b.number(v[a]);
        else b.character('0');
      }
      b.character('\n');
    }
    b.text("</DataArray>\n");
  };
  const std::size_t n = ps.size();
  b.text(
      "<?xml version=\"1.0\"?>\n"
      "<VTKFile type=\"PolyData\" version=\"1.0\" byte_order=\"LittleEndian\" "
      "header_type=\"UInt64\">\n<PolyData>\n<Piece NumberOfPoints=\"");
  b.integer(n);
  b.text("\" NumberOfVerts=\"");
  b.integer(n);
  b.text(
      "\" NumberOfLines=\"0\" NumberOfStrips=\"0\" NumberOfPolys=\"0\">\n"
      "<PointData Scalars=\"radius\" Vectors=\"velocity\">\n");
  auto scalars = [&](std::string_view name, std::span<const T> values) {
    open_array(type, name, 1);
    for (const T x : values) {
      b.number(x);
      b.character('\n');
    }
    b.text("</DataArray>\n");
  };
  vectors("velocity", ps.velocities());
  open_array(type, "angular_velocity", 3);
  for (const auto& w : ps.angular_velocities()) {
    if constexpr (D == 2) {
      b.text("0 0 ");
      b.number(w);
    } else {
      for (std::size_t a = 0; a < 3; ++a) {
        if (a > 0) b.character(' ');
        b.number(w[a]);
      }
    }
    b.character('\n');
  }
  b.text("</DataArray>\n");
  scalars("radius", ps.radii());
  scalars("mass", ps.masses());
  open_array("UInt32", "id", 1);
  for (const particle_id id : ps.ids()) {
    b.integer(id);
    b.character('\n');
  }
  b.text("</DataArray>\n</PointData>\n<Points>\n");
  vectors("position", ps.positions());
  b.text("</Points>\n<Verts>\n");
  open_array("Int64", "connectivity", 1);
  for (std::size_t i = 0; i < n; ++i) {
    b.integer(i);
    b.character('\n');
  }
  b.text("</DataArray>\n");
  open_array("Int64", "offsets", 1);
  for (std::size_t i = 1; i <= n; ++i) {
    b.integer(i);
    b.character('\n');
  }
  b.text("</DataArray>\n</Verts>\n</Piece>\n</PolyData>\n</VTKFile>\n");
  b.flush();
}

/// A ParaView collection file (.pvd) that is complete after every add():
/// the closing tags are written after each entry and overwritten by the
/// next, so a run that stops early leaves a file ParaView opens.
class pvd_writer {
 public:
  /// Creates (truncates) the file. Throws carom::io_error if it cannot.
  explicit pvd_writer(const std::filesystem::path& path)
      : path_(path), out_(path, std::ios::binary | std::ios::trunc) {
    check("open");
    out_ << "<?xml version=\"1.0\"?>\n"
            "<VTKFile type=\"Collection\" version=\"0.1\" byte_order=\"LittleEndian\">\n"
            "<Collection>\n";
    close_tags();
  }

  /// Lists `file` (a path relative to the .pvd's folder) at time `time`.
  void add(double time, std::string_view file) {
    out_.seekp(-static_cast<std::streamoff>(tail.size()), std::ios::end);
    char text[64];
    const auto end = std::to_chars(text, text + sizeof text, time).ptr;
    out_ << "<DataSet timestep=\"" << std::string_view(text, std::size_t(end - text))
         << "\" group=\"\" part=\"0\" file=\"" << file << "\"/>\n";
    close_tags();
    ++entries_;
  }

  /// Frames listed so far.
  [[nodiscard]] std::size_t entries() const noexcept { return entries_; }
  /// The .pvd file.
  [[nodiscard]] const std::filesystem::path& path() const noexcept { return path_; }

 private:
  static constexpr std::string_view tail = "</Collection>\n</VTKFile>\n";

  void close_tags() {
    out_ << tail;
    out_.flush();
    check("write");
  }
  void check(const char* what) const {
    if (!out_) throw io_error("carom::pvd_writer: cannot " + std::string(what) + " '" + path_.string() + "'");
  }

  std::filesystem::path path_;
  std::ofstream out_;
  std::size_t entries_ = 0;
};

/// A time series for ParaView: `prefix` "out/run" gives frames
/// out/run_000000.vtp, out/run_000001.vtp, … and the collection out/run.pvd
/// (the folder must exist). Also an output callable for
/// carom::run_with_output: series(engine) writes the engine's state at
/// engine.time().
template <scalar T, std::size_t D>
  requires dimension<D>
class vtk_series {
 public:
  /// Creates the .pvd file. Throws carom::io_error if it cannot.
  explicit vtk_series(const std::filesystem::path& prefix)
      : prefix_(prefix), collection_(std::filesystem::path(prefix).concat(".pvd")) {}

  /// Writes the next frame file and lists it in the collection; returns
  /// the frame's path. Throws carom::io_error if a file cannot be written.
  std::filesystem::path write(double time, const particles<T, D>& ps) {
    char number[16];
    std::snprintf(number, sizeof number, "_%06zu.vtp", collection_.entries());
    std::filesystem::path file = std::filesystem::path(prefix_).concat(number);
    {
      std::ofstream out(file, std::ios::binary | std::ios::trunc);
      if (!out) throw io_error("carom::vtk_series: cannot open '" + file.string() + "'");
      write_vtp(out, ps);
      out.close();
      if (!out) throw io_error("carom::vtk_series: cannot write '" + file.string() + "'");
    }
    collection_.add(time, file.filename().string());
    return file;
  }

  /// Writes the engine's state at engine.time() (see the class comment).
  template <snapshot_engine<T, D> Engine>
  void operator()(Engine& engine) {
    write(static_cast<double>(engine.time()), engine.state());
  }

  /// Frames written so far.
  [[nodiscard]] std::size_t frames() const noexcept { return collection_.entries(); }
  /// The .pvd file: prefix + ".pvd".
  [[nodiscard]] const std::filesystem::path& collection_path() const noexcept {
    return collection_.path();
  }

 private:
  std::filesystem::path prefix_;
  pvd_writer collection_;
};

}  // namespace carom
