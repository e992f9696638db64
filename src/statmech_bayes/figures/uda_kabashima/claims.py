"""The claims of Uda & Kabashima 2005, one pure function per figure: from the plotted data and the cached summaries
(plain dicts of arrays, as the figure modules load them) and the paper's configuration section to a ClaimsRecord.

No drawing here and no reading of files: each figure module's ``make`` loads, builds its plotted table, draws and
calls its function below, so every verdict can be unit-tested on small hand-made inputs (tests/test_uk_claims.py).
Tolerances of ours come from the ``claims:`` section of the configuration (schema-checked); numbers the paper states
are constants below, each with the paper's sentence.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
from scipy.special import ndtr

from statmech_bayes.figures.uda_kabashima import PAPER
from statmech_bayes.figures.uda_kabashima.common import SIGN_PAPER, TABLE1_PAPER, Z_PAPER, fda_label
from statmech_bayes.reporting.claims import (
    NOISE,
    SETUP,
    UNSTATED,
    ClaimsRecord,
    Reading,
    unproven,
)
from statmech_bayes.reporting.statistics import (
    corrected_from_paired_t,
    corrected_resampled_t,
    percentile_interval,
    t_quantile,
)
from statmech_bayes.sparse_classifier.colon_precision import normalised_entropy
from statmech_bayes.sparse_classifier.stats import sign_test

# Section 5: "fixing kappa to the most frequent value, kappa = 0.4, reduced the average and standard deviation ..."
KAPPA_MODE_PAPER = 0.4
# Statements of the paper proven before it (rule 2: counted apart from the reproductions that could have failed).
KNOWN_BAYES = ("Bayes-optimal decision: classification by the correct predictive probability minimises the error "
               "among all strategies (Iba, J. Phys. A 32, 3875 (1999), the paper's ref. [2])")
KNOWN_NISHIMORI = ("Nishimori condition: with the prior equal to the teacher's the teacher-student overlap equals the "
                   "student-student overlap, R = Q (Nishimori, Prog. Theor. Phys. 66, 1169 (1981), the paper's ref. "
                   "[10]; Iba 1999)")

THIS_REVISION = "bc7030f"  # the commit that adopted this module's revisions of issues 34 and 36
SIGN_ONLY_REVISION = "f2ba3f5"  # the commit that judged the SBC - SBL sign-only claims with their noise (issue 36)
# The SBC - SBL mean difference judged by the corrected resampled t (protocol rules 6 and 7, issue 41), at both
# parities of the paper's fixed-T BP (rule 5), in place of the paired t of f2ba3f5 and 37465a1 (issue 36); the
# commit that adopted it.
CORRECTED_T_REVISION = "bf93227"
# The whitened row read under the configured LOOE tie rule (issue 41 review), in place of the rule whose mean lands
# closest to the paper (registered, cbb6bac); the commit that adopted it.
WHITE_TIE_REVISION = "1dc4ec2"
# The tests that prove registered readings defective (protocol rule 1): a trivial answer passes them.
PROOF_CORRECTED_T = ("tests/test_uk_claims.py::"
                     "test_table1_equal_classifiers_on_resampled_splits_pass_the_sign_and_the_naive_paired_t")
PROOF_SIGN_COUNT = "tests/test_uk_claims.py::test_table1_sign_count_direction_of_a_coin_flip_does_not_pass"
PROOF_SIGN_SHARE = "tests/test_uk_claims.py::test_table1_sign_share_of_a_coin_flip_fails"
# Two readings first judged on the sign alone, with their first result (fde117a): FDA's SD below the smaller of SBC's
# and SBL's (on the pseudo-inverse FDA, then the only one built) and the fall of SBC's mean error at kappa = 0.4. The
# tests feed them answers with no effect (an FDA as spread as SBC and SBL; kappa = 0.4 changing nothing) and find the
# sign passing them at chance, the revised readings at most at their nominal level.
FDA_SD_SIGN_REVISION = "cbb6bac"  # FDA's variants, each decided by the bootstrap over splits
PROOF_FDA_SD_SIGN = "tests/test_uk_claims.py::test_table1_fda_sd_sign_alone_passes_an_fda_as_spread_as_the_others"
PROOF_K04_MEAN_SIGN = "tests/test_uk_claims.py::test_table1_kappa04_mean_sign_alone_passes_no_change"


def no_data(rec: ClaimsRecord, what: str, why: str, remedy: str) -> ClaimsRecord:
    """An empty or degenerate selection (no split, no run, no curve): one inconclusive claim that says so, instead of
    a crash or a verdict computed on nothing (issue 37, item 4)."""
    rec.holds(f"{what}: not judged (empty or degenerate input)", "-", "no data", False, "-", note=why,
              decidable=False, undecided=NOISE, remedy=remedy)
    return rec


def _finite(*xs) -> bool:
    return all(np.all(np.isfinite(np.asarray(x, float))) for x in xs)


# ------------------------------------------------------------------ bootstrap over splits (colon claims)

def boot_interval(s: dict, key: str, level: float):
    """Percentile interval at ``level`` of the bootstrap over splits ``s[key]`` (axis 0), or None when the summary
    has none."""
    if key not in s or np.asarray(s[key]).size == 0:
        return None
    return percentile_interval(s[key], level)


def boot_decidable(s: dict, key: str, level: float, threshold: float = 0.0,
                   column: int | None = None) -> tuple[bool, str]:
    """Whether the bootstrap interval at ``level`` of ``s[key]`` (one column of it if given) lies on one side of
    ``threshold``; and a note. Without a bootstrap in the summary the claim stays decidable."""
    iv = boot_interval(s, key, level)
    if iv is None:
        return True, "no bootstrap over splits in the summary"
    lo, hi = (float(np.atleast_1d(v)[column]) if column is not None else float(v) for v in iv)
    ok = not (lo <= threshold <= hi)
    return ok, (f"bootstrap over splits ({np.asarray(s[key]).shape[0]} resamples): {100 * level:g}% interval "
                f"[{lo:.3g}, {hi:.3g}]")


# ------------------------------------------------------------------------------------------ Fig 1: RS curves

def fig1_claims(rs: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 1: the RS saddle point (``rs_fig1.npz``: C, Ct, eps_sbc, eps_gibbs, Q, R, lam, iterations per C_t row)
    puts eps_SBC's minimum at C = C_t (the Nishimori point, where R = Q) and eps_Gibbs's elsewhere, above it."""
    rec = ClaimsRecord("uda_kabashima/fig1", PAPER)
    C, Cts = np.asarray(rs["C"], float), np.asarray(rs["Ct"], float)
    dC, rq_atol = float(cfg["fig1"]["C_step"]), float(cfg["claims"]["rq_atol"])
    if C.size == 0 or Cts.size == 0 or np.asarray(rs["eps_sbc"]).size == 0:
        return no_data(rec, "Fig 1", f"no RS curve in rs_fig1 ({C.size} C values, {Cts.size} C_t rows)",
                       "rerun uk_rs_fig1 with a non-empty C grid and C_t list (seconds)")
    for i, Ct in enumerate(Cts):
        es, eg = rs["eps_sbc"][i], rs["eps_gibbs"][i]
        j = int(np.argmin(np.abs(C - Ct)))
        rec.within(f"C_t = {Ct:g}: argmin over C of eps_SBC (RS), grid step {dC:g}",
                   "eps_g^SBC is minimized when the hyper parameter is set to the teacher's value, C = C_t",
                   float(C[np.argmin(es)]), lower=Ct - dC / 2, upper=Ct + dC / 2,
                   note=f"min eps_SBC = {es.min():.4f}", known=KNOWN_BAYES)
        rec.within(f"C_t = {Ct:g}: |R - Q| at C = C_t (Nishimori point)",
                   "at C = C_t the prior coincides with the teacher model, so the predictive probability is exact",
                   abs(float(rs["R"][i, j] - rs["Q"][i, j])), upper=rq_atol,
                   note=f"Q = {rs['Q'][i, j]:.6f}, R = {rs['R'][i, j]:.6f}, lambda = {rs['lam'][i, j]:.5f} "
                        f"(ln(C_t/(1-C_t)) = {np.log(Ct / (1 - Ct)):.5f})", known=KNOWN_NISHIMORI)
        kg = float(C[np.argmin(eg)])
        rec.holds(f"C_t = {Ct:g}: argmin over C of eps_Gibbs (RS)",
                  "the generalization error of Gibbs learning is not minimized at C = C_t", kg,
                  abs(kg - Ct) > dC / 2, f"|argmin - C_t| > {dC / 2:g}", note=f"min eps_Gibbs = {eg.min():.4f}")
        rec.within(f"C_t = {Ct:g}: min over C of eps_Gibbs minus eps_SBC at C = C_t",
                   "classification based on the correct predictive probability provides the best performance "
                   "among all the possible strategies", float(eg.min() - es[j]), lower=0.0, known=KNOWN_BAYES)
    rec.note("rs_iterations_max", int(np.max(rs["iterations"])))
    rec.note("C_grid", f"{C[0]:g}..{C[-2]:g} step {dC:g}, plus {C[-1]:g}")
    return rec


