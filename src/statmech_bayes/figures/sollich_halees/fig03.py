"""Figure 3: learning curves, periodic OU covariance, uniform inputs, σ² = 0.05 (left d = 1, l = 0.01;
right d = 2, l = 0.1): Sim, LC, UC, Pl, OV, TWO and (d = 1) WV."""

from __future__ import annotations

import pandas as pd

from statmech_bayes.figures.sollich_halees import claims
from statmech_bayes.figures.sollich_halees.common import ROW_COLUMNS, by_scenario, lc_figure


def make(inputs: dict, cfg: dict):
    sims, theory = by_scenario(inputs["sims"]), by_scenario(inputs["theory"])
    fig, rows = lc_figure(sims, theory, cfg, claims.panels_of(3, cfg))
    rec = claims.fig3_claims(sims, theory, cfg)
    return fig, pd.DataFrame(rows, columns=ROW_COLUMNS), rec
