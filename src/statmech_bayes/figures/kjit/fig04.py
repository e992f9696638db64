"""Figure 4: Experiment 2. (a) training-set incoming messages m_{z->f} (mean, log precision) and the two
uncertainty test sets; (b) log predictive variance of the kernel operator (thick) and the random-forest
uncertainty (thin dashed) along the two test sets, with m_{p->f} fixed to Beta(1, 2)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.claims import ClaimsRecord
from statmech_bayes.core.plotstyle import use_style
from statmech_bayes.figures.kjit import PAPER
from statmech_bayes.figures.kjit.common import load


def _steps(u):
    return np.abs(np.diff(u))


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

    rec = ClaimsRecord("kjit/fig4", PAPER)
    rough = lambda u: float(np.abs(np.diff(u, 2)).mean())  # noqa: E731  (mean |second difference|)
    sk, sr = max(rough(k1), rough(k2)), min(rough(r1), rough(r2))
    rec.within("mean |second difference| of the forest's log uncertainty along the test points / the kernel's",
               "the predictive variance reported by the kernel method increases much more smoothly than that of "
               "the random forests", sr / sk, lower=3.0,
               note=f"roughness (mean |second difference|, grid spacing {means[1] - means[0]:.3f}): kernel {sk:.4f} "
                    f"(rougher test set), forest {sr:.4f} (smoother test set); 'much more smoothly' read as a 3x "
                    "smaller roughness. First differences (steepness, not smoothness: the kernel's smooth rise near "
                    f"mean 6 is steep) give {min(_steps(r1).mean(), _steps(r2).mean()):.3f} vs "
                    f"{max(_steps(k1).mean(), _steps(k2).mean()):.3f}")
    jump = float(max(_steps(r1).max(), _steps(r2).max()))
    rec.within("largest jump of the forest's log uncertainty between neighbouring test points",
               "the uncertainty estimates of the random forests are highly non-smooth; uncertainty on nearby "
               "points may vary wildly", jump, lower=1.0,
               note=f"kernel's largest jump {max(_steps(k1).max(), _steps(k2).max()):.3f}")
    for name, k in (("#1", k1), ("#2", k2)):
        ends = min(k[0], k[-1])
        rec.within(f"kernel, test {name}: log uncertainty at the ends of the line minus its minimum",
                   "as the mean of the test message moves away from the region densely sampled by the training "
                   "data, the predictive variance reported by the kernel method increases", float(ends - k.min()),
                   lower=3.0, note=f"minimum {k.min():.2f} at mean {means[np.argmin(k)]:.2f}; ends {k[0]:.2f}, "
                                   f"{k[-1]:.2f}; 'increases' read as by more than 3 (a factor e^3)")
    frac = float(np.mean(k1 > k2))
    rec.within("fraction of the test points where the kernel uncertainty of #1 exceeds that of #2",
               "our method clearly exhibits a higher uncertainty on the test set #1 than on the test set #2",
               frac, lower=0.5, note=f"mean difference {np.mean(k1 - k2):.2f}")
    return fig, pd.DataFrame(rows, columns=["series", "x", "y"]), rec
