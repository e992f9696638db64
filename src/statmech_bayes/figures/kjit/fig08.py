"""Figure 8: Experiment 5, the KJIT f->z operator's log predictive variance (output 1) at each factor invocation
over the UCI sequence banknote -> blood transfusion -> fertility -> ionosphere."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.figures.kjit.claims import fig8_claims
from statmech_bayes.figures.kjit.common import NAMES, load
from statmech_bayes.figures.kjit.fig05 import trace_figure
from statmech_bayes.reporting.plotstyle import note_box, use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = (
    "exp5.threshold", "exp5.n_init", "exp5.n_sweeps", "fig8.n_show", "fig8.window", "claims.rise_min",
    "claims.z_decide",
)


def make(layout: dict, cfg: dict):
    use_style()
    d = load(layout["kjit"])
    e5, f8 = cfg["exp5"], cfg["fig8"]
    names = [str(n) for n in d["names"]]
    u, starts, cons = d["u_z"], d["problem_start"].astype(int), d["consulted_z"].astype(bool)
    fig, ax, t, ma = trace_figure(u, starts, e5["threshold"], f8["n_show"], f8["window"],
                                  labels=[NAMES[n] for n in names], ylim=(-9.3, -8.3))
    note_box(ax, f"first {int(e5['n_init'])} invocations: initial mini-batch (no estimate); one operator "
                 "persists across the data sets", loc="lower left")
    fig.tight_layout()
    table = pd.DataFrame({"invocation": t, "log_pred_var": u[: t.size], "moving_average": ma,
                          "consulted": cons[: t.size],
                          "dataset": [names[int(np.searchsorted(starts, i, side="right")) - 1] for i in range(t.size)]})

    rec = fig8_claims(d, cfg)
    return fig, table, rec
