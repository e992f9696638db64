"""The claims of Uda & Kabashima 2005, one pure function per figure: from the plotted data and the cached summaries
(plain dicts of arrays, as the figure modules load them) and the paper's configuration section to a ClaimsRecord.

No drawing here and no reading of files: each figure module's ``make`` loads, builds its plotted table, draws and
calls its function below, so every verdict can be unit-tested on small hand-made inputs (tests/test_uk_claims.py).
Tolerances of ours come from the ``claims:`` section of the configuration (schema-checked); numbers the paper states
are constants below, each with the paper's sentence.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.core.claims import ClaimsRecord, Reading
from statmech_bayes.figures.uda_kabashima import PAPER
from statmech_bayes.figures.uda_kabashima.common import boot_decidable
from statmech_bayes.sparse_classifier.colon_precision import normalised_entropy

# Section 5: "fixing kappa to the most frequent value, kappa = 0.4, reduced the average and standard deviation ..."
KAPPA_MODE_PAPER = 0.4


# ------------------------------------------------------------------------------------------ Fig 1: RS curves

def fig1_claims(rs: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 1: the RS saddle point (``rs_fig1.npz``: C, Ct, eps_sbc, eps_gibbs, Q, R, lam, iterations per C_t row)
    puts eps_SBC's minimum at C = C_t (the Nishimori point, where R = Q) and eps_Gibbs's elsewhere, above it."""
    rec = ClaimsRecord("uda_kabashima/fig1", PAPER)
    C, Cts = rs["C"], rs["Ct"]
    dC, rq_atol = float(cfg["fig1"]["C_step"]), float(cfg["claims"]["rq_atol"])
    for i, Ct in enumerate(Cts):
        es, eg = rs["eps_sbc"][i], rs["eps_gibbs"][i]
        j = int(np.argmin(np.abs(C - Ct)))
        rec.within(f"C_t = {Ct:g}: argmin over C of eps_SBC (RS), grid step {dC:g}",
                   "eps_g^SBC is minimized when the hyper parameter is set to the teacher's value, C = C_t",
                   float(C[np.argmin(es)]), lower=Ct - dC / 2, upper=Ct + dC / 2,
                   note=f"min eps_SBC = {es.min():.4f}")
        rec.within(f"C_t = {Ct:g}: |R - Q| at C = C_t (Nishimori point)",
                   "at C = C_t the prior coincides with the teacher model, so the predictive probability is exact",
                   abs(float(rs["R"][i, j] - rs["Q"][i, j])), upper=rq_atol,
                   note=f"Q = {rs['Q'][i, j]:.6f}, R = {rs['R'][i, j]:.6f}, lambda = {rs['lam'][i, j]:.5f} "
                        f"(ln(C_t/(1-C_t)) = {np.log(Ct / (1 - Ct)):.5f})")
        kg = float(C[np.argmin(eg)])
        rec.holds(f"C_t = {Ct:g}: argmin over C of eps_Gibbs (RS)",
                  "the generalization error of Gibbs learning is not minimized at C = C_t", kg,
                  abs(kg - Ct) > dC / 2, f"|argmin - C_t| > {dC / 2:g}", note=f"min eps_Gibbs = {eg.min():.4f}")
        rec.within(f"C_t = {Ct:g}: min over C of eps_Gibbs minus eps_SBC at C = C_t",
                   "classification based on the correct predictive probability provides the best performance "
                   "among all the possible strategies", float(eg.min() - es[j]), lower=0.0)
    rec.note("rs_iterations_max", int(np.max(rs["iterations"])))
    rec.note("C_grid", f"{C[0]:g}..{C[-2]:g} step {dC:g}, plus {C[-1]:g}")
    return rec


# ------------------------------------------------------------------------------------ Fig 3: BP vs theory

