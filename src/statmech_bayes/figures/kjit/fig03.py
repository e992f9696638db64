"""Figure 3: Experiment 1. (a) histogram of log KL[q_{f->z} || q_hat_{f->z}] of the batch-trained operator on
the 3000 test messages; (b) predicted (green) and true (red) projected beliefs at the best, two median and
the 99th-percentile log KL.

The paper's protocol decides: the ground truth (training targets and the truth the KL is measured against) is the
importance sampler the paper describes (Eq. 2; 1e5 samples, N(0, 200) proposal). Our extra arm (kind ``ours``): the
same operator trained and judged on the deterministic quadrature ground truth."""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.stats import norm

from statmech_bayes.core.claims import ClaimsRecord
from statmech_bayes.core.plotstyle import note_box, use_style
from statmech_bayes.figures.kjit import PAPER
from statmech_bayes.figures.kjit.common import load

TITLES = ("Best log div", "Median log div (1)", "Median log div (2)", "99th percentile log div")


def make(layout: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    d = load(layout["fit"])
    lk = d["log_kl_test"]
    fig = plt.figure(figsize=(9.0, 3.6))
    gs = fig.add_gridspec(2, 3, width_ratios=(1.5, 1, 1))
    ax = fig.add_subplot(gs[:, 0])
    counts, edges, _ = ax.hist(lk, bins=20, color="tab:blue", ec="k", lw=0.5)
    ax.set(xlabel=r"$\log\,\mathrm{KL}[q_{f\to z_i}\,\|\,\hat q_{f\to z_i}]$", ylabel="Frequency",
           title=f"(a) Mean: {lk.mean():.3f}, SD: {lk.std():.3f}")
    note_box(ax, f"{lk.size} test messages; ground truth by importance\nsampling ({int(d['is_n_samples']):.0e} samples, "
                 "as the paper)", loc="upper left")
    rows = [("hist", float(0.5 * (a + b)), float(c), np.nan, np.nan) for a, b, c in zip(edges[:-1], edges[1:], counts)]
    vis = []
    for k, (j, title) in enumerate(zip(d["example_idx"], TITLES)):
        a = fig.add_subplot(gs[k // 2, 1 + k % 2])
        m, v = d["true_mean"][j], d["true_var"][j]
        mh, vh = d["pred_mean"][j], d["pred_var"][j]
        z = np.linspace(m - 4 * np.sqrt(v), m + 4 * np.sqrt(v), 300)
        pt, pp = norm.pdf(z, m, np.sqrt(v)), norm.pdf(z, mh, np.sqrt(vh))
        a.plot(z, pt, "r-", lw=2.5, label="Truth")
        a.plot(z, pp, "g-", lw=1.2, label="Output")
        a.set_title(f"{title}: {d['log_kl'][j]:.2f}", fontsize=8)
        a.tick_params(labelsize=7)
        if k == 0:
            a.legend(fontsize=6, loc="upper right")
        vis.append(float(np.max(np.abs(pt - pp)) / pt.max()))
        rows += [(f"example{k}", float(zz), float(x), float(y), float(d["log_kl"][j])) for zz, x, y in zip(z, pt, pp)]
    fig.text(0.72, 0.005, r"(b) densities of $q_{f\to z_i}$ (truth, red) and the prediction (green) over $z_i$",
             ha="center", fontsize=8)
    fig.tight_layout(rect=(0, 0.03, 1, 1))

    rec = ClaimsRecord("kjit/fig3", PAPER)
    lq = np.asarray(d["log_kl_quad_test"], float)
    iqr = float(np.subtract(*np.percentile(lk, [75, 25])))
    rec.within("mean log KL over the test messages", "Mean: -8.97 (the kernel-based operator does well in "
               "capturing the relationship between incoming and outgoing messages)", float(lk.mean()), upper=-8.0,
               note="acceptance 'at most -8' (spec 5: log KL below -8 gives no visible gain in EP); ground truth and "
                    "training targets by importance sampling as in the paper")
    rec.close("SD of log KL over the test messages", "SD: 1.573", float(lk.std()), 1.573, atol=0.5,
              note=f"interquartile range {iqr:.2f}; importance-sampling ground truth (the paper's protocol); the "
                   f"quadrature arm (ours) gives SD {lq.std():.2f}")
    rec.within("99th-percentile example: max |q - q_hat| / max q", "The discrepancy with respect to the ground "
               "truth is barely visible even at the 99th percentile", vis[3], upper=0.05,
               note="'barely visible' read as a largest density difference under 5% of the peak; log KL of that "
                    f"example {float(d['example_log_kl'][3]):.2f} (paper -5.46)")
    rec.within("ours: mean log KL on the quadrature ground truth (the operator trained and judged on quadrature)",
               "our arm: a noise-free ground truth; the paper's bar 'at most -8' kept", float(lq.mean()), upper=-8.0,
               kind="ours", note=f"SD {lq.std():.2f}; LOOCV choice (medf, lambda) per output "
                                 f"{list(map(float, d['best_medf_quad']))}, {list(map(float, d['best_lambda_quad']))}")
    rec.note("ours: log KL[quadrature truth || IS truth] over the test messages (mean, SD): the noise of the paper's "
             "ground truth", [float(np.mean(d["log_kl_is_truth_vs_quad_test"])),
                              float(np.std(d["log_kl_is_truth_vs_quad_test"]))])
    rec.note("ours: log KL[quadrature truth || IS-trained prediction] (mean, SD)",
             [float(np.mean(d["log_kl_is_vs_quad_test"])), float(np.std(d["log_kl_is_vs_quad_test"]))])
    rec.note("importance-sampling answers skipped as unusable while drawing the subsample", int(d["is_n_skipped"]))
    rec.note("test log KL quantiles (1, 50, 99 %)", [float(np.percentile(lk, q)) for q in (1, 50, 99)])
    rec.note("LOOCV choice (medf, lambda) per output", [list(map(float, d["best_medf"])),
                                                        list(map(float, d["best_lambda"]))])
    return fig, pd.DataFrame(rows, columns=["panel", "x", "y_truth_or_count", "y_pred", "log_kl"]), rec
