"""Figure 6: the nine frames of the video: a moving blue ball on a red background, 10 % of the pixels uncoloured
(white), an extra ball in the fifth frame."""

from __future__ import annotations

import numpy as np

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.core.claims import ClaimsRecord
from statmech_bayes.core.plotstyle import use_style
from statmech_bayes.figures.hartog_vanzanten import PAPER
from statmech_bayes.figures.hartog_vanzanten.common import frame_grid, frames_frame


def make(inputs: dict, cfg: dict):
    use_style()
    v, _ = load_npz(inputs["video"])
    fig, _ = frame_grid(lambda ax, t: ax.imshow(v["rgb"][t], interpolation="nearest"))
    T, H, W = v["labels"].shape
    lab = np.where(v["observed"], v["labels"], -1)
    rec = ClaimsRecord("hartog_vanzanten/fig6", PAPER)
    rec.close("nodes of the space-time graph (frames x pixels)", "9 frames of 100 x 100 pixels: 90,000 nodes",
              T * H * W, 90000, atol=0.5)
    rec.close("fraction of uncoloured (unobserved) pixels", "we removed the colour of 10 % of the pixels at random",
              float((~v["observed"]).mean()), 0.10, atol=1e-4, note="exactly round(0.1 n) pixels, uniformly")
    per = v["extra"].reshape(T, -1).sum(axis=1)
    tx = int(cfg["tracking"]["extra_frame"])
    rec.holds("frames containing extra-ball pixels", "an additional ball is added in the fifth frame",
              [int(t) + 1 for t in np.flatnonzero(per)], bool(per[tx] > 0 and per.sum() == per[tx] and tx == 4),
              "only frame 5",
              note=f"extra ball radius {cfg['tracking']['extra_radius']:g} px at {cfg['tracking']['extra_center']} "
                   f"(unstated in the paper); moving ball radius {cfg['tracking']['radius']:g} px, "
                   f"{cfg['tracking']['step']} px per frame")
    return fig, frames_frame({"label_observed": lab}), rec
