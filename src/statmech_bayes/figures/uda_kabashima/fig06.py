"""Figure 6: histogram of the kappa selected by minimising the leave-one-out error (56) on each split."""

from __future__ import annotations

import numpy as np

from statmech_bayes.core.claims import ClaimsRecord
from statmech_bayes.core.plotstyle import use_style
from statmech_bayes.figures.uda_kabashima import PAPER
from statmech_bayes.figures.uda_kabashima.common import load
from statmech_bayes.figures.uda_kabashima.hist import bars


def make(inputs: dict, cfg: dict):
    use_style()
    s, col = load(inputs["summary"]), cfg["colon"]
    other = "first" if col["tie_rule"] == "last" else "last"
    fig, frame = bars(s["kappa_grid"], s["hist_kappa"], r"selected $\kappa$", r"Histogram of selected $\kappa$",
                      col, s["other_rule_hist_kappa"], other)
    rec = ClaimsRecord("uda_kabashima/fig6", PAPER)
    h = np.asarray(s["hist_kappa"])
    mode = float(s["kappa_grid"][np.flatnonzero(h == h.max())[-1]])
    rec.holds("most frequently selected kappa", "the most frequent value, kappa = 0.4", mode,
              bool(np.isclose(mode, 0.4)), "== 0.4",
              note=f"counts {h.tolist()} over kappa {s['kappa_grid'].tolist()}; with the {other} tie rule "
                   f"{np.asarray(s['other_rule_hist_kappa']).tolist()}")
    return fig, frame, rec
