"""Figure 10: Plaskota bound (solid) against the lowest error achievable by a single data set of size n in
the degenerate scenario (dashed, eq. 32), for the RBF l = 0.3, d = 4 spectra of uniform and Gaussian inputs."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.figures.sollich_halees.claims import fig10_claims
from statmech_bayes.figures.sollich_halees.common import ROW_COLUMNS, by_scenario
from statmech_bayes.reporting.plotstyle import note_box, use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = (
    "fig10.scenarios", "fig10.sigma2", "scenarios.<fig10.scenarios>.inputs", "claims.limit_rtol", "claims.se_factor",
    "claims.close_vs_average", "claims.loose_factor",
)

DIST = {"uniform": "uniform", "gaussian": "Gaussian"}


def make(inputs: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    deg, _ = load_npz(inputs["degenerate"])
    f10 = cfg["fig10"]
    n = deg["n"]
    fig, ax = plt.subplots(figsize=(4.8, 3.8))
    colors = plt.cm.tab10(np.arange(10))
    rows: list = []
    c = 0
    for sc in f10["scenarios"]:
        dist = DIST[cfg["scenarios"][sc]["inputs"]]
        for s2 in f10["sigma2"]:
            pl, dm = deg[f"fig10_{sc}_pl_{s2:g}"], deg[f"fig10_{sc}_degmin_{s2:g}"]
            lab = rf"{dist}, $\sigma^2={s2:g}$"
            ax.plot(n, pl, color=colors[c], ls="-", lw=1.2, label=lab)
            ax.plot(n, dm, color=colors[c], ls="--", lw=1.2)
            c += 1
            rows += [(sc, "Pl", s2, int(a), float(b)) for a, b in zip(n, pl)]
            rows += [(sc, "Degmin", s2, int(a), float(b)) for a, b in zip(n, dm)]
    rec = fig10_claims(deg, by_scenario(inputs["sims"]), cfg)
    ax.set(yscale="log", xlim=(0, n[-1]), xlabel="$n$", ylabel=r"$\epsilon$")
    ax.set_ylim(bottom=max(1e-5, float(np.nanmin([deg[f"fig10_{sc}_pl_{s2:g}"][-1] for sc in f10["scenarios"]
                                                   for s2 in f10["sigma2"]])) / 3), top=1.15)
    ax.set_title(r"RBF, $l=0.3$, $d=4$: Plaskota (solid) vs min$_D\,\epsilon(D)$ (dashed)", fontsize=8.5)
    ax.legend(loc="lower left", fontsize=7)
    note_box(ax, "legend lost in the OCR: both input\ndistributions x the noise levels of Figs 5, 7",
             loc="upper right")
    fig.tight_layout()
    return fig, pd.DataFrame(rows, columns=ROW_COLUMNS), rec
