"""Figure 3: Experiment 1. (a) histogram of log KL[q_{f->z} || q_hat_{f->z}] of the batch-trained operator on
the 3000 test messages; (b) predicted (green) and true (red) projected beliefs at the best, two median and
the 99th-percentile log KL.

The paper's protocol decides: the ground truth (training targets and the truth the KL is measured against) is the
importance sampler the paper describes (Eq. 2; 1e5 samples, N(0, 200) proposal). Our extra arm (kind ``ours``): the
same operator trained and judged on the deterministic quadrature ground truth, and the same operator on the authors'
code's regression target.

Regression target (``kjit.exp1.target_z``): the paper's, the expected sufficient statistics ``(E z, E z^2)`` of the
projected belief (Sec. 3.3: "the regression target is the marginal belief (numerator of (1)) in experiment 1, 2, 3
and 5"), read back as ``mean = E z``, ``var = E z^2 - (E z)^2``. A prediction with ``var <= 0`` is no distribution:
it is a failed prediction (decided before the numbers were seen). It has no KL, so the mean and SD are over the
proper predictions with the number of failures shown beside them; and since the paper's histogram, mean and SD cover
all its test messages (a finite mean needs every prediction to be a Gaussian), "every test prediction is a
distribution" is a claim of its own, with zero failures as its bar. Nothing is dropped silently."""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.stats import norm

from statmech_bayes.core.claims import ClaimsRecord
from statmech_bayes.core.plotstyle import note_box, use_style
from statmech_bayes.figures.kjit import PAPER
from statmech_bayes.figures.kjit.common import load
from statmech_bayes.kjit.experiments import log_kl_summary

TITLES = ("Best log div", "Median log div (1)", "Median log div (2)", "99th percentile log div")


