"""Rule 4 of the claims (every claim can fail), Jitkrittum et al. (KJIT) figures. Two layers:

- each figure module's ``make`` is fed a small synthetic right input on which a chosen claim passes and a wrong input
  (a shuffled series, a scaled curve, a curve from the wrong noise level, rows or files swapped) on which the same
  claim, found by a stable part of its text, fails (the tests first below);
- each claims function of ``figures/kjit/claims.py`` is fed hand-made dicts (no files, no plotting): right inputs
  pass, wrong ones fail or are inconclusive, and each configured reading of ours (``kjit.claims``) is shown to be
  the one applied by moving it across the value; a few check that ``make`` hands what it loaded to its claims
  function unchanged (the tests at the end).

Fig. 2 is a schematic: its statements are notes (true by construction of its fixed node and edge lists and an exact
Beta-Bernoulli identity), so its test checks that it has no claims and what the notes say.
"""

import copy

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402
import yaml  # noqa: E402
from claim_checks import claim, paper_config, save, verdict  # noqa: E402

from statmech_bayes.figures.kjit import (  # noqa: E402
    claims,
    fig01,
    fig03,
    fig04,
    fig05,
    fig06,
    fig07,
    fig08,
    fig09,
    fig10,
    fig11,
    fig12,
    fig13,
)
from statmech_bayes.figures.kjit.claims import PAPER_ERR  # noqa: E402


@pytest.fixture(scope="module")
def cfg():
    return paper_config("kjit")


def shuffled(x, seed=0):
    return np.random.default_rng(seed).permutation(x)


def made(module, inputs, cfg, text):
    """The claim matching ``text`` (with its registered and revised verdicts) when ``module.make`` runs on ``inputs``."""
    fig, _, rec = module.make(inputs, cfg)
    matplotlib.pyplot.close(fig)
    return claim(rec, text)


# --------------------------------------------------------------------------------- Fig 1: incoming messages

