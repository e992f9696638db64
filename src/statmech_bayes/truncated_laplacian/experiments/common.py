"""Helpers of Hartog & van Zanten (2018) that several experiments (or an experiment and the figures' claims) share:
the settings record of a chain (Figs. 2, 4 and 8-10), the distance of a pixel to the object boundary (the
tracking experiment, its chain summaries and the claims of Figs. 8-10) and the log-log slope of Fig. 5's middle
panel (its figure and claims). Kept apart so that a module that needs one of them does not depend on every
experiment."""

from __future__ import annotations

import numpy as np

from statmech_bayes.truncated_laplacian import sampler as sa


def _settings_dict(st: sa.ChainSettings, K_max: int) -> dict:
    return {"gamma": np.float64(st.gamma), "q": np.float64(st.q), "a": np.float64(st.a),
            "b": np.float64(st.b), "n_iter": np.int64(st.n_iter), "burn_in": np.int64(st.burn_in),
            "thin": np.int64(st.thin), "k0": np.int64(st.k0), "c0": np.float64(st.c0),
            "K_max": np.int64(K_max), "refresh_g_on_reject": np.bool_(st.refresh_g_on_reject),
            "k_move": np.str_(st.k_move)}


def boundary_distance(labels: np.ndarray) -> np.ndarray:
    """In-frame Euclidean distance (pixels) from each pixel to the nearest pixel of the other label:
    1 on both sides of the object boundary, growing away from it (``inf`` in a one-label frame)."""
    from scipy import ndimage

    lab = np.asarray(labels).astype(bool)
    out = np.full(lab.shape, np.inf)
    for t in range(lab.shape[0]):  # 9 frames, not a per-pixel loop
        if lab[t].any() and not lab[t].all():
            out[t] = np.where(lab[t], ndimage.distance_transform_edt(lab[t]),
                              ndimage.distance_transform_edt(~lab[t]))
    return out


def loglog_slope(n: np.ndarray, t: np.ndarray) -> float:
    """Least-squares slope of ``log t`` against ``log n`` (the middle panel of Fig. 5)."""
    n = np.asarray(n, dtype=float)
    t = np.asarray(t, dtype=float)
    if n.shape != t.shape or n.size < 2:
        raise ValueError(f"n and t must be equal-length with >= 2 points, got {n.shape}, {t.shape}")
    return float(np.polyfit(np.log(n), np.log(t), 1)[0])
