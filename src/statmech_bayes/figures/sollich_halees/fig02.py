"""Figure 2: posterior variance ε(x, D) along [0, 1] for the RBF covariance, l = 0.1, σ² = 0.05, after
n = 2 (left; n = 100 also drawn) and n = 100 (right) random uniform training inputs."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.figures.sollich_halees.claims import fig2_claims
from statmech_bayes.reporting.plotstyle import note_box, use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = ("fig2.sigma2", "fig2.n", "fig2.l", "claims.dent_rtol", "claims.prior_floor", "claims.far_over_l")


def make(inputs: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    d, _ = load_npz(inputs["posterior"])
    f2 = cfg["fig2"]
    s2 = float(f2["sigma2"])
    n_small, n_large = (int(v) for v in f2["n"])
    x, e_s, e_l, X = d["x"], d["eps_small"], d["eps_large"], d["x_train"]
    fig, (a, b) = plt.subplots(1, 2, figsize=(8.4, 3.3))
    a.plot(x, e_s, "k-", lw=1.3, label=f"n = {n_small}")
    a.plot(x, e_l, color="tab:blue", lw=1.0, label=f"n = {n_large}")
    a.plot(X[:n_small], np.zeros(n_small), "k^", ms=5, clip_on=False)
    for ax in (a, b):
        ax.axhline(s2, color="k", ls="--", lw=0.9)
        ax.set(xlim=(0, 1), xlabel="$x$", ylabel=r"$\epsilon(x,D)$")
    a.set_ylim(0, 1.05)
    b.plot(x, e_l, color="tab:blue", lw=1.1)
    b.plot(X[:n_large], np.zeros(n_large), "|", color="0.4", ms=6, clip_on=False)
    b.set_ylim(0, 0.06)
    a.set_title(rf"$n={n_small}$ (and $n={n_large}$ below $\sigma^2$)", fontsize=9)
    b.set_title(rf"$n={n_large}$", fontsize=9)
    a.legend(loc="upper left", bbox_to_anchor=(0.01, 0.6), fontsize=7)
    note_box(b, "non-periodic RBF (caption);\nD of n = 2 is the first 2 of the 100", loc="upper center")
    fig.tight_layout()
    rows = [("n=%d" % n_small, float(p), float(q)) for p, q in zip(x, e_s)]
    rows += [("n=%d" % n_large, float(p), float(q)) for p, q in zip(x, e_l)]

    rec = fig2_claims(d, cfg)
    return fig, pd.DataFrame(rows, columns=["curve", "x", "eps"]), rec
