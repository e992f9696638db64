"""The claims of Sollich & Halees 2002, one pure function per figure: from the loaded
cached results (plain dicts of arrays, as the figure modules load them) and the paper's configuration section to a
ClaimsRecord.

No drawing here and no reading of files: each figure module's ``make`` loads, builds its plotted table, draws and
calls its function below, so every verdict can be unit-tested on small hand-made inputs (tests/test_sh_claims.py).
The readings and tolerances that are ours (what "difference in roughness", "essentially its prior value", "quite
close" ... are read as) come from the ``claims:`` section of the configuration (schema-checked,
workflow/schemas/sollich_halees.schema.yaml); numbers the paper states are constants below, each with its sentence.
"""

from __future__ import annotations

import numpy as np

from statmech_bayes.figures.sollich_halees import PAPER
from statmech_bayes.figures.sollich_halees.common import (
    KNOWN,
    LN10,
    REVISED_7BE0D56,
    SINGLE_QUOTE,
    UC_SUSPECTED,
    _ranges,
    closer_readings,
    exact_n1_claim,
    gap_readings,
    gap_table,
    log_gap,
    loose_claim,
    numerical_tol,
    panel_curves,
    sigma_index,
    sim_stats,
    standard_claims,
)
from statmech_bayes.reporting.claims import OURS, RELATION, SETUP, UNSTATED, WORDING, ClaimsRecord, Reading

# Sec. 6 (Fig. 8): "Its absolute value is of the order of 1% of eps_LC or less".
FIG8_EPS1_PAPER = 0.01
# An order of magnitude on a log scale: a value rounds to a power of ten within half a decade (Figs 2, 8).
HALF_DECADE = 10 ** 0.5
# Fig. 2's registered reading of "of order sigma^2" (0872fb8, with its first result): the x-average of eps(x,D) between
# sigma^2/20 and sigma^2.
FIG2_ORDER_REGISTERED = (0.05, 1.0)
# Exact relations between exact curves: the margin of double-precision round-off, not a tolerance.
ROUNDOFF = 1e-12
# Fig. 2: "sufficiently far away from each other": the dent claims are judged when the n_small inputs are at
# least 3 l apart, where the other input's residual influence is within dent_rtol (the note of those claims).
DENT_APART = 3.0
# Fig. 10 caption: "Note that for a given n, the curves become closer for lower sigma^2".
CLOSER = "Note that for a given n, the curves become closer for lower sigma^2"
FIG10_STRICT = ("0 n where ln(Degmin/Pl) at the lower sigma2 is not below that at the higher one (n where the curves "
                "coincide at both noise levels left out)")
# The proofs of the revisions that decide (protocol rule 1, docs/protocol.md): each names the test that feeds a
# trivial or certainly wrong answer to the claims function and shows the registered reading passing it while the
# revised one does not. The other revisions of this paper (Figs 2, 3, 6, 8) have no proof: their registered reading
# decides and the revision is shown beside it.
_TESTS = "tests/test_sh_claims.py::"
PROOF_FIG9_UC = _TESTS + "test_fig9_uc_equal_to_deg_passes_the_registered_reading"
PROOF_FIG10_CLOSER = _TESTS + "test_fig10_closer_rejects_the_trivial_same_ratio_answer"
# Issue 44: Fig 10's "closer for lower sigma^2" on rbf4 at the pair 0.001 / 0.05, the paper's error (its caption
# states the sigma^2 -> 0 asymptote as a property of every n), proven by tests/test_findings.py.
FINDING_FIG10_CASE = ("rbf4", 0.001, 0.05)
FINDING_FIG10_TEST = "test_sh_fig10_closer_for_lower_noise_only_below_the_gap_maximum"


def finding_fig10(n0: int) -> str:
    """The Fig. 10 finding's text; ``n0``: the first n of the claim's data from which the lower noise level is
    farther apart at every n. The text holds no number the claim's data do not give: the onset c n of the large-noise
    regime (c = T sqrt(lam_2)/(sqrt(lam_1) - sqrt(lam_2)) from the spectrum) is the finding's test's."""
    return ("the caption states an asymptote as a property of every n: ln(Degmin/Pl) vanishes both as sigma^2 -> 0 "
            "and for sigma^2 of order n and above (Plaskota then puts everything on the top eigenvalue, which one data set "
            "attains), so at each n it peaks at an interior sigma^2; for rbf4 that peak falls below 0.001 as n grows, "
            f"and the pair 0.001 / 0.05 straddles it from n = {n0} on (gauss4's peak stays above 0.05)")

# Issue 44: Fig 3's "rather loose" / "far from tight" where the bound stays within the factor 2 of the registered
# reading over the whole range shown, with the gap largest at its end: the paper's words against its own range of n,
# proven by tests/test_findings.py (ou1's TWO, ou2's Plaskota and TWO). A finding is judged on the deciding reading;
# the visible revision shown beside it (which passes on ou1's TWO and ou2's Plaskota) does not withhold it
# (docs/protocol.md, "Findings and what counts").
FINDING_FIG3_CASES = {("ou1", "TWO"), ("ou2", "Pl"), ("ou2", "TWO")}
FINDING_FIG3_TEST = "test_sh_fig3_ou_bounds_within_a_factor_2_over_the_range_shown"
_EXACT_AT = {"TWO": "TWO, exact at n = 0 and 1,", "Pl": "the Plaskota bound, exact at n = 0,"}


def finding_fig3(bound: str, d: int, n_max: int, sim_drop: float, factor: float) -> str:
    """The Fig. 3 finding's text from the claim's data: the bound, the panel's input dimension, the last n shown,
    Sim there over Sim at n = 0, and the largest factor between the bound and Sim."""
    return (f"over the range shown (n <= {n_max}) the d = {d} OU curve stays in its initial regime (Sim falls only to "
            f"{sim_drop:.2g} of its start): {_EXACT_AT[bound]} leaves Sim only as Sim falls, so the gap grows with n "
            f"and is largest at the last n, a factor {factor:.3g}, inside the registered factor 2; with the RBF "
            "kernel in the same setting the bounds miss Sim by far more (the test's control)")


# Issue 44: "the LC approximation performs best", false under both readings (worst and mean gap over n), proven by
# tests/test_findings.py: Gaussian inputs (gauss1) under both, the OU panel ou1 on the mean.
FINDING_LC_BEST_PANELS = ("gauss1/0.05", "ou1/0.05")     # the panels the test covers; gauss1 fails both readings
FINDING_LC_BEST_TEST = "test_sh_lc_not_best_under_either_gap_reading"
FINDING_LC_BEST = ("UC, not LC, is the closer approximation under both readings of 'best' with Gaussian inputs "
                   "(Fig. 6: LC closes its self-consistency with one global eps while the tails of the input density "
                   "stay unlearned) and on the mean over n on Fig. 3's ou1: over n <= 300 the OU curve stays in its "
                   "initial regime, where for this rough kernel the exact curve (noise-free: the OU bridge, in closed "
                   "form) lies nearer UC, LC becoming the nearer only beyond the range shown; with the RBF kernel on uniform "
                   "inputs (Fig. 4) LC is closer under both readings")


# ------------------------------------------------------------------------------- Fig 1: prior samples

def increments(F: np.ndarray) -> np.ndarray:
    """Mean squared increment between grid neighbours (both directions), per sample."""
    return 0.5 * ((np.diff(F, axis=1) ** 2).mean(axis=(1, 2)) + (np.diff(F, axis=2) ** 2).mean(axis=(1, 2)))


def extrema(F: np.ndarray) -> np.ndarray:
    """Fraction of interior grid points that are a local extremum along their row or column (the increments on
    either side change sign), averaged over both directions, per sample."""
    out = 0.0
    for ax in (1, 2):
        d = np.diff(F, axis=ax)
        turn = np.take(d, np.arange(d.shape[ax] - 1), axis=ax) * np.take(d, np.arange(1, d.shape[ax]), axis=ax) < 0
        out = out + 0.5 * turn.mean(axis=(1, 2))
    return out


def expected_spatial_variance(kernel: str, l: float, g: np.ndarray) -> float:
    """``E[mean_i θ_i² - (mean_i θ_i)²] = 1 - mean_ij C(x_i, x_j)`` over the grid points (prior variance 1)."""
    if kernel == "rbf":  # separable: the mean over the tensor grid is the square of the 1-D mean
        return float(1.0 - np.exp(-((g[:, None] - g[None, :]) ** 2) / (2 * l * l)).mean() ** 2)
    X1, X2 = np.meshgrid(g, g, indexing="ij")
    P = np.stack([X1.ravel(), X2.ravel()], axis=1)
    total = 0.0
    for i in range(0, P.shape[0], 512):  # blocks keep the G^2 x G^2 distance matrix out of memory
        D = np.sqrt(((P[i:i + 512, None, :] - P[None, :, :]) ** 2).sum(-1))
        total += np.exp(-D / l).sum()
    return float(1.0 - total / P.shape[0] ** 2)


