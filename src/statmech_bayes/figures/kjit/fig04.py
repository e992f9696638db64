"""Figure 4: Experiment 2. (a) training-set incoming messages m_{z->f} (mean, log precision) and the two
uncertainty test sets; (b) log predictive variance of the kernel operator (thick) and the random-forest
uncertainty (thin dashed) along the two test sets, with m_{p->f} fixed to Beta(1, 2)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.claims import ClaimsRecord, Reading
from statmech_bayes.core.plotstyle import use_style
from statmech_bayes.figures.kjit import PAPER
from statmech_bayes.figures.kjit.common import load


def _steps(u):
    return np.abs(np.diff(u))


# "Much more smoothly" (Sec. 4, Exp. 2), read before the data were looked at, with two measures of roughness that do
# not depend on the spacing of the test grid (a second difference does: it shrinks as h^2 on a smooth curve and not at
# all on a jagged one, so any ratio of them grows without bound as the grid is refined). Both converge as the grid is
# refined, for a smooth curve and for the forest's piecewise-constant one alike, and both are invariant to shifting
# or scaling the log uncertainty:
#  * traversals: total variation / range (1 for a monotone curve, 2 for a U; many for a curve that jumps up and down);
#  * reversals: changes of direction by more than REVERSAL of the curve's range (a zig-zag count with hysteresis,
#    so wiggles below 5 % of the range are not counted).
# "much more smoothly" = the forest's measure at least MUCH times the kernel's, on each test set separately.
MUCH = 3.0
REVERSAL = 0.05


def traversals(u) -> float:
    """Total variation of ``u`` over its range (grid-independent as the grid is refined)."""
    u = np.asarray(u, float)
    rng = float(np.ptp(u))
    return float(np.abs(np.diff(u)).sum() / rng) if rng > 0 else 1.0


def reversals(u, frac: float = REVERSAL) -> int:
    """Number of changes of direction of ``u`` by more than ``frac`` of its range (hysteresis)."""
    u = np.asarray(u, float)
    h = frac * float(np.ptp(u))
    if h <= 0:
        return 0
    n, direction, hi, lo, ext = 0, 0, u[0], u[0], u[0]
    for x in u[1:]:
        if direction == 0:                        # until the first move by more than h: track both extremes
            hi, lo = max(hi, x), min(lo, x)
            if hi - x > h:
                direction, ext = -1, x
            elif x - lo > h:
                direction, ext = 1, x
        elif direction == 1:
            if x > ext:
                ext = x
            elif ext - x > h:
                n, direction, ext = n + 1, -1, x
        else:
            if x < ext:
                ext = x
            elif x - ext > h:
                n, direction, ext = n + 1, 1, x
    return n


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
    for name, k, r in (("#1", k1, r1), ("#2", k2, r2)):
        tk, tr = traversals(k), traversals(r)
        nk, nr = reversals(k), reversals(r)
        rec.wording(f"test {name}: roughness of the forest's log uncertainty along the test line / the kernel's",
                    "the predictive variance reported by the kernel method increases much more smoothly than that of "
                    "the random forests",
                    [Reading("total variation / range, forest over kernel", tr / tk, lower=MUCH),
                     Reading(f"reversals by > {REVERSAL:.0%} of the range, forest over max(kernel, 1)",
                             nr / max(nk, 1), lower=MUCH)],
                    note=f"kernel: {tk:.2f} traversals, {nk} reversals; forest: {tr:.2f} traversals, {nr} reversals; "
                         f"'much more' = at least {MUCH:g}x, fixed before the data; both measures converge as the grid "
                         f"is refined (grid spacing here {means[1] - means[0]:.3f})")
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
