"""Figure 4: posterior mean of Phi(f) with 95 % credible bands (top) and the k traces (bottom) on the small-world
graph for gamma = 0, 0.1, 1."""

from __future__ import annotations

import pandas as pd

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.core.claims import ClaimsRecord
from statmech_bayes.core.plotstyle import use_style
from statmech_bayes.figures.hartog_vanzanten import PAPER
from statmech_bayes.figures.hartog_vanzanten.common import gamma_tags, load_chains, posterior_claims, posterior_figure


def make(inputs: dict, cfg: dict):
    use_style()
    data, _ = load_npz(inputs["data"])
    chains = load_chains(inputs["chains"])
    tags = gamma_tags(cfg["smallworld"])
    n = data["f0"].size
    fig, rows = posterior_figure(data, chains, tags, f"Small-world graph, n = {n} (vertices in ring order)")
    rec = ClaimsRecord("hartog_vanzanten/fig4", PAPER)
    rule = float(cfg["smallworld"]["gamma_rule"])
    posterior_claims(rec, data, chains, tags, data["edges"], rule)
    rec.close(f"rule-of-thumb gamma = {rule:g}/n for n = {n}", "our suggested rule-of-thumb ... corresponds ... to "
              "gamma = 0.024 [small-world graph]", rule / n, 0.024, atol=0.0005, note="the paper rounds 20/848 = 0.0236")
    return fig, pd.DataFrame(rows, columns=["gamma", "series", "x", "value"]), rec
