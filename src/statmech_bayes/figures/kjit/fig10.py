"""Figure 10 (App. C): log KL error of the batch operator of Experiment 1 against its log predictive variance
(output 1, the mean of q_{f->z}), training set (black dots) and test set (red crosses)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.figures.kjit.claims import fig10_claims, proper_sets
from statmech_bayes.figures.kjit.common import load
from statmech_bayes.reporting.plotstyle import note_box, use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = (
    "claims.corner_right", "claims.corner_bottom", "claims.q_error", "claims.q_confident", "claims.corr_min",
    "claims.overfit_max",
)


def make(layout: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    d = load(layout["fit"])
    _, fails, sets = proper_sets(d)
    cl = cfg["claims"]
    right, bottom = float(cl["corner_right"]), float(cl["corner_bottom"])
    show = {k: np.arange(v[0].size)[:: max(1, v[0].size // 1000)][:1000] for k, v in sets.items()}
    fig, ax = plt.subplots(figsize=(5.6, 4.0))
    ax.plot(*(a[show["train"]] for a in sets["train"]), "k.", ms=3, label="Training set")
    ax.plot(*(a[show["test"]] for a in sets["test"]), "rx", ms=3.5, mew=0.7, label="Test set")
    xs = np.concatenate([v[0] for v in sets.values()])
    ys = np.concatenate([v[1] for v in sets.values()])
    xl = (float(xs.min()) - 1.0, max(5.0, float(xs.max()) + 1.0))
    yl = (min(float(ys.min()), -4.0) - 1.8, float(ys.max()) + 0.8)   # room for the note below the data
    xr0, yr0 = float(xs.max() - right * np.ptp(xs)), float(ys.min() + bottom * np.ptp(ys))
    ax.fill_between([xr0, xl[1]], yl[0], yr0, color="0.9", zorder=0,
                    label=f"confident but wrong (right {right:.0%} x bottom {bottom:.0%} of the ranges)")
    ax.set(xlim=xl, ylim=yl)
    ax.set(xlabel=r"$\log\,\mathrm{KL}[q_{f\to z_i}\,\|\,\hat q_{f\to z_i}]$", ylabel="Log predictive variance",
           title=r"KL error vs predictive variance (mean of $q_{f\to z_i}$)")
    ax.legend(loc="upper left", frameon=True)
    note_box(ax, "up to 1000 points per set shown; all used in the claims;\nvariance: authors' batch formula "
                 f"x'(PP'+lI)^-1 x + l;\npredictions no distribution (not drawn, counted as wrong): train "
                 f"{fails['train']}, test {fails['test']}", loc="lower right")
    fig.tight_layout()
    rows = [(k, float(a), float(b)) for k, (x, y) in sets.items() for a, b in zip(x[show[k]], y[show[k]])]

    rec = fig10_claims(d, cfg)
    return fig, pd.DataFrame(rows, columns=["set", "log_kl", "log_pred_var"]), rec
