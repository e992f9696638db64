"""Figure 5: learning curves, periodic RBF, uniform inputs, d = 4, l = 0.3; left σ² = 0.05, right 0.001.
OV loosens as σ² drops, Plaskota less so (with kinks at degenerate blocks), TWO barely changes."""

from __future__ import annotations

import pandas as pd

from statmech_bayes.figures.sollich_halees import claims
from statmech_bayes.figures.sollich_halees.common import ROW_COLUMNS, by_scenario, lc_figure

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = (
    "scenarios.rbf4.sigma2", "scenarios.rbf4.inputs", "scenarios.rbf4.d", "scenarios.rbf4.kernel",
    "scenarios.rbf4.l", "claims.se_factor", "claims.bracket_from_n", "claims.dip_rtol", "claims.weak_vs_ov",
    "claims.overlap_factor", "image_rtol",
)


def make(inputs: dict, cfg: dict):
    sims, theory = by_scenario(inputs["sims"]), by_scenario(inputs["theory"])
    fig, rows = lc_figure(sims, theory, cfg, claims.panels_of(5, cfg))
    rec = claims.fig5_claims(sims, theory, cfg)
    return fig, pd.DataFrame(rows, columns=ROW_COLUMNS), rec
