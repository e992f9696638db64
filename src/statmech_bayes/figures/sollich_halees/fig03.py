"""Figure 3: learning curves, periodic OU covariance, uniform inputs, σ² = 0.05 (left d = 1, l = 0.01;
right d = 2, l = 0.1): Sim, LC, UC, Pl, OV, TWO and (d = 1) WV."""

from __future__ import annotations

import pandas as pd

from statmech_bayes.figures.sollich_halees import claims
from statmech_bayes.figures.sollich_halees.common import ROW_COLUMNS, by_scenario, lc_figure

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = (
    "scenarios.ou1.sigma2", "scenarios.ou1.inputs", "scenarios.ou1.d", "scenarios.ou1.kernel", "scenarios.ou1.l",
    "scenarios.ou2.sigma2", "scenarios.ou2.inputs", "scenarios.ou2.d", "scenarios.ou2.kernel", "scenarios.ou2.l",
    "claims.se_factor", "claims.bracket_from_n", "claims.dip_rtol", "claims.loose_factor", "claims.visible_decades",
    "image_rtol",
)


def make(inputs: dict, cfg: dict):
    sims, theory = by_scenario(inputs["sims"]), by_scenario(inputs["theory"])
    fig, rows = lc_figure(sims, theory, cfg, claims.panels_of(3, cfg))
    rec = claims.fig3_claims(sims, theory, cfg)
    return fig, pd.DataFrame(rows, columns=ROW_COLUMNS), rec
