"""Figure 3: BP's generalisation error after the t-th update (C_t = 0.2; C = 0.1, 0.2, 0.3; 95 % intervals
over the experiments) against the state evolution (47)-(55), with Eq. (52) in place of the printed (53)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.figures.uda_kabashima.claims import fig3_claims
from statmech_bayes.figures.uda_kabashima.common import COLORS, MARKERS, concat_chunks, load
from statmech_bayes.reporting.plotstyle import note_box, use_style
from statmech_bayes.sparse_classifier.experiments import fig3_summary

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = (
    "fig3.Ct", "fig3.N", "fig3.M", "claims.ci_inside_fraction", "claims.rs_se_atol", "claims.bp_rs_halfwidths",
    "claims.bench_ratio_max",
)


def make(inputs: dict, cfg: dict):
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    use_style()
    f3 = cfg["fig3"]
    se, bp, bench = load(inputs["se"]), concat_chunks(inputs["bp"]), load(inputs["bench"])
    Cs, t_bp, t_se = bp["C"], bp["t"], se["t"]
    n_runs = bp["eps"].shape[1]
    s = fig3_summary(bp["eps"])
    fig, ax = plt.subplots(figsize=(5.6, 4.0))
    rows = []
    for i, C in enumerate(Cs):
        dt = 0.18 * (i - (len(Cs) - 1) / 2)  # markers of the three C side by side at each t
        ax.plot(t_se[1:], se["eps"][i, 1:], color=COLORS[i], lw=1.1)
        ax.errorbar(t_bp + dt, s["mean"][i], yerr=s["ci95"][i], fmt=MARKERS[i], color=COLORS[i], ms=4, mfc="white",
                    capsize=2, lw=0.8, label=f"$C$ = {C:g}")
        rows += [("BP_mean", float(C), int(t), float(m)) for t, m in zip(t_bp, s["mean"][i])]
        rows += [("BP_ci95", float(C), int(t), float(h)) for t, h in zip(t_bp, s["ci95"][i])]
        rows += [("state_evolution", float(C), int(t), float(e)) for t, e in zip(t_se[1:], se["eps"][i, 1:])]
    j53 = int(np.argmin(np.abs(Cs - f3["Ct"])))
    ax.set(xlabel="update $t$", ylabel=r"$\epsilon_g$", xlim=(0.4, t_bp[-1] + 0.6))
    lo = float(min(np.min(s["mean"] - s["ci95"]), np.min(se["eps"][:, 1:])))
    hi = float(max(np.max(s["mean"] + s["ci95"]), np.max(se["eps"][:, 1:])))
    ax.set_ylim(lo - 0.004, hi + 0.004)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.legend(loc="upper right", title=f"$C_t$ = {f3['Ct']:g}; markers: BP, lines: theory", title_fontsize=7)
    note_box(ax, f"N = M = {f3['N']}" + ("" if f3["N"] == f3["M"] else f" / {f3['M']}") +
             f", {n_runs} experiments, undamped BP; error bars: 95% t-intervals;\n"
             "lines: state evolution with Eq. (52); with Eq. (53) as printed the\n"
             f"C = {Cs[j53]:g} line would end at {se['eps_eq53'][j53, -1]:.3f} (BP: {s['mean'][j53, -1]:.3f}); "
             "N, M, t range unstated", loc="center right")
    fig.tight_layout()

    rec = fig3_claims(se, {"C": Cs, "t": t_bp, "mean": s["mean"], "ci95": s["ci95"]}, bench, cfg)
    return fig, pd.DataFrame(rows, columns=["series", "C", "t", "eps"]), rec
