"""The claims of Hartog & van Zanten 2018, one pure function per figure: from the plotted data and the loaded cached
summaries (plain dicts of arrays, a DataFrame for Fig. 5, as the figure modules load them) and the paper's
configuration section to a ClaimsRecord.

No drawing here and no reading of files: each figure module's ``make`` loads, builds its plotted table, draws and
calls its function below, so every verdict can be unit-tested on small hand-made inputs (tests/test_hvz_claims.py).
The readings and tolerances that are ours (what "a fraction", "dramatic", "comparable", "some noise", "high" ... are
read as) come from the ``claims:`` section of the configuration (schema-checked,
workflow/schemas/hartog_vanzanten.schema.yaml); numbers the paper states are constants below, each with its
sentence.

The decision protocol (docs/protocol.md): a revised reading decides only with the test that shows its registered
reading passing a certainly wrong answer (rule 1: ``*_PROOF`` below); every claim judged on MCMC output (Figs 2, 4 and
8-10) goes through rule 3 (:func:`.common.chains_rule`): its pooled verdict stands when the chains have converged
(split R-hat below rhat_max, figures/protocol.csv), else it is decided only when every chain alone agrees. The caches
keep the traces of k and c (and, for the tracking chains, of log p(D | f)), not of the claims' own statistics, so
their split R-hats stand in for those (named in each claim's note).

No wall time goes into a claims file (a rebuild on unchanged code must leave it unchanged, and a chain's seconds
differ between any two runs): the sweeps' times stay in the cached results (``t_sweeps``, ``t_per_sweep``,
``chain_t_sweeps``), the jobs' logs and the notebook; Fig. 5, the timing figure, is kept apart (timing_figures).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from statmech_bayes.figures.hartog_vanzanten import PAPER
from statmech_bayes.figures.hartog_vanzanten.common import (
    BOTH_READINGS,
    TRACKING_SETUP,
    alt_readings,
    chain1_k,
    chain_values,
    chains_rule,
    dirichlet_energy,
    frame_iou,
    judge_readings,
    k_levels,
    level_weights_text,
    loglog_slope,
    range_chains,
    reading_of,
    reading_text,
    reading_views,
    tracking_arms,
    tracking_chains,
    tracking_probes,
    tracking_tried,
    tracking_unstated,
)
from statmech_bayes.reporting.claims import NOISE, OURS, RELATION, SETUP, UNCONVERGED, Caveat, ClaimsRecord, unproven
from statmech_bayes.truncated_laplacian import mcerror as mc
from statmech_bayes.truncated_laplacian import sampler as sa
from statmech_bayes.truncated_laplacian.eigenbasis import (
    DCTBasis,
    laplacian,
    path_eigenvalues,
    path_eigenvectors,
    prior_mass,
)
from statmech_bayes.truncated_laplacian.graphs import grid_adjacency, path_adjacency
from statmech_bayes.truncated_laplacian.tracking import boundary_distance

# Section 5.1: "path graph with n = 500 vertices"; Section 5.2: "the largest connected component has 848 nodes".
LCC_PAPER = 848
# Section 5.1, after Figs 2 and 4: "our suggested rule-of-thumb of setting gamma = 20/n corresponds in the previous
# examples to gamma = 0.04 and gamma = 0.024"; the paper rounds to the digits shown, so half its last digit is the
# tolerance.
RULE_GAMMA_PAPER = {"path": 0.04, "smallworld": 0.024}
RULE_GAMMA_ATOL = 0.0005
# Section 5.1: "gamma = 20/n puts about 63 %, 86 % and 98 % of the mass on the first 5 %, 10 % and 20 % of the
# eigenvectors" (the paper rounds to percent: half a percent is the tolerance).
RULE_MASS_PAPER = ((0.05, 0.63), (0.10, 0.86), (0.20, 0.98))
RULE_MASS_ATOL = 0.005
# Section 5.2: "all test and training images of the digits 4 and 9": 13,782 nodes.
FULL_N = 13782
# Section 5.3: "The animation consists of 9 frames of 100x100 pixels"; "We removed the color of 10% of the pixels at
# random".
NODES_PAPER, UNCOLOURED_PAPER = 90000, 0.10
# Fig. 9: "the additional object in frame 5 ... is ignored when we truncate at probability 0.5": the threshold at
# which a pixel counts as object (also what "located" in Fig. 8 is read against).
PROB_HALF = 0.5
# Fig. 10 caption: "the heat map is from red (width close to 0) to white (width close to 0.25)".
VMAX = 0.25
# Distances to the object's boundary (px) that split Fig. 10's pixels into "around the boundary" and "inside and
# outside": ours, and fixed in the per-chain summaries of truncated_laplacian/tracking_chains.py (pooled_summary),
# which the per-chain agreement of these claims reads, so they are not configurable here.
NEAR_PX, FAR_PX = 3, 5
# Rule 1 (docs/protocol.md): the tests that show a registered reading defective, so that its revision decides.
# Each feeds a certainly wrong answer (a constant estimate, the prior's Phi = 1/2, an estimate with no object) to
# the claims function and finds the registered reading passing it and the revised one not.
RMSE_DIFF_PROOF = "tests/test_hvz_claims.py::test_rmse_difference_registered_reading_passes_a_constant_estimate"
RULE_GAP_PROOF = "tests/test_hvz_claims.py::test_rule_gap_registered_reading_passes_a_constant_estimate"
FRAME_ERROR_PROOF = "tests/test_hvz_claims.py::test_frame_error_registered_reading_passes_the_all_background_estimate"
# Fig. 8's extra ball, registered (320dab8) as a rise of at least lift_min: the extra ball fully detected (probability
# 1 on its pixels), which the same sentence rules out ("... but is ignored when we truncate at probability 0.5"),
# passes it. The revision (issue 43: a ceiling where the words have one) reads the whole sentence: a visible rise
# that stays under the truncation.
LIFT_CEILING_PROOF = "tests/test_hvz_claims.py::test_lift_registered_reading_passes_the_extra_ball_fully_detected"
LIFT_CEILING_COMMIT = "0b09d48"
LIFT_CEILING_WHY = ("issue 43, after the result: the registered reading (a rise of at least lift_min) has no ceiling, "
                    "and the extra ball fully detected, which the same sentence rules out ('is ignored when we truncate "
                    "at probability 0.5'), passes it; the revised reading asks for the rise and for the extra ball's mean "
                    "probability to stay below 1/2; judged on the registered exact-label reading alone, the flip reading "
                    "(15bf329, no proof) shown beside")
# The four orders of Figs 2 and 4 (k, roughness, RMSE, coverage) were first judged, with their first result (320dab8),
# on the sign alone: "strict order" / "strict", no noise margin. bde4755 judged them beyond 2 standard errors of the
# chains' Monte-Carlo error. The proof feeds the claims function chains whose gammas are identical (no order at all)
# and finds the sign-only reading passing them at chance (1/2 for two values, 1/6 for three), the revised one at its
# nominal few per cent.
STRICT_ORDER_COMMIT = "bde4755"
STRICT_ORDER_PROOF = "tests/test_hvz_claims.py::test_strict_order_registered_reading_passes_chains_without_order"
STRICT_ORDER_WHY = ("bde4755, after the first result (320dab8): the claims carry the chains' Monte-Carlo error and are "
                    "inconclusive within two standard errors; the sign alone passes chains with no order at all at "
                    "chance (1/2 for two values, 1/6 for three)")
# Exact identities (eigenpairs, a construction): equal up to floating-point rounding.
EIG_ATOL = 1e-10
# The prior the paper recommends (Sections 5.1, 5.2 and 6: "good results are obtained using ... a = b = 0").
IMPROPER = Caveat(
    "improper_prior",
    "with a = b = 0 (p(c) ∝ 1/c, the prior the paper recommends) the posterior is improper for any data, noisy labels "
    "included: as c -> infinity f -> 0 and p(D | k, c) -> 2^-N, which does not vanish, so the integral of "
    "p(D | k, c) dc / c diverges (tests/test_hvz_sampler.py::test_posterior_of_c_with_a_equal_b_equal_0_is_improper_"
    "at_both_ends); what the chains give is where they are after a finite run, not the summary of a posterior")
# Figs 2 and 4 rest on one drawn truth and one set of labels (issue 37).
ONE_DRAW = Caveat(
    "one_data_draw",
    "one drawn truth and one set of simulated labels: the standard errors count the chains' Monte-Carlo error only, "
    "not the draw of the data, so 'beyond 2 standard errors' says nothing about another data set; the other master "
    "seeds, each a new draw, decide that (docs/protocol.md, rule 4)")
# The k-move of Algorithm 1 checked exactly on a small path graph (spec A4): n, gamma, c and the seed of z.
RJ_N, RJ_GAMMA, RJ_C, RJ_SEED = 30, 0.1, 10.0, 0
# Total-variation distance below which a k-chain leaves p(k | z, c) invariant: the stationary law is computed
# exactly (an eigenvector of the 30 x 30 transition matrix), so only rounding separates a right ratio from 0.
RJ_TV_ATOL = 1e-8


def _pm(v: float, se: float) -> str:
    return f"{v:.4g} +- {se:.2g}"


def _half(x: float) -> str:
    return "half" if x == 0.5 else f"{x:g}"


def prior_k_mean(gamma: float, n: int) -> float:
    """E[k] under the prior of eq. (2), P(k) ∝ exp(-gamma k) on 1..n: what a posterior that learned nothing
    about k gives (the trivial answer of the k claims, issue 36)."""
    k = np.arange(1, n + 1, dtype=float)
    w = np.exp(-gamma * (k - 1))
    return float(np.sum(k * w) / np.sum(w))


# ------------------------------------------------------------------------------------- Fig 1: the path data

def fig1_claims(d: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 1: the path-graph data (``path.npz``: f0, ell0, y, observed) has the configured size and share of
    removed labels; the eigenpairs of eq. (4) (with the cosine index corrected to k - 1) diagonalise L = D - A, and
    eq. (4) as printed does not (a finding)."""
    n = d["f0"].size
    obs = d["observed"]
    rec = ClaimsRecord("hartog_vanzanten/fig1", PAPER)
    rec.close("number of vertices of the path graph", "path graph with n = 500 vertices", n, int(cfg["path"]["n"]),
              atol=0.5, kind=SETUP, note="a stated size: true by construction of our data")
    rec.close("fraction of labels removed", "we remove 20 % of the labels", float((~obs).mean()),
              float(cfg["path"]["frac_missing"]), atol=1e-9, kind=SETUP,
              note="a stated share: true by construction of our data")
    L = laplacian(path_adjacency(n)).toarray()
    lam = path_eigenvalues(n)
    U = path_eigenvectors(n)
    res = float(np.abs(L @ U - U * lam).max())
    rec.within("max |L u - lambda u| over the eigenpairs of eq. (4), cosine index corrected to k-1",
               "the eigenpairs of the path graph are lambda_k = 4 sin^2(pi (k-1)/(2n)), u^(k) of eq. (4)", res,
               upper=EIG_ATOL, note="L = D - A (the text's L = A - D is a sign typo: see the claim on it)",
               known="the path graph's spectrum, the DCT-II basis (Mohar 1991; Strang 1999, SIAM Review 41)")
    # Section 2: "The Laplacian is given by L = A - D ... It is a symmetric, non-negative definite matrix."
    A = path_adjacency(n).toarray()
    printed_min = float(np.linalg.eigvalsh(A - np.diag(A.sum(axis=1))).min())
    sign = rec.within("smallest eigenvalue of L = A - D as printed (path graph of the data)",
                      "the Laplacian is given by L = A - D ... it is a symmetric, non-negative definite matrix",
                      printed_min, lower=-EIG_ATOL,
                      note="non-negative definite read as every eigenvalue >= -1e-10 (rounding); D - A has smallest "
                           f"eigenvalue {float(lam.min()):.2g} and the paper's lambda_k; A - D = -(D - A) has -lambda_k")
    if sign.verdict == "fail":
        rec.explain(sign, "sign typo in Section 2: L = A - D has eigenvalues -lambda_k <= 0 (negative semi-definite); "
                          "the paper's non-negative lambda_k, its grid eigenvalues and the prior precision "
                          "(lambda_i + 1/n^2)^q all belong to L = D - A",
                    test="test_hvz_laplacian_printed_as_a_minus_d_is_not_non_negative")
    i = np.arange(1, n + 1)[:, None]
    k = np.arange(1, n + 1)[None, :]
    U_printed = np.sqrt(2.0 / n) * np.cos(np.pi * (i - 0.5) * k / n)
    U_printed[:, 0] = 1.0 / np.sqrt(n)
    res_printed = float(np.abs(L @ U_printed - U_printed * lam).max())
    printed = rec.within("max |L u - lambda u| for eq. (4) as printed (cosine index k)",
                         "u_i^(k) = sqrt(2/n) cos(pi (i - 1/2) k / n) for k = 2..n, 1/sqrt(n) for k = 1 (eq. 4) are "
                         "the eigenvectors for lambda_k", res_printed, upper=EIG_ATOL)
    if printed.verdict == "fail":
        rec.explain(printed, "index typo in eq. (4): with k in the cosine u^(n) is identically 0 and the vectors "
                             "belong to lambda_(k+1); the cosine needs (k-1)",
                    test="test_hvz_eq4_printed_eigenvectors_are_wrong")
    rec.note("f0_range", [float(d["f0"].min()), float(d["f0"].max())])
    rec.note("ell0_range", [float(d["ell0"].min()), float(d["ell0"].max())])
    return rec


