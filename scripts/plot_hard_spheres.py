#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Plots for docs/event-driven.md from `hard_spheres --json` runs.

    /usr/bin/python3 scripts/plot_hard_spheres.py build/release/examples/hard_spheres docs/images \\
        [--rates docs/data/hard_spheres_rates.csv]

writes docs/images/hard_spheres_compressibility.png (Z = PV/NkT against the
packing fraction, with Carnahan-Starling in 3D and Henderson in 2D; about
half a minute of runs) and, from the CSV of collision rates,
docs/images/hard_spheres_rate_vs_n.png. The CSV is measured (several
minutes, pinned to one core, medians of three runs) by

    /usr/bin/python3 scripts/plot_hard_spheres.py build/release/examples/hard_spheres \\
        --measure-rates docs/data/hard_spheres_rates.csv

Needs matplotlib (Debian: apt-get install python3-matplotlib).
"""
import csv
import json
import os
import shutil
import statistics
import subprocess
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

# (dimension, particles N, packing fractions): 2048 = 4 x 8^3 spheres (FCC),
# 1600 = 40^2 disks; fluid states below freezing (0.494 in 3D, ~0.70 in 2D).
Z_RUNS = ((3, 2048, (0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.48)),
          (2, 1600, (0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.55, 0.6, 0.65)))
Z_COLLISIONS = 200  # per particle, measured after as many for equilibration
RATE_SIZES = (108, 256, 500, 1372, 4000, 10976, 32000, 97556)  # 3D, N = 4 k^3, k = 3 ... 29
RATE_PHI = 0.45


def run(example, *flags, pin=False):
    command = [example, "--json", *map(str, flags)]
    if pin and shutil.which("taskset"):
        command = ["taskset", "-c", "1", *command]
    return json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)


def carnahan_starling(phi):
    return (1 + phi + phi * phi - phi ** 3) / (1 - phi) ** 3


def henderson(phi):
    return (1 + phi * phi / 8) / (1 - phi) ** 2


def plot_compressibility(example, path):
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(7, 7), sharex=True,
                                      gridspec_kw={"height_ratios": [3, 2]})
    for (dim, n, phis), color in zip(Z_RUNS, ("C0", "C1")):
        runs = [run(example, "--dim", dim, "--n", n, "--phi", phi,
                    "--collisions-per-particle", Z_COLLISIONS) for phi in phis]
        exact, name = (carnahan_starling, "Carnahan–Starling") if dim == 3 else (henderson, "Henderson")
        grid = [phis[-1] * i / 200 for i in range(201)]
        top.plot(grid, [exact(x) for x in grid], "-", color=color, lw=1.2, label=f"{dim}D: {name}")
        x = [r["packing_fraction"] for r in runs]
        z = [r["compressibility"] for r in runs]
        label = f"{dim}D: carom, N = {runs[0]['particles']:.0f}"
        top.plot(x, z, "o", color=color, ms=5, mfc="none", label=label)
        bottom.plot(x, [(zi / exact(xi) - 1) * 100 for xi, zi in zip(x, z)], "o-", color=color,
                    ms=4, mfc="none", lw=0.8, label=label)
    top.set_yscale("log")
    top.set_ylabel("Z = PV / (N kT)")
    top.grid(True, which="both", alpha=0.3)
    top.legend(fontsize=8)
    bottom.axhline(0, color="k", lw=0.6)
    bottom.axhspan(-2, 2, color="grey", alpha=0.12, label="validation test tolerance (2 %)")
    bottom.set_xlabel("packing fraction φ")
    bottom.set_ylabel("Z / equation of state − 1  [%]")
    bottom.grid(True, alpha=0.3)
    bottom.legend(fontsize=7)
    fig.suptitle("Elastic hard spheres and disks, periodic box, "
                 f"{Z_COLLISIONS} collisions per particle:\n"
                 "virial pressure against the equations of state")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def measure_rates(example, path):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w", newline="", encoding="utf-8") as f:
        f.write(f"# hard_spheres --json --phi {RATE_PHI}, 3D periodic, pinned with taskset -c 1, "
                f"median of 3; load {os.getloadavg()[0]:.2f} at the start\n")
        writer = csv.writer(f)
        writer.writerow(["search", "particles", "collisions_per_second", "collisions_per_particle"])
        for search, flags in (("neighbour_lists", ()), ("cell_lists", ("--search", "cell_lists"))):
            for n in RATE_SIZES:
                per_particle = max(50, round(2e6 / n))
                runs = [run(example, "--n", n, "--phi", RATE_PHI,
                            "--collisions-per-particle", per_particle,
                            "--seed", seed, *flags, pin=True) for seed in (1, 2, 3)]
                rate = statistics.median(r["collisions_per_second"] for r in runs)
                writer.writerow([search, f"{runs[0]['particles']:.0f}", f"{rate:.4g}", per_particle])
                f.flush()
                print(search, runs[0]["particles"], rate, flush=True)


def plot_rates(csv_path, path):
    with open(csv_path, encoding="utf-8") as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for search, marker in (("neighbour_lists", "o-"), ("cell_lists", "s--")):
        points = [(int(r["particles"]), float(r["collisions_per_second"]))
                  for r in rows if r["search"] == search]
        if points:
            n, rate = zip(*points)
            ax.semilogx(n, [x / 1e6 for x in rate], marker, mfc="none", label=f"carom::{search}")
    ax.set_ylim(bottom=0)
    ax.set_xlabel("number of spheres N")
    ax.set_ylabel("collisions per second [millions]")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    ax.set_title(f"Event-driven hard spheres, φ = {RATE_PHI}, one core:\n"
                 "the cost per collision hardly grows with N (O(log N) queue, local search)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main():
    args = sys.argv[1:]
    if len(args) == 3 and args[1] == "--measure-rates":
        measure_rates(args[0], args[2])
        return
    if len(args) not in (2, 4) or (len(args) == 4 and args[2] != "--rates"):
        sys.exit(__doc__)
    os.makedirs(args[1], exist_ok=True)
    plot_compressibility(args[0], os.path.join(args[1], "hard_spheres_compressibility.png"))
    if len(args) == 4:
        plot_rates(args[3], os.path.join(args[1], "hard_spheres_rate_vs_n.png"))


if __name__ == "__main__":
    main()