def make(layout: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    d = load(layout["fit"])
    lk_all = np.asarray(d["log_kl_test"], float)
    st = log_kl_summary(lk_all)
    lk = lk_all[np.isfinite(lk_all)]          # the proper predictions; the failures are counted in st
    tgt = str(d["target_z"]) if "target_z" in d else "mean_logvar"
    fig = plt.figure(figsize=(9.0, 3.6))
    gs = fig.add_gridspec(2, 3, width_ratios=(1.5, 1, 1))
    ax = fig.add_subplot(gs[:, 0])
    counts, edges, _ = ax.hist(lk, bins=20, color="tab:blue", ec="k", lw=0.5)
    ax.set(xlabel=r"$\log\,\mathrm{KL}[q_{f\to z_i}\,\|\,\hat q_{f\to z_i}]$", ylabel="Frequency",
           title=f"(a) Mean: {st['mean']:.3f}, SD: {st['sd']:.3f}")
    ax.set_ylim(0, 1.6 * counts.max())          # room for the note above the bars
    note_box(ax, f"{st['n']} test messages; {st['n_improper']} predictions no distribution\n(E z^2 - (E z)^2 <= 0: "
                 f"failed,\nnot in the histogram); target {tgt};\nIS ground truth ({int(d['is_n_samples']):.0e} "
                 "samples, as the paper)", loc="upper left")
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
    lq_all = np.asarray(d["log_kl_quad_test"], float)
    sq = log_kl_summary(lq_all)
    iqr = float(np.subtract(*np.percentile(lk, [75, 25])))
    flagged = ""
    if st["n_improper"] and "logU_test" in d:
        # would the operator's own uncertainty have sent these to the oracle? their rank among the test predictions
        lu = np.asarray(d["logU_test"], float)
        pct = [float(np.mean(lu < v)) for v in lu[~np.isfinite(lk_all)]]
        flagged = "; percentiles of their log predictive variance among the test set " + ", ".join(f"{p:.3f}" for p in pct)
    failed = f"{st['n_improper']} of {st['n']} test predictions are no distribution and are not in it (claimed below)"
    rec.within("mean log KL over the test messages (the proper predictions)", "Mean: -8.97 (the kernel-based operator "
               "does well in capturing the relationship between incoming and outgoing messages)", st["mean"],
               upper=-8.0,
               note="acceptance 'at most -8' (spec 5: log KL below -8 gives no visible gain in EP); ground truth and "
                    f"training targets by importance sampling as in the paper; regression target {tgt}; " + failed)
    rec.close("SD of log KL over the test messages (the proper predictions)", "SD: 1.573", st["sd"], 1.573, atol=0.5,
              note=f"interquartile range {iqr:.2f}; importance-sampling ground truth (the paper's protocol); the "
                   f"quadrature arm (ours) gives SD {sq['sd']:.2f}; " + failed)
    rec.within("test predictions that are no distribution (E z^2 - (E z)^2 <= 0 under the paper's target)",
               "every test message has a log KL: the histogram, Mean -8.97 and SD 1.573 cover all 3000 test messages",
               st["n_improper"], upper=0,
               note=f"{st['n_improper']} of {st['n']} ({100 * st['share_improper']:.2f} %) under target {tgt}"
                    f"{flagged}; "
                    f"training set {int(d['n_improper_train']) if 'n_improper_train' in d else 0}; an improper "
                    "prediction counts as a failed prediction (decided before the numbers were seen)")
    rec.within("99th-percentile example: max |q - q_hat| / max q", "The discrepancy with respect to the ground "
               "truth is barely visible even at the 99th percentile", vis[3], upper=0.05,
               note="'barely visible' read as a largest density difference under 5% of the peak; log KL of that "
                    f"example {float(d['example_log_kl'][3]):.2f} (paper -5.46)")
    rec.within("ours: mean log KL on the quadrature ground truth (the operator trained and judged on quadrature)",
               "our arm: a noise-free ground truth; the paper's bar 'at most -8' kept", sq["mean"], upper=-8.0,
               kind="ours", note=f"SD {sq['sd']:.2f}; {sq['n_improper']} improper predictions; LOOCV choice (medf, lambda) per output "
                                 f"{list(map(float, d['best_medf_quad']))}, {list(map(float, d['best_lambda_quad']))}")
    rec.note("ours: log KL[quadrature truth || IS truth] over the test messages (mean, SD): the noise of the paper's "
             "ground truth", [float(np.mean(d["log_kl_is_truth_vs_quad_test"])),
                              float(np.std(d["log_kl_is_truth_vs_quad_test"]))])
    sv = log_kl_summary(d["log_kl_is_vs_quad_test"])
    rec.note("ours: log KL[quadrature truth || IS-trained prediction] (mean, SD over the proper predictions)",
             [sv["mean"], sv["sd"]])
    if "log_kl_arm_test" in d:
        sa = log_kl_summary(d["log_kl_arm_test"])
        rec.within(f"ours ({d['arm_target_z']}): mean log KL of the test predictions on the authors' code's target",
                   "our arm: the same operator (same features, LOOCV) regressing (E z, log Var z); the paper's bar "
                   "'at most -8' kept", sa["mean"], upper=-8.0, kind="ours",
                   note=f"SD {sa['sd']:.3f} (paper 1.573); {sa['n_improper']} of {sa['n']} improper (exp(log Var z) is "
                        f"always positive); the paper's target: mean {st['mean']:.3f}, SD {st['sd']:.3f}, "
                        f"{st['n_improper']} improper")
    rec.note("importance-sampling answers skipped as unusable while drawing the subsample", int(d["is_n_skipped"]))
    rec.note("test log KL quantiles (1, 50, 99 %) of the proper predictions",
             [float(np.percentile(lk, q)) for q in (1, 50, 99)])
    rec.note("LOOCV choice (medf, lambda) per output", [list(map(float, d["best_medf"])),
                                                        list(map(float, d["best_lambda"]))])
    return fig, pd.DataFrame(rows, columns=["panel", "x", "y_truth_or_count", "y_pred", "log_kl"]), rec
