"""Figure 6: learning curves, RBF with Gaussian inputs, d = 1, l = 0.01, σ² = 0.05, with the generalised
Williams–Vivarelli bound (eq. 23; the OCR's caption says "(29)")."""

from __future__ import annotations

import pandas as pd

from statmech_bayes.figures.sollich_halees import claims
from statmech_bayes.figures.sollich_halees.common import ROW_COLUMNS, by_scenario, lc_figure

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = (
    "scenarios.gauss1.sigma2", "scenarios.gauss1.inputs", "scenarios.gauss1.d", "scenarios.gauss1.kernel",
    "scenarios.gauss1.l", "scenarios.rbf1.sigma2", "claims.se_factor", "claims.bracket_from_n", "claims.dip_rtol",
    "claims.loose_factor", "claims.visible_decades", "image_rtol",
)


def make(inputs: dict, cfg: dict):
    sims, theory = by_scenario(inputs["sims"]), by_scenario(inputs["theory"])
    fig, rows = lc_figure(sims, theory, cfg, claims.panels_of(6, cfg))
    rec = claims.fig6_claims(sims, theory, cfg)
    return fig, pd.DataFrame(rows, columns=ROW_COLUMNS), rec
