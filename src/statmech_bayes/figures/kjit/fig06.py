"""Figure 6: Experiment 3. (a) classification error (disagreement with the Bayes classifier on 10 000 fresh
inputs) and (b) log inference time per problem for quadrature EP ('Infer.NET'), sampling-only EP and
sampling + KJIT."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.claims import ClaimsRecord
from statmech_bayes.core.plotstyle import note_box, use_style
from statmech_bayes.figures.kjit import PAPER
from statmech_bayes.figures.kjit.common import COLORS, LABELS, ORACLE_NOTE, TIMING_NOTE, concat_slices, load

MARKERS = {"quadrature": "+", "sampling": "D", "kjit": ""}


def make(layout: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    runs = {"quadrature": load(layout["quadrature"]), "sampling": concat_slices(layout["sampling"]),
            "kjit": load(layout["kjit"])}
    n_prob = runs["kjit"]["error"].size
    k = np.arange(1, n_prob + 1)
    fig, (a, b) = plt.subplots(1, 2, figsize=(9.6, 3.5))
    rows = []
    for m in ("quadrature", "sampling", "kjit"):
        err, t = runs[m]["error"], runs[m]["time_ms"]
        kw = {"color": COLORS[m], "marker": MARKERS[m], "ms": 5 if m == "quadrature" else 3.5,
              "lw": 1.8 if m == "kjit" else 1.0, "label": LABELS[m], "mfc": "none"}
        a.plot(k, err, **kw)
        b.plot(k, np.log(t), **kw)
        rows += [(m, int(i), float(e), float(tt)) for i, e, tt in zip(k, err, t)]
    a.set(xlabel="Problem", ylabel="Binary classification error", xlim=(0.5, n_prob + 0.5),
          title="(a) error vs the Bayes classifier")
    b.set(xlabel="Problem", ylabel="Time in log(ms)", xlim=(0.5, n_prob + 0.5), title="(b) inference time")
    e_all = np.concatenate([runs[m]["error"] for m in runs])
    lt_all = np.log(np.concatenate([runs[m]["time_ms"] for m in runs]))
    span = float(np.ptp(e_all)) or 0.01
    a.set_ylim(e_all.min() - 0.45 * span, e_all.max() + 0.3 * span)
    b.set_ylim(lt_all.min() - 0.35 * np.ptp(lt_all), lt_all.max() + 0.25 * np.ptp(lt_all))
    a.legend(loc="upper center", frameon=True, fontsize=6.5, ncol=3)
    b.legend(loc="upper center", frameon=True, fontsize=6.5, ncol=3)
    note_box(a, ORACLE_NOTE, loc="lower center")
    note_box(b, TIMING_NOTE + ";\nwhole EP run per problem (10 sweeps)", loc="lower center")
    fig.tight_layout()

    rec = ClaimsRecord("kjit/fig6", PAPER)
    eq, es, ek = (runs[m]["error"] for m in ("quadrature", "sampling", "kjit"))
    dev = float(max(np.max(np.abs(ek - eq)), np.max(np.abs(ek - es))))
    rec.within("largest |error(KJIT) - error(quadrature or sampling)| over the problems",
               "The loss of KJIT matches well with that of the importance sampler and Infer.NET, suggesting that "
               "the inference accuracy is as good as these alternatives", dev, upper=0.01,
               note=f"mean errors: quadrature {eq.mean():.4f}, sampling {es.mean():.4f}, KJIT {ek.mean():.4f}; "
                    f"largest |sampling - quadrature| {np.max(np.abs(es - eq)):.4f}; 'matches well' read as within "
                    "0.01 on every problem (the published lines agree within about 0.005)")
    rec.within("classification error range over the problems and methods (min)", "errors between 0.04 and 0.10 "
               "(Fig. 6a axis 0.04-0.12)", float(min(eq.min(), es.min(), ek.min())), lower=0.03,
               note="read from the published figure, not stated in the text")
    rec.within("classification error range over the problems and methods (max)", "errors between 0.04 and 0.10 "
               "(Fig. 6a axis 0.04-0.12)", float(max(eq.max(), es.max(), ek.max())), upper=0.13,
               note="read from the published figure, not stated in the text")
    tq, ts, tk = (runs[m]["time_ms"] for m in ("quadrature", "sampling", "kjit"))
    later = slice(1, None) if n_prob > 1 else slice(None)
    ratio = ts[later] / tk[later]
    rec.within("median over problems 2.. of time(sampling) / time(KJIT)", "KJIT is orders of magnitude faster than "
               "the importance sampler", float(np.median(ratio)), lower=10.0,
               note=f"per-problem ratios {np.round(ts / tk, 1).tolist()}; the published Fig. 6b shows log-time gaps of "
                    "about 3.5 (x30). Python timings: the claim compares ratios, not the paper's C# milliseconds; "
                    "per-problem ratios also vary with the machine's load, as the sampling slices and the KJIT run are "
                    "separate jobs (each alone on the machine as far as the workflow is concerned)",
               decidable=n_prob > 1)
    rec.close("median over problems 2.. of time(sampling) / time(KJIT)", "Fig. 6b: KJIT about e^3.5 = 30 times "
              "faster than sampling after the first problem", float(np.median(ratio)), 30.0, rtol=0.67,
              note="read from the published figure (log-time ~14 vs ~10.4-10.8); tolerance: within a factor 3",
              decidable=n_prob > 1)
    rec.holds("median time per problem: quadrature < KJIT < sampling (problems 2..)", "Fig. 6b: Infer.NET's "
              "hand-crafted operator is fastest, KJIT next, sampling slowest",
              [float(np.median(tq[later])), float(np.median(tk[later])), float(np.median(ts[later]))],
              np.median(tq[later]) < np.median(tk[later]) < np.median(ts[later]), "strict ordering of the medians",
              note="the 'Infer.NET' line is our vectorised 2001-point quadrature operator in Python/numpy, a stand-in "
                   "for Infer.NET's hand-crafted C# LogisticOp; a failure of the first inequality says that our "
                   "stand-in is slower than a learnt KJIT prediction, not that the paper is wrong")
    rec.within("time(KJIT) on problem 1 / median time(KJIT) on problems 2..", "Fig. 6b: KJIT's first problem is "
               "the slowest (initial mini-batch and most oracle consultations)",
               float(tk[0] / np.median(tk[later])), lower=2.0, decidable=n_prob > 1)
    rec.note("median time per problem (ms): quadrature, sampling, KJIT",
             [float(np.median(tq)), float(np.median(ts)), float(np.median(tk))])
    rec.note("KJIT oracle calls per problem", runs["kjit"]["oracle_calls"].tolist())
    rec.note("improper (clamped) outgoing messages per problem, sampling / KJIT",
             [runs["sampling"]["n_improper"].tolist(), runs["kjit"]["n_improper"].tolist()])
    return fig, pd.DataFrame(rows, columns=["method", "problem", "error", "time_ms"]), rec
