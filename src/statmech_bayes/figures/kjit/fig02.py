"""Figure 2: the factor graph of binary logistic regression; the logistic factor (red) is the one the
kernel-based operator learns. A schematic: its claims check the structure that the EP engine relies on."""

from __future__ import annotations

import pandas as pd

from statmech_bayes.figures.kjit.claims import fig2_claims
from statmech_bayes.reporting.plotstyle import note_box, use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = ()

# name: (kind, x, y, label); kinds: var (latent), obs (observed variable), fac (factor), lfac (learnt factor)
NODES = {
    "w": ("var", 3.0, 3.3, r"$\mathbf{w}$"),
    "x": ("obs", 1.0, 2.0, r"$x_i$"),
    "dot": ("fac", 3.0, 2.0, r"$\cdot$"),
    "z": ("var", 4.6, 2.0, r"$z_i$"),
    "logistic": ("lfac", 6.2, 2.0, r"$f$"),
    "p": ("var", 7.8, 2.0, r"$p_i$"),
    "bern": ("fac", 9.4, 2.0, ""),
    "y": ("obs", 11.0, 2.0, r"$y_i$"),
}
EDGES = [("w", "dot"), ("x", "dot"), ("dot", "z"), ("z", "logistic"), ("logistic", "p"), ("p", "bern"),
         ("bern", "y")]


def make(layout: dict, cfg: dict):
    import matplotlib.pyplot as plt
    from matplotlib.patches import Circle, FancyBboxPatch, Rectangle

    use_style()
    fig, ax = plt.subplots(figsize=(7.6, 3.0))
    for a, b in EDGES:
        ax.plot([NODES[a][1], NODES[b][1]], [NODES[a][2], NODES[b][2]], "k-", lw=1.0, zorder=1)
    for kind, x, y, label in NODES.values():
        if kind in ("var", "obs"):
            ax.add_patch(Circle((x, y), 0.42, fc="0.8" if kind == "obs" else "white", ec="k", lw=1.2, zorder=2))
        else:
            col = "tab:red" if kind == "lfac" else "k"
            ax.add_patch(Rectangle((x - 0.25, y - 0.25), 0.5, 0.5, fc=col, ec=col, zorder=2))
        if label:
            ax.text(x, y + (0.62 if kind in ("fac", "lfac") else 0), label, ha="center", va="center",
                    fontsize=12, zorder=3, color="tab:red" if kind == "lfac" else "k")
    ax.text(NODES["bern"][1], NODES["bern"][2] + 0.62, "Bernoulli", ha="center", fontsize=8)
    ax.text(NODES["dot"][1] + 0.45, NODES["dot"][2] - 0.55, "dot product", ha="center", fontsize=8)
    ax.add_patch(FancyBboxPatch((0.35, 1.05), 11.3, 1.85, boxstyle="round,pad=0.02", fc="none", ec="0.3", lw=1.0))
    ax.text(11.55, 1.15, r"$i = 1, \ldots, N$", ha="right", va="bottom", fontsize=9)
    ax.annotate(r"$m_{z_i\to f} = \mathcal{N}(z_i;\mu,\sigma^2)$", xy=(5.4, 2.05), xytext=(4.0, 0.45),
                fontsize=9, arrowprops={"arrowstyle": "->", "color": "0.3"})
    ax.annotate(r"$m_{p_i\to f} = \mathrm{Beta}(p_i;\alpha,\beta)$", xy=(7.0, 2.05), xytext=(7.2, 0.45),
                fontsize=9, arrowprops={"arrowstyle": "->", "color": "0.3"})
    ax.set(xlim=(0, 12), ylim=(0, 3.9), aspect="equal")
    ax.axis("off")
    note_box(ax, "schematic; y_i observed, so m_{p_i->f} = Beta(1+y_i, 2-y_i)", loc="upper right")
    fig.tight_layout()
    table = pd.DataFrame([(n, k, x, y) for n, (k, x, y, _) in NODES.items()], columns=["node", "kind", "x", "y"])
    table["neighbours"] = [";".join(sorted({b for a, b in EDGES if a == n} | {a for a, b in EDGES if b == n}))
                           for n in NODES]

    rec = fig2_claims(NODES, EDGES)
    return fig, table, rec
