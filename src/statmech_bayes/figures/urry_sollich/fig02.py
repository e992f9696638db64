"""Figure 2: distribution of local prior variances under global normalisation, graph vs cavity (Sec 3.2, 4.2)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.figures.urry_sollich.claims import fig2_bins, fig2_claims, fig2_distribution
from statmech_bayes.figures.urry_sollich.common import ENSEMBLE_LABELS, by_ensemble
from statmech_bayes.reporting.plotstyle import use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = ("fig2.bin_width", "kernel.p", "kernel.a", "claims.fig2")

INSET_X = {"er3": (2.0, 4.5), "pl": (1.0, 4.5)}


def make(inputs: dict, us: dict):
    import matplotlib.pyplot as plt

    use_style()
    graphs, kappas = by_ensemble(inputs["graphs"]), by_ensemble(inputs["kappa"])
    w = us["fig2"]["bin_width"]
    bins = fig2_bins(us)
    centres = 0.5 * (bins[1:] + bins[:-1])
    ens_list = list(graphs)
    fig, axes = plt.subplots(1, len(ens_list), figsize=(5.0 * len(ens_list), 3.8))
    axes = np.atleast_1d(axes)
    rows = []
    for ax, ens in zip(axes, ens_list):
        g, kap = graphs[ens], kappas[ens]
        _, C, _, h_graph, h_cav = fig2_distribution(g, kap, bins)
        ax.bar(centres, h_graph, width=w, color="0.7", label=f"single graph, V={C.size}")
        ax.step(centres, h_cav, where="mid", color="k", lw=0.8, label="cavity, large V")
        ax.set(xlim=(0, float(us["claims"]["fig2"]["x_max"])), ylim=(0, 3.5), xlabel=r"$C_{ii}$", ylabel=r"$p(C_{ii})$")
        ax.set_title(ENSEMBLE_LABELS.get(ens, ens), fontsize=8.5)
        ax.legend(loc="upper right", fontsize=7, bbox_to_anchor=(1.0, 0.62), title_fontsize=6.5,
                  title=f"bin width {w:g}; spikes are delta peaks\n(their height depends on the bin width)")
        ins = ax.inset_axes([0.45, 0.66, 0.52, 0.32])
        lo, hi = INSET_X.get(ens, (1.0, 4.5))
        sel = (centres >= lo) & (centres <= hi)
        ins.bar(centres[sel], np.maximum(h_graph[sel], 1e-12), width=w, color="0.7")
        ins.step(centres[sel], np.maximum(h_cav[sel], 1e-12), where="mid", color="k", lw=0.7)
        ins.set(yscale="log", ylim=(1e-4, 1), xlim=(lo, hi))
        ins.tick_params(labelsize=6)
        rows += [(ens, "graph", float(x), float(y)) for x, y in zip(centres, h_graph)]
        rows += [(ens, "cavity", float(x), float(y)) for x, y in zip(centres, h_cav)]
    fig.tight_layout()
    return fig, pd.DataFrame(rows, columns=["panel", "curve", "C_ii", "density"]), fig2_claims(graphs, kappas, us)

