"""Figs 5 and 6: histograms of the (C, kappa) selected by the leave-one-out error over the splits."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.plotstyle import note_box
from statmech_bayes.figures.uda_kabashima.common import DAMPING_NOTE, TIE_NOTE


def norm_entropy(counts) -> float:
    """Entropy of the selection frequencies over the grid, divided by its maximum ln(grid size)."""
    p = np.asarray(counts, float)
    p = p[p > 0] / p.sum()
    return float(-(p * np.log(p)).sum() / np.log(len(counts)))


def bars(values, counts, xlabel: str, title: str, col: dict, other: np.ndarray, other_rule: str):
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(5.4, 4.0))
    x = np.arange(len(values))
    ax.bar(x, counts, width=0.7, color="tab:gray", edgecolor="k", lw=0.6, label=f"ties: {col['tie_rule']} minimum")
    ax.plot(x, other, "_", color="tab:red", ms=14, mew=1.6, label=f"ties: {other_rule} minimum (comparison)")
    ax.set_xticks(x, [f"{v:g}" for v in values])
    ax.set(xlabel=xlabel, ylabel="count", title=title, ylim=(0, max(max(counts), max(other)) * 1.55 + 1))
    ax.legend(loc="upper right", fontsize=7)
    note_box(ax, f"BP damped: $\\eta$ = {col['damping']:g}\n(not in the paper)\nLOOE ties: {col['tie_rule']} minimum",
             loc="upper left")
    fig.text(0.5, 0.01, f"{int(np.sum(counts))} splits; categorical axis (grid values, not to scale). "
             + DAMPING_NOTE.format(**col) + ". "
             + TIE_NOTE[col["tie_rule"]] + ".", ha="center", va="bottom", fontsize=6.3, color="0.25", wrap=True)
    fig.tight_layout(rect=(0, 0.12, 1, 1))
    frame = pd.DataFrame({"value": np.asarray(values, float), "count": np.asarray(counts, int),
                          f"count_{other_rule}_rule": np.asarray(other, int)})
    return fig, frame