# ------------------------------------------------------------------------- Figs 2 and 4: the posteriors

def posterior_claims(rec: ClaimsRecord, data: dict, chains: dict, tags: list[str], edges: np.ndarray,
                     gamma_rule: float, cl: dict) -> None:
    """:func:`_posterior_claims`, each claim naming the caveats of Figs 2 and 4: one drawn data set, and the
    improper posterior of the prior the paper recommends."""
    with rec.citing(ONE_DRAW, IMPROPER):
        _posterior_claims(rec, data, chains, tags, edges, gamma_rule, cl)


def _posterior_claims(rec: ClaimsRecord, data: dict, chains: dict, tags: list[str], edges: np.ndarray,
                      gamma_rule: float, cl: dict) -> None:
    """The statements of Section 5.1 about Figs 2 and 4 (and the rule of thumb discussed after them). ``cl``: the
    ``claims:`` configuration (the readings of "a fraction", "a little", "a small fraction", "without much").

    Each number is a posterior summary estimated from R independent chains; its Monte-Carlo error is the
    jackknife over chains (:mod:`.mcerror`). A claim is decided only when the value clears its boundary by
    ``Z_DECIDE`` standard errors; otherwise it is inconclusive (the cure is longer or more chains, never a
    wider tolerance). Rule 3 of the protocol (:func:`.common.chains_rule`): that pooled verdict stands only when the
    chains of every gamma the claim reads have converged (split R-hat of k, and for a claim on the posterior mean of
    Phi(f) also of log c, below rhat_max: the chain files keep the traces of k and c, not of f); otherwise the claim
    is decided only when every chain alone (chain r of each gamma) gives the same verdict."""
    n = data["f0"].size
    g0, g1, g2 = tags  # 0, 0.1, 1
    z = mc.Z_DECIDE
    k_frac, little = float(cl["k_fraction_max"]), float(cl["rmse_little"])
    share, gap_max = float(cl["rule_k_share_max"]), float(cl["rule_rmse_gap_max"])
    c0 = chains[g0]
    R, n_iter, burn = int(c0["n_chains"]), int(c0["n_iter"]), int(c0["burn_in"])
    unstated = (f"depends on unstated choices: q = {float(c0['q']):g}, k0 = {int(c0['k0'])}, c0 = 1, {n_iter} sweeps "
                f"(burn-in {burn}), K_max = n = {n}, k drawn from p(k | z, c) ({str(c0['k_move'])} move)")
    mcnote = (f"Monte-Carlo error: jackknife over {R} independent chains per gamma; decided when the value clears "
              f"the boundary by {z:g} standard errors")

    def kstat(t):
        km = np.asarray(chains[t]["k_mean_chains"], dtype=float)
        # one chain (or none): no Monte-Carlo error can be estimated, so nothing built on it is decided
        se = float(km.std(ddof=1) / np.sqrt(km.size)) if km.size > 1 else float("nan")
        return float(chains[t]["k_mean"]), se

    def prior(t):
        return prior_k_mean(float(chains[t]["gamma"]), n)

    def shift(t):
        m, se = kstat(t)
        return f"gamma = {t}: posterior {_pm(m, se)}, prior {prior(t):.4g}, data add {m - prior(t):+.4g}"

    def of_mean(t, fn):
        x = np.asarray(chains[t]["ell_mean_chains"], dtype=float)
        if x.ndim < 2 or x.shape[0] < 2:  # one chain: its value, no standard error (nothing is decided on it)
            return float(fn(np.asarray(chains[t]["ell_mean"], dtype=float))), float("nan")
        return mc.stat_with_se(x, fn)

    ell0 = data["ell0"]

    def rmse_fn(m):
        return float(np.sqrt(np.mean((m - ell0) ** 2)))

    # Fewer than two chains for any gamma: no Monte-Carlo error and no check that the chains agree, so every
    # posterior claim is undecided (unconverged), never a crash (issue 37).
    single = min(np.asarray(chains[t]["k_mean_chains"]).size for t in (*tags, "rule")) < 2

    def why(value: float = float("nan"), se: float = float("nan"), bound: float = float("nan")) -> dict:
        """How an undecided posterior claim is undecided: one chain (unconverged), or noise with its remedy."""
        if single:
            return {"undecided": UNCONVERGED}
        gap_ = abs(value - bound)
        f = (z * se / gap_) ** 2 if gap_ > 0 and np.isfinite(se) else float("nan")
        more = f"about {max(f, 1.0):.2g}x" if np.isfinite(f) else "several times"
        return {"remedy": f"{more} the kept draws per gamma (more or longer chains; the standard error falls like "
                          "1/sqrt(draws)); one hvz_graph_mcmc job (one gamma, all its chains) takes about 30 s at paper "
                          "scale (docs/performance.md), so about that many times 30 s per gamma"}

    def rhats(*ts, k_only: bool = False) -> dict[str, float]:
        """The split R-hats standing for what a claim reads (rule 3): k for the k claims; k and log c for those on
        the posterior mean of Phi(f). None with one chain: a single chain shows nothing about convergence."""
        if single:
            return {}
        out = {f"k (gamma={t})": _rhat_trace(chains[t], "k_chains") for t in ts}
        if not k_only:
            out.update({f"log c (gamma={t})": _rhat_trace(chains[t], "c_chains", log=True) for t in ts
                        if "c_chains" in chains[t]})
        return out

    n_each = min(np.asarray(chains[t]["ell_mean_chains"]).shape[0] if np.asarray(chains[t]["ell_mean_chains"]).ndim == 2
                 else 1 for t in (*tags, "rule"))

    def per_k(t):
        return np.asarray(chains[t]["k_mean_chains"], dtype=float)[:n_each]

    def per_ell(t, fn):
        x = np.asarray(chains[t]["ell_mean_chains"], dtype=float)
        return np.array([fn(e) for e in x[:n_each]]) if x.ndim == 2 else np.array([])

    def side(ok_):
        return "pass" if ok_ else "fail"

    def judged(v, value, se, bound) -> dict:
        """The keywords of an undecided claim: noise with its remedy, or unconverged."""
        return why(value, se, bound) if v.verdict != "inconclusive" or v.reason == NOISE else {"undecided": v.reason}

    def sign_order(text, said, shown, values, rh, each, tolerance, kind=RELATION):
        """The registered reading of an order (320dab8): ``values`` strictly decreasing, on the sign of each
        consecutive difference of the pooled estimates alone (no noise margin), through rule 3 like every reading
        judged on MCMC output (``rh`` the R-hats standing for it, ``each`` its verdict on every chain alone)."""
        ok_ = bool(np.all(np.diff(np.asarray(values, dtype=float)) < 0))
        v_, _, r3_ = chains_rule(side(ok_), rh, each)
        return rec.holds(text, said, shown, v_.verdict == "pass", tolerance, decidable=v_.verdict != "inconclusive",
                         kind=kind, undecided=v_.reason or UNCONVERGED,
                         note=f"registered reading (320dab8): the sign alone, no noise margin; {r3_}")

    # Rule 4: the best constant estimate of l0 (its mean; the prior's Phi = 1/2 is a constant too) has RMSE sd(l0).
    # A comparison of RMSEs that two identical constant estimates would pass must also see each RMSE below it.
    rmse_const = float(np.std(ell0))

    def beats_const(*ts):
        """(passed, decided) for 'every RMSE of ``ts`` is below that of the best constant estimate'."""
        res = []
        for t in ts:
            v_, se_ = rmall[t]
            se_ = se_ if np.isfinite(se_) else np.inf
            res.append((v_ < rmse_const, v_ + z * se_ < rmse_const or v_ - z * se_ >= rmse_const))
        return all(r[0] for r in res), all(r[1] for r in res) or any(r[1] and not r[0] for r in res)

    km = {t: kstat(t) for t in tags}
    ok, dec = mc.order_verdict([km[g0][0], km[g1][0], km[g2][0]], [km[g0][1], km[g1][1], km[g2][1]])
    dk = min(km[g0][0] - km[g1][0], km[g1][0] - km[g2][0])
    each_k = [side(a > b > c_) for a, b, c_ in zip(per_k(g0), per_k(g1), per_k(g2))]
    v, _, r3 = chains_rule(side(ok) if dec else "inconclusive", rhats(*tags, k_only=True), each_k)
    claim_k = f"posterior mean of k: gamma={g2} < gamma={g1} < gamma={g0}"
    said_k = "a high gamma results in low values for k, as expected"
    shown_k = f"{_pm(*km[g2])} < {_pm(*km[g1])} < {_pm(*km[g0])}"
    reg = sign_order(claim_k, said_k, shown_k, [km[g0][0], km[g1][0], km[g2][0]], rhats(*tags, k_only=True), each_k,
                     "strict order", kind=SETUP)
    rev = rec.holds(claim_k, said_k, shown_k, v.verdict == "pass",
                    "strict order beyond 2 standard errors", decidable=v.verdict != "inconclusive", kind=SETUP,
                    **judged(v, dk, float(np.hypot(km[g0][1], km[g1][1])), 0.0),
                    note=f"{r3}; true for any data, so a set-up fact (it checks our sampler, not the paper): "
                         "p(k | D) ∝ p(D | k) e^(-gamma k) makes d E[k | D] / d gamma = -Var(k | D) < 0, and the prior "
                         f"alone orders the means {prior(g2):.3g} < {prior(g1):.3g} < {prior(g0):.4g}; "
                         + "; ".join(shift(t) for t in tags) + f"; {unstated}; {mcnote}")
    rec.revise(reg, rev, STRICT_ORDER_COMMIT, STRICT_ORDER_WHY, proof=STRICT_ORDER_PROOF)
    ratio = km[g1][0] / km[g0][0]
    ratio_se = ratio * float(np.hypot(km[g1][1] / km[g1][0], km[g0][1] / km[g0][0]))  # delta method
    ok, dec = mc.range_verdict(ratio, ratio_se, upper=k_frac)
    cr = range_chains(ratio, per_k(g1) / per_k(g0), rhats(g0, g1, k_only=True), upper=k_frac, pooled_decided=dec)
    rec.within(f"E[k | gamma={g1}] / E[k | gamma={g0}]",
               "the number of eigenvectors used in case of gamma = 0.1 is only a fraction of the number of "
               "eigenvectors used in case of gamma = 0", cr.value, upper=k_frac, decidable=cr.decidable, kind=SETUP,
               **(why(ratio, ratio_se, k_frac) if cr.undecided == NOISE else {"undecided": cr.undecided}),
               note=f"{cr.note}; a property of the prior the paper chose, which the posterior inherits, so a set-up fact: the "
                    f"prior alone gives {prior(g1) / prior(g0):.3g} (no data needed), the posterior {ratio:.3g}; "
                    f"{shift(g1)}; {shift(g0)}; 'a fraction' read as at most {_half(k_frac)}; standard error "
                    f"{ratio_se:.2g} (delta method); " + unstated)
    rm = {t: of_mean(t, rmse_fn) for t in tags}
    rmall = {**rm, "rule": of_mean("rule", rmse_fn)}
    # |RMSE0 - RMSE01|: the two gammas' chains are independent, so the error of the difference adds in quadrature
    dr = abs(rm[g0][0] - rm[g1][0])
    dr_se = float(np.hypot(rm[g0][1], rm[g1][1]))
    diff = float(np.sqrt(np.mean((chains[g0]["ell_mean"] - chains[g1]["ell_mean"]) ** 2)))
    ok, dec = mc.range_verdict(dr, dr_se, upper=little)
    r0, r1 = per_ell(g0, rmse_fn), per_ell(g1, rmse_fn)
    claim_dr = f"|RMSE(gamma={g0}) - RMSE(gamma={g1})| of the posterior mean of Phi(f) against l0"
    said_dr = "comparing gamma = 0 and gamma = 0.1 we observe only a little difference in the estimation performance"
    note_dr = (f"'a little' read as at most {little:g} (a fifth of either RMSE, about 0.05); RMSEs "
               f"{_pm(*rm[g0])} and {_pm(*rm[g1])}; standard error of the difference {dr_se:.2g}; RMS difference "
               f"of the two posterior means {diff:.4f}; {mcnote}")
    cr = range_chains(dr, np.abs(r0 - r1), rhats(g0, g1), upper=little, pooled_decided=dec)
    reg = rec.within(claim_dr, said_dr, cr.value, upper=little, decidable=cr.decidable, note=f"{note_dr}; {cr.note}",
                     **(why(dr, dr_se, little) if cr.undecided == NOISE else {"undecided": cr.undecided}))
    okc, decc = beats_const(g0, g1)
    dec_rev = (dec and decc) or (dec and not ok) or (decc and not okc)
    v, _, r3 = chains_rule(side(ok and okc) if dec_rev else "inconclusive", rhats(g0, g1),
                           [side(abs(a - b) <= little and a < rmse_const and b < rmse_const) for a, b in zip(r0, r1)])
    rev = rec.holds(claim_dr, said_dr, dr, v.verdict == "pass",
                    f"[-inf, {little:g}] and each RMSE below the best constant estimate's sd(l0) = {rmse_const:.4g}",
                    decidable=v.verdict != "inconclusive", kind="value", note=f"{note_dr}; {r3}",
                    **judged(v, dr, dr_se, little))
    rec.revise(reg, rev, "bc7030f", "rule 4: two identical constant estimates (the prior's Phi = 1/2 among them) "
               "differ by 0 and passed; the estimates must also beat the best constant",
               proof=RMSE_DIFF_PROOF)
    energy = {t: of_mean(t, lambda m: dirichlet_energy(m, edges)) for t in tags}
    ok, dec = mc.order_verdict([energy[g][0] for g in (g0, g1, g2)], [energy[g][1] for g in (g0, g1, g2)])
    de = min(energy[g0][0] - energy[g1][0], energy[g1][0] - energy[g2][0])
    en = [per_ell(g, lambda m: dirichlet_energy(m, edges)) for g in (g0, g1, g2)]
    each_e = [side(a > b > c_) for a, b, c_ in zip(*en)]
    v, _, r3 = chains_rule(side(ok) if dec else "inconclusive", rhats(g0, g1, g2), each_e)
    claim_e = f"roughness sum_(i~j) (l_i - l_j)^2 of the posterior mean: gamma={g0} > gamma={g1} > gamma={g2}"
    said_e = "if we choose gamma too high, we might be oversmoothing as a result of taking too few eigenvectors"
    shown_e = " > ".join(_pm(*energy[g]) for g in (g0, g1, g2))
    reg = sign_order(claim_e, said_e, shown_e, [energy[g][0] for g in (g0, g1, g2)], rhats(g0, g1, g2), each_e,
                     "strict order")
    rev = rec.holds(claim_e, said_e, shown_e, v.verdict == "pass",
                    "strict order beyond 2 standard errors", decidable=v.verdict != "inconclusive",
                    note=f"truth: {dirichlet_energy(ell0, edges):.4g}; {mcnote}; {r3}",
                    **judged(v, de, float(np.hypot(energy[g0][1], energy[g1][1])), 0.0))
    rec.revise(reg, rev, STRICT_ORDER_COMMIT, STRICT_ORDER_WHY, proof=STRICT_ORDER_PROOF)
    ok, dec = mc.order_verdict([rm[g2][0], rm[g1][0]], [rm[g2][1], rm[g1][1]])
    each_m = [side(a > b) for a, b in zip(per_ell(g2, rmse_fn), r1)]
    v, _, r3 = chains_rule(side(ok) if dec else "inconclusive", rhats(g1, g2), each_m)
    claim_m = f"RMSE of the posterior mean vs l0: gamma={g2} > gamma={g1}"
    said_m = ("if we choose gamma too high, we might be oversmoothing as a result of taking too few eigenvectors"
              "(gamma = 1)")
    shown_m = f"{_pm(*rm[g2])} vs {_pm(*rm[g1])}"
    reg = sign_order(claim_m, said_m, shown_m, [rm[g2][0], rm[g1][0]], rhats(g1, g2), each_m, "strict")
    rev = rec.holds(claim_m, said_m, shown_m, v.verdict == "pass", "strict beyond 2 standard errors",
                    decidable=v.verdict != "inconclusive",
                    **judged(v, rm[g2][0] - rm[g1][0], float(np.hypot(rm[g2][1], rm[g1][1])), 0.0),
                    note=f"{mcnote}; {r3}; one data realisation, so this is about its posterior, not about every "
                         "data set; " + unstated)
    rec.revise(reg, rev, STRICT_ORDER_COMMIT, STRICT_ORDER_WHY, proof=STRICT_ORDER_PROOF)
    cover = {}
    for t in tags:
        loo = np.asarray(chains[t]["coverage_loo"], dtype=float)
        cover[t] = (float(chains[t]["coverage"]), mc.jackknife_se(loo) if loo.size > 1 else float("nan"))
    ok, dec = mc.order_verdict([cover[g1][0], cover[g2][0]], [cover[g1][1], cover[g2][1]])
    # the chain files keep each chain's posterior mean but not its own band, so no chain alone gives a coverage
    v, _, r3 = chains_rule(side(ok) if dec else "inconclusive", rhats(g1, g2), [])
    claim_c = f"fraction of vertices whose 95 % band covers l0: gamma={g2} < gamma={g1}"
    said_c = "if we choose gamma too high, we might be oversmoothing (gamma = 1)"
    shown_c = f"{_pm(*cover[g2])} vs {_pm(*cover[g1])}"
    reg = sign_order(claim_c, said_c, shown_c, [cover[g1][0], cover[g2][0]], rhats(g1, g2), [], "strict", kind=OURS)
    rev = rec.holds(claim_c, said_c, shown_c, v.verdict == "pass", "strict beyond 2 standard errors",
                    decidable=v.verdict != "inconclusive", kind=OURS,
                    **judged(v, cover[g1][0] - cover[g2][0], float(np.hypot(cover[g1][1], cover[g2][1])), 0.0),
                    note="not a number the paper gives (ours, never the paper's verdict); added because coverage "
                         f"shows oversmoothing more reliably than the RMSE; {mcnote}; {r3} (no chain's own "
                         "band is stored, so no chain alone gives a coverage)")
    rec.revise(reg, rev, STRICT_ORDER_COMMIT, STRICT_ORDER_WHY, proof=STRICT_ORDER_PROOF)
    r = chains["rule"]
    gr = float(r["gamma"])
    kr = kstat("rule")
    ok, dec = mc.range_verdict(kr[0] / n, kr[1] / n, upper=share)
    mass = float(prior_mass(gamma_rule / n, n, round(share * n)))
    cr = range_chains(kr[0] / n, per_k("rule") / n, rhats("rule", k_only=True), upper=share, pooled_decided=dec)
    rec.within(f"E[k | gamma = {gamma_rule:g}/n = {gr:.4g}] / n",
               "the rule of thumb gamma = 20/n ends up in using only a small fraction of the total number of "
               "eigenvectors", cr.value, upper=share, decidable=cr.decidable, kind=SETUP,
               **(why(kr[0] / n, kr[1] / n, share) if cr.undecided == NOISE else {"undecided": cr.undecided}),
               note=f"{cr.note}; a property of the prior gamma = {gamma_rule:g}/n, which the posterior inherits, so a set-up "
                    f"fact: the prior alone gives E[k]/n = {prior('rule') / n:.3g}; {shift('rule')}; 'small fraction' "
                    f"read as the first {100 * share:g} % ({100 * mass:.0f} % of the prior mass); "
                    f"standard error {kr[1] / n:.2g}; " + unstated)
    rr = rmall["rule"]
    best_t = g0 if rm[g0][0] <= rm[g1][0] else g1
    gap, gap_se = rr[0] - rm[best_t][0], float(np.hypot(rr[1], rm[best_t][1]))
    ok, dec = mc.range_verdict(gap, gap_se, upper=gap_max)
    claim_gap = f"RMSE(gamma = {gamma_rule:g}/n) - min(RMSE(gamma={g0}), RMSE(gamma={g1}))"
    note_gap = (f"RMSE rule {_pm(*rr)}, coverage {float(r['coverage']):.3f}; 'without much' read as within "
                f"{gap_max:g} of the better of gamma = 0, 0.1; standard error {gap_se:.2g}")
    rr_each = per_ell("rule", rmse_fn)
    gaps = rr_each - np.minimum(r0, r1)
    cr = range_chains(gap, gaps, rhats(g0, g1, "rule"), upper=gap_max, pooled_decided=dec)
    reg = rec.within(claim_gap, "but it does not oversmooth too much", cr.value, upper=gap_max,
                     decidable=cr.decidable, note=f"{note_gap}; {cr.note}",
                     **(why(gap, gap_se, gap_max) if cr.undecided == NOISE else {"undecided": cr.undecided}))
    okc, decc = beats_const("rule")
    dec_rev = (dec and decc) or (dec and not ok) or (decc and not okc)
    v, _, r3 = chains_rule(side(ok and okc) if dec_rev else "inconclusive", rhats(g0, g1, "rule"),
                           [side(g_ <= gap_max and x < rmse_const) for g_, x in zip(gaps, rr_each)])
    rev = rec.holds(claim_gap, "but it does not oversmooth too much", gap, v.verdict == "pass",
                    f"[-inf, {gap_max:g}] and the rule's RMSE below the best constant estimate's sd(l0) = "
                    f"{rmse_const:.4g}", decidable=v.verdict != "inconclusive",
                    kind="value", note=f"{note_gap}; {r3}", **judged(v, gap, gap_se, gap_max))
    rec.revise(reg, rev, "bc7030f", "rule 4: a rule-of-thumb estimate equal to a constant one (the prior's Phi = 1/2) "
               "passed whenever the others were as bad; it must also beat the best constant", proof=RULE_GAP_PROOF)
    for t in (*tags, "rule"):
        c = chains[t]
        rec.note(f"gamma={t}", {"gamma": float(c["gamma"]), "k_mean": float(c["k_mean"]),
                                "k_mean_per_chain": [round(float(x), 2) for x in c["k_mean_chains"]],
                                "k_q05": float(c["k_q05"]), "k_q95": float(c["k_q95"]), "rmse": float(c["rmse"]),
                                "coverage": float(c["coverage"]), "miscls_unobserved": float(c["miscls_unobserved"]),
                                "acceptance_rate": float(c["acceptance_rate"]), "n_chains": int(c["n_chains"]),
                                "k_move": str(c["k_move"]), "n_at_kmax": int(c["n_at_kmax"]),
                                "n_reject_kmax": int(c["n_reject_kmax"]),
                                "k0": int(c["k0"]), "K_max": int(c["K_max"]),
                                "rhat_k": _rhat_k(c)})


