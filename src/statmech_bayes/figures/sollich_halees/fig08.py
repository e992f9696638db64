"""Figure 8: the LC approximation (solid) and its first-order discrete-n correction ε_1 (eq. 28), shown as
-100 ε_1 (dashed); RBF, Gaussian inputs, d = 4, l = 0.3, σ² = 0.05 (as Fig. 7 left)."""

from __future__ import annotations

import pandas as pd

from statmech_bayes.figures.sollich_halees.claims import fig8_claims
from statmech_bayes.figures.sollich_halees.common import (
    ROW_COLUMNS,
    STYLE,
    by_scenario,
    sigma_index,
)
from statmech_bayes.reporting.plotstyle import note_box, use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = ("scenarios.gauss4.sigma2", "claims.se_factor", "claims.dip_rtol")


def make(inputs: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    sc = "gauss4"
    s2 = max(cfg["scenarios"][sc]["sigma2"])
    th, sm = by_scenario(inputs["theory"])[sc], by_scenario(inputs["sims"])[sc]
    i = sigma_index(th, s2)
    n, lc, e1 = th["n"], th["LC"][i], th["eps1"][i]
    fig, ax = plt.subplots(figsize=(4.6, 3.6))
    ax.plot(n, lc, label=r"$\epsilon_{LC}$", **STYLE["LC"])
    ax.plot(n[1:], -100 * e1[1:], color="k", ls="--", lw=1.3, label=r"$-100\,\epsilon_1$")
    ax.plot(n, lc + e1, label=r"$\epsilon_{LC1}=\epsilon_{LC}+\epsilon_1$", **STYLE["LC1"])
    ax.set(yscale="log", xlim=(0, n[-1]), ylim=(1e-3, 1.2), xlabel="$n$", ylabel=r"$\epsilon$")
    ax.set_title(r"RBF, Gaussian inputs, $d=4$, $l=0.3$, $\sigma^2=%g$" % s2, fontsize=8.5)
    ax.legend(loc="upper right", fontsize=7)
    note_box(ax, "log axis: the caption's '-100' makes $\\epsilon_1$ positive\n"
                 "$\\epsilon_{LC1}$ added (the text: on top of $\\epsilon_{LC}$)", loc="lower left")
    fig.tight_layout()
    rows = [("gauss4", c, s2, int(a), float(b)) for c, y in (("LC", lc), ("-100*eps1", -100 * e1), ("LC1", lc + e1))
            for a, b in zip(n, y)]
    rec = fig8_claims(th, sm, s2, cfg)
    return fig, pd.DataFrame(rows, columns=ROW_COLUMNS), rec
