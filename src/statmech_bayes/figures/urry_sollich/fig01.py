"""Figure 1: the random walk kernel on 3-regular trees (left) and random 3-regular graphs (right)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.figures.urry_sollich.claims import fig1_claims, fig1_summary
from statmech_bayes.randomwalk.tree import cycle_threshold, tree_kernel_limit
from statmech_bayes.reporting.plotstyle import note_box, use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = (
    "fig1.d", "fig1.V", "fig1.left_a", "fig1.right_a", "fig1.limit_log2_p", "fig1.p_over_a_max", "fig1.n_graphs",
    "claims.fig1",
)


def make(inputs: dict, us: dict):
    """Plot Fig. 1 from the cached tree and graph data; return ``(figure, plotted-data table, claims)``."""
    import matplotlib.pyplot as plt

    tree, graphs, prm = load_npz(inputs["tree"])[0], load_npz(inputs["graphs"])[0], us["fig1"]
    use_style()
    d, V = prm["d"], prm["V"]
    thr = cycle_threshold(V, d)
    fig, (axl, axr) = plt.subplots(1, 2, figsize=(9.0, 3.6))
    rows = []
    l = tree["left_l"]
    colors = plt.cm.viridis(np.linspace(0, 0.9, len(tree["left_p"])))
    for p, C, c in zip(tree["left_p"], tree["left_C"], colors):
        axl.plot(l, C, "-o", ms=2.5, color=c, label=f"p={p}")
        rows += [("left", f"p={p}", float(x), float(y)) for x, y in zip(l, C)]
    C_inf = tree_kernel_limit(d, l)
    axl.plot(l, C_inf, "k--", lw=1.5, label=r"p=$\infty$ (Eq. 5)")
    rows += [("left", "p=inf", float(x), float(y)) for x, y in zip(l, C_inf)]
    axl.set(xlabel="l", ylabel=r"$C_{l,p}$", xlim=(0, l[-1]), ylim=(0, 1))
    axl.legend(ncol=2, fontsize=6.5, loc="upper right")
    axl.set_title(f"{d}-regular tree, a = {prm['left_a']:g}")

    styles = {0: ("tab:blue",), 1: ("tab:red",), 2: ("tab:green",)}
    K_summary = fig1_summary(tree, graphs, prm)
    for i, (a, (pg, K, _se, pt, Ct)) in enumerate(K_summary.items()):
        col = styles.get(i, ("k",))[0]
        axr.plot(pt / a, Ct, "-", color=col, label=f"a={a:g}, V=$\\infty$")
        axr.plot(pg / a, K, "--", color=col, label=f"a={a:g}, V={V}")
        rows += [("right", f"tree a={a:g}", float(x), float(y)) for x, y in zip(pt / a, Ct)]
        rows += [("right", f"graphs a={a:g} V={V}", float(x), float(y)) for x, y in zip(pg / a, K)]
    axr.axvline(thr, color="0.4", lw=0.8, ls=":")
    axr.text(thr * 1.06, 0.3, r"$\log(V)/\log(d-1)$", fontsize=7, color="0.3", rotation=90)
    axr.set(xscale="log", xlabel="p/a", ylabel=r"$K_{1,p}$, $C_{1,p}$", xlim=(1, prm["p_over_a_max"]), ylim=(0.1, 1.02))
    axr.legend(loc="upper left", fontsize=7)
    axr.set_title(f"random {d}-regular graphs ({prm['n_graphs']} graphs) vs tree")
    note_box(axr, f"V={V}: mean over edges and {prm['n_graphs']} graphs\n(graph count unstated in paper)",
             loc="center right")
    fig.tight_layout()

    table = pd.DataFrame(rows, columns=["panel", "curve", "x", "y"])
    return fig, table, fig1_claims(tree, graphs, us)

