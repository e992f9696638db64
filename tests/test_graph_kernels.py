"""Random walk kernels on finite graphs: exact small cases, symmetry, positive semi-definiteness."""
import networkx as nx
import numpy as np
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.testing import assert_allclose

from statmech_bayes.graphs.ensembles import erdos_renyi_graph
from statmech_bayes.graphs.operators import (
    edge_list,
    from_edge_list,
    normalised_adjacency,
)
from statmech_bayes.graphs.spectral import SpectralBasis
from statmech_bayes.randomwalk.kernels import (
    kernel_diagonal_sparse,
    nearest_neighbour_kernel,
    rw_coefficients,
)


def graph_with_isolated_parts(rng):
    A = erdos_renyi_graph(60, 1.5, rng).toarray()
    big = np.zeros((64, 64))
    big[:60, :60] = A
    big[61, 62] = big[62, 61] = 1.0  # an isolated edge; vertices 60 and 63 are isolated
    return sp.csr_array(big)


def test_binomial_form_equals_matrix_power():
    rng = np.random.default_rng(1)
    A = graph_with_isolated_parts(rng)
    S = normalised_adjacency(A).toarray()
    p, a = 7, 2.5
    direct = np.linalg.matrix_power((1 - 1 / a) * np.eye(64) + S / a, p)
    binom = sum(c * np.linalg.matrix_power(S, q) for q, c in enumerate(rw_coefficients(p, a)))
    spectral = SpectralBasis.of_graph(A).kernel(p, a)
    assert_allclose(binom, direct, atol=1e-13)
    assert_allclose(spectral, direct, atol=1e-12)


def test_isolated_vertex_and_isolated_edge_prior_variances():
    C = SpectralBasis.of_graph(graph_with_isolated_parts(np.random.default_rng(2))).kernel(10, 2.0)
    assert_allclose(C[60, 60], 2.0 ** -10, rtol=1e-10)  # (1 - 1/a)^p
    assert_allclose(C[63, 63], 2.0 ** -10, rtol=1e-10)
    assert_allclose([C[61, 61], C[62, 62]], 0.5, rtol=1e-10)  # exactly 1/2 for a = 2, any p
    assert np.all(C[60, :60] == 0)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), p=st.integers(1, 30), a=st.floats(2.0, 10.0), c=st.floats(0.5, 4.0))
def test_kernel_symmetric_psd_bounded_and_locally_normalisable(seed, p, a, c):
    A = erdos_renyi_graph(40, c, np.random.default_rng(seed))
    C = SpectralBasis.of_graph(A).kernel(p, a)
    assert_allclose(C, C.T, atol=1e-14)
    assert np.linalg.eigvalsh(C).min() > -1e-12
    diag = np.diag(C)
    assert np.all(diag > 0) and np.all(diag <= 1 + 1e-12)
    local = C / np.sqrt(np.outer(diag, diag))
    assert_allclose(np.diag(local), 1.0, atol=1e-12)
    assert np.linalg.eigvalsh(local).min() > -1e-10
    glob = C / diag.mean()
    assert_allclose(np.diag(glob).mean(), 1.0)


def test_nearest_neighbour_kernel_matches_direct_average():
    g = nx.random_regular_graph(3, 30, seed=3)
    A = nx.to_scipy_sparse_array(g, format="csr")
    e = edge_list(A)
    assert_allclose(from_edge_list(e, 30).toarray(), A.toarray())
    b = SpectralBasis.of_graph(A)
    ps = [1, 4, 50]
    K = nearest_neighbour_kernel(b, e, ps, 2.0)
    for k, p in enumerate(ps):
        C = b.kernel(p, 2.0)
        assert_allclose(K[k], np.mean([C[i, j] / np.sqrt(C[i, i] * C[j, j]) for i, j in e]), rtol=1e-12)
    # The fully correlated limit on a finite connected regular graph.
    assert_allclose(nearest_neighbour_kernel(b, e, [20000], 2.0), 1.0, atol=1e-6)


def test_sparse_diagonal_matches_dense_kernel():
    A = graph_with_isolated_parts(np.random.default_rng(5))
    b = SpectralBasis.of_graph(A)
    for p in (1, 4, 7, 10):
        assert_allclose(kernel_diagonal_sparse(A, p, 2.0), np.diag(b.kernel(p, 2.0)), rtol=1e-11, atol=1e-15)
