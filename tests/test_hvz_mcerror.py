"""Hartog & van Zanten claims: the Monte-Carlo error from independent chains (jackknife) and the three-way
verdicts built on it; the pooled multi-chain posterior of Figs 2 and 4; the conditional move forgets k0."""

import numpy as np
import pytest

from statmech_bayes.truncated_laplacian import mcerror as mc
from statmech_bayes.truncated_laplacian.experiments.graph_mcmc import graph_posterior
from statmech_bayes.truncated_laplacian.experiments.path import path_data

#: the model and move of the workflow's configuration (the library takes them without defaults)
MODEL = dict(q=1.0, a=0.0, b=0.0, refresh_g_on_reject=False)
CHAIN = dict(MODEL, thin=1, k0=10, k_move="conditional")


def test_jackknife_of_a_mean_is_the_standard_error():
    x = np.random.default_rng(0).standard_normal((7, 3))
    loo = mc.leave_one_out_means(x)
    np.testing.assert_allclose(loo[2], np.delete(x, 2, axis=0).mean(axis=0))
    for j in range(3):
        assert mc.jackknife_se(loo[:, j]) == pytest.approx(x[:, j].std(ddof=1) / np.sqrt(7), rel=1e-12)
    v, se = mc.stat_with_se(x[:, 0], lambda m: 3 * m + 1)  # linear: exact scaling of the error
    assert v == pytest.approx(3 * x[:, 0].mean() + 1) and se == pytest.approx(3 * x[:, 0].std(ddof=1) / np.sqrt(7))
    with pytest.raises(ValueError, match="2 chains"):
        mc.jackknife_se([1.0])


def test_jackknife_standard_error_is_calibrated():
    """Over many replications, a nonlinear statistic's jackknife error matches its actual spread (within 20 %)."""
    rng = np.random.default_rng(1)
    vals, ses = [], []
    for _ in range(2000):
        chains = 1.0 + 0.1 * rng.standard_normal((8, 2))
        v, se = mc.stat_with_se(chains, lambda m: float(np.hypot(m[0], m[1])))
        vals.append(v)
        ses.append(se)
    assert np.mean(ses) == pytest.approx(np.std(vals), rel=0.2)


@pytest.mark.parametrize("values, ses, expect", [
    ([3.0, 2.0, 1.0], [0.1, 0.1, 0.1], (True, True)),     # every gap is 7 standard errors
    ([3.0, 2.9, 1.0], [0.1, 0.1, 0.1], (True, False)),    # right order, one gap within 2 errors: inconclusive
    ([3.0, 2.0, 2.9], [0.1, 0.1, 0.1], (False, True)),    # one gap 6 errors the wrong way: fail
    ([3.0, 2.0, 2.05], [0.1, 0.1, 0.1], (False, False)),  # wrong way but within the errors: inconclusive
])
def test_order_verdict(values, ses, expect):
    assert mc.order_verdict(values, ses) == expect


def test_range_verdict():
    assert mc.range_verdict(0.5, 0.1, upper=1.0) == (True, True)
    assert mc.range_verdict(0.9, 0.1, upper=1.0) == (True, False)
    assert mc.range_verdict(1.1, 0.1, upper=1.0) == (False, False)
    assert mc.range_verdict(1.3, 0.1, upper=1.0) == (False, True)
    assert mc.range_verdict(0.0, 0.0, lower=0.0, upper=1.0) == (True, True)


def test_graph_posterior_pools_independent_chains():
    d = path_data(np.random.default_rng(1), n=80, frac_missing=0.2)
    r = graph_posterior(d, np.random.default_rng(2), gamma=0.1, n_iter=600, burn_in=100, n_chains=3, **CHAIN)
    assert r["ell_mean_chains"].shape == (3, 80) and r["k_chains"].shape == (3, 600)
    np.testing.assert_allclose(r["ell_mean"], r["ell_mean_chains"].mean(axis=0))
    assert r["k_mean"] == pytest.approx(r["k_mean_chains"].mean())
    assert not np.array_equal(r["k_chains"][0], r["k_chains"][1])  # the chains have their own streams
    assert r["coverage_loo"].shape == (3,) and np.all((0 <= r["coverage_loo"]) & (r["coverage_loo"] <= 1))
    again = graph_posterior(d, np.random.default_rng(2), gamma=0.1, n_iter=600, burn_in=100, n_chains=3, **CHAIN)
    np.testing.assert_array_equal(again["ell_mean"], r["ell_mean"])  # seeded: reproducible
    assert str(r["k_move"]) == "conditional" and int(r["n_chains"]) == 3


