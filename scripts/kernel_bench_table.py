#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Markdown table of the collision-kernel benchmark medians.

Reads the JSON written by
  bench_collision_kernels --benchmark_filter=^BM_ --benchmark_repetitions=5 \
      --benchmark_report_aggregates_only=true \
      --benchmark_out=<file> --benchmark_out_format=json
and prints, for each kernel x scalar x dimension, the median CPU time of the
single call (ns, calls per second) and of the batch (ns per item, items per
second; an item is a pair, or a particle for time_to_plane and
time_to_leave_cell), each with its ratio to the hand-written raw baseline
(carom time / raw time: above 1, carom is slower).

Usage: python3 scripts/kernel_bench_table.py <file.json>
"""
import json
import re
import sys

KERNELS = [
    ("time_to_contact", "", "time_to_contact"),
    ("resolve_collision", "carom::elastic", "resolve_collision, elastic"),
    ("resolve_collision", "carom::constant_restitution", "resolve_collision, e = 0.8"),
    ("time_to_plane", "", "time_to_plane"),
    ("time_to_leave_cell", "", "time_to_leave_cell"),
]
NAME = re.compile(r"^BM_(raw_)?(\w+)_(single|batch)<(float|double), ([23])(?:, (.+))?>$")


def medians(path):
    with open(path) as f:
        data = json.load(f)
    table = {}
    for b in data["benchmarks"]:
        if b.get("aggregate_name") != "median":
            continue
        m = NAME.match(b["run_name"])
        if not m:
            continue
        raw, kernel, mode, scalar, dim, resolver = m.groups()
        resolver = re.sub(r"<.*>$", "", resolver or "")
        key = (kernel, resolver, mode, scalar, dim, bool(raw))
        table[key] = (b["cpu_time"], b.get("items_per_second", 0.0), b["time_unit"])
    return data.get("context", {}), table


def ns(time, unit):
    return time * {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}[unit]


def main(path):
    context, table = medians(path)
    batch_items = 4096
    print("| kernel | T | D | single, ns | calls/s | raw, ns | ratio "
          "| batch, ns/item | items/s | raw, ns/item | ratio |")
    print("|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|")
    for kernel, resolver, label in KERNELS:
        for scalar in ("float", "double"):
            for dim in ("2", "3"):
                def get(mode, raw):
                    return table[(kernel, resolver, mode, scalar, dim, raw)]
                s, s_rate, su = get("single", False)
                sr, _, sru = get("single", True)
                b, b_rate, bu = get("batch", False)
                br, _, bru = get("batch", True)
                s, sr = ns(s, su), ns(sr, sru)
                b, br = ns(b, bu) / batch_items, ns(br, bru) / batch_items
                print(f"| {label} | {scalar} | {dim} | {s:.1f} | {s_rate:.3g} | {sr:.1f} | {s / sr:.2f} "
                      f"| {b:.2f} | {b_rate:.3g} | {br:.2f} | {b / br:.2f} |")
    load = context.get("load_avg")
    if load:
        print(f"\n(load average at start: {', '.join(f'{x:.2f}' for x in load)})")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
