"""Figure 6: the nine frames of the video: a moving blue ball on a red background, 10 % of the pixels uncoloured
(white), an extra ball in the fifth frame."""

from __future__ import annotations

import numpy as np

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.figures.hartog_vanzanten.claims import fig6_claims
from statmech_bayes.figures.hartog_vanzanten.common import frame_grid, frames_frame
from statmech_bayes.reporting.plotstyle import use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = (
    "tracking.extra_frame", "tracking.extra_radius", "tracking.extra_center", "tracking.radius", "tracking.step",
)


def make(inputs: dict, cfg: dict):
    use_style()
    v, _ = load_npz(inputs["video"])
    fig, _ = frame_grid(lambda ax, t: ax.imshow(v["rgb"][t], interpolation="nearest"))
    lab = np.where(v["observed"], v["labels"], -1)
    return fig, frames_frame({"label_observed": lab}), fig6_claims(v, cfg)
