"""The claims of Jitkrittum et al. 2015 (KJIT), one pure function per figure: from the loaded cached results (plain
dicts of arrays, as the figure modules load them) and the paper's configuration section to a ClaimsRecord.

No drawing here and no reading of files: each figure module's ``make`` loads, builds its plotted table, draws and
calls its function below, so every verdict can be unit-tested on small hand-made inputs (tests/test_kjit_claims.py).
The readings and tolerances that are ours (what "diverse", "barely visible", "much more smoothly", "matches well",
"orders of magnitude" ... are read as) come from the ``claims:`` section of the configuration (schema-checked,
workflow/schemas/kjit.schema.yaml); numbers the paper states are constants below, each with its sentence.
scipy.stats is imported inside the functions that use it: every figure and controls job of the paper imports this
module, and most never call them (tests/test_import_cost.py).
"""

from __future__ import annotations

import itertools

import numpy as np

from statmech_bayes.figures.kjit import PAPER
from statmech_bayes.figures.kjit.common import clears, interval, moving_average, repeat_ratios
from statmech_bayes.kjit.experiments.summaries import log_kl_summary, merge_timing
from statmech_bayes.reporting.claims import OURS, Caveat, ClaimsRecord, Reading, unproven
from statmech_bayes.reporting.statistics import paired_bootstrap_se, rank_z, welch_t

# Sec. 4, Exp. 1 (Fig. 3a): "Mean: -8.97, SD: 1.573" of the test log KL.
FIG3_SD_PAPER = 1.573
# Sec. 4, Exp. 3: "the uncertainty rapidly drops down to a stable point at roughly -8.8 and levels off after the
# operator sees about 1,000 incoming-outgoing message pairs, which is relatively low compared to approximately 3,000
# message passings required for one problem".
FIG5_LEVEL_PAPER, FIG5_PAIRS_PAPER = -8.8, 3000
# Fig. 6b, read from the published figure: KJIT about e^3.5 = 30 times faster than sampling after problem 1.
FIG6_X30 = 30.0
# Revised readings (issues 34 and 36), stricter than the registered ones (the registered readings come from the
# configuration section kjit.claims and are computed beside them, ClaimsRecord.revise); the commit that adopts them
# is bc7030f.
REVISED_NOW = "bc7030f"
# The commit that judged the two consultation-count orderings (Figs 5, 7) with their noise (issue 36)
COUNTS_REVISION = "d18c7d7"  # Fig 7; Fig 5 is revised again in FIG5_REVISION
FIG5_REVISION = "37465a1"
# Fig. 4: "clearly exhibits a higher uncertainty on the test set #1": in at least nine of ten test points (the
# registered share 0.5 is passed by a coin flip).
FIG4_CLEARLY_SHARE = 0.9
# Fig. 5: "roughly -8.8" stated to one decimal: the rounding band +-0.05 (the registered +-0.2 covers 4/7 of the
# range a settled moving average can take, between the floor log sigma_y^2 = -9.21 and the threshold -8.5).
FIG5_LEVEL_ATOL = 0.05
# The commit that moved the Fig. 5 level from the whole run to the shown trace, after the whole-run reading had
# failed at -9.02 (rule 1: the whole-run reading is the registered one).
FIG5_SHOWN_COMMIT = "0ac3c08"
# Fig. 5: "about 1,000 message pairs" read as within a factor 2 of 1,000 (the registered "<= 3,000" passes a trace
# that settles at once, with 0 pairs).
FIG5_PAIRS_FACTOR = 2.0
# "orders of magnitude" (Fig. 6, Sec. 4 Exp. 3): at least one order (10x) or, plural, at least two (100x);
# "several orders of magnitude" (Fig. 7 caption): at least two (100x) or at least three (1000x).
ORDERS_READINGS = (10.0, 100.0)
SEVERAL_ORDERS_READINGS = (100.0, 1000.0)
# Fig. 8 "a steady decrease": judged with its standard error (a bootstrap over the data set's sites, pairing each
# site's 2nd and last sweep), under two readings: any decrease, and a decrease as large as the project counts as a
# rise (claims.rise_min, the "rapid increase" bar); a flat trace fails the second.
FIG8_BOOTSTRAP = 2000
# Rule 1 of the protocol (docs/protocol.md): a revision decides only with a proof, the test that shows its registered
# reading defective (a trivial or certainly wrong answer passes it). Each test below feeds that answer to the claims
# function and asserts that the registered reading passes it and the revised one does not; where the answer is noise
# (Figs 5, 7, 8 and App. C), over many simulated null runs, that the registered reading passes at a rate near 1/2 and
# the revised one near its nominal level (a sound registered reading would fail the test). The revisions without
# one (Fig 5's level, Fig 6's 'orders of magnitude' and x30, Fig 7's 'several orders') re-read the words after the
# result, or narrowed a band by taste: the registered reading decides them, the revision is shown beside.
_TESTS = "tests/test_kjit_claims.py::"
PROOF_FIG4_SHARE = _TESTS + "test_fig4_coin_flip_uncertainty_ordering_fails"
PROOF_FIG5_PAIRS = _TESTS + "test_fig5_pairs_settling_at_once_fails"
PROOF_FIG5_CALLS = _TESTS + "test_fig5_consultations_that_do_not_fall_do_not_pass"
PROOF_FIG6_RANGE = _TESTS + "test_fig6_chance_level_and_perfect_errors_fail_the_range"
PROOF_FIG7_CALLS = _TESTS + "test_fig7_consultations_at_a_constant_rate_do_not_pass"
PROOF_FIG8_FALL = _TESTS + "test_fig8_flat_trace_does_not_decrease"
# App. C (protocol rule 7): the paper claims the methods' order, which one draw of Exp. 1 does not decide; the
# registered one-draw reading judges one draw against its paired standard error over test messages, blind to the
# spread between draws (about 14 times larger in the committed build), so it passes two equally good methods in
# close to half the simulated builds (the proof below); the reading over the draws the build makes
# (kjit.exp1.extra_draws) passes them a few per cent, and decides; the commit that adopted it, as in revisions.csv.
FIG13_DRAWS_REVISION = "9bdf10e"
PROOF_FIG13_DRAWS = _TESTS + "test_fig13_one_draw_reading_passes_an_order_reversed_over_draws"
# Issue 37: the setting consult_unusable (a confident prediction that is no distribution answered by the oracle) was
# adopted in f00631d after nine claims had failed without it, and has not been run without it since.
CONSULT_HISTORY = Caveat(
    "consult_history",
    "the setting consult_unusable (a confident prediction that is no distribution answered by the oracle) was adopted "
    "after nine claims had failed without it and has not been run without it since: these verdicts are conditional "
    "on that choice, which the paper does not state")
# The authors' Fertility test split (data/uci/fertility_norm_te.mat): 50 points, 44 of one class.
FERTILITY_TEST_POINTS = 50
# Fig. 9a, read from the published Infer.NET bars (spec section 5).
PAPER_ERR = {"banknote": 0.03, "blood_transfusion": 0.35, "fertility": 0.56, "ionosphere": 0.13}
# Fig. S1 (App. B.3), read from the published figure: average |K - K_hat| about 0.015 at D = 500 and 0.003 at
# D = 10 000, the largest about 0.063 at D = 500; the Monte-Carlo rate of random features is D^(-1/2).
S1_PAPER = {"mean500": 0.015, "mean10000": 0.003, "max500": 0.063}
S1_SLOPE = -0.5
# Fig. S2 (App. B.6), read from the published figure: ||K - K_hat||_F / n about 0.065 at D_out = 100 and 0.02 at
# D_out = 700.
S2_PAPER = {100: 0.065, 700: 0.02}
# App. C table of the paper: (row as our experiments name it, mean log KL, sd), in the paper's order
PAPER_TABLE = [
    ("Random features + MV kernel", -6.96, 1.67),
    ("Random features + Expected product kernel on joint embeddings", -2.78, 1.82),
    ("Random features + Sum of expected product kernels", -1.05, 1.93),
    ("Random features + Product of expected product kernels", -2.64, 1.65),
    ("Random features + Gaussian kernel on joint embeddings (KJIT)", -8.97, 1.57),
    ("IChol + sum of Gaussian kernel on embeddings", -2.75, 2.84),
    ("IChol + Gaussian kernel on joint embeddings", -8.71, 1.69),
    ("Breiman's random forests", -8.69, 1.79),
    ("Extremely randomized trees", -8.90, 1.59),
    ("Eslami et al. (2014) random forests (re-implementation)", -6.94, 3.88),
]
KJIT = PAPER_TABLE[4][0]
# Fig. 9's arms of the f->z regression target (the first is the paper's, Sec. 3.3).
ARMS = {"suff_stats": "paper: (E z, E z^2) of the projected belief", "mean_logvar": "authors' code: (E z, log Var z)",
        "site_natural": "ours: natural parameters of the outgoing message"}


def run_target_of(d) -> str:
    """The f->z regression target a cached run records (runs before the key existed used the authors' one)."""
    return str(d["target_z"]) if "target_z" in d else "mean_logvar"


# ------------------------------------------------------------------------------- Fig 1: incoming messages

