"""Figure 4: Experiment 2. (a) training-set incoming messages m_{z->f} (mean, log precision) and the two
uncertainty test sets; (b) log predictive variance of the kernel operator (thick) and the random-forest
uncertainty (thin dashed) along the two test sets, with m_{p->f} fixed to Beta(1, 2)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.figures.kjit.claims import fig4_claims
from statmech_bayes.figures.kjit.common import load
from statmech_bayes.reporting.plotstyle import use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = (
    "claims.much_smoother", "claims.reversal_frac", "claims.rf_jump_min", "claims.ends_rise_min",
    "claims.higher_share_min",
)


def make(layout: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    d = load(layout["fit"])
    mu, var = d["train_mu"], d["train_var"]
    keep = ~((np.abs(mu) <= 1e-3) & (np.log(var) > 0))        # drop the first-sweep zero-mean messages
    idx = np.flatnonzero(keep)
    idx = idx[:: max(1, idx.size // 2000)][:2000]
    means = d["grid_means"]
    fig, (a, b) = plt.subplots(1, 2, figsize=(9.0, 3.5))
    a.plot(mu[idx], -np.log(var[idx]), "k*", ms=2.5, label="Training set")
    a.plot(means, d["test1_logprec"], "b-", lw=2, label="Uncertainty test #1")
    a.plot(means, d["test2_logprec"], "m-", lw=2, label="Uncertainty test #2")
    a.set(xlim=(-14, 14), ylim=(-2, 4), xlabel=r"mean of $m_{z_i\to f}$", ylabel="log precision",
          title=r"(a) incoming messages $m_{z_i\to f}$")
    a.legend(loc="upper center", frameon=True, fontsize=6.5, ncol=3)
    k1, k2, r1, r2 = (d[k] for k in ("test1_kernel_logU", "test2_kernel_logU", "test1_rf_logU", "test2_rf_logU"))
    b.plot(means, k1, "b-", lw=2.2, label="Kernel, test #1")
    b.plot(means, k2, "m-", lw=2.2, label="Kernel, test #2")
    top = max(12.0, float(max(k1.max(), k2.max())) + 4.0)
    bottom = min(float(min(k1.min(), k2.min(), r1.min(), r2.min())) - 1.0, -6.0)
    off = []
    for r, col, lab in ((r1, "b", "Random forest, test #1"), (r2, "m", "Random forest, test #2")):
        b.plot(means, np.minimum(r, top), "--", color=col, lw=0.7, label=lab)
        hi = r > top
        if hi.any():
            b.plot(means[hi], np.full(hi.sum(), top), "^", color=col, ms=2.5, clip_on=False)
            off.append(f"{lab[-2:]}: {hi.mean():.0%} of the line above the axis (up to {r.max():.0f})")
    b.grid(True, lw=0.3)
    b.set(xlim=(-13, 13), ylim=(bottom, top), xlabel=r"mean of $m_{z_i\to f}$", ylabel="Log uncertainty",
          title="(b) uncertainty along the test sets")
    b.legend(loc="upper left", bbox_to_anchor=(0.0, 0.95), fontsize=6.5, ncol=1, frameon=True)
    fig.text(0.5, 0.005, "kernel: log(x'(PP'+lI)^-1 x + l), the authors' batch formula; forest: our scikit-learn "
             "re-implementation of Eslami et al.\n(mean KL of the per-tree Gaussians to their average)"
             + ("; forest " + "; ".join(off) + " (triangles at the top)" if off else ""), ha="center", va="bottom", fontsize=6.5)
    fig.tight_layout(rect=(0, 0.07, 1, 1))
    rows = [("train", float(x), float(-np.log(v))) for x, v in zip(mu[idx], var[idx])]
    for name, arr in (("test1_logprec", d["test1_logprec"]), ("test2_logprec", d["test2_logprec"]),
                      ("kernel_test1", k1), ("kernel_test2", k2), ("rf_test1", r1), ("rf_test2", r2)):
        rows += [(name, float(x), float(y)) for x, y in zip(means, arr)]

    rec = fig4_claims(d, cfg)
    return fig, pd.DataFrame(rows, columns=["series", "x", "y"]), rec
