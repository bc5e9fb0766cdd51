// SPDX-License-Identifier: MIT
#pragma once
/// A 2D run as one self-contained web page: the trajectory is embedded as
/// JSON and drawn on a canvas by plain JavaScript (no external resources,
/// so the file opens offline in any browser): disks coloured by speed
/// (blue slow, red fast), walls solid and periodic sides dashed, periodic
/// images drawn where a disk crosses a side, play/pause (button or space
/// bar), a slider to scrub through the frames, the frame's time.
///
/// For tests and scripts the page sets `window.caromViewer` = {frames,
/// particles, frame, drawn, show(k), play(), pause()} and writes the number
/// of disks drawn for the frame shown into the element #drawn-count;
/// `page.html#frame=K` opens the page at frame K (from 0).
///
/// Positions and speeds are stored as float with `digits` significant digits
/// (display, not restart: use io/lammps_dump.hpp for that); the page grows
/// by about 20 bytes per particle per frame.

#include <cmath>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "carom/core/error.hpp"
#include "carom/core/vec.hpp"
#include "carom/geometry/box.hpp"
#include "carom/io/concepts.hpp"
#include "carom/io/text.hpp"
#include "carom/particles/particles.hpp"

namespace carom {

/// How the page looks.
struct html_viewer_params {
  /// Shown as the page title and heading (any text; it is escaped).
  std::string title = "carom";
  /// Significant digits of the stored positions and speeds (1–9).
  int digits = 5;
  /// Frames per second of playback.
  double frames_per_second = 30;
};

/// Records frames of a 2D run and writes them as one HTML page. Also an
/// output callable for carom::run_with_output: viewer(engine) records the
/// engine's state at engine.time().
template <scalar T>
class html_viewer {
 public:
  /// Throws carom::invalid_input for digits outside 1–9 or a frame rate
  /// that is not finite and > 0.
  explicit html_viewer(const box<T, 2>& container, html_viewer_params p = {})
      : box_(container), params_(std::move(p)) {
    detail::require(params_.digits >= 1 && params_.digits <= 9,
                    "carom::html_viewer: digits must be in 1-9 (got ", params_.digits, ")");
    detail::require(std::isfinite(params_.frames_per_second) && params_.frames_per_second > 0,
                    "carom::html_viewer: frames_per_second must be finite and > 0");
  }

  /// Records a frame. The first frame fixes the particles' number and
  /// radii; a later frame with another number throws carom::invalid_input.
  void add_frame(double time, const particles<T, 2>& ps) {
    if (times_.empty()) radii_.assign(ps.radii().begin(), ps.radii().end());
    detail::require(ps.size() == radii_.size(), "carom::html_viewer::add_frame: frame ",
                    times_.size(), " has ", ps.size(), " particles, the first had ", radii_.size());
    times_.push_back(time);
    for (std::size_t i = 0; i < ps.size(); ++i) {
      const auto x = ps.positions()[i];
      const auto v = ps.velocities()[i];
      positions_.push_back(float(x[0]));
      positions_.push_back(float(x[1]));
      speeds_.push_back(float(norm(v)));
    }
  }

  /// Records the engine's state at engine.time().
  template <snapshot_engine<T, 2> Engine>
  void operator()(Engine& engine) {
    add_frame(static_cast<double>(engine.time()), engine.state());
  }

  /// Frames recorded so far.
  [[nodiscard]] std::size_t frames() const noexcept { return times_.size(); }
  /// Particles per frame (0 before the first frame).
  [[nodiscard]] std::size_t particles() const noexcept { return radii_.size(); }

