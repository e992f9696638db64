"""Figure 7: learning curves, RBF with Gaussian inputs, d = 4, l = 0.3; left σ² = 0.05, right 0.001.
The true curve drops below LC at small n (LC is not a lower bound); OV is very loose at σ² = 0.001."""

from __future__ import annotations

import pandas as pd

from statmech_bayes.figures.sollich_halees import claims
from statmech_bayes.figures.sollich_halees.common import ROW_COLUMNS, by_scenario, lc_figure

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = (
    "scenarios.*.sigma2", "scenarios.gauss4.inputs", "scenarios.gauss4.d", "scenarios.gauss4.kernel",
    "scenarios.gauss4.l", "claims.se_factor", "claims.very_loose_factor", "image_rtol",
)


def make(inputs: dict, cfg: dict):
    sims, theory = by_scenario(inputs["sims"]), by_scenario(inputs["theory"])
    fig, rows = lc_figure(sims, theory, cfg, claims.panels_of(7, cfg))
    rec = claims.fig7_claims(sims, theory, cfg)
    return fig, pd.DataFrame(rows, columns=ROW_COLUMNS), rec
