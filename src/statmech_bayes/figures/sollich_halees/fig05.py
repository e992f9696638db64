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
    # Kinks where the dominant block of degenerate eigenvalues changes. A kink is an abrupt change of the
    # slope of ln Pl (the paper's log axis): kink strength at n = |s(n+1) - s(n)| / |s(n)| with
    # s(n) = ln Pl(n) - ln Pl(n-1), the relative change of the slope (the absolute second difference is
    # dominated by the smooth bend of the first few examples). n = 1 is left out: it is the start of the curve
    # and trivially the edge of the first block (the single largest eigenvalue). (The cut-off k of
    # eqs. 40-42 grows by one at every n here, so it marks no particular n and is not used.)
    for s2, d in ((s_hi, hi), (s_lo, lo)):
        n, th = d[0], d[5]
        sl = np.diff(np.log(d[3]["Pl"]))                 # s(n), n = 1..n_max
        kink = np.abs(np.diff(sl)) / np.abs(sl[:-1])     # at n = 1..n_max-1
        nn = n[1:-1]
        sel = nn >= 2
        kink, nn = kink[sel], nn[sel]
        top = np.argsort(kink)[::-1][:5]
        edges = np.asarray(th["block_edges"], int)
        edges = edges[(edges >= 2) & (edges <= n[-1])]
        near = [bool(np.abs(edges - nn[t]).min() <= 1) for t in top]
        chance = float(np.mean([np.abs(edges - x).min() <= 1 for x in nn]))
        rec.holds(f"rbf4, sigma2={s2:g}: the 5 largest kinks of the Plaskota curve (relative change of the slope "
                  "of ln Pl between successive n, n >= 2) lie at block edges of the degenerate eigenvalues",
                  "kinks occur where the dominant block changes", float(np.mean(near)), all(near),
                  "all 5 within 1 of a block edge",
                  f"kinks at n = {sorted(int(nn[t]) for t in top)}, block edges {edges.tolist()}; a random n in "
                  f"2..{int(nn[-1])} is within 1 of an edge with probability {chance:.3f}; 5th / median kink "
                  f"strength = {kink[top[-1]] / np.median(kink):.3g}")
    return fig, pd.DataFrame(rows, columns=ROW_COLUMNS), rec
