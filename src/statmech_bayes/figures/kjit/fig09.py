"""Figure 9: Experiment 5. (a) test error of quadrature EP ('Infer.NET'), sampling-only EP and sampling + KJIT
on the four UCI data sets; (b) inference time of sampling-only EP and sampling + KJIT."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.claims import ClaimsRecord
from statmech_bayes.core.plotstyle import note_box, use_style
from statmech_bayes.figures.kjit import PAPER
from statmech_bayes.figures.kjit.common import COLORS, LABELS, NAMES, ORACLE_NOTE, TIMING_NOTE, load

# read from the published Fig. 9a (Infer.NET bars; spec section 5)
PAPER_ERR = {"banknote": 0.03, "blood_transfusion": 0.35, "fertility": 0.56, "ionosphere": 0.13}


def make(layout: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    names = list(cfg["exp5"]["datasets"])
    q, k = load(layout["quadrature"]), load(layout["kjit"])
    s = {nm: load(layout["sampling"][nm]) for nm in names}
    qi = {str(n): i for i, n in enumerate(q["names"])}
    ki = {str(n): i for i, n in enumerate(k["names"])}
    err = {"quadrature": [q["test_error"][qi[n]] for n in names],
           "sampling": [float(s[n]["test_error"][0]) for n in names],
           "kjit": [k["test_error"][ki[n]] for n in names]}
    tim = {"quadrature": [q["time_ms"][qi[n]] for n in names],
           "sampling": [float(s[n]["time_ms"][0]) for n in names],
           "kjit": [k["time_ms"][ki[n]] for n in names]}
    x = np.arange(len(names))
    fig, (a, b) = plt.subplots(1, 2, figsize=(10.0, 3.6))
    for j, m in enumerate(("quadrature", "sampling", "kjit")):
        a.bar(x + (j - 1) * 0.27, err[m], 0.27, color=COLORS[m], label=LABELS[m])
    for j, m in enumerate(("sampling", "kjit")):
        b.bar(x + (j - 0.5) * 0.36, tim[m], 0.36, color=COLORS[m], label=LABELS[m])
    for ax in (a, b):
        ax.set_xticks(x, [NAMES[n] for n in names], fontsize=8)
    top = max(max(err[m]) for m in err)
    a.set(ylabel="Test error", ylim=(0, max(0.95, 1.7 * top)), title="(a) Binary classification error")
    b.set(ylabel="Time in ms", ylim=(0, 1.5 * max(max(tim["sampling"]), max(tim["kjit"]))),
          title="(b) Inference time (whole EP run)")
    a.legend(loc="upper center", frameon=True, fontsize=6.5, ncol=3)
    b.legend(loc="upper left", frameon=True, fontsize=7)
    from matplotlib.offsetbox import AnchoredText

    box = AnchoredText(ORACLE_NOTE, loc="upper right", bbox_to_anchor=(1.0, 0.9), bbox_transform=a.transAxes,
                       prop={"size": 6.5}, frameon=True)    # note_box's style, placed below the legend
    box.patch.set_alpha(0.85)
    box.patch.set_edgecolor("0.7")
    a.add_artist(box)
    note_box(b, TIMING_NOTE.replace("; ", ";\n"), loc="upper right")
    fig.tight_layout()
    rows = [(n, m, float(err[m][i]), float(tim[m][i])) for m in err for i, n in enumerate(names)]

    rec = ClaimsRecord("kjit/fig9", PAPER)
    for i, n in enumerate(names):
        r = tim["sampling"][i] / tim["kjit"][i]
        rec.within(f"{n}: time(sampling) / time(sampling + KJIT)", "KJIT improves the inference time on all the "
                   "problems", float(r), lower=1.0,
                   note=f"{tim['sampling'][i]:.0f} vs {tim['kjit'][i]:.0f} ms; oracle calls {int(k['oracle_calls'][ki[n]])}"
                        f" of {int(s[n]['n_calls'][0])} invocations; the published bars give x1.3-2.3; Python timings, "
                        "ratios compared")
    for i, n in enumerate(names):
        dk = max(abs(err["kjit"][i] - err["sampling"][i]), abs(err["kjit"][i] - err["quadrature"][i]))
        note = (f"test errors: quadrature {err['quadrature'][i]:.4f}, sampling {err['sampling'][i]:.4f}, KJIT "
                f"{err['kjit'][i]:.4f}; 'without sacrificing accuracy' read as within 0.02")
        if n == "blood_transfusion":
            note += ("; investigated (not a bug): with the paper's threshold -9 the KJIT Blood error depends strongly "
                     "on the random seed (0.37, 0.38, 0.45 [this run], 0.58 over four seeds of the KJIT run; an earlier "
                     "scratch run 0.395), while "
                     "consulting the oracle on every call (threshold below the floor log sigma_y^2) gives 0.351 = "
                     "sampling-only; the degenerate-sample guard of the IS oracle never fires here. On Blood about 64% "
                     "of the *predicted* z-messages are clamped to zero precision by forceProper (the predicted "
                     "projected variance is not below the cavity variance; the oracle's answers: ~27%), and Blood's "
                     "exactly collinear Frequency/Monetary columns leave the posterior sensitive to them. The "
                     "published Fig. 9a also shows KJIT off on Blood (about 0.32 vs 0.35)")
        rec.within(f"{n}: largest |test error(KJIT) - test error(sampling or quadrature)|", "KJIT improves the "
                   "inference time on all the problems without sacrificing inference accuracy", float(dk), upper=0.02,
                   note=note)
    for i, n in enumerate(names):
        rec.close(f"{n}: test error of quadrature EP ('Infer.NET')", f"Fig. 9a: about {PAPER_ERR[n]}",
                  float(err["quadrature"][i]), PAPER_ERR[n], atol=0.03,
                  note="read from the published bars; no bias term (as in the paper), hence Blood/Fertility worse "
                       "than the majority rule")
    return fig, pd.DataFrame(rows, columns=["dataset", "method", "test_error", "time_ms"]), rec