def _rhat_trace(c: dict, key: str, log: bool = False) -> float:
    """Split R-hat (BDA3 eq. 11.4, :func:`.mcerror.gelman_rubin`) of one gamma's traces ``key`` (``k_chains`` or
    ``c_chains``, of log c with ``log``) after burn-in; NaN when they are not stored, are fewer than two chains or
    too short, or never move (nothing then shows convergence: rule 3)."""
    if key not in c:
        return float("nan")
    x = np.asarray(c[key], dtype=float)
    if x.ndim != 2 or x.shape[0] < 2:
        return float("nan")
    x = x[:, int(c["burn_in"]):]
    if x.shape[1] < 4:
        return float("nan")
    return float(mc.gelman_rubin(np.log(x) if log else x))


def _rhat_k(c: dict) -> float | None:
    """Split R-hat of k over the chains of one gamma after burn-in (None for one chain or a k that never moves)."""
    if "k_chains" not in c:
        return None
    k = np.asarray(c["k_chains"], dtype=float)[:, int(c["burn_in"]):]
    if k.shape[1] < 4:
        return None
    r = mc.gelman_rubin(k)
    return round(r, 4) if np.isfinite(r) else None


def rule_mass_claims(rec: ClaimsRecord, n: int, gamma_rule: float) -> None:
    """The prior masses of eq. (2) that Section 5.1 quotes for the rule of thumb (``RULE_MASS_PAPER``)."""
    gamma = gamma_rule / n
    for frac, target in RULE_MASS_PAPER:
        mass = float(prior_mass(gamma, n, round(frac * n)))
        rec.close(f"prior mass of k in the first {frac:.0%} of the eigenvectors, gamma = {gamma_rule:g}/n, n = {n}",
                  f"gamma = 20/n puts about {target:.0%} of the mass on the first {frac:.0%} of the eigenvectors",
                  mass, target, atol=RULE_MASS_ATOL, kind=SETUP,
                  note="exact mass of eq. (2) on {1..l}; the paper rounds to percent; arithmetic on the paper's own "
                       "prior and numbers, so a set-up fact")


