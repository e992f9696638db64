"""Figure 5: histogram of the C selected by minimising the leave-one-out error (56) on each split, by the paper's
algorithm (undamped BP, T updates) and, as a second histogram, damped BP (ours); beside it, what the paper's BP did
in every (C, kappa) cell: the share of splits in which it converged by update T."""

from __future__ import annotations

import numpy as np

from statmech_bayes.figures.uda_kabashima.claims import fig5_claims
from statmech_bayes.figures.uda_kabashima.common import load
from statmech_bayes.figures.uda_kabashima.hist import bars, footer
from statmech_bayes.reporting.plotstyle import use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = (
    "colon.tie_rule", "colon.T_literal", "colon.damping", "colon.T_max", "colon.tol", "colon.boot_seed",
    "claims.boot_level",
)


def _state_panel(ax, s, col):
    conv = np.asarray(s["lit_state_frac"])[0]          # (nC, nK) share converged at T
    per2 = np.asarray(s["lit_state_frac"])[1]
    im = ax.imshow(conv, origin="lower", aspect="auto", cmap="Greys", vmin=0, vmax=1)
    for i in range(conv.shape[0]):
        for j in range(conv.shape[1]):
            ax.text(j, i, f"{conv[i, j]:.2f}\n({per2[i, j]:.2f})", ha="center", va="center", fontsize=5.5,
                    color="w" if conv[i, j] > 0.6 else "k")
    ax.set_xticks(range(len(s["kappa_grid"])), [f"{k:g}" for k in s["kappa_grid"]])
    ax.set_yticks(range(len(s["C_grid"])), [f"{c:g}" for c in s["C_grid"]])
    ax.set(xlabel=r"$\kappa$", ylabel="$C$",
           title=f"paper's BP at T = {col['T_literal']}: share converged\n(period-2 share in brackets)")
    ax.figure.colorbar(im, ax=ax, fraction=0.05, pad=0.02)


def make(inputs: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    s, col = load(inputs["summary"]), cfg["colon"]
    fig, (ax, ax2) = plt.subplots(1, 2, figsize=(9.6, 4.4), gridspec_kw={"width_ratios": [1.5, 1]})
    frame = bars(ax, s, "C", "selected $C$", "Histogram of selected $C$", col)
    if "lit_state_frac" in s:
        _state_panel(ax2, s, col)
    else:
        ax2.axis("off")
    footer(fig, s, col, "C")
    fig.tight_layout(rect=(0, 0.1, 1, 1))
    rec = fig5_claims(s, load(inputs["precision"]), cfg)
    return fig, frame, rec
