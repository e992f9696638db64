"""Hartog & van Zanten: explicit DCT eigenbases against dense eigendecompositions, sign convention,
prior mass of eq. (2)."""

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
from claim_checks import paper_config

from statmech_bayes.truncated_laplacian import eigenbasis as eb
from statmech_bayes.truncated_laplacian import graphs as gr

EIG_TOL = paper_config("hartog_vanzanten")["mnist"]["eig_tol"]  # Lanczos at the tolerance of Fig. 5's truncated runs


def _cluster_projectors(lam, U, tol=1e-9):
    """Projectors onto the eigenspaces of (numerically) equal eigenvalues, keyed by cluster start."""
    starts = np.flatnonzero(np.concatenate([[True], np.diff(lam) > tol]))
    ends = np.append(starts[1:], lam.size)
    return [(s, e, U[:, s:e] @ U[:, s:e].T) for s, e in zip(starts, ends)]


def _assert_same_eigensystem(lam_a, U_a, lam_b, U_b):
    np.testing.assert_allclose(lam_a, lam_b, atol=1e-10)
    pa = _cluster_projectors(lam_a, U_a)
    pb = _cluster_projectors(lam_b, U_b)
    assert [(s, e) for s, e, _ in pa] == [(s, e) for s, e, _ in pb]
    for (_, _, Pa), (_, _, Pb) in zip(pa, pb):
        np.testing.assert_allclose(Pa, Pb, atol=1e-9)


def test_laplacian_is_D_minus_A_and_psd():
    A = gr.path_adjacency(4)
    L = eb.laplacian(A).toarray()
    np.testing.assert_array_equal(L, [[1, -1, 0, 0], [-1, 2, -1, 0], [0, -1, 2, -1], [0, 0, -1, 1]])
    assert np.linalg.eigvalsh(L).min() > -1e-12


def test_path_eigenvectors_corrected_eq4():
    n = 37
    L = eb.laplacian(gr.path_adjacency(n)).toarray()
    U = eb.path_eigenvectors(n)
    lam = eb.path_eigenvalues(n)
    np.testing.assert_allclose(L @ U, U * lam, atol=1e-12)
    np.testing.assert_allclose(U.T @ U, np.eye(n), atol=1e-12)
    # The printed index (k instead of k-1 in the cosine) is not an eigenbasis: guard the correction.
    i = np.arange(1, n + 1)[:, None]
    k = np.arange(2, n + 1)[None, :]
    printed = np.sqrt(2 / n) * np.cos(np.pi * (i - 0.5) * k / n)
    assert np.abs(L @ printed - printed * lam[1:]).max() > 1e-3
    np.testing.assert_allclose(printed[:, -1], 0.0, atol=1e-12)  # printed u^(n) vanishes


@pytest.mark.parametrize("n", [2, 13, 50])
def test_dct_path_matches_dense_and_eq4(n):
    basis = eb.DCTBasis((n,))
    L = eb.laplacian(gr.path_adjacency(n)).toarray()
    lam, U = np.linalg.eigh(L)
    _assert_same_eigensystem(basis.lam, basis.vectors(n), lam, U)
    # Same signs as eq. (4) exactly, so f0 built from w_k is the paper's.
    np.testing.assert_allclose(basis.vectors(n), eb.path_eigenvectors(n), atol=1e-12)


def test_dct_grid_matches_dense_and_kronecker():
    shape = (3, 4, 5)
    basis = eb.DCTBasis(shape)
    n = basis.n
    A = gr.grid_adjacency(shape)
    # grid_adjacency is the networkx grid graph in C order
    G = nx.grid_graph(dim=list(reversed(shape)))  # nodes are (t, r, c) tuples for reversed dims
    order = sorted(G.nodes())
    A_nx = nx.to_scipy_sparse_array(G, nodelist=order)
    assert abs(A - sp.csr_array(A_nx, dtype=float)).sum() == 0
    L = eb.laplacian(A).toarray()
    lam, U = np.linalg.eigh(L)
    V = basis.vectors(n)
    _assert_same_eigensystem(basis.lam, V, lam, U)
    np.testing.assert_allclose(L @ V, V * basis.lam, atol=1e-12)
    # Each column is the tensor product w ⊗ v ⊗ u of eq. (4) path vectors (Mohar Thm 3.5).
    K = np.kron(np.kron(eb.path_eigenvectors(3), eb.path_eigenvectors(4)), eb.path_eigenvectors(5))
    np.testing.assert_allclose(V, K[:, basis.order], atol=1e-12)
    # Ties (degenerate eigenvalues) exist on this grid and are ordered stably.
    assert np.any(np.diff(basis.lam) < 1e-12)


def test_dct_project_synth_consistent_with_matrix():
    rng = np.random.default_rng(0)
    basis = eb.DCTBasis((4, 6, 5))
    V = basis.vectors(basis.n)
    z = rng.standard_normal(basis.n)
    for upto in (1, 7, basis.n):
        np.testing.assert_allclose(basis.project(z, upto), V[:, :upto].T @ z, atol=1e-12)
        g = rng.standard_normal(upto)
        np.testing.assert_allclose(basis.synth(g), V[:, :upto] @ g, atol=1e-12)
    g = rng.standard_normal(50)
    np.testing.assert_allclose(basis.project(basis.synth(g), 50), g, atol=1e-13)
    with pytest.raises(ValueError, match="upto"):
        basis.project(z, basis.n + 1)


