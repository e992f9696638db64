"""The variance-reduced simulation estimator: small blocks agree with the dense GP algebra, and averaged over
every possible data set it has exactly the expectation of the plain simulated average (small exact case)."""

import itertools

import numpy as np
import pytest

from statmech_bayes.gp import component_averages as ca
from statmech_bayes.gp.graph_posterior import (
    counts_from_inputs,
    kernels_from_basis,
    mismatch_error,
    posterior_variances,
)
from statmech_bayes.graphs.operators import from_edge_list
from statmech_bayes.graphs.spectral import SpectralBasis
from statmech_bayes.randomwalk import simulated_curves as sc


def _spd(rng, s):
    G = rng.normal(size=(s, s))
    return G @ G.T / s + 0.1 * np.eye(s)


def test_batched_blocks_match_dense_algebra():
    rng = np.random.default_rng(0)
    for s in (1, 2, 4):
        CS, CT = _spd(rng, s), _spd(rng, s)
        counts = rng.poisson(0.8, size=(20, s))
        counts[0] = 0
        for s2 in (1e-4, 0.1):
            post = ca.posterior_variance_batch(CS, counts, s2)
            ref = np.array([posterior_variances(CS, c, s2) for c in counts])
            np.testing.assert_allclose(post, ref, rtol=1e-9, atol=1e-13)
            mis = ca.mismatch_error_batch(CS, CT, counts, s2)
            ref = np.array([mismatch_error(CS, CT, c, s2) * s for c in counts])
            np.testing.assert_allclose(mis, ref, rtol=1e-9, atol=1e-12)


def test_single_vertex_placements_are_exact():
    # one isolated vertex among n = 5 small-component vertices, M examples outside the giant component
    where = ca.placements(1, [0, 3, 40], 5, np.random.default_rng(1), draws=8)
    c, s2 = 7.0, 0.01
    post = ca.posterior_variance_batch(np.array([[c]]), where.counts, s2)[:, 0]
    got = where.average(post)
    from scipy import stats
    for M, value in zip([0, 3, 40], got):
        m = np.arange(M + 1)
        assert value == pytest.approx(np.sum(stats.binom.pmf(m, M, 0.2) * c * s2 / (s2 + m * c)), rel=1e-12)


def test_conditional_count_draws_follow_the_truncated_binomial():
    rng = np.random.default_rng(2)
    m = ca.conditional_count_draws(rng, 30, 0.05, 200_000)
    from scipy import stats
    assert m.min() >= 1
    expected = stats.binom.mean(30, 0.05) / (1 - stats.binom.pmf(0, 30, 0.05))
    assert m.mean() == pytest.approx(expected, rel=0.01)


@pytest.fixture(scope="module")
def tiny_graph():
    """A path 0-1-2 (the giant component), isolated vertices 3 and 4, an isolated edge 5-6; V = 7."""
    return _enumerated(7, [(0, 1), (1, 2), (5, 6)])


def _enumerated(V, edges):
    edges = np.array(edges)
    basis = SpectralBasis.of_graph(from_edge_list(edges, V))
    kernels = dict(zip(sc.NORMALISATIONS, kernels_from_basis(basis, 10, 2.0)))
    split = sc.ComponentSplit.of_edges(edges, V)
    # every sequence of N = 3 inputs, each with probability V^-3
    seqs = np.array(list(itertools.product(range(V), repeat=3)))
    counts = np.array([counts_from_inputs(x, V) for x in seqs])
    return V, kernels, split, counts


def test_component_split(tiny_graph):
    V, _, split, _ = tiny_graph
    assert sorted(split.giant.tolist()) == [0, 1, 2]
    assert sorted(sorted(g.tolist()) for g in split.small) == [[3], [4], [5, 6]]
    assert split.n_small == 4


