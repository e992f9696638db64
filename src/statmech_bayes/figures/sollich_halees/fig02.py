"""Figure 2: posterior variance ε(x, D) along [0, 1] for the RBF covariance, l = 0.1, σ² = 0.05, after
n = 2 (left; n = 100 also drawn) and n = 100 (right) random uniform training inputs."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.core.claims import RELATION, ClaimsRecord, Reading
from statmech_bayes.core.plotstyle import note_box, use_style
from statmech_bayes.figures.sollich_halees import PAPER


def make(inputs: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    d, _ = load_npz(inputs["posterior"])
    f2 = cfg["fig2"]
    s2, l = float(f2["sigma2"]), float(f2["l"])
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

    rec = ClaimsRecord("sollich_halees/fig2", PAPER)
    depth = s2 / (1 + s2)
    x2 = np.sort(X[:n_small])
    sep = float(np.diff(x2).min()) if n_small > 1 else np.inf
    for xi in x2:
        near = np.abs(x - xi) < l
        rec.close(f"n={n_small}: minimum of eps(x,D) in the dent at x_i = {xi:.3f}",
                  "at the centre of each dent it is reduced to a much smaller value, eps(x,D) ~ sigma^2/(1 + sigma^2) "
                  "(this approximation holds as long as the different training inputs are sufficiently far away from "
                  "each other)",
                  float(e_s[near].min()), depth, rtol=0.02,
                  note=f"separation of the {n_small} points: {sep:.3f} = {sep / l:.2f} l; 2% = the grid and "
                       "the other point's residual influence at > 3 l")
    far = np.min(np.abs(x[:, None] - x2[None, :]), axis=1) > 4 * l
    rec.within(f"n={n_small}: smallest eps(x,D) farther than 4 l from every training input",
               "Outside the dents, eps(x,D) still has essentially its prior value, eps(x,D) = 1", float(e_s[far].min()),
               lower=0.99, note=f"{far.mean():.0%} of [0,1] is farther than 4 l")
    rec.within(f"n={n_large}: max over x of eps(x,D) / sigma^2", "the plot on the left actually also includes the "
               "results for n = 100, just visible below the dashed line at eps(x,D) = sigma^2", float(e_l.max() / s2),
               upper=1.0, kind=RELATION)
    # "of order sigma^2": the same order of magnitude, read as within one decade of sigma^2 and as rounding to
    # the same power of ten (within half a decade)
    r = float(e_l.mean() / s2)
    rec.wording(f"n={n_large}: x-average of eps(x,D) / sigma^2", "the covariance dents will cover the input space, "
                "so that eps(x,D) and eps(D) become of order sigma^2; this situation is shown on the right of Figure 2",
                [Reading("within a decade", r, lower=0.1, upper=10.0),
                 Reading("within half a decade", r, lower=10 ** -0.5, upper=10 ** 0.5)],
                note=f"max over x of eps(x,D) / sigma^2 = {e_l.max() / s2:.3g}")
    return fig, pd.DataFrame(rows, columns=["curve", "x", "eps"]), rec
