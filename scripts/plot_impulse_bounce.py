#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The bouncing-ball figure of docs/impulse-mode.md.

    /usr/bin/python3 scripts/plot_impulse_bounce.py build/release/examples docs/images

runs `impulse_bounce` from the given examples directory (impulse mode with
exact parabolic flights), reads the same example's output from before those
flights (straight flights between half kicks of gravity) from
docs/data/impulse_bounce_before.csv, or the CSV given as a third argument,
and writes docs/images/impulse_bounce_apex.png: the apex after each bounce
against the bounce number, one colour per dt. Needs matplotlib (Debian:
apt-get install python3-matplotlib).

The CSV is the example compiled against the headers of commit 4ed0c55^, the
last one with straight flights:

    git worktree add --detach /tmp/before 4ed0c55^
    g++ -std=c++20 -O2 -I/tmp/before/include -Iexamples examples/impulse_bounce.cpp

then its output with the columns joined by commas under a "dt,n,apex"
header (and git worktree remove /tmp/before).
"""
import csv
import os
import subprocess
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

BEFORE = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "docs", "data",
                      "impulse_bounce_before.csv")


def series_of(rows):
    """{dt: ([n...], [apex...])} from rows (dt, n, apex)."""
    points = defaultdict(list)
    for dt, n, apex in rows:
        points[float(dt)].append((int(n), float(apex)))
    return {dt: tuple(zip(*sorted(p))) for dt, p in points.items()}


def after_rows(example):
    text = subprocess.run([example], check=True, capture_output=True, text=True).stdout
    return [line.split() for line in text.splitlines() if line.strip() and not line.startswith("#")]


def before_rows(path):
    with open(path, newline="") as f:
        lines = [line for line in f if line.strip() and not line.startswith("#")]
    return [(r["dt"], r["n"], r["apex"]) for r in csv.DictReader(lines)]


def plot(after, before, path):
    fig, ax = plt.subplots(figsize=(7, 5.6))
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    # The three "after" lines coincide at 1: drawn thick to thin to show all.
    widths = [5.0, 3.0, 1.3]
    for k, dt in enumerate(sorted(before)):
        n, apex = before[dt]
        ax.plot(n, apex, "o--", color=colors[k], ms=5, mfc="none", lw=1,
                label=f"dt = {dt:g}: straight flights, half kicks (before)")
    for k, dt in enumerate(sorted(after)):
        n, apex = after[dt]
        ax.plot(n, apex, "-", color=colors[k], lw=widths[k % len(widths)], alpha=0.8,
                solid_capstyle="butt", label=f"dt = {dt:g}: exact parabolas (now)")
    ax.set_ylim(0.95, 1.25)
    ax.set_xticks(range(0, 1 + max(max(n) for n, _ in list(after.values()) + list(before.values()))))
    ax.set_xlabel("bounce n  (apex of the flight after the n-th bounce; n = 0: the drop)")
    ax.set_ylabel("apex height of the ball's bottom [m]")
    ax.grid(True, alpha=0.3)
    # Below the axes: the data fill the plot. Column 1 before, column 2 now.
    ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=2)
    ax.set_title("Impulse mode, ball dropped from h = 1 m, e = 1, g = 9.81 m/s²:\n"
                 "apex after each bounce, measured at step ends", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit("usage: plot_impulse_bounce.py EXAMPLES_DIR OUTPUT_DIR [BEFORE_CSV]")
    examples, output = sys.argv[1], sys.argv[2]
    before = sys.argv[3] if len(sys.argv) == 4 else BEFORE
    os.makedirs(output, exist_ok=True)
    plot(series_of(after_rows(os.path.join(examples, "impulse_bounce"))),
         series_of(before_rows(before)), os.path.join(output, "impulse_bounce_apex.png"))


if __name__ == "__main__":
    main()
