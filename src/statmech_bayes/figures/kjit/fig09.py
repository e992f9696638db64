"""Figure 9: Experiment 5. (a) test error of quadrature EP ('Infer.NET'), sampling-only EP and sampling + KJIT
on the four UCI data sets; (b) inference time of sampling-only EP and sampling + KJIT; (c) KJIT's test error over
several seeds for each regression target of the f->z direction.

The accuracy claims are judged on the seeds of the paper's regression target (Sec. 3.3: the expected sufficient
statistics of the projected belief, ``kjit.exp5.target_z``): per seed the largest |error(KJIT) - error(sampling or
quadrature)|, its mean over seeds against the bar 0.02 with two standard errors (straddling: inconclusive for
noise). The authors' code's target (mean, log variance) and our ablation (the outgoing message's natural parameters,
the paper's choice in Exp. 4) are our own rows (kind ``ours``)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.claims import ClaimsRecord
from statmech_bayes.core.plotstyle import note_box, use_style
from statmech_bayes.figures.kjit import PAPER
from statmech_bayes.figures.kjit.common import COLORS, LABELS, NAMES, ORACLE_NOTE, TIMING_NOTE, load

# read from the published Fig. 9a (Infer.NET bars; spec section 5)
PAPER_ERR = {"banknote": 0.03, "blood_transfusion": 0.35, "fertility": 0.56, "ionosphere": 0.13}
ARMS = {"suff_stats": "paper: (E z, E z^2) of the projected belief", "mean_logvar": "authors' code: (E z, log Var z)",
        "site_natural": "ours: natural parameters of the outgoing message"}
ARM_COLORS = {"suff_stats": "tab:red", "mean_logvar": "tab:orange", "site_natural": "tab:green"}
BAR = 0.02


def seed_deviation(seeds: dict, names, err):
    """Per arm: ``(target, devs (seeds, data sets))`` with devs the largest |error(KJIT) - error(sampling or
    quadrature)| of each seed's run."""
    out = {}
    for arm, d in seeds.items():
        si = {str(n): i for i, n in enumerate(d["names"])}
        e = np.asarray(d["test_error"], float)[0][:, [si[n] for n in names]]           # (seeds, data sets)
        ref_s, ref_q = np.asarray(err["sampling"], float), np.asarray(err["quadrature"], float)
        out[arm] = (e, np.maximum(np.abs(e - ref_s), np.abs(e - ref_q)))
    return out


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
    target = str(cfg["exp5"]["target_z"])
    seeds = {arm: load(path) for arm, path in layout["seeds"].items()}
    dev = seed_deviation(seeds, names, err)
    fig, (a, b, c) = plt.subplots(1, 3, figsize=(14.0, 3.8))
    for j, m in enumerate(("quadrature", "sampling", "kjit")):
        a.bar(x + (j - 1) * 0.27, err[m], 0.27, color=COLORS[m], label=LABELS[m])
    for j, m in enumerate(("sampling", "kjit")):
        b.bar(x + (j - 0.5) * 0.36, tim[m], 0.36, color=COLORS[m], label=LABELS[m])
    arms = list(seeds)
    for j, arm in enumerate(arms):
        e = dev[arm][0]
        off = (j - (len(arms) - 1) / 2) * 0.22
        for r in range(e.shape[0]):
            c.plot(x + off, e[r], "o", ms=3.5, mfc="none", color=ARM_COLORS.get(arm, "k"),
                   label=ARMS.get(arm, arm) if r == 0 else None)
    c.plot(x, err["sampling"], "_", ms=22, mew=2, color=COLORS["sampling"], label="Sampling (one run)")
    c.set(ylabel="Test error", ylim=(0, 1.05), title=f"(c) KJIT over {dev[arms[0]][0].shape[0]} seeds per target")
    # upper right, above every error (ylim 1.05; at upper left the legend covered a marker)
    c.legend(loc="upper right", fontsize=6.0, frameon=True)
    for ax in (a, b, c):
        ax.set_xticks(x, [NAMES[n] for n in names], fontsize=8)
    top = max(max(err[m]) for m in err)
    a.set(ylabel="Test error", ylim=(0, max(0.95, 1.7 * top)), title="(a) Binary classification error (one run; seeds in (c))")
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
    for arm in [target] + [a_ for a_ in arms if a_ != target]:
        e, dv = dev[arm]
        for i, n in enumerate(names):
            m, se = float(dv[:, i].mean()), float(dv[:, i].std(ddof=1) / np.sqrt(dv.shape[0])) if dv.shape[0] > 1 else np.inf
            decided = (m + 2 * se <= BAR) or (m - 2 * se > BAR)
            note = (f"{dv.shape[0]} seeds of the KJIT run ({ARMS.get(arm, arm)}): test errors "
                    f"{np.round(e[:, i], 3).tolist()} (mean {e[:, i].mean():.3f}, SD {e[:, i].std(ddof=1) if e.shape[0] > 1 else 0:.3f}); "
                    f"sampling {err['sampling'][i]:.3f}, quadrature {err['quadrature'][i]:.3f}; largest deviation per "
                    f"seed averaged, standard error {se:.3f}; 'without sacrificing accuracy' read as within {BAR}; "
                    f"improper outgoing messages per seed {np.asarray(seeds[arm]['n_improper'])[0][:, i].tolist()}, "
                    f"predictions that are no distribution {np.asarray(seeds[arm]['n_unusable_pred'])[0][:, i].tolist()}, "
                    f"oracle answers not learnt from (improper) {np.asarray(seeds[arm]['n_skipped_improper'])[0][:, i].tolist()}")
            if arm == target:
                c_ = rec.within(f"{n}: mean over seeds of the largest |test error(KJIT) - test error(sampling or "
                                "quadrature)|", "KJIT improves the inference time on all the problems without "
                                "sacrificing inference accuracy", m, upper=BAR, decidable=bool(decided), note=note)
                if n == "blood_transfusion" and arm == "suff_stats" and c_.verdict == "fail":
                    rec.explain(c_, "the paper's stated regression target (Sec. 3.3: the expected sufficient statistics "
                                "E z, E z^2 of the projected belief) cannot determine the outgoing message of Blood's "
                                "narrow cavities at the paper's own threshold: an error of one accepted predictive "
                                "standard deviation (exp(-9/2)) in E z^2 changes the site precision by a median 32 times "
                                "its value and makes 95 % of the quotients improper (Fertility: 0.08 and none)",
                                test="test_kj_sufficient_statistics_target_cannot_resolve_blood_sites")
            else:
                rec.within(f"ours ({arm}), {n}, seed-mean of the largest |test error(KJIT) - test error(sampling "
                           "or quadrature)|", f"our arm: {ARMS.get(arm, arm)}; the paper's bar kept", m, upper=BAR,
                           decidable=bool(decided), note=note, kind="ours")
    rec.note("the main KJIT run (panels a, b): target, test errors", [target, [float(v) for v in err["kjit"]]])
    # How fragile one run of the paper's target is: the single run of panel (a) beside its seeds (the accuracy
    # claims above are judged on the seeds' mean and spread, never on the single run).
    if target in dev:
        e_t, dv_t = dev[target]
        ref_s, ref_q = np.asarray(err["sampling"], float), np.asarray(err["quadrature"], float)
        single_dev = np.maximum(np.abs(np.asarray(err["kjit"], float) - ref_s),
                                np.abs(np.asarray(err["kjit"], float) - ref_q))
        for i, n in enumerate(names):
            off = int(np.sum(dv_t[:, i] > BAR)) + int(single_dev[i] > BAR)
            rec.note(f"{n}: fragility of one run of the paper's target: the single run (panel a) beside its "
                     f"{e_t.shape[0]} seeds",
                     {"single_run_error": float(err["kjit"][i]), "single_run_deviation": float(single_dev[i]),
                      "seed_errors_min_max": [float(e_t[:, i].min()), float(e_t[:, i].max())],
                      "runs_beyond_bar": f"{off} of {e_t.shape[0] + 1} runs deviate by more than {BAR}"})
    for i, n in enumerate(names):
        rec.close(f"{n}: test error of quadrature EP ('Infer.NET')", f"Fig. 9a: about {PAPER_ERR[n]}",
                  float(err["quadrature"][i]), PAPER_ERR[n], atol=0.03,
                  note="read from the published bars; no bias term (as in the paper), hence Blood/Fertility worse "
                       "than the majority rule")
    return fig, pd.DataFrame(rows, columns=["dataset", "method", "test_error", "time_ms"]), rec