def test_conditional_move_forgets_k0_where_the_random_walk_does_not():
    """Path graph, gamma = 0: p(k | D) spreads over most of 1..n. From k0 = 5 and k0 = 195 the conditional move
    gives the same mean k within Monte-Carlo error after 1,500 sweeps (independent streams); the Bin(4, 1/2)
    walk is still far apart (it needs ~(n/2)^2 sweeps to cross)."""
    d = path_data(np.random.default_rng(3), n=200, frac_missing=0.2)
    means = {}
    for move in ("conditional", "bin4"):
        for k0 in (5, 195):
            r = graph_posterior(d, np.random.default_rng(k0), gamma=0.0, n_iter=1500, burn_in=300, k0=k0,
                                   k_move=move, thin=1, n_chains=1, **MODEL)
            means[move, k0] = (float(r["k_mean"]), float(r["k"][300:].std()))
    (m1, s1), (m2, s2) = means["conditional", 5], means["conditional", 195]
    # successive conditional draws are nearly independent (integrated autocorrelation time about 1 here): allow 4
    # standard errors computed, conservatively, with an effective sample size of a quarter of the draws
    assert abs(m1 - m2) < 4 * np.hypot(s1, s2) / np.sqrt(300)
    assert s1 > 30  # a wide posterior: the test is about crossing it
    assert means["bin4", 195][0] - means["bin4", 5][0] > 60


def test_rhat_hand_computed_case():
    """Two chains of four draws, no splitting: chain means 2.5 and 4.5, within variances 5/3 and 5/3, so
    W = 5/3, B = 4 * var(2.5, 4.5) = 4 * 2 = 8, var+ = 3/4 * 5/3 + 8/4 = 3.25 and R-hat = sqrt(3.25 / (5/3))."""
    x = np.array([[1.0, 2.0, 3.0, 4.0], [3.0, 4.0, 5.0, 6.0]])
    assert mc.gelman_rubin(x, split=False) == pytest.approx(np.sqrt(3.25 / (5 / 3)), rel=1e-12)
    # split: four half-chains [1,2], [3,4], [3,4], [5,6]: W = 1/2, B = 2 * var(1.5, 3.5, 3.5, 5.5) = 2 * 8/3
    assert mc.gelman_rubin(x) == pytest.approx(np.sqrt((0.5 * 0.5 + 16 / 3 / 2) / 0.5), rel=1e-12)


def test_rhat_of_identical_chains_is_one_up_to_the_n_correction():
    one = np.random.default_rng(2).standard_normal(1000)
    assert mc.gelman_rubin(np.stack([one, one, one]), split=False) == pytest.approx(np.sqrt(999 / 1000), rel=1e-12)


def test_rhat_near_one_for_independent_draws_and_large_for_shifted_or_drifting_chains():
    rng = np.random.default_rng(3)
    iid = rng.standard_normal((4, 2000))
    assert abs(mc.gelman_rubin(iid) - 1.0) < 0.01
    shifted = iid + 2.0 * np.arange(4)[:, None]  # four chains stuck in four places
    assert mc.gelman_rubin(shifted) > 2.0
    drift = iid + np.linspace(0.0, 10.0, 2000)[None, :]  # the same trend in every chain: only splitting sees it
    assert mc.gelman_rubin(drift, split=False) < 1.01 < 1.5 < mc.gelman_rubin(drift)
    assert mc.gelman_rubin(np.array([[1.0] * 4, [2.0] * 4])) == np.inf
    with pytest.raises(ValueError):
        mc.gelman_rubin(np.ones(10))
