// SPDX-License-Identifier: MIT
#pragma once
/// The one door to the private state of engines and their parts for
/// checkpoints (io/checkpoint.hpp, docs/restart.md): each of them names
/// `template <class> friend struct detail::checkpoint_access;`, and the
/// checkpoint headers specialise it per engine. Nothing on a hot path goes
/// through it.

namespace carom::detail {

/// Specialised per engine by the checkpoint headers (io/detail/).
template <class Engine>
struct checkpoint_access;

}  // namespace carom::detail
