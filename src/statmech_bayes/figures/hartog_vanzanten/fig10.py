"""Figure 10: width of the pointwise 95 % credible interval of Phi(f) per pixel, red (0) to white (about 0.25)."""

from __future__ import annotations

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.figures.hartog_vanzanten.claims import VMAX, fig10_claims
from statmech_bayes.figures.hartog_vanzanten.common import colorbar, frame_grid, frames_frame
from statmech_bayes.reporting.plotstyle import use_style


def make(inputs: dict, cfg: dict):
    from matplotlib.colors import LinearSegmentedColormap

    use_style()
    v, _ = load_npz(inputs["video"])
    tr, _ = load_npz(inputs["tracking"])
    w = tr["ci_width"]
    cmap = LinearSegmentedColormap.from_list("red_white", ["#c00000", "#ffffff"])
    # the caption's scale: red at 0, white close to VMAX = 0.25
    fig, im = frame_grid(lambda ax, t: ax.imshow(w[t], cmap=cmap, vmin=0, vmax=VMAX, interpolation="nearest"))
    colorbar(fig, im, "width of the 95 % credible interval (clipped at 0.25)")
    return fig, frames_frame({"ci_width": w}), fig10_claims(v, tr, cfg)
