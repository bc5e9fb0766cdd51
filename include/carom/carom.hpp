// SPDX-License-Identifier: MIT
#pragma once
/// The whole of carom (I/O aside): `#include <carom/carom.hpp>`.

#include "carom/config.hpp"
#include "carom/core/concepts.hpp"
#include "carom/core/error.hpp"
#include "carom/core/math.hpp"
#include "carom/core/vec.hpp"
#include "carom/geometry/box.hpp"
#include "carom/geometry/plane.hpp"
#include "carom/particles/particles.hpp"
#include "carom/collision/concepts.hpp"
#include "carom/collision/impulse.hpp"
#include "carom/collision/time_to_contact.hpp"
#include "carom/collision/time_to_leave_cell.hpp"
#include "carom/collision/time_to_plane.hpp"
#include "carom/collision/time_to_travel.hpp"
