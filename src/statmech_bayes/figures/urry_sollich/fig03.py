"""Figure 3: globally normalised learning curves: simulation (solid), eigenvalue approx. (dotted), cavity (dashed)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.claims import ClaimsRecord
from statmech_bayes.core.plotstyle import LINESTYLES, footnote, use_style
from statmech_bayes.figures.urry_sollich import PAPER
from statmech_bayes.figures.urry_sollich.common import (
    ENSEMBLE_LABELS,
    by_ensemble,
    cavity_by_key,
    interp_loglog,
    mean_se,
)
from statmech_bayes.figures.urry_sollich.curves import (
    cavity_vs_simulation,
    draw_curves,
    estimator_note,
    loglog_axes,
)


def make(inputs: dict, us: dict):
    import matplotlib.pyplot as plt

    use_style()
    sims, eig, cav = by_ensemble(inputs["sims"]), by_ensemble(inputs["eigen"]), cavity_by_key(inputs["cavity"])
    ensembles = list(sims)
    fig, axes = plt.subplots(1, len(ensembles), figsize=(3.6 * len(ensembles), 3.5), sharey=True)
    axes = np.atleast_1d(axes)
    rows: list = []
    rec = ClaimsRecord("urry_sollich/fig3", PAPER)
    for ax, ens in zip(axes, ensembles):
        s, e = sims[ens], eig[ens]
        nu, s2s = s["nu"], [float(x) for x in s["sigma2"]]
        sim = {s2: s["eps"][:, 0, j].mean(0) for j, s2 in enumerate(s2s)}  # index 0: global
        eg = {s2: e["eps"][:, j].mean(0) for j, s2 in enumerate(s2s)}
        draw_curves(ax, nu, sim, LINESTYLES["simulation"], rows, ens, "simulation", label=(ens == ensembles[0]))
        draw_curves(ax, e["nu"], eg, LINESTYLES["eigenvalue"], rows, ens, "eigenvalue", label=False)
        cv = {s2: cav[(ens, "global", s2)] for s2 in s2s if (ens, "global", s2) in cav}
        draw_curves(ax, next(iter(cv.values()))["nu"], {k: v["eps"] for k, v in cv.items()},
                    LINESTYLES["cavity"], rows, ens, "cavity", label=False)
        loglog_axes(ax, ENSEMBLE_LABELS.get(ens, ens))
        for j, s2 in enumerate(s2s):
            c = cv[s2]
            cavity_vs_simulation(rec, ens, "global", s2, nu, s["eps"][:, 0, j], c["nu"], c["eps"], c["stderr"])
        _eigen_claims(rec, ens, nu, s, e, s2s)
    axes[0].legend(loc="lower left", fontsize=7)
    axes[-1].plot([], [], "k-", label="simulation, V=%d" % us["sims"]["V"])
    axes[-1].plot([], [], "k:", label="eigenvalue approx. (Eq. 18)")
    axes[-1].plot([], [], "k--", label="cavity (population dynamics)")
    axes[-1].legend(loc="lower left", fontsize=7)
    rect = footnote(fig, estimator_note(us["sims"], us["cavity"]).replace("\n", " ")
                    + " (sample sizes unstated in the paper)", height=0.06)
    fig.tight_layout(rect=rect)
    return fig, pd.DataFrame(rows, columns=["panel", "curve", "sigma2", "nu", "eps"]), rec


def _eigen_claims(rec, ens, nu, s, e, s2s) -> None:
    """The eigenvalue approximation is right at small and large nu and off in the crossover."""
    ratios = []
    for j in range(len(s2s)):
        m, _ = mean_se(s["eps"][:, 0, j])
        ratios.append(interp_loglog(nu, e["nu"], e["eps"][:, j].mean(0)) / m)
    ratios = np.array(ratios)  # [sigma2, nu]
    # At small nu both errors are close to 1; compare what they say has been learnt, 1 - eps.
    gain = []
    for j in range(len(s2s)):
        m0 = s["eps"][:, 0, j].mean(0)[0]
        e0 = interp_loglog(nu[:1], e["nu"], e["eps"][:, j].mean(0))[0]
        gain.append((1 - e0) / (1 - m0))
    rec.within(f"{ens}: eigenvalue approximation / simulation at the smallest nu={nu[0]:.3g}, worst |ratio - 1| "
               "over sigma2", "eigenvalue approximation accurate for small nu", np.abs(ratios[:, 0] - 1).max(),
               upper=0.10, note="a weak check: at nu = 0.01 both errors are close to 1, so only an approximation off "
                                "by a visible 10 % on the paper's log axis fails; what the first examples teach "
                                "(1 - eps) is in the note below")
    # Not a claim: the paper derives the approximation's initial slope for uniform prior variances (regular
    # graphs), so its departure under the spread of C_ii is no statement of the paper's.
    rec.note(f"{ens}: error reduction 1 - eps of the eigenvalue approximation relative to the simulation's at the "
             f"smallest nu={nu[0]:.3g}, per sigma2",
             {"ratios": [float(g) for g in gain],
              "why a note": "the initial slope sum(e^2)/(1+sigma2) is exact only for uniform prior variances "
                            "(regular graphs), the case the paper derives it for; with the spread of C_ii under "
                            "global normalisation it over-predicts what the first examples teach"})
    worst = np.abs(np.log(ratios)).max(axis=1)
    smallest = int(np.argmin(s2s))
    rec.within(f"{ens}: largest deviation factor max_nu max(r, 1/r), r = eigen/simulation, at the smallest "
               f"sigma2={s2s[smallest]:g}", "the approximation fails in the crossover between the regimes",
               float(np.exp(worst[smallest])), lower=1.2,
               note="per sigma2 (largest to smallest): " + ", ".join(f"{np.exp(w):.3g}" for w in worst))
    rec.within(f"{ens}: eigenvalue approximation / simulation at the largest nu={nu[-1]:.3g}, worst over sigma2",
               "eigenvalue approximation accurate for large nu", np.abs(ratios[:, -1] - 1).max(), upper=0.10)
    # "the accuracy of the approximation improves as the noise level sigma^2 becomes larger": accuracy of a
    # curve on the paper's log-log axes = its largest deviation factor from the simulation over nu.
    # Judged for every pair of successive noise levels; undecidable when a difference is within 3 standard
    # errors of ln(simulation) at the two worst points.
    order = np.argsort(s2s)[::-1]  # largest sigma2 first
    at = np.argmax(np.abs(np.log(ratios)), axis=1)
    rel_se = np.array([(lambda m, se: se[at[j]] / m[at[j]])(*mean_se(s["eps"][:, 0, j])) for j in range(len(s2s))])
    w, u = worst[order], rel_se[order]
    steps = np.diff(w)
    rec.holds(f"{ens}: the eigenvalue approximation's largest deviation max_nu |ln(eigen/simulation)| grows at "
              "every step down in sigma2 (accuracy improves as sigma2 becomes larger)",
              "the accuracy of the approximation improves as the noise level sigma^2 becomes larger",
              "; ".join(f"sigma2={s2s[j]:g}: {worst[j]:.3g} at nu={nu[at[j]]:.3g}" for j in order),
              bool(np.all(steps > 0)), "strictly increasing from the largest to the smallest sigma2",
              "step sizes " + ", ".join(f"{d:.3g}" for d in steps) + "; 3 SE of ln(sim) at the worst points: "
              + ", ".join(f"{3 * x:.2g}" for x in u),
              decidable=bool(np.all(np.abs(steps) > 3 * (u[1:] + u[:-1]))))
