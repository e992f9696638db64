"""Figure 5: learning curves, periodic RBF, uniform inputs, d = 4, l = 0.3; left σ² = 0.05, right 0.001.
OV loosens as σ² drops, Plaskota less so (with kinks at degenerate blocks), TWO barely changes."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.figures.sollich_halees.common import ROW_COLUMNS, lc_figure, log_gap


def make(inputs: dict, cfg: dict):
    s_hi, s_lo = sorted(cfg["scenarios"]["rbf4"]["sigma2"], reverse=True)[:2]
    fig, rows, rec, data = lc_figure(inputs, cfg, "sollich_halees/fig5", [("rbf4", s_hi), ("rbf4", s_lo)])
    hi, lo = data[("rbf4", s_hi)], data[("rbf4", s_lo)]
    D = {s: {c: float(log_gap(d[3][c], d[1]).max()) for c in ("OV", "Pl", "TWO")} for s, d in ((s_hi, hi), (s_lo, lo))}
    dov, dpl, dtwo = (D[s_lo][c] - D[s_hi][c] for c in ("OV", "Pl", "TWO"))
    rec.within(f"rbf4: OV looser at sigma2={s_lo:g} than at {s_hi:g}: increase of max_n |ln(OV/Sim)|",
               "for lower sigma^2, the OV bound becomes looser as expected", dov, lower=0.0,
               note=f"D_OV = {D[s_hi]['OV']:.3g} -> {D[s_lo]['OV']:.3g}")
    rec.within("rbf4: Plaskota also looser at lower sigma2, but less than OV: (increase of D_Pl) / (increase "
               "of D_OV)", "the Plaskota bound also appears to get looser for lower sigma^2, though not as "
               "dramatically", dpl / dov, lower=0.0, upper=1.0,
               note=f"D_Pl = {D[s_hi]['Pl']:.3g} -> {D[s_lo]['Pl']:.3g}")
    # TWO: "only weakly affected by the value of sigma^2": compare the bound itself at the two noise levels
    two_change = float(np.abs(np.log(lo[3]["TWO"][1:] / hi[3]["TWO"][1:])).max())
    ov_change = float(np.abs(np.log(lo[3]["OV"][1:] / hi[3]["OV"][1:])).max())
    rec.within("rbf4: TWO only weakly affected by sigma2: max_n |ln(TWO(0.001)/TWO(0.05))| / same for OV",
               "the TWO upper bound ... is only weakly affected by the value of sigma^2 and quite loose "
               "throughout", two_change / ov_change, upper=0.1,
               note=f"TWO changes by at most {two_change:.3g} (ln units), OV by {ov_change:.3g}")
    # Kinks where the dominant block of degenerate eigenvalues changes: the largest |Δ² ln Pl| sit at the
    # block edges of the expanded spectrum (or where the cut-off k of eqs. 40-42 changes).
    for s2, d in ((s_hi, hi), (s_lo, lo)):
        n, th = d[0], d[5]
        pl = np.log(d[3]["Pl"])
        d2 = np.abs(pl[2:] - 2 * pl[1:-1] + pl[:-2])   # at n = 1..n_max-1
        nn = n[1:-1]
        top = np.argsort(d2)[::-1][:5]
        edges = np.asarray(th["block_edges"], int)
        k = th["Pl_k"][list(th["sigma2"]).index(s2)]
        k_edges = nn[np.flatnonzero(np.diff(k)[:-1] != 0)] if np.any(np.diff(k) != 0) else np.array([])
        near = [bool(np.min(np.abs(edges - nn[t]).tolist() + [np.inf]) <= 1) or
                bool(np.min(np.abs(k_edges - nn[t]).tolist() + [np.inf]) <= 1) for t in top]
        rec.holds(f"rbf4, sigma2={s2:g}: the 5 largest kinks |d^2 ln Pl/dn^2| of the Plaskota curve lie at "
                  "block edges of the degenerate eigenvalues", "kinks occur where the dominant block changes",
                  float(np.mean(near)), all(near), "all 5 within 1 of a block edge (or of a change of the cut-off k)",
                  f"kinks at n = {sorted(int(nn[t]) for t in top)}, block edges {edges[edges <= n[-1]].tolist()}; "
                  f"largest/median |d2| = {d2[top[0]] / np.median(d2):.3g}")
    return fig, pd.DataFrame(rows, columns=ROW_COLUMNS), rec
