#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Plots for docs/dem.md from the DEM examples' output.

    /usr/bin/python3 scripts/plot_dem.py build/release/examples docs/images

runs `bounce` and `incline --sweep` from the given examples directory and
writes docs/images/dem_bounce_heights.png and
docs/images/dem_incline_acceleration.png. Needs matplotlib (Debian:
apt-get install python3-matplotlib).
"""
import math
import os
import subprocess
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

G = 9.81
THETA = math.pi / 6


def rows_of(command):
    text = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return [line.split() for line in text.splitlines() if line.strip() and not line.startswith("#")]


def plot_bounce(rows, path):
    series = defaultdict(list)
    for e, n, apex, predicted, _, bounce_e in rows:
        series[float(e)].append((int(n), float(apex), float(predicted), float(bounce_e)))
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(7, 7), sharex=True,
                                      gridspec_kw={"height_ratios": [3, 2]})
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for k, (e, points) in enumerate(sorted(series.items())):
        n, apex, predicted, bounce_e = zip(*points)
        top.semilogy(n, predicted, "-", color=colors[k], lw=1.2, label=f"e = {e:g}: $e^{{2n}} h_1$")
        top.semilogy(n, apex, "o", color=colors[k], ms=5, mfc="none", label=f"e = {e:g}: simulated")
        bottom.plot(n[1:], [(b / e - 1) * 1e3 for b in bounce_e[1:]], "o-", color=colors[k],
                    ms=4, mfc="none", lw=0.8, label=f"e = {e:g}")
    top.set_ylabel("apex height above the floor [m]")
    top.grid(True, which="both", alpha=0.3)
    top.legend(fontsize=7, ncol=2)
    bottom.axhline(0, color="k", lw=0.6)
    bottom.set_xlabel("bounce n  (apex n is the height after n impacts)")
    bottom.set_ylabel("bounce's e / target − 1  [1e-3]")
    bottom.grid(True, alpha=0.3)
    bottom.legend(fontsize=7)
    fig.suptitle("DEM ball dropped from 5 cm (Hertz, no tension, dt = t_c/100):\n"
                 "apex heights $h_{n+1} = e^{2n} h_1$")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def analytical(mu, k):
    s, c = math.sin(THETA), math.cos(THETA)
    if k is None:
        return max(0.0, G * (s - mu * c))
    return G * (s - mu * c) if mu < k / (1 + k) * math.tan(THETA) else G * s / (1 + k)


def plot_incline(rows, path):
    shapes = {"block": ("block (rotation locked)", None, "s"),
              "sphere": ("sphere, 3D (I = 2/5 m r²)", 2 / 5, "o"),
              "disk": ("disk, 2D (I = 1/2 m r²)", 1 / 2, "^")}
    data = defaultdict(list)
    for shape, mu, simulated, exact in rows:
        data[shape].append((float(mu), float(simulated), float(exact)))
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(7, 7), sharex=True,
                                      gridspec_kw={"height_ratios": [3, 2]})
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    grid = [0.7 * i / 700 for i in range(701)]
    for k, (shape, (label, inertia, marker)) in enumerate(shapes.items()):
        mu, simulated, exact = zip(*data[shape])
        top.plot(grid, [analytical(m, inertia) for m in grid], "-", color=colors[k], lw=1.2)
        top.plot(mu, simulated, marker, color=colors[k], ms=5, mfc="none", label=label)
        scale = G * math.sin(THETA)
        bottom.plot(mu, [(s - x) / scale * 1e12 for s, x in zip(simulated, exact)], marker + "-",
                    color=colors[k], ms=4, mfc="none", lw=0.8, label=label)
    tan = math.tan(THETA)
    for value, text in ((2 / 7 * tan, "2/7 tan θ"), (1 / 3 * tan, "1/3 tan θ"), (tan, "tan θ")):
        top.axvline(value, color="grey", lw=0.6, ls=":")
        top.text(value, 0.2, " " + text, fontsize=7, color="grey", rotation=90, va="bottom")
    top.set_ylabel("acceleration along the slope [m/s²]")
    top.grid(True, alpha=0.3)
    top.legend(fontsize=8, loc="upper right",
               title="lines: g(sin θ − μ cos θ), 5/7 g sin θ, 2/3 g sin θ", title_fontsize=7)
    bottom.axhline(0, color="k", lw=0.6)
    bottom.set_xlabel("friction coefficient μ")
    bottom.set_ylabel("(simulated − analytical) / (g sin θ)  [1e-12]")
    bottom.grid(True, alpha=0.3)
    fig.suptitle("DEM incline, θ = 30°: sliding below the slip threshold, rolling above it")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: plot_dem.py EXAMPLES_DIR OUTPUT_DIR")
    examples, output = sys.argv[1], sys.argv[2]
    os.makedirs(output, exist_ok=True)
    plot_bounce(rows_of([os.path.join(examples, "bounce")]),
                os.path.join(output, "dem_bounce_heights.png"))
    plot_incline(rows_of([os.path.join(examples, "incline"), "--sweep"]),
                 os.path.join(output, "dem_incline_acceleration.png"))


if __name__ == "__main__":
    main()
