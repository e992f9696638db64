"""Exact GP regression on graph vertices: vertex-count formula, mismatch error, pseudo-outputs."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.testing import assert_allclose

from statmech_bayes.gp.graph_posterior import (
    bayes_error,
    counts_from_inputs,
    draw_counts,
    kernels_from_basis,
    mismatch_error,
    mismatch_error_per_noise,
    nested_counts,
    normalise_global,
    normalise_local,
    posterior_variances,
    posterior_variances_per_noise,
    pseudo_outputs,
)
from statmech_bayes.graphs.ensembles import erdos_renyi_graph
from statmech_bayes.graphs.spectral import SpectralBasis

P, A_LAZY = 10, 2.0


def er_kernels(V, seed):
    basis = SpectralBasis.of_graph(erdos_renyi_graph(V, 3.0, np.random.default_rng(seed)))
    return basis, kernels_from_basis(basis, P, A_LAZY)


@pytest.fixture(scope="module")
def small():
    """V = 40 ER graph (mean degree 3) with its a = 2, p = 10 kernels; generically singular."""
    return er_kernels(40, 11)


@pytest.fixture(scope="module")
def medium():
    return er_kernels(60, 12)


def brute_force_variances(C, x, sigma2):
    """diag(C - C[:,x] (C[x,x] + σ² I)^{-1} C[x,:]) with the explicit input list (duplicates kept)."""
    K = C[np.ix_(x, x)] + sigma2 * np.eye(len(x))
    return np.diag(C - C[:, x] @ np.linalg.solve(K, C[x, :]))


def test_normalisations(small):
    basis, (Cg, Cl) = small
    C_hat = basis.kernel(P, A_LAZY)
    assert_allclose(np.mean(np.diag(Cg)), 1.0, rtol=1e-14)
    assert np.all(np.diag(Cl) == 1.0)
    assert_allclose(Cl, C_hat / np.sqrt(np.outer(np.diag(C_hat), np.diag(C_hat))), rtol=1e-12, atol=1e-15)
    assert_allclose(normalise_global(C_hat), Cg, rtol=1e-13, atol=1e-15)
    assert_allclose(normalise_local(2.5 * C_hat), Cl, rtol=1e-13, atol=1e-15)
    # a = 2 kernels are (numerically) singular: the posterior formula must never invert C
    ev = np.linalg.eigvalsh(Cg)
    assert ev.min() < 1e-11 * ev.max()


@pytest.mark.parametrize("sigma2", [0.1, 0.01])
@pytest.mark.parametrize("norm", [0, 1])
def test_posterior_variances_equal_brute_force(small, norm, sigma2):
    C = small[1][norm]
    V = C.shape[0]
    rng = np.random.default_rng(3)
    x = rng.integers(0, V, size=70)  # many duplicate inputs
    assert len(np.unique(x)) < len(x)
    got = posterior_variances(C, counts_from_inputs(x, V), sigma2)
    assert_allclose(got, brute_force_variances(C, x, sigma2), rtol=0, atol=1e-10)
    assert_allclose(bayes_error(C, counts_from_inputs(x, V), sigma2), got.mean(), rtol=1e-15)


def test_no_data_gives_prior(small):
    for C in small[1]:
        counts = np.zeros(C.shape[0], dtype=int)
        assert_allclose(posterior_variances(C, counts, 0.1), np.diag(C), rtol=0, atol=0)
        assert_allclose(bayes_error(C, counts, 0.1), np.mean(np.diag(C)), rtol=1e-15)
        assert_allclose(bayes_error(C, counts, 0.1), 1.0, rtol=1e-14)  # both normalisations


def test_counts():
    rng = np.random.default_rng(5)
    c = draw_counts(rng, 30, 100)
    assert c.shape == (30,) and c.sum() == 100 and c.dtype.kind == "i" and c.min() >= 0
    N = [0, 3, 3, 10, 50, 200]
    nc = nested_counts(rng, 30, N)
    assert nc.shape == (len(N), 30)
    assert_allclose(nc.sum(axis=1), N)
    assert np.all(np.diff(nc, axis=0) >= 0)  # each data set extends the previous one
    with pytest.raises(ValueError):
        nested_counts(rng, 30, [5, 3])


def test_nested_learning_curves_decrease(medium):
    """Adding data never increases any posterior variance; variances stay in [0, C_ii]."""
    rng = np.random.default_rng(7)
    V = medium[1][0].shape[0]
    counts = nested_counts(rng, V, [0, 1, 2, 5, 10, 30, 60, 150, 600, 3000])
    for C in medium[1]:
        for sigma2 in (0.1, 1e-4):
            var = np.array([posterior_variances(C, c, sigma2) for c in counts])
            assert np.all(var >= 0) and np.all(var <= np.diag(C)[None, :] * (1 + 1e-12))
            assert np.all(np.diff(var, axis=0) <= 1e-12)
            eps = var.mean(axis=1)
            assert np.all(np.diff(eps) < 0)  # strict: every step adds at least one example
            assert eps[-1] < 0.05 * eps[0]


@settings(max_examples=25, deadline=None, derandomize=True)
@given(
    counts=st.lists(st.integers(0, 4), min_size=40, max_size=40),
    extra=st.integers(0, 39),
    log_sigma2=st.floats(-4, 0),
)
def test_one_more_example_never_hurts(small, counts, extra, log_sigma2):
    C = small[1][0]
    sigma2 = 10.0**log_sigma2
    counts = np.array(counts)
    more = counts.copy()
    more[extra] += 1
    before, after = posterior_variances(C, counts, sigma2), posterior_variances(C, more, sigma2)
    assert np.all(after <= before + 1e-10)
    # the new example's own vertex: posterior variance below the single-observation bound
    assert after[extra] <= sigma2 / more[extra] + 1e-10


def test_mismatch_reduces_to_matched(small):
    rng = np.random.default_rng(8)
    for C in small[1]:
        for N in (0, 5, 40, 400):
            counts = draw_counts(rng, C.shape[0], N)
            for sigma2 in (0.1, 1e-3):
                assert_allclose(mismatch_error(C, C, counts, sigma2), bayes_error(C, counts, sigma2), rtol=1e-9, atol=1e-13)


def test_noise_levels_share_one_data_set_and_each_is_exact(small):
    """The simulations solve all noise levels of a data set at once: each row against the brute-force posterior of
    the explicit input list, and the mismatch of a kernel with itself against the matched error."""
    rng = np.random.default_rng(9)
    sigma2s = [0.1, 1e-2, 1e-4]
    for C in small[1]:
        x = rng.integers(0, C.shape[0], size=25)
        counts = counts_from_inputs(x, C.shape[0])
        post = posterior_variances_per_noise(C, counts, sigma2s)
        mis = mismatch_error_per_noise(C, C, counts, sigma2s)
        for j, s2 in enumerate(sigma2s):
            assert_allclose(post[j], brute_force_variances(C, x, s2), rtol=1e-7, atol=1e-10)
            assert_allclose(mis[j], post[j].mean(), rtol=1e-9, atol=1e-13)
    with pytest.raises(ValueError, match="sigma2"):
        posterior_variances_per_noise(C, counts, [0.1, 0.0])


@pytest.mark.parametrize("student,teacher", [(0, 1), (1, 0)])
def test_mismatch_error_vs_monte_carlo(medium, student, teacher):
    """Explicit GP regression: sample g ~ N(0, C_T), noisy outputs, student posterior mean."""
    C_S, C_T = medium[1][student], medium[1][teacher]
    V, sigma2, N, R = C_S.shape[0], 0.01, 45, 4000
    rng = np.random.default_rng(9)
    x = rng.integers(0, V, size=N)
    w, Q = np.linalg.eigh(C_T)
    root = Q * np.sqrt(np.clip(w, 0, None))
    G = root @ rng.standard_normal((V, R))
    Y = G[x] + np.sqrt(sigma2) * rng.standard_normal((N, R))
    K = C_S[np.ix_(x, x)] + sigma2 * np.eye(N)
    Fbar = C_S[:, x] @ np.linalg.solve(K, Y)
    err = np.mean((G - Fbar) ** 2, axis=0)
    mc, se = err.mean(), err.std(ddof=1) / np.sqrt(R)
    exact = mismatch_error(C_S, C_T, counts_from_inputs(x, V), sigma2)
    assert abs(mc - exact) < 3 * se
    assert 0 < exact < 1.5


def test_pseudo_outputs_matched_and_mean(medium):
    rng = np.random.default_rng(10)
    Cg, Cl = medium[1]
    V, N, sigma2 = Cg.shape[0], 50, 1e-3
    x = rng.integers(0, V, size=N)
    xi, eta = rng.standard_normal(V), rng.standard_normal(N)
    for C_S, C_T in ((Cg, Cg), (Cl, Cl), (Cg, Cl), (Cl, Cg)):
        out = pseudo_outputs(C_S, C_T, x, sigma2, xi, eta)
        assert out["M"].shape == (V, N) and out["z2"].shape == (N,)
        assert_allclose(out["z2"], out["z"] ** 2)
        K = C_S[np.ix_(x, x)] + sigma2 * np.eye(N)
        posterior_mean = C_S[:, x] @ np.linalg.solve(K, out["y"])
        assert_allclose(out["M"] @ out["z"], posterior_mean, rtol=0, atol=1e-8 * np.abs(posterior_mean).max())
        if C_S is C_T:
            assert_allclose(out["z2_expected"], 1.0, rtol=0, atol=1e-9)
        assert np.all(out["z2_expected"] > 0)
    # the teacher draw is C_T^{1/2} xi with the symmetric root, shared across scenarios
    g = pseudo_outputs(Cg, Cl, x, sigma2, xi, eta)["g"]
    w, Q = np.linalg.eigh(Cl)
    assert_allclose(g, Q @ (np.sqrt(np.clip(w, 0, None)) * (Q.T @ xi)), atol=1e-12)


def test_pseudo_outputs_expectation_monte_carlo(medium):
    """Mismatched <z_μ²> over teacher and noise equals z2_expected (summed over μ, within 4 SE)."""
    Cg, Cl = medium[1]
    rng = np.random.default_rng(13)
    V, N, sigma2, R = Cg.shape[0], 20, 0.01, 400
    x = rng.integers(0, V, size=N)
    tot = np.array([
        pseudo_outputs(Cg, Cl, x, sigma2, rng.standard_normal(V), rng.standard_normal(N))["z2"].sum()
        for _ in range(R)
    ])
    expected = pseudo_outputs(Cg, Cl, x, sigma2, np.zeros(V), np.zeros(N))["z2_expected"].sum()
    assert abs(tot.mean() - expected) < 4 * tot.std(ddof=1) / np.sqrt(R)
