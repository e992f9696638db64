"""Figure 3: learning curves, periodic OU covariance, uniform inputs, σ² = 0.05 (left d = 1, l = 0.01;
right d = 2, l = 0.1): Sim, LC, UC, Pl, OV, TWO and (d = 1) WV."""

from __future__ import annotations

import pandas as pd

from statmech_bayes.figures.sollich_halees.common import ROW_COLUMNS, lc_figure, log_gap, loose_claim


def make(inputs: dict, cfg: dict):
    panels = [("ou1", cfg["scenarios"]["ou1"]["sigma2"][0]), ("ou2", cfg["scenarios"]["ou2"]["sigma2"][0])]
    fig, rows, rec, data = lc_figure(inputs, cfg, "sollich_halees/fig3", panels)
    # "One observes that the lower bounds (Plaskota and OV) are rather loose in both cases. The TWO upper
    # bound is also far from tight"
    for sc, s2 in panels:
        n, m, se, curves, sims, th = data[(sc, s2)]
        for name, says in (("Pl", "the lower bounds (Plaskota and OV) are rather loose in both cases"),
                           ("OV", "the lower bounds (Plaskota and OV) are rather loose in both cases"),
                           ("TWO", "the TWO upper bound is also far from tight")):
            loose_claim(rec, f"{sc}, sigma2={s2:g}", name, n, m, se, curves[name], cfg["claims"], says)
    # "the WV upper bound is better [than TWO] where it can be defined (for d = 1)"
    n, m, se, curves, sims, th = data[panels[0]]
    d_wv, d_two = float(log_gap(curves["WV"], m).max()), float(log_gap(curves["TWO"], m).max())
    rec.within(f"ou1, sigma2={panels[0][1]:g}: WV is tighter than TWO: D_TWO - D_WV, D = max over n of "
               "|ln(bound/Sim)|", "the WV upper bound is better where it can be defined (for d = 1)",
               d_two - d_wv, lower=0.0, note=f"D_WV = {d_wv:.3g}, D_TWO = {d_two:.3g}")
    return fig, pd.DataFrame(rows, columns=ROW_COLUMNS), rec
