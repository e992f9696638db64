"""Figure 11 = supplementary Fig. S1 (App. B.3, uncaptioned): random Fourier features of the expected product
kernel on univariate Gaussians; mean, max and sd of |K - K_hat| against the number of features D."""

from __future__ import annotations

import pandas as pd

from statmech_bayes.figures.kjit.claims import fig11_claims
from statmech_bayes.figures.kjit.common import load
from statmech_bayes.reporting.plotstyle import use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = ("s1.n", "claims.slope_z", "claims.s1_mean500_atol", "claims.s1_mean10000_atol", "claims.s1_max500_atol")


def make(layout: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    d = load(layout["s1"])
    D = d["D"]
    reps = d["mean_abs"].shape[1]
    fig, ax = plt.subplots(figsize=(5.6, 3.8))
    rows = []
    for key, lab, col in (("mean_abs", "avg entry diff", "tab:blue"), ("max_abs", "max entry diff", "tab:red"),
                          ("sd_abs", "std of entry diff", "tab:green")):
        m, s = d[key].mean(1), d[key].std(1)
        ax.errorbar(D, m, yerr=s, color=col, marker="o", ms=3, capsize=2, label=lab)
        rows += [(key, int(a), float(b), float(c)) for a, b, c in zip(D, m, s)]
    ax.set(xlabel="D (random features)", ylabel=r"$|K - \hat K|$",
           title=f"Fig. S1: n={int(cfg['s1']['n'])}, repeats={reps}")
    ax.legend(frameon=True)
    fig.tight_layout()

    rec = fig11_claims(d, cfg)
    return fig, pd.DataFrame(rows, columns=["statistic", "D", "mean_over_repeats", "sd_over_repeats"]), rec
