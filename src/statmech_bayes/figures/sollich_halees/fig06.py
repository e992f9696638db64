"""Figure 6: learning curves, RBF with Gaussian inputs, d = 1, l = 0.01, σ² = 0.05, with the generalised
Williams–Vivarelli bound (eq. 23; the OCR's caption says "(29)")."""

from __future__ import annotations

import pandas as pd

from statmech_bayes.figures.sollich_halees.common import (
    ROW_COLUMNS,
    by_scenario,
    lc_figure,
    log_gap,
    sigma_index,
    sim_stats,
)


def make(inputs: dict, cfg: dict):
    s2 = cfg["scenarios"]["gauss1"]["sigma2"][0]
    sub = {kind: {"gauss1": inputs[kind]["gauss1"]} for kind in ("sims", "theory")}
    fig, rows, rec, data = lc_figure(sub, cfg, "sollich_halees/fig6", [("gauss1", s2)])
    n, m, se, curves, sims, th = data[("gauss1", s2)]
    d_wv, d_two = float(log_gap(curves["WV"], m).max()), float(log_gap(curves["TWO"], m).max())
    rec.within("gauss1: generalised WV tighter than TWO: D_TWO - D_WV, D = max over n of |ln(bound/Sim)|",
               "the (generalized) WV bound is still reasonably tight", d_two - d_wv, lower=0.0,
               note=f"D_WV = {d_wv:.3g}, D_TWO = {d_two:.3g}")
    # "the LC approximation provides less of a good representation of the overall shape of the learning
    # curve here than for the previous examples with uniform input distributions": the same kernel and
    # length scale with uniform inputs is Fig. 4 (rbf1).
    u_s, u_t = by_scenario(inputs["sims"])["rbf1"], by_scenario(inputs["theory"])["rbf1"]
    s2u = cfg["scenarios"]["rbf1"]["sigma2"][0]
    mu, _ = sim_stats(u_s["eps"][sigma_index(u_s, s2u)])
    d_g = float(log_gap(curves["LC"], m).max())
    d_u = float(log_gap(u_t["LC"][sigma_index(u_t, s2u)], mu).max())
    rec.within("gauss1 vs rbf1 (Fig 4, uniform inputs, same kernel and l): D_LC(Gaussian) / D_LC(uniform), "
               "D = max over n of |ln(LC/Sim)|", "LC provides less of a good representation ... than for ... "
               "uniform input distributions", d_g / d_u, lower=1.0,
               note=f"D_LC = {d_g:.3g} (Gaussian) vs {d_u:.3g} (uniform; the largest D_LC of the uniform "
                    "panels of Figs 3-5, so the strictest comparison)")
    return fig, pd.DataFrame(rows, columns=ROW_COLUMNS), rec
