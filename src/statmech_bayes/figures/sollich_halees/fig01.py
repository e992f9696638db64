"""Figure 1: samples from GP priors on [0,1]², OU (left) and RBF (right), l = 0.1 (non-periodic kernels,
as in the caption), drawn on a regular grid."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.figures.sollich_halees.claims import fig1_claims
from statmech_bayes.reporting.plotstyle import use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = ("fig1.l", "claims.se_factor", "claims.rough_ratio")


def make(inputs: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    data, _ = load_npz(inputs["samples"])
    f1 = cfg["fig1"]
    g, l = data["grid"], float(f1["l"])
    fig = plt.figure(figsize=(9.0, 4.0))
    rows = []
    X1, X2 = np.meshgrid(g, g, indexing="ij")
    for p, kern in enumerate(("ou", "rbf")):
        F = data[f"{kern}_samples"]
        ax = fig.add_subplot(1, 2, p + 1, projection="3d")
        ax.plot_surface(X1, X2, F[0], cmap="viridis", rstride=1, cstride=1, linewidth=0.1, edgecolor="0.3",
                        antialiased=False)
        ax.set(xlabel="$x_1$", ylabel="$x_2$", zlabel=r"$\theta(x)$", zlim=(-3.5, 3.5))
        ax.set_title(("OU" if kern == "ou" else "RBF") + rf", $l={l:g}$", fontsize=9)
        ax.view_init(elev=35, azim=-60)
        rows += [(kern, float(a), float(b), float(c)) for a, b, c in zip(X1.ravel(), X2.ravel(), F[0].ravel())]
        S = F.shape[0]
    rec = fig1_claims(data, cfg)
    fig.text(0.5, 0.02, f"{g.size}x{g.size} grid (unstated); first of {S} samples shown; other samples feed the claims",
             ha="center", fontsize=7, color="0.3")
    fig.subplots_adjust(left=0.0, right=0.95, bottom=0.08, top=0.93, wspace=0.12)
    return fig, pd.DataFrame(rows, columns=["kernel", "x1", "x2", "theta"]), rec
