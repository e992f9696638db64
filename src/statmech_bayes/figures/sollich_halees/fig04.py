"""Figure 4: learning curves, periodic RBF, uniform inputs, d = 1, l = 0.01, σ² = 0.05, with the MW bound:
MW first follows Plaskota, then misses the crossover to the asymptotic regime ε < σ²."""

from __future__ import annotations

import pandas as pd

from statmech_bayes.figures.sollich_halees import claims
from statmech_bayes.figures.sollich_halees.common import ROW_COLUMNS, by_scenario, lc_figure

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = (
    "scenarios.rbf1.sigma2", "scenarios.rbf1.inputs", "scenarios.rbf1.d", "scenarios.rbf1.kernel",
    "scenarios.rbf1.l", "claims.se_factor", "claims.bracket_from_n", "claims.dip_rtol", "claims.regime_factor",
    "claims.overlap_factor", "claims.visible_decades", "claims.flatten_ratio", "image_rtol",
)


def make(inputs: dict, cfg: dict):
    sims, theory = by_scenario(inputs["sims"]), by_scenario(inputs["theory"])
    ((_, s2),) = panels = claims.panels_of(4, cfg)
    fig, rows = lc_figure(sims, theory, cfg, panels, with_mw=True, ylims={("rbf1", s2): (1e-3, 1.15)})
    ax = fig.axes[0]
    ax.axhline(s2, color="0.5", lw=0.6, ls="--")
    ax.text(3, s2 * 1.08, r"$\epsilon=\sigma^2$", fontsize=7, color="0.4")
    rec = claims.fig4_claims(sims, theory, cfg)
    return fig, pd.DataFrame(rows, columns=ROW_COLUMNS), rec
