"""Figure 3: globally normalised learning curves: simulation (solid), eigenvalue approx. (dotted), cavity (dashed)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.figures.urry_sollich.claims import fig3_claims
from statmech_bayes.figures.urry_sollich.common import ENSEMBLE_LABELS, by_ensemble, cavity_by_key
from statmech_bayes.figures.urry_sollich.curves import draw_curves, estimator_note, loglog_axes
from statmech_bayes.reporting.plotstyle import LINESTYLES, footnote, use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = ("sims.V", "sims.n_samples", "cavity.replicas", "cavity.P", "claims.fig3", "claims.cavity")


def make(inputs: dict, us: dict):
    import matplotlib.pyplot as plt

    use_style()
    sims, eig, cav = by_ensemble(inputs["sims"]), by_ensemble(inputs["eigen"]), cavity_by_key(inputs["cavity"])
    ensembles = list(sims)
    fig, axes = plt.subplots(1, len(ensembles), figsize=(3.6 * len(ensembles), 3.5), sharey=True)
    axes = np.atleast_1d(axes)
    rows: list = []
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
    axes[0].legend(loc="lower left", fontsize=7)
    axes[-1].plot([], [], "k-", label="simulation, V=%d" % us["sims"]["V"])
    axes[-1].plot([], [], "k:", label="eigenvalue approx. (Eq. 18)")
    axes[-1].plot([], [], "k--", label="cavity (population dynamics)")
    axes[-1].legend(loc="lower left", fontsize=7)
    rect = footnote(fig, estimator_note(us["sims"], us["cavity"]).replace("\n", " ")
                    + " (sample sizes unstated in the paper)", height=0.06)
    fig.tight_layout(rect=rect)
    return fig, pd.DataFrame(rows, columns=["panel", "curve", "sigma2", "nu", "eps"]), fig3_claims(sims, eig, cav, us)

