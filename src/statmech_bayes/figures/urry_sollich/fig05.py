"""Figure 5: locally normalised learning curves, simulation vs cavity; isolated vertices; local vs global."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.figures.urry_sollich.claims import fig5_claims, isolated_fraction, isolated_vertex_error
from statmech_bayes.figures.urry_sollich.common import (
    ENSEMBLE_LABELS,
    by_ensemble,
    cavity_by_key,
    sigma2_colors,
)
from statmech_bayes.figures.urry_sollich.curves import draw_curves, estimator_note, loglog_axes
from statmech_bayes.reporting.plotstyle import LINESTYLES, footnote, use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = ("sims.n_samples", "cavity.replicas", "cavity.P", "claims.fig5", "claims.cavity", "graph_ensembles.er3")


def make(inputs: dict, us: dict):
    import matplotlib.pyplot as plt

    use_style()
    sims, cav = by_ensemble(inputs["sims"]), cavity_by_key(inputs["cavity"])
    ens_list = list(sims)
    fig = plt.figure(figsize=(12.5, 3.9))
    gs = fig.add_gridspec(2, 3, width_ratios=[1, 1, 0.85])
    main = [fig.add_subplot(gs[:, i]) for i in range(len(ens_list))]
    side = [fig.add_subplot(gs[i, 2]) for i in range(len(ens_list))]
    rows = []
    for ax, axs, ens in zip(main, side, ens_list):
        s = sims[ens]
        nu, s2s = s["nu"], [float(x) for x in s["sigma2"]]
        loc = {s2: s["eps"][:, 1, j].mean(0) for j, s2 in enumerate(s2s)}
        glo = {s2: s["eps"][:, 0, j].mean(0) for j, s2 in enumerate(s2s)}
        draw_curves(ax, nu, loc, LINESTYLES["simulation"], rows, ens, "simulation local", label=True)
        cv = {s2: cav[(ens, "local", s2)] for s2 in s2s}
        draw_curves(ax, cv[s2s[0]]["nu"], {k: v["eps"] for k, v in cv.items()}, LINESTYLES["cavity"], rows, ens,
                    "cavity local", label=False)
        loglog_axes(ax, ENSEMBLE_LABELS.get(ens, ens) + ", local normalisation")
        if ens != "er3":
            ax.legend(loc="lower left", fontsize=6.5)
        draw_curves(axs, nu, glo, "-", rows, ens, "simulation global", label=False)
        draw_curves(axs, nu, loc, "--", rows, ens, "simulation local (overlay)", label=False)
        axs.set(xscale="log", yscale="log", xlim=(0.1, 10), ylim=(1e-4, 1e-1))
        axs.text(0.03, 0.06, f"{ens}: global solid, local dashed", transform=axs.transAxes, fontsize=6.5)
        if ens == "er3":
            _inset(ax, nu, loc, isolated_fraction(us, ens), rows)
    side[-1].set_xlabel(r"$\nu$")
    fig.tight_layout(rect=footnote(fig, estimator_note(us["sims"], us["cavity"]).replace("\n", " ")
                                   + " (sample sizes unstated in the paper)", height=0.06))
    return fig, pd.DataFrame(rows, columns=["panel", "curve", "sigma2", "nu", "eps"]), fig5_claims(sims, cav, us)


def _inset(ax, nu, loc, p0, rows) -> None:
    ins = ax.inset_axes([0.1, 0.09, 0.4, 0.36])
    colors = sigma2_colors(list(loc))
    lin = np.linspace(0.0, 10.0, 101)
    for s2, e in sorted(loc.items(), reverse=True):
        sel = nu <= 10
        ins.plot(nu[sel], e[sel], "-", color=colors[s2], lw=0.9)
        iso = isolated_vertex_error(p0, lin, s2)
        ins.plot(lin, iso, ":", color=colors[s2], lw=0.9)
        rows += [("er3 inset", "isolated vertices", s2, float(x), float(y)) for x, y in zip(lin, iso)]
    ins.set(yscale="log", xlim=(0, 10), ylim=(1e-5, 1))
    ins.set_xticks([2, 4, 6, 8, 10])
    ins.tick_params(labelsize=6)
    ins.set_title("inset: linear ν; dotted = isolated vertices", fontsize=6)