def fig1_claims(data: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 1: ``data`` maps each Exp. 5 data set to its sampling-only run (msg_mu, msg_var of every f->z
    invocation); "the distributions of incoming messages of the four problems are diverse"."""
    from scipy.stats import ks_2samp

    names = list(cfg["exp5"]["datasets"])
    n_sweeps = int(cfg["exp5"]["n_sweeps"])
    ks_min = float(cfg["claims"]["ks_diverse_min"])
    rec = ClaimsRecord("kjit/fig1", PAPER)
    # "the distributions of incoming messages of the four problems are diverse" (Sec. 4, Exp. 5)
    ks = {}
    for a, b in itertools.combinations(names, 2):
        if min(np.size(data[a]["msg_mu"]), np.size(data[b]["msg_mu"])) == 0:
            ks[f"{a}-{b}"] = np.nan                       # a data set without messages: this pair cannot be judged
            continue
        s_mu = ks_2samp(data[a]["msg_mu"], data[b]["msg_mu"]).statistic
        s_lp = ks_2samp(np.log(data[a]["msg_var"]), np.log(data[b]["msg_var"])).statistic
        ks[f"{a}-{b}"] = float(max(s_mu, s_lp))
    judged = len(names) > 1 and all(np.isfinite(v) for v in ks.values())
    if names:
        rec.within("smallest pairwise two-sample KS distance (max over mean, log precision) between the data "
                   "sets' incoming messages", "As shown in Fig. 1, the distributions of incoming messages of "
                   "the four problems are diverse", min(ks.values()) if judged else np.nan, lower=ks_min,
                   decidable=judged, remedy="" if judged else "every data set's sampling run with its messages",
                   note=("" if judged else "fewer than two data sets with messages: nothing to compare; ")
                   + f"'diverse' read as: every pair of data sets differs by a KS distance >= {ks_min:g} in the "
                   "mean or in the log precision of m_{z->f}; all pairs: " +
                   ", ".join(f"{k} {v:.2f}" for k, v in ks.items()))
    # zero-mean first sweep: "Infer.NET's inference engine initializes the message from w to have zero mean,
    # leading to m_{z_i->f} also having a zero mean" (Sec. 4, Exp. 3); visible here as the stripe at 0. Under our
    # parallel schedule every site of the first sweep sees the prior cavity, so the fraction is exactly 1/n_sweeps
    # by construction of the engine (not a property of the data): a note, not a claim (rule 4).
    mus = [np.abs(np.asarray(data[nm]["msg_mu"], float)) < 1e-12 for nm in names]
    frac0 = float(np.mean(np.concatenate(mus))) if sum(m.size for m in mus) else np.nan
    rec.note("fraction of incoming messages with mean exactly 0 (the first sweep's prior cavity)",
             {"value": float(frac0), "by construction": 1.0 / n_sweeps,
              "why a note": "the parallel schedule gives every site the prior cavity in sweep 1, so the fraction is "
                            "1/n_sweeps whatever the data"})
    for nm in names:
        if np.size(data[nm]["msg_mu"]) == 0:
            rec.note(f"{nm}: no incoming messages", 0)
            continue
        lp = -np.log(data[nm]["msg_var"])
        rec.note(f"{nm}: mean range", [float(data[nm]["msg_mu"].min()), float(data[nm]["msg_mu"].max())])
        rec.note(f"{nm}: log precision range", [float(lp.min()), float(lp.max())])
    return rec


# ------------------------------------------------------------------------------------ Fig 2: the schematic

def fig2_claims(nodes: dict, edges: list) -> ClaimsRecord:
    """Fig. 2, a schematic of the factor graph (``nodes``: name -> (kind, x, y, label); ``edges``: pairs of names).
    What it draws is true by construction, so its statements are notes, not claims (rule 4)."""
    from scipy.stats import beta as beta_dist

    rec = ClaimsRecord("kjit/fig2", PAPER)
    nbrs = {n: {b for a, b in edges if a == n} | {a for a, b in edges if b == n} for n in nodes}
    rec.note("neighbours of the learnt (red) logistic factor (the paper: 'two incoming messages: m_{p_i->f} and "
             "m_{z_i->f}')", sorted(nbrs["logistic"]))
    # with y_i observed and p_i's only other neighbour the Bernoulli factor, m_{p_i->f}(p) = p^y (1-p)^(1-y),
    # which is Beta(p; 1 + y, 2 - y) up to a constant: the incoming Beta message of the paper (an identity)
    grid = np.linspace(0.01, 0.99, 99)
    dev = 0.0
    for y in (0, 1):
        lik = grid ** y * (1 - grid) ** (1 - y)
        b = beta_dist.pdf(grid, 1 + y, 2 - y)
        dev = max(dev, float(np.ptp(np.log(b) - np.log(lik))))
    rec.note("spread of log[Beta(p;1+y,2-y) / p^y (1-p)^(1-y)] over p (y = 0, 1): the Bernoulli likelihood of the "
             "observed y_i is a Beta(2,1) or Beta(1,2) message (the paper's m_{p_i->f} = Beta(p_i; alpha, beta))", dev)
    return rec


# ------------------------------------------------------------------------------------ Fig 3: Experiment 1

# Fig. 3b: the log KL in the title of the published 99th-percentile panel.
FIG3_P99_LOG_KL_PAPER = -5.46
# Findings (issue 44), each proven by a test of tests/test_findings.py by another route:
#  * the text's target (E z, E z^2) admits predictions that are no distribution; the authors' code regresses
#    (E z, log Var z), which cannot give one (MATLAB code/main/tool/dist/DNormalLogVarBuilder.m, getStat l. 22-24
#    and fromStat l. 37-39, chosen in code/exp/exp6_logistic_factor.m l. 44 and code/exp/exp7_kl_table.m l. 43;
#    C# KEPOnlineISLogisticOpIns builds its f->z map with DNormalLogVarBuilder, Op/LogisticOp.cs);
#  * at the paper's own log KL for its 99th-percentile example no two Gaussians meet the 'barely visible' reading.
FINDING_FIG3_TARGET_TEST = "test_kj_sufficient_statistics_target_admits_improper_predictions"
FINDING_FIG3_VISIBLE_TEST = "test_kj_fig3_papers_log_kl_forces_a_visible_difference"


def least_visible_difference(log_kl: float) -> float:
    """The smallest max_z |q - q_hat| / max q over Gaussians q, q_hat with KL[q || q_hat] = exp(log_kl): that of a
    pure mean shift by sqrt(2 KL) standard deviations, which test_findings.py (FINDING_FIG3_VISIBLE_TEST) shows to
    be the minimiser over all pairs; evaluated here on a fine grid."""
    from scipy.stats import norm

    z = np.linspace(-10.0, 10.0, 40001)
    mu = np.sqrt(2.0 * np.exp(log_kl))
    return float(np.max(np.abs(norm.pdf(z) - norm.pdf(z, mu))) / norm.pdf(0.0))


def example_densities(d: dict, j: int):
    """Fig. 3b: the grid over z and the true and predicted densities of the projected belief of test message j."""
    from scipy.stats import norm

    m, v = d["true_mean"][j], d["true_var"][j]
    mh, vh = d["pred_mean"][j], d["pred_var"][j]
    z = np.linspace(m - 4 * np.sqrt(v), m + 4 * np.sqrt(v), 300)
    return z, norm.pdf(z, m, np.sqrt(v)), norm.pdf(z, mh, np.sqrt(vh))


def fig3_claims(d: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 3: ``d`` is exp1_fit.npz (the test log KL on the paper's importance-sampling ground truth, the four
    examples, the quadrature arm and the authors' target arm). A test prediction that is no distribution (NaN log
    KL) is a failed one: outside the mean and SD, counted, and the claim that there are none fails."""
    cl = cfg["claims"]
    kl_max, sd_atol, vis_max = float(cl["log_kl_max"]), float(cl["log_kl_sd_atol"]), float(cl["barely_visible_max"])
    lk_all = np.asarray(d["log_kl_test"], float)
    st = log_kl_summary(lk_all)
    lk = lk_all[np.isfinite(lk_all)]          # the proper predictions; the failures are counted in st
    tgt = run_target_of(d)
    _, pt, pp = example_densities(d, d["example_idx"][3])
    vis = float(np.max(np.abs(pt - pp)) / pt.max())
    rec = ClaimsRecord("kjit/fig3", PAPER)
    lq_all = np.asarray(d["log_kl_quad_test"], float)
    sq = log_kl_summary(lq_all)
    iqr = float(np.subtract(*np.percentile(lk, [75, 25]))) if lk.size else np.nan
    some = bool(lk.size)                      # a degenerate selection (no proper test prediction) decides nothing
    flagged = ""
    if st["n_improper"] and "logU_test" in d:
        # would the operator's own uncertainty have sent these to the oracle? their rank among the test predictions
        lu = np.asarray(d["logU_test"], float)
        pct = [float(np.mean(lu < v)) for v in lu[~np.isfinite(lk_all)]]
        flagged = "; percentiles of their log predictive variance among the test set " + ", ".join(f"{p:.3f}" for p in pct)
    failed = f"{st['n_improper']} of {st['n']} test predictions are no distribution and are not in it (claimed below)"
    rec.within("mean log KL over the test messages (the proper predictions)", "Mean: -8.97 (the kernel-based operator "
               "does well in capturing the relationship between incoming and outgoing messages)", st["mean"],
               upper=kl_max, decidable=some, remedy="proper test predictions",
               note=f"acceptance 'at most {kl_max:g}' (spec 5: log KL below {kl_max:g} gives no visible gain in EP); "
                    f"ground truth and training targets by importance sampling as in the paper; regression target {tgt}; "
                    + failed)
    rec.close("SD of log KL over the test messages (the proper predictions)", "SD: 1.573", st["sd"], FIG3_SD_PAPER,
              atol=sd_atol, decidable=some, remedy="proper test predictions",
              note=f"interquartile range {iqr:.2f}; importance-sampling ground truth (the paper's protocol); the "
                   f"quadrature arm (ours) gives SD {sq['sd']:.2f}; " + failed)
    # "every" is literal: the bar is zero failures
    rec.within("test predictions that are no distribution (E z^2 - (E z)^2 <= 0 under the paper's target)",
               "every test message has a log KL: the histogram, Mean -8.97 and SD 1.573 cover all 3000 test messages",
               st["n_improper"], upper=0, decidable=bool(st["n"]), remedy="test predictions",
               note=f"{st['n_improper']} of {st['n']} ({100 * st['share_improper']:.2f} %) under target {tgt}"
                    f"{flagged}; "
                    f"training set {int(d['n_improper_train']) if 'n_improper_train' in d else 0}; an improper "
                    "prediction counts as a failed prediction (decided before the numbers were seen)")
    imp = rec.claims[-1]
    rec.within("99th-percentile example: max |q - q_hat| / max q", "The discrepancy with respect to the ground "
               "truth is barely visible even at the 99th percentile", vis, upper=vis_max,
               note=f"'barely visible' read as a largest density difference under {vis_max:.0%} of the peak; log KL of "
                    f"that example {float(d['example_log_kl'][3]):.2f} (paper {FIG3_P99_LOG_KL_PAPER})")
    shown = rec.claims[-1]
    # a finding only where the KL alone forces the failure: at the paper's log KL and at our example's
    least_paper = least_visible_difference(FIG3_P99_LOG_KL_PAPER)
    least_ours = least_visible_difference(float(d["example_log_kl"][3]))
    if shown.verdict == "fail" and least_paper > vis_max and least_ours > vis_max:
        rec.explain(shown, f"at the log KL the paper prints for this example ({FIG3_P99_LOG_KL_PAPER}) no two "
                           f"Gaussians differ by less than {least_paper:.2%} of the peak (the least is a pure mean "
                           f"shift by sqrt(2 KL) sd), above the {vis_max:.0%} reading of 'barely visible': the paper's "
                           f"own example fails the reading as ours does (the least possible at our log KL "
                           f"{float(d['example_log_kl'][3]):.2f}: {least_ours:.2%})", test=FINDING_FIG3_VISIBLE_TEST)
    rec.within("ours: mean log KL on the quadrature ground truth (the operator trained and judged on quadrature)",
               f"our arm: a noise-free ground truth; the paper's bar 'at most {kl_max:g}' kept", sq["mean"],
               upper=kl_max, kind="ours",
               note=f"SD {sq['sd']:.2f}; {sq['n_improper']} improper predictions; LOOCV choice (medf, lambda) per output "
                    f"{list(map(float, d['best_medf_quad']))}, {list(map(float, d['best_lambda_quad']))}")
    rec.note("ours: log KL[quadrature truth || IS truth] over the test messages (mean, SD): the noise of the paper's "
             "ground truth", [float(np.mean(d["log_kl_is_truth_vs_quad_test"])),
                              float(np.std(d["log_kl_is_truth_vs_quad_test"]))])
    sv = log_kl_summary(d["log_kl_is_vs_quad_test"])
    rec.note("ours: log KL[quadrature truth || IS-trained prediction] (mean, SD over the proper predictions)",
             [sv["mean"], sv["sd"]])
    if "log_kl_arm_test" in d:
        sa = log_kl_summary(d["log_kl_arm_test"])
        rec.within(f"ours ({d['arm_target_z']}): mean log KL of the test predictions on the authors' code's target",
                   "our arm: the same operator (same features, LOOCV) regressing (E z, log Var z); the paper's bar "
                   f"'at most {kl_max:g}' kept", sa["mean"], upper=kl_max, kind="ours",
                   note=f"SD {sa['sd']:.3f} (paper 1.573); {sa['n_improper']} of {sa['n']} improper (exp(log Var z) is "
                        f"always positive); the paper's target: mean {st['mean']:.3f}, SD {st['sd']:.3f}, "
                        f"{st['n_improper']} improper")
    # a finding only where our own control singles the target out: the same operator on the code's target has none
    if imp.verdict == "fail" and tgt == "suff_stats" and "log_kl_arm_test" in d \
            and log_kl_summary(d["log_kl_arm_test"])["n_improper"] == 0:
        rec.explain(imp, "the text's regression target (E z, E z^2) (Sec. 3.3) reads the variance back as the "
                         "difference of two ridge predictions, which partly negative ridge weights make negative for "
                         "narrow beliefs far from 0; the authors' code regresses (E z, log Var z) "
                         "(DNormalLogVarBuilder in exp6_logistic_factor.m and exp7_kl_table.m, and in the C# online "
                         "operator), whose "
                         "predictions are always proper Gaussians: the same operator on that target has 0 of "
                         f"{sa['n']} improper. The paper states a target other than the one its code uses",
                    test=FINDING_FIG3_TARGET_TEST)
    rec.note("importance-sampling answers skipped as unusable while drawing the subsample", int(d["is_n_skipped"]))
    rec.note("test log KL quantiles (1, 50, 99 %) of the proper predictions",
             [float(np.percentile(lk, q)) if lk.size else np.nan for q in (1, 50, 99)])
    rec.note("LOOCV choice (medf, lambda) per output", [list(map(float, d["best_medf"])),
                                                        list(map(float, d["best_lambda"]))])
    return rec


# ------------------------------------------------------------------------------------ Fig 4: Experiment 2

# "Much more smoothly" (Sec. 4, Exp. 2), read before the data were looked at, with two measures of roughness that do
# not depend on the spacing of the test grid (a second difference does: it shrinks as h^2 on a smooth curve and not at
# all on a jagged one, so any ratio of them grows without bound as the grid is refined). Both converge as the grid is
# refined, for a smooth curve and for the forest's piecewise-constant one alike, and both are invariant to shifting
# or scaling the log uncertainty:
#  * traversals: total variation / range (1 for a monotone curve, 2 for a U; many for a curve that jumps up and down);
#  * reversals: changes of direction by more than ``claims.reversal_frac`` of the curve's range (a zig-zag count with
#    hysteresis, so wiggles below that share of the range are not counted).
# "much more smoothly" = the forest's measure at least ``claims.much_smoother`` times the kernel's, on each test set.

def _steps(u):
    return np.abs(np.diff(u))


def traversals(u) -> float:
    """Total variation of ``u`` over its range (grid-independent as the grid is refined)."""
    u = np.asarray(u, float)
    rng = float(np.ptp(u))
    return float(np.abs(np.diff(u)).sum() / rng) if rng > 0 else 1.0


def reversals(u, frac: float) -> int:
    """Number of changes of direction of ``u`` by more than ``frac`` of its range (hysteresis)."""
    u = np.asarray(u, float)
    h = frac * float(np.ptp(u))
    if h <= 0:
        return 0
    n, direction, hi, lo, ext = 0, 0, u[0], u[0], u[0]
    for x in u[1:]:
        if direction == 0:                        # until the first move by more than h: track both extremes
            hi, lo = max(hi, x), min(lo, x)
            if hi - x > h:
                direction, ext = -1, x
            elif x - lo > h:
                direction, ext = 1, x
        elif direction == 1:
            if x > ext:
                ext = x
            elif ext - x > h:
                n, direction, ext = n + 1, -1, x
        else:
            if x < ext:
                ext = x
            elif x - ext > h:
                n, direction, ext = n + 1, 1, x
    return n


def fig4_claims(d: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 4b: ``d`` is exp1_fit.npz (grid_means and the kernel's and the forest's log uncertainty along the two
    uncertainty test lines)."""
    cl = cfg["claims"]
    much, rev = float(cl["much_smoother"]), float(cl["reversal_frac"])
    jump_min, rise_min, share_min = float(cl["rf_jump_min"]), float(cl["ends_rise_min"]), float(cl["higher_share_min"])
    means = d["grid_means"]
    k1, k2, r1, r2 = (np.asarray(d[k], float) for k in ("test1_kernel_logU", "test2_kernel_logU", "test1_rf_logU",
                                                         "test2_rf_logU"))
    rec = ClaimsRecord("kjit/fig4", PAPER)
    if min(x.size for x in (k1, k2, r1, r2)) < 2:
        # a degenerate selection (fewer than two test points on a line): every claim inconclusive, none computed
        empty = "fewer than two test points on a line: nothing to judge"
        for name in ("#1", "#2"):
            rec.wording(f"test {name}: roughness of the forest's log uncertainty along the test line / the kernel's",
                        "the predictive variance reported by the kernel method increases much more smoothly than "
                        "that of the random forests",
                        [Reading("total variation / range, forest over kernel", np.nan, lower=much, decidable=False),
                         Reading(f"reversals by > {rev:.0%} of the range, forest over max(kernel, 1)", np.nan,
                                 lower=much, decidable=False)], note=empty, remedy="the test lines")
        rec.within("largest jump of the forest's log uncertainty between neighbouring test points",
                   "uncertainty on nearby points may vary wildly", np.nan, lower=jump_min, decidable=False, note=empty,
                   remedy="the test lines")
        for name in ("#1", "#2"):
            rec.within(f"kernel, test {name}: log uncertainty at the ends of the line minus its minimum",
                       "the predictive variance reported by the kernel method increases", np.nan, lower=rise_min,
                       decidable=False, note=empty, remedy="the test lines")
        k1 = k2 = np.array([])
        _fig4_share(rec, k1, k2, share_min)
        return rec
    for name, k, r in (("#1", k1, r1), ("#2", k2, r2)):
        tk, tr = traversals(k), traversals(r)
        nk, nr = reversals(k, rev), reversals(r, rev)
        rec.wording(f"test {name}: roughness of the forest's log uncertainty along the test line / the kernel's",
                    "the predictive variance reported by the kernel method increases much more smoothly than that of "
                    "the random forests",
                    [Reading("total variation / range, forest over kernel", tr / tk, lower=much),
                     Reading(f"reversals by > {rev:.0%} of the range, forest over max(kernel, 1)",
                             nr / max(nk, 1), lower=much)],
                    note=f"kernel: {tk:.2f} traversals, {nk} reversals; forest: {tr:.2f} traversals, {nr} reversals; "
                         f"'much more' = at least {much:g}x, fixed before the data; both measures converge as the grid "
                         f"is refined (grid spacing here {means[1] - means[0]:.3f})")
    jump = float(max(_steps(r1).max(), _steps(r2).max()))
    rec.within("largest jump of the forest's log uncertainty between neighbouring test points",
               "the uncertainty estimates of the random forests are highly non-smooth; uncertainty on nearby "
               "points may vary wildly", jump, lower=jump_min,
               note=f"kernel's largest jump {max(_steps(k1).max(), _steps(k2).max()):.3f}")
    for name, k in (("#1", k1), ("#2", k2)):
        ends = min(k[0], k[-1])
        rec.within(f"kernel, test {name}: log uncertainty at the ends of the line minus its minimum",
                   "as the mean of the test message moves away from the region densely sampled by the training "
                   "data, the predictive variance reported by the kernel method increases", float(ends - k.min()),
                   lower=rise_min, note=f"minimum {k.min():.2f} at mean {means[np.argmin(k)]:.2f}; ends {k[0]:.2f}, "
                                        f"{k[-1]:.2f}; 'increases' read as by more than {rise_min:g} (a factor "
                                        f"e^{rise_min:g})")
    _fig4_share(rec, k1, k2, share_min)
    return rec


def _fig4_share(rec: ClaimsRecord, k1, k2, share_min: float) -> None:
    """Fig. 4's "clearly higher on #1": the registered share and its revision (issue 36), judged together."""
    frac = float(np.mean(k1 > k2)) if k1.size and k1.size == k2.size else np.nan
    text = "fraction of the test points where the kernel uncertainty of #1 exceeds that of #2"
    said = "our method clearly exhibits a higher uncertainty on the test set #1 than on the test set #2"
    ok = bool(np.isfinite(frac))
    why = (f"mean difference {np.mean(k1 - k2):.2f}" if ok else "no test points on the two lines: nothing to compare")
    reg = rec.within(text, said, frac, lower=share_min, note=why, decidable=ok, remedy="" if ok else "the test lines")
    rev = rec.within(text, said, frac, lower=FIG4_CLEARLY_SHARE, decidable=ok, remedy="" if ok else "the test lines",
                     note=why + f"; 'clearly higher' read as higher on at least {FIG4_CLEARLY_SHARE:.0%} of the test "
                            "points (a coin flip gives about half)")
    rec.revise(reg, rev, REVISED_NOW, f"the registered share {share_min:g} is passed by a coin flip (issue 36); "
               f"'clearly' read as at least {FIG4_CLEARLY_SHARE:g}", proof=PROOF_FIG4_SHARE)


# ------------------------------------------------------------------------------------ Fig 5: Experiment 3

def settle(ma, threshold) -> int:
    """First index from which the moving average ``ma`` stays below ``threshold`` for good (NaN: not settled)."""
    above = np.flatnonzero(~(ma < threshold))
    return int(min(above[-1] + 1, ma.size - 1)) if above.size else 0


def fig5_claims(d: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 5: ``d`` is Exp. 3's KJIT run (u_z, problem_start, consulted_z, oracle_calls, and the keys recording how
    the run treated the paper's target)."""
    e3, f5, cl = cfg["exp3"], cfg["fig5"], cfg["claims"]
    atol, off_max = float(cl["stable_level_atol"]), float(cl["level_off_max"])
    margin, drop = float(cl["period_margin"]), float(cl["first_sweep_drop"])
    u, starts, cons = d["u_z"], d["problem_start"], d["consulted_z"].astype(bool)
    n_site = int(e3["n"])
    n_shown = min(int(f5["n_show"]), u.size)
    rec = ClaimsRecord("kjit/fig5", PAPER)
    seen = np.cumsum(cons)
    ma_all = moving_average(u, int(f5["window"]))
    a0 = settle(ma_all, e3["threshold"])
    # settled: the moving average has values, and the last of them is below the threshold
    fin_ma = np.flatnonzero(np.isfinite(ma_all))
    settled = bool(fin_ma.size and ma_all[fin_ma[-1]] < e3["threshold"] and a0 < u.size)
    with np.errstate(all="ignore"):
        stable_all = float(np.nanmedian(ma_all[a0:])) if settled and np.isfinite(ma_all[a0:]).any() else np.nan
        stable_shown = (float(np.nanmedian(ma_all[a0:n_shown])) if settled and a0 < n_shown
                        and np.isfinite(ma_all[a0:n_shown]).any() else np.nan)
    where = (f"settles at invocation {a0 + 1} of {u.size} (problem {int(np.searchsorted(starts, a0, side='right'))}, "
             f"after {int(seen[a0])} oracle pairs; the z-operator consulted the oracle {int(cons.sum())} times in all)"
             if settled else f"the moving average never settles below the threshold ({u.size} invocations)")
    # "From the trace, we observe ... a stable point at roughly -8.8". Registered (rule 1): the median over all
    # invocations after the trace settles, +-0.2 (-9.02, fail). Moved in 0ac3c08, after that reading had failed, to the
    # trace the paper shows (the first n_show invocations); the band is now the rounding of the stated -8.8 (+-0.05),
    # since +-0.2 covers 4/7 of what a settled trace can take (floor log sigma_y^2 to the threshold). Both judged; no
    # proof (the quantity was re-read after its fail; no trivial level passes the registered band: the threshold and
    # the floor both fail it), so the registered reading decides (protocol rule 1) and the revision is shown beside.
    text = (f"median of the moving average over the shown {n_shown} invocations, after it settles below the "
            "threshold")
    said = "From the trace, we observe that the uncertainty rapidly drops down to a stable point at roughly -8.8"
    floor = float(np.log(e3["sigma_y2"]))
    reg = rec.close(text, said, stable_all, FIG5_LEVEL_PAPER, atol=atol, decidable=bool(np.isfinite(stable_all)),
                    remedy="a run whose trace settles below the threshold",
                    note=where + "; registered reading: every invocation of the 30 problems")
    rev = rec.close(text, said, stable_shown, FIG5_LEVEL_PAPER, atol=FIG5_LEVEL_ATOL,
                    decidable=bool(np.isfinite(stable_shown)), remedy="a run whose trace settles within the shown part",
                    note=where + f"; the published trace shows the first {n_shown} invocations; a settled moving "
                         f"average lies between the floor {floor:.2f} and the threshold {float(e3['threshold']):g}; "
                         f"'roughly -8.8' read as its rounding, +-{FIG5_LEVEL_ATOL:g}")
    rec.revise(reg, rev, REVISED_NOW, f"the quantity moved from the whole run to the shown trace in {FIG5_SHOWN_COMMIT} "
               f"after the whole-run reading had failed ({stable_all:.2f}); the band narrowed from +-{atol:g} (4/7 of "
               f"the range a settled trace can take) to the rounding of -8.8, +-{FIG5_LEVEL_ATOL:g} (issue 36)")
    # levels off: the second and third thirds of the whole trace (all problems) have the same level
    fin = np.flatnonzero(np.isfinite(u))
    if fin.size >= 3:
        thirds = np.array_split(fin, 3)
        m2, m3 = np.mean(u[thirds[1]]), np.mean(u[thirds[2]])
    else:
        m2 = m3 = np.nan
    rec.within("|mean log predictive variance, last third - middle third of all invocations|",
               "[the uncertainty] levels off after the operator sees about 1,000 incoming-outgoing message pairs",
               float(abs(m3 - m2)), upper=off_max, note=f"middle {m2:.3f}, last {m3:.3f}",
               decidable=bool(fin.size >= 3), remedy="a trace with estimates")
    # "about 1,000 pairs": registered as at most the ~3,000 passings of one problem (passed by a trace that settles
    # at once, with 0 pairs); revised: within a factor FIG5_PAIRS_FACTOR of 1,000
    text = "oracle pairs seen when the moving average first falls below the threshold for good"
    said = ("levels off after the operator sees about 1,000 incoming-outgoing message pairs, which is relatively low "
            "compared to approximately 3,000 message passings required for one problem")
    pairs = float(seen[a0]) if settled else np.nan
    how = "'for good': from that invocation on, the moving average stays below the threshold"
    reg = rec.within(text, said, pairs, upper=FIG5_PAIRS_PAPER, note=how, decidable=settled,
                     remedy="a run whose trace settles")
    rev = rec.within(text, said, pairs, lower=1000 / FIG5_PAIRS_FACTOR, upper=1000 * FIG5_PAIRS_FACTOR,
                     decidable=settled, remedy="a run whose trace settles",
                     note=how + f"; 'about 1,000' read as within a factor {FIG5_PAIRS_FACTOR:g} of 1,000")
    rec.revise(reg, rev, REVISED_NOW, "the registered '<= 3,000' is passed by a trace that settles at once (0 pairs; "
               f"issue 36); 'about 1,000' read as within a factor {FIG5_PAIRS_FACTOR:g}", proof=PROOF_FIG5_PAIRS)
    run_target = run_target_of(d)
    consult = bool(d["consult_unusable"]) if "consult_unusable" in d else False
    # how the run treated the paper's target's one new case, shown on the claims it can decide
    target_why = f"run on the f->z target {run_target}" + (
        (", a confident prediction that is no distribution (E z^2 <= (E z)^2) answered by the oracle (the paper is "
         "silent; with the broad message sent instead, the previous build's KJIT kept consulting its oracle from "
         "problem 9 on and these claims failed)") if consult else
        ", a confident prediction that is no distribution sent as the broad message (the site dropped)"
    ) if run_target == "suff_stats" else f"run on the f->z target {run_target}"
    target_caveats = (CONSULT_HISTORY,) if run_target == "suff_stats" and consult else ()
    # periodic structure with period n (one sweep), beyond the first problems
    v = u[int(starts[min(2, starts.size - 1)]):] if starts.size else u[:0]
    v = v[np.isfinite(v)]
    v = v - v.mean() if v.size else v
    long_enough = v.size > n_site + 2 and n_site >= 2

    def ac(lag):
        if not long_enough:
            return np.nan
        with np.errstate(all="ignore"):
            return float(np.corrcoef(v[:-lag], v[lag:])[0, 1])
    a_n, a_h = ac(n_site), ac(n_site // 2)
    rec.holds(f"autocorrelation of the trace at lag {n_site} (one sweep) vs lag {n_site // 2}",
              "The uncertainty trace displays a periodic structure, repeating itself in every 300 factor "
              "invocations", [a_n, a_h], bool(a_n > a_h + margin),
              f"lag-{n_site} autocorrelation exceeds the lag-{n_site // 2} one by > {margin:g}",
              decidable=bool(np.isfinite(a_n) and np.isfinite(a_h)), remedy="a trace longer than one sweep",
              note=target_why if long_enough else "the trace after problem 2 is shorter than one sweep",
              caveats=target_caveats)
    # the drop in the first sweep of each new problem
    first, rest = [], []
    ends = np.append(starts[1:], u.size)
    for k in range(1, starts.size):
        s, e = int(starts[k]), int(ends[k])
        first.append(u[s: min(s + n_site, e)])
        rest.append(u[s + n_site: e])
    fc, rc = (np.concatenate(x) if x else np.array([]) for x in (first, rest))
    with np.errstate(all="ignore"):
        f1 = float(np.nanmedian(fc)) if np.isfinite(fc).any() else np.nan
        r1 = float(np.nanmedian(rc)) if np.isfinite(rc).any() else np.nan
    rec.holds("median log predictive variance in the first sweep of problems 2.. vs in their later sweeps",
              "The abrupt drop in uncertainty in the first EP iteration of each new problem (zero-mean "
              "incoming messages)", [f1, r1], bool(f1 < r1 - drop), f"first-sweep median lower by > {drop:g}",
              decidable=bool(np.isfinite(f1) and np.isfinite(r1)), remedy="two or more problems with later sweeps",
              note=f"floor log sigma_y^2 = {np.log(e3['sigma_y2']):.3f}")
    calls = np.asarray(d["oracle_calls"], float)
    half = calls.size // 2
    c1, c2 = (float(calls[:half].mean()), float(calls[half:].mean())) if calls.size >= 2 else (np.nan, np.nan)
    calls_text = "oracle consultations per problem: first half vs second half of the problems"
    calls_said = ("(JIT) the operator consults the oracle only when uncertain: fewer consultations as more problems "
                  "are seen")
    reg = rec.holds(calls_text, calls_said, [c1, c2], bool(c2 < c1), "second-half mean < first-half mean",
                    decidable=calls.size >= 2, remedy="two or more problems", note=target_why, caveats=target_caveats)
    # Revision (issue 36): a run whose consultations do not fall wins the sign half the time, so the difference of the
    # halves' means is decided only beyond z_decide of its Welch standard error (the first noise-aware reading
    # computed; FIG5_REVISION withdrew d18c7d7's rank reading, adopted after this one had been seen undecided).
    z = float(cl["z_decide"])
    a, b = calls[:half], calls[half:]
    welch = welch_t(a, b) if a.size >= 2 and b.size >= 2 and (a.var() + b.var()) > 0 else np.nan
    rev = rec.holds(calls_text, calls_said, [c1, c2], bool(c2 < c1),
                    f"second-half mean < first-half mean, decided when the Welch z of the difference clears {z:g} "
                    "either way", decidable=bool(np.isfinite(welch) and abs(welch) > z),
                    remedy=(f"more problems: the standard error of the first half's mean is "
                            f"{a.std(ddof=1) / np.sqrt(a.size):.3g} consultations, its largest count "
                            f"{a.max():.0f}; the paper's sequence has {calls.size} problems, so deciding it needs "
                            "an arm of ours with a longer sequence (kjit.exp3.n_problems; the KJIT run, kj_exp3_kjit, "
                            "takes seconds for the paper's 30)" if a.size >= 2
                            else "two or more problems per half"),
                    note=f"{target_why}; Welch z {welch:.2f} over {half} + {calls.size - half} problems",
                    caveats=target_caveats)
    rec.revise(reg, rev, FIG5_REVISION, "the sign alone passed a run whose consultations do not fall half the time "
               "(issue 36): decided beyond z_decide Welch standard errors of the halves' means", proof=PROOF_FIG5_CALLS)
    # Ours: the same halves by rank (one-sided Mann-Whitney), which heavy-tailed counts suit better. It was adopted
    # after the Welch reading had been seen undecided, so it is our own check and never decides the paper's claim.
    z_rank = rank_z(a, b) if a.size >= 2 and b.size >= 2 else np.nan
    rec.holds("ours: oracle consultations per problem, first half vs second half by rank (one-sided Mann-Whitney z)",
              "(our check) the fall of the consultations in rank, the typical problem rather than the mean", z_rank,
              bool(z_rank > 0), f"> 0, decided when |z| clears {z:g}", kind=OURS,
              decidable=bool(np.isfinite(z_rank) and abs(z_rank) > z), remedy="more problems",
              note=f"medians {np.median(a) if a.size else np.nan:.1f} vs {np.median(b) if b.size else np.nan:.1f}")
    rec.note("oracle calls per problem", calls.tolist())
    rec.note("f->z regression target of this run (the paper's Sec. 3.3: suff_stats = E z, E z^2 of the projected "
             "belief; the authors' code: mean_logvar), improper oracle answers skipped (spec 3.7)",
             [run_target, bool(d["skip_improper"]) if "skip_improper" in d else False])
    if "n_unusable_pred" in d:
        # why the trace can stay high under the paper's target: predictions with no distribution are never
        # corrected by the oracle unless the learner is uncertain, and the answers it does learn do not pin
        # E z^2 - (E z)^2 once the cavities narrow (Fig. 6's notes; the authors' target is Fig. 6's ours arm)
        rec.note("predictions that were no distribution (broad message sent) / oracle answers not learnt from "
                 "(improper)", [int(d["n_unusable_pred"]), int(d["n_skipped_improper"])])
    return rec


# ------------------------------------------------------------------------------------ Fig 6: Experiment 3

def fig6_claims(runs: dict, timing: list, cfg: dict, ablation: dict | None = None) -> ClaimsRecord:
    """Fig. 6: ``runs`` maps quadrature, sampling (slices concatenated) and kjit to their Exp. 3 runs (error,
    time_ms, ...); ``timing`` is the list of interleaved timing repeats (one job each, merged here); ``ablation``
    the KJIT run on the authors' code's target (our arm), if any."""
    cl = cfg["claims"]
    match, (err_lo, err_hi) = float(cl["error_match_max"]), map(float, cl["error_axis"])
    faster, band, factor = float(cl["orders_faster_min"]), float(cl["x30_linear_band"]), float(cl["x30_log_factor"])
    first_min = float(cl["first_problem_ratio_min"])
    n_prob = runs["kjit"]["error"].size
    rec = ClaimsRecord("kjit/fig6", PAPER)
    eq, es, ek = (np.asarray(runs[m]["error"], float) for m in ("quadrature", "sampling", "kjit"))
    has = bool(n_prob > 0 and eq.size == es.size == ek.size)
    dev = float(max(np.max(np.abs(ek - eq)), np.max(np.abs(ek - es)))) if has else np.nan
    kj = runs["kjit"]
    tgt = run_target_of(kj)
    bad = np.flatnonzero(np.maximum(np.abs(ek - eq), np.abs(ek - es)) > match) + 1
    consult = bool(kj["consult_unusable"]) if "consult_unusable" in kj else False
    why = ""
    if tgt == "suff_stats" and bad.size:
        # the verdict under the paper's target, and what the run itself shows about why (not a finding: no test)
        why = (f"; judged on the paper's f->z target (E z, E z^2; Sec. 3.3): KJIT departs on problems {bad.tolist()}, "
               f"{int(kj['n_unusable_pred'])} confident predictions were no distribution ("
               + ("answered by the oracle" if consult else "the broad message sent") +
               f"); oracle calls per problem {kj['oracle_calls'].tolist()}; unexplained")
    caveats = (CONSULT_HISTORY,) if tgt == "suff_stats" and consult else ()
    rec.within("largest |error(KJIT) - error(quadrature or sampling)| over the problems",
               "The loss of KJIT matches well with that of the importance sampler and Infer.NET, suggesting that "
               "the inference accuracy is as good as these alternatives", dev, upper=match, decidable=has,
               remedy="" if has else "the three runs over the same problems",
               note=("no problems: nothing to compare; " if not has else "")
               + f"mean errors: quadrature {np.mean(eq) if has else np.nan:.4f}, sampling "
                 f"{np.mean(es) if has else np.nan:.4f}, KJIT {np.mean(ek) if has else np.nan:.4f}; "
                    f"largest |sampling - quadrature| {np.max(np.abs(es - eq)) if has else np.nan:.4f}; 'matches "
                    "well' read as within "
                    f"{match:g} on every problem (the published lines agree within about 0.005)" + why,
               caveats=caveats)
    rec.note("KJIT's f->z regression target (the paper's Sec. 3.3: suff_stats, the expected sufficient statistics "
             "E z, E z^2 of the projected belief), improper oracle answers skipped (spec 3.7), a confident prediction "
             "that is no distribution answered by the oracle (the paper is silent; the previous build sent the broad "
             "message instead, and KJIT's errors rose to 0.3-0.5 from problem 9 on)",
             [tgt, bool(kj["skip_improper"]) if "skip_improper" in kj else False, consult])
    if ablation is not None:
        ea = np.asarray(ablation["error"], float)
        dev_a = float(max(np.max(np.abs(ea - eq)), np.max(np.abs(ea - es))))
        rec.within(f"ours ({ablation['target_z']}): largest |error(KJIT) - error(quadrature or sampling)| over the "
                   "problems", "our arm: the authors' code's f->z target (E z, log Var z); the paper's bar kept", dev_a,
                   upper=match,
                   note=f"mean error {ea.mean():.4f}; oracle calls {int(np.sum(ablation['oracle_calls']))} (the paper's "
                        f"target: {int(np.sum(kj['oracle_calls']))}); improper messages "
                        f"{int(np.sum(ablation['n_improper']))} (paper's target: {int(np.sum(kj['n_improper']))})",
                   kind="ours")
    # "errors between 0.04 and 0.10" (the published Fig. 6a axis 0.04-0.12): registered as a one-sided bar per end
    # (min >= 0.03 is passed by a chance-level classifier, max <= 0.13 by a perfect one); revised: both ends inside
    # the published axis range [0.03, 0.13] (issue 36)
    for end, fn in (("min", np.min), ("max", np.max)):
        text = f"classification error range over the problems and methods ({end})"
        said = "errors between 0.04 and 0.10 (Fig. 6a axis 0.04-0.12)"
        val = float(fn(np.concatenate([eq, es, ek]))) if has else np.nan
        note = "read from the published figure, not stated in the text"
        if end == "max" and has and ek.max() > max(eq.max(), es.max()):
            note += (f"; KJIT's largest error {ek.max():.3f} (quadrature {eq.max():.3f}, sampling {es.max():.3f}): "
                     "see the first claim's note on the paper's target")
        one_sided = {"lower": err_lo} if end == "min" else {"upper": err_hi}
        reg = rec.within(text, said, val, **one_sided, note=note, decidable=has, remedy="the runs' problems")
        rev = rec.within(text, said, val, lower=err_lo, upper=err_hi, decidable=has, remedy="the runs' problems",
                         note=note + f"; both ends of the range inside the published axis [{err_lo:g}, {err_hi:g}]")
        rec.revise(reg, rev, REVISED_NOW, "the registered one-sided bar is passed by a chance-level (min) or a perfect "
                   "(max) classifier (issue 36): both ends judged against both edges of the published axis",
                   proof=PROOF_FIG6_RANGE)
    tq, ts, tk = (runs[m]["time_ms"] for m in ("quadrature", "sampling", "kjit"))
    if timing:
        tim = merge_timing(timing)                                        # one job per interleaved repeat
    else:                                                                 # no timing job: every timing claim undecided
        tim = {"methods": np.array(["quadrature", "kjit", "sampling"]), "time_ms": np.full((0, n_prob, 3), np.nan),
               "sampled": np.array([], int), "sampling_sweeps_timed": 0, "kjit_error": np.zeros((0, n_prob)),
               "kjit_oracle_calls": np.zeros((0, n_prob))}
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
    with np.errstate(all="ignore"):
        single = float(np.median(ts[later] / tk[later])) if np.size(ts[later]) else np.nan
    text = "median over repeats of [median time(sampling) / median time(KJIT)] on problems 2.."
    said = "KJIT is orders of magnitude faster than the importance sampler"
    note = (f"{spread}; sampling timed on problems {(np.asarray(tim['sampled']) + 1).tolist()} ({samp_how}); the "
            "published Fig. 6b shows log-time gaps of about 3.5 (x30). Python timings: the claim compares ratios, not "
            "the paper's C# milliseconds; decided only when every repeat is on one side of the bar. Single runs (panel "
            f"b): median per-problem ratio {single:.1f}")
    timing_remedy = "interleaved timing repeats on two or more problems"
    reg = rec.within(text, said, sk_med, lower=faster, decidable=n_prob > 1 and clears(sk_lo, sk_hi, n_rep, lower=faster),
                     note=note, remedy=timing_remedy)
    # revised (issues 34, 36): "orders of magnitude" under the same readings as Fig. 7's "several orders" scheme: at
    # least one order (10x) or, for the plural, at least two (100x); the registered single >= 10x bar is the first.
    # No proof: the plural re-read after the result, and no trivial ratio passes 10x, so the registered bar decides
    rev = rec.wording(text, said, [Reading(f"at least {b:g}x (median of the per-repeat ratios; decided only when every "
                                           "repeat is on one side)", sk_med, lower=b,
                                           decidable=n_prob > 1 and clears(sk_lo, sk_hi, n_rep, lower=b))
                                   for b in ORDERS_READINGS], note=note, remedy=timing_remedy)
    rec.revise(reg, rev, REVISED_NOW, "one >= 10x bar does not read the plural 'orders of magnitude' (issues 34, 36): "
               f"judged under {ORDERS_READINGS[0]:g}x (one order) and {ORDERS_READINGS[1]:g}x (two orders), the readings "
               "Fig. 7 uses for an order and for several")
    # "about x30" read off the published figure: two readings fixed before the data (rule 2)
    readings = [(f"within +-{100 * band:.0f} % of x{FIG6_X30:g} (a linear band)", FIG6_X30 * (1 - band),
                 FIG6_X30 * (1 + band)),
                (f"within a factor {factor:g} of x{FIG6_X30:g} (log scale)", FIG6_X30 / factor, FIG6_X30 * factor)]
    x30 = "median over repeats of [median time(sampling) / median time(KJIT)] vs the published x30 (problems 2..)"
    x30_says = "Fig. 6b: KJIT about e^3.5 = 30 times faster than sampling after the first problem"
    # Rule 1: registered as the linear band alone (it failed in 1fa3c47); 9b17190 added the log-scale reading after
    # that result, so the claim carries both; no proof (a reading added after its result), so the linear band decides
    x30_reg = rec.close(x30, x30_says, sk_med, FIG6_X30, rtol=band,
                        decidable=n_prob > 1 and clears(sk_lo, sk_hi, n_rep, lower=FIG6_X30 * (1 - band),
                                                        upper=FIG6_X30 * (1 + band)))
    x30_rev = rec.wording(
                x30, x30_says,
                [Reading(r, sk_med, lo, hi, decidable=n_prob > 1 and clears(sk_lo, sk_hi, n_rep, lower=lo, upper=hi))
                 for r, lo, hi in readings],
                note=f"{spread}; read from the published figure (log-time ~14 vs ~10.4-10.8); each reading decided only "
                     "when every repeat is on one side of its bounds; the ratio of two Python implementations on this "
                     "machine against the paper's C# engine (an earlier machine gave 42)")
    rec.revise(x30_reg, x30_rev, "9b17190", "the log-scale reading (a factor 3) was added after the linear band had "
               "failed in 1fa3c47 (issue 34, rule 1)")
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
                   f"in [{sk_lo:.1f}, {sk_hi:.1f}]; the 'Infer.NET' line is our vectorised quadrature (kjit.exp3.quad_nodes grid points per call, issue 44) "
                   "operator in Python/numpy, a stand-in for Infer.NET's hand-crafted C# LogisticOp; a failure of the "
                   "first inequality says that our stand-in is slower than a learnt KJIT prediction, not that the paper "
                   "is wrong")
    f_med, f_lo, f_hi, _ = interval(first)
    rec.within("median over repeats of [time(KJIT) on problem 1 / median time(KJIT) on problems 2..]", "Fig. 6b: KJIT's "
               "first problem is the slowest (initial mini-batch and most oracle consultations)", f_med, lower=first_min,
               decidable=n_prob > 1 and clears(f_lo, f_hi, n_rep, lower=first_min),
               note=f"per-repeat ratios in [{f_lo:.1f}, {f_hi:.1f}]" + (
                   "; KJIT stays slow after problem 1 (see the first claim's note on its oracle calls)"
                   if f_med < first_min else ""))
    rec.note("timing job: KJIT's errors and oracle calls identical in every repeat (a replay of the sequence)",
             bool(np.array_equal(tim["kjit_error"], np.broadcast_to(tim["kjit_error"][:1], tim["kjit_error"].shape))
                  and np.array_equal(tim["kjit_oracle_calls"],
                                     np.broadcast_to(tim["kjit_oracle_calls"][:1], tim["kjit_oracle_calls"].shape))))
    rec.note("median time per problem (ms): quadrature, sampling, KJIT",
             [float(np.median(tq)), float(np.median(ts)), float(np.median(tk))])
    rec.note("KJIT oracle calls per problem", kj["oracle_calls"].tolist())
    rec.note("improper (clamped) outgoing messages per problem, sampling / KJIT",
             [runs["sampling"]["n_improper"].tolist(), kj["n_improper"].tolist()])
    return rec


# ------------------------------------------------------------------------------------ Fig 7: Experiment 4

# "KJIT is able to infer equally good posterior parameters compared to Infer.NET" (Fig. 7 caption), read before the
# data were looked at, on the KL between the two posteriors (the correlation of log rates cannot fail: the exact data
# term alone, b = sum x^2 / 2 shared by both posteriors, already gives a correlation of 0.9999):
#  * typical problem: the median KL[oracle || KJIT] at most e^(claims.log_kl_max), the level below which the paper
#    (App. C) observes no noticeable gain in EP;
#  * nearly every problem: the claims.shift_quantile-th percentile of |E_KJIT[tau] - E_oracle[tau]| / sd_oracle[tau]
#    at most claims.shift_max (the posterior mean moved by at most that share of the posterior's width).
# "a runtime several orders of magnitude lower" (Fig. 7 caption): the median over the timed problems of the paper's
# oracle's time over KJIT's, per interleaved repeat; readings claims.orders fixed before the data: at least one order
# of magnitude (the published Fig. 7c itself shows e^5.6 vs e^2.1 ms, x33) and 'several' = at least two orders.
# Ours: our 1e5-node quadrature is already accurate (largest KL to the paper's oracle's posterior below
# e^(claims.log_kl_max) on the timed problems) and within claims.ours_fast_max of KJIT's time.

def fig7_scatter(d: dict):
    """Fig. 7 (a, b): the first 1,000 problems where KJIT did not consult its oracle, the log shape and log rate of
    KJIT's and the oracle's posteriors, and their two correlations (drawn in the titles, noted in the claims)."""
    sel = np.flatnonzero(~d["consulted"].astype(bool))[:1000]
    ls_k, ls_o = np.log(d["kjit_shape"]), np.log(d["oracle_shape"])
    lr_k, lr_o = np.log(d["kjit_rate"]), np.log(d["oracle_rate"])
    c_shape = float(np.corrcoef(ls_k[sel], ls_o[sel])[0, 1]) if sel.size > 2 else np.nan
    c_rate = float(np.corrcoef(lr_k[sel], lr_o[sel])[0, 1]) if sel.size > 2 else np.nan
    return sel, ls_k, ls_o, lr_k, lr_o, c_shape, c_rate


def fig7_claims(d: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 7: ``d`` is exp4.npz (KJIT's and the oracles' posteriors per problem, the consultations, the timing
    pass's interleaved repeats)."""
    cl = cfg["claims"]
    kl_max, q_shift_at, shift_max = float(cl["log_kl_max"]), float(cl["shift_quantile"]), float(cl["shift_max"])
    orders, ours_fast = [float(b) for b in cl["orders"]], float(cl["ours_fast_max"])
    cons = d["consulted"].astype(bool)
    sel, ls_k, ls_o, lr_k, lr_o, c_shape, c_rate = fig7_scatter(d)
    timed, T = d["timed"].astype(int), d["timing_ms"]
    methods = [str(m) for m in d["timing_methods"]]
    t_paper, t_ours, t_kjit = (T[:, :, methods.index(m)] for m in ("paper_oracle", "ours_oracle", "kjit"))
    n_nodes, paper_nodes = int(d["n_nodes"]), int(d["paper_nodes"])
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
    q_shift = float(np.percentile(shift, q_shift_at)) if has else np.nan
    rec.wording("KJIT's posterior vs the paper's oracle's (timed non-consulted problems)", "KJIT is able to infer "
                "equally good posterior parameters compared to Infer.NET",
                [Reading("log of the median KL[oracle || KJIT]", med_lkl, upper=kl_max, decidable=has),
                 Reading(f"{q_shift_at:g}th percentile of the posterior-mean shift in posterior sds", q_shift,
                         upper=shift_max, decidable=has)],
                note=f"{timed.size} problems (evenly spaced among the non-consulted); oracle = {paper_nodes}-node "
                     f"quadrature; against our {n_nodes}-node oracle on all {sel.size} scatter problems the median KL is "
                     f"{np.median(d['kl_posteriors'][sel]) if sel.size else np.nan:.2e}")
    # the time ratio, paper's baseline over KJIT, per interleaved repeat
    med, lo, hi, n_rep = interval(repeat_ratios(t_paper, t_kjit))
    ratio_text = ("median time of the paper's oracle / median time of KJIT, per interleaved repeat (timed "
                  "non-consulted problems)")
    said = "[KJIT requires] a runtime several orders of magnitude lower"

    def order_readings(bars):
        return [Reading(f"at least {b:g}x (median of the per-repeat ratios; decided only when every repeat is on one "
                        "side)", med, lower=b, decidable=clears(lo, hi, n_rep, lower=b)) for b in bars]
    reg = rec.wording(ratio_text, said, order_readings(orders), remedy="interleaved timing repeats",
                      note=f"per-repeat ratios in [{lo:.1f}, {hi:.1f}]")
    rev = rec.wording(ratio_text, said, order_readings(SEVERAL_ORDERS_READINGS), remedy="interleaved timing repeats",
                note=f"per-repeat ratios in [{lo:.1f}, {hi:.1f}] over {n_rep} repeats of {timed.size} problems, the "
                     f"methods interleaved; median times (ms): paper's oracle {np.nanmedian(t_paper) if has else np.nan:.2f}, "
                     f"ours {np.nanmedian(t_ours) if has else np.nan:.2f}, KJIT {np.nanmedian(t_kjit) if has else np.nan:.3f}; "
                     "the published Fig. 7c shows e^5.6 vs e^2.1 ms (x33): the paper's own figure does not show "
                     "several orders either. Python timings, ratios compared")
    # No proof (a re-reading of 'several' after the result; no trivial ratio passes 10x): the registered readings decide
    rec.revise(reg, rev, REVISED_NOW, "a >= 10x reading does not read 'several orders of magnitude' (issue 34): "
               f"'several' read as at least two orders ({SEVERAL_ORDERS_READINGS[0]:g}x) or at least three "
               f"({SEVERAL_ORDERS_READINGS[1]:g}x)")
    # ours: a much smaller quadrature is already accurate and nearly as fast
    kl_ours = float(np.log(np.max(d["kl_ours_paper"]))) if has else np.nan
    rec.within(f"ours: log of the largest KL[{paper_nodes}-node || {n_nodes}-node oracle posterior] (timed problems)",
               "(not in the paper) a 10x smaller quadrature is already as accurate as the paper's oracle", kl_ours,
               upper=kl_max, decidable=has, kind=OURS)
    o_med, o_lo, o_hi, o_n = interval(repeat_ratios(t_ours, t_kjit))
    rec.holds(f"ours: median time of the {n_nodes}-node oracle / median time of KJIT, per interleaved repeat",
              "(not in the paper) a 10x smaller quadrature is already within an order of magnitude of KJIT's time",
              o_med, o_med < ours_fast, f"< {ours_fast:g} (median of the per-repeat ratios, decided only when every "
              "repeat is on one side)", decidable=clears(o_lo, o_hi, o_n, upper=ours_fast), kind=OURS,
              note=f"per-repeat ratios in [{o_lo:.1f}, {o_hi:.1f}]")
    n3 = cons.size // 3
    cons_text = "oracle consultations in the first vs the last third of the problems"
    cons_said = "Fig. 7c also indicates that KJIT requires fewer oracle consultations as more problems are seen"
    k1, k3 = int(cons[:n3].sum()), int(cons[cons.size - n3:].sum())
    reg = rec.holds(cons_text, cons_said, [k1, k3], bool(k3 < k1), "last third < first third", decidable=n3 > 0,
                    remedy="three or more problems")
    # Revision (issue 36): an operator consulting at a constant rate wins the sign half the time; the two thirds'
    # shares of consulted problems are compared by the two-proportion z, decided beyond z_decide either way.
    z = float(cl["z_decide"])
    pooled = (k1 + k3) / (2 * n3) if n3 > 0 else np.nan
    se = np.sqrt(pooled * (1 - pooled) * 2 / n3) if n3 > 0 else np.nan
    z_prop = (k1 - k3) / n3 / se if n3 > 0 and se > 0 else np.nan
    rev = rec.holds(cons_text, cons_said, [k1, k3], bool(k3 < k1),
                    f"last third < first third, decided when the two-proportion z clears {z:g} either way",
                    decidable=bool(np.isfinite(z_prop) and abs(z_prop) > z), remedy="more problems",
                    note=f"two-proportion z {z_prop:.2f} ({n3} problems per third)")
    rec.revise(reg, rev, COUNTS_REVISION, "the sign alone passed an operator consulting at a constant rate half the "
               "time (issue 36): decided by the two-proportion z of the thirds", proof=PROOF_FIG7_CALLS)
    rec.note("oracle consultations in total", int(cons.sum()))
    rec.note("KJIT consultations during the timing pass (expected 0)", int(np.sum(d["timing_kjit_consulted"])))
    return rec


# ------------------------------------------------------------------------------------ Fig 8: Experiment 5

def decrease_se(last, sweep2, n_boot: int = FIG8_BOOTSTRAP, seed: int = 0) -> float:
    """Standard error of median(last) - median(sweep2) by a bootstrap over the sites (each site's two sweeps resampled
    together; NaN when fewer than two sites have both)."""
    return paired_bootstrap_se(last, sweep2, np.median, n_boot, seed)


def fig8_claims(d: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 8: ``d`` is Exp. 5's KJIT run over the data sets in sequence (names, u_z, problem_start, consulted_z,
    oracle_calls): the rise of the uncertainty after each new data set's first sweep, and its fall after."""
    e5, f8 = cfg["exp5"], cfg["fig8"]
    rise_min, z = float(cfg["claims"]["rise_min"]), float(cfg["claims"]["z_decide"])
    names = [str(n) for n in d["names"]]
    u, starts, cons = np.asarray(d["u_z"], float), d["problem_start"].astype(int), d["consulted_z"].astype(bool)
    rec = ClaimsRecord("kjit/fig8", PAPER)
    n_sw = int(e5["n_sweeps"])
    ends = np.append(starts[1:], u.size)
    ma_all = moving_average(u, int(f8["window"]))
    for k in range(1, len(names)):
        s, e = int(starts[k]), int(ends[k])
        per = max(1, (e - s) // n_sw)                    # invocations per sweep of this data set
        lo = int(max(int(starts[k - 1]), s - max(1, (s - int(starts[k - 1])) // n_sw)))
        prev_last = u[lo: s]
        sweep2 = u[s + per: s + 2 * per]
        last = u[e - per: e]
        enough = e - s >= 2 * per and s > lo
        with np.errstate(all="ignore"):
            base = float(np.nanmedian(ma_all[lo:s])) if np.isfinite(ma_all[lo:s]).any() else np.nan
            peak = float(np.nanmax(ma_all[s + per: s + 2 * per])) if np.isfinite(ma_all[s + per: s + 2 * per]).any() \
                else np.nan
            med = lambda x: float(np.nanmedian(x)) if np.isfinite(x).any() else np.nan  # noqa: E731
        rec.within(f"{names[k]}: peak of the moving average in its 2nd EP sweep minus its level in the last sweep "
                   f"of {names[k - 1]}", "An essential feature to notice is the rapid increase of the uncertainty "
                   "after the first EP iteration of each problem", peak - base, lower=rise_min,
                   decidable=bool(enough and np.isfinite(peak - base)), remedy="a data set with two or more sweeps",
                   note=f"moving average (window {int(f8['window'])}): peak {peak:.3f}, previous level {base:.3f}; "
                        f"raw 2nd-sweep median {med(sweep2):.3f} vs previous last-sweep median "
                        f"{med(prev_last):.3f}; 'increase' read as > {rise_min:g} in the log")
        # "a steady decrease". Registered: the last sweep's median no higher than the 2nd's, sign only (a flat trace
        # passes at 0, and Blood passed at -0.02 with no noise margin). Revised (issues 34, 36): judged with its
        # standard error (bootstrap over the sites), each reading decided only beyond z_decide standard errors, under
        # two readings: any decrease, and a decrease by more than the rise_min that counts as an increase above
        down = med(last) - med(sweep2)
        se = decrease_se(last, sweep2) if enough else np.nan
        text = f"{names[k]}: median log predictive variance in its last sweep minus that in its 2nd sweep"
        said = ("The sharp rise followed by a steady decrease of the uncertainty ... robustly adapt to this new "
                "distribution by querying the oracle")
        cons_note = (f"oracle consultations in this data set: {int(cons[s:e].sum())} of {e - s} invocations "
                     f"({int(cons[s + per: s + 2 * per].sum())} in its 2nd sweep, {int(cons[e - per: e].sum())} in "
                     "its last)")
        ok = bool(enough and np.isfinite(down))
        reg = rec.within(text, said, down, upper=0.0, note=cons_note, decidable=ok,
                         remedy="a data set with two or more sweeps")
        # runs needed for a gap g to clear z standard errors: the standard error falls as 1/sqrt(runs)
        need = [(z * se / abs(g)) ** 2 if np.isfinite(se) and g != 0 else np.inf for g in (down, down + rise_min)]
        rev = rec.wording(text, said, [
            Reading("any decrease: last - 2nd < 0, decided beyond z_decide standard errors", down, upper=0.0,
                    decidable=ok and abs(down) > z * se),
            Reading(f"a decrease as large as a counted rise: last - 2nd < -{rise_min:g}, decided beyond z_decide "
                    "standard errors", down, upper=-rise_min, decidable=ok and abs(down + rise_min) > z * se)],
            note=cons_note + f"; standard error {se:.4f} (bootstrap over the {per} sites, each site's two sweeps "
                             f"together); a reading is decided when its gap exceeds {z:g} standard errors",
            remedy=(f"about {max(need):.1f}x the data (seeds of the Exp. 5 KJIT run, kj_exp5_kjit, about 13 s each at "
                    f"paper scale, or more sites) would decide the undecided reading at this gap" if ok else
                    "a data set with two or more sweeps"))
        rec.revise(reg, rev, REVISED_NOW, "sign only with no noise margin passes a flat trace and noise (issues 34, "
                   f"36): judged with its bootstrap standard error, beyond {z:g} SE, under two readings (any decrease; a "
                   f"decrease by more than the {rise_min:g} that counts as a rise)", proof=PROOF_FIG8_FALL)
    rec.note("oracle calls per data set", np.asarray(d["oracle_calls"]).tolist())
    return rec


# ------------------------------------------------------------------------------------ Fig 9: Experiment 5

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


def fig9_claims(err: dict, tim: dict, kjit: dict, sampling: dict, seeds: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 9: ``err``, ``tim``: per method (quadrature, sampling, kjit) the test errors and times in the order of
    ``kjit.exp5.datasets``; ``kjit`` the main KJIT run (names, oracle_calls); ``sampling`` the per-data-set
    sampling runs (n_calls); ``seeds`` the KJIT runs over seeds per regression target. The accuracy claims are judged
    on the seeds of the paper's target, their mean against the bar with ``claims.z_decide`` standard errors."""
    names = list(cfg["exp5"]["datasets"])
    target = str(cfg["exp5"]["target_z"])
    cl = cfg["claims"]
    bar, z, q_atol = float(cl["accuracy_bar"]), float(cl["z_decide"]), float(cl["quad_error_atol"])
    ki = {str(n): i for i, n in enumerate(kjit["names"])}
    consult = bool(kjit["consult_unusable"]) if "consult_unusable" in kjit else bool(cfg["exp5"].get("consult_unusable"))
    dev = seed_deviation(seeds, names, err)
    arms = list(seeds)
    rec = ClaimsRecord("kjit/fig9", PAPER)
    for i, n in enumerate(names):
        r = tim["sampling"][i] / tim["kjit"][i]
        # "improves" is literal: any ratio above 1
        rec.within(f"{n}: time(sampling) / time(sampling + KJIT)", "KJIT improves the inference time on all the "
                   "problems", float(r), lower=1.0,
                   note=f"{tim['sampling'][i]:.0f} vs {tim['kjit'][i]:.0f} ms; oracle calls {int(kjit['oracle_calls'][ki[n]])}"
                        f" of {int(sampling[n]['n_calls'][0])} invocations; the published bars give x1.3-2.3; Python "
                        "timings, ratios compared")
    for arm in [target] + [a_ for a_ in arms if a_ != target]:
        e, dv = dev[arm]
        for i, n in enumerate(names):
            m = float(dv[:, i].mean()) if dv.shape[0] else np.nan
            se = float(dv[:, i].std(ddof=1) / np.sqrt(dv.shape[0])) if dv.shape[0] > 1 else np.inf
            decided = bool(np.isfinite(m) and ((m + z * se <= bar) or (m - z * se > bar)))
            # seeds for the gap to the bar to clear z standard errors (the standard error falls as 1/sqrt(seeds))
            need = (dv.shape[0] * (z * se / abs(m - bar)) ** 2 if np.isfinite(se) and np.isfinite(m) and m != bar
                    else np.inf)
            note = (f"{dv.shape[0]} seeds of the KJIT run ({ARMS.get(arm, arm)}): test errors "
                    f"{np.round(e[:, i], 3).tolist()} (mean {e[:, i].mean():.3f}, SD {e[:, i].std(ddof=1) if e.shape[0] > 1 else 0:.3f}); "
                    f"sampling {err['sampling'][i]:.3f}, quadrature {err['quadrature'][i]:.3f}; largest deviation per "
                    f"seed averaged, standard error {se:.3f}; 'without sacrificing accuracy' read as within {bar}; "
                    f"improper outgoing messages per seed {np.asarray(seeds[arm]['n_improper'])[0][:, i].tolist()}, "
                    f"predictions that are no distribution {np.asarray(seeds[arm]['n_unusable_pred'])[0][:, i].tolist()}, "
                    f"oracle answers not learnt from (improper) {np.asarray(seeds[arm]['n_skipped_improper'])[0][:, i].tolist()}")
            if arm == target:
                if n == "blood_transfusion" and arm == "suff_stats":
                    # Not a finding (rule 5): the mechanism below holds on Banknote too, whose claim passes
                    note += unproven(
                        "the paper's stated regression target (Sec. 3.3: E z, E z^2 of the projected belief) cannot "
                        "pin the outgoing message of narrow cavities at the paper's threshold: an error of one "
                        "accepted predictive standard deviation (exp(-9/2)) in E z^2 changes Blood's site precision by "
                        "a median 32 times its value and makes 95 % of the quotients improper "
                        "(tests/test_findings.py::test_kj_sufficient_statistics_target_cannot_resolve_blood_sites); "
                        "but the same helpers give Banknote 5.9x and 87 % improper while Banknote's claim passes, and "
                        "the authors' target (mean_logvar) also misses on Blood (ours arm below), so it does not single "
                        "out Blood")
                if n == "fertility":
                    note += (f"; every method's error here: quadrature {err['quadrature'][i]:.3f}, sampling "
                             f"{err['sampling'][i]:.3f}, the single KJIT run {err['kjit'][i]:.3f}; the authors' test "
                             f"split has {FERTILITY_TEST_POINTS} points (44 of one class), so one point moves the error "
                             f"by {1 / FERTILITY_TEST_POINTS:.2f}, the bar; the constant classifiers score 0.12 and "
                             "0.88 there and fail this claim and the quadrature one (tests/test_kjit_claims.py)")
                caveats = (CONSULT_HISTORY,) if consult and arm == "suff_stats" else ()
                rec.within(f"{n}: mean over seeds of the largest |test error(KJIT) - test error(sampling or "
                           "quadrature)|", "KJIT improves the inference time on all the problems without "
                           "sacrificing inference accuracy", m, upper=bar, decidable=bool(decided), note=note,
                           remedy=(f"about {need:.0f} seeds instead of {dv.shape[0]} (kj_exp5_seeds) would decide it at "
                                   "this mean and spread" if np.isfinite(need) else "two or more seeds"),
                           caveats=caveats)
            else:
                rec.within(f"ours ({arm}), {n}, seed-mean of the largest |test error(KJIT) - test error(sampling "
                           "or quadrature)|", f"our arm: {ARMS.get(arm, arm)}; the paper's bar kept", m, upper=bar,
                           decidable=bool(decided), note=note, kind="ours",
                           remedy=(f"about {need:.0f} seeds instead of {dv.shape[0]} (kj_exp5_seeds)"
                                   if np.isfinite(need) else "two or more seeds"), caveats=caveats)
    rec.note("the main KJIT run (panels a, b): target, test errors", [target, [float(v) for v in err["kjit"]]])
    # How fragile one run of the paper's target is: the single run of panel (a) beside its seeds (the accuracy
    # claims above are judged on the seeds' mean and spread, never on the single run).
    if target in dev and dev[target][0].shape[0]:
        e_t, dv_t = dev[target]
        ref_s, ref_q = np.asarray(err["sampling"], float), np.asarray(err["quadrature"], float)
        single_dev = np.maximum(np.abs(np.asarray(err["kjit"], float) - ref_s),
                                np.abs(np.asarray(err["kjit"], float) - ref_q))
        for i, n in enumerate(names):
            off = int(np.sum(dv_t[:, i] > bar)) + int(single_dev[i] > bar)
            rec.note(f"{n}: fragility of one run of the paper's target: the single run (panel a) beside its "
                     f"{e_t.shape[0]} seeds",
                     {"single_run_error": float(err["kjit"][i]), "single_run_deviation": float(single_dev[i]),
                      "seed_errors_min_max": [float(e_t[:, i].min()), float(e_t[:, i].max())],
                      "runs_beyond_bar": f"{off} of {e_t.shape[0] + 1} runs deviate by more than {bar}"})
    for i, n in enumerate(names):
        rec.close(f"{n}: test error of quadrature EP ('Infer.NET')", f"Fig. 9a: about {PAPER_ERR[n]}",
                  float(err["quadrature"][i]), PAPER_ERR[n], atol=q_atol,
                  note="read from the published bars; no bias term (as in the paper), hence Blood/Fertility worse "
                       "than the majority rule")
    return rec


# ------------------------------------------------------------------------------------ Fig 10: App. C

# "No point lies at the bottom right, i.e. making a large error while being confident" (App. C), read before the data
# were looked at, relative to the data rather than at absolute log levels (our KL errors and variances need not sit
# on the published scale; an absolute box at -4 / -4 passes trivially when our errors are smaller):
#  * the plot's corner: the published region (log KL > -4, log variance < -4 on axes -25..5 x -6..2) is the right
#    30 % of the x-range and the bottom 25 % of the y-range (claims.corner_right, corner_bottom); here the same
#    fractions of the data's ranges;
#  * by rank: the largest errors (above the claims.q_error-th percentile of log KL) among the most confident
#    predictions (below the claims.q_confident-th percentile of log predictive variance).
# "no point" read literally: zero points in the region, in both readings.
# A prediction that is no distribution (the paper's target (E z, E z^2) with E z^2 - (E z)^2 <= 0; NaN log KL) is a
# failed prediction, decided before the numbers were seen: it cannot be drawn, but it is an error larger than any
# finite one, so it counts in the "large error" side of both readings (a confident improper prediction is confident
# but wrong); the correlation and the train/test means are over the proper predictions, the failures counted beside.

def confident_but_wrong(x, y, right: float, bottom: float, q_error: float, q_confident: float) -> tuple[int, int]:
    """Points in the bottom-right region: (by the plot's ranges, by rank). ``x`` NaN (an improper prediction) is a
    larger error than any finite one; the ranges and percentiles of ``x`` are of its finite values."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    bad = ~np.isfinite(x)
    xf = x[~bad]
    if xf.size == 0 or y.size == 0:                  # nothing to place on the plot's ranges
        return int(bad.sum()), int(bad.sum())
    with np.errstate(invalid="ignore"):
        corner = (bad | (x > xf.max() - right * np.ptp(xf))) & (y < y.min() + bottom * np.ptp(y))
        ranked = (bad | (x > np.percentile(xf, q_error))) & (y < np.percentile(y, q_confident))
    return int(corner.sum()), int(ranked.sum())


def proper_sets(d: dict):
    """Fig. 10's two sets: the raw (log KL, log U) pairs, the number of improper predictions per set, and the proper
    ones (finite log KL)."""
    raw = {"train": (d["log_kl_train"], d["logU_train"]), "test": (d["log_kl_test"], d["logU_test"])}
    fails = {k: int(np.sum(~np.isfinite(x))) for k, (x, _) in raw.items()}
    sets = {k: (np.asarray(x, float)[np.isfinite(x)], np.asarray(y, float)[np.isfinite(x)]) for k, (x, y) in raw.items()}
    return raw, fails, sets


def fig10_claims(d: dict, cfg: dict) -> ClaimsRecord:
    """Fig. 10: ``d`` is exp1_fit.npz (log KL and log predictive variance of the training and test predictions)."""
    cl = cfg["claims"]
    right, bottom = float(cl["corner_right"]), float(cl["corner_bottom"])
    q_error, q_conf = float(cl["q_error"]), float(cl["q_confident"])
    corr_min, overfit = float(cl["corr_min"]), float(cl["overfit_max"])
    raw, fails, sets = proper_sets(d)
    rec = ClaimsRecord("kjit/fig10", PAPER)
    allx = np.concatenate([sets["train"][0], sets["test"][0]])
    ally = np.concatenate([sets["train"][1], sets["test"][1]])
    enough = allx.size > 2 and np.ptp(allx) > 0 and np.ptp(ally) > 0
    c = float(np.corrcoef(allx, ally)[0, 1]) if enough else np.nan
    rec.within("correlation of log KL and log predictive variance (training and test sets)", "The uncertainty "
               "estimates show a positive correlation with the KL-divergence errors", c, lower=corr_min,
               decidable=bool(enough), remedy="three or more proper predictions with spread",
               note=f"'positive' read as a correlation above {corr_min:g}; over the proper predictions ({fails['train']} "
                    f"train and {fails['test']} test predictions are no distribution)")
    n_corner, n_ranked = confident_but_wrong(np.concatenate([raw["train"][0], raw["test"][0]]),
                                             np.concatenate([raw["train"][1], raw["test"][1]]),
                                             right, bottom, q_error, q_conf)
    n_abs = int(np.sum((allx > -4) & (ally < -4)))
    rec.wording("points making a large error while being confident (the bottom-right region, relative to the data)",
                "no point lies at the bottom right i.e., making a large error while being confident",
                [Reading(f"right {right:.0%} of the log-KL range x bottom {bottom:.0%} of the log-variance range",
                         n_corner, upper=0, decidable=bool(allx.size)),
                 Reading(f"log KL above its {q_error:g}th percentile and log variance below its {q_conf:g}th",
                         n_ranked, upper=0, decidable=bool(allx.size))], remedy="proper predictions",
                note=f"the region is relative to our data (our errors need not sit on the published scale); "
                     f"the spec's absolute box (log KL > -4, log variance < -4) holds {n_abs} points; "
                     f"under independence the rank reading would hold about "
                     f"{allx.size * (1 - q_error / 100) * q_conf / 100:.0f}; predictions that are no "
                     f"distribution count as wrong ({fails['train'] + fails['test']})")
    two = bool(sets["train"][0].size and sets["test"][0].size)
    dm = float(abs(sets["train"][0].mean() - sets["test"][0].mean())) if two else np.nan
    rec.within("|mean log KL on the training set - on the test set|", "the errors on the training set are roughly "
               "the same as the errors on the test set: the operator does not overfit", dm, upper=overfit,
               decidable=two, remedy="proper predictions on both sets",
               note=f"train {sets['train'][0].mean():.3f}, test {sets['test'][0].mean():.3f} over the proper "
                    f"predictions; improper train {fails['train']}, test {fails['test']}")
    return rec


# ------------------------------------------------------------------------------ Figs 11, 12: random features

def fig11_claims(d: dict, cfg: dict) -> ClaimsRecord:
    """Fig. S1: ``d`` is supp_s1.npz (D and, per D and repeat, the mean / max / sd of |K - K_hat|)."""
    from scipy.stats import spearmanr

    cl = cfg["claims"]
    z = float(cl["slope_z"])
    D = np.asarray(d["D"])
    reps = d["mean_abs"].shape[1] if np.ndim(d["mean_abs"]) == 2 else 0
    rec = ClaimsRecord("kjit/fig11", PAPER)
    m = d["mean_abs"].mean(1) if reps else np.full(D.size, np.nan)
    # log-log slope of the average error against D, fitted over every repeat, with its standard error
    xs = np.repeat(np.log(D.astype(float)), reps)
    ys = np.log(d["mean_abs"]).ravel()
    if D.size > 1 and reps and np.ptp(xs) > 0:
        A = np.column_stack([xs, np.ones_like(xs)])
        coef, res, *_ = np.linalg.lstsq(A, ys, rcond=None)
        dof = max(1, xs.size - 2)
        se = float(np.sqrt((np.sum((ys - A @ coef) ** 2) / dof) / np.sum((xs - xs.mean()) ** 2)))
        slope = float(coef[0])
    else:
        slope, se = np.nan, np.nan
    # The paper's figure shows the error falling with D (0.015 at D = 500 to 0.003 at D = 10 000: a log-log slope of
    # log(0.2)/log(20) = -0.54); random Fourier features are a Monte-Carlo average of D independent terms, so the
    # entry-wise error is asymptotically normal with sd ~ D^(-1/2) and its mean absolute value falls exactly as
    # D^(-1/2). Read before the data: the slope is -1/2, judged as a z-test, |slope + 1/2| <= z standard errors of
    # the least-squares fit (the repeats at each D are independent draws, so the residual scatter is the fit's error).
    # More repeats shrink the tolerance; they never loosen it.
    rec.close("log-log slope of the average |K - K_hat| against D (all repeats)", "Fig. S1: the approximation "
              "error falls as the number of random features D grows (0.015 at D = 500 to 0.003 at D = 10 000, the "
              "Monte-Carlo rate D^(-1/2))", slope, S1_SLOPE, atol=max(z * se, 1e-9) if np.isfinite(se) else 1.0,
              decidable=bool(D.size > 1 and np.isfinite(se)), kind=OURS, remedy="two or more D",
              note=f"ours: the paper states no rate (issue 36); slope {slope:.4f} +- {se:.4f} (1 SE of the fit over {xs.size} points); tolerance {z:g} SE; Spearman "
                   f"correlation of D and the mean over repeats "
                   f"{float(spearmanr(D, m).statistic) if D.size > 2 else float('nan'):.3f}")
    has = {500, 10000} <= set(D.tolist())
    has = has and bool(reps)
    i500 = int(np.flatnonzero(D == 500)[0]) if 500 in D else 0
    i10k = int(np.flatnonzero(D == 10000)[0]) if 10000 in D else -1
    if not D.size:                                  # nothing computed: the levels are NaN and undecided
        m, D = np.array([np.nan]), np.array([0])
    rec.close("average |K - K_hat| at D = 500", "Fig. S1: about 0.015 at D = 500", float(m[i500]), S1_PAPER["mean500"],
              atol=float(cl["s1_mean500_atol"]), decidable=has, note="read from the published figure")
    rec.close("average |K - K_hat| at D = 10000", "Fig. S1: about 0.003 at D = 10000", float(m[i10k]),
              S1_PAPER["mean10000"], atol=float(cl["s1_mean10000_atol"]), decidable=has,
              note="read from the published figure")
    mx = d["max_abs"].mean(1) if reps else np.full(m.size, np.nan)
    rec.close("max |K - K_hat| at D = 500", "Fig. S1: about 0.063 at D = 500", float(mx[i500]), S1_PAPER["max500"],
              atol=float(cl["s1_max500_atol"]), decidable=has, note="read from the published figure")
    rec.note("average |K - K_hat| per D", dict(zip(map(int, D), map(float, m))))
    return rec


def fig12_claims(d: dict, cfg: dict) -> ClaimsRecord:
    """Fig. S2: ``d`` is supp_s2.npz (D_in, D_out and ||K - K_hat||_F / n on their grid, rows D_in)."""
    cl = cfg["claims"]
    Di, Do, E = d["D_in"], d["D_out"], d["fro_err"]
    rec = ClaimsRecord("kjit/fig12", PAPER)
    # Issue 37: a grid with one D_in or one D_out has no direction to compare (a zero gain would pass or fail
    # vacuously), an empty one nothing at all: inconclusive (noise) with the grid that would decide it
    grid = E.ndim == 2 and min(E.shape) >= 2 and Di.size >= 2 and Do.size >= 2
    fix = dict(decidable=False, remedy=f"the Fig. S2 grid with at least 2 D_in and 2 D_out (have {Di.size} x {Do.size}; "
                                       "the kj_supp rule, seconds per grid point)")
    gain_out = float(np.mean(E[:, 0] - E[:, -1])) if grid else float("nan")   # smallest to largest D_out
    gain_in = float(np.mean(E[0, :] - E[-1, :])) if grid else float("nan")
    rec.holds("mean error reduction from the smallest to the largest D_out vs from the smallest to the largest "
              "D_in", "The result suggests that D_out has more effect in improving the approximation",
              [gain_out, gain_in], gain_out > gain_in, "reduction along D_out > reduction along D_in",
              note=(f"D_out {int(Do[0])}->{int(Do[-1])}, D_in {int(Di[0])}->{int(Di[-1])}" if grid else
                    f"undecidable: a {Di.size} x {Do.size} grid of (D_in, D_out)"), **({} if grid else fix))
    has = {100, 700} <= set(Do.tolist()) and E.ndim == 2 and E.shape[0] > 0
    j100 = int(np.flatnonzero(Do == 100)[0]) if 100 in Do else 0
    j700 = int(np.flatnonzero(Do == 700)[0]) if 700 in Do else -1
    level = {} if has else dict(remedy="the Fig. S2 grid at D_out = 100 and 700 with at least one D_in (the "
                                       "kj_supp rule, seconds per grid point)")
    rec.close("||K - K_hat||_F / n at D_out = 100 (mean over D_in)", "Fig. S2: about 0.065 at D_out = 100",
              float(E[:, j100].mean()) if has else float("nan"), S2_PAPER[100], atol=float(cl["s2_out100_atol"]),
              decidable=has, note="read from the published figure", **level)
    rec.close("||K - K_hat||_F / n at D_out = 700 (mean over D_in)", "Fig. S2: about 0.02 at D_out = 700",
              float(E[:, j700].mean()) if has else float("nan"), S2_PAPER[700], atol=float(cl["s2_out700_atol"]),
              decidable=has, note="read from the published figure", **level)
    return rec


# ------------------------------------------------------------------------------ Fig 13: the App. C table

def table_summaries(d: dict):
    """The App. C rows of exp1_fit.npz: per method the per-message test log KL and its summary (mean, sd over the
    proper predictions, number improper). Raises if a row of the paper's table is missing."""
    methods = [str(m) for m in d["table_method"]]
    missing = [name for name, _, _ in PAPER_TABLE if name not in methods]
    if missing:
        raise ValueError(f"the App. C table lacks the rows {missing}")
    lk = {m: np.asarray(d["table_log_kl"][i], float) for i, m in enumerate(methods)}
    return lk, {m: log_kl_summary(v) for m, v in lk.items()}


def fig13_claims(d: dict, cfg: dict, draws=()) -> ClaimsRecord:
    """The App. C table: each other row's mean log KL is above KJIT's. ``d``: the main draw of Exp. 1
    (exp1_fit.npz); ``draws``: the fits of the extra draws (kjit.exp1.extra_draws), each a whole Exp. 1 under its own
    seed.

    Registered reading (the paper's one draw): the main draw's mean of the paired per-message differences (every row
    is evaluated on the same test messages), judged >= 0 with their standard error; within ``claims.z_decide``
    standard errors inconclusive for noise. Revised (protocol rule 7, :data:`FIG13_DRAWS_REVISION`): the paper claims
    the methods' order, not one draw's, so the claim is read over the draws the build makes: the mean over draws of
    the per-draw difference (:func:`draw_differences`), judged >= 0 with the standard error between draws,
    sd / sqrt(draws), decided beyond ``claims.z_decide`` of them (:func:`over_draws`). The one-draw reading passes two
    methods equally good over draws in close to half the builds, far above its level (the proof,
    :data:`PROOF_FIG13_DRAWS`), so the revision decides (protocol rule 1), in either direction."""
    z = float(cfg["claims"]["z_decide"])
    lk, summ = table_summaries(d)
    tgt = run_target_of(d)
    fits = [d, *draws]
    per_draw = [draw_differences(f) for f in fits]
    rec = ClaimsRecord("kjit/fig13", PAPER)
    for name, pm, _ in PAPER_TABLE:
        if name == KJIT:
            continue
        both = np.isfinite(lk[name]) & np.isfinite(lk[KJIT])
        diff = lk[name][both] - lk[KJIT][both]
        se = float(np.std(diff, ddof=1) / np.sqrt(diff.size)) if diff.size > 1 else np.nan
        m = float(np.mean(diff)) if diff.size else np.nan
        # test messages for this difference to clear z standard errors with 80 % power (z + 0.84 standard errors):
        # the paired standard error falls as 1/sqrt(messages)
        factor = ((z + 0.84) * se / abs(m)) ** 2 if np.isfinite(se) and np.isfinite(m) and m != 0 else np.nan
        # More test messages shrink this standard error, but not the spread of the difference between draws of
        # Exp. 1, which the extra draws measure (sd across draws, computed here, not typed in)
        spread = np.array([p[name] for p in per_draw], float)
        sd_draws = float(np.std(spread, ddof=1)) if spread.size > 1 and np.isfinite(spread).all() else np.nan
        remedy = (f"about {factor:.1f}x the test messages would shrink this standard error enough for a difference of "
                  f"{m:+.3f}, but " + (f"the difference moves between the {spread.size} draws of Exp. 1 with sd "
                                       f"{sd_draws:.3f}, against this standard error {se:.3f}, so more test messages "
                                       "do not decide it; " if np.isfinite(sd_draws) else
                                       "its spread between draws of Exp. 1 is not measured (no extra draws); ")
                  + "the revised reading averages it over draws of the whole Exp. 1 (kjit.exp1.extra_draws, ~2 CPU-min "
                  "per draw at paper scale)"
                  if np.isfinite(factor) else "two or more test messages where both predictions are distributions")
        text = f"mean log KL of {name} minus that of KJIT"
        said = f"KJIT (-8.97) has the lowest mean log KL in the App. C table; {name}: {pm:.2f}"
        one = (f"main draw: KJIT {summ[KJIT]['mean']:.3f}, this row {summ[name]['mean']:.3f}; paired standard error "
               f"{se:.3f} over the {diff.size} test messages where both predictions are distributions (improper: KJIT "
               f"{summ[KJIT]['n_improper']}, this row {summ[name]['n_improper']}, counted as failures, not hidden)")
        reg = rec.within(text, said, m, lower=0.0, decidable=bool(np.isfinite(se) and abs(m) > z * se),
                         kind="relation", remedy=remedy,
                         note=f"registered reading, the paper's one draw: {one}; inconclusive when within {z:g} "
                              f"standard errors; target " + tgt)
        od = over_draws([p[name] for p in per_draw], z, name)
        rev = rec.within(text, said, od["mean"], lower=0.0, decidable=od["decidable"], kind="relation",
                         remedy=od["remedy"],
                         note=f"read over the draws of Exp. 1 (protocol rule 7: the paper claims the methods' order, "
                              f"not one draw's): {od['text']}; {one}; target " + tgt)
        rec.revise(reg, rev, FIG13_DRAWS_REVISION, "protocol rule 7 (issue 41): the paper claims the methods' order, "
                   "which one draw of Exp. 1 does not decide (judged against its paired standard error, blind to the "
                   "spread between draws, the one-draw reading passes two equally good methods about half the time); "
                   "read over the main draw and kjit.exp1.extra_draws more, with the standard error between draws",
                   proof=PROOF_FIG13_DRAWS)
    rec.note("our table (mean, sd of the test log KL over the proper predictions, number improper)",
             {m: [v["mean"], v["sd"], v["n_improper"]] for m, v in summ.items()})
    rec.note("IChol ranks (hold-out candidates, then the two refits), joint / sum",
             [np.asarray(d["ichol_ranks_joint"]).tolist(), np.asarray(d["ichol_ranks_sum"]).tolist()])
    rec.note("draws of Exp. 1: per-draw mean test log KL difference (row minus KJIT; draw 0 is the main one)",
             {name: [p[name] for p in per_draw] for name, _, _ in PAPER_TABLE if name != KJIT})
    rec.note("draws of Exp. 1: per-draw KJIT mean test log KL (draw 0 is the main one)",
             [float(table_summaries(f)[1][KJIT]["mean"]) for f in fits])
    return rec


def draw_differences(d: dict) -> dict:
    """One draw of Exp. 1 (an exp1_fit.npz dict): per App. C row other than KJIT, the mean over the test messages of
    that row's log KL minus KJIT's, over the messages where both predictions are distributions (the paired difference
    of :func:`fig13_claims`); NaN when there is no such message."""
    lk, _ = table_summaries(d)
    out = {}
    for name, _, _ in PAPER_TABLE:
        if name == KJIT:
            continue
        both = np.isfinite(lk[name]) & np.isfinite(lk[KJIT])
        out[name] = float(np.mean(lk[name][both] - lk[KJIT][both])) if both.any() else float("nan")
    return out


def over_draws(x, z: float, name: str) -> dict:
    """The App. C difference of one row from KJIT over draws of Exp. 1 (protocol rule 7): ``x`` the per-draw
    differences (:func:`draw_differences`, the main draw first). The mean over draws, judged against 0 with the
    standard error between draws, sd / sqrt(draws) (the draws are independent: each redraws problems, messages, the
    IS ground truth, features and split); decided only beyond ``z`` standard errors. Fewer than two draws, or a draw
    where the row or KJIT has no proper prediction, leave it undecided (dropping such a draw would select the draws
    that favour one side). Returns mean, sd, se, decidable, remedy and a text for the note."""
    x = np.asarray(x, float)
    n = x.size
    bad = [k for k in range(n) if not np.isfinite(x[k])]
    m = float(np.mean(x)) if n and not bad else float("nan")
    sd = float(np.std(x, ddof=1)) if n > 1 and not bad else float("nan")
    se = sd / np.sqrt(n) if np.isfinite(sd) else float("nan")
    decidable = bool(np.isfinite(se) and abs(m) > z * se)
    if bad:
        remedy = (f"draws {bad} (0 is the main draw) have no test message where both {name} and KJIT predict a "
                  "distribution; every draw needs one (none is dropped, which would select draws)")
    elif n < 2:
        remedy = ("at least two draws of Exp. 1 (kjit.exp1.extra_draws >= 1; ~2 CPU-min per draw at paper scale: "
                  "collect 12 s, IS 10 s, fit 100 s), for a standard error between draws; the paper ran one")
    elif m == 0.0:
        remedy = "no number of draws: the per-draw differences average to exactly 0"
    else:
        # draws for the mean to clear z standard errors with 80 % power (z + 0.84 standard errors); the standard
        # error between draws falls as 1 / sqrt(draws)
        need = max(int(np.ceil(((z + 0.84) * sd / abs(m)) ** 2)), n + 1)
        remedy = (f"about {need} draws of Exp. 1 in all (kjit.exp1.extra_draws = {need - 1}, now {n - 1}; ~2 "
                  f"CPU-min per extra draw at paper scale) would decide a mean difference of {m:+.3f} (sd "
                  f"{sd:.3f} between draws) at {z:g} standard errors with 80 % power")
    text = (f"mean over {n} draws {m:+.4f}, standard error between draws sd/sqrt({n}) = {se:.3f}; "
            f"{int(np.sum(x > 0))} of {n} draws with KJIT lower; per-draw differences "
            f"{[round(float(v), 4) for v in x]}; inconclusive when within {z:g} standard errors")
    return {"mean": m, "sd": sd, "se": se, "decidable": decidable, "remedy": remedy, "text": text}
