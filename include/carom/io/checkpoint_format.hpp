// SPDX-License-Identifier: MIT
#pragma once
/// The checkpoint file format (docs/restart.md): a fixed 56-byte header, the
/// engine's payload, and an FNV-1a 64 checksum of everything before it.
/// Every number is written byte by byte, little-endian, whatever the
/// machine; floating-point values as their IEEE-754 bit patterns. Readers
/// check everything before they return and throw carom::invalid_input
/// naming the cause.
///
///   offset  bytes  field
///        0      8  magic "CAROMCKP"
///        8      4  format version (1)
///       12     12  carom version: major, minor, patch
///       24      4  scalar size in bytes (4: float, 8: double)
///       28      4  dimension (2 or 3)
///       32      4  engine kind (carom::checkpoint_engine)
///       36      4  flags (checkpoint_particle_set), 0 by default
///       40      8  fingerprint of the engine's types and parameters
///       48      8  payload length L
///       56      L  payload
///   56 + L      8  checksum of bytes [0, 56 + L) (checkpoint_checksum)

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <istream>
#include <ostream>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "carom/config.hpp"
#include "carom/core/concepts.hpp"
#include "carom/core/error.hpp"
#include "carom/core/vec.hpp"

namespace carom {

/// The engine a checkpoint holds (header field "engine kind").
enum class checkpoint_engine : std::uint32_t { event_driven = 1, dem = 2, impulse_stepped = 3 };

namespace detail {

inline constexpr std::array<char, 8> checkpoint_magic{'C', 'A', 'R', 'O', 'M', 'C', 'K', 'P'};
inline constexpr std::uint32_t checkpoint_format_version = 1;
inline constexpr std::size_t checkpoint_header_size = 56;
inline constexpr const char* checkpoint_reader_name = "carom::load_checkpoint: ";
/// Header flag: the payload carries the particle set (carom::dem after
/// dem::add() or dem::remove()); no other flag exists.
inline constexpr std::uint32_t checkpoint_particle_set = 1;

/// FNV-1a 64 (Fowler, Noll, Vo) of a byte sequence. Bytes are held as
/// char, the type streams read and write.
[[nodiscard]] constexpr std::uint64_t fnv1a64(std::span<const char> bytes,
                                              std::uint64_t hash = 14695981039346656037ULL) noexcept {
  for (const char b : bytes) hash = (hash ^ static_cast<unsigned char>(b)) * 1099511628211ULL;
  return hash;
}

/// The file's checksum: the bytes as little-endian 64-bit words, word i
/// fed to lane i mod 4 by FNV-1a's step h = (h ^ word) · p (Fowler, Noll,
/// Vo); then FNV-1a 64 over the lanes' 32 little-endian bytes and the
/// bytes past the last whole 32-byte block. A word at a time, in four
/// independent chains, checking costs little beside writing
/// (benchmarks/checkpoint.cpp); every step is a bijection of the lane, so
/// a change in one word always changes its lane.
class checkpoint_checksum {
 public:
  void add(std::span<const char> bytes) noexcept {
    std::size_t i = 0;
    if (pending_ > 0) {
      for (; pending_ < block && i < bytes.size(); ++i) block_[pending_++] = bytes[i];
      if (pending_ < block) return;
      mix(block_.data());
      pending_ = 0;
    }
    for (; i + block <= bytes.size(); i += block) mix(bytes.data() + i);
    for (; i < bytes.size(); ++i) block_[pending_++] = bytes[i];
  }
  [[nodiscard]] std::uint64_t value() const noexcept {
    std::array<char, 2 * block> folded{};
    for (std::size_t k = 0; k < block; ++k)
      folded[k] = static_cast<char>((lanes_[k / 8] >> (8 * (k % 8))) & 0xFF);
    std::copy_n(block_.begin(), pending_, folded.begin() + block);
    return fnv1a64(std::span<const char>(folded).first(block + pending_));
  }