def test_fig1_data_sets_from_one_distribution_fail_diversity(tmp_path, cfg):
    """Every data set's messages drawn from the same distribution: not diverse."""
    text = "smallest pairwise two-sample KS distance"
    rng = np.random.default_rng(1)
    names = cfg["exp5"]["datasets"]

    def files(tag, centre):
        out = {}
        for j, nm in enumerate(names):
            mu = rng.normal(centre(j), 1.0, 2000)
            mu[: mu.size // cfg["exp5"]["n_sweeps"]] = 0.0           # the first sweep's zero-mean messages
            var = np.exp(rng.normal(-0.5 * centre(j), 0.3, mu.size))
            out[nm] = save(tmp_path / f"{tag}_{nm}.npz", {"msg_mu": mu, "msg_var": var})
        return out

    assert verdict(fig01, {"sampling": files("right", lambda j: 3.0 * j)}, cfg, text) == "pass"
    assert verdict(fig01, {"sampling": files("wrong", lambda j: 0.0)}, cfg, text) == "fail"


def test_fig1_zero_mean_fraction_is_a_note_not_a_claim(tmp_path, cfg):
    """The first sweep's zero-mean fraction is 1/n_sweeps by construction of the parallel schedule (rule 4)."""
    rng = np.random.default_rng(1)
    files = {}
    for j, nm in enumerate(cfg["exp5"]["datasets"]):
        mu = rng.normal(3.0 * j, 1.0, 200)
        mu[:20] = 0.0
        files[nm] = save(tmp_path / f"{nm}.npz", {"msg_mu": mu, "msg_var": np.exp(rng.normal(0, 0.3, 200))})
    fig, _, rec = fig01.make({"sampling": files}, cfg)
    assert not any("mean exactly 0" in c.claim for c in rec.claims)
    assert any("mean exactly 0" in k for k in rec.notes)


# ------------------------------------------------------------------------------ Figs 3, 4, 10, 13: Experiment 1

def fit(n=3000, lk_shift=0.0, pred_shift=0.0, seed=2):
    """An exp1_fit.npz: log KL of the test messages around -9 (``lk_shift`` moves it) and its four examples,
    predicted exactly (``pred_shift``: the prediction's mean off by that many standard deviations)."""
    rng = np.random.default_rng(seed)
    lk = rng.normal(-9.0 + lk_shift, 1.5, n)
    order = np.argsort(lk)
    idx = np.array([order[0], order[n // 2], order[n // 2 + 1], order[int(0.99 * n)]])
    true_mean, true_var = rng.normal(0, 2, n), np.exp(rng.normal(0, 0.5, n))
    return {"log_kl_test": lk, "log_kl": lk, "example_idx": idx, "example_log_kl": lk[idx],
            "true_mean": true_mean, "true_var": true_var, "pred_mean": true_mean + pred_shift * np.sqrt(true_var),
            "pred_var": true_var.copy(), "best_medf": np.array([0.5, 1.0]), "best_lambda": np.array([1e-3, 1e-2]),
            "log_kl_quad_test": lk - 1.0, "log_kl_is_vs_quad_test": lk - 0.5, "log_kl_is_truth_vs_quad_test": lk - 2.0,
            "best_medf_quad": np.array([0.5, 1.0]), "best_lambda_quad": np.array([1e-3, 1e-2]),
            "is_n_samples": np.array(100000), "is_n_skipped": np.array(0)}


def test_fig3_log_kl_at_the_wrong_level_fails(tmp_path, cfg):
    text = "mean log KL over the test messages"
    assert verdict(fig03, {"fit": save(tmp_path / "r.npz", fit())}, cfg, text) == "pass"
    assert verdict(fig03, {"fit": save(tmp_path / "w.npz", fit(lk_shift=3.0))}, cfg, text) == "fail"


def test_fig3_improper_predictions_are_counted_and_fail_their_claim(tmp_path, cfg):
    """Two test predictions that are no distribution (NaN log KL): the mean and SD claims are over the proper ones
    (still pass), and the claim that every test prediction is a distribution fails with the count as its value."""
    d = fit()
    lk = d["log_kl_test"].copy()
    keep = set(d["example_idx"].tolist())
    bad = [j for j in range(lk.size) if j not in keep][:2]
    lk[bad] = np.nan
    d.update(log_kl_test=lk, log_kl=lk, target_z=np.asarray("suff_stats"), n_improper_test=np.array(2),
             n_improper_train=np.array(0))
    fig, _, rec = fig03.make({"fit": save(tmp_path / "b.npz", d)}, cfg)
    matplotlib.pyplot.close(fig)
    c = claim(rec, "test predictions that are no distribution")
    assert c.verdict == "fail" and float(c.reproduced) == 2
    m = claim(rec, "mean log KL over the test messages")
    assert m.verdict == "pass" and float(m.reproduced) == pytest.approx(np.nanmean(lk))
    assert verdict(fig03, {"fit": save(tmp_path / "r.npz", fit())}, cfg, "no distribution") == "pass"


def test_fig10_a_confident_improper_prediction_is_confident_but_wrong(cfg):
    cl = cfg["claims"]
    region = (cl["corner_right"], cl["corner_bottom"], cl["q_error"], cl["q_confident"])
    x = np.r_[np.linspace(-12, -6, 400), np.nan]
    y = np.r_[np.linspace(-3, 1, 400), -3.0]
    assert claims.confident_but_wrong(x, y, *region) == (1, 1)
    assert claims.confident_but_wrong(x[:-1], y[:-1], *region) == (0, 0)


def test_fig3_visibly_wrong_prediction_fails(tmp_path, cfg):
    text = "99th-percentile example: max |q - q_hat| / max q"
    assert verdict(fig03, {"fit": save(tmp_path / "r.npz", fit())}, cfg, text) == "pass"
    assert verdict(fig03, {"fit": save(tmp_path / "w.npz", fit(pred_shift=0.5))}, cfg, text) == "fail"


def uncertainty_fit(kernel=lambda k: k, seed=3, n_grid=200):
    """Fig. 4 lines: a smooth kernel log uncertainty rising away from the training data (#1 above #2) and a
    random-forest one that is piecewise constant with 40 random levels (a tree's prediction: its jumps do not depend on
    the test grid); ``kernel`` transforms the kernel lines (e.g. shuffles them)."""
    rng = np.random.default_rng(seed)
    m = np.linspace(-12, 12, n_grid)
    k1 = -4.0 + 0.08 * m ** 2
    cells = np.minimum((m + 12) / 24 * 40, 39).astype(int)
    return {"train_mu": rng.normal(0, 3, 500), "train_var": np.exp(rng.normal(0, 1, 500)), "grid_means": m,
            "test1_logprec": np.full(m.size, -1.0), "test2_logprec": np.full(m.size, 1.0),
            "test1_kernel_logU": kernel(k1), "test2_kernel_logU": kernel(k1 - 1.0),
            "test1_rf_logU": (-2.0 + rng.normal(0, 1, 40))[cells], "test2_rf_logU": (-2.5 + rng.normal(0, 1, 40))[cells]}


SMOOTHER = "roughness of the forest's log uncertainty along the test line / the kernel's"


@pytest.mark.parametrize("test_set", ["#1", "#2"])
def test_fig4_shuffled_kernel_uncertainty_is_not_smoother(tmp_path, cfg, test_set):
    text = f"test {test_set}: {SMOOTHER}"
    assert verdict(fig04, {"fit": save(tmp_path / "r.npz", uncertainty_fit())}, cfg, text) == "pass"
    wrong = uncertainty_fit(kernel=lambda k: shuffled(k))
    assert verdict(fig04, {"fit": save(tmp_path / "w.npz", wrong)}, cfg, text) == "fail"


def test_fig4_smoothness_does_not_depend_on_the_grid_spacing(tmp_path, cfg):
    """The same curves on a 10x finer test grid: the same verdicts and nearly the same numbers."""
    from claim_checks import claim

    out = {}
    for n_grid in (200, 2000):
        fig, _, rec = fig04.make({"fit": save(tmp_path / f"g{n_grid}.npz", uncertainty_fit(n_grid=n_grid))}, cfg)
        out[n_grid] = claim(rec, f"test #1: {SMOOTHER}")
    assert out[200].verdict == out[2000].verdict == "pass"
    coarse = [float(x.split(":")[1].split("(")[0]) for x in out[200].reproduced.split(";")]
    fine = [float(x.split(":")[1].split("(")[0]) for x in out[2000].reproduced.split(";")]
    assert np.allclose(coarse, fine, rtol=0.1)


def test_fig4_swapped_test_sets_fail(tmp_path, cfg):
    text = "fraction of the test points where the kernel uncertainty of #1 exceeds that of #2"
    right = uncertainty_fit()
    wrong = {**right, "test1_kernel_logU": right["test2_kernel_logU"], "test2_kernel_logU": right["test1_kernel_logU"]}
    assert verdict(fig04, {"fit": save(tmp_path / "r.npz", right)}, cfg, text) == "pass"
    assert verdict(fig04, {"fit": save(tmp_path / "w.npz", wrong)}, cfg, text) == "fail"


def kl_vs_variance(seed=4, train_shift=0.0, shuffle=False):
    rng = np.random.default_rng(seed)
    out = {}
    for name, n, shift in (("train", 5000, train_shift), ("test", 3000, 0.0)):
        lk = rng.normal(-9.0 + shift, 1.5, n)
        logU = -2.0 + 0.3 * (lk + 9.0) + rng.normal(0, 0.3, n)
        out[f"log_kl_{name}"], out[f"logU_{name}"] = lk, shuffled(logU, seed) if shuffle else logU
    return out


def test_fig10_shuffled_variance_loses_the_correlation(tmp_path, cfg):
    text = "correlation of log KL and log predictive variance"
    assert verdict(fig10, {"fit": save(tmp_path / "r.npz", kl_vs_variance())}, cfg, text) == "pass"
    assert verdict(fig10, {"fit": save(tmp_path / "w.npz", kl_vs_variance(shuffle=True))}, cfg, text) == "fail"


def test_fig10_training_errors_at_another_level_fail(tmp_path, cfg):
    text = "|mean log KL on the training set - on the test set|"
    assert verdict(fig10, {"fit": save(tmp_path / "r.npz", kl_vs_variance())}, cfg, text) == "pass"
    assert verdict(fig10, {"fit": save(tmp_path / "w.npz", kl_vs_variance(train_shift=-2.0))}, cfg, text) == "fail"


def test_fig10_confident_but_wrong_points_fail(tmp_path, cfg):
    """A few large errors predicted with the smallest variance: the bottom-right region is no longer empty."""
    text = "points making a large error while being confident"
    right = kl_vs_variance()
    wrong = {**right, "log_kl_test": np.r_[right["log_kl_test"], np.full(30, -3.0)],
             "logU_test": np.r_[right["logU_test"], np.full(30, -4.5)]}
    assert verdict(fig10, {"fit": save(tmp_path / "r.npz", right)}, cfg, text) == "pass"
    assert verdict(fig10, {"fit": save(tmp_path / "w.npz", wrong)}, cfg, text) == "fail"


def table_fit(means, n=3000, seed=5):
    """Every App. C row's per-message test log KL around the given means (one shared noise: paired rows)."""
    rng = np.random.default_rng(seed)
    base = rng.normal(0.0, 1.6, n)
    return {"table_method": np.array([r[0] for r in fig13.PAPER_TABLE]),
            "table_log_kl": np.vstack([means[r[0]] + base + rng.normal(0, 0.3, n) for r in fig13.PAPER_TABLE]),
            "is_n_samples": np.array(100000), "ichol_ranks_joint": np.array([300, 310]),
            "ichol_ranks_sum": np.array([50, 60]), "epk_product_d_each": np.array(32)}


TABLE = {r[0]: r[1] - 0.3 for r in fig13.PAPER_TABLE}


def table_draws(tmp_path, name, means, n_draws=4):
    """The layout of Fig. 13: the main draw of Exp. 1 and ``n_draws - 1`` extra draws, each around ``means``."""
    paths = [save(tmp_path / f"{name}{k}.npz", table_fit(means, seed=5 + k)) for k in range(n_draws)]
    return {"fit": paths[0], "draws": paths[1:]}


def test_fig13_swapped_rows_fail(tmp_path, cfg):
    """KJIT's and Breiman's numbers under each other's names in every draw: KJIT is no longer the lowest."""
    text = "mean log KL of Breiman's random forests minus that of KJIT"
    names = [r[0] for r in fig13.PAPER_TABLE]
    wrong = {**TABLE, fig13.KJIT: TABLE[names[7]], names[7]: TABLE[fig13.KJIT]}
    assert verdict(fig13, table_draws(tmp_path, "r", TABLE), cfg, text) == "pass"
    assert verdict(fig13, table_draws(tmp_path, "w", wrong), cfg, text) == "fail"


def test_fig13_every_row_of_the_paper_is_required(tmp_path, cfg):
    d = table_fit(TABLE)
    d["table_method"], d["table_log_kl"] = d["table_method"][:5], d["table_log_kl"][:5]
    with pytest.raises(ValueError, match="lacks the rows"):
        fig13.make({"fit": save(tmp_path / "r.npz", d)}, cfg)


# ---------------------------------------------------------------------------------- Figs 5, 6: Experiment 3

def exp3_kjit(cfg, n_problems=4, shuffle=False, seed=6):
    """The KJIT run of Experiment 3: a log predictive variance with period one sweep (n invocations), a drop in
    the first sweep of each new problem, no estimate during the initial mini-batch."""
    e3 = cfg["exp3"]
    n, n_sweeps = int(e3["n"]), int(e3["n_sweeps"])
    per = n * n_sweeps
    rng = np.random.default_rng(seed)
    i = np.arange(per)
    u = np.concatenate([np.where((i < n) & (p > 0), -9.2, -8.8 + 0.15 * np.sin(2 * np.pi * i / n))
                        for p in range(n_problems)]) + rng.normal(0, 0.02, n_problems * per)
    u[: int(e3["n_init"])] = np.nan
    if shuffle:
        u[int(e3["n_init"]):] = shuffled(u[int(e3["n_init"]):], seed)
    consulted = np.zeros(u.size, dtype=bool)
    consulted[:1000] = True
    return {"u_z": u, "problem_start": np.arange(n_problems) * per, "consulted_z": consulted,
            "oracle_calls": np.array([1000, 40, 10, 5])[:n_problems]}


def test_fig5_shuffled_trace_loses_its_period(tmp_path, cfg):
    right = save(tmp_path / "r.npz", exp3_kjit(cfg))
    wrong = save(tmp_path / "w.npz", exp3_kjit(cfg, shuffle=True))
    for text in ("autocorrelation of the trace at lag 300 (one sweep)",
                 "median log predictive variance in the first sweep of problems 2.."):
        assert verdict(fig05, {"kjit": right}, cfg, text) == "pass"
        assert verdict(fig05, {"kjit": wrong}, cfg, text) == "fail"


def test_fig5_trace_at_the_wrong_level_fails(tmp_path, cfg):
    text = "median of the moving average over the shown"
    d = exp3_kjit(cfg)
    assert verdict(fig05, {"kjit": save(tmp_path / "r.npz", d)}, cfg, text) == "pass"
    assert verdict(fig05, {"kjit": save(tmp_path / "w.npz", {**d, "u_z": d["u_z"] - 0.5})}, cfg, text) == "fail"


def exp3_timing(n_problems=12, repeats=5, quadrature=10.0, kjit=100.0, sampling=3000.0, first=30.0, seed=11):
    """The interleaved timing job: per repeat and problem, each method's time around the given level (KJIT 30x slower
    on problem 1, ``first``); a level may be a list, one per repeat."""
    rng = np.random.default_rng(seed)
    level = lambda v: np.broadcast_to(np.asarray(v, float).reshape(-1, 1), (repeats, n_problems))  # noqa: E731
    T = np.full((repeats, n_problems, 3), np.nan)
    T[:, :, 0] = level(quadrature) * np.exp(rng.normal(0, 0.02, (repeats, n_problems)))
    T[:, :, 1] = level(kjit) * np.exp(rng.normal(0, 0.02, (repeats, n_problems)))
    T[:, 0, 1] *= first
    sampled = np.arange(1, n_problems, 5)
    T[:, sampled, 2] = level(sampling)[:, sampled] * np.exp(rng.normal(0, 0.02, (repeats, sampled.size)))
    return {"time_ms": T, "methods": np.array(["quadrature", "kjit", "sampling"]), "sampled": sampled,
            "kjit_error": np.zeros((repeats, n_problems)), "kjit_oracle_calls": np.ones((repeats, n_problems), int),
            "sampling_sweep_ms": np.full((repeats, n_problems, 2), np.nan), "sampling_sweeps_timed": np.asarray(2),
            "repeats": np.arange(repeats)}


def exp3_runs(tmp_path, name, kjit_error=lambda e: e, n_problems=12, seed=7, **timing):
    """Quadrature, sampling (two slices) and KJIT runs of Experiment 3 that agree on every problem's error, and the
    interleaved timing job (``timing``: its levels)."""
    rng = np.random.default_rng(seed)
    err = 0.04 + 0.06 * rng.random(n_problems)
    t_k = np.full(n_problems, 100.0)
    t_k[0] = 3000.0
    q = save(tmp_path / f"q_{name}.npz", {"error": err + 0.001, "time_ms": np.full(n_problems, 10.0),
                                          "n_improper": np.zeros(n_problems, int)})
    k = save(tmp_path / f"k_{name}.npz", {"error": kjit_error(err), "time_ms": t_k,
                                          "oracle_calls": np.r_[1000, np.full(n_problems - 1, 10)],
                                          "n_improper": np.zeros(n_problems, int)})
    half = n_problems // 2
    s = [save(tmp_path / f"s_{name}_{j}.npz", {"problem": p, "error": err[p] - 0.001, "time_ms": np.full(p.size, 3000.0),
                                               "n_improper": np.zeros(p.size, int)})
         for j, p in enumerate((np.arange(half), np.arange(half, n_problems)))]
    tim = exp3_timing(n_problems=n_problems, **timing)
    per_job = ("time_ms", "kjit_error", "kjit_oracle_calls", "sampling_sweep_ms", "repeats")
    t = [save(tmp_path / f"t_{name}_{r}.npz", {k: (v[r:r + 1] if k in per_job else v) for k, v in tim.items()})
         for r in range(tim["time_ms"].shape[0])]                                  # one job per interleaved repeat
    return {"quadrature": q, "kjit": k, "sampling": s, "timing": t}


def test_fig6_kjit_errors_in_the_wrong_problem_order_fail(tmp_path, cfg):
    text = "largest |error(KJIT) - error(quadrature or sampling)| over the problems"
    assert verdict(fig06, exp3_runs(tmp_path, "right"), cfg, text) == "pass"
    wrong = exp3_runs(tmp_path, "wrong", kjit_error=lambda e: np.roll(e, 1))
    assert verdict(fig06, wrong, cfg, text) == "fail"


ORDERING = "median time per problem: quadrature < KJIT < sampling"


def test_fig6_quadrature_slower_than_kjit_in_every_repeat_fails(tmp_path, cfg):
    assert verdict(fig06, exp3_runs(tmp_path, "right"), cfg, ORDERING) == "pass"
    assert verdict(fig06, exp3_runs(tmp_path, "wrong", quadrature=200.0, kjit=140.0), cfg, ORDERING) == "fail"


def test_fig6_ordering_is_inconclusive_when_the_repeats_disagree(tmp_path, cfg):
    """KJIT slower than quadrature in some repeats and faster in others (a loaded machine): no verdict."""
    runs = exp3_runs(tmp_path, "mixed", quadrature=[100, 100, 100, 100, 100], kjit=[70, 80, 130, 140, 90])
    assert verdict(fig06, runs, cfg, ORDERING) == "inconclusive"


def test_fig6_sampling_barely_slower_than_kjit_fails(tmp_path, cfg):
    right, wrong = exp3_runs(tmp_path, "right"), exp3_runs(tmp_path, "wrong", sampling=300.0)    # x30 vs x3
    x30 = "median over repeats of [median time(sampling) / median time(KJIT)] vs the published x30"
    orders = "median over repeats of [median time(sampling) / median time(KJIT)] on problems 2.."
    assert verdict(fig06, right, cfg, x30) == "pass"
    assert verdict(fig06, wrong, cfg, x30) == "fail"
    # "orders of magnitude": the registered >= 10x decides (its revision, one order and two, has no proof): x30
    # passes, x3 fails, x300 passes
    assert verdict(fig06, right, cfg, orders) == "pass"
    assert verdict(fig06, wrong, cfg, orders) == "fail"
    assert verdict(fig06, exp3_runs(tmp_path, "fast", sampling=30000.0), cfg, orders) == "pass"


def test_fig6_kjit_first_problem_not_slower_fails(tmp_path, cfg):
    text = "time(KJIT) on problem 1 / median time(KJIT) on problems 2.."
    assert verdict(fig06, exp3_runs(tmp_path, "right"), cfg, text) == "pass"
    assert verdict(fig06, exp3_runs(tmp_path, "wrong", first=1.0), cfg, text) == "fail"


# ----------------------------------------------------------------------------------------- Fig 7: Experiment 4

def exp4(kjit_rate_error=0.005, n=300, seed=8, repeats=5, paper=50.0, ours=2.0, kjit=0.05, ours_rate_error=1e-9):
    """An exp4.npz: KJIT's posterior rate off the oracle's by ``kjit_rate_error`` (relative sd), the timing pass's
    levels (ms, one per repeat if a list) for the paper's oracle, ours and KJIT."""
    from statmech_bayes.kjit.experiments.exp4 import kl_gamma, timed_subsample

    rng = np.random.default_rng(seed)
    shape = 1.0 + rng.integers(10, 101, n) / 2.0
    rate = np.exp(rng.normal(1.0, 1.5, n))
    kjit_rate = rate * np.exp(rng.normal(0, kjit_rate_error, n))
    ours_rate = rate * np.exp(rng.normal(0, ours_rate_error, n))
    consulted = np.zeros(n, dtype=bool)
    consulted[rng.choice(n // 3, 40, replace=False)] = True
    consulted[n - n // 3 + rng.choice(n // 3, 4, replace=False)] = True
    timed = timed_subsample(np.flatnonzero(~consulted), 50)
    level = lambda v: np.broadcast_to(np.asarray(v, float).reshape(-1, 1), (repeats, timed.size))  # noqa: E731
    T = np.stack([level(v) * np.exp(rng.normal(0, 0.05, (repeats, timed.size))) for v in (paper, ours, kjit)], -1)
    return {"n": np.arange(n), "consulted": consulted, "in_rate": rate * 0.9, "oracle_shape": shape,
            "kjit_shape": shape.copy(), "oracle_rate": ours_rate, "kjit_rate": kjit_rate,
            "oracle_time_ms": np.full(n, 2.0), "kjit_time_ms": np.where(consulted, 50.0, 0.05),
            "kl_posteriors": kl_gamma(shape, ours_rate, shape, kjit_rate), "timed": timed, "timing_ms": T,
            "timing_methods": np.array(["paper_oracle", "ours_oracle", "kjit"]),
            "timing_kjit_consulted": np.zeros(repeats * timed.size, bool),
            "paper_shape": shape[timed], "paper_rate": rate[timed],
            "kl_paper": kl_gamma(shape[timed], rate[timed], shape[timed], kjit_rate[timed]),
            "kl_ours_paper": kl_gamma(shape[timed], rate[timed], shape[timed], ours_rate[timed]),
            "n_nodes": np.array(100_000), "paper_nodes": np.array(1_000_000)}


def test_fig7_posteriors_off_by_a_tenth_fail(tmp_path, cfg):
    text = "KJIT's posterior vs the paper's oracle's"
    assert verdict(fig07, {"exp4": save(tmp_path / "r.npz", exp4())}, cfg, text) == "pass"
    assert verdict(fig07, {"exp4": save(tmp_path / "w.npz", exp4(kjit_rate_error=0.1))}, cfg, text) == "fail"


def test_fig7_shape_and_rate_correlations_are_notes_not_claims(tmp_path, cfg):
    """The shape correlation is 1 by construction (forceProper) and the rate correlation is near 1 from the shared
    data term alone, so both are notes (rule 4)."""
    _, _, rec = fig07.make({"exp4": save(tmp_path / "r.npz", exp4())}, cfg)
    assert not any("correlation" in c.claim for c in rec.claims)
    assert "correlation of log posterior shapes, KJIT vs oracle (non-consulted problems)" in rec.notes
    assert "correlation of log posterior rates, KJIT vs oracle (non-consulted problems)" in rec.notes


RATIO = "median time of the paper's oracle / median time of KJIT, per interleaved repeat"


def test_fig7_oracle_as_fast_as_kjit_fails(tmp_path, cfg):
    assert verdict(fig07, {"exp4": save(tmp_path / "r.npz", exp4(paper=500.0))}, cfg, RATIO) == "pass"  # x10000
    assert verdict(fig07, {"exp4": save(tmp_path / "w.npz", exp4(paper=0.2))}, cfg, RATIO) == "fail"    # x4
    # one order of magnitude: the registered readings (>= 10x, >= 100x) disagree at x40, inconclusive (wording); the
    # revision to 'several' = 100x or 1000x (fail) has no proof and is shown beside (protocol rule 1)
    c = made(fig07, {"exp4": save(tmp_path / "o.npz", exp4(paper=2.0))}, cfg, RATIO)           # x40
    assert (c.verdict, c.reason, c.revised_verdict) == ("inconclusive", "wording", "fail") and not c.revision_proof


def test_fig7_time_ratio_straddling_one_bar_is_undecided(tmp_path, cfg):
    """Protocol rule 2 on the registered readings (>= 10x, >= 100x): per-repeat ratios on both sides of 100 leave the
    two-orders reading undecided while the one-order reading passes: inconclusive (noise), never a pass (the
    undecided reading is not ignored). All above 100: pass."""
    d = exp4(paper=[3.0, 4.0, 6.0, 7.0, 3.5])                                                      # x60 .. x140
    c = made(fig07, {"exp4": save(tmp_path / "m.npz", d)}, cfg, RATIO)
    assert (c.verdict, c.reason) == ("inconclusive", "noise")
    d = exp4(paper=[30.0, 40.0, 60.0, 70.0, 35.0])                                                 # x600 .. x1400
    assert verdict(fig07, {"exp4": save(tmp_path / "h.npz", d)}, cfg, RATIO) == "pass"


def test_fig7_ours_inaccurate_or_slow_small_quadrature_fails(tmp_path, cfg):
    acc = "ours: log of the largest KL"
    fast = "ours: median time of the 100000-node oracle / median time of KJIT"
    right = {"exp4": save(tmp_path / "r.npz", exp4())}
    assert verdict(fig07, right, cfg, acc) == "pass"
    assert verdict(fig07, right, cfg, fast) == "fail"                                                # 2 / 0.05 = x40
    assert verdict(fig07, {"exp4": save(tmp_path / "f.npz", exp4(ours=0.2))}, cfg, fast) == "pass"   # x4
    assert verdict(fig07, {"exp4": save(tmp_path / "w.npz", exp4(ours_rate_error=0.05))}, cfg, acc) == "fail"


def test_fig7_ours_claims_never_count_as_the_papers(tmp_path, cfg):
    _, _, rec = fig07.make({"exp4": save(tmp_path / "r.npz", exp4())}, cfg)
    assert all(c.kind == "ours" for c in rec.claims if c.claim.startswith("ours:"))
    assert rec.counts()["ours"] == 2


# ---------------------------------------------------------------------------------- Figs 8, 9: Experiment 5

def exp5_kjit(cfg, reverse_later_sweeps=False):
    """One KJIT trace over the four data sets: low in each set's first sweep, a jump in its second, then a steady
    fall; ``reverse_later_sweeps`` puts sweeps 2..10 of every set in reverse order (a shuffled series)."""
    e5 = cfg["exp5"]
    names, n_sw = list(e5["datasets"]), int(e5["n_sweeps"])
    sites = [150, 120, 100, 200]
    parts, starts = [], []
    for n in sites:
        later = np.linspace(-8.4, -8.9, n_sw - 1)
        if reverse_later_sweeps:
            later = later[::-1]
        starts.append(sum(p.size for p in parts))
        parts.append(np.repeat(np.r_[-9.2, later], n))
    u = np.concatenate(parts) + np.random.default_rng(9).normal(0, 0.01, sum(p.size for p in parts))
    u[: int(e5["n_init"])] = np.nan
    return {"names": np.array(names), "u_z": u, "problem_start": np.array(starts),
            "consulted_z": np.zeros(u.size, dtype=bool), "oracle_calls": np.array([500, 30, 20, 40])}


def test_fig8_uncertainty_rising_through_the_sweeps_fails(tmp_path, cfg):
    text = "blood_transfusion: median log predictive variance in its last sweep minus that in its 2nd sweep"
    assert verdict(fig08, {"kjit": save(tmp_path / "r.npz", exp5_kjit(cfg))}, cfg, text) == "pass"
    wrong = exp5_kjit(cfg, reverse_later_sweeps=True)
    assert verdict(fig08, {"kjit": save(tmp_path / "w.npz", wrong)}, cfg, text) == "fail"


def exp5_runs(tmp_path, cfg, name, quadrature_names=None):
    """Quadrature, KJIT and per-set sampling runs with the paper's quadrature errors; ``quadrature_names`` labels
    the quadrature file's rows (a mislabelled file when shuffled)."""
    names = list(cfg["exp5"]["datasets"])
    err = np.array([PAPER_ERR[n] for n in names])
    q = save(tmp_path / f"q_{name}.npz", {"names": np.array(quadrature_names or names), "test_error": err,
                                          "time_ms": np.full(len(names), 50.0)})
    k = save(tmp_path / f"k_{name}.npz", {"names": np.array(names), "test_error": err + 0.005,
                                          "time_ms": np.full(len(names), 1000.0),
                                          "oracle_calls": np.full(len(names), 30)})
    s = {n: save(tmp_path / f"s_{name}_{n}.npz", {"test_error": np.array([e + 0.004]), "time_ms": np.array([2000.0]),
                                                   "n_calls": np.array([3000])})
         for n, e in zip(names, err)}
    rng = np.random.default_rng(7)
    seeds = {}
    for arm in cfg["exp5"]["seed_targets"]:
        n_s = int(cfg["exp5"]["n_seeds"])
        shape = (1, n_s, len(names))
        seeds[arm] = save(tmp_path / f"seeds_{name}_{arm}.npz", {
            "names": np.array(names), "targets": np.array([arm]),
            "test_error": err[None, None, :] + 0.005 + rng.normal(0, 0.002, shape),
            **{k: np.zeros(shape, int) for k in ("n_improper", "n_unusable_pred", "n_skipped_improper")}})
    return {"quadrature": q, "kjit": k, "sampling": s, "seeds": seeds}


def test_fig9_mislabelled_quadrature_errors_fail(tmp_path, cfg):
    names = list(cfg["exp5"]["datasets"])
    text = "banknote: test error of quadrature EP"
    assert verdict(fig09, exp5_runs(tmp_path, cfg, "right"), cfg, text) == "pass"
    wrong = exp5_runs(tmp_path, cfg, "wrong", quadrature_names=names[1:] + names[:1])
    assert verdict(fig09, wrong, cfg, text) == "fail"
    assert verdict(fig09, exp5_runs(tmp_path, cfg, "right"), cfg, "banknote: mean over seeds of the largest") == "pass"
    assert verdict(fig09, wrong, cfg, "banknote: mean over seeds of the largest") == "fail"


# ------------------------------------------------------------------------------ Figs 11, 12: random features

def s1(cfg, scale=1.0, reverse=False, seed=10):
    D = np.asarray(cfg["s1"]["Ds"])
    reps = int(cfg["s1"]["repeats"])
    m = 0.015 * (D / 500.0) ** -0.5
    if reverse:
        m = m[::-1]
    m = scale * m[:, None] * (1 + 0.03 * np.random.default_rng(seed).standard_normal((D.size, reps)))
    return {"D": D, "mean_abs": m, "max_abs": 4.2 * m, "sd_abs": 0.8 * m}


def test_fig11_scaled_error_curve_fails(tmp_path, cfg):
    text = "average |K - K_hat| at D = 500"
    assert verdict(fig11, {"s1": save(tmp_path / "r.npz", s1(cfg))}, cfg, text) == "pass"
    assert verdict(fig11, {"s1": save(tmp_path / "w.npz", s1(cfg, scale=3.0))}, cfg, text) == "fail"


def test_fig11_error_curve_in_reverse_order_fails(tmp_path, cfg):
    text = "log-log slope of the average |K - K_hat| against D"
    assert verdict(fig11, {"s1": save(tmp_path / "r.npz", s1(cfg))}, cfg, text) == "pass"
    assert verdict(fig11, {"s1": save(tmp_path / "w.npz", s1(cfg, reverse=True))}, cfg, text) == "fail"


def test_fig11_error_falling_slower_than_the_monte_carlo_rate_fails(tmp_path, cfg):
    text = "log-log slope of the average |K - K_hat| against D"
    wrong = s1(cfg)
    D = np.asarray(cfg["s1"]["Ds"], float)
    for k in ("mean_abs", "max_abs", "sd_abs"):
        wrong[k] = wrong[k] * (D[:, None] / 500.0) ** 0.25          # D^(-1/2) -> D^(-1/4)
    assert verdict(fig11, {"s1": save(tmp_path / "w.npz", wrong)}, cfg, text) == "fail"


def s2(cfg, swap_axes=False):
    Di, Do = np.asarray(cfg["s2"]["D_ins"], float), np.asarray(cfg["s2"]["D_outs"], float)
    A, B = np.meshgrid(Di, Do, indexing="ij")           # rows D_in, columns D_out
    if swap_axes:                                       # the error that falls with D_in instead of D_out
        A, B = B, A
    E = 0.065 * (B / 100) ** -0.6 * (1 + 0.02 * (A / 100) ** -0.5)
    return {"D_in": Di.astype(int), "D_out": Do.astype(int), "fro_err": E}


def test_fig12_error_falling_along_the_wrong_axis_fails(tmp_path, cfg):
    text = "mean error reduction from the smallest to the largest D_out vs from the smallest to the largest D_in"
    assert verdict(fig12, {"s2": save(tmp_path / "r.npz", s2(cfg))}, cfg, text) == "pass"
    assert verdict(fig12, {"s2": save(tmp_path / "w.npz", s2(cfg, swap_axes=True))}, cfg, text) == "fail"


# =============================================================================================================
# The claims functions of figures/kjit/claims.py on hand-made dicts (no files, no plotting): right inputs pass,
# wrong ones fail or are inconclusive, and each configured reading of ours (kjit.claims) is the one applied: moved
# across the value, it flips the verdict.

def moved(cfg, **claims_keys):
    """The configuration with some of our readings (kjit.claims) moved."""
    out = copy.deepcopy(cfg)
    out["claims"].update(claims_keys)
    return out


def pure(rec, text):
    return claim(rec, text).verdict


def sampling_sets(cfg, centre, n=2000, seed=1):
    rng = np.random.default_rng(seed)
    out = {}
    for j, nm in enumerate(cfg["exp5"]["datasets"]):
        mu = rng.normal(centre(j), 1.0, n)
        mu[: n // cfg["exp5"]["n_sweeps"]] = 0.0
        out[nm] = {"msg_mu": mu, "msg_var": np.exp(rng.normal(-0.5 * centre(j), 0.3, n))}
    return out


def test_fig1_claims_diversity_and_its_reading(cfg):
    text = "smallest pairwise two-sample KS distance"
    right, wrong = sampling_sets(cfg, lambda j: 3.0 * j), sampling_sets(cfg, lambda j: 0.0)
    rec = claims.fig1_claims(right, cfg)
    assert pure(rec, text) == "pass"
    assert pure(claims.fig1_claims(wrong, cfg), text) == "fail"
    ks = float(claim(rec, text).reproduced)
    assert pure(claims.fig1_claims(right, moved(cfg, ks_diverse_min=ks + 0.01)), text) == "fail"
    assert "mean exactly 0" in " ".join(rec.notes) and not any("mean exactly 0" in c.claim for c in rec.claims)


def test_fig2_claims_are_notes_of_the_schematic():
    from statmech_bayes.figures.kjit import fig02

    rec = claims.fig2_claims(fig02.NODES, fig02.EDGES)
    assert rec.claims == []
    neighbours = [v for k, v in rec.notes.items() if k.startswith("neighbours of the learnt")]
    assert neighbours == [["p", "z"]]
    spread = [v for k, v in rec.notes.items() if k.startswith("spread of log[Beta")]
    assert spread[0] < 1e-12                    # Beta(1 + y, 2 - y) is the Bernoulli likelihood up to a constant


def test_fig3_claims_level_visibility_and_their_readings(cfg):
    mean_text, vis_text, sd_text = ("mean log KL over the test messages", "99th-percentile example",
                                    "SD of log KL over the test messages")
    right = fit(pred_shift=0.01)
    rec = claims.fig3_claims(right, cfg)
    assert pure(rec, mean_text) == pure(rec, vis_text) == pure(rec, sd_text) == "pass"
    assert pure(claims.fig3_claims(fit(lk_shift=3.0), cfg), mean_text) == "fail"
    assert pure(claims.fig3_claims(fit(pred_shift=0.5), cfg), vis_text) == "fail"
    mean = float(claim(rec, mean_text).reproduced)
    assert pure(claims.fig3_claims(right, moved(cfg, log_kl_max=mean - 0.1)), mean_text) == "fail"
    vis = float(claim(rec, vis_text).reproduced)
    assert 0 < vis < cfg["claims"]["barely_visible_max"]
    assert pure(claims.fig3_claims(right, moved(cfg, barely_visible_max=vis / 2)), vis_text) == "fail"
    sd = float(claim(rec, sd_text).reproduced)
    assert pure(claims.fig3_claims(right, moved(cfg, log_kl_sd_atol=abs(sd - 1.573) / 2)), sd_text) == "fail"


def test_fig3_claims_improper_predictions_fail_their_claim(cfg):
    d = fit()
    lk = d["log_kl_test"].copy()
    bad = [j for j in range(lk.size) if j not in set(d["example_idx"].tolist())][:3]
    lk[bad] = np.nan
    rec = claims.fig3_claims({**d, "log_kl_test": lk, "log_kl": lk}, cfg)
    c = claim(rec, "test predictions that are no distribution")
    assert c.verdict == "fail" and float(c.reproduced) == 3
    assert pure(claims.fig3_claims(d, cfg), "test predictions that are no distribution") == "pass"


def test_fig3_improper_predictions_are_the_papers_finding_only_when_the_codes_target_has_none(cfg):
    """Issue 44: the failure is explained by the text's target (E z, E z^2) only on a run that used it and whose arm
    on the authors' target (E z, log Var z), same operator, has no improper prediction."""
    text = "test predictions that are no distribution"
    d = fit()
    lk = d["log_kl_test"].copy()
    lk[[j for j in range(lk.size) if j not in set(d["example_idx"].tolist())][:3]] = np.nan
    arm_clean = d["log_kl_test"].copy()
    arm_bad = lk.copy()
    run = {**d, "log_kl_test": lk, "log_kl": lk, "target_z": np.asarray("suff_stats"),
           "arm_target_z": np.asarray("mean_logvar")}
    c = claim(claims.fig3_claims({**run, "log_kl_arm_test": arm_clean}, cfg), text)
    assert c.verdict == "fail" and c.finding_test == claims.FINDING_FIG3_TARGET_TEST
    assert "log Var z" in c.finding
    for other in ({**run, "log_kl_arm_test": arm_bad},              # the control has improper predictions too
                  {**run, "log_kl_arm_test": arm_clean, "target_z": np.asarray("mean_logvar")},  # not the text's
                  run):                                            # no control arm
        c = claim(claims.fig3_claims(other, cfg), text)
        assert c.verdict == "fail" and not c.finding_test


def test_fig3_barely_visible_is_the_papers_finding_only_when_the_kl_forces_the_failure(cfg):
    """Issue 44: at the paper's log KL -5.46 no two Gaussians differ by less than 5.59 % of the peak; a failure of
    the 5 % reading is explained by it only when our example's own log KL forces it too (not at log KL -7, where a
    prediction 2.7 % off is possible)."""
    text = "99th-percentile example"
    assert claims.least_visible_difference(claims.FIG3_P99_LOG_KL_PAPER) == pytest.approx(0.0559, abs=1e-4)
    assert claims.least_visible_difference(-7.0) < 0.05
    d = fit(pred_shift=0.5)
    j = 3
    forced = {**d, "example_log_kl": np.r_[d["example_log_kl"][:j], -5.35]}
    c = claim(claims.fig3_claims(forced, cfg), text)
    assert c.verdict == "fail" and c.finding_test == claims.FINDING_FIG3_VISIBLE_TEST
    free = {**d, "example_log_kl": np.r_[d["example_log_kl"][:j], -7.0]}
    c = claim(claims.fig3_claims(free, cfg), text)
    assert c.verdict == "fail" and not c.finding_test
    assert not claim(claims.fig3_claims(fit(pred_shift=0.01), cfg), text).finding_test      # a pass is no finding


def test_fig4_claims_smoothness_jumps_rise_and_their_readings(cfg):
    d = uncertainty_fit()
    rec = claims.fig4_claims(d, cfg)
    for text in (f"test #1: {SMOOTHER}", f"test #2: {SMOOTHER}", "largest jump of the forest's",
                 "kernel, test #1: log uncertainty at the ends", "fraction of the test points"):
        assert pure(rec, text) == "pass", text
    assert pure(claims.fig4_claims(uncertainty_fit(kernel=lambda k: shuffled(k)), cfg), f"test #1: {SMOOTHER}") == "fail"
    assert pure(claims.fig4_claims(d, moved(cfg, much_smoother=1e6)), f"test #1: {SMOOTHER}") == "fail"
    jump = float(claim(rec, "largest jump of the forest's").reproduced)
    assert pure(claims.fig4_claims(d, moved(cfg, rf_jump_min=jump + 0.1)), "largest jump of the forest's") == "fail"
    rise = float(claim(rec, "kernel, test #1: log uncertainty at the ends").reproduced)
    assert pure(claims.fig4_claims(d, moved(cfg, ends_rise_min=rise + 0.1)),
                "kernel, test #1: log uncertainty at the ends") == "fail"


def test_fig4_reversals_count_changes_of_direction_beyond_the_hysteresis():
    u = np.array([0.0, 1.0, 0.0, 1.0, 0.0])
    assert claims.reversals(u, 0.05) == 3
    assert claims.reversals(u + 0.01 * np.array([0, 1, 0, 1, 0]), 0.05) == 3
    assert claims.reversals(np.linspace(0, 1, 50), 0.05) == 0
    assert claims.traversals(u) == 4.0 and claims.traversals(np.linspace(0, 1, 50)) == pytest.approx(1.0)


def test_fig5_claims_level_period_drop_and_their_readings(cfg):
    d = exp3_kjit(cfg)
    rec = claims.fig5_claims(d, cfg)
    level, period, drop = ("median of the moving average over the shown", "autocorrelation of the trace",
                           "median log predictive variance in the first sweep")
    assert pure(rec, level) == pure(rec, period) == pure(rec, drop) == "pass"
    assert pure(claims.fig5_claims({**d, "u_z": d["u_z"] - 0.5}, cfg), level) == "fail"
    settled = float(claim(rec, level).reproduced)
    # the registered reading (kjit.claims.stable_level_atol, on the whole run) decides: moved so that it fails, the
    # claim fails, whatever its revision (shown trace, +-0.05, no proof) says beside it
    c = claim(claims.fig5_claims(d, moved(cfg, stable_level_atol=abs(settled + 8.8) / 2)), level)
    assert c.verdict == "fail" and c.registered_verdict == "fail" and c.revised_verdict == "pass"
    assert pure(claims.fig5_claims(d, moved(cfg, period_margin=2.0)), period) == "fail"
    assert pure(claims.fig5_claims(d, moved(cfg, first_sweep_drop=5.0)), drop) == "fail"


def test_fig5_level_registered_on_the_whole_run_revised_on_the_shown_trace(cfg):
    """Protocol rule 1: the level was registered on the whole run (+-0.2) and moved to the shown trace (0ac3c08) after
    that reading failed; the revision is narrowed to +-0.05 (issue 36). It has no proof, so the registered reading
    decides in both directions: at the paper's level on the shown trace and 0.5 lower afterwards, registered fail,
    revised pass -> fail (the revision shown beside); the other way round, registered pass, revised fail -> pass; the
    whole-run 'ours' duplicate is gone (it is the registered reading now)."""
    d = exp3_kjit(cfg, n_problems=8)
    n_show = int(cfg["fig5"]["n_show"])
    assert d["u_z"].size > 2 * n_show
    shown = "median of the moving average over the shown"
    later_low = d["u_z"].copy()
    later_low[n_show:] -= 0.5
    rec = claims.fig5_claims({**d, "u_z": later_low}, cfg)
    c = claim(rec, shown)
    assert (c.verdict, c.registered_verdict, c.revised_verdict) == ("fail", "fail", "pass") and not c.revision_proof
    assert c.revision_commit == claims.REVISED_NOW and claims.FIG5_SHOWN_COMMIT in c.revision_reason
    assert not any(x.claim.startswith("ours: median of the moving average over all") for x in rec.claims)
    early_low = d["u_z"].copy()
    early_low[:n_show] -= 0.5
    c = claim(claims.fig5_claims({**d, "u_z": early_low}, cfg), shown)
    assert (c.verdict, c.registered_verdict, c.revised_verdict) == ("pass", "pass", "fail")


def test_fig5_trivial_levels_fail(cfg):
    """Rule 4 (issue 36): a trace that settles just under the threshold, or sits at the floor log sigma_y^2, is a
    'stable point' of any run; neither is 'roughly -8.8', under the registered +-0.2 band as under the revised
    +-0.05: no trivial level shows the registered reading defective, so it decides (protocol rule 1). A level 0.15 off
    (inside the registered band, outside the revised one) passes; the revision's fail is shown beside."""
    d = exp3_kjit(cfg, n_problems=4)
    e3 = cfg["exp3"]
    shown = "median of the moving average over the shown"
    for level in (float(e3["threshold"]) - 0.05, float(np.log(e3["sigma_y2"]))):
        u = np.where(np.isfinite(d["u_z"]), level, np.nan)
        c = claim(claims.fig5_claims({**d, "u_z": u}, cfg), shown)
        assert c.verdict == c.registered_verdict == c.revised_verdict == "fail", level
    u = np.where(np.isfinite(d["u_z"]), -8.95, np.nan)
    c = claim(claims.fig5_claims({**d, "u_z": u}, cfg), shown)
    assert (c.verdict, c.registered_verdict, c.revised_verdict) == ("pass", "pass", "fail") and not c.revision_proof


def test_fig5_pairs_settling_at_once_fails(cfg):
    """The proof of Fig. 5's pairs revision (protocol rule 1, claims.PROOF_FIG5_PAIRS): a trace that is below the
    threshold from the start, with an operator that never consults its oracle (it learns nothing), levels off after 0
    oracle pairs, which the registered '<= 3,000' passes; 'about 1,000' (a factor 2) does not, and decides. A trace
    that levels off after 1,100 pairs passes."""
    d = exp3_kjit(cfg)
    text = "oracle pairs seen when the moving average first falls below the threshold"
    u = np.where(np.isfinite(d["u_z"]), -9.0, np.nan)
    c = claim(claims.fig5_claims({**d, "u_z": u, "consulted_z": np.zeros(u.size, bool)}, cfg), text)
    assert float(c.reproduced) == 0 and c.registered_verdict == "pass" and c.revised_verdict == "fail"
    assert c.verdict == "fail" and c.revision_proof == claims.PROOF_FIG5_PAIRS
    cons = np.zeros(u.size, bool)
    cons[:1100] = True
    u2 = d["u_z"].copy()
    u2[:1100] = -8.0                                                  # above the threshold while it learns
    assert pure(claims.fig5_claims({**d, "u_z": u2, "consulted_z": cons}, cfg), text) == "pass"


def test_fig5_claims_notes_follow_the_runs_treatment_of_unusable_predictions(cfg):
    d = {**exp3_kjit(cfg), "target_z": np.asarray("suff_stats")}
    on = claim(claims.fig5_claims({**d, "consult_unusable": np.asarray(True)}, cfg), "autocorrelation of the trace")
    off = claim(claims.fig5_claims({**d, "consult_unusable": np.asarray(False)}, cfg), "autocorrelation of the trace")
    assert "answered by the oracle" in on.note and "the site dropped" in off.note


def exp3_dicts(n_problems=12, seed=7, kjit_error=lambda e: e, **timing):
    """exp3_runs's runs as dicts (sampling slices already concatenated) and its timing repeats."""
    rng = np.random.default_rng(seed)
    err = 0.04 + 0.06 * rng.random(n_problems)
    t_k = np.full(n_problems, 100.0)
    t_k[0] = 3000.0
    runs = {"quadrature": {"error": err + 0.001, "time_ms": np.full(n_problems, 10.0),
                           "n_improper": np.zeros(n_problems, int)},
            "kjit": {"error": kjit_error(err), "time_ms": t_k, "oracle_calls": np.r_[1000, np.full(n_problems - 1, 10)],
                     "n_improper": np.zeros(n_problems, int)},
            "sampling": {"error": err - 0.001, "time_ms": np.full(n_problems, 3000.0),
                         "n_improper": np.zeros(n_problems, int)}}
    tim = exp3_timing(n_problems=n_problems, **timing)
    per_job = ("time_ms", "kjit_error", "kjit_oracle_calls", "sampling_sweep_ms", "repeats")
    repeats = [{k: (v[r:r + 1] if k in per_job else v) for k, v in tim.items()} for r in range(tim["time_ms"].shape[0])]
    return runs, repeats


def test_fig6_claims_accuracy_timing_and_their_readings(cfg):
    runs, tim = exp3_dicts()
    rec = claims.fig6_claims(runs, tim, cfg)
    match, faster, first = ("largest |error(KJIT) - error(quadrature or sampling)|",
                            "median time(KJIT)] on problems 2..", "time(KJIT) on problem 1")
    for text in (match, first, ORDERING):
        assert pure(rec, text) == "pass", text
    # x30: the registered >= 10x decides (pass); its revision (one order and two: inconclusive, wording) has no proof
    c = claim(rec, faster)
    assert (c.verdict, c.revised_verdict, c.revision_proof) == ("pass", "inconclusive (wording)", "")
    wrong_runs, _ = exp3_dicts(kjit_error=lambda e: np.roll(e, 1))
    assert pure(claims.fig6_claims(wrong_runs, tim, cfg), match) == "fail"
    dev = float(claim(rec, match).reproduced)
    assert pure(claims.fig6_claims(runs, tim, moved(cfg, error_match_max=dev / 2)), match) == "fail"
    # the registered bar moved above the ratio: registered fail -> fail, whatever the revised readings say
    c = claim(claims.fig6_claims(runs, tim, moved(cfg, orders_faster_min=1000.0)), faster)
    assert c.registered_verdict == "fail" and c.verdict == "fail" and c.kind == "wording"
    assert pure(claims.fig6_claims(*exp3_dicts(sampling=300.0), cfg), faster) == "fail"         # x3: no order at all
    assert pure(claims.fig6_claims(runs, tim, moved(cfg, first_problem_ratio_min=100.0)), first) == "fail"
    lo = min(runs[m]["error"].min() for m in runs)
    assert pure(claims.fig6_claims(runs, tim, moved(cfg, error_axis=[lo + 0.001, 0.13])), "(min)") == "fail"
    x30 = "vs the published x30"
    assert pure(rec, x30) == "pass"
    runs45, tim45 = exp3_dicts(sampling=4500.0)                                   # x45: inside both readings ...
    assert pure(claims.fig6_claims(runs45, tim45, cfg), x30) == "pass"
    narrow = moved(cfg, x30_linear_band=0.3, x30_log_factor=1.4)                  # ... outside both when narrowed
    assert pure(claims.fig6_claims(runs45, tim45, narrow), x30) == "fail"
    assert pure(claims.fig6_claims(*exp3_dicts(kjit=[70, 80, 130, 140, 90], quadrature=[100] * 5), cfg),
                ORDERING) == "inconclusive"


def test_fig6_claims_ablation_is_ours_and_optional(cfg):
    runs, tim = exp3_dicts()
    assert not any(c.claim.startswith("ours") for c in claims.fig6_claims(runs, tim, cfg).claims)
    ab = {**runs["kjit"], "target_z": np.asarray("mean_logvar")}
    c = claim(claims.fig6_claims(runs, tim, cfg, ablation=ab), "ours (mean_logvar)")
    assert c.kind == "ours" and c.verdict == "pass"


def test_fig7_claims_posteriors_times_and_their_readings(cfg):
    d = exp4()
    rec = claims.fig7_claims(d, cfg)
    post = "KJIT's posterior vs the paper's oracle's"
    assert pure(rec, post) == "pass"
    assert pure(claims.fig7_claims(exp4(paper=500.0), cfg), RATIO) == "pass"                  # x10000
    assert pure(claims.fig7_claims(exp4(kjit_rate_error=0.1), cfg), post) == "fail"
    assert pure(claims.fig7_claims(d, moved(cfg, log_kl_max=-30.0, shift_max=1e-9)), post) == "fail"
    assert pure(claims.fig7_claims(exp4(paper=2.0), cfg), RATIO) == "inconclusive"            # x40: one order
    assert pure(claims.fig7_claims(exp4(paper=0.2), cfg), RATIO) == "fail"                    # x4: none
    fast = "ours: median time of the 100000-node oracle"
    assert pure(rec, fast) == "fail"                                              # x40
    assert pure(claims.fig7_claims(d, moved(cfg, ours_fast_max=100.0)), fast) == "pass"
    assert not any("correlation" in c.claim for c in rec.claims)


def test_fig8_claims_rise_fall_and_the_rise_reading(cfg):
    d = exp5_kjit(cfg)
    rise, fall = ("blood_transfusion: peak of the moving average",
                  "blood_transfusion: median log predictive variance in its last sweep")
    rec = claims.fig8_claims(d, cfg)
    assert pure(rec, rise) == pure(rec, fall) == "pass"
    assert pure(claims.fig8_claims(exp5_kjit(cfg, reverse_later_sweeps=True), cfg), fall) == "fail"
    up = float(claim(rec, rise).reproduced)
    assert pure(claims.fig8_claims(d, moved(cfg, rise_min=up + 0.05)), rise) == "fail"


def exp5_dicts(cfg, quadrature_errors=None, seed_noise=0.002):
    names = list(cfg["exp5"]["datasets"])
    paper = np.array([claims.PAPER_ERR[n] for n in names])
    q = paper if quadrature_errors is None else np.asarray(quadrature_errors, float)
    err = {"quadrature": list(q), "sampling": list(paper + 0.004), "kjit": list(paper + 0.005)}
    tim = {"quadrature": [50.0] * 4, "sampling": [2000.0] * 4, "kjit": [1000.0] * 4}
    kjit = {"names": np.array(names), "oracle_calls": np.full(4, 30)}
    sampling = {n: {"n_calls": np.array([3000])} for n in names}
    rng = np.random.default_rng(7)
    n_s = int(cfg["exp5"]["n_seeds"])
    seeds = {arm: {"names": np.array(names), "test_error": paper[None, None, :] + 0.005 + rng.normal(0, seed_noise,
                                                                                                      (1, n_s, 4)),
                   **{k: np.zeros((1, n_s, 4), int) for k in ("n_improper", "n_unusable_pred", "n_skipped_improper")}}
             for arm in cfg["exp5"]["seed_targets"]}
    return err, tim, kjit, sampling, seeds


def test_fig9_claims_accuracy_bars_and_their_readings(cfg):
    names = list(cfg["exp5"]["datasets"])
    acc, quad = "banknote: mean over seeds of the largest", "banknote: test error of quadrature EP"
    rec = claims.fig9_claims(*exp5_dicts(cfg), cfg)
    assert pure(rec, acc) == pure(rec, quad) == pure(rec, "banknote: time(sampling)") == "pass"
    wrong = [claims.PAPER_ERR[n] for n in names[1:] + names[:1]]          # the bars under the wrong names
    assert pure(claims.fig9_claims(*exp5_dicts(cfg, quadrature_errors=wrong), cfg), quad) == "fail"
    m = float(claim(rec, acc).reproduced)
    assert pure(claims.fig9_claims(*exp5_dicts(cfg), moved(cfg, accuracy_bar=m / 3)), acc) == "fail"
    assert pure(claims.fig9_claims(*exp5_dicts(cfg), moved(cfg, z_decide=1e6)), acc) == "inconclusive"
    off = [claims.PAPER_ERR[n] + 0.02 for n in names]
    assert pure(claims.fig9_claims(*exp5_dicts(cfg, quadrature_errors=off), cfg), quad) == "pass"
    assert pure(claims.fig9_claims(*exp5_dicts(cfg, quadrature_errors=off), moved(cfg, quad_error_atol=0.01)),
                quad) == "fail"
    ours = [c for c in rec.claims if c.claim.startswith("ours (")]
    assert ours and all(c.kind == "ours" for c in ours)


def test_fig10_claims_correlation_overfit_region_and_their_readings(cfg):
    d = kl_vs_variance()
    corr, over, region = ("correlation of log KL and log predictive variance", "|mean log KL on the training set",
                          "points making a large error while being confident")
    rec = claims.fig10_claims(d, cfg)
    assert pure(rec, corr) == pure(rec, over) == pure(rec, region) == "pass"
    assert pure(claims.fig10_claims(kl_vs_variance(shuffle=True), cfg), corr) == "fail"
    c = float(claim(rec, corr).reproduced)
    assert pure(claims.fig10_claims(d, moved(cfg, corr_min=c + 0.01)), corr) == "fail"
    dm = float(claim(rec, over).reproduced)
    assert pure(claims.fig10_claims(d, moved(cfg, overfit_max=dm / 2)), over) == "fail"
    # the whole plot as the region: every point is 'confident but wrong' under both readings
    assert pure(claims.fig10_claims(d, moved(cfg, corner_right=0.999, corner_bottom=0.999, q_error=0.001,
                                             q_confident=99.999)), region) == "fail"


def test_fig11_claims_slope_levels_and_their_readings(cfg):
    d = s1(cfg)
    slope, at500 = "log-log slope of the average", "average |K - K_hat| at D = 500"
    rec = claims.fig11_claims(d, cfg)
    assert pure(rec, slope) == pure(rec, at500) == "pass"
    assert pure(claims.fig11_claims(s1(cfg, reverse=True), cfg), slope) == "fail"
    assert pure(claims.fig11_claims(d, moved(cfg, slope_z=1e-6)), slope) == "fail"
    assert pure(claims.fig11_claims(s1(cfg, scale=1.2), cfg), at500) == "pass"           # 0.018 vs 0.015 +- 0.005
    assert pure(claims.fig11_claims(s1(cfg, scale=1.2), moved(cfg, s1_mean500_atol=0.001)), at500) == "fail"


def test_fig12_claims_axis_levels_and_their_readings(cfg):
    d = s2(cfg)
    axis, at100 = "mean error reduction from the smallest", "||K - K_hat||_F / n at D_out = 100"
    rec = claims.fig12_claims(d, cfg)
    assert pure(rec, axis) == pure(rec, at100) == "pass"
    assert pure(claims.fig12_claims(s2(cfg, swap_axes=True), cfg), axis) == "fail"
    off = abs(float(claim(rec, at100).reproduced) - 0.065)
    assert pure(claims.fig12_claims(d, moved(cfg, s2_out100_atol=off / 2)), at100) == "fail"


def test_fig13_claims_ordering_and_the_noise_bar(cfg):
    text = "mean log KL of Breiman's random forests minus that of KJIT"
    names = [r[0] for r in claims.PAPER_TABLE]

    def rec(means, c=cfg):
        return claims.fig13_claims(table_fit(means), c, [table_fit(means, seed=6 + k) for k in range(3)])
    assert pure(rec(TABLE), text) == "pass"
    wrong = {**TABLE, claims.KJIT: TABLE[names[7]], names[7]: TABLE[claims.KJIT]}
    assert pure(rec(wrong), text) == "fail"
    assert pure(rec(TABLE, moved(cfg, z_decide=1e6)), text) == "inconclusive"
    with pytest.raises(ValueError, match="lacks the rows"):
        d = table_fit(TABLE)
        claims.fig13_claims({**d, "table_method": d["table_method"][:5], "table_log_kl": d["table_log_kl"][:5]}, cfg)


@pytest.mark.parametrize("module,key,data,fn", [
    ("fig03", "fit", lambda cfg: fit(), claims.fig3_claims),
    ("fig07", "exp4", lambda cfg: exp4(), claims.fig7_claims),
    ("fig10", "fit", lambda cfg: kl_vs_variance(), claims.fig10_claims),
    ("fig11", "s1", lambda cfg: s1(cfg), claims.fig11_claims),
])
def test_make_hands_its_inputs_to_the_claims(tmp_path, cfg, module, key, data, fn):
    import importlib

    from statmech_bayes.figures.kjit.common import load

    mod = importlib.import_module(f"statmech_bayes.figures.kjit.{module}")
    path = save(tmp_path / "d.npz", data(cfg))
    fig, _, rec = mod.make({key: path}, cfg)
    matplotlib.pyplot.close(fig)
    assert rec.to_dict() == fn(load(path), cfg).to_dict()


def test_claims_config_cross_checks_reject_reversed_readings():
    from claim_checks import ROOT

    from statmech_bayes.core.config import ConfigError
    from statmech_bayes.figures.kjit.config_checks import check

    full = yaml.safe_load((ROOT / "workflow" / "config" / "full.yaml").read_text())
    check(full)
    for key, value in (("error_axis", [0.13, 0.03]), ("orders", [100.0, 10.0])):
        bad = copy.deepcopy(full)
        bad["kjit"]["claims"][key] = value
        with pytest.raises(ConfigError, match=f"kjit.claims.{key}"):
            check(bad)


# =============================================================================================================
# Rule 4 (issue 36): each claim whose quantity has a trivial answer fails it; issue 34's re-judged claims; issue 37
# item 4: every claims function meets an empty or degenerate selection with inconclusive claims, never a crash.

def test_fig4_coin_flip_uncertainty_ordering_fails(cfg):
    """The proof of Fig. 4's share revision (protocol rule 1, claims.PROOF_FIG4_SHARE): two lines of uncertainties
    drawn alike (no test set is higher: a coin flip at each point) that happen to put #1 above #2 on just over half
    the points pass the registered share 0.5; 'clearly higher' on at least 90 % of them does not, and decides."""
    d = uncertainty_fit()
    rng = np.random.default_rng(0)
    coin = {**d, "test1_kernel_logU": rng.normal(0, 1, d["grid_means"].size),
            "test2_kernel_logU": rng.normal(0, 1, d["grid_means"].size)}
    c = claim(claims.fig4_claims(coin, cfg), "fraction of the test points")
    assert 0.5 <= float(c.reproduced) < 0.6
    assert (c.registered_verdict, c.revised_verdict, c.verdict) == ("pass", "fail", "fail")
    assert c.revision_proof == claims.PROOF_FIG4_SHARE
    assert pure(claims.fig4_claims({**d, "test2_kernel_logU": d["test1_kernel_logU"]}, cfg),
                "fraction of the test points") == "fail"                                    # identical lines


def test_fig6_chance_level_and_perfect_errors_fail_the_range(cfg):
    """The proof of Fig. 6's range revisions (protocol rule 1, claims.PROOF_FIG6_RANGE): every method at chance level
    (error 0.5 on every problem) passes the registered one-sided 'min >= 0.03'; every method perfect (error 0 on
    problems whose labels are drawn from a logistic model, so no classifier is perfect) passes the registered 'max <=
    0.13'. Both ends inside the published axis fails both, and decides."""
    runs, tim = exp3_dicts()
    for level, passed_by in ((0.5, "(min)"), (0.0, "(max)")):          # chance-level and perfect classifiers
        flat = {m: {**r, "error": np.full_like(r["error"], level)} for m, r in runs.items()}
        rec = claims.fig6_claims(flat, tim, cfg)
        assert pure(rec, "(min)") == pure(rec, "(max)") == "fail", level
        c = claim(rec, passed_by)
        assert (c.registered_verdict, c.revised_verdict) == ("pass", "fail"), level
        assert c.revision_proof == claims.PROOF_FIG6_RANGE


def flat_after_rise(cfg, noise=0.0, seed=3):
    """Exp. 5's KJIT trace whose every data set after the first stays flat at -8.4 after its first sweep (the rise),
    plus independent noise of sd ``noise``."""
    d = exp5_kjit(cfg)
    u = d["u_z"]
    starts = list(d["problem_start"]) + [u.size]
    rng = np.random.default_rng(seed)
    for k in range(1, len(starts) - 1):
        s, e = int(starts[k]), int(starts[k + 1])
        per = (e - s) // int(cfg["exp5"]["n_sweeps"])
        u[s + per: e] = -8.4 + rng.normal(0, noise, e - s - per)
    return {**d, "u_z": u}


def test_fig8_flat_trace_does_not_decrease(cfg):
    """The proof of Fig. 8's 'steady decrease' revisions (protocol rule 1, claims.PROOF_FIG8_FALL): the registered
    sign-only reading (last sweep's median minus the 2nd's <= 0, no noise margin) passes a trace that does not
    decrease. Exactly flat after its rise (2nd and last sweeps identical), it passes at 0; flat plus noise, it passes
    close to half of many simulated traces (three data sets each), where a sound reading would pass a few per cent
    (this test then fails). The revised readings, with the bootstrap standard error, pass none of them (the
    any-decrease reading is undecided at 0 +- 0 or within its noise; the counted-rise reading fails), and decide."""
    from scipy.stats import norm

    fall = "blood_transfusion: median log predictive variance in its last sweep"
    c = claim(claims.fig8_claims(flat_after_rise(cfg), cfg), fall)                       # exactly flat
    assert float(c.registered_reproduced) == 0.0 and c.registered_verdict == "pass"
    assert c.verdict != "pass" and c.kind == "wording" and c.revision_proof == claims.PROOF_FIG8_FALL
    assert "(fail)" in c.reproduced                                     # the counted-rise reading fails it
    runs, reg, rev, n = 40, 0, 0, 0
    for seed in range(runs):                                             # flat plus noise
        for c in claims.fig8_claims(flat_after_rise(cfg, noise=0.01, seed=100 + seed), cfg).claims:
            if "in its last sweep minus that in its 2nd sweep" not in c.claim:
                continue
            assert c.revision_proof == claims.PROOF_FIG8_FALL and "(fail)" in c.reproduced, (seed, c.claim)
            n += 1
            reg += c.registered_verdict == "pass"
            rev += c.verdict == "pass"
    assert n == 3 * runs
    level = float(norm.sf(float(cfg["claims"]["z_decide"])))      # one-sided level of z_decide standard errors
    assert 0.35 < reg / n < 0.65 and reg / n > 10 * level, reg / n  # the sign of noise: a coin flip
    assert rev == 0                                                  # the revised readings: none


def test_fig8_small_decrease_within_the_noise_is_not_decided_by_its_sign(cfg):
    d = exp5_kjit(cfg)
    fall = "blood_transfusion: median log predictive variance in its last sweep"
    rec = claims.fig8_claims(d, cfg)
    c = claim(rec, fall)
    assert c.verdict == "pass" and c.registered_verdict == "pass" and "standard error" in c.note
    assert claims.decrease_se(np.zeros(1), np.zeros(1)) != claims.decrease_se(np.zeros(1), np.zeros(1))  # NaN


def test_fig9_constant_classifiers_fail_fertility(cfg):
    """Fertility (the authors' split: 44 of 50 test points of one class): the constant classifiers score 0.12 and
    0.88; as the quadrature's error they fail 'about 0.56', and a KJIT that is constant while the others are not
    fails the accuracy claim."""
    names = list(cfg["exp5"]["datasets"])
    i = names.index("fertility")
    for const in (0.12, 0.88, 0.5):
        q = [claims.PAPER_ERR[n] for n in names]
        q[i] = const
        assert pure(claims.fig9_claims(*exp5_dicts(cfg, quadrature_errors=q), cfg),
                    "fertility: test error of quadrature EP") == "fail", const
    err, tim, kjit, sampling, seeds = exp5_dicts(cfg)
    target = cfg["exp5"]["target_z"]
    te = np.array(seeds[target]["test_error"], float)
    te[..., i] = 0.12
    seeds = {**seeds, target: {**seeds[target], "test_error": te}}
    assert pure(claims.fig9_claims(err, tim, kjit, sampling, seeds, cfg),
                "fertility: mean over seeds of the largest") == "fail"


def test_fig9_blood_failure_is_no_finding(cfg):
    """Rule 5 (issue 34): the narrow-cavity mechanism holds on Banknote too, whose claim passes: Blood's failure is
    unexplained, the mechanism only proposed in the note."""
    names = list(cfg["exp5"]["datasets"])
    err, tim, kjit, sampling, seeds = exp5_dicts(cfg)
    target = cfg["exp5"]["target_z"]
    te = np.array(seeds[target]["test_error"], float)
    te[..., names.index("blood_transfusion")] += 0.05
    seeds = {**seeds, target: {**seeds[target], "test_error": te}}
    c = claim(claims.fig9_claims(err, tim, kjit, sampling, seeds, cfg), "blood_transfusion: mean over seeds")
    assert c.verdict == "fail" and not c.finding and "not proven" in c.note and "Banknote" in c.note


def test_fig11_slope_is_ours(cfg):
    c = claim(claims.fig11_claims(s1(cfg), cfg), "log-log slope of the average")
    assert c.kind == "ours" and c.verdict == "pass"


def test_fig13_noise_inconclusive_states_its_remedy(cfg):
    """The main draw alone (no extra draw): the claim, read over draws of Exp. 1 (protocol rule 7), is undecided and
    names the draws that would decide it; the one-draw reading is shown beside."""
    rec = claims.fig13_claims(table_fit(TABLE), cfg)
    c = claim(rec, "mean log KL of Breiman's random forests minus that of KJIT")
    assert c.verdict == "inconclusive" and c.reason == "noise" and c.registered_verdict == "pass"
    assert "kjit.exp1.extra_draws >= 1" in c.remedy and c.revision_proof == claims.PROOF_FIG13_DRAWS


# The App. C claims read over draws of Exp. 1 (protocol rule 7, claims.over_draws): one claim per row other than KJIT.
DRAWS_TEXT = "mean log KL of Breiman's random forests minus that of KJIT"


def draw_fit(diffs, n=200, seed=0, noise=0.05):
    """One draw of Exp. 1: KJIT's per-message test log KL, and every other row's the same plus ``diffs[row]`` plus a
    paired noise of sd ``noise``, so the draw's mean difference of a row from KJIT is about ``diffs[row]``, with a
    paired standard error of about noise / sqrt(n)."""
    rng = np.random.default_rng(seed)
    base = rng.normal(-9.0, 1.6, n)
    rows = [base if r[0] == claims.KJIT else base + diffs.get(r[0], 0.0) + rng.normal(0, noise, n)
            for r in claims.PAPER_TABLE]
    return {**table_fit(TABLE, n=n), "table_log_kl": np.vstack(rows)}


def draws_claims(diff_per_draw, cfg):
    """The main draw and the extra ones, Breiman's row ``diff_per_draw[k]`` above KJIT's in draw k (every other row
    1 above)."""
    others = {r[0]: 1.0 for r in claims.PAPER_TABLE}
    fits = [draw_fit({**others, claims.PAPER_TABLE[7][0]: v}, seed=k) for k, v in enumerate(diff_per_draw)]
    return claims.fig13_claims(fits[0], cfg, fits[1:])


# The committed build (figures/kjit/fig13.claims.json, IChol + Gaussian kernel on joint embeddings): the per-draw
# difference from KJIT moves between the 10 draws of Exp. 1 with sd 0.335, while one draw's paired standard error over
# its test messages is 0.024.
EXP1_SD_BETWEEN, EXP1_SE_WITHIN, EXP1_DRAWS = 0.335, 0.024, 10
ICHOL_JOINT = "IChol + Gaussian kernel on joint embeddings"


def test_fig13_one_draw_reading_passes_an_order_reversed_over_draws(cfg):
    """The proof of the App. C revision (protocol rules 1 and 7, claims.PROOF_FIG13_DRAWS): the paper claims the
    methods' order, which the draws must support. Many simulated builds of two equally good methods (the paper's
    order does not hold over draws): each of the 10 draws of Exp. 1 has its own difference of the row from KJIT,
    drawn N(0, sd between draws), measured on its test messages with the paired standard error of one draw (both the
    committed numbers). The registered one-draw reading judges the main draw against its paired standard error,
    which does not see the spread between draws: it passes the paper's order in close to half the builds, far above
    the one-sided level its z_decide implies. The reading over the draws (10 draws, the standard error between draws,
    z_decide) passes a few per cent, near its level. A sound one-draw reading would pass at most a few per cent here:
    this test then fails."""
    from scipy.stats import norm
    from scipy.stats import t as student

    z = float(cfg["claims"]["z_decide"])
    text = f"mean log KL of {ICHOL_JOINT} minus that of KJIT"
    others = {r[0]: 1.0 for r in claims.PAPER_TABLE}
    n_msg, runs = 200, 150
    noise = EXP1_SE_WITHIN * np.sqrt(n_msg)                 # a paired standard error of EXP1_SE_WITHIN per draw
    names = [r[0] for r in claims.PAPER_TABLE]
    row, kjit = names.index(ICHOL_JOINT), names.index(claims.KJIT)
    rng = np.random.default_rng(41)
    reg = rev = 0
    ses = []
    for run in range(runs):
        diffs = rng.normal(0.0, EXP1_SD_BETWEEN, EXP1_DRAWS)  # equally good on average over draws
        fits = [draw_fit({**others, ICHOL_JOINT: float(v)}, n=n_msg, seed=1000 + EXP1_DRAWS * run + k, noise=noise)
                for k, v in enumerate(diffs)]
        c = claim(claims.fig13_claims(fits[0], cfg, fits[1:]), text)
        assert c.revision_proof == claims.PROOF_FIG13_DRAWS and c.revision_commit == claims.FIG13_DRAWS_REVISION
        assert c.verdict == c.revised_verdict.split(" (")[0]      # the proven revision decides (rule 1)
        reg += c.registered_verdict == "pass"
        rev += c.revised_verdict == "pass"
        lk = fits[0]["table_log_kl"]
        ses.append(float(np.std(lk[row] - lk[kjit], ddof=1) / np.sqrt(n_msg)))
    assert abs(np.median(ses) - EXP1_SE_WITHIN) < 0.005      # the simulated draws have the committed precision
    level = float(norm.sf(z))                                  # one-sided level of z_decide standard errors
    reg_rate, rev_rate = reg / runs, rev / runs
    # one draw: passes when its difference clears z paired SEs, about P(N(0, 0.335) > 0.048) = 0.44
    assert 0.3 < reg_rate < 0.6 and reg_rate > 10 * level, (reg_rate, level)
    # over the draws: passes when the mean clears z SEs between draws, P(t(9) > z) = 0.038
    assert rev_rate < 0.1 and rev_rate < 3 * float(student.sf(z, EXP1_DRAWS - 1)), rev_rate


def test_fig13_draws_pass_when_every_draw_shows_kjit_better(cfg):
    c = claim(draws_claims([0.2, 0.25, 0.15, 0.3, 0.22], cfg), DRAWS_TEXT)
    assert c.kind == "relation" and c.verdict == "pass" and 0.15 < c.reproduced < 0.3
    assert c.tolerance == "[0, inf]" and "over the draws of Exp. 1" in c.note and "5 of 5 draws" in c.note
    # the same draws with KJIT worse everywhere: fail
    assert pure(draws_claims([-0.2, -0.25, -0.15, -0.3, -0.22], cfg), DRAWS_TEXT) == "fail"
    # the reading z_decide is the one applied: a bar above the mean's standard errors leaves it undecided
    assert pure(draws_claims([0.2, 0.25, 0.15, 0.3, 0.22], moved(cfg, z_decide=1e6)), DRAWS_TEXT) == "inconclusive"


@pytest.mark.parametrize("diffs", [[0.0] * 6, [0.3, -0.3] * 3, [0.5, -0.4, 0.45, -0.5, 0.3, -0.35]])
def test_fig13_draws_trivial_answers_do_not_pass(cfg, diffs):
    """No difference at all, or differences whose sign alternates between draws (the spread between draws, not a
    gap), the main draw showing the paper's order or none: never a pass; inconclusive with the draws that would
    decide it, when any number would."""
    c = claim(draws_claims(diffs, cfg), DRAWS_TEXT)
    assert c.verdict != "pass"
    assert c.verdict == "inconclusive" and c.reason == "noise" and "draws" in c.remedy


def test_fig13_draws_remedy_counts_the_draws_that_would_decide(cfg):
    c = claim(draws_claims([0.3, -0.1, 0.25, -0.05], cfg), DRAWS_TEXT)
    assert c.verdict == "inconclusive"
    need = int(c.remedy.split("about ")[1].split(" draws")[0])
    assert need > 4 and f"kjit.exp1.extra_draws = {need - 1}, now 3" in c.remedy


def test_fig13_draws_degenerate_inputs_are_inconclusive(cfg):
    """No extra draw (the paper's one draw: no spread between draws), or a draw where KJIT predicts no distribution:
    inconclusive (noise) with a remedy, never a crash; the one-draw reading is the same whatever the draws."""
    main = draw_fit({r[0]: 1.0 for r in claims.PAPER_TABLE})
    alone = claims.fig13_claims(main, cfg)
    assert len(alone.claims) == len(claims.PAPER_TABLE) - 1 and not any(c.kind == "ours" for c in alone.claims)
    assert all(c.verdict == "inconclusive" and c.reason == "noise" and "extra_draws >= 1" in c.remedy
               and c.registered_verdict == "pass" for c in alone.claims)
    both = claims.fig13_claims(main, cfg, [main, main])
    assert [(c.registered_reproduced, c.registered_verdict) for c in alone.claims] == \
        [(c.registered_reproduced, c.registered_verdict) for c in both.claims]
    broken = copy.deepcopy(main)
    broken["table_log_kl"][4] = np.nan  # KJIT's row (the paper's order): no proper prediction in this draw
    rec = claims.fig13_claims(main, cfg, [main, broken])
    assert all(c.verdict == "inconclusive" and "draws [2]" in c.remedy for c in rec.claims)


def test_fig13_make_hands_the_draws_to_the_claims(tmp_path, cfg):
    from statmech_bayes.figures.kjit.common import load

    fits = [draw_fit({r[0]: 0.5 + 0.1 * k for r in claims.PAPER_TABLE}, seed=k) for k in range(3)]
    paths = [save(tmp_path / f"d{k}.npz", f) for k, f in enumerate(fits)]
    fig, table, rec = fig13.make({"fit": paths[0], "draws": paths[1:]}, cfg)
    matplotlib.pyplot.close(fig)
    assert rec.to_dict() == claims.fig13_claims(load(paths[0]), cfg, [load(p) for p in paths[1:]]).to_dict()
    assert {"draw1_mean", "draw2_mean"} <= set(table.columns)
    assert pure(rec, DRAWS_TEXT) == "pass"


def _all_inconclusive(rec):
    assert rec.claims, "a degenerate selection still shows its claims"
    bad = [(c.claim, c.verdict) for c in rec.claims if c.verdict != "inconclusive" or not c.reason]
    assert not bad, bad


def test_claims_functions_meet_empty_selections_with_inconclusive_claims(cfg):
    """Issue 37 item 4: empty inputs (no messages, no test points, no problems, no timed repeats, no seeds) give
    inconclusive claims with their reason, never a crash."""
    names = list(cfg["exp5"]["datasets"])
    e = np.array([])
    _all_inconclusive(claims.fig1_claims({n: {"msg_mu": e, "msg_var": e} for n in names}, cfg))
    d3 = fit()
    d3.update(log_kl_test=np.full(3000, np.nan))
    rec3 = claims.fig3_claims(d3, cfg)
    assert pure(rec3, "mean log KL over the test messages") == "inconclusive"
    _all_inconclusive(claims.fig4_claims({**uncertainty_fit(), **{k: e for k in (
        "test1_kernel_logU", "test2_kernel_logU", "test1_rf_logU", "test2_rf_logU")}}, cfg))
    d5 = {"u_z": np.full(10, np.nan), "problem_start": np.array([0]), "consulted_z": np.zeros(10, bool),
          "oracle_calls": np.array([0])}
    _all_inconclusive(claims.fig5_claims(d5, cfg))
    runs = {m: {"error": e, "time_ms": e, "n_improper": np.array([], int), "oracle_calls": np.array([], int)}
            for m in ("quadrature", "sampling", "kjit")}
    _all_inconclusive(claims.fig6_claims(runs, [], cfg))
    d7 = exp4()
    d7 = {**d7, "timed": np.array([], int), "timing_ms": np.zeros((0, 0, 3)), "paper_shape": e, "paper_rate": e,
          "kl_paper": e, "kl_ours_paper": e, "consulted": np.zeros(0, bool), "kjit_shape": e, "kjit_rate": e,
          "oracle_shape": e, "oracle_rate": e, "in_rate": e, "kl_posteriors": e}
    rec7 = claims.fig7_claims(d7, cfg)
    assert all(c.verdict == "inconclusive" for c in rec7.claims)
    d8 = {"names": np.array(names[:2]), "u_z": np.full(4, np.nan), "problem_start": np.array([0, 2]),
          "consulted_z": np.zeros(4, bool), "oracle_calls": np.array([1, 1])}
    _all_inconclusive(claims.fig8_claims(d8, cfg))
    err, tim, kjit, sampling, seeds = exp5_dicts(cfg)
    empty_seeds = {a: {**v, "test_error": np.zeros((1, 0, 4)), **{k: np.zeros((1, 0, 4), int) for k in (
        "n_improper", "n_unusable_pred", "n_skipped_improper")}} for a, v in seeds.items()}
    rec9 = claims.fig9_claims(err, tim, kjit, sampling, empty_seeds, cfg)
    assert all(c.verdict == "inconclusive" for c in rec9.claims if "over seeds" in c.claim or "seed-mean" in c.claim)
    _all_inconclusive(claims.fig10_claims({"log_kl_train": e, "logU_train": e, "log_kl_test": e, "logU_test": e},
                                          cfg))
    _all_inconclusive(claims.fig11_claims({"D": np.array([], int), "mean_abs": np.zeros((0, 0)),
                                           "max_abs": np.zeros((0, 0)), "sd_abs": np.zeros((0, 0))}, cfg))
    t13 = table_fit(TABLE, n=1)
    _all_inconclusive(claims.fig13_claims(t13, cfg))


@pytest.mark.parametrize("rows,cols", [(slice(0, 1), slice(None)), (slice(None), slice(0, 1)), (slice(0, 0), slice(None))])
def test_fig12_one_d_in_one_d_out_or_no_grid_is_inconclusive_not_vacuous(cfg, rows, cols):
    """Issue 37: one D_in (a zero gain along it would let any D_out gain pass), one D_out, or no grid at all."""
    d = s2(cfg)
    d = {"D_in": d["D_in"][rows], "D_out": d["D_out"][cols], "fro_err": d["fro_err"][rows, cols]}
    c = claim(claims.fig12_claims(d, cfg), "mean error reduction from the smallest")
    assert c.verdict == "inconclusive" and c.reason == "noise" and c.remedy and "undecidable" in c.note
    if d["fro_err"].size == 0 or d["D_out"].size == 1:
        lev = claim(claims.fig12_claims(d, cfg), "||K - K_hat||_F / n at D_out = 100")
        assert lev.verdict == "inconclusive" and lev.remedy


# Issue 36 (trivial answers): the consultation-count orderings of Figs 5 and 7 are decided with their noise; the
# sign alone passed an operator that does not learn half the time.

def test_fig5_consultations_that_do_not_fall_do_not_pass(cfg):
    """The proof of Fig. 5's consultation revision (protocol rule 1, claims.PROOF_FIG5_CALLS): many simulated runs of
    a KJIT that does not learn (per-problem oracle calls drawn alike for all 30 problems): the registered sign-only
    reading passes close to half of them, the revised reading (Welch z of the halves' means beyond z_decide) near its
    one-sided level. A sound registered reading would pass a few per cent: this test then fails. Then: a fall the
    halves' means clear by z_decide Welch standard errors passes, the reverse fails. Counts whose mean falls through
    one huge first problem while the others rise are not a pass (Welch undecided), and our rank check fails them; a
    fall carried by two huge first problems (as the committed run's) is undecided by the means, which our rank check,
    kind ours, cannot overturn."""
    from scipy.stats import norm

    text = "oracle consultations per problem: first half vs second half"
    rank = "ours: oracle consultations per problem, first half vs second half by rank"
    rng = np.random.default_rng(3)
    base = exp3_kjit(cfg)
    runs, reg, rev = 200, 0, 0
    null = np.random.default_rng(5)
    for _ in range(runs):
        c = claim(claims.fig5_claims({**base, "oracle_calls": null.poisson(30, 30)}, cfg), text)
        assert c.revision_commit == claims.FIG5_REVISION and c.revision_proof == claims.PROOF_FIG5_CALLS
        assert c.verdict == c.revised_verdict.split(" (")[0]       # the proven revision decides (rule 1)
        reg += c.registered_verdict == "pass"
        rev += c.revised_verdict == "pass"
    level = float(norm.sf(float(cfg["claims"]["z_decide"])))      # one-sided level of z_decide standard errors
    assert 0.4 < reg / runs < 0.6, reg / runs                       # the sign: a coin flip
    assert rev / runs < 3 * level, (rev / runs, level)              # the Welch z: near its level
    falling = np.r_[rng.poisson(100, 15), rng.poisson(10, 15)]
    assert pure(claims.fig5_claims({**exp3_kjit(cfg), "oracle_calls": falling}, cfg), text) == "pass"
    assert pure(claims.fig5_claims({**exp3_kjit(cfg), "oracle_calls": falling[::-1].copy()}, cfg), text) == "fail"
    one_huge = np.r_[2000, np.full(14, 5), np.full(15, 20)]          # means 138 vs 20, ranks rising
    rec = claims.fig5_claims({**exp3_kjit(cfg), "oracle_calls": one_huge}, cfg)
    c = claim(rec, text)
    assert (c.verdict, c.reason, c.registered_verdict) == ("inconclusive", "noise", "pass") and "more problems" in c.remedy
    assert pure(rec, rank) == "fail" and claim(rec, rank).kind == "ours"
    two_huge = np.r_[939, 417, rng.poisson(40, 13), rng.poisson(10, 15)]
    rec = claims.fig5_claims({**exp3_kjit(cfg), "oracle_calls": two_huge}, cfg)
    assert claim(rec, text).verdict == "inconclusive" and pure(rec, rank) == "pass"


def test_fig7_consultations_at_a_constant_rate_do_not_pass(cfg):
    """The proof of Fig. 7's consultation revision (protocol rule 1, claims.PROOF_FIG7_CALLS): many simulated runs of
    an operator consulting the oracle at one rate throughout (its thirds differ by noise only): the registered
    sign-only reading passes close to half of them (a little less: ties fail it), the revised reading (the
    two-proportion z of the thirds beyond z_decide) near its one-sided level. A sound registered reading would pass a
    few per cent: this test then fails. One that consults less and less (as the committed run: 80 of 500 problems
    consulted in the first third, 5 in the last) passes."""
    from scipy.stats import norm

    text = "oracle consultations in the first vs the last third of the problems"
    d = exp4(seed=8)
    n = d["consulted"].size
    runs, reg, rev = 300, 0, 0
    null = np.random.default_rng(7)
    for _ in range(runs):
        c = claim(claims.fig7_claims({**d, "consulted": null.random(n) < 0.1}, cfg), text)
        assert c.revision_commit == claims.COUNTS_REVISION and c.revision_proof == claims.PROOF_FIG7_CALLS
        assert c.verdict == c.revised_verdict.split(" (")[0]       # the proven revision decides (rule 1)
        reg += c.registered_verdict == "pass"
        rev += c.revised_verdict == "pass"
    level = float(norm.sf(float(cfg["claims"]["z_decide"])))      # one-sided level of z_decide standard errors
    assert 0.35 < reg / runs < 0.6, reg / runs                      # the sign: a coin flip, less its ties
    assert rev / runs < 3 * level, (rev / runs, level)              # the two-proportion z: near its level
    assert pure(claims.fig7_claims(exp4(seed=8), cfg), text) == "pass"       # 40 of 100 consulted, then 4 of 100
