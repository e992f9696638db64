"""Figure 1: incoming messages m_{z_i->f} to the logistic factor on the four UCI data sets (every f->z
invocation of the sampling-only EP runs of Experiment 5): mean against log precision."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.figures.kjit.claims import fig1_claims
from statmech_bayes.figures.kjit.common import NAMES, load
from statmech_bayes.reporting.plotstyle import note_box, use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = ("exp5.datasets", "exp5.n_sweeps", "claims.ks_diverse_min")

STYLE = {"banknote": ("m", "^"), "blood_transfusion": ("b", "x"), "fertility": ("r", "o"),
         "ionosphere": ("k", ".")}


def make(layout: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    names = list(cfg["exp5"]["datasets"])
    data = {nm: load(layout["sampling"][nm]) for nm in names}
    fig, ax = plt.subplots(figsize=(8.0, 3.2))
    rows = []
    for nm in names:
        mu, var = data[nm]["msg_mu"], data[nm]["msg_var"]
        lp = -np.log(var)
        col, mk = STYLE[nm]
        ax.plot(mu, lp, mk, color=col, ms=3.5 if mk != "." else 2.5, mfc="none" if mk == "o" else col,
                mew=0.7, label=NAMES[nm], alpha=0.8)
        rows += [(nm, float(a), float(b)) for a, b in zip(mu, lp)]
    ax.set(xlabel=r"mean of $m_{z_i\to f}$", ylabel=r"log precision of $m_{z_i\to f}$")
    ax.legend(loc="upper right", frameon=True, markerscale=1.5)
    note_box(ax, "every f->z invocation of sampling-only EP (10 sweeps, parallel schedule);\n"
                 "the stripe at mean 0: first-sweep messages (prior cavity)", loc="upper left")
    fig.tight_layout()

    rec = fig1_claims(data, cfg)
    return fig, pd.DataFrame(rows, columns=["dataset", "mean", "log_precision"]), rec