def k_move_stationary_tv(squared: bool, n: int = RJ_N, gamma: float = RJ_GAMMA, c: float = RJ_C,
                         seed: int = RJ_SEED) -> float:
    """Total-variation distance between p(k | z, c) ∝ p(z | k, c) e^(-gamma k) and the stationary law of Algorithm
    1's k-move (Bin(4, 1/2) steps, Metropolis acceptance) on a path graph of ``n`` vertices, z ~ N(0, I) from
    ``seed``: with the ratio's exponent (z^T u^(i))^2 / (1 + c tau_i) (``squared``), or as printed in Section 3.2
    and Algorithm 1 line 5, z^T u^(i) unsquared. Both laws are exact (the transition matrix's eigenvector)."""
    basis = DCTBasis((n,))
    z = np.random.default_rng(seed).standard_normal(n)
    zeta, tau = basis.project(z, n), sa.tau(basis.lam, n, 1.0)
    ct = c * tau[:n]
    x = zeta ** 2 if squared else zeta
    terms = 0.5 * (np.log(ct) - np.log1p(ct) + x / (1 + ct))
    lp = np.cumsum(0.5 * (np.log(ct) - np.log1p(ct) + zeta ** 2 / (1 + ct))) - gamma * np.arange(1, n + 1)
    exact = np.exp(lp - lp.max())
    exact /= exact.sum()
    cum = np.concatenate([[0.0], np.cumsum(terms)])
    P = np.zeros((n, n))
    for k in range(1, n + 1):
        for step, pr in zip(range(-2, 3), sa.PROPOSAL_PROBS):
            kp = k + step
            if step and 1 <= kp <= n:
                log_r = -gamma * (kp - k) + (cum[kp] - cum[k])
                P[k - 1, kp - 1] = pr * min(1.0, float(np.exp(min(log_r, 0.0))))
        P[k - 1, k - 1] = 1.0 - P[k - 1].sum()
    w, vec = np.linalg.eig(P.T)
    pi = np.abs(np.real(vec[:, np.argmin(np.abs(w - 1))]))
    return float(0.5 * np.abs(pi / pi.sum() - exact).sum())


