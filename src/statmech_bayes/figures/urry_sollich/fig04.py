"""Figure 4: large-p scaling of learning curves on 3-regular graphs against x = nu p^(3/2) (Section 3.4.1)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.figures.urry_sollich.claims import fig4_claims, fig4_sim_curves
from statmech_bayes.reporting.plotstyle import note_box, use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = ("fig4.x_range", "fig4.sigma2", "fig4.n_samples", "kernel.a", "sims.V", "claims.fig4")


def make(inputs: dict, us: dict):
    import matplotlib.pyplot as plt

    use_style()
    eig, _ = load_npz(inputs["eigen"])
    sims, _ = load_npz(inputs["sims"])
    f4, a = us["fig4"], us["kernel"]["a"]
    V = us["sims"]["V"]
    fig, (axl, axr) = plt.subplots(1, 2, figsize=(9.0, 3.6), sharey=True)
    rows = []
    x = eig["x"]
    cols = plt.cm.plasma(np.linspace(0, 0.85, len(eig["p_eig"])))
    for p, c in zip(eig["p_eig"], cols):
        e = eig[f"eps_p{p}"]
        axl.plot(x, e, color=c, label=f"p={p}")
        rows += [("eigen", f"p={p}", float(u), float(v)) for u, v in zip(x, e)]
    axl.plot(x, eig["master"], "k--", lw=1.5, label="Master Curve (Eq. 26)")
    rows += [("eigen", "master", float(u), float(v)) for u, v in zip(x, eig["master"])]
    axl.set(xscale="log", yscale="log", xlim=tuple(f4["x_range"]), ylim=(1e-3, 1.2), xlabel=r"$\nu p^{3/2}$",
            ylabel=r"$\epsilon$", title="eigenvalue approximation, V → ∞ (Eq. 21)")
    axl.legend(fontsize=6.5, loc="lower left")
    cols = plt.cm.viridis(np.linspace(0, 0.85, len(sims["p_sim"])))
    for (p, xs, m, _), c in zip(fig4_sim_curves(sims, V), cols):
        axr.plot(xs, m, color=c, label=f"p={p}")
        rows += [("simulation", f"p={p}", float(u), float(v)) for u, v in zip(xs, m)]
    axr.set(xscale="log", xlim=tuple(f4["x_range"]), xlabel=r"$\nu p^{3/2}$",
            title=f"simulation, random 3-regular, V={V}")
    axr.legend(fontsize=6.5, loc="lower left")
    note_box(axr, f"$\\sigma^2$={f4['sigma2']:g}, a={a:g}, global norm.\n{f4['n_samples']} graphs per p",
             loc="upper right")
    fig.tight_layout()

    return fig, pd.DataFrame(rows, columns=["panel", "curve", "x", "eps"]), fig4_claims(eig, sims, us)
