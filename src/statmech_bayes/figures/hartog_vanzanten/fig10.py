"""Figure 10: width of the pointwise 95 % credible interval of Phi(f) per pixel, red (0) to white (the largest width; the caption stops at 0.25)."""

from __future__ import annotations

import numpy as np

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.figures.hartog_vanzanten.claims import VMAX, fig10_claims
from statmech_bayes.figures.hartog_vanzanten.common import (
    colorbar,
    frame_grid,
    frames_frame,
    made_with,
    stamp,
)
from statmech_bayes.reporting.plotstyle import use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = (
    "tracking.radius", "tracking.extra_radius", "claims.width_ratio_min", "claims.width_median_far_max",
    "claims.wide_near_share_min", "claims.width_scale_atol",
)


def make(inputs: dict, cfg: dict):
    from matplotlib.colors import LinearSegmentedColormap

    use_style()
    v, _ = load_npz(inputs["video"])
    tr, _ = load_npz(inputs["tracking"])
    w = tr["ci_width"]
    cmap = LinearSegmentedColormap.from_list("red_white", ["#c00000", "#ffffff"])
    # the real range (the caption's scale stops at VMAX = 0.25, marked on the colour bar; wider intervals are not
    # clipped, so the figure shows how far they reach)
    top = max(VMAX, float(np.max(w)))
    fig, im = frame_grid(lambda ax, t: ax.imshow(w[t], cmap=cmap, vmin=0, vmax=top, interpolation="nearest"))
    cb = colorbar(fig, im, f"width of the 95 % credible interval (0 to {top:.3g}; line: the caption's 0.25)")
    cb.ax.axhline(VMAX, color="k", lw=1.0)
    stamp(fig, made_with(tr))
    return fig, frames_frame({"ci_width": w}), fig10_claims(v, tr, cfg)