def rj_ratio_claims(rec: ClaimsRecord) -> None:
    """Algorithm 1's acceptance ratio as printed (Section 3.2, line 5 of Algorithm 1: z^T u^(i) without its square)
    against the k-conditional it must leave invariant (Lemma 1), and the corrected ratio as the contrast."""
    tv = k_move_stationary_tv(squared=False)
    c = rec.within(f"total-variation distance between p(k | z, c) and the stationary law of Algorithm 1's k-move as "
                   f"printed (exponent z^T u^(i) unsquared), path graph n = {RJ_N}",
                   "Algorithm 1: accept k' with probability min(1, r), r as in Section 3.2 (exponent z^T u^(i) / "
                   "(1 + c tau_i)); by Lemma 1 the chain has the posterior as its stationary law", tv, upper=RJ_TV_ATOL,
                   note=f"gamma = {RJ_GAMMA:g}, c = {RJ_C:g}, z ~ N(0, I) (seed {RJ_SEED}), both laws exact; with the "
                        f"square the distance is {k_move_stationary_tv(squared=True):.1e}; our sampler uses the "
                        "square (spec A4)")
    if c.verdict == "fail":
        rec.explain(c, "missing square in the acceptance ratio (Section 3.2 and Algorithm 1 line 5): p(z | k, c) has "
                       "(z^T u^(i))^2 in its exponent, so only the squared ratio satisfies detailed balance; as printed "
                       "the k-move targets another law",
                    test="test_hvz_acceptance_ratio_printed_without_square_is_wrong")


def fig2_claims(data: dict, chains: dict, tags: list[str], cfg: dict) -> ClaimsRecord:
    """Fig. 2 (path graph): the posterior claims of Section 5.1 from the data (``path.npz``) and the pooled chains of
    each gamma in ``tags`` (0, 0.1, 1) and of the rule of thumb (``chains["rule"]``); the rule's prior masses and
    its gamma for n = 500."""
    n = data["f0"].size
    rec = ClaimsRecord("hartog_vanzanten/fig2", PAPER)
    edges = np.stack([np.arange(n - 1), np.arange(1, n)], axis=1)
    rule = float(cfg["path"]["gamma_rule"])
    posterior_claims(rec, data, chains, tags, edges, rule, cfg["claims"])
    rule_mass_claims(rec, n, rule)
    rj_ratio_claims(rec)
    rec.close(f"rule-of-thumb gamma = {rule:g}/n for n = {n}", "our suggested rule-of-thumb of setting gamma = 20/n "
              "corresponds in the previous examples to gamma = 0.04 [path graph]", rule / n, RULE_GAMMA_PAPER["path"],
              atol=RULE_GAMMA_ATOL, kind=SETUP, note="arithmetic on the paper's own numbers (20/500)")
    return rec


def fig4_claims(data: dict, chains: dict, tags: list[str], cfg: dict) -> ClaimsRecord:
    """Fig. 4 (small-world graph): the posterior claims of Section 5.1 on the graph's own edges and the rule of
    thumb's gamma for its n."""
    n = data["f0"].size
    rec = ClaimsRecord("hartog_vanzanten/fig4", PAPER)
    rule = float(cfg["smallworld"]["gamma_rule"])
    posterior_claims(rec, data, chains, tags, data["edges"], rule, cfg["claims"])
    rec.close(f"rule-of-thumb gamma = {rule:g}/n for n = {n}", "our suggested rule-of-thumb ... corresponds ... to "
              "gamma = 0.024 [small-world graph]", rule / n, RULE_GAMMA_PAPER["smallworld"], atol=RULE_GAMMA_ATOL,
              kind=SETUP, note="the paper rounds 20/848 = 0.0236; arithmetic on the paper's own numbers")
    return rec


# --------------------------------------------------------------------------------- Fig 3: the small-world data

