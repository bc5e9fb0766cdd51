// SPDX-License-Identifier: MIT
#pragma once
/// Checkpoints (docs/restart.md): the whole dynamic state of an engine in a
/// versioned binary file, so that a run stopped, moved to another machine
/// and loaded into an engine constructed the same way (same box, particles,
/// parameters, policies and law) continues bit for bit. The file of a
/// carom::dem engine whose particles were added or removed carries them:
/// loading replaces the engine's by them.
///
///     carom::save_checkpoint(engine, "run.ckpt");  // atomic: temporary, then rename
///     carom::load_checkpoint(engine, "run.ckpt");  // all or nothing
///
/// carom::checkpoint_series writes one every K steps (or pair collisions)
/// as an output callable of carom::run_with_output, keeping the last M.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <fstream>
#include <istream>
#include <ostream>
#include <span>
#include <string>
#include <system_error>
#include <utility>

#include "carom/core/error.hpp"
#include "carom/io/checkpoint_format.hpp"
#include "carom/io/detail/checkpoint_dem.hpp"
#include "carom/io/detail/checkpoint_event_driven.hpp"
#include "carom/io/detail/checkpoint_impulse.hpp"
#include "carom/io/text.hpp"

namespace carom {

/// An engine that can be saved and loaded: carom::event_driven (with
/// carom::neighbour_lists or carom::cell_lists), carom::dem and
/// carom::impulse_stepped.
template <class Engine>
concept checkpointable_engine = requires {
  { detail::checkpoint_access<Engine>::kind } -> std::convertible_to<checkpoint_engine>;
};

namespace detail {

// carom::dem writes header flags (checkpoint_particle_set), which change
// its fingerprint and payload; the other engines write none.
template <class Engine>
concept checkpoint_with_flags = requires(const Engine& e, std::uint32_t flags) {
  { checkpoint_access<Engine>::flags(e) } -> std::same_as<std::uint32_t>;
  { checkpoint_access<Engine>::fingerprint(e, flags) } -> std::same_as<std::uint64_t>;
};

/// The header of a save of `e` with `flags`.
template <checkpointable_engine Engine>
[[nodiscard]] checkpoint_identity identity_of(const Engine& e, std::uint32_t flags) {
  using access = checkpoint_access<Engine>;
  std::uint64_t fingerprint = 0;
  if constexpr (checkpoint_with_flags<Engine>) fingerprint = access::fingerprint(e, flags);
  else fingerprint = access::fingerprint(e);
  return {sizeof(typename Engine::scalar_type), Engine::space_dimension, access::kind, flags,
          fingerprint};
}

/// The flags a save of `e` writes.
template <checkpointable_engine Engine>
[[nodiscard]] std::uint32_t checkpoint_flags_of(const Engine& e) {
  if constexpr (checkpoint_with_flags<Engine>) return checkpoint_access<Engine>::flags(e);
  else return 0;
}

}  // namespace detail

/// Writes the engine's state to `out` (binary). Does not change the engine:
/// in particular it does not synchronise an event-driven engine's clocks,
/// which would change the rounding of the rest of the run. Throws
/// carom::io_error if the stream fails.
template <checkpointable_engine Engine>
void save_checkpoint(const Engine& engine, std::ostream& out) {
  const auto id = detail::identity_of(engine, detail::checkpoint_flags_of(engine));
  detail::write_checkpoint(out, id, [&](detail::checkpoint_writer& w) {
    detail::checkpoint_access<Engine>::save(engine, w);
  });
  out.flush();
  if (!out) throw io_error("carom::save_checkpoint: writing the stream failed");
}

/// Writes the engine's state to `path` without ever leaving a partial file
/// there: it writes `path` + ".partial" in the same directory, flushes and
/// closes it, then renames it over `path` (an existing checkpoint stays
/// whole until then). Throws carom::io_error, removing the partial file,
/// if a step fails.
template <checkpointable_engine Engine>
void save_checkpoint(const Engine& engine, const std::filesystem::path& path) {
  std::filesystem::path partial = path;
  partial += ".partial";
  try {
    {
      std::ofstream out(partial, std::ios::binary | std::ios::trunc);
      if (!out) throw io_error("carom::save_checkpoint: cannot open '" + partial.string() + "'");
      save_checkpoint(engine, out);
      out.close();
      if (!out) throw io_error("carom::save_checkpoint: cannot close '" + partial.string() + "'");
    }
    std::error_code error;
    std::filesystem::rename(partial, path, error);
    if (error)
      throw io_error("carom::save_checkpoint: cannot rename '" + partial.string() + "' to '" +
                     path.string() + "': " + error.message());
  } catch (...) {
    std::error_code ignored;
    std::filesystem::remove(partial, ignored);
    throw;
  }
}

/// Replaces the engine's whole dynamic state by the checkpoint read from
/// `in`. Throws carom::invalid_input naming the cause, and changes
/// nothing, for: a stream that is not a checkpoint, another format
/// version, a truncated file, a checksum mismatch (corruption), another
/// scalar type, dimension or engine, another fingerprint (the engine's
/// types, parameters or box differ from the writer's), particles whose
/// count, radius, mass, moment of inertia or id differ from the engine's,
/// or a payload whose values are out of range. A carom::dem file written
/// after dem::add() or dem::remove() carries its particles instead: they
/// replace the engine's, and the file is rejected for a particle that
/// dem::add() would reject (but for its place) or ids given twice.
template <checkpointable_engine Engine>
void load_checkpoint(Engine& engine, std::istream& in) {
  const detail::checkpoint_contents file = detail::read_checkpoint(
      in, [&](std::uint32_t flags) { return detail::identity_of(std::as_const(engine), flags); });
  detail::checkpoint_reader reader(file.payload);
  if constexpr (detail::checkpoint_with_flags<Engine>)
    detail::checkpoint_access<Engine>::load(engine, reader, file.flags);
  else
    detail::checkpoint_access<Engine>::load(engine, reader);
}

/// load_checkpoint from a file; also throws carom::invalid_input, changing
/// nothing, if it cannot be opened.
template <checkpointable_engine Engine>
void load_checkpoint(Engine& engine, const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  detail::require(in.is_open(), "carom::load_checkpoint: cannot open '", path.string(), "'");
  load_checkpoint(engine, in);
}

/// An output callable (carom::run_with_output) that saves a checkpoint
/// whenever the engine has gone `every` steps (time-stepped engines) or
/// pair collisions (event-driven) past the last one, to
/// `<stem>.<count>.ckpt` with the count zero-padded to 12 digits, and
/// deletes all but the newest `keep`.
class checkpoint_series {
 public:
  /// Throws carom::invalid_input for every = 0 or keep = 0.
  checkpoint_series(std::filesystem::path stem, std::uint64_t every, std::size_t keep = 2)
      : stem_(std::move(stem)), every_(every), keep_(keep) {
    detail::require(every > 0, "carom::checkpoint_series: every must be > 0");
    detail::require(keep > 0, "carom::checkpoint_series: keep must be > 0");
  }

