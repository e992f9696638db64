"""Figure 7: learning curves, RBF with Gaussian inputs, d = 4, l = 0.3; left σ² = 0.05, right 0.001.
The true curve drops below LC at small n (LC is not a lower bound); OV is very loose at σ² = 0.001."""

from __future__ import annotations

import pandas as pd

from statmech_bayes.figures.sollich_halees.common import (
    ROW_COLUMNS,
    _ranges,
    lc_figure,
    log_gap,
)


def make(inputs: dict, cfg: dict):
    s_hi, s_lo = sorted(cfg["scenarios"]["gauss4"]["sigma2"], reverse=True)[:2]
    fig, rows, rec, data = lc_figure(inputs, cfg, "sollich_halees/fig7", [("gauss4", s_hi), ("gauss4", s_lo)],
                                     bracket=False)
    k = float(cfg["claims"]["se_factor"])

    for s2 in (s_hi, s_lo):
        n, m, se, curves, sims, th = data[("gauss4", s2)]
        z = (curves["LC"] - m) / se.clip(min=1e-300)
        below = n[(n >= 1) & (z > k)]
        rec.within(f"gauss4, sigma2={s2:g}: Sim below LC at small n: max over n of (LC-Sim)/SE",
                   "there is a range of n here where the true learning curve lies below the LC approximation",
                   float(z[n >= 1].max()), lower=k,
                   note=f"significant (> {k:g} SE) at n = {_ranges(below)}; largest relative gap "
                        f"{float(((curves['LC'] - m) / curves['LC'])[1:].max()):.3g}")
        hi = (m - curves["UC"]) / se.clip(min=1e-300)
        rec.holds(f"gauss4, sigma2={s2:g}: Sim never above UC: max (Sim-UC)/SE", "UC above the truth", float(hi[1:].max()),
                  bool(hi[1:].max() <= k), f"<= {k:g}")
    d_hi, d_lo = (float(log_gap(data[("gauss4", s)][3]["OV"], data[("gauss4", s)][1]).max()) for s in (s_hi, s_lo))
    m_lo = data[("gauss4", s_lo)][1]
    ov_lo = data[("gauss4", s_lo)][3]["OV"]
    rec.within(f"gauss4: OV very loose at sigma2={s_lo:g}: Sim/OV at n = {int(m_lo.size - 1)}",
               "the OV lower bound is very loose for this smaller noise level", float(m_lo[-1] / ov_lo[-1]),
               lower=10.0, note=f"max_n |ln(OV/Sim)| = {d_lo:.3g} (vs {d_hi:.3g} at sigma2={s_hi:g}); "
                                "'very loose' read as a factor > 10 at the largest n")
    return fig, pd.DataFrame(rows, columns=ROW_COLUMNS), rec
