"""Figure 7: Experiment 4, compound gamma. Log shape (a) and log rate (b) of the posterior of tau from KJIT
against the quadrature oracle (problems where KJIT did not consult the oracle); (c) log inference time."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.claims import ClaimsRecord
from statmech_bayes.core.plotstyle import note_box, use_style
from statmech_bayes.figures.kjit import PAPER
from statmech_bayes.figures.kjit.common import TIMING_NOTE, load


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
               xlabel="KJIT", ylabel="Infer.NET (quadrature stand-in)", title=f"{tag} Correlation: {c:.7f}")
        ax.legend(loc="upper left")
    k = np.arange(1, d["n"].size + 1)
    axes[2].plot(k, np.log(d["oracle_time_ms"]), "k-", lw=0.5, label="Infer.NET (quadrature)")
    axes[2].plot(k, np.log(d["kjit_time_ms"]), "r-", lw=0.5, label="Infer.NET + KJIT")
    axes[2].set(xlabel="Problems seen", ylabel="Time in log(ms)", title="(c) Inference time", xlim=(1, k[-1]))
    axes[2].legend(loc="upper right", frameon=True)
    note_box(axes[2], "oracle = quadrature stand-in\nfor Infer.NET's operator", loc="lower right")
    fig.text(0.5, 0.005, f"oracle: {int(cfg['exp4']['n_nodes'])}-node trapezoid quadrature on log tau standing in "
             "for Infer.NET's quadrature operator (Infer.NET's engine overhead and compilation spike not emulated);\n"
             + TIMING_NOTE + "; time = whole per-problem inference; the jumps of both lines are scheduling noise "
             "of a shared machine", ha="center", va="bottom", fontsize=6.5)
    note_box(axes[0], f"{sel.size} problems where KJIT\ndid not consult the oracle", loc="lower right")
    fig.tight_layout(rect=(0, 0.07, 1, 1))
    table = pd.DataFrame({"problem": k, "consulted": cons, "kjit_log_shape": ls_k, "oracle_log_shape": ls_o,
                          "kjit_log_rate": lr_k, "oracle_log_rate": lr_o,
                          "oracle_time_ms": d["oracle_time_ms"], "kjit_time_ms": d["kjit_time_ms"],
                          "in_scatter": np.isin(np.arange(k.size), sel)})

    rec = ClaimsRecord("kjit/fig7", PAPER)
    easy = ("posterior shape = 1 + n/2 + (outgoing shape - 1): forceProper sets the outgoing shape to 1 whenever "
            "the oracle's projection has a smaller shape than the incoming message, so the shape correlation is 1 "
            "by construction (spec 2.5, pitfall 13)")
    # True by construction (below), so a note and not a claim (rule 6); the paper's figure shows "Correlation: 1".
    rec.note("correlation of log posterior shapes, KJIT vs oracle (non-consulted problems)",
             {"value": float(c_shape), "problems": int(sel.size), "why a note": easy})
    rec.close("correlation of log posterior rates, KJIT vs oracle (non-consulted problems)", "Correlation: 0.999895",
              c_rate, 0.999895, atol=1e-3, decidable=sel.size > 2,
              note=f"median KL[oracle posterior || KJIT posterior] {np.median(d['kl_posteriors'][sel]):.2e}")
    to, tk = d["oracle_time_ms"], d["kjit_time_ms"]
    ratio = float(np.median(to[~cons]) / np.median(tk[~cons])) if (~cons).any() else np.nan
    rec.within("median oracle time / median KJIT time on non-consulted problems", "[KJIT requires] a runtime "
               "several orders of magnitude lower", ratio, lower=10.0, decidable=bool((~cons).any()),
               note=f"median times (ms): oracle {np.median(to):.2f}, KJIT non-consulted {np.median(tk[~cons]):.3f}; "
                    "the published Fig. 7c shows e^5.6 vs e^2.1 ms (x33, 1.5 orders of magnitude); "
                    "Python timings, ratios compared. The ratio is set by the cost of the stand-in oracle: our "
                    f"{int(cfg['exp4']['n_nodes'])}-node vectorised quadrature costs ~2 ms a call, about 100x less "
                    "than Infer.NET's C# operator in the paper (~270 ms), while a KJIT prediction costs about the "
                    "same in both; Infer.NET's own brute-force operator uses 1e6 nodes (n_nodes: 1000000, about "
                    "10x slower, would give a ratio near the paper's). Not the paper's error")
    n3 = cons.size // 3
    rec.holds("oracle consultations in the first vs the last third of the problems", "Fig. 7c also indicates that "
              "KJIT requires fewer oracle consultations as more problems are seen",
              [int(cons[:n3].sum()), int(cons[-n3:].sum())], cons[-n3:].sum() < cons[:n3].sum(),
              "last third < first third")
    rec.note("oracle consultations in total", int(cons.sum()))
    return fig, table, rec