def fig3_claims(d: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 3: the largest connected component (``smallworld.npz``: y, observed, edges, graph_seed) has the paper's
    848 nodes and the configured share of removed labels."""
    sw = cfg["smallworld"]
    e, y, obs = d["edges"], d["y"], d["observed"]
    n = y.size
    rec = ClaimsRecord("hartog_vanzanten/fig3", PAPER)
    rec.close("nodes in the largest connected component", "the largest connected component has 848 nodes", n,
              LCC_PAPER, atol=0.5, kind=SETUP, note="a set-up fact: "
                                                    f"graph seed {int(d['graph_seed'])}: the smallest seed giving 848 with our "
                                        "vectorised rewiring (the spec's seed 260 was for a different routine); the "
                                        "LCC size varies widely with the seed, so the seed is chosen, not the "
                                        "construction")
    rec.close("fraction of labels removed", "the same construction of the observed data as on the path graph "
              "(20 % removed)", float((~obs).mean()), float(sw["frac_missing"]), atol=0.5 / n, kind=SETUP,
              note="a stated share: true by construction of our data")
    rec.note("edges", int(len(e)))
    rec.note("mean_degree", float(2 * len(e) / n))
    return rec


# ----------------------------------------------------------------------------------------- Fig 5: MNIST timing

def fig5_claims(t: pd.DataFrame, cfg: dict) -> ClaimsRecord:
    """Fig. 5 from the timing table (``scaling.csv``: one row per method and graph size, with t_total, t_eig,
    test_error, ...): the speed-up at the full graph, the fitted log-log slopes (only when the eigensolve times rise
    with n, else the machine's load distorted them), and comparable test errors."""
    m, cl = cfg["mnist"], cfg["claims"]
    runs = {meth: t[t.method == meth].sort_values("n_nodes") for meth in ("truncated", "untruncated")}
    # fewer than two sizes of a method (an empty or one-point ladder): no slope, and nothing decided (issue 37)
    slope = {meth: loglog_slope(r.n_nodes.to_numpy(), r.t_total.to_numpy()) if len(r) >= 2 else float("nan")
             for meth, r in runs.items()}
    if min(len(r) for r in runs.values()) == 0:
        rec = ClaimsRecord("hartog_vanzanten/fig5", PAPER)
        for text, kind in (("speed-up t_untruncated / t_truncated at the largest graph", "value"),
                           ("fitted log-log slope of the untruncated time", OURS),
                           ("fitted log-log slope of the truncated time", "value"),
                           ("slope gap: untruncated minus truncated", OURS),
                           ("max over sizes of |test error truncated - test error untruncated|", "value"),
                           ("nodes of the full graph", SETUP)):
            rec.holds(text, "(no timing rows for one of the methods)", "no rows", False, "no data", decidable=False,
                      kind=kind,
                      remedy="run the MNIST timing ladder (hvz_mnist_run, about 820 job-seconds at paper scale)")
        return rec
    tr, un = runs["truncated"], runs["untruncated"]
    speedup, (s_lo, s_hi) = float(cl["speedup_min"]), (float(x) for x in cl["slope_untruncated"])
    s_tr, s_gap, err_gap = float(cl["slope_truncated_max"]), float(cl["slope_gap_min"]), float(cl["test_error_gap_max"])
    n_decide = int(cl["decide_from_n"])
    rec = ClaimsRecord("hartog_vanzanten/fig5", PAPER)
    n_top = int(tr.n_nodes.max())
    decidable = n_top >= n_decide and min(len(r) for r in runs.values()) >= 2
    remedy = ("re-time on an idle machine, or the paper-scale ladder up to n = 13,782: the hvz_mnist_run jobs, about "
              "820 job-seconds at paper scale (docs/performance.md)")
    why = "" if decidable else f" (largest graph n = {n_top} < {n_decide}: too small to decide)"
    unstated = (f"depends on unstated choices: K_max = {int(m['K_max'])} eigenpairs (eigsh), k0 = min(round(ln2/gamma), "
                f"{int(m['k0_cap'])}), q = 1, {int(m['n_iter'])} sweeps for both methods")
    # A larger eigenproblem cannot be solved faster: eigensolve times that fall with n show that load from other
    # processes on the machine distorted the timings, and then a fitted exponent cannot be judged.
    clean = {meth: bool(np.all(np.diff(r.t_eig.to_numpy()) > 0)) for meth, r in runs.items()}
    load = {meth: ("" if ok else f" (not decidable: the {meth} eigensolve times are not increasing in n, "
                   f"{', '.join(f'{v:.3g}' for v in runs[meth].t_eig)} s, so other load on the machine distorted them)")
            for meth, ok in clean.items()}
    ratio = float(un.t_total.iloc[-1] / tr.t_total.iloc[-1])
    rec.within(f"speed-up t_untruncated / t_truncated at the largest graph (n = {n_top})",
               "the difference in computation time is dramatic", ratio, lower=speedup, decidable=decidable, remedy=remedy,
               note=f"'dramatic' read as at least {speedup:g}x (the issue's threshold); " + unstated +
                    "; the speed-up is set mostly by K_max (eigsh cost grows with it)" + why)
    rec.within("fitted log-log slope of the untruncated time", "k = n makes the method as costly as [4]: a full "
               "eigendecomposition, O(n^3)", slope["untruncated"], lower=s_lo, upper=s_hi,
               decidable=decidable and clean["untruncated"], kind=OURS, remedy=remedy,
               note="ours, not the paper's: the paper says only that k = n is as costly as [4] and never writes "
                    "O(n^3) or any exponent for it; least-squares slope of log t_total on log n over all sizes"
                    + why + load["untruncated"])
    rec.within("fitted log-log slope of the truncated time", "computing the first k eigenpairs costs O(k n^2) for "
               "fixed k (at most quadratic in n)", slope["truncated"], upper=s_tr,
               decidable=decidable and clean["truncated"], remedy=remedy,
               note="eigsh on the sparse 15-NN Laplacian; " + unstated + why + load["truncated"])
    rec.within("slope gap: untruncated minus truncated", "the truncated method scales far better as n grows",
               slope["untruncated"] - slope["truncated"], lower=s_gap, decidable=decidable and all(clean.values()),
               kind=OURS, remedy=remedy,
               note="ours, not the paper's: it rests on the untruncated exponent, which the paper never states; "
                    f"'clearly below' read as at least {s_gap:g} in the exponent" + why + load["untruncated"]
                    + load["truncated"])
    both = tr.merge(un, on="n_nodes", suffixes=("_t", "_u"))
    gap = float(np.max(np.abs(both.test_error_t - both.test_error_u)))
    rec.within("max over sizes of |test error truncated - test error untruncated|",
               "the prediction performance is comparable", gap, upper=err_gap,
               note=f"'comparable' read as within {100 * err_gap:g} percentage points (the spec's pilot); test errors "
                    "truncated " + ", ".join(f"{100 * v:.1f}%" for v in tr.test_error) + "; untruncated "
                    + ", ".join(f"{100 * v:.1f}%" for v in un.test_error) + "; test sets of "
                    + ", ".join(str(int(v)) for v in tr.n_test) + " images (one image = 100/n_test percentage points)")
    rec.close("nodes of the full graph", "all test and training images of the digits 4 and 9: 13,782 nodes",
              n_top, FULL_N, atol=0.5, decidable=n_top == FULL_N, kind=SETUP, remedy=remedy,
              note="" if n_top == FULL_N else f"the quick ladder stops at n = {n_top}")
    rec.note("slopes", slope)
    rec.note("speedup_per_size", {int(n): float(u / s) for n, u, s in zip(both.n_nodes, both.t_total_u,
                                                                          both.t_total_t)})
    rec.note("n_reject_kmax", {int(n): int(v) for n, v in zip(tr.n_nodes, tr.n_reject_kmax)})
    rec.note("k_truncated", {int(r.n_nodes): [float(r.k_mean), int(r.k_min), int(r.k_max), int(r.k0)]
                             for _, r in tr.iterrows()})
    rec.note("t_graph_excluded", {int(r.n_nodes): float(r.t_graph) for _, r in tr.iterrows()})
    rec.note("blas_threads", sorted({int(v) for v in t.blas_threads}))
    if "n_iter_run" in t:
        rec.note("sweeps run (time scaled to n_iter) and timed repeats per point",
                 {f"{r.method} n={int(r.n_nodes)}": [int(r.n_iter_run), int(r.n_repeats)] for _, r in t.iterrows()})
    return rec


# --------------------------------------------------------------------------------------- Fig 6: the video

def fig6_claims(v: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 6: the video (``video.npz``: labels, observed, extra) has 9 x 100 x 100 nodes, 10 % of the pixels
    uncoloured and extra-ball pixels in frame 5 only."""
    trc = cfg["tracking"]
    T, H, W = v["labels"].shape
    rec = ClaimsRecord("hartog_vanzanten/fig6", PAPER)
    rec.close("nodes of the space-time graph (frames x pixels)", "9 frames of 100 x 100 pixels: 90,000 nodes",
              T * H * W, NODES_PAPER, atol=0.5, kind=SETUP, note="a stated size: true by construction of our video")
    # exactly round(0.1 n) pixels are removed: any share but the paper's is off by at least 1/n = 1.1e-5
    rec.close("fraction of uncoloured (unobserved) pixels", "we removed the colour of 10 % of the pixels at random",
              float((~v["observed"]).mean()), UNCOLOURED_PAPER, atol=1e-4, kind=SETUP,
              note="exactly round(0.1 n) pixels, uniformly; a stated share: true by construction of our video")
    per = v["extra"].reshape(T, -1).sum(axis=1)
    tx = int(trc["extra_frame"])
    # Section 5.3: "we added an additional ball in the fifth image" (0-based frame 4)
    rec.holds("frames containing extra-ball pixels", "an additional ball is added in the fifth frame",
              [int(t) + 1 for t in np.flatnonzero(per)], bool(per[tx] > 0 and per.sum() == per[tx] and tx == 4),
              "only frame 5", kind=SETUP,
              note="a stated construction, true by construction of our video; "
                   f"extra ball radius {trc['extra_radius']:g} px at {trc['extra_center']} "
                   f"(unstated in the paper); moving ball radius {trc['radius']:g} px, "
                   f"{trc['step']} px per frame")
    return rec


# ------------------------------------------------------------------------------------ Fig 7: the grid graph

def fig7_claims(cfg: dict) -> ClaimsRecord:
    """Fig. 7 is a schematic; its claim is the grid graph's spectrum (Mohar, Thm 3.5) checked on a small grid by a
    dense eigensolver against the sums of path eigenvalues; the configured space-time graph's edge count is a note
    (true by construction of our code)."""
    rec = ClaimsRecord("hartog_vanzanten/fig7", PAPER)
    shape = (3, 4, 5)
    lam_dense = np.linalg.eigvalsh(laplacian(grid_adjacency(shape)).toarray())
    lam_dct = DCTBasis(shape).lam
    rec.within(f"max |eigenvalue (dense eigh) - lambda_i + mu_j + nu_k| on a {shape} grid graph",
               "the eigenvalues of the grid graph are sums lambda_i + mu_j + nu_k of path-graph eigenvalues, the "
               "eigenvectors their tensor products (Mohar, Thm 3.5)", float(np.abs(lam_dense - lam_dct).max()),
               upper=EIG_ATOL, known="Mohar 1991, 'The Laplacian spectrum of graphs', Thm 3.5 (Cartesian products)")
    T, H, W = (int(cfg["tracking"][k]) for k in ("T", "H", "W"))
    A = grid_adjacency((T, H, W))
    # Our graph against the count of the paper's construction: true by construction of our code, so a note.
    rec.note(f"edges of the {T} x {H} x {W} space-time grid graph (each pixel joined to its 4 in-frame neighbours and "
             "to the same pixel in the previous and next frame)",
             {"built": int(A.nnz // 2), "T (H (W-1) + (H-1) W) + (T-1) H W": T * (H * (W - 1) + (H - 1) * W)
              + (T - 1) * H * W})
    return rec


# ------------------------------------------------------------------------ Figs 8-10: the tracking posterior

def _setup_notes(rec: ClaimsRecord, tr: dict, cl: dict) -> None:
    rec.note("chains", tracking_chains(tr))
    rec.note("arms (other settings of unstated choices; never the paper's verdict)",
             tracking_arms(tr, VMAX, float(cl["width_scale_atol"])))
    rec.note("setup (choice | ours | the paper)", [" | ".join(row) for row in TRACKING_SETUP])


def fig8_claims(v: dict, tr: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 8: the posterior mean of Phi(f) (``tracking.npz``, every noise reading) against the video's moving ball
    (``video.npz``: truth, extra): the ball is found in every frame, the background is not, and the extra ball of
    frame 5 lifts the probabilities there. Each reading is judged by rule 3 (:func:`.common.range_chains`): on its
    pooled chains when they have converged, else only when every chain alone agrees; the registered exact-label
    reading decides (rule 1), the 5 %-flip reading (15bf329) is shown beside."""
    cl = cfg["claims"]
    lift_min = float(cl["lift_min"])
    ell = tr["ell_mean"]
    truth, extra = v["truth"].astype(bool), v["extra"]
    T = truth.shape[0]
    unstated = tracking_unstated(tr, cfg["tracking"])
    rec = ClaimsRecord("hartog_vanzanten/fig8", PAPER, caveats=(IMPROPER,))
    T_, H, W = ell.shape
    k = int(round(chain1_k(tr)))
    tmodes = np.bincount(DCTBasis(ell.shape).order[:k] // (H * W), minlength=T_)
    modes = (f"k settles per chain at {k_levels(tr)}; the first {k} eigenvectors (chain 1) hold temporal DCT modes {{m: count}} = "
             f"{ {m: int(c) for m, c in enumerate(tmodes) if c} }; ")
    if int(np.flatnonzero(tmodes).max()) < 2:
        # with temporal modes 0 and 1 only, every pixel's time course is a + b cos(pi (t + 1/2)/9): monotone, so a
        # ball passing through cannot be represented and the middle frame sees about a time average
        modes += ("with temporal modes 0 and 1 only, each pixel's time course is monotone, so frame 5 shows roughly "
                  "a time average of the moving ball; ")
    tx = int(cfg["tracking"]["extra_frame"])
    others = [t for t in range(T) if t != tx]
    views = reading_views(tr)
    ins, outs, lifts = [], [], []
    for text, pre in views:
        e = tr[pre + "ell_mean"]
        ins.append((text, np.array([e[t][truth[t]].mean() for t in range(T)])))
        outs.append((text, np.array([e[t][~truth[t] & ~extra[t]].mean() for t in range(T)])))
        lifts.append((text, float(tr[pre + "extra_mean_ell"]) - float(np.mean([e[t][extra[tx]].mean() for t in others]))))
    inside, outside = ins[0][1], outs[0][1]
    judge_readings(rec, "min over frames of the mean probability on the moving ball's pixels",
                   "we observe that the object is located in all images",
                   [reading_of(tr, t, pre, float(x.min()), "inside_min", lower=PROB_HALF)
                    for (t, x), (_, pre) in zip(ins, views)], lower=PROB_HALF,
                   note=f"per frame {inside.round(3).tolist()}; " + modes + unstated, revision=BOTH_READINGS)
    judge_readings(rec, "max over frames of the mean probability on background pixels (extra ball excluded)",
                   "we observe that the object is located in all images (and the background is not)",
                   [reading_of(tr, t, pre, float(x.max()), "outside_max", upper=PROB_HALF)
                    for (t, x), (_, pre) in zip(outs, views)], upper=PROB_HALF, revision=BOTH_READINGS)
    _judge_lift(rec, tr, views, lifts, lift_min, unstated + "; " + tracking_probes(tr))
    rec.note("mean_prob_ball_per_frame", inside.round(4).tolist())
    rec.note("mean_prob_background_per_frame", outside.round(4).tolist())
    rec.note("extra_mean_ell", float(tr["extra_mean_ell"]))
    rec.note("n_reject_kmax", int(tr["n_reject_kmax"]))
    rec.note("k_first_and_after_burn_in_chain1", [int(tr["k"][0]), chain1_k(tr)])
    rec.note("log_c_start_end", [float(np.log(tr["c"][0])), float(np.log(tr["c"][-1]))])
    rec.note("scale_moves_accepted", int(tr["n_scale_accepted"]))
    _setup_notes(rec, tr, cl)
    return rec


def _judge_lift(rec: ClaimsRecord, tr: dict, views, lifts, lift_min: float, note: str) -> None:
    """Fig. 8's "the additional object in frame 5 adds some noise in the probability estimates, but is ignored when we
    truncate at probability 0.5", on the text's reading (exact labels; ``views[0]``). Registered (320dab8): the rise
    ``lift`` (the extra ball's mean probability in frame 5 minus that at its pixels in the other frames) at least
    ``lift_min``. Revised (:data:`LIFT_CEILING_WHY`), deciding by its proof: the margin
    min(lift - lift_min, 1/2 - m), m the extra ball's mean probability in frame 5, at least 0: a visible rise that
    stays under the truncation. Each by rule 3 on its chains (chain_lift, chain_extra_mean_ell)."""
    claim = "mean probability on the extra ball's pixels in frame 5 minus that at the same pixels in the other frames"
    said = "the additional object in frame 5 adds some noise in the probability estimates"
    (t0, pre0), lift0 = views[0], lifts[0][1]
    reg = judge_readings(rec, claim, said, [reading_of(tr, t0, pre0, lift0, "lift", lower=lift_min)], lower=lift_min,
                         note=f"'some noise' read as a visible rise of at least {lift_min:g}; " + note)

    def margin(pre, lift):
        pooled = min(lift - lift_min, PROB_HALF - float(tr[pre + "extra_mean_ell"]))
        rises, means = chain_values(tr, pre, "lift"), chain_values(tr, pre, "extra_mean_ell")
        if rises.size != means.size:
            raise ValueError(f"reading {pre or 'exact'}: {rises.size} chains' rises but {means.size} chains' means")
        return pooled, np.minimum(rises - lift_min, PROB_HALF - means)

    readings = []
    for (t, pre), (_, lift) in zip(views, lifts):
        pooled, per = margin(pre, lift)
        readings.append((t, reading_of(tr, t, pre, pooled, "lift", lower=0.0, per_chain=per)[1],
                         float(tr[pre + "extra_mean_ell"])))
    beside = "; ".join(f"shown beside, not deciding (15bf329, no proof): reading '{t}': margin {r.value:.4g} ("
                       + (("pass" if r.value >= 0 else "fail") if r.decidable else f"inconclusive ({r.undecided})")
                       + f"), extra-ball mean {m:.4g}, {r.note}" for t, r, m in readings[1:])
    t, r, m = readings[0]
    rev = judge_readings(
        rec, claim, said + " (noise, not an object: read with the sentence's '..., but is ignored when we truncate "
        "at probability 0.5')", [(t, r)], lower=0.0,
        note=(f"revised quantity: min(rise - {lift_min:g}, 1/2 - the extra ball's mean probability in frame 5) "
              f"(rise {lift0:.4g}, mean {m:.4g}): a visible rise that stays noise, below the 1/2 at which the paper "
              "counts a pixel as object; Fig 9 judges the truncation itself, pixel by pixel; per chain from its own "
              "rise and mean; " + note + (f"; {beside}" if beside else "")))
    rec.revise(reg, rev, LIFT_CEILING_COMMIT, LIFT_CEILING_WHY, proof=LIFT_CEILING_PROOF)


def fig9_claims(v: dict, tr: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 9: the posterior thresholded at 1/2 (``tracking.npz``: estimate, frame_error, extra_kept per reading)
    against the moving ball (``video.npz``: truth): the ball is located in every frame, and the extra ball of frame 5
    is removed, judged under every reading of the unstated noise."""
    cl = cfg["claims"]
    iou_min, err_max = float(cl["iou_min"]), float(cl["frame_error_max"])
    unstated = tracking_unstated(tr, cfg["tracking"])
    rec = ClaimsRecord("hartog_vanzanten/fig9", PAPER, caveats=(IMPROPER,))
    views = reading_views(tr)
    ious = [(t, frame_iou(tr[pre + "estimate"], v["truth"])) for t, pre in views]
    iou = ious[0][1]
    judge_readings(rec, "min over frames of the overlap |estimate & ball| / |estimate | ball| after thresholding at 1/2",
                   "we observe that the object is located in all images",
                   [reading_of(tr, t, pre, float(x.min()), "iou_min", lower=iou_min)
                    for (t, x), (_, pre) in zip(ious, views)], lower=iou_min,
                   note=f"'found' read as an overlap (intersection over union) of at least {iou_min:g} with the moving "
                   f"ball; per frame {iou.round(3).tolist()}; " + unstated, revision=BOTH_READINGS)
    err = tr["frame_error"]
    claim_err = "max over frames of the pixel error of the thresholded estimate against the moving ball"
    said_err = "we observe that the object is located in all images"
    # Rule 4: the all-background estimate errs on exactly the ball's pixels (7.09 % of a frame), inside the registered
    # 10 %. The revised reading counts the errors in units of the ball: at most (1 - iou_min) of its pixels, the bar
    # of the overlap reading above (an estimate with overlap >= iou_min misclassifies about that share).
    ball = np.asarray(v["truth"], dtype=bool).reshape(np.asarray(v["truth"]).shape[0], -1).mean(axis=1)
    rel_max = 1.0 - iou_min
    err_note = (f"per frame {err.round(4).tolist()}; the extra ball counts as an error in frame 5; the ball covers "
                f"{ball.min():.2%}-{ball.max():.2%} of a frame, which is what the all-background estimate errs on")
    # Registered: the text's reading alone (exact labels), errors as a share of the frame. The all-background
    # estimate passes it (FRAME_ERROR_PROOF), so the revision that counts the errors in units of the ball (bc7030f)
    # decides, on the registered exact-label reading alone: the 5 %-flip reading that 15bf329 and bc7030f judged
    # beside it has no proof (rule 1) and is shown in the note.
    t0 = views[0][0]
    reg = judge_readings(rec, claim_err, said_err,
                         [reading_of(tr, t0, "", float(np.max(tr["frame_error"])), "frame_error_max", upper=err_max)],
                         upper=err_max, note=err_note)
    with np.errstate(divide="ignore", invalid="ignore"):
        per_ball = float(np.max(ball))
        rel = [float(np.max(np.asarray(tr[pre + "frame_error"]) / np.where(ball > 0, ball, np.nan))) for _, pre in views]
    # a chain's per-frame errors are not stored, only its worst frame's: divided by the largest ball share it is the
    # pooled quantity exactly when the ball covers the same share of every frame (as in our video), else a lower bound
    rels = [reading_of(tr, t, pre, x, "frame_error_max", upper=rel_max,
                       per_chain=chain_values(tr, pre, "frame_error_max") / per_ball)
            for (t, pre), x in zip(views, rel)]
    beside = "; ".join(f"shown beside, not deciding (15bf329, no proof): reading '{t}': {r.value:.4g} ("
                       + (("pass" if r.value <= rel_max else "fail") if r.decidable else f"inconclusive ({r.undecided})")
                       + f"), {r.note}" for t, r in rels[1:])
    rev = judge_readings(rec, claim_err, said_err, rels[:1], upper=rel_max,
                         note="revised quantity: the worst frame's misclassified pixels divided by the ball's pixels "
                              f"in that frame, at most {rel_max:g} (1 - the overlap bar {iou_min:g}); per chain: its "
                              "worst frame's error over the largest ball share; " + err_note
                              + (f"; {beside}" if beside else ""))
    rec.revise(reg, rev, FRAME_ERROR_COMMIT, "rule 4: the all-background estimate errs on 7.09 % of a frame and passed "
               f"the registered 10 %; counted in units of the ball's pixels it errs on all of them (1 > {rel_max:g}) "
               "(bc7030f); judged on the registered exact-label reading alone, the flip reading (15bf329) shown beside",
               proof=FRAME_ERROR_PROOF)
    kept = float(tr["extra_kept"])
    claim = "fraction of the extra ball's pixels (frame 5) above 1/2"
    said = "the additional object in frame 5 ... is ignored when we truncate at probability 0.5"
    note = ("the extra ball's size is unstated (ours: radius 5 px); " + tracking_tried(tr, "chain_extra_kept", "arm_extra_kept")
            + unstated + "; " + tracking_probes(tr) + unproven(_extra_ball_explanation(tr, kept)))
    alts = alt_readings(tr)
    # Rule 1: the registered reading is the text's (exact labels, the design's A11), judged before any flip chain
    # ran; the flip reading of cdae760 has no proof, so it is shown beside and decides nothing
    readings = [reading_of(tr, reading_text(0.0), "", kept, "extra_kept", upper=0.0)]
    readings += [reading_of(tr, reading_text(flip), pre, float(tr[pre + "extra_kept"]), "extra_kept", upper=0.0)
                 for _, flip, pre in alts]
    judge_readings(rec, claim, said, readings, upper=0.0,
                   note=(_alt_note(tr, alts) if alts else "") + note,
                   revision=(FLIP_READING_COMMIT, FLIP_READING_WHY) if alts else None)
    _setup_notes(rec, tr, cl)
    return rec


# The commit that made the 5 %-flip reading decide Fig 9's extra ball and Fig 10's largest width (rule 1): both had
# failed under the text's reading (exact labels, the design's A11) in the runs of d9bcd90, where flips were an arm.
FLIP_READING_COMMIT = "cdae760"
FLIP_READING_WHY = ("the 5 %-flip reading of the caption's 'noisy environment' was made a deciding reading after this "
                    "claim had failed under the text's (exact labels; the text names no flips); no test shows the "
                    "exact-label reading defective, so it is shown beside and decides nothing (rule 1)")
# The revision that judges Fig 9's pixel error in units of the ball on the registered exact-label reading alone
# (issue 41, rule 1: bc7030f's quantity is proven, 15bf329's flip reading is not): the commit that adopted it.
FRAME_ERROR_COMMIT = "84848d3"


def _alt_note(tr: dict, alts) -> str:
    out = []
    for name, flip, pre in alts:
        out.append(f"reading {name} ({flip:.0%} flipped): extra ball kept per chain "
                   + ", ".join(f"{float(x):.2f}" for x in tr[pre + "chain_extra_kept"])
                   + f"; k per chain {k_levels(tr, pre)} (a chain stays at the k level where c settled: the k moves "
                   "never cross between these levels, so the pooled estimate weighs each level by its Laplace marginal "
                   f"likelihood, while rule 3 judges every chain alone; {level_weights_text(tr, pre)}), split R-hat of k {float(tr[pre + 'rhat_k']):.3g}, of log p(D|f) {float(tr[pre + 'rhat_loglik']):.3g}, "
                   f"of log c {float(tr[pre + 'rhat_logc']):.3g}, worst frame error {float(np.max(tr[pre + 'frame_error'])):.2%}")
    return "; ".join(out) + "; "


def _extra_ball_explanation(tr: dict, kept: float) -> str:
    """Why the extra ball survives, when the probe chains show it: Algorithm 1 as printed removes it only while its
    Bin(4, 1/2) walk holds k at a few hundred, far from where k is drawn and with a much worse fit."""
    held = [i for i in range(np.asarray(tr["probe_k0"]).size)
            if str(tr["probe_k_move"][i]) == "bin4" and float(tr["probe_extra_kept"][i]) == 0.0
            and abs(int(tr["probe_k"][i][-1]) - int(tr["probe_k0"][i])) < 0.1 * int(tr["probe_k0"][i])]
    if not held or kept == 0.0:
        return ""
    i = held[0]
    return (f"exact reading: the paper's own sampler explains it: Algorithm 1 as printed, started at k0 = {int(tr['probe_k0'][i])}, "
            f"keeps k near its start (ends at {int(tr['probe_k'][i][-1])}) and there removes the ball, but fits the "
            f"labels far worse (log-likelihood {float(tr['probe_loglik'][i]):.0f} against "
            f"{float(np.nanmean(np.asarray(tr['loglik'], dtype=float)[int(tr['burn_in']):])):.0f}, worst frame error "
            f"{float(np.max(tr['probe_frame_error'][i])):.1%}); k drawn from p(k | z, c) settles where c0 puts it "
            f"({k_levels(tr)}), and every one of these chains keeps the ball ({kept:.0%} pooled). With exact labels "
            "and a = b = 0 the posterior is improper (fig8_convergence), so what survives depends on how far a chain "
            "has run. The paper states no k0, and "
            "its +-2 walk cannot leave the start (spec B7), so its Fig. 9 is consistent with a chain held at a few "
            "hundred eigenvectors rather than with the posterior.")


def fig10_claims(v: dict, tr: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 10: the widths of the pointwise 95 % credible intervals (``tracking.npz``: ci_width per reading) against
    the distance to the object's boundary (from ``video.npz``: labels): high around the boundary, low inside and
    outside, the wide ones on the boundary, and the largest about the caption's 0.25."""
    cl = cfg["claims"]
    ratio_min, median_max = float(cl["width_ratio_min"]), float(cl["width_median_far_max"])
    near_share, scale_atol = float(cl["wide_near_share_min"]), float(cl["width_scale_atol"])
    w = tr["ci_width"]
    unstated = tracking_unstated(tr, cfg["tracking"])
    dist = boundary_distance(v["labels"])
    rec = ClaimsRecord("hartog_vanzanten/fig10", PAPER, caveats=(IMPROPER,))
    near, far = dist <= NEAR_PX, dist > FAR_PX
    views = reading_views(tr)
    ws = [(t, np.asarray(tr[pre + "ci_width"])) for t, pre in views]
    judge_readings(rec, f"mean width within {NEAR_PX} px of an object boundary / mean width elsewhere",
                   "the uncertainty around the boundary of the object is relatively high",
                   [reading_of(tr, t, pre, float(x[near].mean() / x[~near].mean()), "width_ratio", lower=ratio_min)
                    for (t, x), (_, pre) in zip(ws, views)], lower=ratio_min,
                   note=f"means {w[near].mean():.4f} vs {w[~near].mean():.4f}; 'high' read as at least {ratio_min:g}x; "
                        + unstated, revision=BOTH_READINGS)
    judge_readings(rec, f"median width farther than {FAR_PX} px from every boundary",
                   "whereas it is relatively low inside and outside of the object",
                   [reading_of(tr, t, pre, float(np.median(x[far])), "width_median_far", upper=median_max)
                    for (t, x), (_, pre) in zip(ws, views)], upper=median_max,
                   note=f"95th percentile {np.quantile(w[far], 0.95):.4f}", revision=BOTH_READINGS)
    wide = w > VMAX
    frac = float((dist[wide] <= FAR_PX).mean()) if wide.any() else float("nan")
    majority = "a majority" if near_share == 0.5 else f"a share of at least {near_share:g}"
    judge_readings(rec, f"share of the pixels wider than {VMAX:g} that lie within {FAR_PX} px of a boundary",
                   "the uncertainty around the boundary of the object is relatively high (the wide intervals are there)",
                   [reading_of(tr, t, pre, float((dist[x > VMAX] <= FAR_PX).mean()) if (x > VMAX).any() else float("nan"),
                               "frac_wide_near", lower=near_share, pooled_decided=bool((x > VMAX).any()))
                    for (t, x), (_, pre) in zip(ws, views)], lower=near_share,
                   note=f"'sits at' read as {majority}; the rest lie further out"
                   + (f" (largest distance {float(dist[wide].max()):.1f} px)" if wide.any() else "") + "; " + unstated,
                   revision=BOTH_READINGS)
    wmax = float(w.max())
    claim, said = ("largest credible-interval width", "the heat map is from red (width close to 0) to white (width close "
                   "to 0.25)")
    note = (f"read from the caption's scale (within {scale_atol:g} of {VMAX:g}); 99.9th percentile "
            f"{np.quantile(w, 0.999):.3f}; {int(wide.sum())} pixels ({wide.mean():.2%}) are wider than {VMAX:g}; "
            + tracking_tried(tr, "chain_width_max", "arm_width_max") + tracking_probes(tr)
            + unproven(_width_explanation(tr, w, dist, frac, scale_atol)))
    alts = alt_readings(tr)
    lo, hi = VMAX - scale_atol, VMAX + scale_atol
    # Rule 1: the registered reading is the text's (exact labels), judged before any flip chain ran (d9bcd90, a
    # closeness claim); the flip reading of cdae760 has no proof, so it is shown beside and decides nothing
    t0, r0 = reading_of(tr, reading_text(0.0), "", wmax, "width_max", lower=lo, upper=hi)
    reg = rec.close(claim, said, r0.value, VMAX, atol=scale_atol, note=f"{note}; reading '{t0}': {r0.note}",
                    undecided=r0.undecided, decidable=r0.decidable)
    if alts:
        readings = [(t0, r0)]
        extra = []
        for name, flip, pre in alts:
            readings.append(reading_of(tr, reading_text(flip), pre, float(tr[pre + "width_max"]), "width_max",
                                       lower=lo, upper=hi))
            wa = np.asarray(tr[pre + "ci_width"])
            da = wa[dist <= NEAR_PX].mean() / wa[dist > NEAR_PX].mean()
            extra.append(f"reading {name} ({flip:.0%} flipped): boundary/elsewhere mean-width ratio {da:.1f}, median "
                         f"width beyond {FAR_PX} px {float(np.median(wa[dist > FAR_PX])):.3g}")
        rev = judge_readings(rec, claim, said, readings, lower=lo, upper=hi, note="; ".join(extra) + "; " + note)
        rec.revise(reg, rev, FLIP_READING_COMMIT, FLIP_READING_WHY)
    _setup_notes(rec, tr, cl)
    return rec


def _width_explanation(tr: dict, w: np.ndarray, dist: np.ndarray, frac: float, scale_atol: float) -> str:
    """Why intervals reach 1, when they sit on the boundary and f is steep: the posterior's scale, not noise."""
    wmax = float(w.max())
    if wmax <= VMAX + scale_atol or not frac >= 0.9:
        return ""
    c_end = float(tr["c"][-1])
    shallow = [float(tr["probe_width_max"][i]) for i in range(np.asarray(tr["probe_k0"]).size)
               if str(tr["probe_k_move"][i]) == "bin4" and float(tr["probe_scale_sd"][i]) == 0]
    return (f"exact reading: the widths near 1 are the {frac:.0%} of the wide pixels that lie within {FAR_PX} px of the "
            f"object's boundary: with noise-free labels and a = b = 0 the posterior of f is steep (c has fallen to "
            f"{c_end:.1e}), so on "
            "the boundary band Phi(f) flips between about 0 and 1 from draw to draw and the 95 % interval spans "
            "nearly [0, 1] there, a property of the boundary, not Monte-Carlo noise. "
            f"Widths of at most about {VMAX:g} need a shallower f than the posterior's, such as a chain that has not "
            "yet let c fall"
            + (f" (Algorithm 1 as printed, short probe chains: largest width {min(shallow):.2f}-{max(shallow):.2f})"
               if shallow else "")
            + f"; the caption's {VMAX:g} may also be the top of the colour scale with wider intervals clipped to white, "
              "as here.")


# ------------------------------------------------------------------ fig8_convergence: the chains' agreement (ours)

CONVERGENCE_WHY = (
    "with a = b = 0 the prior p(c) ∝ 1/c makes the marginal prior of g ∝ (sum tau_i g_i^2)^(-k/2), and the "
    "probit likelihood does not vanish at either end of |g|: it tends to 2^-N as g -> 0 and, along every "
    "direction whose sign pattern matches the observed labels (noise-free labels; always possible at k = n), to "
    "1 as |g| grows, so the posterior of (g, c) is improper and log c falls without end (shown exactly on a "
    "small case by tests/test_hvz_sampler.py::test_posterior_of_c_with_a_equal_b_equal_0_is_improper_at_both_"
    "ends); k follows, because p(k | z, c) is a spike at the k where c was when it collapsed (from c0 = 100 "
    "about 2,600, from c0 = 1 about 820)")


def convergence_readings(tr: dict) -> list[tuple[str, float, str]]:
    """(name, flip, key prefix) of every noise reading: the drawn one first."""
    first = (str(tr["readings"][0]), float(tr["reading_flip"][0])) if "readings" in tr else ("exact", 0.0)
    return [(*first, ""), *alt_readings(tr)]


def fig8_convergence_claims(tr: dict, cfg: dict) -> ClaimsRecord:
    """The convergence panel (ours): per noise reading, the split R-hat of k, log p(D | f) and log c over the pooled
    tracking chains (``tracking.npz``: rhat_* and the chains' traces) is near 1. Kind ``ours``: never the paper's
    verdict."""
    cl = cfg["claims"]
    rhat_ok = float(cl["rhat_max"])
    rec = ClaimsRecord("hartog_vanzanten/fig8_convergence", PAPER)
    rows_of = convergence_readings(tr)
    for name, flip, pre in rows_of:
        R = np.asarray(tr[pre + "k_chains"]).shape[0]
        for label, key in (("k", "rhat_k"), ("log p(D | f)", "rhat_loglik"), ("log c", "rhat_logc")):
            v = float(tr[pre + key])
            rec.within(f"split R-hat of {label} over the {R} tracking chains after burn-in, reading {name}",
                       "(ours: the chains agree)", v, upper=rhat_ok, kind=OURS,
                       note=f"R-hat near 1 read as at most {rhat_ok:g}; reading {name}: {reading_text(flip)}"
                       + (f"; {CONVERGENCE_WHY}" if v > rhat_ok and flip == 0 else ""))
    rec.note("chains", tracking_chains(tr))
    rec.note("arms", tracking_arms(tr, VMAX, float(cl["width_scale_atol"])))
    rec.note("setup", [f"{a} | {b} | {c_}" for a, b, c_ in TRACKING_SETUP])
    return rec
