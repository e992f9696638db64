"""The random walk kernel on a finite graph (Urry & Sollich 2013, Eqs. 2-3).

One symmetric eigendecomposition ``S = U diag(μ) Uᵀ`` of the normalised adjacency serves every
``(p, a)``: ``Ĉ = ((1-1/a) I + S/a)^p = U diag(f^p) Uᵀ`` with ``f = (1-1/a) + μ/a``.
"""

from __future__ import annotations

import numpy as np
from scipy import special

from statmech_bayes.graphs.operators import normalised_adjacency
from statmech_bayes.graphs.spectral import SpectralBasis


def rw_coefficients(p: int, a: float) -> np.ndarray:
    """Binomial weights of Eq. (3): ``Ĉ = Σ_q c_q S^q`` with ``c_q = C(p,q) (1-1/a)^{p-q} a^{-q}``."""
    q = np.arange(p + 1)
    return special.comb(p, q) * (1.0 - 1.0 / a) ** (p - q) * a ** (-q.astype(float))


def nearest_neighbour_kernel(basis: SpectralBasis, edges: np.ndarray, p_values, a: float) -> np.ndarray:
    """``K_{1,p}``: mean over edges ``(i, j)`` of ``Ĉ_ij / sqrt(Ĉ_ii Ĉ_jj)`` (Section 2.1, Fig. 1 right).

    Vectorised over p: ``Ĉ_ij = Σ_α U_iα U_jα f_α^p`` for all edges and all p is one matrix product.
    Any global normalisation constant cancels in the ratio.
    """
    F = basis.walk_factors(p_values, a)  # (n_p, V)
    U = basis.U
    i, j = edges[:, 0], edges[:, 1]
    Cij = (U[i] * U[j]) @ F.T  # (E, n_p)
    Cii = (U * U) @ F.T  # (V, n_p)
    return np.mean(Cij / np.sqrt(Cii[i] * Cii[j]), axis=0)


def kernel_diagonal_sparse(A, p: int, a: float) -> np.ndarray:
    """``diag Ĉ`` for a large sparse graph without an eigendecomposition (Fig. 2, V = 10^4).

    With ``T = (1-1/a) I + S/a`` symmetric, ``Ĉ = T^p`` and, for ``h = ⌊p/2⌋``,
    ``Ĉ_ii = ||row_i(T^h)||^2`` (p even) or ``Σ_j (T^h)_ij (T T^h)_ij`` (p odd). ``T^h`` stays sparse
    because it only reaches h steps.
    """
    import scipy.sparse as sp

    S = normalised_adjacency(A)
    V = S.shape[0]
    T = sp.csr_array((1.0 - 1.0 / a) * sp.eye_array(V, format="csr") + S / a)
    h = p // 2
    Th = sp.eye_array(V, format="csr")
    for _ in range(h):
        Th = sp.csr_array(T @ Th)
    if p % 2 == 0:
        return np.asarray(Th.multiply(Th).sum(axis=1)).ravel()
    return np.asarray(Th.multiply(T @ Th).sum(axis=1)).ravel()
