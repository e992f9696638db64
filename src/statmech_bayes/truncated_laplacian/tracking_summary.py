"""Per-chain values of every Figs. 8-10 statistic, so that each claim can be decided only when the independent
chains of a noise reading agree on its side (kept apart from :mod:`.tracking_chains`, so a change here reruns only
the pooling rule, not the chains).

For chain r with posterior mean ``ell_mean`` (mean of Φ(f) over its kept sweeps) and thinned draws ``f_draws``:
the smallest per-frame mean of ℓ on the moving ball (Fig. 8), the largest on the background, the rise of ℓ on the
extra ball's pixels in its frame over the same pixels in the other frames, the smallest per-frame overlap (IoU) of
``ell_mean > ½`` with the ball (Fig. 9), and from the chain's own pointwise 95 % interval of ℓ (Fig. 10) the ratio
of the mean width within 3 px of a boundary to the mean elsewhere, the median width beyond 5 px and the share of
the pixels wider than 0.25 that lie within 5 px of a boundary.
"""

from __future__ import annotations

import numpy as np
from scipy import special

from statmech_bayes.truncated_laplacian.tracking import boundary_distance


def chain_statistics(video: dict, chains: list[dict], extra_frame: int, vmax: float = 0.25) -> dict[str, np.ndarray]:
    """``chain_<statistic>`` arrays (R,) for the R ``chains`` (outputs of
    :func:`.tracking_chains.tracking_chain`); see the module docstring."""
    truth = np.asarray(video["truth"]).astype(bool)
    extra = np.asarray(video["extra"]).astype(bool)
    T = truth.shape[0]
    dist = boundary_distance(video["labels"])
    near, far = dist <= 3, dist > 5
    others = [t for t in range(T) if t != extra_frame]
    out = {k: [] for k in ("chain_inside_min", "chain_outside_max", "chain_lift", "chain_iou_min", "chain_width_ratio",
                           "chain_width_median_far", "chain_frac_wide_near")}
    for c in chains:
        e = np.asarray(c["ell_mean"]).reshape(truth.shape)
        out["chain_inside_min"].append(min(e[t][truth[t]].mean() for t in range(T)))
        out["chain_outside_max"].append(max(e[t][~truth[t] & ~extra[t]].mean() for t in range(T)))
        base = np.mean([e[t][extra[extra_frame]].mean() for t in others]) if extra.any() else np.nan
        out["chain_lift"].append(e[extra].mean() - base if extra.any() else np.nan)
        est = e > 0.5
        out["chain_iou_min"].append(np.min((est & truth).sum(axis=(1, 2)) / np.maximum((est | truth).sum(axis=(1, 2)), 1)))
        lo, hi = np.quantile(np.asarray(c["f_draws"]), [0.025, 0.975], axis=0)
        w = (special.ndtr(hi.astype(float)) - special.ndtr(lo.astype(float))).reshape(truth.shape)
        out["chain_width_ratio"].append(w[near].mean() / w[~near].mean())
        out["chain_width_median_far"].append(np.median(w[far]))
        wide = w > vmax
        out["chain_frac_wide_near"].append((dist[wide] <= 5).mean() if wide.any() else np.nan)
    return {k: np.asarray(v, dtype=float) for k, v in out.items()}