  /// Writes the page. Throws carom::io_error if the stream fails.
  void write(std::ostream& out) const {
    detail::text_buffer b(out);
    b.text(R"~(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>)~");
    html_text(b, params_.title);
    b.text(R"~(</title>
<style>
body { margin: 0; font: 14px system-ui, sans-serif; background: #f4f4f4; color: #222; }
#bar { display: flex; gap: 10px; align-items: center; padding: 6px 10px; background: #fff;
       border-bottom: 1px solid #ccc; }
#bar h1 { font-size: 15px; margin: 0 8px 0 0; }
#scrub { flex: 1; }
#view { display: block; margin: 8px auto; background: #fff; }
</style>
</head>
<body>
<div id="bar"><h1>)~");
    html_text(b, params_.title);
    b.text(R"~(</h1><button id="play" type="button">Play</button>
<input id="scrub" type="range" min="0" max="0" value="0" step="1">
<span id="label"></span><span>disks drawn: <span id="drawn-count">0</span></span></div>
<canvas id="view"></canvas>
<script id="carom-data" type="application/json">)~");
    write_json(b);
    b.text(R"~(</script>
<script>
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("carom-data").textContent);
  const n = data.radii.length, frames = data.times.length;
  const lo = data.lower, hi = data.upper, size = [hi[0] - lo[0], hi[1] - lo[1]];
  const canvas = document.getElementById("view"), ctx = canvas.getContext("2d");
  const scrub = document.getElementById("scrub"), button = document.getElementById("play");
  const label = document.getElementById("label"), drawnCount = document.getElementById("drawn-count");
  let maxSpeed = 0;
  for (const frame of data.speed) for (const s of frame) maxSpeed = Math.max(maxSpeed, s);
  const viewer = window.caromViewer = { frames: frames, particles: n, frame: 0, drawn: 0 };
  scrub.max = String(Math.max(frames - 1, 0));
  let scale = 1, pad = 10;

  function resize() {
    const ratio = window.devicePixelRatio || 1;
    const room = [window.innerWidth - 20, window.innerHeight - document.getElementById("bar").offsetHeight - 20];
    scale = Math.max(1, Math.min((room[0] - 2 * pad) / size[0], (room[1] - 2 * pad) / size[1]));
    const w = size[0] * scale + 2 * pad, h = size[1] * scale + 2 * pad;
    canvas.style.width = w + "px"; canvas.style.height = h + "px";
    canvas.width = Math.round(w * ratio); canvas.height = Math.round(h * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    show(viewer.frame);
  }
  // Simulation coordinates to canvas pixels (y up).
  const px = (x) => pad + (x - lo[0]) * scale, py = (y) => pad + (hi[1] - y) * scale;

  function show(k) {
    k = Math.min(Math.max(0, k | 0), Math.max(frames - 1, 0));
    viewer.frame = k;
    const w = size[0] * scale, h = size[1] * scale;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.save();
    ctx.beginPath(); ctx.rect(pad, pad, w, h); ctx.clip();
    let drawn = 0;
    if (frames > 0) {
      const x = data.x[k], s = data.speed[k];
      for (let i = 0; i < n; ++i) {
        const r = data.radii[i];
        const t = maxSpeed > 0 ? Math.min(s[i] / maxSpeed, 1) : 0;
        ctx.fillStyle = "hsl(" + (240 - 240 * t) + ", 75%, 55%)";
        ctx.strokeStyle = "rgba(0, 0, 0, 0.5)";
        // The disk, plus its periodic images where it crosses a periodic side.
        const xs = [x[2 * i]], ys = [x[2 * i + 1]];
        for (let a = 0; a < 2; ++a) {
          const list = a === 0 ? xs : ys, c = list[0];
          if (!data.periodic[a]) continue;
          if (c - r < lo[a]) list.push(c + size[a]);
          if (c + r > hi[a]) list.push(c - size[a]);
        }
        for (const cx of xs) for (const cy of ys) {
          ctx.beginPath();
          ctx.arc(px(cx), py(cy), Math.max(r * scale, 0.5), 0, 2 * Math.PI);
          ctx.fill(); ctx.lineWidth = 0.5; ctx.stroke();
        }
        ++drawn;
      }
    }
    ctx.restore();
    // Walls solid, periodic sides dashed.
    ctx.strokeStyle = "#333"; ctx.lineWidth = 2;
    const sides = [[pad, pad, pad, pad + h, 0], [pad + w, pad, pad + w, pad + h, 0],
                   [pad, pad, pad + w, pad, 1], [pad, pad + h, pad + w, pad + h, 1]];
    for (const [x0, y0, x1, y1, a] of sides) {
      ctx.setLineDash(data.periodic[a] ? [6, 4] : []);
      ctx.beginPath(); ctx.moveTo(x0, y0); ctx.lineTo(x1, y1); ctx.stroke();
    }
    ctx.setLineDash([]);
    viewer.drawn = drawn;
    drawnCount.textContent = String(drawn);
    scrub.value = String(k);
    label.textContent = frames > 0 ? "frame " + (k + 1) + " / " + frames + ", t = " +
      data.times[k].toPrecision(6) : "no frames";
  }

  let timer = null;
  function pause() { if (timer !== null) clearInterval(timer); timer = null; button.textContent = "Play"; }
  function play() {
    if (timer !== null || frames < 2) return;
    if (viewer.frame >= frames - 1) show(0);
    button.textContent = "Pause";
    timer = setInterval(function () {
      if (viewer.frame >= frames - 1) { pause(); return; }
      show(viewer.frame + 1);
    }, 1000 / data.fps);
  }
  viewer.show = show; viewer.play = play; viewer.pause = pause;
  button.addEventListener("click", function () { timer === null ? play() : pause(); });
  scrub.addEventListener("input", function () { pause(); show(Number(scrub.value)); });
  document.addEventListener("keydown", function (e) {
    if (e.code === "Space") { e.preventDefault(); timer === null ? play() : pause(); }
    else if (e.code === "ArrowRight") { pause(); show(viewer.frame + 1); }
    else if (e.code === "ArrowLeft") { pause(); show(viewer.frame - 1); }
  });
  window.addEventListener("resize", resize);
  // page.html#frame=K opens at frame K (counted from 0).
  const start = /frame=(\d+)/.exec(window.location.hash);
  if (start) viewer.frame = Math.min(Number(start[1]), Math.max(frames - 1, 0));
  resize();
})();
</script>
</body>
</html>
)~");
    b.flush();
  }

