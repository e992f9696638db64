"""Figure 6: distribution of local posterior variances under local normalisation, simulation vs cavity."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.figures.urry_sollich.claims import fig6_claims, fig6_histograms
from statmech_bayes.reporting.plotstyle import note_box, use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = ("fig6.nus", "fig6.V", "fig6.n_graphs", "fig6.n_datasets", "fig6.sigma2", "claims.fig6")


def make(inputs: dict, us: dict):
    import matplotlib.pyplot as plt

    use_style()
    sims, _ = load_npz(inputs["sims"])
    cav, _ = load_npz(inputs["cavity"])
    f6 = us["fig6"]
    fig, axes = plt.subplots(1, len(f6["nus"]), figsize=(4.6 * len(f6["nus"]), 3.6))
    rows = []
    panels = fig6_histograms(sims, cav, f6, int(us["claims"]["fig6"]["bins"]))
    for ax, (nu, post, c, centres, hs, hc, w, top) in zip(np.atleast_1d(axes), panels):
        ax.bar(centres, hs, width=w, color="0.7", label=f"simulation ({post.size} values)")
        ax.step(centres, hc, where="mid", color="k", lw=0.9, label=f"cavity ({c.size} samples)")
        ax.set(xlabel="local posterior variance", ylabel="density", title=f"ν = {nu:g}", xlim=(0, top))
        ax.legend(fontsize=7, loc="upper right")
        rows += [(nu, "simulation", float(x), float(y)) for x, y in zip(centres, hs)]
        rows += [(nu, "cavity", float(x), float(y)) for x, y in zip(centres, hc)]
    note_box(np.atleast_1d(axes)[0], f"ER c=3, V={f6['V']}, {f6['n_graphs']}x{f6['n_datasets']} graphs x data\n"
             f"$\\sigma^2$={f6['sigma2']:g} (unstated in paper); x: posterior variance", loc="center right")
    fig.tight_layout()
    return fig, pd.DataFrame(rows, columns=["nu", "curve", "posterior_variance", "density"]), fig6_claims(sims, cav, us)
