"""Shared pieces of the Uda & Kabashima figures: styles, loading, Table 1 as a frame and as Markdown.

Figs 1, 3 and 4 lost their bitmaps with the text dump (captions only); the markers follow the captions
(Fig 4: line = RS, circle = BP's experimental error, plus = LOOE) and the colours are ours.
"""

from __future__ import annotations

import numpy as np

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.sparse_classifier.table1 import (  # noqa: F401  (re-exported)
    DAMPING_NOTE,
    LITERAL_NOTE,
    SIGN_PAPER,
    TABLE1_PAPER,
    TIE_NOTE,
    Z_PAPER,
    fda_label,
    table1_frame,
    table1_markdown,
    tests_frame,
)

COLORS = ("tab:blue", "tab:red", "tab:green", "tab:purple", "tab:orange", "tab:brown")
MARKERS = ("o", "s", "^", "D", "v", "P")
LEGEND_NOTE = "figure bitmaps lost with the text: markers as in the captions, colours ours"


def load(path) -> dict:
    return load_npz(path)[0]


def concat_chunks(paths) -> dict:
    """Chunk outputs of the BP rules stacked along the run axis (axis 1 for the per-C arrays)."""
    parts = [load(p) for p in paths]
    out = {"C": parts[0]["C"]}
    for k, v in parts[0].items():
        if k in ("C", "t"):
            out[k] = v
        elif k == "runs":
            out[k] = np.concatenate([p[k] for p in parts])
        else:
            out[k] = np.concatenate([p[k] for p in parts], axis=1)
    return out


def boot_interval(s: dict, key: str, q: float = 0.95):
    """Percentile interval of the bootstrap over splits ``s[key]`` (axis 0), or None when the summary has none."""
    if key not in s or np.asarray(s[key]).size == 0:
        return None
    lo, hi = np.percentile(np.asarray(s[key], float), [50 * (1 - q), 50 * (1 + q)], axis=0)
    return lo, hi


def boot_decidable(s: dict, key: str, threshold: float = 0.0, column: int | None = None) -> tuple[bool, str]:
    """Whether the bootstrap 95 % interval of ``s[key]`` (one column of it if given) lies on one side of
    ``threshold``; and a note. Without a bootstrap in the summary the claim stays decidable."""
    iv = boot_interval(s, key)
    if iv is None:
        return True, "no bootstrap over splits in the summary"
    lo, hi = (float(np.atleast_1d(v)[column]) if column is not None else float(v) for v in iv)
    ok = not (lo <= threshold <= hi)
    return ok, f"bootstrap over splits ({np.asarray(s[key]).shape[0]} resamples): 95% interval [{lo:.3g}, {hi:.3g}]"
