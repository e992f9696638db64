"""Figure 1: replica-symmetric generalisation error against the student's C, (a) the SBC (Bayes-optimal)
predictor and (b) Gibbs learning, for several teacher sparsities C_t (alpha = 1, kappa = 0.05); one RS
saddle-point solve per (C_t, C) feeds both panels."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.claims import ClaimsRecord
from statmech_bayes.core.plotstyle import note_box, use_style
from statmech_bayes.figures.uda_kabashima import PAPER
from statmech_bayes.figures.uda_kabashima.common import COLORS, load


def make(inputs: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    rs = load(inputs["rs"])
    C, Cts = rs["C"], rs["Ct"]
    fig, axes = plt.subplots(1, 2, figsize=(8.2, 3.6), sharey=True)
    rows = []
    rec = ClaimsRecord("uda_kabashima/fig1", PAPER)
    for panel, (ax, key, name) in enumerate(zip(axes, ("eps_sbc", "eps_gibbs"), ("SBC", "Gibbs"))):
        for i, Ct in enumerate(Cts):
            e = rs[key][i]
            ax.plot(C, e, color=COLORS[i], label=f"$C_t$ = {Ct:g}")
            ax.axvline(Ct, color=COLORS[i], ls=":", lw=0.9)
            k = int(np.argmin(e))
            ax.plot(C[k], e[k], "o", color=COLORS[i], ms=4, mfc="white")
            rows += [(name, float(Ct), float(c), float(v)) for c, v in zip(C, e)]
        ax.set(xlabel="$C$", xlim=(0, 1), title=f"({'ab'[panel]}) {name}")
    axes[0].set_ylabel(r"$\epsilon_g$")
    axes[0].legend(loc="upper right")
    lo = float(min(rs["eps_sbc"].min(), rs["eps_gibbs"].min()))
    axes[0].set_ylim(lo - 0.02, min(0.5, float(max(rs["eps_sbc"].max(), rs["eps_gibbs"].max())) + 0.02))
    note_box(axes[1], f"RS, $\\alpha$={cfg['alpha']:g}, $\\kappa$={cfg['kappa']:g}; dotted: $C=C_t$,\n"
             "open circles: minima; $C_t$ values unstated in the paper", loc="lower right")
    fig.tight_layout()

    dC = float(cfg["fig1"]["C_step"])
    for i, Ct in enumerate(Cts):
        es, eg = rs["eps_sbc"][i], rs["eps_gibbs"][i]
        j = int(np.argmin(np.abs(C - Ct)))
        rec.within(f"C_t = {Ct:g}: argmin over C of eps_SBC (RS), grid step {dC:g}",
                   "eps_g^SBC is minimized when the hyper parameter is set to the teacher's value, C = C_t",
                   float(C[np.argmin(es)]), lower=Ct - dC / 2, upper=Ct + dC / 2,
                   note=f"min eps_SBC = {es.min():.4f}")
        rec.within(f"C_t = {Ct:g}: |R - Q| at C = C_t (Nishimori point)",
                   "at C = C_t the prior coincides with the teacher model, so the predictive probability is exact",
                   abs(float(rs["R"][i, j] - rs["Q"][i, j])), upper=1e-6,
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
    return fig, pd.DataFrame(rows, columns=["panel", "Ct", "C", "eps"]), rec