def test_estimator_has_the_exact_expectation(tiny_graph):
    """Averaged over all V^N equally likely data sets, the variance-reduced estimator equals the exact mean
    of the plain estimator, for the error (Eq. 12) and the mismatched error (Eq. 11); and it varies less
    from data set to data set. (The vertex variance neglects the coupling of several small components
    through their common total, which is large on a graph this small: tested with one component below.)"""
    V, kernels, split, counts = tiny_graph
    s2s = [1e-4, 0.1]
    plain = sc.matched_errors(kernels, counts, s2s, draws=4000)  # without a split nothing is placed: draws unused
    reduced = sc.matched_errors(kernels, counts, s2s, split, np.random.default_rng(3), draws=4000)
    # the isolated edge is averaged by Monte Carlo over its placements given m >= 1; its kernel is nearly
    # rank one, so where the examples sit on it hardly matters and that error is ~1e-6 with 4000 draws
    np.testing.assert_allclose(reduced.eps.mean(axis=2), plain.eps.mean(axis=2), rtol=1e-4)
    # Rao-Blackwellisation never increases the variance; here it lowers it by 15-40 %
    assert np.all(reduced.eps.std(axis=2) < 0.9 * plain.eps.std(axis=2))
    mis_plain = sc.mismatch_errors(kernels, counts, s2s, draws=4000)
    mis = sc.mismatch_errors(kernels, counts, s2s, split, np.random.default_rng(4), draws=4000)
    np.testing.assert_allclose(mis.mean(axis=2), mis_plain.mean(axis=2), rtol=1e-4)


@pytest.mark.parametrize("edges,rtol", [([(0, 1), (1, 2), (2, 3), (3, 4)], 1e-12),   # one isolated vertex
                                        ([(0, 1), (1, 2), (2, 3), (4, 5)], 1e-4)])   # one isolated edge
def test_estimator_is_exact_with_one_small_component(edges, rtol):
    """One small component: no coupling between small components, so the vertex variance (Fig. 9) is
    exact too; with an isolated vertex every average is an exact sum and agrees to rounding."""
    V, kernels, split, counts = _enumerated(6, edges)
    s2s = [1e-4, 0.1]
    plain = sc.matched_errors(kernels, counts, s2s, draws=4000)  # without a split nothing is placed: draws unused
    reduced = sc.matched_errors(kernels, counts, s2s, split, np.random.default_rng(5), draws=4000)
    np.testing.assert_allclose(reduced.eps.mean(axis=2), plain.eps.mean(axis=2), rtol=rtol)
    np.testing.assert_allclose(reduced.var.mean(axis=2), plain.var.mean(axis=2), rtol=10 * rtol)
    mis_plain = sc.mismatch_errors(kernels, counts, s2s, draws=4000)
    mis = sc.mismatch_errors(kernels, counts, s2s, split, np.random.default_rng(6), draws=4000)
    np.testing.assert_allclose(mis.mean(axis=2), mis_plain.mean(axis=2), rtol=rtol)


def test_one_noise_level_alone_reproduces_its_slice_of_all_of_them():
    """The Fig 9 rule simulates further graphs at its noise level only; graph i must then give exactly the
    numbers the matched simulations would have given it at that noise level (same data set and placement
    streams; placements are drawn before, and independently of, the noise levels)."""
    edges = np.array([(0, 1), (1, 2), (2, 3), (3, 0), (3, 4), (5, 6), (7, 8), (8, 9)])
    V = 11                                                     # vertex 10 isolated
    basis = SpectralBasis.of_graph(from_edge_list(edges, V))
    split = sc.ComponentSplit.of_edges(edges, V)
    nus = np.geomspace(0.1, 5.0, 6)

    def run(s2s):
        return sc.matched_sample(basis, 10, 2.0, nus, s2s, np.random.default_rng(21), split=split,
                                 placement_rng=np.random.default_rng(22), draws=16)

    both, alone = run([0.01, 0.1, 0.001]), run([0.1])
    np.testing.assert_array_equal(alone.var[:, 0], both.var[:, 1])
    np.testing.assert_array_equal(alone.eps[:, 0], both.eps[:, 1])