# ------------------------------------------------------------------------------ Fig 2: the factor graph

def fig2_claims(frame: pd.DataFrame) -> ClaimsRecord:
    """Fig. 2 is a schematic: what it draws is true by construction, so its statement is a note, not a claim
    (rule 4). ``frame``: its plotted edges (one row per (l, mu), with their positions)."""
    import networkx as nx

    g = nx.Graph()
    g.add_edges_from((("w", int(l)), ("y", int(mu))) for l, mu in zip(frame["l"], frame["mu"]))
    n, m = int(frame["l"].nunique()), int(frame["mu"].nunique())
    rec = ClaimsRecord("uda_kabashima/fig2", PAPER)
    rec.note("drawn graph: complete bipartite (the paper: 'the posterior of eq. (5) is represented by a complete "
             "bipartite graph')", {"bipartite": nx.is_bipartite(g), "edges": g.number_of_edges(), "N*M": n * m})
    rec.note("drawn_size", {"N": n, "M": m})
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
    Cs, t_bp, mean, ci95 = (np.asarray(x, float) for x in (Cs, t_bp, mean, ci95))
    if Cs.size == 0 or t_bp.size == 0 or mean.size == 0:
        return no_data(rec, "Fig 3", f"no BP runs to compare ({Cs.size} C values, {t_bp.size} updates)",
                       "rerun uk_fig3_bp with at least two runs per C (the configured 100 take ~1 min)")
    # one run has no 95% interval (NaN): the consistency claims are then undecided, not failed
    ci_ok = bool(np.all(np.isfinite(ci95)))
    more_runs = "at least two BP runs per C give a 95% interval (the configured 100 runs take ~1 min)"
    worst = 0.0
    for i, C in enumerate(Cs):
        d = np.abs(mean[i] - se["eps"][i, 1:t_bp.size + 1])
        inside = float(np.mean(d <= ci95[i]))
        worst = max(worst, float(d.max()))
        rec.within(f"C = {C:g}: share of t = 1..{t_bp[-1]:g} at which the state evolution lies in BP's 95% interval",
                   "the theoretical prediction assessed by eqs. (47)-(55) exhibits excellent consistency with the "
                   "experimental results", inside, lower=float(cl["ci_inside_fraction"]), decidable=ci_ok,
                   remedy=more_runs, note=f"max |BP mean - SE| = {d.max():.4f}; mean 95% half width {ci95[i].mean():.4f}")
    d_rs = np.abs(se["eps"][:, -1] - se["rs_eps"])
    rec.within(f"max over C of |state evolution at t = {int(t_se[-1])} - RS saddle point| (eps)",
               "the stationary conditions of eqs. (47)-(55) are identical to those of the saddle point of the RS "
               "free energy (16)", float(d_rs.max()), upper=float(cl["rs_se_atol"]),
               note="RS eps per C: " + ", ".join(f"{e:.4f}" for e in se["rs_eps"]))
    k = int(np.argmin(np.abs(Cs - Ct)))
    rec.within(f"C = C_t = {Cs[k]:g}: |BP mean at t = {t_bp[-1]:g} - RS optimum| over the 95% half width",
               "the BP-based algorithm provides a nearly optimal solution in a practical time scale ... if the hyper "
               "parameter C_t is correctly estimated", float(abs(mean[k, -1] - se["rs_eps"][k]) / ci95[k, -1]),
               upper=float(cl["bp_rs_halfwidths"]), decidable=ci_ok, remedy=more_runs,
               note=f"BP {mean[k, -1]:.4f} +- {ci95[k, -1]:.4f}, RS {se['rs_eps'][k]:.4f}")
    d53 = np.abs(mean - se["eps_eq53"][:, 1:t_bp.size + 1])
    printed = rec.within("share of (C, t) at which the state evolution with Eq. (53) as printed lies in BP's 95% "
                         "interval", "lines represent the theoretical prediction assessed by eqs. (47)-(55) [as "
                         "printed], which exhibits excellent consistency with the experimental results",
                         float(np.mean(d53 <= ci95)), lower=float(cl["ci_inside_fraction"]),
                         decidable=ci_ok, remedy=more_runs, note=f"max |BP - SE(53)| = {d53.max():.4f}; at C = C_t, t = {t_bp[-1]:g}: SE(53) "
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
    Ct, atol, steps = cfg["fig4"]["Ct"], float(cfg["claims"]["looe_atol"]), int(cfg["claims"]["looe_argmin_steps"])
    rs, bp, lo_e = (frame[frame["series"] == k] for k in ("RS", "BP_eps", "LOOE"))
    C, me, ml = bp["C"].to_numpy(), bp["eps"].to_numpy(), lo_e["eps"].to_numpy()
    conv = bp["converged_fraction"].to_numpy()
    rec = ClaimsRecord("uda_kabashima/fig4", PAPER)
    if C.size == 0 or rs.empty or ml.size != C.size:
        return no_data(rec, "Fig 4", f"{len(rs)} RS points, {C.size} BP points, {ml.size} LOOE points",
                       "rerun uk_rs_fig4 and uk_fig4_bp with a non-empty C grid (~4 min)")
    rs_at = np.interp(C, rs["C"].to_numpy(), rs["eps"].to_numpy())
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
    lo, hi = C[max(j - steps, 0)], C[min(j + steps, C.size - 1)]
    rec.within("C minimising the mean LOOE (BP grid)",
               "the LOOE can be used for determining the necessary hyper parameters using only given data "
               "[its minimum lies near C_t]", float(C[k]), lower=float(lo), upper=float(hi),
               note=f"within {'one' if steps == 1 else steps} grid step{'' if steps == 1 else 's'} of C_t = {Ct:g}; BP eps minimised at C = {C[int(np.argmin(me))]:g}")
    rec.note("converged_fraction", {f"{c:g}": round(float(f), 3) for c, f in zip(C, conv)})
    rec.note("rsb_region", "the paper: RS may break for small C; there undamped BP need not converge "
                           "(converged_fraction), its last iterate is plotted")
    return rec


# ------------------------------------------------------------------------ Figs 5 and 6: selection histograms

SPREAD_READINGS = (("entropy_diff", "normalised entropy, kappa minus C (share of its grid each uses)"),
                   ("offmode_diff", "share of splits off the most frequent value, kappa minus C"))
SPREAD_STATS = {"entropy_diff": normalised_entropy,
                "offmode_diff": lambda c: 1.0 - np.max(c, axis=-1) / np.sum(c, axis=-1)}
TIE_RULE_REMEDY = ("the other tie rule's readings on the pooled 1,000 splits: uk_colon_precision would select under "
                   "both rules from the cached chunks (its summary only, seconds; no BP reruns)")


def hist_difference_interval(counts_C, counts_K, stat, level: float, n_boot: int = 2000, seed: int = 0):
    """A conservative interval at ``level`` for ``stat(kappa histogram) - stat(C histogram)`` when only the two
    histograms are known, not the joint selections: each histogram resampled as a multinomial (``n_boot`` times)
    with its own interval at (1 + level) / 2, the two combined as a difference of intervals (Bonferroni: covers
    at least ``level`` whatever the dependence between the two selections). Returns (lo, hi)."""
    cC, cK = np.asarray(counts_C, float), np.asarray(counts_K, float)
    if cC.sum() <= 0 or cK.sum() <= 0:
        return -math.inf, math.inf
    rng = np.random.default_rng(np.random.SeedSequence([int(seed), 37]))
    q = 100 * (1 - level) / 4
    bC = rng.multinomial(int(cC.sum()), cC / cC.sum(), int(n_boot))
    bK = rng.multinomial(int(cK.sum()), cK / cK.sum(), int(n_boot))
    loC, hiC = np.percentile(stat(bC), [q, 100 - q])
    loK, hiK = np.percentile(stat(bK), [q, 100 - q])
    return float(loK - hiC), float(hiK - loC)


def fig5_claims(s: dict, p: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 5 (with Fig. 6): "kappa has a statistically greater fluctuation [than C]". ``s``: the colon summary
    (selection histograms of the paper's BP, the damped arm, read at T + 1; grids; bootstrap over splits); ``p``:
    the colon_precision summary (the two spread differences pooled over further splits, with their bootstraps)."""
    col, lev = cfg["colon"], float(cfg["claims"]["boot_level"])
    rec = ClaimsRecord("uda_kabashima/fig5", PAPER)
    if np.sum(s["hist_C"]) == 0 or np.sum(s["hist_kappa"]) == 0 or int(p.get("n_splits", 0)) == 0:
        return no_data(rec, "Fig 5", f"{int(np.sum(s['hist_C']))} selections in the summary, "
                       f"{int(p.get('n_splits', 0))} pooled splits", "rerun the colon splits (uk_colon_chunk, "
                       "uk_colon_precision_chunk: ~2,000 + ~1,800 job-seconds at paper scale)")
    hC, hk = float(normalised_entropy(s["hist_C"])), float(normalised_entropy(s["hist_kappa"]))
    # "kappa has a statistically greater fluctuation" compares two bar charts; two readings of how spread a
    # histogram is: how evenly it uses its grid (normalised entropy) and how much of it lies off its tallest bar.
    # The off-mode reading was added in the session that pooled further splits, after the 200-split histograms
    # had been seen: it is the plain visual reading of a bar chart, stated before the pooled numbers existed.
    rule, other = col["tie_rule"], ("first" if col["tie_rule"] == "last" else "last")
    readings, notes = [], []
    for key, reads in SPREAD_READINGS:
        ok, bn = boot_decidable(p, "boot_" + key, lev)
        _, bn200 = boot_decidable(p, "paper_boot_" + key, lev)
        notes.append(f"{reads}: pooled {float(p[key]):.3f}, {bn}; on the paper's splits "
                     f"{float(p['paper_' + key]):.3f}, {bn200}")
        readings.append(Reading(reads, float(p[key]), lower=0.0, decidable=ok and _finite(p[key])))
    extra = int(p["n_splits"]) - int(p["paper_n_splits"])
    pooled = (f"judged on {int(p['n_splits'])} splits: the paper's {int(p['paper_n_splits'])} pooled with {extra} "
              f"further ones (the paper's BP only; ours, to decide what {int(p['paper_n_splits'])} cannot); ")
    claim = "spread of the selected kappa minus that of the selected C"
    paper = "kappa has a statistically greater fluctuation [than C] (Figs 5 and 6)"
    base = (pooled + f"paper's BP at T = {col['T_literal']}, {int(s['n_splits'])} splits: H(C)/ln {len(s['C_grid'])} "
            f"= {hC:.3f}, H(kappa)/ln {len(s['kappa_grid'])} = {hk:.3f}; " + "; ".join(notes))
    registered = rec.wording(claim, paper, readings, note=base)
    # Revision (issue 34): the paper gives no LOOE tie rule and the verdict turns on it, so each reading is judged
    # under both rules. The other rule's readings come from the pooled splits when the precision summary carries
    # them (other_rule_*), else from the paper's 200 splits (its histograms), decided by a conservative interval.
    both, tie_notes = [], []
    for key, reads in SPREAD_READINGS:
        both.append(readings[[k for k, _ in SPREAD_READINGS].index(key)]._replace(
            reads=f"{rule} minimum on LOOE ties (configured; pooled splits): {reads}"))
    for key, reads in SPREAD_READINGS:
        if "other_rule_" + key in p:
            v = float(p["other_rule_" + key])
            ok, bn = boot_decidable(p, "boot_other_rule_" + key, lev)
            where = f"pooled {int(p['n_splits'])} splits"
        else:
            cC, cK = np.asarray(s["other_rule_hist_C"]), np.asarray(s["other_rule_hist_kappa"])
            v = float(SPREAD_STATS[key](cK) - SPREAD_STATS[key](cC))
            lo, hi = hist_difference_interval(cC, cK, SPREAD_STATS[key], lev, seed=int(col.get("boot_seed", 0)))
            ok = not (lo <= 0.0 <= hi)
            bn = (f"{100 * lev:g}% interval [{lo:.3g}, {hi:.3g}] (multinomial resampling of each histogram at "
                  f"{100 * (1 + lev) / 2:g}%, combined as a difference: conservative, the joint selections of this "
                  "rule are not in the summary)")
            where = f"the paper's {int(s['n_splits'])} splits"
        tie_notes.append(f"{other} minimum, {reads}: {v:.3f} on {where}, {bn}")
        both.append(Reading(f"{other} minimum on LOOE ties ({where}): {reads}", v, lower=0.0,
                            decidable=ok and _finite(v)))
    revised = rec.wording(claim, paper, both, note=base + "; " + "; ".join(tie_notes),
                          remedy=TIE_RULE_REMEDY)
    # No proof (protocol rule 1): the other rule's readings were added after the configured rule's had failed, and
    # no trivial answer passes the registered reading; the registered verdict decides, the revision is shown. The
    # tie rule is an unstated choice that rule 5 judges through the uk_tie_first variant.
    rec.revise(registered, revised, THIS_REVISION,
               "the paper states no LOOE tie rule and the verdict turns on it (issue 34): both rules are readings, "
               "combined by rule 6")
    if "hist_C_damped" in s:
        dd = float(normalised_entropy(s["hist_kappa_damped"])) - float(normalised_entropy(s["hist_C_damped"]))
        okd, bnd = boot_decidable(s, "boot_entropy_diff_damped", lev)
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
    if h.size == 0 or h.sum() == 0:  # no selection: every grid value ties at 0 and mode_of would return the last
        return no_data(rec, "Fig 6", f"{int(h.sum()) if h.size else 0} kappa selections in the summary",
                       "rerun the colon splits (uk_colon_chunk: ~2,000 job-seconds for the paper's 200 splits)")
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


# -------------------------------------------------------------------------------- Table 1: colon cancer

# The paper's sign test: "|99 - (200 - 36) x 1/2| / sqrt((200 - 36) x 1/2 x 1/2) = 2.65... > u(0.05) = 1.64...":
# the one-sided 5% point of the standard normal.
SIGN_U005 = 1.645
# The rank of a data matrix is an integer: equal to the stated M = 62 within half a unit.
RANK_ATOL = 0.5
# "we examined how many times the SBC provided a smaller generalization error than SBL in the 200 experiments"
N_PAPER = 200
FDA_WHY = ("the paper does not say how its FDA was built (S_W has rank <= 40 in 2000 dimensions); the well-defined "
           "variants on the same preprocessing give {variants}; the training-majority guess gives {maj:.1f}%")
WHITE_WHY = ("the 61-dimensional whitening over all 62 tissues (the realisable reading: 62 centred samples span at most "
             "61 dimensions) makes the tissues a regular simplex, so only the coordinate-wise sparsity of the PCA "
             "basis carries label information; test error by C (paper's BP): {by_c}")
FINDING_WHITE = ("62 centred samples span at most 61 dimensions, so (1/M) sum_mu x_i^mu x_j^mu = delta_ij cannot hold "
                 "in an M = 62 dimensional reduced space: the whitening as stated does not exist (the row is judged "
                 "on the realisable 61-dimensional reading)")
FINDING_WHITE_TEST = "test_uk_whitening_of_62_centred_samples_has_rank_61"
FDA_SD_REMEDY = ("an undecided variant's SD difference (0.5 points on the paper's 200 splits, its bootstrap interval "
                 "about +-1.1) needs SBL and that FDA variant on about 4-7x the splits (800-1,200 further splits; "
                 "SBL and FDA run only in uk_colon_chunk, ~10 s a split with the SBC grid, so up to ~12,000 "
                 "job-seconds as the chunks stand, far less with SBL and FDA alone on the further splits)")


# Why the colon claims that turn on the parity of the paper's fixed-T BP are read at T and at T + 1 (protocol rule 5).
PARITY_WHY = ("Two readings, one per parity of the BP update count: the paper gives no number of updates for the colon "
              "runs (Fig. 3 alone shows t = 1..20, on ideal teacher data) and no convergence test; it presents its "
              "algorithm by its stationary point ('the stationary conditions of eqs. (47)-(55) are identical to those "
              "of the saddle point of the RS free energy', 'a nearly optimal solution in a practical time scale in "
              "assumed ideal situations') and warns that real data 'may deteriorate the approximation accuracy'. On "
              "the colon data its undamped BP does not reach that point ({share:.0%} of the selected cells not "
              "converged at T, oscillating with period 2), so it cannot be read where it has converged (the damped BP "
              "that converges is ours, not the paper's algorithm), and T and T + 1 are equally the paper's algorithm")


def _variant_reads(v) -> str:
    return f"FDA as {fda_label(v).removeprefix('FDA variant: ')}"


def _registered_fda_sd(rec, claim, paper, names, values, target, tols, note):
    """The FDA SD's registered reading (rule 1): the one first judged, in fde117a, on the pseudo-inverse FDA with
    the midpoint threshold (then the only FDA built). cbb6bac, after that row had failed, judged it on whichever
    variants landed in the paper's band; that re-reading and today's are revisions of this one (rule 5)."""
    i = names.index("pinv") if "pinv" in names else 0
    return rec.close(claim, paper, float(values[i]), target, atol=tols[i],
                     note=f"registered reading: {_variant_reads(names[i])} (fde117a); " + note)


def _variants_claim(rec, claim, paper, readings, note, **kw):
    """A claim judged with one reading per FDA variant (rule 6); with fewer than two variants in the summary the
    unstated construction cannot be read: inconclusive (unstated setup), never a crash."""
    if len(readings) >= 2:
        return rec.wording(claim, paper, readings, note=note, **kw)
    have = "; ".join(f"{r.reads}: {float(r.reproduced):.6g}" for r in readings) or "none"
    return rec.holds(claim, paper, "fewer than two FDA variants", False, "one reading per FDA variant (>= 2)",
                     note=f"FDA's construction is unstated and the summary holds {len(readings)} variant(s) ({have}); "
                          + note, decidable=False, kind="wording", undecided=UNSTATED)


def binomial_sd(mean_pct: float, n_test: int) -> float:
    """The split-to-split SD (%) of the test error of a classifier whose errors on the ``n_test`` test points are
    independent coin flips at its mean error: the spread that the test-set size alone gives."""
    q = mean_pct / 100
    return 100 * math.sqrt(max(q * (1 - q), 0.0) / n_test)


def _boot_se(d: dict, key: str) -> float:
    """Standard error from a bootstrap over splits (its SD); NaN when the summary carries none."""
    return float(np.std(np.asarray(d[key], float))) if key in d and np.asarray(d[key]).size else math.nan


def _se_mean(sd, n):
    return sd / math.sqrt(n)


def _se_sd(sd, n):
    return sd / math.sqrt(2 * (n - 1))


def split_differences(s: dict, n: int, suffix: str = "") -> np.ndarray | None:
    """Rule 7 of the protocol (use what is built): the per-split differences SBC - SBL (%) of one BP arm
    (``suffix``: "" the paper's BP at T, "_T1" read at T + 1) over every split of the summary, checked to be the
    splits its sign test counted; None for a summary without per-split errors (hand-made ones). SBL runs on the
    paper's splits only (the further colon_precision splits run the paper's BP alone), so these are every split on
    which both classifiers were built."""
    if f"err_sbc{suffix}" not in s or "err_sbl" not in s:
        return None
    a, b = np.asarray(s[f"err_sbc{suffix}"], float).ravel(), np.asarray(s["err_sbl"], float).ravel()
    if a.size != n or b.size != n:
        raise ValueError(f"rule 7: the summary holds {a.size} SBC and {b.size} SBL errors{suffix} for {n} splits")
    st = sign_test(a, b)
    built = (st["n_less"], st["n_equal"], st["n_greater"])
    counted = tuple(int(s[f"sign_{k}{suffix}"]) for k in ("less", "equal", "greater"))
    if built != counted:
        raise ValueError(f"rule 7: the summary's sign test{suffix} counts {counted}, its {n} splits give {built}")
    return 100.0 * (a - b)


def table1_claims(s: dict, p: dict | None, cfg: dict) -> ClaimsRecord:
    """Table 1 and the statements of Section 5 about it. ``s``: the colon summary over the paper's splits (means
    and SDs of every row, the FDA variants, the sign and Welch tests, the whitened row, bootstraps over splits);
    ``p``: the colon_precision summary (the kappa = 0.4 differences pooled over further splits), or None."""
    col, cl = cfg["colon"], cfg["claims"]
    n = int(s["n_splits"])
    wq, lev = float(cl["welch_quantile"]), float(cl["boot_level"])
    rec = ClaimsRecord("uda_kabashima/table1", PAPER)
    if n < 2:  # no SD, no standard error, no test: nothing of Table 1 can be judged
        return no_data(rec, "Table 1", f"{n} split(s) in the colon summary: an SD and its standard error need two",
                       "run the paper's 200 splits (uk_colon_chunk: ~2,000 job-seconds at paper scale)")
    n_test = 62 - int(col["n_train"])
    z = float(cl["z_table"])
    maj = float(s["mean_majority"])
    names = [str(v) for v in np.asarray(s["fda_variant_names"], str)]
    fm, fsd = np.asarray(s["mean_fda_variants"], float), np.asarray(s["sd_fda_variants"], float)
    variants = ", ".join(f"{fda_label(v).removeprefix('FDA variant: ')} {m:.1f}%" for v, m in zip(names, fm))
    T = int(col["T_literal"])
    arms = (f"paper's BP at T = {T}: {{lit:.2f}}; at T + 1: {{t1:.2f}}; damped BP (ours): {{dmp:.2f}}")

    def tol_mean(psd, sd):
        return z * math.hypot(_se_mean(psd, N_PAPER), _se_mean(sd, n))

    def tol_sd(psd, sd):
        return z * math.hypot(_se_sd(psd, N_PAPER), _se_sd(sd, n))

    sd_maj = float(s["sd_majority"])
    for key in ("sbc", "sbl", "sbc_k04"):
        label, pm, psd = TABLE1_PAPER[key]
        m, sd = float(s[f"mean_{key}"]), float(s[f"sd_{key}"])
        extra = ""
        if key != "sbl":
            extra = "; " + arms.format(lit=m, t1=float(s[f"mean_{key}_T1"]), dmp=float(s[f"mean_{key}_damped"]))
        rec.close(f"{label}: mean test error (%)", f"{pm:g}", m, pm, atol=tol_mean(psd, sd),
                  note=f"tolerance {z:g} combined standard errors of the two means (split-to-split SD / sqrt(n))" + extra)
        # What an SD row can tell (issue 36): on 20 test points the spread is mostly the test-set size's. The
        # spread of independent per-point errors at the row's mean, and the training-majority guess (no genes) on
        # the same splits, both lie inside the fair band, and no fair band can exclude them: the paper's own SD has
        # a standard error of psd / sqrt(398) from its 200 splits, so the band is at least z of that wide.
        tol = tol_sd(psd, sd)
        trivial = (f"trivial answers: independent per-point errors at our mean give {binomial_sd(m, n_test):.2f}, at "
                   f"the paper's {binomial_sd(pm, n_test):.2f}; the training majority (no genes) {sd_maj:.2f}; the "
                   f"paper's own SD alone has a {z:g}-standard-error half width {z * _se_sd(psd, N_PAPER):.2f}")
        rejects = not (abs(sd_maj - psd) <= tol or abs(binomial_sd(m, n_test) - psd) <= tol)
        kind = "value" if key == "sbl" or rejects else SETUP
        rec.close(f"{label}: SD of the test error (%)", f"{psd:g}", sd, psd, atol=tol,
                  note=f"tolerance {z:g} combined standard errors of the two SDs (SD / sqrt(2(n-1))); " + trivial
                  + ("; the band cannot reject them, so a pass says nothing beyond the mean: a set-up fact (the "
                     "test-set size), counted apart" if kind == SETUP else "")
                  + ("; the band cannot reject the trivial answers, so a pass here would say nothing, but a "
                     "failure does (ours differs from the paper's at the 5% level); SBL is our ARD logistic "
                     "regression (the paper states none of its settings), so a spread that differs is most likely "
                     "ours: unexplained" if key == "sbl" else ""), kind=kind)

    # FDA: the construction is unstated, so every well-defined variant is a reading (rule 6: all failing, fail).
    # History: fde117a judged the pseudo-inverse (midpoint) row alone (mean 22.5 and SD 7.14: both failed); cbb6bac,
    # after that, judged the variants and passed a number on whichever variants reproduced it.
    label, pm, psd = TABLE1_PAPER["fda"]
    nv = min(len(names), fm.size, fsd.size)
    names, fm, fsd = names[:nv], fm[:nv], fsd[:nv]
    why = "an unspecified baseline: " + FDA_WHY.format(variants=variants, maj=maj)
    mtol = [tol_mean(psd, v) for v in fsd]
    mean_reads = [Reading(_variant_reads(v), float(x), pm - t, pm + t) for v, x, t in zip(names, fm, mtol)]
    _variants_claim(rec, "FDA (construction unstated): mean test error (%)", f"{pm:g}", mean_reads,
                    why + "; every well-defined variant is a reading (the pseudo-inverse alone, the reading of "
                    "fde117a, failed too)")
    stol = [tol_sd(psd, v) for v in fsd]
    sd_claim = "FDA (construction unstated): SD of the test error (%)"
    if nv >= 2:
        reg = _registered_fda_sd(rec, sd_claim, f"{psd:g}", names, fsd, psd, stol, why)
        # Revised (issue 34 and 36): judged on the same variants as the mean, and a variant's SD stands for the
        # paper's FDA only where its mean does too; where the mean contradicts the paper's it is another classifier,
        # whose SD is set by its own mean (the test-set size): undecided, for the unstated construction.
        mean_ok = [r.lower <= r.reproduced <= r.upper for r in mean_reads]
        sd_reads = [Reading(_variant_reads(v), float(x), psd - t, psd + t, decidable=ok, undecided=UNSTATED)
                    for v, x, t, ok in zip(names, fsd, stol, mean_ok)]
        rev = rec.wording(sd_claim, f"{psd:g}", sd_reads,
                          note=why + "; a variant's SD is judged only where its mean reproduces the paper's: "
                          + ", ".join(f"{_variant_reads(v).removeprefix('FDA as ')} {x:.2f} (mean {m:.1f}%, "
                                      f"{'in' if ok else 'off'} the paper's band; SD band [{psd - t:.2f}, "
                                      f"{psd + t:.2f}])" for v, x, m, t, ok in zip(names, fsd, fm, stol, mean_ok)))
        # No proof (protocol rule 1): a re-reading after the registered (pseudo-inverse) reading had failed, more
        # lenient, and no trivial answer passes the registered one; the registered verdict decides.
        rec.revise(reg, rev, THIS_REVISION, "the SD was judged on the variants that happened to reproduce it (picked after "
                   "the results); now on the same variants as the mean, each deciding only where its mean reproduces "
                   "the paper's FDA (issues 34, 36)")
    else:
        _variants_claim(rec, sd_claim, f"{psd:g}", [Reading(_variant_reads(v), float(x), psd - t, psd + t)
                                                    for v, x, t in zip(names, fsd, stol)], why)
    for other in ("sbc", "sbl"):
        ts = np.asarray(s[f"welch_fda_variants_{other}_t"], float)
        dfs = np.asarray(s[f"welch_fda_variants_{other}_df"], float)
        _variants_claim(rec, f"Welch t-test FDA vs {other.upper()}: FDA worse at the {200 * (1 - wq):g}% level "
                        f"(t > t_{wq:g}(df))",
                        "FDA exhibits a significantly lower generalization ability than the other two schemes; also "
                        "supported by Welch's test",
                        [Reading(_variant_reads(v), t, t_quantile(wq, df))
                         for v, t, df in zip(names, ts[:nv], dfs[:nv])],
                        "FDA's construction is not stated: one reading per well-defined variant"
                        + (f"; SBC by the paper's BP at T = {T}" if other == "sbc" else ""))
    mins = min(float(s["sd_sbc"]), float(s["sd_sbl"]))
    readings = []
    for k, (v, sd) in enumerate(zip(names, fsd)):
        ok, _ = boot_decidable(s, "boot_sd_fda_variants_minus_min", lev, 0.0, column=k)
        readings.append(Reading(_variant_reads(v), sd - mins, upper=0.0, decidable=ok))
    fda_sd_claim, fda_sd_paper = ("SD of FDA minus the smaller of the SDs of SBC and SBL (%)",
                                  "the standard deviation of FDA is smaller than those of the others")
    # Registered (fde117a, with its first result): the sign alone, on the pseudo-inverse FDA (then the only FDA
    # built). It passes an FDA exactly as spread as SBC and SBL about a third of the time (PROOF_FDA_SD_SIGN), so
    # cbb6bac's reading (every variant, each decided by the bootstrap over splits) decides, in either direction.
    if nv:
        i = names.index("pinv") if "pinv" in names else 0
        first = float(fsd[i]) - mins
        reg = rec.holds(fda_sd_claim, fda_sd_paper, first, bool(first < 0), "< 0",
                        note=f"registered reading (fde117a): the sign alone, on {_variant_reads(names[i])} (then the "
                             "only FDA built)")
    else:
        reg = rec.holds(fda_sd_claim, fda_sd_paper, "no FDA variant", False, "< 0", decidable=False,
                        undecided=UNSTATED, note="registered reading (fde117a): the pseudo-inverse FDA's sign; the "
                                                 "summary holds no FDA variant")
    rev = _variants_claim(rec, fda_sd_claim, fda_sd_paper, readings,
                          f"one reading per FDA variant; a reading whose bootstrap {100 * lev:g}% interval over splits "
                          "straddles 0 is undecidable (noise): " + FDA_SD_REMEDY, remedy=FDA_SD_REMEDY)
    rec.revise(reg, rev, FDA_SD_SIGN_REVISION, "fde117a judged the sign alone on the pseudo-inverse FDA, with the "
               "first result; cbb6bac built FDA's pseudo-inverse, ridge and mean-difference variants and judged each, "
               "with a bootstrap over splits for the discrete claims (an interval straddling 0 undecided); the sign "
               "alone passes an FDA as spread as SBC and SBL about a third of the time", proof=PROOF_FDA_SD_SIGN)
    mean_claim, mean_paper = ("mean error of SBC minus that of SBL (%)",
                              "the average generalization error of the SBC is smaller than that of SBL")
    diff, t_pair = float(s["mean_sbc"] - s["mean_sbl"]), float(s["paired_sbc_sbl_t"])
    diff1, t_pair1 = float(s["mean_sbc_T1"] - s["mean_sbl"]), float(s["paired_sbc_sbl_t_T1"])
    at_t1 = f"SBC by the paper's BP at T = {T}; read at T + 1: {diff1:.2f}"
    reg = rec.within(mean_claim, mean_paper, diff, upper=0.0, note=at_t1)
    # Revision (issue 41, protocol rules 5-7): the sign alone passes two equally good classifiers half the time (and
    # a tie always), and the paired t that f2ba3f5 and 37465a1 put in its place treats the 200 splits as independent:
    # they share training points, so their differences are correlated and the paired t decides equally good
    # classifiers far more often than its level (PROOF_CORRECTED_T shows both). The corrected resampled t of Nadeau and
    # Bengio decides instead, over every split on which both classifiers were built (rule 7), at t(J - 1) at z_table's
    # level; at both parities of the paper's fixed-T BP, each a reading (rule 5: it cannot be read where it has
    # converged; rule 2 combines them).
    n_train = int(col["n_train"])
    t_crit = t_quantile(ndtr(z), n - 1)  # ndtr is norm.cdf bit for bit (tests/test_import_cost.py)
    share_nc = float(s["share_selected_nonconverged"])
    readings, shown, limits = [], [], []
    for suf, arm, d_mean, tp in (("", f"paper's BP at T = {T}", diff, t_pair),
                                 ("_T1", f"paper's BP read at T + 1 = {T + 1}", diff1, t_pair1)):
        d = split_differences(s, n, suf)
        if d is not None:
            t_c = corrected_resampled_t(d, n_train, n_test)
            effect = float(np.mean(d) / np.std(d, ddof=1)) if np.std(d) > 0 else math.nan
        else:  # a hand-made summary: the same statistic from its paired t over its n splits
            t_c, effect = corrected_from_paired_t(tp, n, n_train, n_test), tp / math.sqrt(n)
        limits.append(effect / math.sqrt(n_test / n_train))
        readings.append(Reading(f"{arm}: below 0, decided when the corrected resampled t over the {n} splits "
                                f"exceeds t({n - 1}) at z_table's level ({t_crit:.4g}) in size", d_mean, upper=0.0,
                                decidable=bool(math.isfinite(t_c) and abs(t_c) > t_crit)))
        shown.append(f"{arm}: difference {d_mean:.2f}, corrected resampled t {t_c:.3f}, paired t treating the "
                     f"splits as independent {tp:.3f}")
    if all(abs(x) <= t_crit for x in limits if math.isfinite(x)):
        remedy = ("no number of further splits of these 62 tissues decides it: as the splits grow the corrected t "
                  f"tends to mean(d) / sqrt(n_test/n_train var(d)) = {limits[0]:.2f} at T ({limits[1]:.2f} at T + 1), "
                  f"inside {t_crit:.3g}; only more tissues would")
    else:
        remedy = ("more splits with SBL (uk_colon_precision_chunk runs the paper's BP only; SBL there needs a change "
                  f"of that rule): the corrected t tends to {limits[0]:.2f} at T ({limits[1]:.2f} at T + 1)")
    rev = rec.wording(
        mean_claim, mean_paper, readings, remedy=remedy,
        note=(f"{'; '.join(shown)}. Corrected resampled t (Nadeau & Bengio 2003): mean(d) / sqrt((1/J + "
              f"n_test/n_train) var(d)), J = {n} splits, n_test/n_train = {n_test}/{n_train}, judged at t({n - 1}) "
              f"= {t_crit:.4g}; shown beside, not deciding: the paired t over the same splits (p = "
              f"{float(s['paired_sbc_sbl_p']):.2g} at T), which treats overlapping splits as independent, and a Welch "
              f"t that also ignores the pairing ({float(s['welch_sbc_sbl_t']):.2f}, p = "
              f"{float(s['welch_sbc_sbl_p']):.2g}); the paper states no test of the means (its own test is the sign "
              "test, the claims below). " + PARITY_WHY.format(share=share_nc)))
    rec.revise(reg, rev, CORRECTED_T_REVISION,
               "the sign alone passed a tie and, half the time, two equally good classifiers, and the paired t that "
               "replaced it (f2ba3f5, 37465a1) treats 200 overlapping 42/20 splits as independent (issue 41, protocol "
               "rules 6 and 7): decided by the corrected resampled t (Nadeau & Bengio 2003) over every split built, "
               "at t(J - 1) at z_table's level, read at both parities of the paper's fixed-T BP (rule 5)",
               proof=PROOF_CORRECTED_T)
    nl, ne, ng = int(s["sign_less"]), int(s["sign_equal"]), int(s["sign_greater"])
    count_claim, count_paper = ("sign test: splits with SBC error below SBL minus splits above",
                                "the SBC offered smaller, equal and larger errors than SBL 99, 36 and 65 times")
    count_note = (f"ours {nl} / {ne} / {ng} of the {n} splits built with both classifiers (paper's BP at T = {T}); at "
                  f"T + 1 {int(s['sign_less_T1'])} / {int(s['sign_equal_T1'])} / {int(s['sign_greater_T1'])}")
    reg = rec.holds(count_claim, count_paper, nl - ng, nl > ng, "> 0", note=count_note)
    # Revision (issue 36): a coin flip wins more splits half the time; the direction is decided only when the sign
    # test's z (ties dropped) exceeds the paper's own one-sided u(0.05).
    z_sign = float(s["sign_z"])  # the summary's sign test (sparse_classifier.stats.sign_test)
    rev = rec.holds(count_claim, count_paper, nl - ng, nl > ng,
                    f"> 0, decided when the sign test's |z| exceeds u(0.05) = {SIGN_U005:.4g}",
                    decidable=z_sign > SIGN_U005, note=f"{count_note}; |z| = {z_sign:.2f}",
                    remedy="SBL on the further colon splits (uk_colon_precision_chunk runs the paper's BP only; SBL "
                           "there needs a change of that rule, about 8,000 job-seconds for 800 splits)")
    rec.revise(reg, rev, SIGN_ONLY_REVISION, "the sign alone passed a coin flip half the time (issue 36): decided only "
               "when the sign test's |z| exceeds u(0.05)", proof=PROOF_SIGN_COUNT)
    share, p_share = nl / max(nl + ng, 1), SIGN_PAPER[0] / (SIGN_PAPER[0] + SIGN_PAPER[2])
    se = math.hypot(math.sqrt(p_share * (1 - p_share) / (SIGN_PAPER[0] + SIGN_PAPER[2])),
                    math.sqrt(share * (1 - share) / max(nl + ng, 1)))
    share_claim, share_paper = "sign test: share of untied splits where SBC beats SBL", "99 / (99 + 65) = 0.604"
    reg = rec.close(share_claim, share_paper, share, p_share, atol=z * se,
                    note=f"tolerance {z:g} combined binomial standard errors; ties {ne} (paper 36)")
    # Revision (issue 36): the band 0.604 +- 0.105 admits 0.5, a coin flip. The paper's share is a statement that
    # SBC wins more often than chance (its sign test): ours must lie in the band and above 0.5 by the paper's own
    # one-sided u(0.05) binomial standard errors of ours.
    floor = 0.5 + SIGN_U005 * 0.5 / math.sqrt(max(nl + ng, 1))  # the paper's own test: z >= u(0.05)
    rev = rec.within(share_claim, share_paper, share, lower=max(p_share - z * se, floor), upper=p_share + z * se,
                     note=f"the band of {z:g} combined binomial standard errors around 0.604, cut below at 0.5 + "
                          f"u(0.05) x the binomial standard error of a coin flip on our {nl + ng} untied splits = "
                          f"{floor:.3f} (the paper's own sign test; a coin flip fails); ties {ne} "
                          "(paper 36)")
    rec.revise(reg, rev, THIS_REVISION, "the band admitted 0.5, a coin flip (issue 36): cut at the paper's one-sided 5% "
               "point above 0.5", proof=PROOF_SIGN_SHARE)
    # z signed by the direction (SBC ahead: positive), so that the reading is one range whatever the data
    rec.within("sign test z = |n< - n/2| / sqrt(n/4) (ties dropped)",
               "2.65 > u(0.05) = 1.64: SBC and SBL differ significantly at 95%, the SBC has a higher generalization "
               "ability", float(s["sign_z"]) if nl > ng else -float(s["sign_z"]), lower=SIGN_U005,
               note=f"paper z = {Z_PAPER:g} (its own arithmetic |99 - 82| / sqrt(41) = "
                    f"{abs(99 - 82) / math.sqrt(41):.3f}); exact one-sided p = {float(s['sign_p_exact']):.2g}; "
                    f"at T + 1: z = {float(s['sign_z_T1']):.2f}; the direction agrees with the paper (SBC wins more "
                    "splits), its strength does not: unexplained")
    # The two kappa = 0.4 differences: undecidable on the paper's 200 splits, so judged on the pooled splits.
    for stat, claim, paper_says, t1, damped in (
            ("mean", "mean error of SBC at kappa = 0.4 minus SBC with kappa by LOOE (%)",
             "fixing kappa to 0.4 reduced the average ... generalization error of SBC to 21.0 (from 23.5)",
             float(s["mean_sbc_k04_T1"] - s["mean_sbc_T1"]), float(s["mean_sbc_k04_damped"] - s["mean_sbc_damped"])),
            ("sd", "SD of the error of SBC at kappa = 0.4 minus SBC with kappa by LOOE (%)",
             "fixing kappa to 0.4 reduced the ... standard deviation of the generalization error of SBC to 9.72 "
             "(from 10.2)", float(s["sd_sbc_k04_T1"] - s["sd_sbc_T1"]),
             float(s["sd_sbc_k04_damped"] - s["sd_sbc_damped"]))):
        d200 = float(s[f"{stat}_sbc_k04"] - s[f"{stat}_sbc"])
        ok, bnote = boot_decidable(s, f"boot_{stat}_k04_minus_sbc", lev)
        note = f"paper's BP at T = {T} on the paper's {n} splits: {d200:.2f}, {bnote}"
        value = d200
        if p is not None:
            value = float(p[f"{stat}_k04_minus_sbc"])
            ok, pnote = boot_decidable(p, f"boot_{stat}_k04_minus_sbc", lev)
            note = (f"pooled over {int(p['n_splits'])} splits (the paper's {int(p['paper_n_splits'])} and "
                    f"{int(p['n_splits']) - int(p['paper_n_splits'])} further ones, the paper's BP at T = {T} "
                    f"only; ours, to decide what {n} cannot): {pnote}; " + note)
        # The paper states a size as well as a direction (23.5 -> 21.0; 10.2 -> 9.72), so "reduced" is read both
        # ways. The size reading was added after a review had seen the pooled result (direction only before).
        col_i = 1 if stat == "mean" else 2
        paper_diff = TABLE1_PAPER["sbc_k04"][col_i] - TABLE1_PAPER["sbc"][col_i]
        se_ours = _boot_se(p if p is not None else s, f"boot_{stat}_k04_minus_sbc")
        # the paper's own 200 splits carry the sampling error of ours on 200 splits (same protocol)
        se_paper = _boot_se(s, f"boot_{stat}_k04_minus_sbc")
        half = z * math.hypot(se_ours, se_paper)
        size_known = math.isfinite(half) and math.isfinite(value)
        half = half if size_known else 0.0  # no bootstrap: the size reading cannot decide
        ok = ok and math.isfinite(value)
        direction = Reading("direction: kappa = 0.4 lowers it (difference <= 0)", value, upper=0.0, decidable=ok)
        note = note + f"; at T + 1 ({n} splits): {t1:.2f}; damped BP (ours): {damped:.2f}"
        # Registered, with the first result: the direction alone, '[-inf, 0]'. The mean's (fde117a) read the sign
        # alone, no noise margin: no change at all passes it, and a fall that is noise half the time
        # (PROOF_K04_MEAN_SIGN), so its revision decides. The SD's (5b6cbe6) was decided by the bootstrap over
        # splits, as the direction reading is now: no change leaves it undecided and no trivial answer passes it, so
        # its revision has no proof and it decides.
        if stat == "mean":
            reg = rec.within(claim, paper_says, value, upper=0.0, decidable=math.isfinite(value),
                             note=note + "; registered reading (fde117a): the sign alone, no noise margin")
        else:
            reg = rec.within(claim, paper_says, value, upper=0.0, decidable=ok,
                             note=note + "; registered reading (5b6cbe6): the direction, decided by the bootstrap "
                                         "over splits")
        # Revisions: ea97a50 read "reduced" also as the paper's stated size (23.5 -> 21.0; 10.2 -> 9.72); bc7030f
        # (issue 36) cut that size band, which for the SD (-0.48 +- 0.97) admitted 0, at z of our own standard errors
        # below 0. The current reading, both.
        cap = -z * se_ours if math.isfinite(se_ours) else 0.0
        rev = rec.wording(claim, paper_says, [direction, Reading(
            f"size: the paper's difference {paper_diff:.2f} within {z:g} combined standard errors "
            f"(ours {se_ours:.2f}, the paper's 200 splits {se_paper:.2f}), and below 0 by {z:g} of ours",
            value, lower=paper_diff - half, upper=min(paper_diff + half, cap), decidable=size_known)], note=note)
        if stat == "mean":
            rec.revise(reg, rev, THIS_REVISION, "fde117a judged the fall on its sign alone, with the first result "
                       "(no change passes it, and a fall that is noise half the time); cbb6bac decided the direction "
                       "by the bootstrap over splits, ea97a50 added the paper's size, bc7030f cut the size band at "
                       f"{z:g} of our standard errors below 0 (issue 36)", proof=PROOF_K04_MEAN_SIGN)
        else:
            rec.revise(reg, rev, THIS_REVISION, "5b6cbe6 judged the direction alone (decided by the bootstrap over "
                       "splits), with the first result; ea97a50 added the paper's size after the pooled result, "
                       f"bc7030f cut the size band, which admitted 0, at {z:g} of our standard errors below 0 (issue "
                       "36); no trivial answer passes the registered direction (no change leaves it undecided), so no "
                       "proof: it decides")

    # Whitened row: the paper's BP at T. Registered (cbb6bac; baseline: results known): judged on the tie rule whose
    # mean lands closest to the paper's, picked for each build after its numbers, an exception for this one row that
    # leans towards a pass. Revised (issue 41 review): the configured tie rule, as the table row and every other SBC
    # row; the other rule is the uk_tie_first variant's, judged by protocol rule 5. No proof (protocol rule 1): the
    # closest rule's verdict is always one of the two fixed rules' own verdicts, so it passes nothing that fails under
    # both (tests/test_uk_claims.py), and no trivial answer passes it; the registered verdict decides, the revision is
    # shown beside.
    label, pm, psd = TABLE1_PAPER["white"]
    by_c = ", ".join(f"C = {c:g}: {e:.1f}%" for c, e in zip(np.asarray(s["C_grid"]), np.asarray(s["white_mean_by_C"])))
    rule, rules = col["tie_rule"], ("last", "first")
    best = min(rules, key=lambda r: abs(float(s[f"mean_white_{r}"]) - pm))
    arms_note = (f"last {float(s['mean_white_last']):.2f} / {float(s['sd_white_last']):.2f}, first "
                 f"{float(s['mean_white_first']):.2f} / {float(s['sd_white_first']):.2f}; damped BP (ours) "
                 f"{float(s['mean_white_damped']):.2f}")
    reg_note = f"registered reading: the tie rule closest to the paper, '{best}' ({arms_note})"
    rev_note = (f"tie rule '{rule}' (configured: the table row and every SBC row; the other rule is the uk_tie_first "
                f"variant's, protocol rule 5); " + reg_note)
    why = (f"the tie rule closest to the paper was picked after the numbers, for this row only (issue 41 review): read "
           f"under the configured tie rule '{rule}', the other rule being the uk_tie_first variant's (protocol rule 5)")
    for stat, paper_v, tol, what in (("mean", pm, tol_mean, "standard errors"),
                                     ("sd", psd, tol_sd, "standard errors of the two SDs")):
        text = f"{label}: {'mean test error' if stat == 'mean' else 'SD of the test error'} (%)"
        tail = unproven(WHITE_WHY.format(by_c=by_c)) if stat == "mean" else ""
        judged = []
        for r, note in ((best, reg_note), (rule, rev_note)):
            wm, wsd = float(s[f"mean_white_{r}"]), float(s[f"sd_white_{r}"])
            judged.append(rec.close(text, f"{paper_v:g}", wm if stat == "mean" else wsd, paper_v,
                                    atol=tol(psd, wsd), note=f"tolerance {z:g} combined {what}; {note}" + tail))
        rec.revise(*judged, WHITE_TIE_REVISION, why)
    ok, bnote = boot_decidable(s, "boot_mean_white_minus_k04", lev)
    rec.within("mean error of SBC on whitened data (kappa = 0.4) minus SBC at kappa = 0.4 (%)",
               "for the whitened data the average generalization error of the SBC was reduced to 16.3",
               float(s["mean_white"] - s["mean_sbc_k04"]), upper=0.0, decidable=ok,
               note=f"{bnote}; tie rule '{col['tie_rule']}'" + unproven(WHITE_WHY.format(by_c=by_c)))
    if "white_rank" in s:
        c = rec.close("dimension of a whitening of the 62 centred tissues with (1/M) sum x_i x_j = delta_ij",
                      "the dimensionality is reduced from N = 2000 to M = 62 ... so that (1/M) sum x^mu = 0 and "
                      "(1/M) sum x_i^mu x_j^mu = delta_ij hold in the reduced space", float(s["white_rank"]), 62.0,
                      atol=RANK_ATOL, note="rank of the centred 62 x 2000 data (numerical rank, SVD)")
        if c.verdict == "fail":
            rec.explain(c, FINDING_WHITE, test=FINDING_WHITE_TEST)

    # Ours: the damped arm (never decides the paper's claims).
    rec.within("damped BP (ours): SBC minus SBL, mean error (%)", "-",
               float(s["mean_sbc_damped"] - s["mean_sbl"]), upper=0.0, kind="ours",
               note=f"damped, converged BP; sign test {int(s['sign_less_damped'])} / {int(s['sign_equal_damped'])} / "
                    f"{int(s['sign_greater_damped'])}, z = {float(s['sign_z_damped']):.2f}")
    rec.within("damped BP (ours) minus the paper's BP: mean error of SBC (%)", "-",
               float(s["mean_sbc_damped"] - s["mean_sbc"]), upper=0.0, kind="ours",
               note="what damping to convergence buys over the paper's fixed-T undamped algorithm on the same splits")
    rec.note("majority_baseline_pct", {"mean": round(maj, 3), "sd": round(float(s["sd_majority"]), 3)})
    rec.note("fda_variants_pct", {v: {"mean": round(float(m), 3), "sd": round(float(sd), 3)}
                                  for v, m, sd in zip(names, fm, fsd)})
    rec.note("white_by_C_pct", {f"{c:g}": round(float(e), 3) for c, e in zip(np.asarray(s["C_grid"]),
                                                                          np.asarray(s["white_mean_by_C"]))})
    rec.note("paper_bp_share_selected_nonconverged", {"T": round(float(s["share_selected_nonconverged"]), 3),
                                                      "T+1": round(float(s["share_selected_nonconverged_T1"]), 3)})
    rec.note("paper_bp_T", T)
    rec.note("sbl_genes_median", float(np.median(s["sbl_n_genes"])))
    rec.note("nonconverged_bp_runs_damped", int(s["nonconverged_runs_damped"]))
    rec.note("n_splits", n)
    rec.note("class_counts", "40 tumour / 22 normal in Colon.rda; the paper's '20 normal and 42 cancerous' mirrors "
                             "the 42/20 split sizes")
    return rec
