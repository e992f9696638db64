"""Figure 9: the posterior probabilities of Fig. 8 thresholded at 1/2 (black = object)."""

from __future__ import annotations

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.figures.hartog_vanzanten.claims import fig9_claims
from statmech_bayes.figures.hartog_vanzanten.common import (
    frame_grid,
    frames_frame,
    made_with,
    stamp,
)
from statmech_bayes.reporting.plotstyle import use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = (
    "tracking.radius", "tracking.extra_radius", "claims.iou_min", "claims.frame_error_max",
    "claims.width_scale_atol",
)


def make(inputs: dict, cfg: dict):
    use_style()
    v, _ = load_npz(inputs["video"])
    tr, _ = load_npz(inputs["tracking"])
    est = tr["estimate"]
    fig, _ = frame_grid(lambda ax, t: ax.imshow(est[t], cmap="gray_r", vmin=0, vmax=1, interpolation="nearest"))
    stamp(fig, made_with(tr))
    return fig, frames_frame({"estimate": est}), fig9_claims(v, tr, cfg)