 private:
  static constexpr std::size_t block = 32;
  static constexpr std::uint64_t prime = 1099511628211ULL;

  // In locals: stores through a char pointer could alias the members.
  void mix(const char* bytes) noexcept {
    std::array<std::uint64_t, 4> h = lanes_;
    for (std::size_t lane = 0; lane < 4; ++lane) {
      std::uint64_t word = 0;
      for (std::size_t k = 0; k < 8; ++k)
        word |= std::uint64_t(static_cast<unsigned char>(bytes[8 * lane + k])) << (8 * k);
      h[lane] = (h[lane] ^ word) * prime;
    }
    lanes_ = h;
  }

  std::array<std::uint64_t, 4> lanes_{14695981039346656037ULL, 14695981039346656037ULL,
                                      14695981039346656037ULL, 14695981039346656037ULL};
  std::array<char, block> block_{};
  std::size_t pending_ = 0;
};

/// Where a streaming checkpoint_writer sends its bytes: a stream, with the
/// checksum of everything sent.
struct checkpoint_sink {
  std::ostream* out = nullptr;
  checkpoint_checksum sum{};

  void put(std::span<const char> bytes) {
    sum.add(bytes);
    out->write(bytes.data(), std::streamsize(bytes.size()));
  }
};

/// Whether a Value is held in memory as the bytes the format writes for
/// it: IEEE-754 scalars and unsigned integers (and vectors of them without
/// padding) on a little-endian machine. Arrays of those are copied whole.
template <class Value>
inline constexpr bool checkpoint_bytes_as_in_memory = [] {
  bool plain = scalar<Value> || std::is_same_v<Value, std::uint8_t> ||
               std::is_same_v<Value, std::uint32_t> || std::is_same_v<Value, std::uint64_t>;
  if constexpr (requires {
                  Value::size;
                  typename Value::value_type;
                })
    plain = scalar<typename Value::value_type> &&
            sizeof(Value) == Value::size * sizeof(typename Value::value_type);
  return std::endian::native == std::endian::little && plain;
}();

/// Appends little-endian numbers to a byte buffer: one that grows (bytes()
/// then holds them all), or, given a sink, a 64 KiB buffer passed on to it
/// whenever it fills, so that a large checkpoint needs no large allocation
/// (a fresh one costs a page fault per 4 KiB: at N = 1e5 that was most of
/// a save). A counter (counter()) only counts the bytes.
class checkpoint_writer {
 public:
  checkpoint_writer() = default;
  explicit checkpoint_writer(checkpoint_sink& sink) : bytes_(std::size_t(1) << 16), sink_(&sink) {}

  /// A writer that keeps nothing and counts the bytes it is given.
  [[nodiscard]] static checkpoint_writer counter() {
    checkpoint_writer w;
    w.counting_ = true;
    return w;
  }

  void u8(std::uint8_t x) { little_endian(x, 1); }
  void u32(std::uint32_t x) { little_endian(x, 4); }
  void u64(std::uint64_t x) { little_endian(x, 8); }

  template <scalar T>
  void value(T x) {
    if constexpr (sizeof(T) == 4) u32(std::bit_cast<std::uint32_t>(x));
    else u64(std::bit_cast<std::uint64_t>(x));
  }
  template <scalar T, std::size_t D>
  void value(const vec<T, D>& x) {
    for (std::size_t a = 0; a < D; ++a) value(x[a]);
  }
  void value(std::uint8_t x) { u8(x); }
  void value(std::uint32_t x) { u32(x); }
  void value(std::uint64_t x) { u64(x); }
  template <class Value>
  void values(std::span<const Value> xs) {
    if constexpr (checkpoint_bytes_as_in_memory<Value>) {
      copy(xs.data(), xs.size_bytes());
    } else {
      for (const Value& x : xs) value(x);
    }
  }
  void text(std::string_view s) {
    u64(s.size());
    for (const char c : s) u8(static_cast<std::uint8_t>(c));
  }

