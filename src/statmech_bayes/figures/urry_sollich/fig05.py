"""Figure 5: locally normalised learning curves, simulation vs cavity; isolated vertices; local vs global."""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats

from statmech_bayes.core.claims import ClaimsRecord
from statmech_bayes.core.plotstyle import LINESTYLES, footnote, use_style
from statmech_bayes.figures.urry_sollich import PAPER
from statmech_bayes.figures.urry_sollich.common import (
    ENSEMBLE_LABELS,
    by_ensemble,
    cavity_by_key,
    sigma2_colors,
)
from statmech_bayes.figures.urry_sollich.curves import (
    cavity_vs_simulation,
    draw_curves,
    estimator_note,
    loglog_axes,
)
from statmech_bayes.graphs.ensembles import degree_law


def isolated_vertex_error(p0: float, nu, sigma2: float) -> np.ndarray:
    """Expected contribution of locally normalised isolated vertices: ``p(0) E_γ[σ²/(σ²+γ)]``, γ ~ Poisson(ν)
    (each has prior variance 1 and posterior variance ``1/(1 + γ/σ²)``)."""
    g = np.arange(0, 400)[:, None]
    return p0 * np.sum(stats.poisson.pmf(g, np.atleast_1d(nu)[None, :]) * sigma2 / (sigma2 + g), axis=0)


def make(inputs: dict, us: dict):
    import matplotlib.pyplot as plt

    use_style()
    sims, cav = by_ensemble(inputs["sims"]), cavity_by_key(inputs["cavity"])
    ens_list = list(sims)
    fig = plt.figure(figsize=(12.5, 3.9))
    gs = fig.add_gridspec(2, 3, width_ratios=[1, 1, 0.85])
    main = [fig.add_subplot(gs[:, i]) for i in range(len(ens_list))]
    side = [fig.add_subplot(gs[i, 2]) for i in range(len(ens_list))]
    rows, rec = [], ClaimsRecord("urry_sollich/fig5", PAPER)
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
        for j, s2 in enumerate(s2s):
            cavity_vs_simulation(rec, ens, "local", s2, nu, s["eps"][:, 1, j], cv[s2]["nu"], cv[s2]["eps"],
                                 cv[s2]["stderr"])
        draw_curves(axs, nu, glo, "-", rows, ens, "simulation global", label=False)
        draw_curves(axs, nu, loc, "--", rows, ens, "simulation local (overlay)", label=False)
        axs.set(xscale="log", yscale="log", xlim=(0.1, 10), ylim=(1e-4, 1e-1))
        axs.text(0.03, 0.06, f"{ens}: global solid, local dashed", transform=axs.transAxes, fontsize=6.5)
        spec = dict(us["graph_ensembles"][ens])
        if ens == "er3":
            p0 = degree_law(spec.pop("kind"), **spec).p0
            _inset(ax, nu, loc, p0, rows, rec)
    side[-1].set_xlabel(r"$\nu$")
    fig.tight_layout(rect=footnote(fig, estimator_note(us["sims"], us["cavity"]).replace("\n", " ")
                                   + " (sample sizes unstated in the paper)", height=0.06))
    return fig, pd.DataFrame(rows, columns=["panel", "curve", "sigma2", "nu", "eps"]), rec


def _inset(ax, nu, loc, p0, rows, rec) -> None:
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
    for s2 in sorted(loc)[:2]:  # the two smallest noise levels, where the shoulder is visible
        e = loc[s2]
        slope = np.gradient(np.log(e), np.log(nu))
        # A shoulder is a local flattening: an interior local maximum of the log-log slope. Take the most
        # prominent one (largest rise over the steepest slope before it) between nu = 0.3 and 6.
        win = np.where((nu > 0.3) & (nu < 6))[0]
        peaks = [i for i in win[1:-1] if slope[i] >= slope[i - 1] and slope[i] >= slope[i + 1]]
        prominence = [slope[i] - slope[win[0]: i].min() for i in peaks]
        k = peaks[int(np.argmax(prominence))] if peaks else win[0]
        share = float(isolated_vertex_error(p0, nu[k], s2)[0] / e[k])
        rec.holds(f"er3, sigma2={s2:g}: shoulder: the log-log slope of the local learning curve has an interior "
                  "local maximum (the curve flattens, then steepens again) between nu = 0.7 and 3",
                  "locally normalised kernels give a shoulder around nu = 2",
                  f"flattest slope {slope[k]:.3g} at nu={nu[k]:.3g}",
                  bool(peaks and 0.7 <= nu[k] <= 3.0), "interior local maximum of the slope, 0.7 <= nu <= 3")
        rec.within(f"er3, sigma2={s2:g}: share of the local error carried by isolated vertices at the shoulder",
                   "the single-vertex error dominates until these vertices have typically seen an example",
                   share, lower=0.5)
