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
