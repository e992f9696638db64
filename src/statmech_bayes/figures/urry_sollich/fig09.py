"""Figure 9: vertex-to-vertex variance of the local posterior variance, local vs global normalisation."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.figures.urry_sollich.claims import fig9_claims, larger_graph_summary, vertex_variances
from statmech_bayes.figures.urry_sollich.common import ENSEMBLE_LABELS, by_ensemble, cavity_by_key, mean_se
from statmech_bayes.figures.urry_sollich.curves import CavityTolerance
from statmech_bayes.reporting.plotstyle import note_box, use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = (
    "fig9.sigma2", "fig9.cavity_measure_draws", "sims.V", "cavity.replicas", "cavity.P", "claims.fig9",
    "claims.cavity",
)


def make(inputs: dict, us: dict):
    import matplotlib.pyplot as plt

    use_style()
    cav = cavity_by_key(inputs["cavity"])
    kappa, finite = by_ensemble(inputs["kappa"]), by_ensemble(inputs["finite_size"])
    s2 = float(us["fig9"]["sigma2"])
    extra, tail = by_ensemble(inputs["sims_extra"]), by_ensemble(inputs["tail"])
    sims = {ens: vertex_variances(s, extra[ens], tail[ens], s2) for ens, s in by_ensemble(inputs["sims"]).items()}
    larger = by_ensemble(inputs.get("larger_graphs", {}))
    V_sims = int(us["sims"]["V"])
    tol = CavityTolerance.from_claims(us["claims"]["cavity"])
    fig, axes = plt.subplots(1, len(sims), figsize=(4.4 * len(sims), 3.4), sharey=True)
    rows = []
    for ax, (ens, s) in zip(np.atleast_1d(axes), sims.items()):
        nu = s["nu"]
        big = larger_graph_summary(s, larger, cav, ens, s2, V_sims, tol)
        for i, (norm, marker) in enumerate((("global", "o"), ("local", "*"))):
            m, _ = mean_se(s["var"][:, i])
            ax.plot(nu, m, marker, ls="none", ms=4 if marker == "o" else 6, mfc="none" if marker == "o" else None,
                    color="tab:blue" if norm == "global" else "tab:red", label=f"{norm}, V={V_sims} (simulation)")
            rows += [(ens, f"{norm} simulation", float(x), float(y)) for x, y in zip(nu, m)]
            c = cav.get((ens, norm, s2))
            if c is not None:
                ax.plot(c["nu"], c["eps_variance"], "--", lw=0.8, color="tab:blue" if norm == "global" else "tab:red",
                        label=f"{norm} (cavity)")
                rows += [(ens, f"{norm} cavity", float(x), float(y)) for x, y in zip(c["nu"], c["eps_variance"])]
        if big is not None:
            ax.errorbar(big["nu"], big["mean"], yerr=big["se"], fmt="D", ms=3.5, mfc="none", color="tab:green",
                        elinewidth=0.8, label=f"global, V={big['V']} (simulation)")
            rows += [(ens, f"global simulation V={big['V']}", float(x), float(y))
                     for x, y in zip(big["nu"], big["mean"])]
        ax.set(xscale="log", xlim=(1e-2, 1e1), ylim=(0, 1), xlabel=r"$\nu$", ylabel="error variance")
        ax.set_title(ENSEMBLE_LABELS.get(ens, ens) + f", $\\sigma^2$={s2:g}", fontsize=8.5)
        ax.legend(fontsize=6.5, loc="center right")
    first = next(iter(sims.values()))
    draws = int(us["fig9"]["cavity_measure_draws"])
    # (the estimators in short lines, above the Erdos-Renyi curves, where nothing is drawn)
    note_box(np.atleast_1d(axes)[0],
             f"simulation: {first['var'].shape[0]} graphs, small components averaged\n"
             f"exactly over placements; global at nu >= {first['tail_nu'][0]:.2g}: {first['tail_datasets']} data "
             f"sets per graph\ncavity: {us['cavity']['replicas']} replicas x {us['cavity']['P']} messages "
             f"(local: {draws} P\nvertices measured per sweep); errors from their spread", loc="upper left")
    fig.tight_layout()
    rec = fig9_claims(sims, cav, kappa, finite, larger, us)
    return fig, pd.DataFrame(rows, columns=["panel", "curve", "nu", "error_variance"]), rec

