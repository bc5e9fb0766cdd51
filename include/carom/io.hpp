// SPDX-License-Identifier: MIT
#pragma once
/// carom's I/O (not in carom/carom.hpp): `#include <carom/io.hpp>`.
/// Trajectory writers and readers, output while a run goes on, checkpoints.

#include "carom/io/checkpoint.hpp"
#include "carom/io/concepts.hpp"
#include "carom/io/html_viewer.hpp"
#include "carom/io/lammps_dump.hpp"
#include "carom/io/observers.hpp"
#include "carom/io/text.hpp"
#include "carom/io/vtk.hpp"
