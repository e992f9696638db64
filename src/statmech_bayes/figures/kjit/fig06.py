"""Figure 6: Experiment 3. (a) classification error (disagreement with the Bayes classifier on 10 000 fresh
inputs) and (b) log inference time per problem for quadrature EP ('Infer.NET'), sampling-only EP and
sampling + KJIT.

Panel (b) shows the single runs that give panel (a); the timing claims are judged on ``exp3_timing``'s job instead,
where the three methods run interleaved, problem by problem, in several repeats (replays of the KJIT sequence): each
repeat gives a ratio of median times, and a verdict needs every repeat on the same side of the bar (otherwise it is
inconclusive for noise), so the machine's load cannot decide a verdict. Each repeat is its own job (all methods
interleaved inside it); sampling-only EP is timed on its first sweeps and its whole-run time follows from the
per-sweep times (a fixed number of draws per oracle call), see :func:`~statmech_bayes.kjit.experiments.exp3_timing`."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.claims import ClaimsRecord, Reading
from statmech_bayes.core.plotstyle import note_box, use_style
from statmech_bayes.figures.kjit import PAPER
from statmech_bayes.figures.kjit.common import (
    COLORS,
    LABELS,
    ORACLE_NOTE,
    TIMING_NOTE,
    clears,
    concat_slices,
    interval,
    load,
    repeat_ratios,
)
from statmech_bayes.kjit.experiments import merge_timing

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
    kj = runs["kjit"]
    tgt = str(kj["target_z"]) if "target_z" in kj else "mean_logvar"
    bad = np.flatnonzero(np.maximum(np.abs(ek - eq), np.abs(ek - es)) > 0.01) + 1
    consult = bool(kj["consult_unusable"]) if "consult_unusable" in kj else False
    why = ""
    if tgt == "suff_stats" and bad.size:
        # the verdict under the paper's target, and what the run itself shows about why (not a finding: no test)
        why = (f"; judged on the paper's f->z target (E z, E z^2; Sec. 3.3): KJIT departs on problems {bad.tolist()}, "
               f"{int(kj['n_unusable_pred'])} confident predictions were no distribution ("
               + ("answered by the oracle" if consult else "the broad message sent") +
               f"); oracle calls per problem {kj['oracle_calls'].tolist()}; unexplained")
    rec.within("largest |error(KJIT) - error(quadrature or sampling)| over the problems",
               "The loss of KJIT matches well with that of the importance sampler and Infer.NET, suggesting that "
               "the inference accuracy is as good as these alternatives", dev, upper=0.01,
               note=f"mean errors: quadrature {eq.mean():.4f}, sampling {es.mean():.4f}, KJIT {ek.mean():.4f}; "
                    f"largest |sampling - quadrature| {np.max(np.abs(es - eq)):.4f}; 'matches well' read as within "
                    "0.01 on every problem (the published lines agree within about 0.005)" + why)
    rec.note("KJIT's f->z regression target (the paper's Sec. 3.3: suff_stats, the expected sufficient statistics "
             "E z, E z^2 of the projected belief), improper oracle answers skipped (spec 3.7), a confident prediction "
             "that is no distribution answered by the oracle (the paper is silent; the previous build sent the broad "
             "message instead, and KJIT's errors rose to 0.3-0.5 from problem 9 on)",
             [tgt, bool(runs["kjit"]["skip_improper"]) if "skip_improper" in runs["kjit"] else False, consult])
    if "kjit_ablation" in layout:
        ab = load(layout["kjit_ablation"])
        ea = np.asarray(ab["error"], float)
        dev_a = float(max(np.max(np.abs(ea - eq)), np.max(np.abs(ea - es))))
        rec.within(f"ours ({ab['target_z']}): largest |error(KJIT) - error(quadrature or sampling)| over the problems",
                   "our arm: the authors' code's f->z target (E z, log Var z); the paper's bar kept", dev_a, upper=0.01,
                   note=f"mean error {ea.mean():.4f}; oracle calls {int(np.sum(ab['oracle_calls']))} (the paper's target: "
                        f"{int(np.sum(runs['kjit']['oracle_calls']))}); improper messages "
                        f"{int(np.sum(ab['n_improper']))} (paper's target: {int(np.sum(runs['kjit']['n_improper']))})",
                   kind="ours")
    rec.within("classification error range over the problems and methods (min)", "errors between 0.04 and 0.10 "
               "(Fig. 6a axis 0.04-0.12)", float(min(eq.min(), es.min(), ek.min())), lower=0.03,
               note="read from the published figure, not stated in the text")
    rec.within("classification error range over the problems and methods (max)", "errors between 0.04 and 0.10 "
               "(Fig. 6a axis 0.04-0.12)", float(max(eq.max(), es.max(), ek.max())), upper=0.13,
               note="read from the published figure, not stated in the text"
                    + (f"; KJIT's largest error {ek.max():.3f} (quadrature {eq.max():.3f}, sampling {es.max():.3f}): "
                       "see the first claim's note on the paper's target" if ek.max() > max(eq.max(), es.max()) else ""))
    tq, ts, tk = (runs[m]["time_ms"] for m in ("quadrature", "sampling", "kjit"))
    tim = merge_timing(load(p) for p in layout["timing"])           # one job per interleaved repeat
    meth = [str(m) for m in tim["methods"]]
    T = tim["time_ms"]                                                    # (repeats, problems, methods)
    Tq, Tk, Ts = (T[:, :, meth.index(m)] for m in ("quadrature", "kjit", "sampling"))
    later = slice(1, None) if n_prob > 1 else slice(None)
    # per repeat: median time over the problems 2.. (sampling: over the problems it was timed on, all >= 2)
    s_k = repeat_ratios(Ts[:, later], Tk[:, later])                      # sampling / KJIT
    k_q = repeat_ratios(Tk[:, later], Tq[:, later])                      # KJIT / quadrature
    first = repeat_ratios(Tk[:, :1], Tk[:, later])                       # KJIT problem 1 / later
    sk_med, sk_lo, sk_hi, n_rep = interval(s_k)
    samp_how = (f"its first {int(tim['sampling_sweeps_timed'])} sweeps timed, the whole run's time = (sweeps - 1) x "
                "a sweep without messages to p + the last sweep: every oracle call costs the same 5e5 draws")
    spread = f"per-repeat ratios in [{sk_lo:.1f}, {sk_hi:.1f}] over {n_rep} interleaved repeats"
    rec.within("median over repeats of [median time(sampling) / median time(KJIT)] on problems 2..", "KJIT is orders "
               "of magnitude faster than the importance sampler", sk_med, lower=10.0,
               decidable=n_prob > 1 and clears(sk_lo, sk_hi, n_rep, lower=10.0),
               note=f"{spread}; sampling timed on problems {(tim['sampled'] + 1).tolist()} ({samp_how}); the published Fig. 6b shows "
                    "log-time gaps of about 3.5 (x30). Python timings: the claim compares ratios, not the paper's C# "
                    "milliseconds; decided only when every repeat is on one side of the bar. Single runs (panel b): "
                    f"median per-problem ratio {float(np.median(ts[later] / tk[later])):.1f}")
    # "about x30" read off the published figure: two readings fixed here, before the data (rule 2)
    readings = [("within +-67 % of x30 (a linear band)", 30.0 * (1 - 0.67), 30.0 * (1 + 0.67)),
                ("within a factor 3 of x30 (log scale)", 30.0 / 3.0, 30.0 * 3.0)]
    rec.wording("median over repeats of [median time(sampling) / median time(KJIT)] vs the published x30 (problems 2..)",
                "Fig. 6b: KJIT about e^3.5 = 30 times faster than sampling after the first problem",
                [Reading(r, sk_med, lo, hi, decidable=n_prob > 1 and clears(sk_lo, sk_hi, n_rep, lower=lo, upper=hi))
                 for r, lo, hi in readings],
                note=f"{spread}; read from the published figure (log-time ~14 vs ~10.4-10.8); each reading decided only "
                     "when every repeat is on one side of its bounds; the ratio of two Python implementations on this "
                     "machine against the paper's C# engine (an earlier machine gave 42)")
    kq_med, kq_lo, kq_hi, _ = interval(k_q)
    # strict ordering in every repeat: both ratios above 1 in all repeats passes; either below 1 in all repeats fails;
    # anything else (repeats on both sides of 1) is inconclusive for noise
    sure_pass = n_rep >= 2 and kq_lo > 1.0 and sk_lo > 1.0
    sure_fail = n_rep >= 2 and (kq_hi < 1.0 or sk_hi < 1.0)
    rec.holds("median time per problem: quadrature < KJIT < sampling (problems 2.., every interleaved repeat)",
              "Fig. 6b: Infer.NET's hand-crafted operator is fastest, KJIT next, sampling slowest",
              [float(np.nanmedian(Tq[:, later])), float(np.nanmedian(Tk[:, later])), float(np.nanmedian(Ts[:, later]))],
              sure_pass, "per repeat: median(KJIT) / median(quadrature) > 1 and median(sampling) / median(KJIT) > 1; "
              "pass when both hold in every repeat, fail when one fails in every repeat",
              decidable=n_prob > 1 and (sure_pass or sure_fail),
              note=f"KJIT / quadrature per repeat in [{kq_lo:.2f}, {kq_hi:.2f}] (median {kq_med:.2f}), sampling / KJIT "
                   f"in [{sk_lo:.1f}, {sk_hi:.1f}]; the 'Infer.NET' line is our vectorised 2001-point quadrature "
                   "operator in Python/numpy, a stand-in for Infer.NET's hand-crafted C# LogisticOp; a failure of the "
                   "first inequality says that our stand-in is slower than a learnt KJIT prediction, not that the paper "
                   "is wrong")
    f_med, f_lo, f_hi, _ = interval(first)
    rec.within("median over repeats of [time(KJIT) on problem 1 / median time(KJIT) on problems 2..]", "Fig. 6b: KJIT's "
               "first problem is the slowest (initial mini-batch and most oracle consultations)", f_med, lower=2.0,
               decidable=n_prob > 1 and clears(f_lo, f_hi, n_rep, lower=2.0),
               note=f"per-repeat ratios in [{f_lo:.1f}, {f_hi:.1f}]" + (
                   "; KJIT stays slow after problem 1 (see the first claim's note on its oracle calls)"
                   if f_med < 2.0 else ""))
    rec.note("timing job: KJIT's errors and oracle calls identical in every repeat (a replay of the sequence)",
             bool(np.array_equal(tim["kjit_error"], np.broadcast_to(tim["kjit_error"][:1], tim["kjit_error"].shape))
                  and np.array_equal(tim["kjit_oracle_calls"],
                                     np.broadcast_to(tim["kjit_oracle_calls"][:1], tim["kjit_oracle_calls"].shape))))
    rec.note("median time per problem (ms): quadrature, sampling, KJIT",
             [float(np.median(tq)), float(np.median(ts)), float(np.median(tk))])
    rec.note("KJIT oracle calls per problem", runs["kjit"]["oracle_calls"].tolist())
    rec.note("improper (clamped) outgoing messages per problem, sampling / KJIT",
             [runs["sampling"]["n_improper"].tolist(), runs["kjit"]["n_improper"].tolist()])
    return fig, pd.DataFrame(rows, columns=["method", "problem", "error", "time_ms"]), rec
