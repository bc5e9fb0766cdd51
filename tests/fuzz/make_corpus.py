#!/usr/bin/env python3
"""Writes the seed corpus of tests/fuzz/corpus/<target>/ (checked in; run
again only when a fuzzer's leading selector bytes change).

Each fuzzer reads selector bytes first (which solver / engine / law, then
float or double and 2D or 3D, see fuzz_input.hpp's with_config), then the
values of one case. One seed per selector combination, so every branch is
reached from the first run; the body is a fixed pseudo-random pattern
(a 32-bit LCG seeded by the seed's index), so the seeds are reproducible.
"""
import itertools
import pathlib

# target: (selector ranges before the config byte, every config for each
# selector (else the configs take turns), body length in bytes)
TARGETS = {
    "collision_times": ([3], True, 96),
    "impulses": ([3, 3], False, 96),
    "contact_laws": ([8], False, 96),
    "engines": ([6], True, 256),  # up to six particles of ~30 bytes each, then the DEM walls and laws
    "checkpoints": ([5], True, 192),  # then a mode byte and the file, payload or edits
}


def body(index, length):
    state = 2026 + 7919 * index
    out = bytearray()
    for _ in range(length):
        state = (1664525 * state + 1013904223) % 2**32
        out.append(state >> 24)
    return bytes(out)


def main():
    root = pathlib.Path(__file__).resolve().parent / "corpus"
    for target, (selectors, every_config, length) in TARGETS.items():
        folder = root / target
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("seed-*"):
            old.unlink()
        combos = list(itertools.product(*(range(n) for n in selectors)))
        if every_config:
            combos = [(*c, k) for c in combos for k in range(4)]
        else:  # float 2D, float 3D, double 2D, double 3D in turn
            combos = [(*c, i % 4) for i, c in enumerate(combos)]
        for index, (*combo, config) in enumerate(combos):
            name = "seed-" + "-".join(map(str, combo)) + f"-c{config}"
            (folder / name).write_bytes(bytes(combo) + bytes([config]) + body(index, length))


if __name__ == "__main__":
    main()
