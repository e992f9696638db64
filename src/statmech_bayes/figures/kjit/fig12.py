"""Figure 12 = supplementary Fig. S2 (App. B.6, uncaptioned): ||K - K_hat||_F / n of the two-stage random
features of the Gaussian kernel on mean embeddings, on a grid of inner (D_in) and outer (D_out) feature counts."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.claims import ClaimsRecord
from statmech_bayes.core.plotstyle import use_style
from statmech_bayes.figures.kjit import PAPER
from statmech_bayes.figures.kjit.common import load


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

    rec = ClaimsRecord("kjit/fig12", PAPER)
    gain_out = float(np.mean(E[:, 0] - E[:, -1]))     # going from the smallest to the largest D_out
    gain_in = float(np.mean(E[0, :] - E[-1, :]))
    rec.holds("mean error reduction from the smallest to the largest D_out vs from the smallest to the largest "
              "D_in", "The result suggests that D_out has more effect in improving the approximation",
              [gain_out, gain_in], gain_out > gain_in, "reduction along D_out > reduction along D_in",
              note=f"D_out {int(Do[0])}->{int(Do[-1])}, D_in {int(Di[0])}->{int(Di[-1])}")
    has = {100, 700} <= set(Do.tolist())
    j100 = int(np.flatnonzero(Do == 100)[0]) if 100 in Do else 0
    j700 = int(np.flatnonzero(Do == 700)[0]) if 700 in Do else -1
    rec.close("||K - K_hat||_F / n at D_out = 100 (mean over D_in)", "Fig. S2: about 0.065 at D_out = 100",
              float(E[:, j100].mean()), 0.065, atol=0.02, decidable=has, note="read from the published figure")
    rec.close("||K - K_hat||_F / n at D_out = 700 (mean over D_in)", "Fig. S2: about 0.02 at D_out = 700",
              float(E[:, j700].mean()), 0.02, atol=0.01, decidable=has, note="read from the published figure")
    return fig, pd.DataFrame(rows, columns=["D_in", "D_out", "fro_err_over_n"]), rec
