"""Figure 10 (App. C): log KL error of the batch operator of Experiment 1 against its log predictive variance
(output 1, the mean of q_{f->z}), training set (black dots) and test set (red crosses)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.claims import ClaimsRecord, Reading
from statmech_bayes.core.plotstyle import note_box, use_style
from statmech_bayes.figures.kjit import PAPER
from statmech_bayes.figures.kjit.common import load

# "No point lies at the bottom right, i.e. making a large error while being confident" (App. C), read before the data
# were looked at, relative to the data rather than at absolute log levels (our KL errors and variances need not sit
# on the published scale; an absolute box at -4 / -4 passes trivially when our errors are smaller):
#  * the plot's corner: the published region (log KL > -4, log variance < -4 on axes -25..5 x -6..2) is the right
#    30 % of the x-range and the bottom 25 % of the y-range; here the same fractions of the data's ranges;
#  * by rank: the 1 % largest errors (above the 99th percentile of log KL) among the 25 % most confident predictions
#    (below the 25th percentile of log predictive variance); under independence 0.25 % of the points would be there.
# "no point" read literally: zero points in the region, in both readings.
# A prediction that is no distribution (the paper's target (E z, E z^2) with E z^2 - (E z)^2 <= 0; NaN log KL) is a
# failed prediction, decided before the numbers were seen: it cannot be drawn, but it is an error larger than any
# finite one, so it counts in the "large error" side of both readings (a confident improper prediction is confident
# but wrong); the correlation and the train/test means are over the proper predictions, the failures counted beside.
RIGHT, BOTTOM = 0.30, 0.25
Q_ERROR, Q_CONFIDENT = 99.0, 25.0


def confident_but_wrong(x, y) -> tuple[int, int]:
    """Points in the bottom-right region: (by the plot's ranges, by rank). ``x`` NaN (an improper prediction) is a
    larger error than any finite one; the ranges and percentiles of ``x`` are of its finite values."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    bad = ~np.isfinite(x)
    xf = x[~bad]
    with np.errstate(invalid="ignore"):
        corner = (bad | (x > xf.max() - RIGHT * np.ptp(xf))) & (y < y.min() + BOTTOM * np.ptp(y))
        ranked = (bad | (x > np.percentile(xf, Q_ERROR))) & (y < np.percentile(y, Q_CONFIDENT))
    return int(corner.sum()), int(ranked.sum())


def make(layout: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    d = load(layout["fit"])
    raw = {"train": (d["log_kl_train"], d["logU_train"]), "test": (d["log_kl_test"], d["logU_test"])}
    fails = {k: int(np.sum(~np.isfinite(x))) for k, (x, _) in raw.items()}
    sets = {k: (np.asarray(x, float)[np.isfinite(x)], np.asarray(y, float)[np.isfinite(x)]) for k, (x, y) in raw.items()}
    show = {k: np.arange(v[0].size)[:: max(1, v[0].size // 1000)][:1000] for k, v in sets.items()}
    fig, ax = plt.subplots(figsize=(5.6, 4.0))
    ax.plot(*(a[show["train"]] for a in sets["train"]), "k.", ms=3, label="Training set")
    ax.plot(*(a[show["test"]] for a in sets["test"]), "rx", ms=3.5, mew=0.7, label="Test set")
    xs = np.concatenate([v[0] for v in sets.values()])
    ys = np.concatenate([v[1] for v in sets.values()])
    xl = (float(xs.min()) - 1.0, max(5.0, float(xs.max()) + 1.0))
    yl = (min(float(ys.min()), -4.0) - 1.8, float(ys.max()) + 0.8)   # room for the note below the data
    xr0, yr0 = float(xs.max() - RIGHT * np.ptp(xs)), float(ys.min() + BOTTOM * np.ptp(ys))
    ax.fill_between([xr0, xl[1]], yl[0], yr0, color="0.9", zorder=0,
                    label=f"confident but wrong (right {RIGHT:.0%} x bottom {BOTTOM:.0%} of the ranges)")
    ax.set(xlim=xl, ylim=yl)
    ax.set(xlabel=r"$\log\,\mathrm{KL}[q_{f\to z_i}\,\|\,\hat q_{f\to z_i}]$", ylabel="Log predictive variance",
           title=r"KL error vs predictive variance (mean of $q_{f\to z_i}$)")
    ax.legend(loc="upper left", frameon=True)
    note_box(ax, "up to 1000 points per set shown; all used in the claims;\nvariance: authors' batch formula "
                 f"x'(PP'+lI)^-1 x + l;\npredictions no distribution (not drawn, counted as wrong): train "
                 f"{fails['train']}, test {fails['test']}", loc="lower right")
    fig.tight_layout()
    rows = [(k, float(a), float(b)) for k, (x, y) in sets.items() for a, b in zip(x[show[k]], y[show[k]])]

    rec = ClaimsRecord("kjit/fig10", PAPER)
    allx = np.concatenate([sets["train"][0], sets["test"][0]])
    ally = np.concatenate([sets["train"][1], sets["test"][1]])
    c = float(np.corrcoef(allx, ally)[0, 1])
    rec.within("correlation of log KL and log predictive variance (training and test sets)", "The uncertainty "
               "estimates show a positive correlation with the KL-divergence errors", c, lower=0.1,
               note=f"'positive' read as a correlation above 0.1; over the proper predictions ({fails['train']} train "
                    f"and {fails['test']} test predictions are no distribution)")
    n_corner, n_ranked = confident_but_wrong(np.concatenate([raw["train"][0], raw["test"][0]]),
                                             np.concatenate([raw["train"][1], raw["test"][1]]))
    n_abs = int(np.sum((allx > -4) & (ally < -4)))
    rec.wording("points making a large error while being confident (the bottom-right region, relative to the data)",
                "no point lies at the bottom right i.e., making a large error while being confident",
                [Reading(f"right {RIGHT:.0%} of the log-KL range x bottom {BOTTOM:.0%} of the log-variance range",
                         n_corner, upper=0),
                 Reading(f"log KL above its {Q_ERROR:g}th percentile and log variance below its {Q_CONFIDENT:g}th",
                         n_ranked, upper=0)],
                note=f"the region is relative to our data (our errors need not sit on the published scale); "
                     f"the spec's absolute box (log KL > -4, log variance < -4) holds {n_abs} points; "
                     f"under independence the rank reading would hold about "
                     f"{allx.size * (1 - Q_ERROR / 100) * Q_CONFIDENT / 100:.0f}; predictions that are no "
                     f"distribution count as wrong ({fails['train'] + fails['test']})")
    dm = float(abs(sets["train"][0].mean() - sets["test"][0].mean()))
    rec.within("|mean log KL on the training set - on the test set|", "the errors on the training set are roughly "
               "the same as the errors on the test set: the operator does not overfit", dm, upper=0.5,
               note=f"train {sets['train'][0].mean():.3f}, test {sets['test'][0].mean():.3f} over the proper "
                    f"predictions; improper train {fails['train']}, test {fails['test']}")
    return fig, pd.DataFrame(rows, columns=["set", "log_kl", "log_pred_var"]), rec
