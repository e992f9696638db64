"""Figs 5 and 6: histograms of the (C, kappa) selected by the leave-one-out error over the splits.

The bars are the paper's algorithm (undamped BP, T updates), split by what its messages did in the selected cell
(converged / period-2 oscillation / not settled); beside them the damped, converged BP (ours) as a second,
hatched histogram; short marks give the same runs read at T + 1 and the other LOOE tie rule.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.figures.uda_kabashima.common import DAMPING_NOTE, LITERAL_NOTE, TIE_NOTE
from statmech_bayes.reporting.plotstyle import note_box
from statmech_bayes.sparse_classifier.colon import STATE_NAMES

STATE_COLORS = ("tab:gray", "tab:orange", "tab:red")


def bars(ax, s: dict, key: str, xlabel: str, title: str, col: dict):
    """Draw the histogram of the selected ``key`` ('C' or 'kappa') on ``ax``; return its frame."""
    values = np.asarray(s[f"{key}_grid"], float)
    counts = np.asarray(s[f"hist_{key}"], int)
    damped = np.asarray(s.get(f"hist_{key}_damped", np.zeros_like(counts)), int)
    t1 = np.asarray(s.get(f"hist_{key}_T1", counts), int)
    other = np.asarray(s[f"other_rule_hist_{key}"], int)
    other_rule = "first" if col["tie_rule"] == "last" else "last"
    x = np.arange(len(values))
    w = 0.4
    frame = {"value": values, "count": counts}
    sel = s.get(f"sel_{'C' if key == 'C' else 'kappa'}")
    if sel is not None and "sel_state" in s:
        bottom = np.zeros(len(values))
        for code, (name, color) in enumerate(zip(STATE_NAMES, STATE_COLORS)):
            part = np.array([np.sum(np.isclose(sel, v) & (np.asarray(s["sel_state"]) == code)) for v in values])
            ax.bar(x - w / 2, part, width=w, bottom=bottom, color=color, edgecolor="k", lw=0.5,
                   label=f"paper's BP, T = {col['T_literal']}: {name}")
            bottom += part
            frame[f"count_{name.replace(' ', '_').replace('-', '')}"] = part.astype(int)
    else:
        ax.bar(x - w / 2, counts, width=w, color=STATE_COLORS[0], edgecolor="k", lw=0.5,
               label=f"paper's BP, T = {col['T_literal']}")
    ax.bar(x + w / 2, damped, width=w, color="white", edgecolor="tab:blue", hatch="///", lw=0.8,
           label="damped BP (ours)")
    ax.plot(x - w / 2, t1, "_", color="k", ms=11, mew=1.6, label="paper's BP read at T + 1")
    ax.plot(x - w / 2, other, "x", color="tab:purple", ms=5, mew=1.2, label=f"paper's BP, ties: {other_rule} minimum")
    ax.set_xticks(x, [f"{v:g}" for v in values])
    top = max(counts.max(), damped.max(), t1.max(), other.max())
    ax.set(xlabel=xlabel, ylabel="count", title=title, ylim=(0, top * 1.7 + 1))
    ax.legend(loc="upper right", fontsize=6.3)
    note_box(ax, f"LOOE ties: {col['tie_rule']} minimum", loc="upper left")
    frame.update({"count_T1": t1, "count_damped": damped, f"count_{other_rule}_rule": other})
    return pd.DataFrame(frame)


def footer(fig, s: dict, col: dict, key: str):
    fig.text(0.5, 0.01, f"{int(np.sum(s[f'hist_{key}']))} splits; categorical axis (grid values, not to scale). "
             + LITERAL_NOTE.format_map(col) + ". " + DAMPING_NOTE.format_map(col) + ". "
             + TIE_NOTE[col["tie_rule"]] + ".", ha="center", va="bottom", fontsize=5.8, color="0.25", wrap=True)
