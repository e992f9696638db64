"""Figure 1: the soft label function l0 = Phi(f0) on the path graph with n = 500 and the simulated noisy labels
(20 % of them removed)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.figures.hartog_vanzanten.claims import fig1_claims
from statmech_bayes.reporting.plotstyle import note_box, use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = ("path.n", "path.frac_missing")


def make(inputs: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    d, _ = load_npz(inputs["data"])
    n = d["f0"].size
    x = np.arange(1, n + 1)
    obs = d["observed"]
    fig, ax = plt.subplots(figsize=(7.5, 3.2))
    ax.plot(x, d["ell0"], color="k", lw=1.3, label=r"soft labels $\ell_0 = \Phi(f_0)$")
    ax.plot(x[obs], d["y"][obs], "o", ms=2.2, color="tab:blue", label=f"observed label ({obs.sum()})")
    ax.plot(x[~obs], d["y"][~obs], "o", ms=2.6, mfc="none", mec="0.55", mew=0.6,
            label=f"removed label ({(~obs).sum()})")
    ax.set(xlim=(0, n + 1), ylim=(-0.08, 1.08), xlabel="vertex", ylabel="label")
    ax.legend(loc="center right", fontsize=7, bbox_to_anchor=(1.0, 0.62))
    note_box(ax, "removed labels: hollow grey (our choice)", loc="center left")
    fig.tight_layout()
    rows = [("ell0", int(i), float(v)) for i, v in zip(x, d["ell0"])]
    rows += [("label_observed" if o else "label_removed", int(i), float(v)) for i, v, o in zip(x, d["y"], obs)]

    return fig, pd.DataFrame(rows, columns=["curve", "vertex", "value"]), fig1_claims(d, cfg)