  template <checkpointable_engine Engine>
  void operator()(const Engine& engine) {
    const std::uint64_t count = count_of(engine);
    if (!started_ || count < last_) {  // first call, or counters reset
      started_ = true;
      last_ = count;
      return;
    }
    if (count - last_ < every_) return;
    std::string digits = std::to_string(count);
    digits.insert(0, digits.size() < 12 ? 12 - digits.size() : 0, '0');
    std::filesystem::path file = stem_;
    file += "." + digits + ".ckpt";
    save_checkpoint(engine, file);
    last_ = count;
    if (written_.empty() || written_.back() != file) written_.push_back(file);
    while (written_.size() > keep_) {
      std::error_code ignored;
      std::filesystem::remove(written_.front(), ignored);
      written_.pop_front();
    }
  }

  /// The checkpoints kept, oldest first.
  [[nodiscard]] const std::deque<std::filesystem::path>& files() const noexcept { return written_; }

 private:
  template <class Engine>
  [[nodiscard]] static std::uint64_t count_of(const Engine& engine) {
    if constexpr (requires { engine.steps(); }) return engine.steps();
    else return engine.pair_collisions();
  }

  std::filesystem::path stem_;
  std::uint64_t every_;
  std::size_t keep_;
  bool started_ = false;
  std::uint64_t last_ = 0;
  std::deque<std::filesystem::path> written_;
};

}  // namespace carom
