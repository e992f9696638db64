"""Figure 5: Experiment 3, the KJIT f->z operator's log predictive variance (output 1, the mean of the
projected belief) at each factor invocation over the sequence of logistic-regression problems."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.figures.kjit.claims import fig5_claims
from statmech_bayes.figures.kjit.common import load, moving_average
from statmech_bayes.reporting.plotstyle import note_box, use_style

# What make, its claims and its controls read of the configuration; the rule passes only these (core/config_keys.py).
CONFIG_KEYS = (
    "exp3.threshold", "exp3.n_init", "exp3.sigma_y2", "exp3.n", "fig5.n_show", "fig5.window",
    "claims.stable_level_atol", "claims.level_off_max", "claims.period_margin", "claims.first_sweep_drop",
    "claims.z_decide",
)


def trace_figure(u, starts, threshold, n_show, window, labels=None, ylim=None, figsize=(10.0, 2.8)):
    import matplotlib.pyplot as plt

    n = min(int(n_show), u.size)
    t = np.arange(1, n + 1)
    ma = moving_average(u, window)[:n]
    fig, ax = plt.subplots(figsize=figsize)
    ax.plot(t, u[:n], "-", color="tab:blue", lw=0.4, label="Predictive variance")
    ax.plot(t, ma, "-", color="tab:red", lw=1.8, label="Moving average")
    ax.axhline(threshold, color="k", lw=1.2, label="Threshold")
    for k, s in enumerate(starts):
        if s < n:
            ax.axvline(s + 1, color="k", ls="-.", lw=0.7)
            if labels is not None:
                ax.text(s + 1 + n * 0.004, (ylim[1] if ylim else ax.get_ylim()[1]) - 0.03, labels[k],
                        rotation=0, va="top", fontsize=7.5,
                        bbox={"fc": "white", "ec": "none", "alpha": 0.8, "pad": 1})
    ax.set(xlim=(1, n), xlabel="Factor invocations", ylabel="Log predictive variance")
    if ylim:
        ax.set_ylim(*ylim)
    ax.legend(loc="lower right", bbox_to_anchor=(1.0, 1.0), ncol=3, frameon=False, borderaxespad=0.2)
    return fig, ax, t, ma


def make(layout: dict, cfg: dict):
    use_style()
    d = load(layout["kjit"])
    e3, f5 = cfg["exp3"], cfg["fig5"]
    u, starts, cons = d["u_z"], d["problem_start"], d["consulted_z"].astype(bool)
    fig, ax, t, ma = trace_figure(u, starts, e3["threshold"], f5["n_show"], f5["window"], ylim=(-9.3, -8.2))
    note_box(ax, f"first {int(e3['n_init'])} invocations: initial mini-batch (no estimate);\n"
                 f"dash-dot: start of a new problem; floor log sigma_y^2 = {np.log(e3['sigma_y2']):.2f}",
             loc="upper center")
    fig.tight_layout()
    table = pd.DataFrame({"invocation": t, "log_pred_var": u[: t.size], "moving_average": ma,
                          "consulted": cons[: t.size]})

    rec = fig5_claims(d, cfg)
    return fig, table, rec

