"""Figure 7: mismatched learning curves, student globally / teacher locally normalised (simulation)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.figures.urry_sollich.claims import mismatch_claims
from statmech_bayes.figures.urry_sollich.common import ENSEMBLE_LABELS, by_ensemble
from statmech_bayes.figures.urry_sollich.curves import draw_curves, loglog_axes
from statmech_bayes.reporting.plotstyle import use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = ("sims.V", "claims.mismatch")

PAIRING = "global/local"  # student / teacher


def make(inputs: dict, us: dict, pairing: str = PAIRING, name: str = "fig7"):
    import matplotlib.pyplot as plt

    use_style()
    sims = by_ensemble(inputs["sims"])
    fig, axes = plt.subplots(1, len(sims), figsize=(4.4 * len(sims), 3.5), sharey=True)
    rows = []
    student, teacher = pairing.split("/")
    for ax, (ens, s) in zip(np.atleast_1d(axes), sims.items()):
        i = list(s["pairings"]).index(pairing)
        nu, s2s = s["nu"], [float(x) for x in s["sigma2"]]
        curves = {s2: s["eps"][:, i, j].mean(0) for j, s2 in enumerate(s2s)}
        draw_curves(ax, nu, curves, "-", rows, ens, f"student {student} / teacher {teacher}", label=True)
        loglog_axes(ax, ENSEMBLE_LABELS.get(ens, ens), ylim=(1e-2, 1.2))
        ax.legend(fontsize=6.5, loc="lower left")
    fig.suptitle(f"student {student}ly, teacher {teacher}ly normalised (simulation, V={us['sims']['V']})",
                 fontsize=9)
    fig.tight_layout()
    rec = mismatch_claims(sims, us, pairing, name)
    return fig, pd.DataFrame(rows, columns=["panel", "curve", "sigma2", "nu", "eps"]), rec

