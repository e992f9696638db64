"""Figure 9: Fig. 5 (left)'s Sim, UC, LC and TWO, with the exact learning curve "Deg" of the degenerate
scenario (Sec. 5, eq. 30) with exactly the same eigenvalue spectrum and a uniform prior variance."""

from __future__ import annotations

import pandas as pd

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.figures.sollich_halees.claims import fig9_claims
from statmech_bayes.figures.sollich_halees.common import (
    LEGEND_NOTE,
    ROW_COLUMNS,
    by_scenario,
    panel,
    scenario_title,
    sigma_index,
    sim_stats,
)
from statmech_bayes.reporting.plotstyle import use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = (
    "fig9.scenario", "fig9.sigma2", "scenarios.<fig9.scenario>.d", "scenarios.<fig9.scenario>.inputs",
    "scenarios.<fig9.scenario>.kernel", "scenarios.<fig9.scenario>.l", "claims.unreliable_factor",
    "claims.se_factor", "claims.loose_factor", "claims.visible_decades",
)


def make(inputs: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    f9 = cfg["fig9"]
    sc, s2 = f9["scenario"], float(f9["sigma2"])
    th, sm = by_scenario(inputs["theory"])[sc], by_scenario(inputs["sims"])[sc]
    deg, _ = load_npz(inputs["degenerate"])
    i, j = sigma_index(th, s2), sigma_index(sm, s2)
    n = th["n"]
    sims = sm["eps"][j]
    m, se = sim_stats(sims)
    curves = {"LC": th["LC"][i], "UC": th["UC"][i], "TWO": th["TWO"][i], "Deg": deg["fig9_deg"]}
    fig, ax = plt.subplots(figsize=(5.4, 3.9))
    rows: list = []
    panel(ax, n, curves, m, se, scenario_title(cfg["scenarios"][sc], s2), (5e-3, 1.15), rows, sc, s2)
    ax.legend(loc="lower left", fontsize=7)
    fig.text(0.5, 0.01, f"Sim: mean of {sims.shape[0]} data sets (grey band: $\\pm$1 SE); Deg exact (eq. 30);\n"
             + LEGEND_NOTE, ha="center", va="bottom", fontsize=7, color="0.3")
    fig.tight_layout(rect=(0, 0.08, 1, 1))

    rec = fig9_claims(th, sm, deg, cfg)
    rows += [(sc, "eq31_exact", s2, int(a), float(b)) for a, b in zip(n, deg["eq31_exact"])]
    return fig, pd.DataFrame(rows, columns=ROW_COLUMNS), rec