  /// The bytes written so far (without a sink).
  [[nodiscard]] std::vector<char>& bytes() {
    bytes_.resize(size_);
    return bytes_;
  }

  /// Passes what is buffered to the sink; returns the bytes written in all.
  std::uint64_t finish() {
    spill();
    return sent_;
  }

 private:
  // Through a pointer into the buffer: a push_back per byte made a
  // checkpoint of a DEM bed cost most of 100 steps (benchmarks/checkpoint.cpp).
  void little_endian(std::uint64_t x, std::size_t count) {
    if (counting_) {
      sent_ += count;
      return;
    }
    make_room(count);
    char* out = bytes_.data() + size_;
    for (std::size_t k = 0; k < count; ++k) out[k] = static_cast<char>((x >> (8 * k)) & 0xFF);
    size_ += count;
  }
  void copy(const void* data, std::size_t count) {
    if (counting_) {
      sent_ += count;
      return;
    }
    const auto* from = static_cast<const char*>(data);
    while (count > 0) {
      make_room(std::min(count, std::size_t(4096)));
      const std::size_t piece = std::min(count, bytes_.size() - size_);
      std::memcpy(bytes_.data() + size_, from, piece);
      size_ += piece;
      from += piece;
      count -= piece;
    }
  }
  void make_room(std::size_t count) {
    if (bytes_.size() - size_ >= count) return;
    if (sink_ != nullptr) spill();
    else bytes_.resize(2 * bytes_.size() + count + 4096);
  }
  void spill() {
    if (sink_ != nullptr) sink_->put({bytes_.data(), size_});
    sent_ += size_;
    size_ = 0;
  }

  std::vector<char> bytes_;
  std::size_t size_ = 0;
  std::uint64_t sent_ = 0;
  checkpoint_sink* sink_ = nullptr;
  bool counting_ = false;
};

/// Reads little-endian numbers from a payload; a read past its end or a
/// count larger than the bytes left throws carom::invalid_input.
class checkpoint_reader {
 public:
  explicit checkpoint_reader(std::span<const char> bytes) noexcept : bytes_(bytes) {}

  [[nodiscard]] std::uint8_t u8() { return static_cast<std::uint8_t>(little_endian(1)); }
  [[nodiscard]] std::uint32_t u32() { return static_cast<std::uint32_t>(little_endian(4)); }
  [[nodiscard]] std::uint64_t u64() { return little_endian(8); }

  template <scalar T>
  [[nodiscard]] T real() {
    if constexpr (sizeof(T) == 4) return std::bit_cast<T>(u32());
    else return std::bit_cast<T>(u64());
  }
  template <class Value>
  void read(Value& x) {
    if constexpr (scalar<Value>) {
      x = real<Value>();
    } else if constexpr (std::is_unsigned_v<Value>) {
      x = static_cast<Value>(little_endian(sizeof(Value)));
    } else {
      for (std::size_t a = 0; a < Value::size; ++a) x[a] = real<std::remove_cvref_t<decltype(x[a])>>();
    }
  }
  /// n values into a new vector; n must fit in the bytes left.
  template <class Value>
  [[nodiscard]] std::vector<Value> values(std::uint64_t n, std::size_t bytes_each, const char* what) {
    expect_room(n, bytes_each, what);
    std::vector<Value> out(static_cast<std::size_t>(n));
    if constexpr (checkpoint_bytes_as_in_memory<Value>) {
      const std::size_t size = out.size() * sizeof(Value);
      if (size > 0) std::memcpy(out.data(), bytes_.data() + at_, size);
      at_ += size;
    } else {
      for (Value& x : out) read(x);
    }
    return out;
  }
  [[nodiscard]] std::vector<std::uint32_t> u32s(std::uint64_t n, const char* what) {
    return values<std::uint32_t>(n, 4, what);
  }
  [[nodiscard]] std::vector<std::uint8_t> u8s(std::uint64_t n, const char* what) {
    return values<std::uint8_t>(n, 1, what);
  }

