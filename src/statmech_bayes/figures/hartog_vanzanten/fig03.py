"""Figure 3: the small-world graph (ring of 1000, rewiring 0.25, largest component) with the observed labels;
white nodes are unobserved."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.figures.hartog_vanzanten.claims import fig3_claims
from statmech_bayes.reporting.plotstyle import note_box, use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = ("smallworld.layout_seed", "smallworld.frac_missing")


def make(inputs: dict, cfg: dict):
    import matplotlib.pyplot as plt
    from matplotlib.collections import LineCollection

    use_style()
    d, _ = load_npz(inputs["data"])
    sw = cfg["smallworld"]
    xy, e, y, obs = d["xy"], d["edges"], d["y"], d["observed"]
    n = y.size
    fig, ax = plt.subplots(figsize=(6.4, 6.2))
    ax.add_collection(LineCollection(xy[e], colors="0.75", linewidths=0.4, zorder=1))
    colour = np.where(y == 1, "tab:blue", "tab:red")
    for sel, lab in ((obs & (y == 1), "observed label 1"), (obs & (y == 0), "observed label 0")):
        ax.scatter(*xy[sel].T, s=9, c=colour[sel], edgecolors="none", zorder=2, label=lab)
    ax.scatter(*xy[~obs].T, s=11, c="white", edgecolors="k", linewidths=0.5, zorder=3, label="unobserved")
    ax.set_aspect("equal")
    ax.axis("off")
    ax.legend(loc="upper left", fontsize=7, markerscale=1.5)
    note_box(ax, f"LCC of a rewired ring ({n} nodes, graph seed {int(d['graph_seed'])});\n"
                 f"spring layout (seed {sw['layout_seed']}): our choice", loc="lower right")
    fig.tight_layout()
    frame = pd.DataFrame({"vertex": np.arange(1, n + 1), "ring_index": d["ring_index"], "x": xy[:, 0],
                          "y": xy[:, 1], "label": y, "observed": obs.astype(int)})

    return fig, frame, fig3_claims(d, cfg)
