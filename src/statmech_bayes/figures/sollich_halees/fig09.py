"""Figure 9: Fig. 5 (left)'s Sim, UC, LC and TWO, with the exact learning curve "Deg" of the degenerate
scenario (Sec. 5, eq. 30) with exactly the same eigenvalue spectrum and a uniform prior variance."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.core.claims import ClaimsRecord
from statmech_bayes.core.plotstyle import use_style
from statmech_bayes.figures.sollich_halees import PAPER
from statmech_bayes.figures.sollich_halees.common import (
    LEGEND_NOTE,
    ROW_COLUMNS,
    _ranges,
    by_scenario,
    panel,
    scenario_title,
    sigma_index,
    sim_stats,
)


def make(inputs: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    f9 = cfg["fig9"]
    sc, s2 = f9["scenario"], float(f9["sigma2"])
    th, sm = by_scenario(inputs["theory"])[sc], by_scenario(inputs["sims"])[sc]
    deg, _ = load_npz(inputs["degenerate"])
    i, j = sigma_index(th, s2), sigma_index(sm, s2)
    n = th["n"]
    sims = sm["eps"][j]
    m, se = sim_stats(sims)
    curves = {"LC": th["LC"][i], "UC": th["UC"][i], "TWO": th["TWO"][i], "Deg": deg["fig9_deg"]}
    fig, ax = plt.subplots(figsize=(5.4, 3.9))
    rows: list = []
    panel(ax, n, curves, m, se, scenario_title(cfg["scenarios"][sc], s2), (5e-3, 1.15), rows, sc, s2)
    ax.legend(loc="lower left", fontsize=7)
    fig.text(0.5, 0.01, f"Sim: mean of {sims.shape[0]} data sets (grey band: $\\pm$1 SE); Deg exact (eq. 30);\n"
             + LEGEND_NOTE, ha="center", va="bottom", fontsize=7, color="0.3")
    fig.tight_layout(rect=(0, 0.08, 1, 1))

    rec = ClaimsRecord("sollich_halees/fig9", PAPER)
    k = float(cfg["claims"]["se_factor"])
    d = curves["Deg"]
    # "Significantly" in the sense the sentence goes on to use it (eigenvalue-only predictions are not
    # reliable): Sim and Deg, which share the spectrum, lie farther apart on the paper's log axis than the
    # LC approximation (the text: "close to the true learning curves") lies from Sim in the same panel.
    # D = max over n of |ln(curve/Sim)|; undecidable when the margin is within k relative SE of Sim.
    g_deg, g_lc = np.abs(np.log(d[1:] / m[1:])), np.abs(np.log(curves["LC"][1:] / m[1:]))
    rel = se[1:] / m[1:]
    unc = k * float(rel[np.argmax(g_deg)] + rel[np.argmax(g_lc)])
    rec.within("Sim and Deg (same spectrum) differ by more than LC differs from Sim: D(Deg, Sim) / D(LC, Sim), "
               "D = max over n of |ln(curve/Sim)|", "the curves Sim and Deg differ significantly, showing that "
               "learning curves cannot be predicted reliably based on eigenvalues alone",
               float(g_deg.max() / g_lc.max()), lower=1.0, decidable=abs(g_deg.max() - g_lc.max()) > unc,
               note=f"D(Deg, Sim) = {g_deg.max():.3g} at n = {int(n[1:][np.argmax(g_deg)])} (a factor "
                    f"{np.exp(g_deg.max()):.3g}), D(LC, Sim) = {g_lc.max():.3g} at n = {int(n[1:][np.argmax(g_lc)])};"
                    f" |Deg - Sim| reaches {float((np.abs(d - m) / se.clip(min=1e-300))[2:].max()):.0f} SE of Sim")
    gap = float(np.abs(np.log(d[1:] / m[1:])).max())
    rec.within("smallest possible worst-case error factor of any eigenvalue-only prediction of both Sim and Deg "
               "(same spectrum): exp(max_n |ln(Deg/Sim)| / 2)", "learning curves cannot be predicted reliably "
               "based on eigenvalues alone", float(np.exp(gap / 2)), lower=1.1,
               note="a prediction from the spectrum alone is the same curve for both scenarios; above 10% "
                    "read as 'not reliable'")
    above = n[(n >= 1) & (d > curves["UC"])]
    rec.within(f"Deg / UC at n = {int(n[-1])}", "the UC approximation is not in general an upper bound on the true "
               "learning curve; in fact, it here underestimates the true eps(n) quite significantly",
               float(d[-1] / curves["UC"][-1]), lower=1.0, note=f"Deg > UC at n = {_ranges(above)}")
    rec.within("max over n of Deg - TWO", "TWO is a bound (it uses <C(x,x) phi_i^2>, = tr Lambda here)",
               float((d - curves["TWO"]).max()), upper=1e-12)
    ov = deg["fig9_ov"]
    rec.within("min over n of Deg - OV", "OV is a lower bound for any scenario", float((d - ov).min()), lower=-1e-12)
    # Eq. (31): one input with probability 1-δ, the rest sharing δ; the error reduction is that of the
    # single eigenvalue λ_α, so no upper bound can use the spectrum alone.
    lim, e31 = deg["eq31_exact"], deg["eq31_formula"]
    delta = float(deg["eq31_delta"])
    rel = float(np.abs(lim[1:] / e31[1:] - 1).max())
    rec.within(f"eq. (31) limit: max over n of |exact/eq.31 - 1| with p_alpha = 1 - {delta:g}",
               "eps(n) ~ tr Lambda - lambda_a + lambda_a sigma^2/(sigma^2 + n lambda_a)", rel,
               upper=2 * float(n[-1]) * delta, note=f"lambda_a = {float(deg['eq31_lambda']):.4g}; tolerance 2 n_max "
                                                    "delta (footnote 9: n p_beta << 1)")
    T = float(th["T"])
    lam_a = float(deg["eq31_lambda"])
    rec.within(f"eq. (31) limit: error reduction (T - eps(n))/T at n = {int(n[-1])}, exact",
               "if lambda_a << tr Lambda, then we can make the reduction in generalization error arbitrarily small: "
               "there is no non-trivial upper bound ... that takes only the eigenvalue spectrum as input",
               float((T - lim[-1]) / T), upper=lam_a / T * (1 + 2 * float(n[-1]) * delta),
               note=f"at most lambda_a/T = {lam_a / T:.3g}; UC (same spectrum) predicts "
                    f"{float((T - curves['UC'][-1]) / T):.3g}")
    rows += [(sc, "eq31_exact", s2, int(a), float(b)) for a, b in zip(n, lim)]
    return fig, pd.DataFrame(rows, columns=ROW_COLUMNS), rec
