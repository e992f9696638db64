"""Figure 3: learning curves, periodic OU covariance, uniform inputs, σ² = 0.05 (left d = 1, l = 0.01;
right d = 2, l = 0.1): Sim, LC, UC, Pl, OV, TWO and (d = 1) WV."""

from __future__ import annotations

import pandas as pd

from statmech_bayes.figures.sollich_halees.common import (
    ROW_COLUMNS,
    closer_readings,
    gap_table,
    lc_figure,
    loose_claim,
)

LOOSE = "One observes that the lower bounds (Plaskota and OV) are rather loose in both cases"
FAR = "The TWO upper bound is also far from tight"
BETTER = "the WV upper bound is better where it can be defined (for d = 1)"


def make(inputs: dict, cfg: dict):
    panels = [("ou1", cfg["scenarios"]["ou1"]["sigma2"][0]), ("ou2", cfg["scenarios"]["ou2"]["sigma2"][0])]
    fig, rows, rec, data = lc_figure(inputs, cfg, "sollich_halees/fig3", panels)
    for sc, s2 in panels:
        n, m, se, curves, sims, th = data[(sc, s2)]
        for name, says in (("Pl", LOOSE), ("OV", LOOSE), ("TWO", FAR)):
            loose_claim(rec, f"{sc}, sigma2={s2:g}", name, n, m, se, curves[name], cfg["claims"], says)
    # "better" names no measure: the worst-gap and mean-gap readings of a comparison (common.py)
    n, m, se, curves, sims, th = data[panels[0]]
    pair = {c: curves[c] for c in ("WV", "TWO")}
    rec.wording(f"ou1, sigma2={panels[0][1]:g}: WV 'better' (closer to Sim) than TWO: margin of the log-axis gap "
                "|ln(bound/Sim)|, TWO - WV", BETTER,
                closer_readings({"WV": pair["WV"]}, {"TWO": pair["TWO"]}, m, se, float(cfg["claims"]["se_factor"])),
                note=gap_table(pair, m))
    return fig, pd.DataFrame(rows, columns=ROW_COLUMNS), rec
