"""Figure 4: the RS error eps_g^SBC (line; circles: BP's experimental error) and the leave-one-out error
(56) from BP's cavity fields (plus signs) against C (C_t = 0.1, kappa = 0.05, alpha = 1, N = M = 2000)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.figures.uda_kabashima.claims import fig4_claims
from statmech_bayes.figures.uda_kabashima.common import concat_chunks, load
from statmech_bayes.reporting.plotstyle import note_box, use_style
from statmech_bayes.sparse_classifier.stats import mean_ci95

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = ("kappa", "fig4.Ct", "fig4.N", "fig4.T", "claims.looe_atol", "claims.looe_argmin_steps")


def make(inputs: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    f4 = cfg["fig4"]
    rs, bp = load(inputs["rs"]), concat_chunks(inputs["bp"])
    C, n_runs = bp["C"], bp["eps"].shape[1]
    me, he = mean_ci95(bp["eps"], axis=1)
    ml, hl = mean_ci95(bp["looe"], axis=1)
    conv = bp["converged"].mean(axis=1)
    fig, ax = plt.subplots(figsize=(5.6, 4.0))
    ax.plot(rs["C"], rs["eps_sbc"], "k-", lw=1.2, label=r"$\epsilon_g^{SBC}$, RS theory")
    ax.errorbar(C - 0.004, me, yerr=he, fmt="o", color="tab:blue", mfc="white", ms=5, capsize=2, lw=0.8,
                label=r"$\epsilon_g^{SBC}$, BP experiment ($\circ$)")
    ax.errorbar(C + 0.004, ml, yerr=hl, fmt="+", color="tab:red", ms=7, capsize=2, lw=0.8,
                label=r"$\epsilon_{LOOE}^{SBC}$, BP cavity fields (+)")
    nc = conv < 0.5
    if nc.any():
        ax.plot(C[nc] - 0.004, me[nc], "o", mec="tab:blue", mfc="0.55", ms=5, ls="none", zorder=5,
                label="filled: BP converged in < 50% of runs")
    ax.axvline(f4["Ct"], color="0.6", ls=":", lw=0.9)
    ax.set(xlabel="$C$", ylabel=r"$\epsilon$", xlim=(0, 1))
    ax.legend(loc="upper center", fontsize=7)
    note_box(ax, f"$C_t$={f4['Ct']:g}, $\\kappa$={cfg['kappa']:g}, N = M = {f4['N']}, {n_runs} runs per C,\n"
             f"{f4['T']} undamped updates; bars: 95% intervals; C grid,\nruns and T unstated in the paper",
             loc="lower right")
    fig.tight_layout()

    rows = [("RS", float(c), float(e), np.nan, np.nan) for c, e in zip(rs["C"], rs["eps_sbc"])]
    rows += [("BP_eps", float(c), float(m), float(h), float(f)) for c, m, h, f in zip(C, me, he, conv)]
    rows += [("LOOE", float(c), float(m), float(h), float(f)) for c, m, h, f in zip(C, ml, hl, conv)]
    frame = pd.DataFrame(rows, columns=["series", "C", "eps", "ci95", "converged_fraction"])

    rec = fig4_claims(frame, cfg)
    return fig, frame, rec