def fig1_claims(data: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 1: ``data`` holds the grid and the OU and RBF prior samples (``ou_samples``, ``rbf_samples``: samples x
    grid x grid); the samples' increments and spatial variance against the priors, and "Note the difference in
    roughness of the two functions"."""
    g, l = data["grid"], float(cfg["fig1"]["l"])
    h = float(g[1] - g[0])
    rec = ClaimsRecord("sollich_halees/fig1", PAPER)
    k = float(cfg["claims"]["se_factor"])
    rough = float(cfg["claims"]["rough_ratio"])
    expected = {"ou": 2 * (1 - np.exp(-h / l)), "rbf": 2 * (1 - np.exp(-h * h / (2 * l * l)))}
    formula = {"ou": r"C(x,x') = exp(-|x-x'|/l)", "rbf": r"C(x,x') = exp(-|x-x'|^2/(2 l^2))"}
    inc, ext = {}, {}
    # Issue 37: one sample has no standard error, so no claim judged with one can be decided (never a vacuous fail)
    sizes = {int(data[f"{kern}_samples"].shape[0]) for kern in ("ou", "rbf")}
    many = min(sizes) > 1
    one = {} if many else dict(decidable=False, remedy=f"{min(sizes)} sample(s): no standard error; at least 2 "
                                                       "samples of each prior decide it (fig1 n_samples, 20 by "
                                                       "default, seconds of CPU)")
    for kern in ("ou", "rbf"):
        F = data[f"{kern}_samples"]
        S = F.shape[0]
        var = F.reshape(S, -1).var(axis=1)     # spatial variance of each sample around its own mean
        vm, vse = var.mean(), (var.std(ddof=1) / np.sqrt(S) if S > 1 else float("nan"))
        inc[kern], ext[kern] = increments(F), extrema(F)
        im, ise = inc[kern].mean(), (inc[kern].std(ddof=1) / np.sqrt(S) if S > 1 else float("nan"))
        rec.close(f"{kern}: mean squared increment between grid neighbours (h = {h:g}), mean of {S} samples",
                  f"prior {formula[kern]}: E[(theta(x+h)-theta(x))^2] = 2(1 - C(h))", im, float(expected[kern]),
                  atol=k * ise, note=f"SE over samples = {ise:.2g}; a set-up fact (issue 36): true of any sample of the "
                                     "stated prior, the paper states no number", kind=SETUP, **one)
        ev = expected_spatial_variance(kern, l, g)
        rec.close(f"{kern}: spatial variance of a sample over the grid, mean of {S} samples",
                  "prior variance C(x,x) = 1: E[spatial variance] = 1 - mean of C over all grid pairs", vm, ev,
                  atol=k * vse, note=f"SE = {vse:.2g}; each sample's own mean absorbs {1 - ev:.3f}; a set-up fact "
                                     "(issue 36): true of any sample of the stated prior", kind=SETUP, **one)
    # "Note the difference in roughness of the two functions": a marked difference, OU the rougher, read as a
    # factor >= rough_ratio (3) in two measures of roughness: the mean squared neighbour increment (the size of the
    # jumps between neighbouring grid values) and the density of local extrema along grid lines (how often the
    # surface turns). Undecidable when k standard errors (over samples) could carry the ratio across it.
    readings = []
    for reads, q in (("mean squared neighbour increment", inc), ("density of local extrema along grid lines", ext)):
        a, b = q["ou"], q["rbf"]
        am, bm = max(float(a.mean()), 1e-12), max(float(b.mean()), 1e-12)   # a flat sample set: no division by 0
        r = am / bm
        if not many:
            readings.append(Reading(f"{reads}: OU / RBF", r, lower=rough, decidable=False))
            continue
        unc = k * r * float(np.hypot(a.std(ddof=1) / am, b.std(ddof=1) / bm) / np.sqrt(a.size))
        readings.append(Reading(f"{reads}: OU / RBF", r, lower=rough, decidable=bool(abs(r - rough) > unc)))
    rec.wording("roughness: OU / RBF", "Note the difference in roughness of the two functions; this is related to "
                "the behaviour of the covariance functions for x -> x'", readings,
                note=f"increment ratio expected {expected['ou'] / expected['rbf']:.3g} from the kernels; OU is "
                     "non-differentiable (increment ~ h), RBF smooth (~ h^2)"
                     + ("" if many else "; undecidable: one sample has no standard error"),
                remedy=one.get("remedy", ""))
    return rec


# ------------------------------------------------------------------------------- Fig 2: posterior variance

def fig2_claims(d: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 2: ``d`` holds the grid ``x``, the training inputs ``x_train`` and the posterior variance after the
    first n_small (``eps_small``) and n_large (``eps_large``) of them; the dents of depth sigma^2/(1 + sigma^2), the
    prior value away from them, and eps of order sigma^2 once the dents cover the input space."""
    f2, cl = cfg["fig2"], cfg["claims"]
    s2, l = float(f2["sigma2"]), float(f2["l"])
    n_small, n_large = (int(v) for v in f2["n"])
    x, e_s, e_l, X = d["x"], d["eps_small"], d["eps_large"], d["x_train"]
    dent_rtol, floor, far_l = float(cl["dent_rtol"]), float(cl["prior_floor"]), float(cl["far_over_l"])
    rec = ClaimsRecord("sollich_halees/fig2", PAPER)
    depth = s2 / (1 + s2)
    x2 = np.sort(X[:n_small])
    sep = float(np.diff(x2).min()) if n_small > 1 else np.inf
    # Issue 37: the paper's own training inputs are not stated, so a draw can leave a statement nothing to be
    # judged on (two inputs closer than the "sufficiently far away" of the text, no x farther than far_over_l l
    # from both); such a selection gives an inconclusive claim (unstated setup) with its reason, never a crash.
    apart = sep >= DENT_APART * l
    for xi in x2:
        near = np.abs(x - xi) < l
        ok = bool(near.any()) and apart
        why = "" if ok else ("; undecidable for this draw: " + (
            "no grid point within l of the input" if not near.any() else
            f"the inputs are {sep / l:.2f} l apart (< {DENT_APART:g} l), not the sufficiently separated inputs the "
            "text assumes"))
        rec.close(f"n={n_small}: minimum of eps(x,D) in the dent at x_i = {xi:.3f}",
                  "at the centre of each dent it is reduced to a much smaller value, eps(x,D) ~ sigma^2/(1 + sigma^2) "
                  "(this approximation holds as long as the different training inputs are sufficiently far away from "
                  "each other)",
                  float(e_s[near].min()) if near.any() else float("nan"), depth, rtol=dent_rtol,
                  note=f"separation of the {n_small} points: {sep:.3f} = {sep / l:.2f} l; {dent_rtol:.0%} = the grid "
                       "and the other point's residual influence at > 3 l" + why,
                  decidable=ok, undecided=UNSTATED)
    far = (np.min(np.abs(x[:, None] - x2[None, :]), axis=1) > far_l * l) if x2.size else np.ones(x.size, bool)
    rec.within(f"n={n_small}: smallest eps(x,D) farther than {far_l:g} l from every training input",
               "Outside the dents, eps(x,D) still has essentially its prior value, eps(x,D) = 1",
               float(e_s[far].min()) if far.any() else float("nan"), lower=floor,
               note=f"{far.mean() if far.size else 0.0:.0%} of [0,1] is farther than {far_l:g} l"
                    + ("" if far.any() else f"; undecidable for this draw: no x in [0, 1] is farther than {far_l:g} l "
                       f"from every one of the {n_small} training inputs (the paper's inputs are not stated)"),
               decidable=bool(far.any()), undecided=UNSTATED)
    has = bool(np.size(e_l))       # an empty grid decides nothing (issue 37): inconclusive, never a crash
    rec.within(f"n={n_large}: max over x of eps(x,D) / sigma^2", "the plot on the left actually also includes the "
               "results for n = 100, just visible below the dashed line at eps(x,D) = sigma^2",
               float(e_l.max() / s2) if has else float("nan"), upper=1.0, kind=RELATION, decidable=has,
               undecided=UNSTATED)
    # "of order sigma^2": the same order of magnitude, read as within one decade of sigma^2 and as rounding to
    # the same power of ten (within half a decade)
    r = float(e_l.mean() / s2) if has else float("nan")
    text = f"n={n_large}: x-average of eps(x,D) / sigma^2"
    says = ("the covariance dents will cover the input space, so that eps(x,D) and eps(D) become of order sigma^2; "
            "this situation is shown on the right of Figure 2")
    note = f"max over x of eps(x,D) / sigma^2 = {e_l.max() / s2 if has else float('nan'):.3g}"
    # Protocol rule 1: the registered reading, judged with the first result (0872fb8), is 'of order sigma^2' read as
    # between sigma^2/20 and sigma^2; 7be0d56 re-read it as two decade readings after that result. No trivial answer
    # passes the registered range (the prior, eps = 1, gives 1/sigma^2 = 20 at sigma^2 = 0.05; a posterior that has
    # learned everything, eps = 0, gives 0; tests/test_sh_claims.py checks both), so it has no proof: it decides.
    registered = rec.within(text, says, r, lower=FIG2_ORDER_REGISTERED[0], upper=FIG2_ORDER_REGISTERED[1],
                            decidable=has, undecided=UNSTATED,
                            note=note + "; registered reading (0872fb8): 'of order sigma^2' read as between sigma^2/20 "
                                        "and sigma^2")
    revised = rec.wording(text, says,
                          [Reading("within a decade", r, lower=0.1, upper=10.0, decidable=has, undecided=UNSTATED),
                           Reading("within half a decade", r, lower=1 / HALF_DECADE, upper=HALF_DECADE, decidable=has,
                                   undecided=UNSTATED)],
                          note=note)
    rec.revise(registered, revised, REVISED_7BE0D56, "7be0d56 re-read 'of order sigma^2' as two readings (within a "
               "decade, within half a decade) after the registered range [sigma^2/20, sigma^2] had been judged with "
               "the first result (0872fb8); no trivial answer passes the registered range, so no proof: it decides")
    return rec


# ------------------------------------------------------------------------------- Fig 8: the correction eps_1

def fig8_claims(th: dict, sm: dict, s2: float, cfg: dict) -> ClaimsRecord:
    """Fig. 8: ``th`` and ``sm`` are the theory and simulations of the plotted scenario (noise levels indexed by
    ``sigma2``, curves ``LC``, ``eps1`` and simulated ``eps``: noise level x data set x n), ``s2`` the noise level
    shown; eps_1 (eq. 28) negative and of the order of 1 % of eps_LC, and LC1 still above the true curve."""
    i = sigma_index(th, s2)
    n, lc, e1 = th["n"], th["LC"][i], th["eps1"][i]
    rec = ClaimsRecord("sollich_halees/fig8", PAPER)
    some = n.size > 1             # no n >= 1 decides nothing (issue 37): inconclusive, never a crash
    top = float(e1[1:].max()) if some else float("nan")
    rec.within("largest eps_1 over 1 <= n <= n_max", "It can also be shown that eps_1 < 0 for all nonzero n",
               top, upper=-np.finfo(float).tiny, note=f"strictly negative: max = {top:.3g}", decidable=some,
               undecided=UNSTATED)
    r = (np.abs(e1) / lc)[1:]
    rel = float(r.max()) if some else float("nan")
    # "of the order of 1% of eps_LC or less": read as the number written (at most 1 %) and as its order of
    # magnitude (rounds to 1 % on a log scale: at most 10^0.5 %)
    # Protocol rule 1: the registered reading, judged with the first result (0872fb8), is the number written, at
    # most 1 %; 7be0d56 added the order-of-magnitude reading after that result. eps_1 = 0 passes the registered
    # reading, but the paper's 'or less' admits it and the revision passes it too (its sign is the claim above), so
    # no test shows the registered reading defective: it decides, the revision is shown beside it.
    text8, says8 = "max over n of |eps_1| / eps_LC", "Its absolute value is of the order of 1% of eps_LC or less"
    where = f"largest at n = {int(n[1:][np.argmax(r)]) if some else 'none'}"
    registered = rec.within(text8, says8, rel, upper=FIG8_EPS1_PAPER, decidable=some, undecided=UNSTATED,
                            note=where + "; registered reading (0872fb8): at most 1 %")
    revised = rec.wording(text8, says8,
                          [Reading("at most 1 %", rel, upper=FIG8_EPS1_PAPER, decidable=some, undecided=UNSTATED),
                           Reading("order of magnitude: at most 10^0.5 %", rel, upper=FIG8_EPS1_PAPER * HALF_DECADE,
                                   decidable=some, undecided=UNSTATED)],
                          note=where)
    rec.revise(registered, revised, REVISED_7BE0D56, "7be0d56 added the order-of-magnitude reading (at most 10^0.5 %) "
               "after the registered 'at most 1 %' had been judged with the first result (0872fb8); no test shows the "
               "registered reading defective, so no proof: it decides")
    m, se = sim_stats(sm["eps"][sigma_index(sm, s2)])
    k = float(cfg["claims"]["se_factor"])
    # "still significantly above the true learning curve for small n": read statistically (more than k SE
    # of Sim) and visibly (a relative gap above dip_rtol, the gap the bracketing claims take as invisible on
    # the paper's log axes); the visible reading is undecidable within k relative SE of its limit
    lc1 = lc + e1
    z = (lc1 - m) / se.clip(min=1e-300)
    gap = (lc1 - m) / lc1
    j = int(np.argmax(gap[1:])) + 1 if some else 0
    dip = float(cfg["claims"]["dip_rtol"])
    text = "LC1 = LC + eps_1 still above Sim at small n"
    says = ("eps_LC1 would lie essentially on top of the one for eps_LC, and so still be significantly above the true "
            "learning curve for small n")
    sets = int(sm["eps"].shape[1])
    ok = sets > 1 and n.size > 1            # one data set has no standard error (issue 37)
    visible_ok = ok and bool(abs(gap[j] - dip) > k * se[j] / lc1[j])
    need = (k * se[j] / lc1[j] / max(abs(gap[j] - dip), 1e-300)) ** 2 if ok else float("nan")
    note = (f"(LC1 - Sim)/SE largest at n = {int(n[1:][np.argmax(z[1:])]) if some else 'none'}, relative gap at "
            f"n = {int(n[j])}; {sets} data sets")
    remedy = (f"the visible reading is decided when k SE of Sim at n = {int(n[j])} fall below |gap - dip_rtol| = "
              f"{abs(gap[j] - dip):.2g}: about {need:.0f}x the data sets ({need * sets:.3g}; sh_sims of this "
              "scenario scales linearly in them)") if not visible_ok else ""
    # Protocol rule 1: the registered reading, before 7be0d56, is the statistical one alone; 7be0d56 added the
    # visible one after that result was seen. No test shows the statistical reading defective (LC1 = Sim fails it;
    # a gap read statistically rather than by eye is a reading, not a bug), so it decides and the revision with both
    # readings is shown beside it.
    registered = rec.within(text, says, float(z[1:].max()) if ok else float("nan"), lower=k, kind=WORDING,
                            decidable=ok, note=note, remedy=remedy)
    revised = rec.wording(text, says,
                          [Reading("statistically: max over n of (LC1 - Sim)/SE",
                                   float(z[1:].max()) if ok else float("nan"), lower=k,
                                   decidable=ok),
                           Reading("visibly: max over n of (LC1 - Sim)/LC1", float(gap[j]), lower=dip,
                                   decidable=visible_ok)],
                          note=note + (f"; {remedy}" if remedy else ""), remedy=remedy)
    rec.revise(registered, revised, REVISED_7BE0D56, "the visible reading (relative gap >= dip_rtol) was added after "
           "the statistical reading's result was seen (issue 34, rule 1); no proof: the registered reading decides")
    return rec


# ------------------------------------------------------------------------------- Fig 10: Plaskota vs min_D eps(D)

def fig10_claims(deg: dict, sims: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 10: ``deg`` holds, for each scenario and noise level of ``cfg["fig10"]``, the Plaskota bound
    (``fig10_<sc>_pl_<s2>``) and the lowest error of a single data set in the degenerate scenario (eq. 32,
    ``fig10_<sc>_degmin_<s2>``) over ``n``, and the sigma^2 -> 0 gap ``fig10_<sc>_limit_maxgap``; ``sims`` maps each
    scenario to its simulations (the average case the single-data-set gap is compared with)."""
    f10, cl = cfg["fig10"], cfg["claims"]
    n = deg["n"]
    rec = ClaimsRecord("sollich_halees/fig10", PAPER)
    gaps, abs_gaps = {}, {}
    for sc in f10["scenarios"]:
        for s2 in f10["sigma2"]:
            pl, dm = deg[f"fig10_{sc}_pl_{s2:g}"], deg[f"fig10_{sc}_degmin_{s2:g}"]
            rec.within(f"{sc}, sigma2={s2:g}: min over n of Degmin - Pl", SINGLE_QUOTE, float((dm - pl).min()),
                       lower=-ROUNDOFF, kind=RELATION, known=KNOWN["Pl"])
            gaps[(sc, s2)] = np.log(dm[1:] / pl[1:])
            abs_gaps[(sc, s2)] = dm[1:] - pl[1:]
        # "for a given n, the curves become closer for lower sigma^2": "closer" on the (inferred, spec A1) log
        # axis is the ratio Degmin/Pl, on a linear reading the difference Degmin - Pl; both at every n, as the
        # caption says "for a given n". Both curves are exact: no statistical error. (The registered reading.)
        lo_s2, hi_s2 = min(f10["sigma2"]), max(f10["sigma2"])
        worse = n[1:][gaps[(sc, lo_s2)] > gaps[(sc, hi_s2)] + ROUNDOFF]
        worse_abs = n[1:][abs_gaps[(sc, lo_s2)] > abs_gaps[(sc, hi_s2)] + 1e-15]
        text = (f"{sc}: for each n the curves are closer at sigma2={lo_s2:g} than at {hi_s2:g}: number of n in "
                f"1..{int(n[-1])} where they are farther apart at the lower sigma2")
        note = (f"max ln(Degmin/Pl): {gaps[(sc, hi_s2)].max() if n.size > 1 else float('nan'):.3g} "
                f"(sigma2={hi_s2:g}), {gaps[(sc, lo_s2)].max() if n.size > 1 else float('nan'):.3g} "
                f"(sigma2={lo_s2:g}); farther apart at the lower sigma2 at n = {_ranges(worse)} (ratio), "
                f"{_ranges(worse_abs)} (absolute gap). Our measurement: this spectrum's large degenerate eigenvalue "
                "blocks can keep the single-data-set minimum above Plaskota at the lower noise level (they merge as "
                "sigma2 -> 0, next claim); the paper's noise levels for this figure are not stated (spec A6)")
        decided = n.size > 1      # no n >= 1: nothing to compare (issue 37)
        registered = rec.wording(text, CLOSER, [
            Reading("ratio: ln(Degmin/Pl)", float(worse.size), upper=0.0, decidable=decided, undecided=UNSTATED),
            Reading("absolute gap: Degmin - Pl", float(worse_abs.size), upper=0.0, decidable=decided,
                    undecided=UNSTATED)], note=note)
        # Revision (issue 34, rule 4): the absolute gap Degmin - Pl shrinks with eps itself as sigma^2 falls, so a
        # trivial answer (the same ratio Degmin/Pl at both noise levels, curves no closer on the log axes the
        # project reads every curve by) passes it; and "no n farther apart" passes that same answer under the
        # ratio reading, as it passes identical curves at both noise levels. Revised: the log-axis ratio, strictly
        # closer at every n (the n where the two curves coincide at both noise levels, e.g. n = 1, have nothing to
        # be closer and are left out). Proven (protocol rule 1, PROOF_FIG10_CLOSER): the revised reading decides.
        lo_g, hi_g = gaps[(sc, lo_s2)], gaps[(sc, hi_s2)]
        both = (np.abs(lo_g) <= ROUNDOFF) & (np.abs(hi_g) <= ROUNDOFF)
        not_closer = n[1:][~both & (lo_g >= hi_g - ROUNDOFF)]
        revised = rec.holds(text, CLOSER, float(not_closer.size), not_closer.size == 0, FIG10_STRICT,
                            note=f"not strictly closer at n = {_ranges(not_closer)}; coinciding at both noise levels "
                                 f"at n = {_ranges(n[1:][both])}; " + note,
                            kind=WORDING, decidable=decided and bool((~both).any()), undecided=UNSTATED)
        merged = rec.revise(registered, revised, "bc7030f", "the absolute-gap reading passes a trivial answer (the same "
                            "ratio at both noise levels, Pl lower at the lower sigma2), and 'no n farther apart' passes "
                            "that answer under the ratio too (issue 34, rule 4): the log-axis ratio, strictly closer at "
                            "every n", proof=PROOF_FIG10_CLOSER)
        # the finding's pattern: closer at small n, farther apart at every n from some n0 on (the gap's peak in
        # sigma^2 falls with n and passes 0.001); not curves that are no closer anywhere
        compared = n[1:][~both]
        tail = (not_closer.size > 0 and compared.size > not_closer.size
                and np.array_equal(not_closer, compared[compared.size - not_closer.size:]))
        if merged.verdict == "fail" and (sc, lo_s2, hi_s2) == FINDING_FIG10_CASE and tail:
            rec.explain(merged, finding_fig10(int(not_closer[0])), test=FINDING_FIG10_TEST)
        lim = float(deg[f"fig10_{sc}_limit_maxgap"])
        rec.within(f"{sc}: sigma2 -> 0: max over n of Degmin/Pl - 1 at sigma2={float(deg['sigma2_limit']):g}",
                   "for sigma^2 -> 0 the Plaskota bound can be saturated for a specific data set", lim,
                   upper=float(cl["limit_rtol"]), note="both reduce to MW (n_alpha = 1 for the top n eigenvalues)")
    # "quite close": read against how loose Plaskota is as a bound on the average learning curve (Sim of
    # Figs 5 and 7, same spectra and noise levels: the single-data-set gap at most close_vs_average (half) as large,
    # in ln), and as tight in the sense of common.py (the conclusion: "the Plaskota bound is close to being tight"):
    # within a factor 2 at every n.
    k = float(cl["se_factor"])
    half = float(cl["close_vs_average"])
    for (sc, s2), g in gaps.items():
        sm = sims[sc]
        m, se = sim_stats(sm["eps"][sigma_index(sm, s2)])
        avg = np.log(m[1:] / deg[f"fig10_{sc}_pl_{s2:g}"][1:])
        if not g.size or not avg.size:     # issue 37: no n >= 1, nothing to compare
            rec.wording(f"{sc}, sigma2={s2:g}: Degmin 'quite close' to Pl", "The curves are quite close to each "
                        "other, implying that the Plaskota bound cannot be significantly tightened as a single data "
                        "set bound",
                        [Reading("against the average case: max_n ln(Degmin/Pl) / max_n ln(Sim/Pl)", float("nan"),
                                 upper=half, decidable=False),
                         Reading(f"tight: largest factor Degmin/Pl over n (at most {float(cl['loose_factor']):g})",
                                 float("nan"), upper=float(cl["loose_factor"]), decidable=False)],
                        note="undecidable: no n >= 1 in the degenerate scenario or the simulations",
                        remedy="Degmin, Pl and Sim at n >= 1 (the fig10 degenerate rule and sh_sims, minutes)")
            continue
        i = int(np.argmax(avg))
        ratio = float(g.max()) / float(avg[i])
        unc = ratio * k * float(se[1:][i] / m[1:][i]) / float(avg[i])   # from the error of ln Sim at the worst n
        rec.wording(f"{sc}, sigma2={s2:g}: Degmin 'quite close' to Pl", "The curves are quite close to each other, "
                    "implying that the Plaskota bound cannot be significantly tightened as a single data set bound",
                    [Reading("against the average case: max_n ln(Degmin/Pl) / max_n ln(Sim/Pl)", ratio, upper=half,
                             decidable=bool(abs(ratio - half) > unc)),
                     Reading(f"tight: largest factor Degmin/Pl over n (at most {float(cl['loose_factor']):g})",
                             float(np.exp(g.max())), upper=float(cl["loose_factor"]))],
                    note=f"Degmin/Pl up to {np.exp(g.max()):.3g}; Sim/Pl (average case) up to {np.exp(avg[i]):.3g}")
    return rec


# ------------------------------------------------------------------------------- Fig 9: the degenerate scenario

def fig9_claims(th: dict, sm: dict, deg: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 9: ``th`` and ``sm`` are the theory and simulations of the scenario of ``cfg["fig9"]``, ``deg`` the
    degenerate scenario with its spectrum (``fig9_deg``: eq. 30; ``fig9_ov``; the eq. 31 limit ``eq31_*``); Sim and
    Deg differ, so no eigenvalue-only prediction is reliable, UC underestimates Deg, TWO and OV bound it, and the
    eq. (31) limit."""
    s2 = float(cfg["fig9"]["sigma2"])
    i = sigma_index(th, s2)
    n = th["n"]
    m, se = sim_stats(sm["eps"][sigma_index(sm, s2)])
    curves = {"LC": th["LC"][i], "UC": th["UC"][i], "TWO": th["TWO"][i], "Deg": deg["fig9_deg"]}
    unreliable = float(cfg["claims"]["unreliable_factor"])
    rec = ClaimsRecord("sollich_halees/fig9", PAPER)
    k = float(cfg["claims"]["se_factor"])
    d = curves["Deg"]
    if n.size < 2:             # issue 37: no n >= 1 (nothing to compare); never a crash
        return fig9_empty(rec, th, deg, curves, k)
    # "differ significantly" in the sense the sentence goes on to use it (eigenvalue-only predictions are not
    # reliable): Sim and Deg, which share the spectrum, lie farther apart on the paper's log axis than the LC
    # approximation (the text: "close to the true learning curves") lies from Sim in the same panel, under the
    # worst-gap and mean-gap readings of common.py.
    rec.wording("Sim and Deg (same spectrum) differ by more than LC differs from Sim: margin of the log-axis gap "
                "|ln(curve/Sim)|, Deg - LC", "The curves Sim and Deg differ significantly, showing that learning "
                "curves cannot be predicted reliably based on eigenvalues alone",
                closer_readings({"LC": curves["LC"]}, {"Deg": d}, m, se, k),
                note=gap_table({"LC": curves["LC"], "Deg": d}, m) + f"; |Deg - Sim| reaches "
                     f"{float((np.abs(d - m) / se.clip(min=1e-300))[2:].max()) if n.size > 2 else float('nan'):.0f} "
                     "SE of Sim")
    # A prediction from the spectrum alone is the same curve for both scenarios; the best one misses one of
    # them by at least exp(|ln(Deg/Sim)|/2) at each n. "Not reliable" = an error above unreliable_factor - 1 (10 %), at the worst n or
    # typically (mean over n of that least error).
    half = np.abs(np.log(d[1:] / m[1:])) / 2
    rel = se[1:] / m[1:]
    i_w = int(np.argmax(half))
    rec.wording("least error factor of any eigenvalue-only prediction of both Sim and Deg (same spectrum), "
                "exp(|ln(Deg/Sim)|/2)", "learning curves cannot be predicted reliably based on eigenvalues alone",
                [Reading(f"worst n (n = {int(n[1:][i_w])})", float(np.exp(half[i_w])), lower=unreliable,
                         decidable=bool(abs(half[i_w] - np.log(unreliable)) > k * rel[i_w] / 2)),
                 Reading("mean over n of the log error, as a factor", float(np.exp(half.mean())), lower=unreliable,
                         decidable=bool(abs(half.mean() - np.log(unreliable)) > k * rel.mean() / 2))],
                note=f"read as 'not reliable': an error above {(unreliable - 1) * 100:g} %")
    # "underestimates ... quite significantly": the "factor" and "visible" readings of common.py of the
    # largest gap by which UC lies below the exact Deg (both exact: no statistical error)
    above = n[(n >= 1) & (d > curves["UC"])]
    under = np.log(d[1:] / curves["UC"][1:])
    i_u = int(np.argmax(under))
    text = "UC below the exact Deg: largest ln(Deg/UC) over n"
    says = ("the UC approximation is not in general an upper bound on the true learning curve; in fact, it here "
            "underestimates the true eps(n) quite significantly")
    note = (f"largest at n = {int(n[1:][i_u])}; Deg > UC at n = {_ranges(above)}; Deg/UC at n = {int(n[-1])}: "
            f"{float(d[-1] / curves['UC'][-1]):.3g}")
    # Protocol rule 1: registered before 7be0d56 as Deg/UC >= 1 at n_max; 7be0d56 re-read it with the "factor"
    # and "visible" readings of common.py (a stricter revision, made after the result was seen). The registered
    # reading passes a certainly wrong answer, UC identical to Deg (ratio 1: no underestimate at all, let alone a
    # significant one), which the revised readings reject (PROOF_FIG9_UC): the revised reading decides.
    registered = rec.within(text, says, float(d[-1] / curves["UC"][-1]), lower=1.0, kind=WORDING, note=note)
    revised = rec.wording(text, says, gap_readings(max(float(under[i_u]), 0.0), 0.0, loose=True, cl=cfg["claims"]),
                          note=note)
    rec.revise(registered, revised, REVISED_7BE0D56, "re-read with the 'factor' and 'visible' readings of a gap after "
           "the Deg/UC >= 1 result was seen (issue 34, rule 1); proven: Deg/UC >= 1 passes UC identical to Deg",
           proof=PROOF_FIG9_UC)
    rec.within("max over n of Deg - TWO", "TWO is a bound (it uses <C(x,x) phi_i^2>, = tr Lambda here)",
               float((d - curves["TWO"]).max()), upper=ROUNDOFF, kind=RELATION, known=KNOWN["TWO"])
    ov = deg["fig9_ov"]
    rec.within("min over n of Deg - OV", "OV is a lower bound for any scenario", float((d - ov).min()), lower=-ROUNDOFF,
               kind=RELATION, known=KNOWN["OV"])
    # Eq. (31): one input with probability 1-δ, the rest sharing δ; the error reduction is that of the
    # single eigenvalue λ_α, so no upper bound can use the spectrum alone.
    lim, e31 = deg["eq31_exact"], deg["eq31_formula"]
    delta = float(deg["eq31_delta"])
    rel = float(np.abs(lim[1:] / e31[1:] - 1).max())
    rec.within(f"eq. (31) limit: max over n of |exact/eq.31 - 1| with p_alpha = 1 - {delta:g}",
               "eps(n) ~ tr Lambda - lambda_a + lambda_a sigma^2/(sigma^2 + n lambda_a)", rel,
               upper=2 * float(n[-1]) * delta, note=f"lambda_a = {float(deg['eq31_lambda']):.4g}; tolerance 2 n_max "
                                                    "delta (footnote 9: n p_beta << 1)")
    T = float(th["T"])
    lam_a = float(deg["eq31_lambda"])
    rec.within(f"eq. (31) limit: error reduction (T - eps(n))/T at n = {int(n[-1])}, exact",
               "if lambda_a << tr Lambda, then we can make the reduction in generalization error arbitrarily small: "
               "there is no non-trivial upper bound ... that takes only the eigenvalue spectrum as input",
               float((T - lim[-1]) / T), upper=lam_a / T * (1 + 2 * float(n[-1]) * delta),
               note=f"at most lambda_a/T = {lam_a / T:.3g}; UC (same spectrum) predicts "
                    f"{float((T - curves['UC'][-1]) / T):.3g}")
    return rec


def fig9_empty(rec: ClaimsRecord, th: dict, deg: dict, curves: dict, k: float) -> ClaimsRecord:
    """Fig. 9 when no n >= 1 was computed (issue 37): every claim, with its text, inconclusive (noise) with the data
    that would decide it."""
    fix = dict(decidable=False, remedy="the degenerate scenario and its simulations at n >= 1 (the fig9 rules, minutes)")
    why = "undecidable: no n >= 1 computed"
    for text, says in (
            ("Sim and Deg (same spectrum) differ by more than LC differs from Sim: margin of the log-axis gap "
             "|ln(curve/Sim)|, Deg - LC", "The curves Sim and Deg differ significantly, showing that learning "
             "curves cannot be predicted reliably based on eigenvalues alone"),
            ("least error factor of any eigenvalue-only prediction of both Sim and Deg (same spectrum), "
             "exp(|ln(Deg/Sim)|/2)", "learning curves cannot be predicted reliably based on eigenvalues alone"),
            ("UC below the exact Deg: largest ln(Deg/UC) over n",
             "the UC approximation is not in general an upper bound on the true learning curve; in fact, it here "
             "underestimates the true eps(n) quite significantly")):
        rec.wording(text, says, [Reading("no n >= 1", float("nan"), lower=0.0, decidable=False),
                                 Reading("no n >= 1 (second reading)", float("nan"), lower=0.0, decidable=False)],
                    note=why, remedy=fix["remedy"])
    rec.within("max over n of Deg - TWO", "TWO is a bound (it uses <C(x,x) phi_i^2>, = tr Lambda here)", float("nan"),
               upper=ROUNDOFF, kind=RELATION, known=KNOWN["TWO"], note=why, **fix)
    rec.within("min over n of Deg - OV", "OV is a lower bound for any scenario", float("nan"), lower=-ROUNDOFF,
               kind=RELATION, known=KNOWN["OV"], note=why, **fix)
    delta = float(deg["eq31_delta"])
    rec.within(f"eq. (31) limit: max over n of |exact/eq.31 - 1| with p_alpha = 1 - {delta:g}",
               "eps(n) ~ tr Lambda - lambda_a + lambda_a sigma^2/(sigma^2 + n lambda_a)", float("nan"), upper=0.0,
               note=why, **fix)
    rec.within("eq. (31) limit: error reduction (T - eps(n))/T at n = 0, exact",
               "if lambda_a << tr Lambda, then we can make the reduction in generalization error arbitrarily small: "
               "there is no non-trivial upper bound ... that takes only the eigenvalue spectrum as input",
               float("nan"), upper=float(deg["eq31_lambda"]) / float(th["T"]), note=why, **fix)
    return rec


# ------------------------------------------------------------------------------- Figs 3-7: learning curves

def panels_of(k: int, cfg: dict) -> list[tuple[str, float]]:
    """The (scenario, sigma^2) of each learning-curve panel of Fig. k (3-7), left to right."""
    sc = cfg["scenarios"]
    if k == 3:
        return [("ou1", sc["ou1"]["sigma2"][0]), ("ou2", sc["ou2"]["sigma2"][0])]
    if k == 4:
        return [("rbf1", sc["rbf1"]["sigma2"][0])]
    if k == 6:
        return [("gauss1", sc["gauss1"]["sigma2"][0])]
    name = {5: "rbf4", 7: "gauss4"}[k]
    s_hi, s_lo = sorted(sc[name]["sigma2"], reverse=True)[:2]
    return [(name, s_hi), (name, s_lo)]


def lc_claims(sims_by: dict, theory_by: dict, cfg: dict, fig_id: str, panels: list[tuple[str, float]],
              with_mw: bool = False, bracket: bool = True) -> tuple[ClaimsRecord, dict]:
    """The claims every learning-curve panel of Figs 3-7 shares (bracketing, bounds, closeness, exact eps(1)),
    from each scenario's simulations and theory. Returns ``(rec, data)`` with ``data[(scenario, sigma^2)] =
    (n, m, se, curves, sims, th)`` for the figure's own claims."""
    rec = ClaimsRecord(fig_id, PAPER)
    cl = cfg["claims"]
    data = {}
    for sc, s2 in panels:
        sm, th = sims_by[sc], theory_by[sc]
        i, j = sigma_index(th, s2), sigma_index(sm, s2)
        curves = panel_curves(th, i, with_mw=with_mw)
        n = th["n"]
        sim = sm["eps"][j]
        m, se = sim_stats(sim)
        tol = numerical_tol(sm["C0"], th["T"])
        label = f"{sc}, sigma2={s2:g}"
        standard_claims(rec, label, n, sim, curves, cl, tol, bracket=bracket,
                        uniform_inputs=cfg["scenarios"][sc].get("inputs", "uniform") == "uniform")
        exact_n1_claim(rec, label, sim, float(th["T"]), float(th["sum_lam2"]), s2, tol, cl, curves)
        if sm["R_images"] >= 0:
            # a convergence record of the simulation (R is chosen by this very test), not a paper statement
            rec.note(f"{label}: image-sum truncation: R images per side, max relative change of the first data "
                     f"sets' curves from R to R+1 (tolerance image_rtol = {float(cfg['image_rtol']):g})",
                     {"R": int(sm["R_images"]), "change": float(sm["image_check"]),
                      "history": sm["image_history"].tolist()})
        data[(sc, s2)] = (n, m, se, curves, sim, th)
    return rec, data


# Sec. 3 on Fig. 3
LOOSE = "One observes that the lower bounds (Plaskota and OV) are rather loose in both cases"
FAR = "The TWO upper bound is also far from tight"
BETTER = "the WV upper bound is better where it can be defined (for d = 1)"


def fig3_claims(sims_by: dict, theory_by: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 3 (periodic OU, d = 1 and 2): the shared panel claims, Plaskota and OV "rather loose", TWO "far from
    tight", WV "better" than TWO for d = 1. ``sims_by`` and ``theory_by`` map each scenario to its loaded results."""
    panels = panels_of(3, cfg)
    rec, data = lc_claims(sims_by, theory_by, cfg, "sollich_halees/fig3", panels)
    for sc, s2 in panels:
        n, m, se, curves, sims, th = data[(sc, s2)]
        for name, says in (("Pl", LOOSE), ("OV", LOOSE), ("TWO", FAR)):
            loose_claim(rec, f"{sc}, sigma2={s2:g}", name, n, m, se, curves[name], cfg["claims"], says)
            g, c = log_gap(curves[name], m), rec.claims[-1]
            # the pattern the finding explains: the gap largest at the end of the range shown (its last tenth)
            if (sc, name) in FINDING_FIG3_CASES and c.verdict == "fail" and g.size and np.argmax(g) >= 0.9 * g.size:
                rec.explain(c, finding_fig3(name, int(sc[-1]), int(n[-1]), float(m[-1] / m[0]),
                                            float(np.exp(g.max()))), test=FINDING_FIG3_TEST)
    # "better" names no measure: the worst-gap and mean-gap readings of a comparison (common.py)
    n, m, se, curves, sims, th = data[panels[0]]
    pair = {c: curves[c] for c in ("WV", "TWO")}
    rec.wording(f"ou1, sigma2={panels[0][1]:g}: WV 'better' (closer to Sim) than TWO: margin of the log-axis gap "
                "|ln(bound/Sim)|, TWO - WV", BETTER,
                closer_readings({"WV": pair["WV"]}, {"TWO": pair["TWO"]}, m, se, float(cfg["claims"]["se_factor"])),
                note=gap_table(pair, m))
    return rec


# ------------------------------------------------------------------------------- Fig 4: MW and the crossover

def log_slope(y, n, half: int = 10) -> np.ndarray:
    """``d ln ε/dn`` by central differences over ``2·half`` examples (smooths the simulation noise)."""
    ly = np.log(np.maximum(np.asarray(y, float), 1e-300))
    s = np.full(ly.size, np.nan)
    s[half:-half] = (ly[2 * half:] - ly[: -2 * half]) / (n[2 * half:] - n[: -2 * half])
    return s


def crossing(y, n, level) -> float:
    """First n (linearly interpolated) where ``y`` drops below ``level``; nan if it never does."""
    below = np.flatnonzero(y < level)
    if below.size == 0 or below[0] == 0:
        return float("nan")
    i = below[0]
    return float(n[i - 1] + (y[i - 1] - level) / (y[i - 1] - y[i]) * (n[i] - n[i - 1]))


def fig4_claims(sims_by: dict, theory_by: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 4 (periodic RBF, d = 1): the shared panel claims, MW first close to Plaskota then missing the crossover,
    the crossover inside the range shown, LC and Plaskota capturing it, OV right only asymptotically."""
    ((_, s2),) = panels = panels_of(4, cfg)
    rec, data = lc_claims(sims_by, theory_by, cfg, "sollich_halees/fig4", panels, with_mw=True)
    n, m, se, curves, sims, th = data[("rbf1", s2)]
    # "[MW] is first close to the Plaskota bound": the initial regime eps >> sigma^2, taken as
    # Pl >= regime_factor * sigma^2. "close" read as within overlap_factor (10 %, 0.04 decades: the two lines
    # overlap at the scale of the plot) and as not visibly apart (the "visible" threshold of common.py).
    fac = float(cfg["claims"]["regime_factor"])
    overlap = float(cfg["claims"]["overlap_factor"])
    visible = float(cfg["claims"]["visible_decades"])
    sel = (n >= 1) & (curves["Pl"] >= fac * s2)
    # Issue 37: no n >= 1 in the initial regime decides nothing: inconclusive (noise) with the data that would decide it
    some = bool(sel.any())
    gap = float(np.abs(np.log(curves["MW"][sel] / curves["Pl"][sel])).max()) if some else float("nan")
    rec.wording(f"rbf1: MW 'close' to Plaskota while Pl >= {fac:g} sigma^2 (n <= {int(n[sel].max()) if some else 0}): "
                "largest |ln(MW/Pl)|", "[MW] is first close to the Plaskota bound",
                [Reading(f"within {(overlap - 1) * 100:g} %: max MW/Pl or Pl/MW", float(np.exp(gap)), upper=overlap,
                         decidable=some),
                 Reading(f"not visibly apart ({visible:g} decades)", gap / LN10, upper=visible, decidable=some)],
                note=f"largest gap {gap / LN10:.3f} decades" if some else
                f"undecidable: no n >= 1 with Pl >= {fac:g} sigma^2 (the initial regime) among the n computed",
                remedy="" if some else f"Pl and MW at the n >= 1 where Pl >= {fac:g} sigma^2 (the smallest n: the "
                                       "theory rule, seconds)")
    # "... then 'misses' the change in behaviour": read as (shape) MW's decay does not flatten where Sim's,
    # LC's and Pl's do (the flatten_ratio of the claims below, judged where MW is still resolved in double
    # precision, > 1e-12 T at both ends of the slope window), and as (level) MW ends more than a decade below
    # the Plaskota bound it first followed.
    thr = float(cfg["claims"]["flatten_ratio"])
    mw = np.where(curves["MW"] > 1e-12 * float(th["T"]), curves["MW"], np.nan)
    sl = log_slope(mw, n)
    ok = np.isfinite(sl)
    # Issue 37: fewer than 21 n (or MW never resolved) leave no 20-example slope: that reading is undecidable
    has = bool(ok.any())
    slope_remedy = ("" if n.size > 20 else f"a 20-example log-slope needs at least 21 n (have {n.size}): the learning "
                    "curves to n >= 20 (the paper's range, n <= 300 here, decides it)")
    mw_ratio = float(sl[ok][-1] / sl[ok].min()) if has else float("nan")
    end = float(np.log10(curves["Pl"][-1] / max(curves["MW"][-1], 1e-300)))
    rec.wording("rbf1: MW 'misses' the crossover", "[MW] then 'misses' the change in behaviour where the "
                "generalization error crosses over into the asymptotic regime",
                [Reading(f"shape: log-slope at n={int(n[ok][-1]) if has else 0} (last n with MW > 1e-12 T) / "
                         "steepest log-slope", mw_ratio, lower=thr, decidable=has),
                 Reading(f"level: log10(Pl/MW) at n = {int(n[-1])}", end, lower=1.0)],
                note=(f"steepest MW log-slope at n = {int(n[ok][np.argmin(sl[ok])])}; slope over 20 examples" if has
                      else "no 20-example log-slope of MW (fewer than 21 n, or MW below 1e-12 T): the shape reading "
                           "is undecidable"), remedy=slope_remedy)
    n_sim, n_lc = crossing(m, n, s2), crossing(curves["LC"], n, s2)
    rec.within("rbf1: n where Sim crosses eps = sigma^2 (inside the simulated range)",
               "makes visible, within the range of n shown, the ... change in behaviour", n_sim,
               lower=1.0, upper=float(n[-1]), note=f"LC crosses at n = {n_lc:.4g}")
    # "The LC approximation and, to a less quantitative extent, the Plaskota bound both capture this
    # change": after the crossover the decay of ln ε slows (RBF: ~σ²/n) -- the log-slope at the largest
    # n is at most half the steepest one.
    for name, y in (("Sim", m), ("LC", curves["LC"]), ("Pl", curves["Pl"])):
        sl = log_slope(y, n)
        fin = np.isfinite(sl)
        if not fin.any():      # fewer than 21 n: no 20-example slope (issue 37)
            rec.within(f"rbf1: {name} flattens after the crossover: log-slope at n="
                       f"{int(n[-11]) if n.size > 10 else 0} / steepest log-slope",
                       "the anticipated change in behaviour ... The LC approximation and, to a less quantitative "
                       "extent, the Plaskota bound both capture this change", float("nan"), upper=thr, kind=RELATION,
                       note=f"undecidable: no 20-example log-slope of {name} among {n.size} n", decidable=False,
                       remedy=slope_remedy or f"a finite, positive {name} at 21 or more n")
            continue
        ratio = float(sl[fin][-1] / np.nanmin(sl))
        rec.within(f"rbf1: {name} flattens after the crossover: log-slope at n={int(n[-11])} / steepest log-slope",
                   "the anticipated change in behaviour ... The LC approximation and, to a less quantitative extent, "
                   "the Plaskota bound both capture this change", ratio, upper=thr, kind=RELATION,
                   note=f"steepest at n = {int(n[np.nanargmin(sl)])}; slope over 20 examples")
    ov_claims(rec, n, sims, curves["OV"], s2, float(cfg["claims"]["se_factor"]))
    return rec


RIGHT = "the OV bound ... only shows the right qualitative behaviour in the asymptotic regime"
WRONG = 1e300   # the factor between the decay rates when OV does not decay where Sim does (or the reverse)


def _factor(r: float) -> float:
    return float(max(r, 1.0 / r)) if r > 0 else WRONG


def ov_claims(rec, n, sims, ov, s2: float, k: float) -> None:
    """"By contrast, the OV bound ... only shows the right qualitative behaviour in the asymptotic regime".

    Qualitative behaviour on the paper's log axis = the decay rate d ln eps/dn; right = OV's rate within a
    factor 2 of Sim's (a rate of the wrong sign is wrong). The regimes are the text's, by Sim: asymptotic
    eps < sigma^2, initial eps > sigma^2. Two readings of "shows the right behaviour in a regime":

    * "every n": the local rate (over 20 examples) is right at every n of the regime;
    * "across the regime": the decay over the regime as a whole, [ln eps(end) - ln eps(start)]/(end - start),
      is right (the typical behaviour, as the eye follows the curve through the regime).

    In the asymptotic regime both must say right; "only there": in the initial regime both must say wrong.
    Sim's rate is that of the mean m over the data sets; its standard error by the delta method with the
    covariance of the two ends (the data sets are nested, so they correlate); a reading is undecidable if k
    of those errors could carry it across a limit."""
    half = 10
    m = sims.mean(axis=0)
    s_sim, s_ov = log_slope(m, n, half), log_slope(ov, n, half)
    # per data set, the linearised contribution to ln m(n+10) - ln m(n-10)
    g = sims[:, 2 * half:] / m[2 * half:] - sims[:, : -2 * half] / m[: -2 * half]
    u = np.full(n.size, np.nan)
    u[half:-half] = k * g.std(axis=0, ddof=1) / np.sqrt(sims.shape[0]) / (n[2 * half:] - n[: -2 * half])
    ok = np.isfinite(s_sim) & np.isfinite(s_ov)

    def every_n(sel, want_right: bool) -> tuple[Reading, str]:
        with np.errstate(divide="ignore", invalid="ignore"):  # a flat Sim: infinite ratios, undecided below
            r = s_ov[sel] / s_sim[sel]
            ends = s_ov[sel][:, None] / (s_sim[sel][:, None] + np.array([-1.0, 1.0]) * u[sel][:, None])
        if not r.size:
            return Reading("every n (no n in the regime)", float("nan"), upper=2.0, decidable=False), "no n"
        # without spread between the data sets (u = 0) the rates are exact: a flat Sim is certainly flat
        spans_zero = (np.abs(s_sim[sel]) <= u[sel]) & (u[sel] > 0)
        sure_right = ~spans_zero & np.all((ends >= 0.5) & (ends <= 2.0), axis=1)
        sure_wrong = ~spans_zero & (np.all(ends < 0.5, axis=1) | np.all(ends > 2.0, axis=1))
        fac = max(_factor(x) for x in r)
        decidable = bool(sure_right.all() or sure_wrong.any())
        bound = dict(upper=2.0) if want_right else dict(lower=2.0)
        wrong_n = n[sel][sure_wrong]
        return (Reading("every n: largest factor between the local log-slopes (20 examples)", fac, **bound,
                        decidable=decidable),
                f"local log-slope ratios OV/Sim {r.min():.3g} to {r.max():.3g}; surely outside [1/2, 2] (by {k:g} "
                f"se) at n = {_span(wrong_n)}")

    def across(sel, want_right: bool) -> tuple[Reading, str]:
        idx = np.flatnonzero(sel)
        if idx.size < 2:
            return Reading("across the regime (fewer than 2 n)", float("nan"), upper=2.0, decidable=False), ""
        a, b = idx[0], idx[-1]
        span = float(n[b] - n[a])
        r_sim = float(np.log(m[b] / m[a])) / span
        r_ov = float(np.log(max(ov[b], 1e-300) / max(ov[a], 1e-300))) / span
        d = sims[:, b] / m[b] - sims[:, a] / m[a]
        ua = k * float(d.std(ddof=1)) / np.sqrt(sims.shape[0]) / span
        # a flat Sim (rate 0, e.g. a curve that never learns) leaves no finite factor to any decay of OV's: wrong
        # (-inf, which _factor counts as a rate of the wrong sign)
        r = r_ov / r_sim if r_sim else (-np.inf if r_ov else np.nan)
        # no spread (ua = 0): the factor is exact, even for a flat Sim (an infinite factor)
        ends = [r] if ua == 0 else [r_ov / (r_sim + e) for e in (-ua, ua)] if abs(r_sim) > ua else []
        decidable = bool(ends) and (all(0.5 <= e <= 2.0 for e in ends) or all(e < 0.5 for e in ends)
                                    or all(e > 2.0 for e in ends))
        bound = dict(upper=2.0) if want_right else dict(lower=2.0)
        return (Reading(f"across the regime (n = {int(n[a])}-{int(n[b])}): factor between the mean log-slopes",
                        _factor(r), **bound, decidable=decidable),
                f"mean log-slopes over n = {int(n[a])}-{int(n[b])}: OV {r_ov:.3g}, Sim {r_sim:.3g} (+- {ua:.2g})")

    asym = ok & (m < s2)
    (ra, na), (rb, nb) = every_n(asym, True), across((n >= 1) & (m < s2), True)
    first = int(np.flatnonzero(asym)[0]) if asym.any() else 0
    # log-log slopes n d ln eps/dn where the regime starts: OV's is already the asymptotic ~ -1 (eps ~ 1/n up to
    # logarithms), Sim's is still that of the crossover
    ll_sim, ll_ov = float(n[first] * s_sim[first]), float(n[first] * s_ov[first])
    rec.wording(f"rbf1: OV qualitatively right in the asymptotic regime (Sim < sigma^2, n = {_span(n[asym])}): "
                "factor between OV's and Sim's decay rates d ln eps/dn", RIGHT, [ra, rb],
                note=f"{na}; {nb}. Where the plotted asymptotic regime begins (n = {int(n[first])}) OV's log-log slope "
                     f"n d ln eps/dn is {ll_ov:.2f} (already near its n -> infinity law), Sim's {ll_sim:.2f} (still "
                     "leaving the crossover): our measurement of the reading, not a proven error of the paper")
    init = ok & (m > s2)
    (ra, na), (rb, nb) = every_n(init, False), across((n >= 1) & (m > s2), False)
    rec.wording(f"rbf1: ... but only there: OV qualitatively wrong in the initial regime (Sim > sigma^2, n = "
                f"{_span(n[init])}): factor between OV's and Sim's decay rates", RIGHT, [ra, rb], note=f"{na}; {nb}")


def _span(ns) -> str:
    return f"{int(ns.min())}-{int(ns.max())}" if ns.size else "none"


# ------------------------------------------------------------------------------- Fig 5: two noise levels, d = 4

def fig5_claims(sims_by: dict, theory_by: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 5 (periodic RBF, d = 4, two noise levels): the shared panel claims, OV looser at the lower noise level,
    Plaskota less so, TWO weakly affected, and Plaskota's kinks at the edges of degenerate eigenvalue blocks."""
    panels = panels_of(5, cfg)
    (_, s_hi), (_, s_lo) = panels
    rec, data = lc_claims(sims_by, theory_by, cfg, "sollich_halees/fig5", panels)
    hi, lo = data[("rbf4", s_hi)], data[("rbf4", s_lo)]
    k = float(cfg["claims"]["se_factor"])
    # "looser" names no measure: the worst-gap and mean-gap readings of common.py. The two noise levels are
    # simulated on the same data sets, so the errors of their gaps may correlate: their uncertainties add.
    stats = {"worst gap (max over n)": np.max, "mean gap (mean over n)": np.mean}

    def gap(s, c):
        n, m, se, curves = data[("rbf4", s)][:4]
        g, rel = log_gap(curves[c], m), se[1:] / m[1:]
        return {r: (float(f(g)), k * float(rel[np.argmax(g)] if f is np.max else rel.mean())) for r, f in stats.items()}

    G = {(s, c): gap(s, c) for s in (s_hi, s_lo) for c in ("OV", "Pl")}

    def rise(c, r):
        (a, ua), (b, ub) = G[(s_hi, c)][r], G[(s_lo, c)][r]
        return b - a, ua + ub

    looser = []
    for r in stats:
        d, u = rise("OV", r)
        looser.append(Reading(f"{r}: increase of |ln(OV/Sim)|", d, lower=0.0, decidable=abs(d) > u))
    rec.wording(f"rbf4: OV looser at sigma2={s_lo:g} than at {s_hi:g}", "for lower sigma^2, the OV bound becomes "
                "looser as expected", looser, note=gap_change_table(G, "OV", s_hi, s_lo))
    less = []
    for r in stats:
        (dpl, upl), (dov, uov) = rise("Pl", r), rise("OV", r)
        ratio = dpl / dov if dov > 0 else -1.0      # OV not looser: no "less dramatic" loosening to compare
        less.append(Reading(f"{r}: (increase for Pl) / (increase for OV)", ratio, lower=0.0, upper=1.0,
                            decidable=bool(dov < -uov or (dov > uov and abs(dpl) > upl and abs(dov - dpl) > upl + uov))))
    rec.wording("rbf4: Plaskota also looser at lower sigma2, but less than OV", "The Plaskota bound also appears to "
                "get looser for lower sigma^2, though not as dramatically", less, note=gap_change_table(G, "Pl", s_hi, s_lo))
    # "only weakly affected by the value of sigma^2": the bound itself at the two noise levels, read against
    # the bound whose change the text calls dramatic (OV: at most weak_vs_ov, a tenth, of its change), and
    # absolutely (at most overlap_factor, 10 %, 0.04 decades, at every n: the two curves overlap at the scale of
    # the plot)
    weak, overlap = float(cfg["claims"]["weak_vs_ov"]), float(cfg["claims"]["overlap_factor"])
    two_change = float(np.abs(np.log(lo[3]["TWO"][1:] / hi[3]["TWO"][1:])).max())
    ov_change = float(np.abs(np.log(lo[3]["OV"][1:] / hi[3]["OV"][1:])).max())
    rec.wording(f"rbf4: TWO 'only weakly affected' by sigma2: max over n of |ln(TWO({s_lo:g})/TWO({s_hi:g}))|",
                "The TWO upper bound, finally, is only weakly affected by the value of sigma^2",
                [Reading("against OV: ratio to the same change of OV", two_change / ov_change, upper=weak),
                 Reading("absolute: largest factor between the two TWO curves", float(np.exp(two_change)),
                         upper=overlap)],
                note=f"TWO changes by at most {two_change:.3g} (ln units), OV by {ov_change:.3g}")
    # Kinks where the dominant block of degenerate eigenvalues changes. A kink is an abrupt change of the
    # slope of ln Pl (the paper's log axis): kink strength at n = |s(n+1) - s(n)| / |s(n)| with
    # s(n) = ln Pl(n) - ln Pl(n-1), the relative change of the slope (the absolute second difference is
    # dominated by the smooth bend of the first few examples). n = 1 is left out: it is the start of the curve
    # and trivially the edge of the first block (the single largest eigenvalue). (The cut-off k of
    # eqs. 40-42 grows by one at every n here, so it marks no particular n and is not used.)
    for s2, d in ((s_hi, hi), (s_lo, lo)):
        n, th = d[0], d[5]
        sl = np.diff(np.log(d[3]["Pl"]))                 # s(n), n = 1..n_max
        kink = np.abs(np.diff(sl)) / np.abs(sl[:-1])     # at n = 1..n_max-1
        nn = n[1:-1]
        sel = nn >= 2
        kink, nn = kink[sel], nn[sel]
        top = np.argsort(kink)[::-1][:5]
        edges = np.asarray(th["block_edges"], int)
        edges = edges[(edges >= 2) & (edges <= n[-1])]
        text = (f"rbf4, sigma2={s2:g}: the 5 largest kinks of the Plaskota curve (relative change of the slope "
                "of ln Pl between successive n, n >= 2) lie at block edges of the degenerate eigenvalues")
        if not edges.size or nn.size < 5:     # issue 37: no block edge, or fewer than 5 kinks, in the range
            why = (f"no block edge of the degenerate eigenvalues in 2..{int(n[-1]) if n.size else 0}" if not edges.size
                   else f"only {nn.size} n >= 2 with a kink strength (5 needed)")
            rec.holds(text, "kinks occur where the dominant block changes", float("nan"), False,
                      "all 5 within 1 of a block edge", f"undecidable: {why}", decidable=False,
                      remedy="the Plaskota bound over a range of n holding several block edges and at least 5 n >= 2 "
                             "(the theory rule, seconds)")
            continue
        near = [bool(np.abs(edges - nn[t]).min() <= 1) for t in top]
        chance = float(np.mean([np.abs(edges - x).min() <= 1 for x in nn]))
        rec.holds(text, "kinks occur where the dominant block changes", float(np.mean(near)), all(near),
                  "all 5 within 1 of a block edge",
                  f"kinks at n = {sorted(int(nn[t]) for t in top)}, block edges {edges.tolist()}; a random n in "
                  f"2..{int(nn[-1])} is within 1 of an edge with probability {chance:.3f}; 5th / median kink "
                  f"strength = {kink[top[-1]] / np.median(kink):.3g}")
    return rec


def gap_change_table(G: dict, c: str, s_hi: float, s_lo: float) -> str:
    return "; ".join(f"{r}: {G[(s_hi, c)][r][0]:.3g} -> {G[(s_lo, c)][r][0]:.3g}" for r in G[(s_hi, c)])


# ------------------------------------------------------------------------------- Fig 6: Gaussian inputs, d = 1

def fig6_claims(sims_by: dict, theory_by: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 6 (RBF, Gaussian inputs, d = 1): the shared panel claims, the generalised WV "reasonably tight", and
    LC's shape less good than with uniform inputs (Fig. 4's rbf1, which ``sims_by``/``theory_by`` must hold)."""
    ((_, s2),) = panels = panels_of(6, cfg)
    rec, data = lc_claims(sims_by, theory_by, cfg, "sollich_halees/fig6", panels)
    n, m, se, curves, _, th = data[("gauss1", s2)]
    k = float(cfg["claims"]["se_factor"])
    # "still reasonably tight": tight = not loose, under the two readings of common.py
    g = log_gap(curves["WV"], m)
    i = int(np.argmax(g))
    rec.wording("gauss1: generalised WV 'reasonably tight': largest gap between WV and Sim on the log axis",
                "the (generalized) WV bound is still reasonably tight",
                gap_readings(float(g[i]), k * float(se[1:][i] / m[1:][i]), loose=False, cl=cfg["claims"]),
                note=f"largest at n = {int(n[1:][i])}; " + gap_table({c: curves[c] for c in ("WV", "TWO")}, m))
    # the text does not compare WV with TWO here (it did for Fig. 3): our check, reported apart
    d_wv, d_two = float(g.max()), float(log_gap(curves["TWO"], m).max())
    rec.within("gauss1: generalised WV tighter than TWO: D_TWO - D_WV, D = max over n of |ln(bound/Sim)|",
               "not stated for Fig. 6 (for the uniform d = 1 case of Fig. 3: 'the WV upper bound is better')",
               d_two - d_wv, lower=0.0, kind=OURS, note=f"D_WV = {d_wv:.3g}, D_TWO = {d_two:.3g}")
    # "the LC approximation provides less of a good representation of the overall shape of the learning
    # curve here than for the previous examples with uniform input distributions": the same kernel and
    # length scale with uniform inputs is Fig. 4 (rbf1). "Less good" is read with the worst-gap and mean-gap
    # measures of common.py; the two scenarios are simulated independently, so their uncertainties add.
    u_s, u_t = sims_by["rbf1"], theory_by["rbf1"]
    s2u = cfg["scenarios"]["rbf1"]["sigma2"][0]
    mu, seu = sim_stats(u_s["eps"][sigma_index(u_s, s2u)])
    gg, gu = log_gap(curves["LC"], m), log_gap(u_t["LC"][sigma_index(u_t, s2u)], mu)
    rg, ru = se[1:] / m[1:], seu[1:] / mu[1:]
    readings, strict = [], []
    invisible = float(np.log(1 + float(cfg["claims"]["dip_rtol"])))   # the bracketing claims' invisible gap (ln)
    for reads, f in (("worst gap (max over n)", np.max), ("mean gap (mean over n)", np.mean)):
        unc = k * (float(rg[np.argmax(gg)] + ru[np.argmax(gu)]) if f is np.max else float(rg.mean() + ru.mean()))
        readings.append(Reading(f"{reads}: |ln(LC/Sim)| Gaussian / uniform", float(f(gg) / f(gu)), lower=1.0,
                                decidable=bool(abs(f(gg) - f(gu)) > unc)))
        diff = float(f(gg) - f(gu))
        strict.append(Reading(f"{reads}: |ln(LC/Sim)| Gaussian - uniform, in decades", diff / LN10,
                              lower=invisible / LN10, decidable=bool(abs(diff - invisible) > unc)))
    text = ("gauss1 vs rbf1 (Fig 4, uniform inputs, same kernel and l): LC's log-axis gap from Sim, Gaussian / "
            "uniform")
    says = ("the LC approximation provides less of a good representation of the overall shape of the learning curve "
            "here than for the previous examples with uniform input distributions")
    note = (f"|ln(LC/Sim)| max {gg.max():.3g}, mean {gg.mean():.3g} (Gaussian) vs max {gu.max():.3g}, mean "
            f"{gu.mean():.3g} (uniform; rbf1 has the largest max of the uniform panels of Figs 3-5)")
    registered = rec.wording(text, says, readings, note=note)
    # Revision (issue 36, rule 4): the registered bound ratio >= 1 was taken to admit the trivial answer, LC exactly
    # as good with Gaussian as with uniform inputs (ratio 1). "Less good" read as a difference a reader can see:
    # LC's gap larger by more than the gap the bracketing claims call invisible on the paper's log axes
    # (ln(1 + dip_rtol), 0.013 decades), judged with the same k standard errors of both simulations.
    # No proof (protocol rule 1): the registered readings decide only beyond k standard errors of the difference,
    # so the trivial answer leaves them undecided and does not pass them
    # (tests/test_sh_claims.py::test_fig6_trivial_ratio_1_does_not_pass_the_registered_reading); the visibility
    # threshold is a stricter band chosen after the result. The registered reading decides, the revision is shown.
    need = min((k * (float(rg[np.argmax(gg)] + ru[np.argmax(gu)]) if f is np.max else float(rg.mean() + ru.mean()))
                / max(abs(float(f(gg) - f(gu)) - invisible), 1e-300)) ** 2 for f in (np.max, np.mean))
    remedy = (f"about {need:.0f}x the data sets of both gauss1 and rbf1 (k SE below the distance to the threshold) "
              "decide the nearer reading; sh_sims scales linearly in them")
    revised = rec.wording(text, says, strict, note=note + f"; the difference must exceed ln(1 + dip_rtol) = "
                          f"{invisible:.3g} ({invisible / LN10:.3g} decades), the level called invisible",
                          remedy=remedy)
    rec.revise(registered, revised, "bc7030f", "the registered ratio >= 1 passes the trivial answer ratio = 1 (LC "
           "equally good for both input distributions; issue 36, rule 4): the difference of the log gaps must exceed "
           "the invisible level ln(1 + dip_rtol), judged with its error; no proof: the registered reading, decided "
           "only beyond its noise, does not pass ratio = 1")
    return rec


# ------------------------------------------------------------------------------- Fig 7: Gaussian inputs, d = 4

def fig7_claims(sims_by: dict, theory_by: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 7 (RBF, Gaussian inputs, d = 4, two noise levels): the shared panel claims but the bracketing, Sim below
    LC at small n, OV "very loose" at the lower noise level, and the summary "LC performs best" over every
    learning-curve panel of Figs 3-7 (``sims_by``/``theory_by`` hold every scenario)."""
    panels = panels_of(7, cfg)
    (_, s_hi), (_, s_lo) = panels
    rec, data = lc_claims(sims_by, theory_by, cfg, "sollich_halees/fig7", panels, bracket=False)
    k = float(cfg["claims"]["se_factor"])

    for s2 in (s_hi, s_lo):
        n, m, se, curves, sims, th = data[("gauss4", s2)]
        if not (n >= 1).any() or sims.shape[0] < 2:    # issue 37: no n >= 1, or no standard error
            why = ("no n >= 1" if not (n >= 1).any() else f"{sims.shape[0]} data set: no standard error")
            fix = "simulated n >= 1 and at least 2 data sets of gauss4 (sh_sims, minutes)"
            rec.within(f"gauss4, sigma2={s2:g}: Sim below LC at small n: max over n of (LC-Sim)/SE",
                       "there is a range of n here where the true learning curve lies below the LC approximation",
                       float("nan"), lower=k, kind=RELATION, note=f"undecidable: {why}", decidable=False, remedy=fix)
            rec.holds(f"gauss4, sigma2={s2:g}: Sim never above UC: max (Sim-UC)/SE", UC_SUSPECTED, float("nan"),
                      False, f"<= {k:g}", f"undecidable: {why}", decidable=False, remedy=fix)
            continue
        z = (curves["LC"] - m) / se.clip(min=1e-300)
        below = n[(n >= 1) & (z > k)]
        rec.within(f"gauss4, sigma2={s2:g}: Sim below LC at small n: max over n of (LC-Sim)/SE",
                   "there is a range of n here where the true learning curve lies below the LC approximation",
                   float(z[n >= 1].max()), lower=k, kind=RELATION,
                   note=f"significant (> {k:g} SE) at n = {_ranges(below)}; largest relative gap "
                        f"{float(((curves['LC'] - m) / curves['LC'])[1:].max()):.3g}")
        hi = (m - curves["UC"]) / se.clip(min=1e-300)
        rec.holds(f"gauss4, sigma2={s2:g}: Sim never above UC: max (Sim-UC)/SE", UC_SUSPECTED, float(hi[1:].max()),
                  bool(hi[1:].max() <= k), f"<= {k:g}")
    # "very loose": an order of magnitude (five times the factor 2 of "loose", common.py), read at the worst n
    # and at the largest n shown, where OV "is expected to be of use" (Sec. 2: "only in the asymptotic regime
    # of large n"). Undecidable when k relative SE of Sim could carry the factor across 10 (very_loose_factor).
    very = float(cfg["claims"]["very_loose_factor"])
    n, m_lo, se_lo, c_lo = data[("gauss4", s_lo)][:4]
    g = log_gap(c_lo["OV"], m_lo)
    if not g.size:     # issue 37: no n >= 1
        rec.wording(f"gauss4: OV 'very loose' at sigma2={s_lo:g}: factor between Sim and OV",
                    "The OV lower bound is very loose for this smaller noise level",
                    [Reading("worst n", float("nan"), lower=very, decidable=False),
                     Reading("largest n", float("nan"), lower=very, decidable=False)],
                    note="undecidable: no n >= 1", remedy="simulated n >= 1 of gauss4 (sh_sims, minutes)")
        lc_best_claim(rec, sims_by, theory_by, cfg, k)
        return rec
    i = int(np.argmax(g))
    rel = se_lo[1:] / m_lo[1:]
    rec.wording(f"gauss4: OV 'very loose' at sigma2={s_lo:g}: factor between Sim and OV",
                "The OV lower bound is very loose for this smaller noise level",
                [Reading(f"worst n (n = {int(n[1:][i])})", float(np.exp(g[i])), lower=very,
                         decidable=bool(abs(g[i] - np.log(very)) > k * rel[i])),
                 Reading(f"largest n (n = {int(n[-1])})", float(np.exp(g[-1])), lower=very,
                         decidable=bool(abs(g[-1] - np.log(very)) > k * rel[-1]))],
                note=f"max_n |ln(OV/Sim)| = {g.max():.3g} (vs {log_gap(data[('gauss4', s_hi)][3]['OV'], data[('gauss4', s_hi)][1]).max():.3g} "
                     f"at sigma2={s_hi:g})")
    lc_best_claim(rec, sims_by, theory_by, cfg, k)
    return rec


BEST = "In summary, of the approximations which we have derived, the LC approximation performs best"


def lc_best_claim(rec, sims: dict, theory: dict, cfg: dict, k: float) -> None:
    """The summary after Fig. 7: "of the approximations which we have derived, the LC approximation performs
    best" (Sec. 3: LC and UC). Judged in every learning-curve panel of Figs 3-7 (every scenario and noise
    level): LC closer to Sim than UC, under the worst-gap and the mean-gap readings of common.py (max and mean
    over n of |ln(curve/Sim)|). Each reading counts the panels where LC is not closer; a panel is undecidable
    when its margin is within k SE of ln Sim. A reading is decided by one clear counter-example, or when every
    panel is decided."""
    per = []
    for sc in cfg["scenarios"]:
        for s2 in cfg["scenarios"][sc]["sigma2"]:
            sm, th = sims[sc], theory[sc]
            m, se = sim_stats(sm["eps"][sigma_index(sm, s2)])
            i = sigma_index(th, s2)
            per.append((f"{sc}/{s2:g}", closer_readings({"LC": th["LC"][i]}, {"UC": th["UC"][i]}, m, se, k)))
    readings, parts = [], []
    for j, reads in enumerate(("worst gap (max over n)", "mean gap (mean over n)")):
        worse = [t for t, r in per if r[j].reproduced < 0]
        sure = [t for t, r in per if r[j].reproduced < 0 and r[j].decidable]
        undecided = [t for t, r in per if not r[j].decidable]
        readings.append(Reading(f"{reads}: panels where LC is not closer than UC", float(len(worse)), upper=0.0,
                                decidable=bool(sure) or not undecided))
        parts.append(f"{reads}: UC - LC margin " + ", ".join(f"{t} {r[j].reproduced:.3g}" for t, r in per)
                     + (f"; LC not closer in {', '.join(worse)}" if worse else "")
                     + (f"; undecided (within {k:g} SE): {', '.join(undecided)}" if undecided else ""))
    c = rec.wording(f"LC closer to Sim than UC in every learning-curve panel of Figs 3-7 ({len(per)} panels)", BEST,
                    readings, note=". ".join(parts) + ". Our measurement: where LC is not closer, UC is the closer "
                    "approximation in that panel (the paper's own Fig. 6 caption notes LC's poorer shape for Gaussian "
                    "inputs)")
    worse = [[t for t, r in per if r[j].reproduced < 0] for j in (0, 1)]
    if c.verdict == "fail" and all(FINDING_LC_BEST_PANELS[0] in w and set(w) <= set(FINDING_LC_BEST_PANELS)
                                   for w in worse):
        rec.explain(c, FINDING_LC_BEST, test=FINDING_LC_BEST_TEST)
