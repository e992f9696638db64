"""Figure 12 = supplementary Fig. S2 (App. B.6, uncaptioned): ||K - K_hat||_F / n of the two-stage random
features of the Gaussian kernel on mean embeddings, on a grid of inner (D_in) and outer (D_out) feature counts."""

from __future__ import annotations

import pandas as pd

from statmech_bayes.figures.kjit.claims import fig12_claims
from statmech_bayes.figures.kjit.common import load
from statmech_bayes.reporting.plotstyle import use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = ("s2.n", "s2.repeats", "claims.s2_out100_atol", "claims.s2_out700_atol")


def make(layout: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    d = load(layout["s2"])
    Di, Do, E = d["D_in"], d["D_out"], d["fro_err"]
    fig, ax = plt.subplots(figsize=(5.6, 4.0))
    cs = ax.contourf(Do, Di, E, levels=12, cmap="viridis")
    fig.colorbar(cs, ax=ax, label=r"$\|K-\hat K\|_F / n$")
    ax.set(xlabel=r"outer features $D_{out}$", ylabel=r"inner features $D_{in}$",
           title=f"Fig. S2: n={int(cfg['s2']['n'])}, repeats={int(cfg['s2']['repeats'])}")
    fig.tight_layout()
    rows = [(int(a), int(b), float(E[i, j])) for i, a in enumerate(Di) for j, b in enumerate(Do)]

    rec = fig12_claims(d, cfg)
    return fig, pd.DataFrame(rows, columns=["D_in", "D_out", "fro_err_over_n"]), rec
