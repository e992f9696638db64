"""Figure 7: Experiment 4, compound gamma. Log shape (a) and log rate (b) of the posterior of tau from KJIT
against the quadrature oracle (problems where KJIT did not consult the oracle); (c) log inference time.

The paper's baseline (and KJIT's oracle) is Infer.NET's brute-force quadrature, ``paper_nodes`` (1e6) nodes; our
smaller ``n_nodes`` (1e5) quadrature is an extra arm (kind ``ours``), run on every problem and shown beside. The
time-ratio claims use the interleaved repeats of ``exp4_run``'s timing pass, judged on their spread."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.claims import OURS, ClaimsRecord, Reading
from statmech_bayes.core.plotstyle import note_box, use_style
from statmech_bayes.figures.kjit import PAPER
from statmech_bayes.figures.kjit.common import TIMING_NOTE, clears, interval, load, repeat_ratios

# "KJIT is able to infer equally good posterior parameters compared to Infer.NET" (Fig. 7 caption), read before the
# data were looked at, on the KL between the two posteriors (the correlation of log rates cannot fail: the exact data
# term alone, b = sum x^2 / 2 shared by both posteriors, already gives a correlation of 0.9999):
#  * typical problem: the median KL[oracle || KJIT] at most e^-8, the level below which the paper (App. C) observes
#    no noticeable gain in EP;
#  * nearly every problem: the 95th percentile of |E_KJIT[tau] - E_oracle[tau]| / sd_oracle[tau] at most 0.1 (the
#    posterior mean moved by at most a tenth of the posterior's width).
LOG_KL_MAX, Q_SHIFT, SHIFT_MAX = -8.0, 95.0, 0.1
# "a runtime several orders of magnitude lower" (Fig. 7 caption): the median over the timed problems of the paper's
# oracle's time over KJIT's, per interleaved repeat; two readings fixed before the data: at least one order of
# magnitude (the published Fig. 7c itself shows e^5.6 vs e^2.1 ms, x33) and 'several' = at least two orders (x100).
ORDERS = (10.0, 100.0)
# Ours: our 1e5-node quadrature is already accurate (largest KL to the paper's oracle's posterior below e^-8 on the
# timed problems) and within one order of magnitude of KJIT's time (x10).
OURS_FAST = 10.0


def make(layout: dict, cfg: dict):
    import matplotlib.pyplot as plt

    use_style()
    d = load(layout["exp4"])
    cons = d["consulted"].astype(bool)
    sel = np.flatnonzero(~cons)[:1000]
    ls_k, ls_o = np.log(d["kjit_shape"]), np.log(d["oracle_shape"])
    lr_k, lr_o = np.log(d["kjit_rate"]), np.log(d["oracle_rate"])
    c_shape = float(np.corrcoef(ls_k[sel], ls_o[sel])[0, 1]) if sel.size > 2 else np.nan
    c_rate = float(np.corrcoef(lr_k[sel], lr_o[sel])[0, 1]) if sel.size > 2 else np.nan
    fig, axes = plt.subplots(1, 3, figsize=(11.0, 3.6))
    for ax, xk, yo, c, lab, st, tag in ((axes[0], ls_k, ls_o, c_shape, "Log shape", "k+", "(a)"),
                                        (axes[1], lr_k, lr_o, c_rate, "Log rate", "r*", "(b)")):
        ax.plot(xk[sel], yo[sel], st, ms=4, label=lab)
        lo, hi = float(xk[sel].min()), float(xk[sel].max())
        pad = 0.03 * (hi - lo + 1e-9)
        ax.set(xlim=(lo - pad, hi + pad), ylim=(lo - pad, hi + pad), aspect="equal",
               xlabel="KJIT", ylabel=f"quadrature oracle ({int(d['n_nodes'])} nodes)", title=f"{tag} Correlation: {c:.7f}")
        ax.legend(loc="upper left")
    k = np.arange(1, d["n"].size + 1)
    timed, T = d["timed"].astype(int), d["timing_ms"]
    methods = [str(m) for m in d["timing_methods"]]
    t_paper, t_ours, t_kjit = (T[:, :, methods.index(m)] for m in ("paper_oracle", "ours_oracle", "kjit"))
    n_nodes, paper_nodes = int(d["n_nodes"]), int(d["paper_nodes"])
    axes[2].plot(k, np.log(d["oracle_time_ms"]), "-", color="0.55", lw=0.5, label=f"quadrature {n_nodes:.0e} nodes (ours)")
    axes[2].plot(k, np.log(d["kjit_time_ms"]), "r-", lw=0.5, label="Infer.NET + KJIT")
    if timed.size:
        axes[2].plot(timed + 1, np.log(np.median(t_paper, axis=0)), "k.", ms=3,
                     label=f"Infer.NET stand-in, {paper_nodes:.0e} nodes (timed problems)")
    axes[2].set(xlabel="Problems seen", ylabel="Time in log(ms)", title="(c) Inference time", xlim=(1, k[-1]))
    axes[2].legend(loc="upper right", frameon=True, fontsize=6)
    # the footnote says what the oracle is: a box in panel (c) would sit on KJIT's line
    fig.text(0.5, 0.005, f"paper's oracle (KJIT's and the black dots): {paper_nodes}-node trapezoid quadrature on log tau "
             f"standing in for Infer.NET's;\ngrey: our {n_nodes}-node quadrature on every problem (Infer.NET's engine "
             "overhead and compilation spike not emulated);\n" + TIMING_NOTE + "; time = whole per-problem inference; "
             "the jumps of the lines are scheduling noise of a shared machine", ha="center", va="bottom", fontsize=6.5)
    note_box(axes[0], f"{sel.size} problems where KJIT\ndid not consult the oracle", loc="lower right")
    fig.tight_layout(rect=(0, 0.1, 1, 1))
    table = pd.DataFrame({"problem": k, "consulted": cons, "kjit_log_shape": ls_k, "oracle_log_shape": ls_o,
                          "kjit_log_rate": lr_k, "oracle_log_rate": lr_o,
                          "oracle_time_ms": d["oracle_time_ms"], "kjit_time_ms": d["kjit_time_ms"],
                          "in_scatter": np.isin(np.arange(k.size), sel), "timed": np.isin(np.arange(k.size), timed)})

    rec = ClaimsRecord("kjit/fig7", PAPER)
    easy = ("posterior shape = 1 + n/2 + (outgoing shape - 1): forceProper sets the outgoing shape to 1 whenever "
            "the oracle's projection has a smaller shape than the incoming message, so the shape correlation is 1 "
            "by construction (spec 2.5, pitfall 13)")
    # True by construction (below), so a note and not a claim (rule 4); the paper's figure shows "Correlation: 1".
    rec.note("correlation of log posterior shapes, KJIT vs oracle (non-consulted problems)",
             {"value": float(c_shape), "problems": int(sel.size), "why a note": easy})
    # Cannot fail either: both posteriors share the exact data term, whose rate spans many orders of magnitude.
    c_data = float(np.corrcoef(np.log(d["in_rate"][sel]), lr_o[sel])[0, 1]) if sel.size > 2 else np.nan
    rec.note("correlation of log posterior rates, KJIT vs oracle (non-consulted problems)",
             {"value": float(c_rate), "paper": 0.999895, "problems": int(sel.size),
              "data term alone (log incoming rate vs log oracle posterior rate)": c_data,
              "why a note": "the shared exact data term alone gives a correlation near 1; judged by the KL below"})
    # equally good posteriors: against the paper's oracle, on the timed (non-consulted) problems
    a_p, b_p = d["paper_shape"], d["paper_rate"]
    a_k, b_k = d["kjit_shape"][timed], d["kjit_rate"][timed]
    shift = np.abs(a_k / b_k - a_p / b_p) / (np.sqrt(a_p) / b_p)
    has = timed.size > 0
    med_lkl = float(np.log(np.median(d["kl_paper"]))) if has else np.nan
    q_shift = float(np.percentile(shift, Q_SHIFT)) if has else np.nan
    rec.wording("KJIT's posterior vs the paper's oracle's (timed non-consulted problems)", "KJIT is able to infer "
                "equally good posterior parameters compared to Infer.NET",
                [Reading("log of the median KL[oracle || KJIT]", med_lkl, upper=LOG_KL_MAX, decidable=has),
                 Reading(f"{Q_SHIFT:g}th percentile of the posterior-mean shift in posterior sds", q_shift,
                         upper=SHIFT_MAX, decidable=has)],
                note=f"{timed.size} problems (evenly spaced among the non-consulted); oracle = {paper_nodes}-node "
                     f"quadrature; against our {n_nodes}-node oracle on all {sel.size} scatter problems the median KL is "
                     f"{np.median(d['kl_posteriors'][sel]) if sel.size else np.nan:.2e}")
    # the time ratio, paper's baseline over KJIT, per interleaved repeat
    med, lo, hi, n_rep = interval(repeat_ratios(t_paper, t_kjit))
    rec.wording("median time of the paper's oracle / median time of KJIT, per interleaved repeat (timed "
                "non-consulted problems)", "[KJIT requires] a runtime several orders of magnitude lower",
                [Reading(f"at least {b:g}x (median of the per-repeat ratios; decided only when every repeat is on one "
                         "side)", med, lower=b, decidable=clears(lo, hi, n_rep, lower=b)) for b in ORDERS],
                note=f"per-repeat ratios in [{lo:.1f}, {hi:.1f}] over {n_rep} repeats of {timed.size} problems, the "
                     f"methods interleaved; median times (ms): paper's oracle {np.nanmedian(t_paper) if has else np.nan:.2f}, "
                     f"ours {np.nanmedian(t_ours) if has else np.nan:.2f}, KJIT {np.nanmedian(t_kjit) if has else np.nan:.3f}; "
                     "the published Fig. 7c shows e^5.6 vs e^2.1 ms (x33). Python timings, ratios compared")
    # ours: a much smaller quadrature is already accurate and nearly as fast
    kl_ours = float(np.log(np.max(d["kl_ours_paper"]))) if has else np.nan
    rec.within(f"ours: log of the largest KL[{paper_nodes}-node || {n_nodes}-node oracle posterior] (timed problems)",
               "(not in the paper) a 10x smaller quadrature is already as accurate as the paper's oracle", kl_ours,
               upper=LOG_KL_MAX, decidable=has, kind=OURS)
    o_med, o_lo, o_hi, o_n = interval(repeat_ratios(t_ours, t_kjit))
    rec.holds(f"ours: median time of the {n_nodes}-node oracle / median time of KJIT, per interleaved repeat",
              "(not in the paper) a 10x smaller quadrature is already within an order of magnitude of KJIT's time",
              o_med, o_med < OURS_FAST, f"< {OURS_FAST:g} (median of the per-repeat ratios, decided only when every "
              "repeat is on one side)", decidable=clears(o_lo, o_hi, o_n, upper=OURS_FAST), kind=OURS,
              note=f"per-repeat ratios in [{o_lo:.1f}, {o_hi:.1f}]")
    n3 = cons.size // 3
    rec.holds("oracle consultations in the first vs the last third of the problems", "Fig. 7c also indicates that "
              "KJIT requires fewer oracle consultations as more problems are seen",
              [int(cons[:n3].sum()), int(cons[-n3:].sum())], cons[-n3:].sum() < cons[:n3].sum(),
              "last third < first third")
    rec.note("oracle consultations in total", int(cons.sum()))
    rec.note("KJIT consultations during the timing pass (expected 0)", int(np.sum(d["timing_kjit_consulted"])))
    return fig, table, rec
