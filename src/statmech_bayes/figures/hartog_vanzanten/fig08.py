"""Figure 8: posterior probability of each pixel being an object pixel (posterior mean of Phi(f)), dark = 1."""

from __future__ import annotations

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.figures.hartog_vanzanten.claims import fig8_claims
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
    "tracking.extra_frame", "tracking.radius", "tracking.extra_radius", "claims.lift_min", "claims.width_scale_atol",
)


def make(inputs: dict, cfg: dict):
    use_style()
    v, _ = load_npz(inputs["video"])
    tr, _ = load_npz(inputs["tracking"])
    ell = tr["ell_mean"]
    fig, im = frame_grid(lambda ax, t: ax.imshow(ell[t], cmap="gray_r", vmin=0, vmax=1, interpolation="nearest"))
    colorbar(fig, im, "posterior probability of an object pixel")
    stamp(fig, made_with(tr))
    return fig, frames_frame({"ell_mean": ell}), fig8_claims(v, tr, cfg)