def test_dense_and_sparse_bases_agree():
    rng = np.random.default_rng(3)
    # a path with a few chords: connected, generic spectrum
    A = gr.path_adjacency(80).tolil()
    for i, j in [(0, 40), (10, 70), (25, 60)]:
        A[i, j] = A[j, i] = 1
    L = eb.laplacian(sp.csr_array(A))
    dense = eb.dense_basis(L)
    sparse = eb.sparse_basis(L, 10, rng, tol=EIG_TOL)
    np.testing.assert_allclose(sparse.lam, dense.lam[:10], atol=1e-8)
    assert dense.lam[10] - dense.lam[9] > 1e-3
    # Sign convention makes the vectors themselves equal, not only the spans.
    np.testing.assert_allclose(sparse.U, dense.U[:, :10], atol=1e-6)
    idx = np.argmax(np.abs(dense.U), axis=0)
    assert np.all(dense.U[idx, np.arange(dense.K)] > 0)
    z = rng.standard_normal(80)
    np.testing.assert_allclose(dense.project(z, 5), dense.U[:, :5].T @ z)
    with pytest.raises(ValueError, match="K must be"):
        eb.sparse_basis(L, 80, rng, tol=EIG_TOL)


def test_prior_mass_rule_of_thumb():
    n = 10_000
    got = eb.prior_mass(20 / n, n, np.array([0.05, 0.10, 0.20]) * n)
    np.testing.assert_allclose(got, [0.632, 0.865, 0.982], atol=1e-3)
    assert eb.prior_mass(0.0, 10, 5) == 0.5
    np.testing.assert_allclose(eb.prior_mass(0.3, 12, 12), 1.0)


def _rotate_within(lam, U, rng):
    """U with every degenerate eigenspace turned by a random orthogonal matrix (another valid LAPACK answer)."""
    from statmech_bayes.truncated_laplacian.eigenbasis import DEGENERACY_RTOL
    V = U.copy()
    cuts = np.flatnonzero(np.diff(lam) > DEGENERACY_RTOL * max(1.0, np.abs(lam).max())) + 1
    for lo, hi in zip(np.r_[0, cuts], np.r_[cuts, lam.size]):
        if hi - lo > 1:
            Q, _ = np.linalg.qr(rng.standard_normal((hi - lo, hi - lo)))
            V[:, lo:hi] = V[:, lo:hi] @ Q
    return V


def test_degenerate_eigenspaces_get_a_basis_that_depends_on_the_space_only():
    """A cycle (eigenvalues of multiplicity 2) joined to a star (multiplicity n - 2): the canonical basis of
    dense_basis is the same, to rounding, for any orthonormal basis LAPACK might return, and still an
    orthonormal eigenbasis; the truth f0 built on it is then machine-independent too."""
    import scipy.sparse as sp

    from statmech_bayes.truncated_laplacian.eigenbasis import canonical_eigenspaces, dense_basis, fix_signs, laplacian
    n_cyc, n_star = 12, 7
    rows = [(i, (i + 1) % n_cyc) for i in range(n_cyc)] + [(n_cyc, n_cyc + j) for j in range(1, n_star)]
    rows.append((0, n_cyc))
    r, c = np.array(rows).T
    n = n_cyc + n_star
    A = sp.coo_array((np.ones(r.size), (r, c)), shape=(n, n)).tocsr()
    A = A + A.T
    L = laplacian(A).toarray()
    basis = dense_basis(L)
    lam, U = basis.lam, basis.U
    assert np.sum(np.diff(lam) < 1e-9) >= 5  # the test graph has degenerate eigenspaces
    np.testing.assert_allclose(U.T @ U, np.eye(n), atol=1e-12)
    np.testing.assert_allclose(L @ U, U * lam, atol=1e-12)
    rng = np.random.default_rng(5)
    for _ in range(3):
        other = fix_signs(canonical_eigenspaces(lam, _rotate_within(lam, U, rng)))
        np.testing.assert_allclose(other, U, atol=1e-11)


def test_sign_of_a_column_with_tied_extreme_entries_does_not_depend_on_rounding():
    """Entries of equal modulus up to rounding (a graph symmetry's ± pairs): the first in vertex order decides."""
    v = np.array([0.1, -0.6, 0.2, 0.6, 0.3])
    for eps in (1e-15, -1e-15, 0.0):
        for s in (1.0, -1.0):
            w = s * v.copy()
            w[3] *= 1.0 + eps
            out = eb.fix_signs(w[:, None].copy())[:, 0]
            assert out[1] > 0 and out[3] < 0
    clear = np.array([[0.1], [-0.6], [0.2], [0.61]])  # a genuine maximum still decides
    assert eb.fix_signs(clear.copy())[3, 0] > 0
