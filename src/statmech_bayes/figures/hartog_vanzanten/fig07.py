"""Figure 7: schematic of the space-time grid graph: pixels joined to their 4 neighbours within a frame and to the
same pixel in the previous and next frame (temporal edges mostly left out for clarity)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.figures.hartog_vanzanten.claims import fig7_claims
from statmech_bayes.reporting.plotstyle import use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = ("tracking.T", "tracking.H", "tracking.W")

SIDE, FRAMES = 4, 3


def _xy(t, r, c):
    """Oblique projection of pixel (r, c) of frame t: frames stacked to the right and up."""
    return np.array([c + 0.6 * r + 0.9 * t, -0.45 * r + 2.6 * t])


def make(inputs: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    fig, ax = plt.subplots(figsize=(5.6, 5.2))
    rows = []
    for t in range(FRAMES):
        for r in range(SIDE):
            for c in range(SIDE):
                p = _xy(t, r, c)
                for dr, dc in ((0, 1), (1, 0)):
                    if r + dr < SIDE and c + dc < SIDE:
                        q = _xy(t, r + dr, c + dc)
                        ax.plot([p[0], q[0]], [p[1], q[1]], color="0.35", lw=0.9, zorder=1)
                        rows.append(("spatial", t, r, c, t, r + dr, c + dc))
                ax.plot(*p, "o", ms=6, color="tab:blue", zorder=2)
        ax.text(*(_xy(t, SIDE - 1, SIDE - 1) + np.array([0.8, 0.0])), f"frame {t + 1}", fontsize=8, va="center")
    r0, c0 = 1, 2
    for t in range(FRAMES - 1):
        p, q = _xy(t, r0, c0), _xy(t + 1, r0, c0)
        ax.plot([p[0], q[0]], [p[1], q[1]], ls="--", color="tab:red", lw=1.0, zorder=1)
        rows.append(("temporal", t, r0, c0, t + 1, r0, c0))
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set(xlim=(-0.5, 10.5), ylim=(-2.0, 6.0))
    fig.text(0.5, 0.02, "4 x 4 pixels x 3 frames (ours); the temporal edges of one pixel dashed, the others left out "
             "for clarity", ha="center", fontsize=7)
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    return fig, pd.DataFrame(rows, columns=["edge", "t1", "r1", "c1", "t2", "r2", "c2"]), fig7_claims(cfg)
