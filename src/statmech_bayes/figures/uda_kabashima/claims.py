"""The claims of Uda & Kabashima 2005, one pure function per figure: from the plotted data and the cached summaries
(plain dicts of arrays, as the figure modules load them) and the paper's configuration section to a ClaimsRecord.

No drawing here and no reading of files: each figure module's ``make`` loads, builds its plotted table, draws and
calls its function below, so every verdict can be unit-tested on small hand-made inputs (tests/test_uk_claims.py).
Tolerances of ours come from the ``claims:`` section of the configuration (schema-checked); numbers the paper states
are constants below, each with the paper's sentence.
"""

from __future__ import annotations

import numpy as np

from statmech_bayes.core.claims import ClaimsRecord
from statmech_bayes.figures.uda_kabashima import PAPER

# ------------------------------------------------------------------------------------------ Fig 1: RS curves

def fig1_claims(rs: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 1: the RS saddle point (``rs_fig1.npz``: C, Ct, eps_sbc, eps_gibbs, Q, R, lam, iterations per C_t row)
    puts eps_SBC's minimum at C = C_t (the Nishimori point, where R = Q) and eps_Gibbs's elsewhere, above it."""
    rec = ClaimsRecord("uda_kabashima/fig1", PAPER)
    C, Cts = rs["C"], rs["Ct"]
    dC, rq_atol = float(cfg["fig1"]["C_step"]), float(cfg["claims"]["rq_atol"])
    for i, Ct in enumerate(Cts):
        es, eg = rs["eps_sbc"][i], rs["eps_gibbs"][i]
        j = int(np.argmin(np.abs(C - Ct)))
        rec.within(f"C_t = {Ct:g}: argmin over C of eps_SBC (RS), grid step {dC:g}",
                   "eps_g^SBC is minimized when the hyper parameter is set to the teacher's value, C = C_t",
                   float(C[np.argmin(es)]), lower=Ct - dC / 2, upper=Ct + dC / 2,
                   note=f"min eps_SBC = {es.min():.4f}")
        rec.within(f"C_t = {Ct:g}: |R - Q| at C = C_t (Nishimori point)",
                   "at C = C_t the prior coincides with the teacher model, so the predictive probability is exact",
                   abs(float(rs["R"][i, j] - rs["Q"][i, j])), upper=rq_atol,
                   note=f"Q = {rs['Q'][i, j]:.6f}, R = {rs['R'][i, j]:.6f}, lambda = {rs['lam'][i, j]:.5f} "
                        f"(ln(C_t/(1-C_t)) = {np.log(Ct / (1 - Ct)):.5f})")
        kg = float(C[np.argmin(eg)])
        rec.holds(f"C_t = {Ct:g}: argmin over C of eps_Gibbs (RS)",
                  "the generalization error of Gibbs learning is not minimized at C = C_t", kg,
                  abs(kg - Ct) > dC / 2, f"|argmin - C_t| > {dC / 2:g}", note=f"min eps_Gibbs = {eg.min():.4f}")
        rec.within(f"C_t = {Ct:g}: min over C of eps_Gibbs minus eps_SBC at C = C_t",
                   "classification based on the correct predictive probability provides the best performance "
                   "among all the possible strategies", float(eg.min() - es[j]), lower=0.0)
    rec.note("rs_iterations_max", int(np.max(rs["iterations"])))
    rec.note("C_grid", f"{C[0]:g}..{C[-2]:g} step {dC:g}, plus {C[-1]:g}")
    return rec
