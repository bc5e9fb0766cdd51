#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Plots for docs/contact-laws.md from `restitution_calibration --table`.

    /usr/bin/python3 scripts/plot_contact_laws.py \
        build/release/examples/restitution_calibration docs/images

writes docs/images/contact_restitution_vs_speed.png and
docs/images/contact_phase_portraits.png. The first argument may also be a
file holding the example's --table output. Needs matplotlib (Debian:
apt-get install python3-matplotlib).
"""
import os
import subprocess
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

CONVENTIONS = ("unclipped", "no_tension")
TITLES = {"unclipped": "unclipped force", "no_tension": "no tension (force clipped at 0)"}


def read_rows(source):
    if os.access(source, os.X_OK) and not source.endswith(".txt"):
        text = subprocess.run([source, "--table"], check=True, capture_output=True,
                              text=True).stdout
    else:
        with open(source, encoding="utf-8") as f:
            text = f.read()
    return [line.split() for line in text.splitlines() if line and not line.startswith("#")]


def plot_restitution(rows, path):
    curves = defaultdict(lambda: defaultdict(list))
    for _, convention, p, e, v0, closed, scaled, fixed in (r for r in rows if r[0] == "restitution"):
        curve = curves[convention][(float(p), float(e))]
        curve.append((float(v0), float(closed), float(scaled), float(fixed)))
    dashpots = defaultdict(lambda: defaultdict(list))
    for _, convention, p, e, v0, measured in (r for r in rows if r[0] == "dashpot"):
        dashpots[convention][float(e)].append((float(v0), float(measured)))
    fig, axes = plt.subplots(2, 2, figsize=(11, 7.5), sharex=True,
                             gridspec_kw={"height_ratios": [3, 2]})
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for column, convention in enumerate(CONVENTIONS):
        top, bottom = axes[0][column], axes[1][column]
        ps = sorted({p for p, _ in curves[convention]})
        lowest = min(e for _, e in curves[convention])
        for (p, e), points in sorted(curves[convention].items()):
            color = colors[ps.index(p) % len(colors)]
            v0, closed, scaled, fixed = zip(*points)
            top.plot(v0, closed, "-", color=color, lw=1.5,
                     label=f"p = {p:g} (Tsuji damping)" if e == lowest else None)
            top.plot(v0, scaled, "o", color=color, ms=3, mfc="none")
            bottom.plot(v0, [(s - e) * 1e3 for s in scaled], "o-", color=color, ms=3, mfc="none",
                        lw=0.8, label=f"p = {p:g}, dt = t_c/50" if e == lowest else None)
            bottom.plot(v0, [(f - e) * 1e3 for f in fixed], "x--", color=color, ms=4, lw=0.8,
                        label=f"p = {p:g}, one dt" if e == lowest else None)
        for e, points in sorted(dashpots[convention].items()):
            v0, measured = zip(*points)
            top.plot(v0, measured, "k--", lw=1,
                     label="p = 1.5, constant dashpot" if e == lowest else None)
        top.set_title(TITLES[convention])
        top.set_ylim(0, 1)
        top.grid(True, which="both", alpha=0.3)
        bottom.set_xscale("log")
        bottom.set_xlabel("impact speed v0 [m/s]")
        bottom.grid(True, which="both", alpha=0.3)
    axes[0][0].set_ylabel("coefficient of restitution e")
    axes[1][0].set_ylabel("Verlet e - target  [1e-3]")
    axes[0][0].legend(loc="lower right", fontsize=7,
                      title="lines: closed form, o: Verlet dt = t_c/50", title_fontsize=7)
    axes[1][0].legend(loc="lower right", fontsize=6, ncol=2)
    fig.suptitle("Calibrated power-law contacts: e does not depend on the impact speed "
                 "(targets 0.3 and 0.8)\n"
                 "one dt: the dt recommended for v0 = 100 m/s, used at every speed")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def plot_phase(rows, path):
    curves = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    for _, convention, p, e, source, x, v in (r for r in rows if r[0] == "phase"):
        curves[convention][float(p)][source].append((float(x), float(v)))
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.4), sharey=True)
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for ax, convention in zip(axes, CONVENTIONS):
        for i, (p, sources) in enumerate(sorted(curves[convention].items())):
            x, v = zip(*sources["closed_form"])
            ax.plot(x, v, "-", color=colors[i], lw=1.5, label=f"p = {p:g}")
            x, v = zip(*sources["verlet"])
            ax.plot(x, v, ".", color=colors[i], ms=3)
        ax.axhline(0, color="k", lw=0.5)
        ax.set_xlabel("overlap / maximum overlap")
        ax.set_title(TITLES[convention])
        ax.grid(True, alpha=0.3)
    axes[0].set_ylabel("overlap rate / v0")
    axes[0].legend(fontsize=8, title="line: closed form\ndots: Verlet, t_c/40")
    fig.suptitle("Phase portraits, e = 0.5: loading (upper) and unloading (lower) branches")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    rows = read_rows(sys.argv[1])
    os.makedirs(sys.argv[2], exist_ok=True)
    plot_restitution(rows, os.path.join(sys.argv[2], "contact_restitution_vs_speed.png"))
    plot_phase(rows, os.path.join(sys.argv[2], "contact_phase_portraits.png"))


if __name__ == "__main__":
    main()
