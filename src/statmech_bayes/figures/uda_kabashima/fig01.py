"""Figure 1: replica-symmetric generalisation error against the student's C, (a) the SBC (Bayes-optimal)
predictor and (b) Gibbs learning, for several teacher sparsities C_t (alpha = 1, kappa = 0.05); one RS
saddle-point solve per (C_t, C) feeds both panels."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.figures.uda_kabashima.claims import fig1_claims
from statmech_bayes.figures.uda_kabashima.common import COLORS, load
from statmech_bayes.reporting.plotstyle import note_box, use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = ("alpha", "kappa", "fig1.C_step", "claims.rq_atol")


def make(inputs: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    rs = load(inputs["rs"])
    C, Cts = rs["C"], rs["Ct"]
    fig, axes = plt.subplots(1, 2, figsize=(8.2, 3.6), sharey=True)
    rows = []
    for panel, (ax, key, name) in enumerate(zip(axes, ("eps_sbc", "eps_gibbs"), ("SBC", "Gibbs"))):
        for i, Ct in enumerate(Cts):
            e = rs[key][i]
            ax.plot(C, e, color=COLORS[i], label=f"$C_t$ = {Ct:g}")
            ax.axvline(Ct, color=COLORS[i], ls=":", lw=0.9)
            k = int(np.argmin(e))
            ax.plot(C[k], e[k], "o", color=COLORS[i], ms=4, mfc="white")
            rows += [(name, float(Ct), float(c), float(v)) for c, v in zip(C, e)]
        ax.set(xlabel="$C$", xlim=(0, 1), title=f"({'ab'[panel]}) {name}")
    axes[0].set_ylabel(r"$\epsilon_g$")
    axes[0].legend(loc="upper right")
    lo = float(min(rs["eps_sbc"].min(), rs["eps_gibbs"].min()))
    axes[0].set_ylim(lo - 0.02, min(0.5, float(max(rs["eps_sbc"].max(), rs["eps_gibbs"].max())) + 0.02))
    note_box(axes[1], f"RS, $\\alpha$={cfg['alpha']:g}, $\\kappa$={cfg['kappa']:g}; dotted: $C=C_t$,\n"
             "open circles: minima; $C_t$ values unstated in the paper", loc="lower right")
    fig.tight_layout()

    rec = fig1_claims(rs, cfg)
    return fig, pd.DataFrame(rows, columns=["panel", "Ct", "C", "eps"]), rec