  /// Throws unless every byte was read.
  void finish() const {
    require(at_ == bytes_.size(), checkpoint_reader_name, "malformed payload: ",
            bytes_.size() - at_, " bytes left after the engine state");
  }

 private:
  void expect_room(std::uint64_t n, std::size_t bytes_each, const char* what) const {
    require(n <= (bytes_.size() - at_) / bytes_each, checkpoint_reader_name,
            "malformed payload: ", n, " ", what, " do not fit in the ", bytes_.size() - at_,
            " bytes left");
  }
  std::uint64_t little_endian(std::size_t count) {
    require(bytes_.size() - at_ >= count, checkpoint_reader_name,
            "malformed payload: it ends inside the engine state");
    std::uint64_t x = 0;
    for (std::size_t k = 0; k < count; ++k)
      x |= std::uint64_t(static_cast<unsigned char>(bytes_[at_ + k])) << (8 * k);
    at_ += count;
    return x;
  }

  std::span<const char> bytes_;
  std::size_t at_ = 0;
};

/// What a checkpoint's header says about the engine.
struct checkpoint_identity {
  std::uint32_t scalar_bytes;
  std::uint32_t dimension;
  checkpoint_engine kind;
  std::uint32_t flags;
  std::uint64_t fingerprint;
};

/// Writes the file to `out`: header, payload, checksum. save(writer)
/// writes the payload; it runs twice, first into a counter for the length
/// the header announces, then into `out` through a small buffer.
template <class Save>
void write_checkpoint(std::ostream& out, const checkpoint_identity& id, Save&& save) {
  checkpoint_writer counting = checkpoint_writer::counter();
  save(counting);
  const std::uint64_t length = counting.finish();
  checkpoint_writer w;
  for (const char c : checkpoint_magic) w.u8(static_cast<std::uint8_t>(c));
  w.u32(checkpoint_format_version);
  w.u32(CAROM_VERSION_MAJOR);
  w.u32(CAROM_VERSION_MINOR);
  w.u32(CAROM_VERSION_PATCH);
  w.u32(id.scalar_bytes);
  w.u32(id.dimension);
  w.u32(static_cast<std::uint32_t>(id.kind));
  w.u32(id.flags);
  w.u64(id.fingerprint);
  w.u64(length);
  checkpoint_sink sink{&out};
  sink.put(w.bytes());
  checkpoint_writer payload(sink);
  save(payload);
  [[maybe_unused]] const std::uint64_t written = payload.finish();
  CAROM_ASSERT(written == length);
  checkpoint_writer end;
  end.u64(sink.sum.value());
  out.write(end.bytes().data(), std::streamsize(end.bytes().size()));
}

inline const char* checkpoint_engine_name(std::uint32_t kind) noexcept {
  switch (kind) {
    case 1: return "carom::event_driven";
    case 2: return "carom::dem";
    case 3: return "carom::impulse_stepped";
    default: return "an unknown engine";
  }
}

/// A checkpoint's payload and its header flags.
struct checkpoint_contents {
  std::vector<char> payload;
  std::uint32_t flags;
};

/// Reads a checkpoint from `in` and returns its payload after checking, in
/// order: the magic bytes, the format version, that nothing is missing, the
/// checksum, then scalar type, dimension, engine kind, flags and
/// fingerprint against expected(flags), the identity of the engine's save
/// with the file's flags. Reads the payload in pieces, so a header
/// announcing an absurd length costs no more memory than the stream holds.
template <class Expected>
[[nodiscard]] checkpoint_contents read_checkpoint(std::istream& in, Expected&& expected) {
  const char* const name = checkpoint_reader_name;
  std::vector<char> bytes(checkpoint_header_size);
  in.read(bytes.data(), std::streamsize(bytes.size()));
  const auto got = static_cast<std::size_t>(in.gcount());
  require(got >= checkpoint_magic.size() &&
              std::equal(checkpoint_magic.begin(), checkpoint_magic.end(), bytes.begin()),
          name, "not a carom checkpoint (no CAROMCKP magic bytes)");
  require(got == checkpoint_header_size, name, "truncated: the header ends after ", got, " of ",
          checkpoint_header_size, " bytes");
  checkpoint_reader header(std::span<const char>(bytes).subspan(checkpoint_magic.size()));
  const std::uint32_t version = header.u32();
  require(version == checkpoint_format_version, name, "format version ", version,
          " is not supported (this build reads version ", checkpoint_format_version, ")");
  for (int k = 0; k < 3; ++k) (void)header.u32();  // carom version: informative
  const checkpoint_identity id{header.u32(), header.u32(), checkpoint_engine(header.u32()),
                               header.u32(), header.u64()};
  const std::uint64_t length = header.u64();
  // The payload and the checksum, piece by piece.
  constexpr std::size_t piece = std::size_t(1) << 20;
  std::uint64_t missing = length + 8;
  require(length < missing, name, "truncated: the header announces ", length, " payload bytes");
  while (missing > 0) {
    const std::size_t size = bytes.size();
    const auto ask = static_cast<std::size_t>(std::min<std::uint64_t>(missing, piece));
    bytes.resize(size + ask);
    in.read(bytes.data() + size, std::streamsize(ask));
    const auto read = static_cast<std::size_t>(in.gcount());
    require(read == ask, name, "truncated: the header announces ", length,
            " payload bytes and a checksum, the file ends ", missing - read, " bytes short");
    missing -= ask;
  }
  const std::span<const char> all(bytes);
  const std::uint64_t stored = checkpoint_reader(all.last(8)).u64();
  checkpoint_checksum sum;
  sum.add(all.first(all.size() - 8));
  require(sum.value() == stored, name,
          "checksum mismatch: the file is corrupt");
  const checkpoint_identity want = expected(id.flags);
  require(id.scalar_bytes == want.scalar_bytes, name, "the file holds a ",
          id.scalar_bytes == 4 ? "float" : id.scalar_bytes == 8 ? "double" : "unknown",
          " engine, this one is ", want.scalar_bytes == 4 ? "float" : "double");
  require(id.dimension == want.dimension, name, "the file holds a ", id.dimension,
          "D engine, this one is ", want.dimension, "D");
  require(id.kind == want.kind, name, "the file holds ",
          checkpoint_engine_name(static_cast<std::uint32_t>(id.kind)), ", this engine is ",
          checkpoint_engine_name(static_cast<std::uint32_t>(want.kind)));
  require((id.flags & ~checkpoint_particle_set) == 0, name, "unknown header flags ", id.flags,
          " (this build knows only ", checkpoint_particle_set, ", the particle set)");
  require(id.flags == 0 || id.kind == checkpoint_engine::dem, name,
          "the particle-set flag is set, but only carom::dem writes it");
  require(id.fingerprint == want.fingerprint, name,
          "fingerprint mismatch: the file was written by an engine with other policies, contact "
          "law, resolver, parameters or box");
  bytes.erase(bytes.end() - 8, bytes.end());
  bytes.erase(bytes.begin(), bytes.begin() + checkpoint_header_size);
  return {std::move(bytes), id.flags};
}

/// The name of type T as the compiler spells it (part of a fingerprint).
template <class T>
[[nodiscard]] constexpr std::string_view checkpoint_type_name() noexcept {
  const std::string_view f = __PRETTY_FUNCTION__;
  const std::size_t start = f.find("T = ") + 4;
  const std::size_t end = std::min(f.find(';', start), f.rfind(']'));
  return f.substr(start, end - start);
}

}  // namespace detail
}  // namespace carom
