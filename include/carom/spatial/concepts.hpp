// SPDX-License-Identifier: MIT
#pragma once
/// Concepts of the spatial layer: how carom::event_driven finds the
/// particles a given one may hit. A search policy gives every particle a
/// *cage*, an axis-aligned box it stays in until a cage-exit event, and a
/// set of candidates that contains every particle it could touch while both
/// stay in their cages. Models: carom::neighbour_lists (default) and
/// carom::cell_lists. The time-stepped engines use carom::verlet_list (DEM)
/// and carom::swept_grid (impulse mode); all four are built on
/// detail::linked_cells (spatial/linked_cells.hpp).

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "carom/core/concepts.hpp"
#include "carom/core/vec.hpp"
#include "carom/geometry/box.hpp"

namespace carom {

/// Image code of a candidate: the engine takes the minimum image of x_j − x_i.
struct nearest_image {};
/// Image code of a candidate: x_j − x_i needs no periodic shift.
struct same_image {};

namespace detail {

/// A callable that accepts every image code a search may pass (archetype).
template <scalar T, std::size_t D>
struct candidate_visitor_archetype {
  void operator()(std::uint32_t, nearest_image) const noexcept {}
  void operator()(std::uint32_t, same_image) const noexcept {}
  void operator()(std::uint32_t, const vec<T, D>&) const noexcept {}
};

}  // namespace detail

/// A neighbour-search policy of carom::event_driven. P is a small options
/// aggregate (e.g. carom::neighbour_lists{.cage_half_width = 0.2}) whose
/// member template `P::type<T, D>` is the search itself, constructible from
/// (box, σ_max, options). For a search `s`, positions `x`, particle `i`,
/// corners `lower`, `upper`, axis `a`, side or direction `d` (0/1, or ±1)
/// and a radius `r`, the valid expressions are
///   - `s.insert_all(x)`: (re)builds the cages around the positions;
///   - `s.for_each_candidate(i, f)`: f(j, image) for each candidate j, with
///     image carom::nearest_image{}, carom::same_image{} or the periodic
///     shift to add to x_j − x_i;
///   - `s.cage(i, lower, upper)`: i's cage;
///   - `s.may_reach_wall(i, a, d, r)` → bool: false only if i cannot touch
///     the box wall on side d of axis a before it leaves its cage;
///   - `s.leave(i, a, d, x_i)`: i left its cage through the face of axis a
///     in direction d (x_i may be shifted by a box length on periodic axes);
///   - `s.spatial_order()` → std::vector<std::uint32_t> and
///     `s.renumber(order, renumbered)`: a memory order that keeps
///     neighbours close, and the renumbering to it.
template <class P, class T, std::size_t D>
concept event_search = scalar<T> && dimension<D> && std::copy_constructible<P> &&
    requires { typename P::template type<T, D>; } &&
    std::constructible_from<typename P::template type<T, D>, const box<T, D>&, T, const P&> &&
    requires(typename P::template type<T, D>& s, const typename P::template type<T, D>& c,
             std::span<const vec<T, D>> x, std::uint32_t i, vec<T, D>& corner, std::size_t axis,
             int direction, T radius, const std::vector<std::uint32_t>& order) {
  s.insert_all(x);
  c.for_each_candidate(i, detail::candidate_visitor_archetype<T, D>{});
  c.cage(i, corner, corner);
  { c.may_reach_wall(i, axis, direction, radius) } -> std::convertible_to<bool>;
  s.leave(i, axis, direction, corner);
  { c.spatial_order() } -> std::convertible_to<std::vector<std::uint32_t>>;
  s.renumber(order, order);
};

}  // namespace carom
