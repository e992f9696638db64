"""Uda & Kabashima 2005: the extra colon splits that make the undecided claims precise."""

from __future__ import annotations

import numpy as np
import pytest

from statmech_bayes.sparse_classifier import colon as co
from statmech_bayes.sparse_classifier import colon_precision as cp
from statmech_bayes.sparse_classifier.experiments import colon_chunk, colon_summary

C_GRID, K_GRID = (0.01, 0.05, 0.2), (0.2, 0.4)
#: the workflow's colon settings (workflow/config/full.yaml), which the library takes without defaults
BP = dict(n_train=42, kappa_fixed=0.4, damping=0.8, tol=1e-9, conv_tol=1e-6, osc_tol=1e-3,
          fda_ridge=(1e-3, 1.0, 100.0, 1e4))


def _toy(rng, M=62, N=200, informative=5, shift=2.0):
    y = np.where(np.arange(M) < 40, 1.0, -1.0)
    X = rng.standard_normal((M, N))
    X[:, :informative] += shift * y[:, None] / 2
    return X, y


@pytest.fixture(scope="module")
def toy_runs():
    rng = np.random.default_rng(7)
    X, y = _toy(rng)
    Xp = co.preprocess(X)
    Z = co.whiten(Xp)
    perms = co.split_permutations(6, 62, rng)
    main = colon_chunk(Xp, Z, y, perms, C_grid=C_GRID, kappa_grid=K_GRID, T_max=100, T_literal=8, **BP)
    extra = cp.literal_splits(Xp, y, perms, n_train=42, T_literal=8, conv_tol=1e-6, osc_tol=1e-3,
                              C_grid=C_GRID, kappa_grid=K_GRID)
    return main, extra


def test_literal_splits_are_the_chunks_literal_arm(toy_runs):
    main, extra = toy_runs
    for k in ("lit_looe", "lit_test", "lit_state"):
        np.testing.assert_array_equal(extra[k], main[k])


@pytest.mark.parametrize("rule", ["last", "first"])
def test_selections_and_differences_agree_with_colon_summary(toy_runs, rule):
    main, _ = toy_runs
    s = colon_summary([main], C_grid=C_GRID, kappa_grid=K_GRID, kappa_fixed=0.4, rule=rule, exclude_nonconverged=False,
                      fda_ridge=BP["fda_ridge"])
    p = cp.precision_summary([main], [], C_grid=C_GRID, kappa_grid=K_GRID, kappa_fixed=0.4, rule=rule, n_boot=50)
    np.testing.assert_allclose(p["sel_err_sbc"], s["err_sbc"])
    np.testing.assert_allclose(p["sel_err_sbc_k04"], s["err_sbc_k04"])
    np.testing.assert_allclose(np.asarray(C_GRID)[p["sel_iC"]], s["sel_C"])
    np.testing.assert_allclose(np.asarray(K_GRID)[p["sel_iK"]], s["sel_kappa"])
    np.testing.assert_allclose(p["mean_k04_minus_sbc"], s["mean_sbc_k04"] - s["mean_sbc"], atol=1e-12)
    np.testing.assert_allclose(p["sd_k04_minus_sbc"], s["sd_sbc_k04"] - s["sd_sbc"], atol=1e-12)
    # Without extra splits the pooled numbers are the paper's-splits numbers.
    assert float(p["paper_entropy_diff"]) == float(p["entropy_diff"]) and int(p["n_splits"]) == 6


def test_pooling_appends_the_extra_splits(toy_runs):
    main, extra = toy_runs
    p = cp.precision_summary([main], [extra, extra], C_grid=C_GRID, kappa_grid=K_GRID, kappa_fixed=0.4, rule="last",
                             n_boot=30, seed=3)
    assert int(p["paper_n_splits"]) == 6 and int(p["n_splits"]) == 18
    assert p["boot_entropy_diff"].shape == (30,) and p["paper_boot_offmode_diff"].shape == (30,)
    # Identical copies: every pooled statistic but the SD (ddof = 1) equals the paper-splits one.
    for k in ("entropy_diff", "offmode_diff", "mean_k04_minus_sbc"):
        np.testing.assert_allclose(p[k], p["paper_" + k], atol=1e-12)


def test_normalised_entropy_exact_cases():
    """Uniform over the grid: 1; one value: 0; half on each of two values of a grid of four: ln 2 / ln 4 = 1/2;
    a leading axis is a batch, and the figures' single histograms give the same numbers as the batch."""
    assert float(cp.normalised_entropy([5, 5, 5, 5])) == pytest.approx(1.0)
    assert float(cp.normalised_entropy([0, 0, 7, 0, 0, 0, 0, 0, 0])) == 0.0
    assert float(cp.normalised_entropy([3, 0, 3, 0])) == pytest.approx(0.5)
    rows = np.array([[24, 35, 20, 65], [76, 73, 47, 3], [1, 0, 0, 0]])
    batch = cp.normalised_entropy(rows)
    assert batch.shape == (3,)
    assert [float(cp.normalised_entropy(r)) for r in rows] == pytest.approx(batch.tolist(), abs=0, rel=1e-15)


def test_spread_statistics_exact_cases():
    # C always at one value, kappa uniform over 4: entropy difference 1, off-mode difference 3/4.
    iC = np.zeros(8, int)
    iK = np.arange(8) % 4
    s = cp.spread_statistics(iC, iK, n_C=9, n_K=4)
    assert float(s["entropy_diff"]) == pytest.approx(1.0)
    assert float(s["offmode_diff"]) == pytest.approx(0.75)
    # Swapping the roles flips the signs (the grids differ in size: the normalisation matters).
    s2 = cp.spread_statistics(np.arange(9), np.zeros(9, int), n_C=9, n_K=4)
    assert float(s2["entropy_diff"]) == pytest.approx(-1.0)
    assert float(s2["offmode_diff"]) == pytest.approx(-8 / 9)
    # Batched over a leading axis (the bootstrap) equals row by row.
    rng = np.random.default_rng(0)
    bC, bK = rng.integers(0, 9, (5, 40)), rng.integers(0, 4, (5, 40))
    batch = cp.spread_statistics(bC, bK, 9, 4)
    for r in range(5):
        one = cp.spread_statistics(bC[r], bK[r], 9, 4)
        assert float(batch["entropy_diff"][r]) == pytest.approx(float(one["entropy_diff"]))
        assert float(batch["offmode_diff"][r]) == pytest.approx(float(one["offmode_diff"]))


def test_bootstrap_is_seeded_and_centred(toy_runs):
    main, extra = toy_runs
    kw = dict(C_grid=C_GRID, kappa_grid=K_GRID, kappa_fixed=0.4, rule="last", n_boot=400, seed=11)
    a = cp.precision_summary([main], [extra], **kw)
    b = cp.precision_summary([main], [extra], **kw)
    np.testing.assert_array_equal(a["boot_mean_k04_minus_sbc"], b["boot_mean_k04_minus_sbc"])
    boot = a["boot_mean_k04_minus_sbc"]
    assert abs(boot.mean() - float(a["mean_k04_minus_sbc"])) < 4 * boot.std() / np.sqrt(400) + 1e-9
