"""Figure 5: MNIST 4 vs 9, computation time of the truncated method (blue) and the untruncated method of [4]
(black) against the graph size, on linear (left) and log-log (middle) axes, and the prediction performance
(right)."""

from __future__ import annotations

import textwrap

import pandas as pd

from statmech_bayes.figures.hartog_vanzanten.claims import fig5_claims
from statmech_bayes.figures.hartog_vanzanten.common import loglog_slope
from statmech_bayes.reporting.plotstyle import use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = (
    "mnist.n_iter", "mnist.repeats", "mnist.repeat_below_s", "mnist.K_max", "mnist.gamma_rule", "mnist.k0_cap",
    "claims.speedup_min", "claims.slope_untruncated", "claims.slope_truncated_max", "claims.slope_gap_min",
    "claims.test_error_gap_max", "claims.decide_from_n",
)

STYLE = {"truncated": dict(color="tab:blue", marker="o", label="truncated (this paper)"),
         "untruncated": dict(color="k", marker="s", label="untruncated [4]")}


def make(inputs: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    t = pd.read_csv(inputs["scaling"])
    m = cfg["mnist"]
    runs = {meth: t[t.method == meth].sort_values("n_nodes") for meth in ("truncated", "untruncated")}
    slope = {meth: loglog_slope(r.n_nodes.to_numpy(), r.t_total.to_numpy()) for meth, r in runs.items()}
    fig, (a, b, c) = plt.subplots(1, 3, figsize=(12, 3.8))
    rows = []
    for meth, r in runs.items():
        st = STYLE[meth]
        n = r.n_nodes.to_numpy()
        a.plot(n, r.t_total, ms=4, lw=1.3, color=st["color"], marker=st["marker"], label=st["label"])
        b.loglog(n, r.t_total, ms=4, lw=1.3, color=st["color"], marker=st["marker"],
                 label=f"{st['label']}: slope {slope[meth]:.2f}")
        b.loglog(n, r.t_eig, lw=0.9, ls=":", color=st["color"], label="  eigensolve only")
        c.plot(n, 100 * r.test_error, ms=4, lw=1.3, color=st["color"], marker=st["marker"], label=st["label"])
        for _, row in r.iterrows():
            rows += [(meth, int(row.n_nodes), q, float(row[q])) for q in ("t_total", "t_eig", "t_mcmc", "test_error")]
            rows.append((meth, int(row.n_nodes), "t_graph_excluded", float(row.t_graph)))
    a.set(xlabel="graph size n", ylabel="computation time (s)", title="time, linear axes")
    b.set(xlabel="graph size n", ylabel="computation time (s)", title="time, log-log axes")
    c.set(xlabel="graph size n", ylabel="test misclassification (%)", title="prediction performance",
          ylim=(0, max(6.0, 1.15 * 100 * t.test_error.max())))
    a.legend(fontsize=7, loc="upper left")
    b.legend(fontsize=6.5, loc="upper left")
    c.legend(fontsize=7, loc="upper right")
    tr, un = runs["truncated"], runs["untruncated"]
    cut = un[un.n_iter_run < un.n_iter] if "n_iter_run" in un else un.iloc[:0]
    cut_txt = (f"; untruncated at n >= {int(cut.n_nodes.min())}: {int(cut.n_iter_run.iloc[0])} sweeps run, their time "
               f"scaled to {int(m['n_iter'])}" if len(cut) else "")
    rep_txt = (f"; points under {float(m['repeat_below_s']):g} s timed {int(m['repeats'])}x, minimum kept"
               if int(m.get("repeats", 1)) > 1 else "")
    footer = (f"Time = eigensolve + {int(m['n_iter'])} sweeps each (graph build excluded{cut_txt}{rep_txt}), "
              f"{int(tr.blas_threads.iloc[0])} BLAS thread(s) for both; K_max = {int(m['K_max'])}, "
              f"gamma = {m['gamma_rule']:g}/n. Sizes {', '.join(str(int(x)) for x in tr.n_nodes)}; subsamples keep "
              "the 4/9 and test/train ratios. Wall-clock times on a 2-core machine, each run alone; the slopes are "
              "judged only if the eigensolve times rise with n (outside load would break that).")
    fig.text(0.01, 0.015, textwrap.fill(footer, 190), fontsize=7)
    fig.tight_layout(rect=(0, 0.1, 1, 1))
    return fig, pd.DataFrame(rows, columns=["method", "n", "quantity", "value"]), fig5_claims(t, cfg)
