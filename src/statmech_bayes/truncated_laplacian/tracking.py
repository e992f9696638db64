"""The object-tracking scenario of Section 5.3 (Figs. 6-10): a ball moving through 9 frames of 100 x 100
pixels, 10 % of the pixels uncoloured (unobserved), and an extra ball corrupting frame 5.

The paper gives no radius, speed, path or extra-ball geometry; the configuration (``tracking`` in
``workflow/config/full.yaml``) holds the spec's §3c choices (radius 15, centre ``(30 + 5t, 30 + 5t)``, extra ball of
radius 5 at ``(75, 25)`` in frame 5 = t 4).
The mask removes exactly ``round(0.1 n)`` pixels chosen uniformly without replacement.
Vertex order is C order on ``(T, H, W)``, the order of :class:`.eigenbasis.DCTBasis` for that shape.
"""

from __future__ import annotations

import numpy as np


def disk_masks(shape, centres: np.ndarray, radius: float) -> np.ndarray:
    """Boolean ``(T, H, W)``: pixel ``(r, c)`` of frame t is inside ``(r - r_t)² + (c - c_t)² <= radius²``."""
    T, H, W = shape
    centres = np.asarray(centres, dtype=float).reshape(T, 2)
    r = np.arange(H)[None, :, None] - centres[:, 0][:, None, None]
    c = np.arange(W)[None, None, :] - centres[:, 1][:, None, None]
    return r * r + c * c <= float(radius) ** 2


def make_video(rng: np.random.Generator, *, T: int, H: int, W: int, radius: float, start, step, extra_frame: int,
               extra_center, extra_radius: float, frac_missing: float) -> dict[str, np.ndarray]:
    """The labelled video. Returns ``labels`` int8 (T,H,W) (1 = object incl. the extra ball, 0 =
    background), ``observed`` bool (T,H,W), ``truth`` int8 (T,H,W) (moving ball only, the thing to
    recover), ``extra`` bool (T,H,W) (pixels of the corrupting ball)."""
    if min(T, H, W) < 1:
        raise ValueError(f"T, H, W must be positive, got {(T, H, W)}")
    if not 0 <= frac_missing < 1:
        raise ValueError(f"frac_missing must be in [0, 1), got {frac_missing!r}")
    if not -1 <= extra_frame < T:
        raise ValueError(f"extra_frame must be in 0..{T - 1} (or -1 for none), got {extra_frame!r}")
    t = np.arange(T)[:, None]
    centres = np.asarray(start, dtype=float)[None, :] + t * np.asarray(step, dtype=float)[None, :]
    truth = disk_masks((T, H, W), centres, radius)
    extra = np.zeros((T, H, W), dtype=bool)
    if extra_frame >= 0:
        extra[extra_frame] = disk_masks((1, H, W), np.asarray(extra_center, float)[None], extra_radius)[0]
    n = T * H * W
    observed = np.ones(n, dtype=bool)
    observed[rng.choice(n, size=int(round(frac_missing * n)), replace=False)] = False
    return {"labels": (truth | extra).astype(np.int8), "observed": observed.reshape(T, H, W),
            "truth": truth.astype(np.int8), "extra": extra & ~truth}


def video_rgb(labels: np.ndarray, observed: np.ndarray) -> np.ndarray:
    """Fig. 6 colours as float RGB ``(T, H, W, 3)``: object blue, background red, unobserved white."""
    rgb = np.where(labels[..., None] == 1, np.array([0.0, 0.0, 1.0]), np.array([1.0, 0.0, 0.0]))
    rgb[~observed] = 1.0
    return rgb


def tracking_metrics(ell_mean: np.ndarray, truth: np.ndarray, extra: np.ndarray,
                     observed: np.ndarray) -> dict[str, np.ndarray]:
    """Numbers behind the claims of Figs. 8-9: per-frame error of the thresholded mean against the
    moving ball (``frame_error``, over all pixels; ``frame_error_unobserved``, over removed pixels),
    the fraction of extra-ball pixels with mean > ½ (``extra_kept``), and the mean ℓ on them."""
    pred = ell_mean > 0.5
    wrong = pred != truth.astype(bool)
    un = ~observed
    axes = (1, 2)
    return {
        "frame_error": wrong.mean(axis=axes),
        "frame_error_unobserved": (wrong & un).sum(axis=axes) / np.maximum(un.sum(axis=axes), 1),
        "extra_kept": np.float64(pred[extra].mean()) if extra.any() else np.float64(np.nan),
        "extra_mean_ell": np.float64(ell_mean[extra].mean()) if extra.any() else np.float64(np.nan),
    }


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
