"""Figure 2: posterior mean of Phi(f) with 95 % credible bands (top) and the k traces (bottom) on the path graph
for gamma = 0, 0.1, 1."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.core.claims import ClaimsRecord
from statmech_bayes.core.plotstyle import use_style
from statmech_bayes.figures.hartog_vanzanten import PAPER
from statmech_bayes.figures.hartog_vanzanten.common import (
    gamma_tags,
    load_chains,
    posterior_claims,
    posterior_figure,
    rule_mass_claims,
)


def make(inputs: dict, cfg: dict):
    use_style()
    data, _ = load_npz(inputs["data"])
    chains = load_chains(inputs["chains"])
    tags = gamma_tags(cfg["path"])
    n = data["f0"].size
    fig, rows = posterior_figure(data, chains, tags, f"Path graph, n = {n}")
    rec = ClaimsRecord("hartog_vanzanten/fig2", PAPER)
    edges = np.stack([np.arange(n - 1), np.arange(1, n)], axis=1)
    posterior_claims(rec, data, chains, tags, edges, float(cfg["path"]["gamma_rule"]))
    rule = float(cfg["path"]["gamma_rule"])
    rule_mass_claims(rec, n, rule)
    rec.close(f"rule-of-thumb gamma = {rule:g}/n for n = {n}", "our suggested rule-of-thumb of setting gamma = 20/n "
              "corresponds in the previous examples to gamma = 0.04 [path graph]", rule / n, 0.04, atol=0.0005)
    return fig, pd.DataFrame(rows, columns=["gamma", "series", "x", "value"]), rec