  /// Writes the page to a file. Throws carom::io_error if it cannot.
  void save(const std::filesystem::path& path) const {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) throw io_error("carom::html_viewer: cannot open '" + path.string() + "'");
    write(out);
    out.close();
    if (!out) throw io_error("carom::html_viewer: cannot write '" + path.string() + "'");
  }

 private:
  /// Text with &, <, >, " escaped (HTML text and attributes).
  static void html_text(detail::text_buffer& b, std::string_view s) {
    for (const char c : s) {
      if (c == '&') b.text("&amp;");
      else if (c == '<') b.text("&lt;");
      else if (c == '>') b.text("&gt;");
      else if (c == '"') b.text("&quot;");
      else b.character(c);
    }
  }

  /// A JSON number; null for a non-finite value (JSON has no inf or NaN).
  template <class U>
  void json_number(detail::text_buffer& b, U x) const {
    if (std::isfinite(x)) b.number(x, params_.digits);
    else b.text("null");
  }

  template <class U>
  void json_array(detail::text_buffer& b, const U* values, std::size_t count) const {
    b.character('[');
    for (std::size_t i = 0; i < count; ++i) {
      if (i > 0) b.character(',');
      json_number(b, values[i]);
    }
    b.character(']');
  }

  /// Numbers only, so nothing in it can close the <script> element.
  void write_json(detail::text_buffer& b) const {
    const std::size_t n = radii_.size();
    b.text("{\"fps\":");
    b.number(params_.frames_per_second);
    const T lower[2] = {box_.lower()[0], box_.lower()[1]};
    const T upper[2] = {box_.upper()[0], box_.upper()[1]};
    b.text(",\"lower\":");
    json_array(b, lower, 2);
    b.text(",\"upper\":");
    json_array(b, upper, 2);
    b.text(",\"periodic\":[");
    b.text(box_.is_periodic(0) ? "true," : "false,");
    b.text(box_.is_periodic(1) ? "true]" : "false]");
    b.text(",\n\"radii\":");
    json_array(b, radii_.data(), n);
    b.text(",\n\"times\":[");
    for (std::size_t k = 0; k < times_.size(); ++k) {
      if (k > 0) b.character(',');
      if (std::isfinite(times_[k])) b.number(times_[k]);  // exact: the label shows it
      else b.text("null");
    }
    b.text("],\n\"x\":[");
    for (std::size_t k = 0; k < times_.size(); ++k) {
      b.text(k > 0 ? ",\n" : "\n");
      json_array(b, positions_.data() + 2 * n * k, 2 * n);
    }
    b.text("],\n\"speed\":[");
    for (std::size_t k = 0; k < times_.size(); ++k) {
      b.text(k > 0 ? ",\n" : "\n");
      json_array(b, speeds_.data() + n * k, n);
    }
    b.text("]}");
  }

  box<T, 2> box_;
  html_viewer_params params_;
  std::vector<T> radii_;
  std::vector<double> times_;
  std::vector<float> positions_;  // frame-major, x and y interleaved
  std::vector<float> speeds_;     // frame-major
};

}  // namespace carom