def fig3_claims(se: dict, bp: dict, bench: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 3: BP's error after each update against the state evolution (47)-(55) with Eq. (52) (and with Eq. (53)
    as printed). ``se``: state_evolution.npz (t, eps, eps_eq53, rs_eps per C); ``bp``: the plotted BP summary (C, t
    and the mean and 95% t-interval half width ``ci95`` over the experiments, (nC, T)); ``bench``: the BP update
    benchmark (a note)."""
    cl, Ct = cfg["claims"], cfg["fig3"]["Ct"]
    Cs, t_bp, t_se, mean, ci95 = bp["C"], bp["t"], se["t"], bp["mean"], bp["ci95"]
    rec = ClaimsRecord("uda_kabashima/fig3", PAPER)
    worst = 0.0
    for i, C in enumerate(Cs):
        d = np.abs(mean[i] - se["eps"][i, 1:t_bp.size + 1])
        inside = float(np.mean(d <= ci95[i]))
        worst = max(worst, float(d.max()))
        rec.within(f"C = {C:g}: share of t = 1..{t_bp[-1]} at which the state evolution lies in BP's 95% interval",
                   "the theoretical prediction assessed by eqs. (47)-(55) exhibits excellent consistency with the "
                   "experimental results", inside, lower=float(cl["ci_inside_fraction"]),
                   note=f"max |BP mean - SE| = {d.max():.4f}; mean 95% half width {ci95[i].mean():.4f}")
    d_rs = np.abs(se["eps"][:, -1] - se["rs_eps"])
    rec.within(f"max over C of |state evolution at t = {int(t_se[-1])} - RS saddle point| (eps)",
               "the stationary conditions of eqs. (47)-(55) are identical to those of the saddle point of the RS "
               "free energy (16)", float(d_rs.max()), upper=float(cl["rs_se_atol"]),
               note="RS eps per C: " + ", ".join(f"{e:.4f}" for e in se["rs_eps"]))
    k = int(np.argmin(np.abs(Cs - Ct)))
    rec.within(f"C = C_t = {Cs[k]:g}: |BP mean at t = {t_bp[-1]} - RS optimum| over the 95% half width",
               "the BP-based algorithm provides a nearly optimal solution in a practical time scale ... if the hyper "
               "parameter C_t is correctly estimated", float(abs(mean[k, -1] - se["rs_eps"][k]) / ci95[k, -1]),
               upper=float(cl["bp_rs_halfwidths"]),
               note=f"BP {mean[k, -1]:.4f} +- {ci95[k, -1]:.4f}, RS {se['rs_eps'][k]:.4f}")
    d53 = np.abs(mean - se["eps_eq53"][:, 1:t_bp.size + 1])
    printed = rec.within("share of (C, t) at which the state evolution with Eq. (53) as printed lies in BP's 95% "
                         "interval", "lines represent the theoretical prediction assessed by eqs. (47)-(55) [as "
                         "printed], which exhibits excellent consistency with the experimental results",
                         float(np.mean(d53 <= ci95)), lower=float(cl["ci_inside_fraction"]),
                         note=f"max |BP - SE(53)| = {d53.max():.4f}; at C = C_t, t = {t_bp[-1]}: SE(53) "
                              f"{se['eps_eq53'][k, -1]:.4f} vs BP {mean[k, -1]:.4f}")
    if printed.verdict == "fail":
        rec.explain(printed, "Eq. (53) as printed, R = (Rhat/S)<p w_o^2>, drops the term (sqrt(Qhat)/S)<w_o Int Dz z "
                             "p(h)> of dF/dRhat of the free energy (16); it also breaks R = Q at C = C_t. With the "
                             "derivative taken correctly (Eq. 52) the lines agree with BP (claims above).",
                    test="test_uk_eq53_drops_a_term")
    rec.note("max_abs_BP_minus_SE", worst)
    ratio_max = float(cl["bench_ratio_max"])
    rec.note("bp_update_cost", {"N": int(bench["N"]), "M": int(bench["M"]),
                                "ms_per_update": round(1e3 * float(bench["t_update"]), 4),
                                "ms_two_matvecs": round(1e3 * float(bench["t_matvec2"]), 4),
                                "ratio": round(float(bench["ratio"]), 3),
                                "target": f"ratio <= {ratio_max:g} (O(NM) per update)",
                                "met": bool(bench["ratio"] <= ratio_max)})
    return rec


# ------------------------------------------------------------------------------------ Fig 4: LOOE vs RS

def fig4_claims(frame: pd.DataFrame, cfg: dict) -> ClaimsRecord:
    """Fig. 4 from its plotted table (series RS: the line eps_g^SBC(C); BP_eps: the circles, BP's mean error over
    the runs; LOOE: the plus signs, the mean leave-one-out error (56); each with its 95% half width and the share
    of runs whose BP converged): the LOOE tracks eps_g^SBC and is minimised near C_t."""
    Ct, atol = cfg["fig4"]["Ct"], float(cfg["claims"]["looe_atol"])
    rs, bp, lo_e = (frame[frame["series"] == k] for k in ("RS", "BP_eps", "LOOE"))
    C, me, ml = bp["C"].to_numpy(), bp["eps"].to_numpy(), lo_e["eps"].to_numpy()
    conv = bp["converged_fraction"].to_numpy()
    rs_at = np.interp(C, rs["C"].to_numpy(), rs["eps"].to_numpy())
    rec = ClaimsRecord("uda_kabashima/fig4", PAPER)
    dl = np.abs(ml - rs_at)
    rec.within("max over C of |mean LOOE - RS eps_SBC|",
               "the LOOE (56) can be used in practical applications [it tracks eps_g^SBC] (Fig. 4)",
               float(dl.max()), upper=atol, note=f"at C = {C[np.argmax(dl)]:g}; per C: "
               + ", ".join(f"{c:g}: {d:.4f}" for c, d in zip(C, dl)))
    de = np.abs(me - rs_at)
    rec.within("max over C of |mean BP eps - RS eps_SBC| (circles on the line)",
               "eps_g^SBC (o) is evaluated by replica analysis under the RS ansatz (line)", float(de.max()),
               upper=atol, note=f"at C = {C[np.argmax(de)]:g}")
    k = int(np.argmin(ml))
    j = int(np.argmin(np.abs(C - Ct)))
    lo, hi = C[max(j - 1, 0)], C[min(j + 1, C.size - 1)]
    rec.within("C minimising the mean LOOE (BP grid)",
               "the LOOE can be used for determining the necessary hyper parameters using only given data "
               "[its minimum lies near C_t]", float(C[k]), lower=float(lo), upper=float(hi),
               note=f"within one grid step of C_t = {Ct:g}; BP eps minimised at C = {C[int(np.argmin(me))]:g}")
    rec.note("converged_fraction", {f"{c:g}": round(float(f), 3) for c, f in zip(C, conv)})
    rec.note("rsb_region", "the paper: RS may break for small C; there undamped BP need not converge "
                           "(converged_fraction), its last iterate is plotted")
    return rec


# ------------------------------------------------------------------------ Figs 5 and 6: selection histograms

def fig5_claims(s: dict, p: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 5 (with Fig. 6): "kappa has a statistically greater fluctuation [than C]". ``s``: the colon summary
    (selection histograms of the paper's BP, the damped arm, read at T + 1; grids; bootstrap over splits); ``p``:
    the colon_precision summary (the two spread differences pooled over further splits, with their bootstraps)."""
    col = cfg["colon"]
    rec = ClaimsRecord("uda_kabashima/fig5", PAPER)
    hC, hk = float(normalised_entropy(s["hist_C"])), float(normalised_entropy(s["hist_kappa"]))
    # "kappa has a statistically greater fluctuation" compares two bar charts; two readings of how spread a
    # histogram is: how evenly it uses its grid (normalised entropy) and how much of it lies off its tallest bar.
    # The off-mode reading was added in the session that pooled further splits, after the 200-split histograms
    # had been seen: it is the plain visual reading of a bar chart, stated before the pooled numbers existed.
    readings, notes = [], []
    for key, reads in (("entropy_diff", "normalised entropy, kappa minus C (share of its grid each uses)"),
                       ("offmode_diff", "share of splits off the most frequent value, kappa minus C")):
        ok, bn = boot_decidable(p, "boot_" + key)
        _, bn200 = boot_decidable(p, "paper_boot_" + key)
        notes.append(f"{reads}: pooled {float(p[key]):.3f}, {bn}; on the paper's splits "
                     f"{float(p['paper_' + key]):.3f}, {bn200}")
        readings.append(Reading(reads, float(p[key]), lower=0.0, decidable=ok))
    extra = int(p["n_splits"]) - int(p["paper_n_splits"])
    pooled = (f"judged on {int(p['n_splits'])} splits: the paper's {int(p['paper_n_splits'])} pooled with {extra} "
              f"further ones (the paper's BP only; ours, to decide what {int(p['paper_n_splits'])} cannot); ")
    rec.wording("spread of the selected kappa minus that of the selected C",
                "kappa has a statistically greater fluctuation [than C] (Figs 5 and 6)", readings,
                note=pooled + f"paper's BP at T = {col['T_literal']}, {int(s['n_splits'])} splits: "
                     f"H(C)/ln {len(s['C_grid'])} = {hC:.3f}, H(kappa)/ln {len(s['kappa_grid'])} = {hk:.3f}; "
                     + "; ".join(notes))
    if "hist_C_damped" in s:
        dd = float(normalised_entropy(s["hist_kappa_damped"])) - float(normalised_entropy(s["hist_C_damped"]))
        okd, bnd = boot_decidable(s, "boot_entropy_diff_damped")
        rec.within("damped BP (ours): entropy difference kappa - C of the selections", "-",
                   dd, lower=0.0, decidable=okd, kind="ours", note=bnd)
    if "hist_C_T1" in s:
        rec.note("entropy_diff_T_plus_1", round(float(normalised_entropy(s["hist_kappa_T1"]))
                                                - float(normalised_entropy(s["hist_C_T1"])), 4))
    low = float(s["hist_C"][s["C_grid"] <= 0.01 + 1e-12].sum() / s["hist_C"].sum())
    rec.note("share_selected_C_le_0.01", round(low, 3))
    if "share_selected_nonconverged" in s:
        rec.note("share_selected_cells_not_converged", round(float(s["share_selected_nonconverged"]), 3))
    rec.note("looe_bias", "on real data the self-averaging assumption behind Eq. (56) fails and the smallest C "
                          "values are selected most often (spec pitfall 15)")
    return rec


