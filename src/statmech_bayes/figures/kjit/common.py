"""Shared by the KJIT figure modules: loading cached results, the moving average, the standing notes."""

from __future__ import annotations

import numpy as np

from statmech_bayes.core.atomic_io import load_npz

ORACLE_NOTE = ("'Infer.NET' = our deterministic quadrature operator,\n"
               "a stand-in for Infer.NET's hand-crafted C# operator")
TIMING_NOTE = "Python timings, one BLAS thread; compare ratios, not the C# numbers"
NAMES = {"banknote": "Banknote", "blood_transfusion": "Blood transfusion", "fertility": "Fertility",
         "ionosphere": "Ionosphere"}
COLORS = {"quadrature": "k", "sampling": "tab:blue", "kjit": "tab:red"}
LABELS = {"quadrature": "Infer.NET (quadrature stand-in)", "sampling": "Sampling", "kjit": "Sampling + KJIT"}


def load(path) -> dict:
    return load_npz(path)[0]


def concat_slices(paths) -> dict:
    """The per-problem arrays of the sampling-only slices, concatenated and ordered by problem."""
    parts = [load(p) for p in paths]
    out = {k: np.concatenate([np.atleast_1d(d[k]) if d[k].ndim < 2 else d[k] for d in parts])
           for k in parts[0]}
    order = np.argsort(out["problem"])
    return {k: v[order] for k, v in out.items()}


def moving_average(u, window: int):
    """Causal moving average over the last ``window`` finite values (NaN until the first value)."""
    u = np.asarray(u, float)
    out = np.full(u.shape, np.nan)
    ok = np.isfinite(u)
    if not ok.any():
        return out
    c = np.concatenate([[0.0], np.cumsum(np.where(ok, u, 0.0))])
    n = np.concatenate([[0], np.cumsum(ok)])
    idx = np.arange(1, u.size + 1)
    lo = np.maximum(idx - window, 0)
    cnt = n[idx] - n[lo]
    with np.errstate(invalid="ignore", divide="ignore"):
        out = np.where(cnt > 0, (c[idx] - c[lo]) / np.maximum(cnt, 1), np.nan)
    out[: np.argmax(ok)] = np.nan
    return out


def repeat_ratios(num, den) -> np.ndarray:
    """Per-repeat ratios of medians: ``num``, ``den`` are ``(repeats, items)`` times of two methods timed interleaved
    in one job; each repeat gives median(num) / median(den) over its items (NaN items ignored)."""
    num, den = np.atleast_2d(np.asarray(num, float)), np.atleast_2d(np.asarray(den, float))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.array([np.nanmedian(a) / np.nanmedian(b) if np.isfinite(a).any() and np.isfinite(b).any()
                         else np.nan for a, b in zip(num, den)])


def interval(ratios) -> tuple[float, float, float, int]:
    """(median, min, max, number) of the finite per-repeat ratios; NaNs if there are none."""
    r = np.asarray(ratios, float)
    r = r[np.isfinite(r)]
    if r.size == 0:
        return np.nan, np.nan, np.nan, 0
    return float(np.median(r)), float(r.min()), float(r.max()), int(r.size)


def clears(lo: float, hi: float, n: int, lower: float = -np.inf, upper: float = np.inf) -> bool:
    """Whether ``n`` repeats with ratios in ``[lo, hi]`` decide ``lower <= ratio <= upper``: at least two repeats, and
    every repeat on the same side of each finite bound (all inside, or all outside one bound)."""
    if n < 2 or not (np.isfinite(lo) and np.isfinite(hi)):
        return False
    return bool((lo >= lower and hi <= upper) or hi < lower or lo > upper)
