"""Figure 6: histogram of the kappa selected by minimising the leave-one-out error (56) on each split, by the
paper's algorithm (undamped BP, T updates; bars split by what its messages did in the selected cell) and, as a
second histogram, damped BP (ours)."""

from __future__ import annotations

from statmech_bayes.figures.uda_kabashima.claims import fig6_claims
from statmech_bayes.figures.uda_kabashima.common import load
from statmech_bayes.figures.uda_kabashima.hist import bars, footer
from statmech_bayes.reporting.plotstyle import use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = (
    "colon.tie_rule", "colon.T_literal", "colon.damping", "colon.T_max", "colon.tol", "colon.boot_seed",
    "claims.mode_resolved",
)


def make(inputs: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    s, col = load(inputs["summary"]), cfg["colon"]
    fig, ax = plt.subplots(figsize=(5.8, 4.4))
    frame = bars(ax, s, "kappa", r"selected $\kappa$", r"Histogram of selected $\kappa$", col)
    footer(fig, s, col, "kappa")
    fig.tight_layout(rect=(0, 0.13, 1, 1))
    rec = fig6_claims(s, cfg)
    return fig, frame, rec
