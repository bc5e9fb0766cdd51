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
#include "carom/contact/concepts.hpp"
#include "carom/contact/calibration.hpp"
#include "carom/contact/power_law.hpp"
#include "carom/contact/materials.hpp"
#include "carom/contact/observables.hpp"
#include "carom/contact/time_step.hpp"
