"""Figure 4: posterior mean of Phi(f) with 95 % credible bands (top) and the k traces (bottom) on the small-world
graph for gamma = 0, 0.1, 1."""

from __future__ import annotations

import pandas as pd

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.figures.hartog_vanzanten.claims import fig4_claims
from statmech_bayes.figures.hartog_vanzanten.common import gamma_tags, load_chains, posterior_figure
from statmech_bayes.reporting.plotstyle import use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = (
    "smallworld.gammas", "smallworld.gamma_rule", "claims.k_fraction_max", "claims.rmse_little",
    "claims.rule_k_share_max", "claims.rule_rmse_gap_max",
)


def make(inputs: dict, cfg: dict):
    use_style()
    data, _ = load_npz(inputs["data"])
    chains = load_chains(inputs["chains"])
    tags = gamma_tags(cfg["smallworld"])
    n = data["f0"].size
    fig, rows = posterior_figure(data, chains, tags, f"Small-world graph, n = {n} (vertices in ring order)")
    return fig, pd.DataFrame(rows, columns=["gamma", "series", "x", "value"]), fig4_claims(data, chains, tags, cfg)