def mode_of(counts, grid) -> float:
    """The most frequent grid value (ties: the largest)."""
    h = np.asarray(counts)
    return float(np.asarray(grid)[np.flatnonzero(h == h.max())[-1]])


def fig6_claims(s: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 6: the most frequently selected kappa is the paper's 0.4. ``s``: the colon summary (kappa histogram of
    the paper's BP, at T + 1, with the other tie rule and of the damped arm; a bootstrap of the mode over splits)."""
    col, resolved = cfg["colon"], float(cfg["claims"]["mode_resolved"])
    rec = ClaimsRecord("uda_kabashima/fig6", PAPER)
    h, grid = np.asarray(s["hist_kappa"]), np.asarray(s["kappa_grid"], float)
    mode = mode_of(h, grid)
    decidable, bnote = True, "no bootstrap over splits in the summary"
    if "boot_mode_kappa" in s:
        boot = np.asarray(s["boot_mode_kappa"], float)
        same = float(np.mean(np.isclose(boot, mode)))
        decidable = same >= resolved
        bnote = (f"bootstrap over splits ({boot.size} resamples): the mode is {mode:g} in {same:.0%} of them, "
                 f"{KAPPA_MODE_PAPER:g} in {float(np.mean(np.isclose(boot, KAPPA_MODE_PAPER))):.0%} (resolved at >= "
                 f"{resolved:.0%}; else more splits are needed)")
    other = "first" if col["tie_rule"] == "last" else "last"
    rec.holds("most frequently selected kappa", f"the most frequent value, kappa = {KAPPA_MODE_PAPER:g}", mode,
              bool(np.isclose(mode, KAPPA_MODE_PAPER)), f"== {KAPPA_MODE_PAPER:g}", decidable=decidable,
              note=f"paper's BP at T = {col['T_literal']}: counts {h.tolist()} over kappa {grid.tolist()}; {bnote}; "
                   f"at T + 1 {np.asarray(s.get('hist_kappa_T1', h)).tolist()}; with the {other} tie rule "
                   f"{np.asarray(s['other_rule_hist_kappa']).tolist()}")
    if "hist_kappa_damped" in s:
        hd = np.asarray(s["hist_kappa_damped"])
        rec.holds("damped BP (ours): mode of the selected kappa", "-", mode_of(hd, grid),
                  bool(np.isclose(mode_of(hd, grid), KAPPA_MODE_PAPER)), f"== {KAPPA_MODE_PAPER:g}", kind="ours",
                  note=f"counts {hd.tolist()}; our damped, converged BP is not the paper's algorithm, so its kappa "
                       "mode says nothing against the paper (the paper's algorithm decides the claim above)")
    return rec
