"""Laplacian eigenbases used by the sampler, all behind one small interface.

An eigenbasis object has ``n`` (vertices), ``K`` (eigenpairs available), ``lam`` (the ``K`` smallest
eigenvalues of ``L = D - A``, ascending) and two linear maps:

* ``project(z, upto)`` -> ``ζ = (zᵀu^(1), ..., zᵀu^(upto))`` (the projections of Algorithm 1 lines 5-6);
* ``synth(g)``         -> ``f = Σ_{i<=len(g)} g_i u^(i)`` (Algorithm 1 line 2).

:class:`DCTBasis` gives path and grid graphs their explicit eigenvectors (eq. 4 with the index
corrected to ``k-1``; tensor products for the grid, Mohar 1991 Thm 3.5) through the orthonormal
DCT-II, so no ``n x K`` matrix is formed and each map costs ``O(n log n)``. :class:`DenseBasis` holds
numerically computed eigenvectors (``eigh`` for all pairs, ``eigsh`` for the ``K`` smallest).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import scipy.sparse as sp
from scipy import fft
from scipy.sparse.linalg import eigsh

from statmech_bayes.graphs.operators import as_csr


def laplacian(A) -> sp.csr_array:
    """Combinatorial Laplacian ``L = D - A`` (the paper prints ``A - D``, a sign typo: Section 2.2 says
    L is non-negative definite)."""
    A = as_csr(A)
    d = np.asarray(A.sum(axis=1)).ravel()
    return sp.csr_array(sp.diags_array(d) - A)


def path_eigenvalues(n: int) -> np.ndarray:
    """``λ_k = 4 sin²(π(k-1)/(2n))``, k = 1..n, ascending (Section 5.1)."""
    if int(n) < 1:
        raise ValueError(f"n must be >= 1, got {n!r}")
    return 4.0 * np.sin(np.pi * np.arange(int(n)) / (2.0 * int(n))) ** 2


def path_eigenvectors(n: int) -> np.ndarray:
    """Columns ``u^(k)`` of eq. (4) with the corrected index: ``√(2/n) cos(π(i-½)(k-1)/n)`` for k >= 2
    and ``1/√n`` for k = 1 (as printed, with ``k`` in the cosine, they are not eigenvectors). Dense
    ``(n, n)``; meant for small n and tests, the sampler uses :class:`DCTBasis`."""
    n = int(n)
    if n < 1:
        raise ValueError(f"n must be >= 1, got {n!r}")
    i = np.arange(1, n + 1)[:, None]
    k = np.arange(1, n + 1)[None, :]
    U = np.sqrt(2.0 / n) * np.cos(np.pi * (i - 0.5) * (k - 1) / n)
    U[:, 0] = 1.0 / np.sqrt(n)
    return U


#: entries whose modulus is within this relative distance of a column's largest count as tied with it
_SIGN_TIE_RTOL = 1e-9


def fix_signs(U: np.ndarray) -> np.ndarray:
    """Flip each column in place so that its first entry (in vertex order) of largest modulus is positive.
    Eigenvector signs are arbitrary; the truth f0 on the small-world graph depends on them. Moduli equal up
    to rounding count as tied (relative ``_SIGN_TIE_RTOL``): a graph symmetry gives eigenvectors with ``±``
    pairs of equal entries (66 of the small-world graph's 848), and a plain argmax would let the last bit of
    the machine's LAPACK pick the sign."""
    if U.ndim != 2:
        raise ValueError(f"U must be 2-D, got shape {U.shape}")
    a = np.abs(U)
    idx = np.argmax(a >= (1.0 - _SIGN_TIE_RTOL) * a.max(axis=0), axis=0)
    flip = U[idx, np.arange(U.shape[1])] < 0
    if flip.any():
        U[:, flip] *= -1.0
    return U


#: eigenvalues closer than this times max(1, |λ|_max) span one degenerate eigenspace (rounding leaves exact
#: multiplicities ~1e-15 apart; the small-world graph's next gap is 2.4e-5)
DEGENERACY_RTOL = 1e-9
#: a vertex joins the canonical basis of an eigenspace when the part of its projection not yet spanned is at least
#: this long (projections of unit vectors; rounding moves it by ~1e-15)
_SPAN_ATOL = 1e-6


def canonical_eigenspaces(lam: np.ndarray, U: np.ndarray, rtol: float = DEGENERACY_RTOL) -> np.ndarray:
    """``U`` with the columns of each degenerate eigenspace replaced by a basis that depends on the space only.

    LAPACK returns an arbitrary orthonormal basis of an eigenspace of multiplicity m > 1, which differs between
    CPUs and BLAS builds; the truncated prior (the first k eigenvectors) and the truth f0 = Σ w_k u^(k) depend on
    it. Here the basis is Gram-Schmidt of the eigenspace's projections ``P e_j`` of the vertices ``j = 0, 1, ...``
    in order, skipping those already spanned: for ``U_g → U_g R`` (R orthogonal) every step is the same, so two
    machines' bases agree up to their eigenspaces' rounding differences times 1/(the smallest accepted leftover
    norm): that norm is 0.14 on the small-world graph, but a vertex accepted just above ``_SPAN_ATOL`` would
    amplify rounding up to 10⁶ (taking the longest leftover first would bound it, at the price of a tie rule).
    The columns stay orthonormal eigenvectors of the same eigenvalue, up to the cluster's width when gaps below
    the tolerance chain into one cluster (their sign is then fixed by :func:`fix_signs`). The loop is Python,
    of order m² per vertex scanned: cheap for the handful of small eigenspaces of the graphs here, seconds for an
    eigenspace of multiplicity ~2000. ``lam`` ascending; ``U`` is modified in place and returned.
    """
    lam = np.asarray(lam, dtype=float)
    if U.ndim != 2 or U.shape[1] != lam.size:
        raise ValueError(f"U must have one column per eigenvalue, got {U.shape} for {lam.size}")
    if lam.size < 2:
        return U
    tol = float(rtol) * max(1.0, float(np.max(np.abs(lam))))
    cuts = np.flatnonzero(np.diff(lam) > tol) + 1
    for lo, hi in zip(np.r_[0, cuts], np.r_[cuts, lam.size]):
        m = hi - lo
        if m < 2:
            continue
        Ug = U[:, lo:hi]
        B = Ug.T              # column j: coordinates of P e_j in the basis Ug
        C = np.zeros((m, m))  # canonical vectors in those coordinates
        found = 0
        # a vertex whose projection is shorter than the bar cannot pass it after Gram-Schmidt: skip those at once
        # (eigenspaces of twin vertices, common in k-NN graphs, live on a handful of vertices)
        for j in np.flatnonzero(np.linalg.norm(B, axis=0) >= _SPAN_ATOL):
            r = B[:, j].copy()
            for _ in range(2):  # Gram-Schmidt twice: orthogonal to rounding
                r -= C[:, :found] @ (C[:, :found].T @ r)
            norm = float(np.linalg.norm(r))
            if norm >= _SPAN_ATOL:
                C[:, found] = r / norm
                found += 1
                if found == m:
                    break
        if found < m:
            raise np.linalg.LinAlgError(f"eigenspace {lo}..{hi - 1}: only {found} of {m} directions found")
        U[:, lo:hi] = Ug @ C
    return U


def prior_mass(gamma: float, n: int, l) -> np.ndarray:
    """Mass of eq. (2) on ``{1..l}``: ``(1 - e^{-γl}) e^{γn}/(e^{γn} - 1)`` (``l/n`` when γ = 0)."""
    l = np.asarray(l, dtype=float)
    if gamma < 0:
        raise ValueError(f"gamma must be >= 0, got {gamma!r}")
    if gamma == 0:
        return l / n
    return -np.expm1(-gamma * l) / -np.expm1(-gamma * n)


def _check_upto(upto: int, K: int) -> int:
    upto = int(upto)
    if not 0 <= upto <= K:
        raise ValueError(f"upto must be in 0..{K}, got {upto}")
    return upto


@dataclass
class DCTBasis:
    """Eigenbasis of the Cartesian product of paths with side lengths ``shape`` (C-order vertex index,
    e.g. ``t*H*W + r*W + c`` for shape ``(T, H, W)``); ``shape=(n,)`` is the path graph.

    Eigenvalues are the sums ``Σ_d 4 sin²(π j_d/(2 n_d))`` (Mohar Thm 3.5), sorted ascending by a
    stable argsort of the C-order flattened array, so exact ties such as ``(i, j)``/``(j, i)`` are
    broken deterministically. Eigenvector ``m`` is the tensor product of the path vectors of eq. (4),
    i.e. the orthonormal DCT-II basis function at multi-index ``order[m]``.
    """

    shape: tuple[int, ...]
    lam: np.ndarray = field(init=False, repr=False)
    order: np.ndarray = field(init=False, repr=False)

    def __post_init__(self):
        shape = tuple(int(s) for s in np.atleast_1d(self.shape))
        if not shape or min(shape) < 1:
            raise ValueError(f"shape must be a non-empty tuple of positive ints, got {self.shape!r}")
        self.shape = shape
        total = np.zeros(shape)
        for d, s in enumerate(shape):
            view = [1] * len(shape)
            view[d] = s
            total = total + path_eigenvalues(s).reshape(view)
        flat = total.ravel()
        self.order = np.argsort(flat, kind="stable")
        self.lam = flat[self.order]

    @property
    def n(self) -> int:
        return int(np.prod(self.shape))

    @property
    def K(self) -> int:
        return self.n

    def project(self, z: np.ndarray, upto: int) -> np.ndarray:
        """``ζ_{1..upto}`` by one forward DCT (``O(n log n)``)."""
        upto = _check_upto(upto, self.K)
        coef = fft.dctn(np.asarray(z, dtype=float).reshape(self.shape), type=2, norm="ortho")
        return coef.ravel()[self.order[:upto]]

    def synth(self, g: np.ndarray) -> np.ndarray:
        """``f = Σ_i g_i u^(i)`` by one inverse DCT of the coefficients placed at their sorted slots."""
        g = np.asarray(g, dtype=float)
        _check_upto(g.size, self.K)
        coef = np.zeros(self.n)
        coef[self.order[:g.size]] = g
        return fft.idctn(coef.reshape(self.shape), type=2, norm="ortho").ravel()

    def vectors(self, upto: int) -> np.ndarray:
        """The first ``upto`` eigenvectors as a dense ``(n, upto)`` matrix (small graphs / tests only)."""
        upto = _check_upto(upto, self.K)
        E = np.zeros((upto, self.n))
        E[np.arange(upto), self.order[:upto]] = 1.0
        return fft.idctn(E.reshape((upto,) + self.shape), type=2, norm="ortho",
                         axes=tuple(range(1, len(self.shape) + 1))).reshape(upto, self.n).T


@dataclass
class DenseBasis:
    """Numerical eigenpairs: ``lam`` (K,) ascending and ``U`` (n, K) with orthonormal columns."""

    lam: np.ndarray
    U: np.ndarray

    def __post_init__(self):
        self.lam = np.asarray(self.lam, dtype=float)
        self.U = np.asarray(self.U, dtype=float)
        if self.U.ndim != 2 or self.lam.shape != (self.U.shape[1],):
            raise ValueError(f"U must be (n, K) and lam (K,), got {self.U.shape} and {self.lam.shape}")
        if np.any(np.diff(self.lam) < 0):
            raise ValueError("lam must be sorted ascending")

    @property
    def n(self) -> int:
        return self.U.shape[0]

    @property
    def K(self) -> int:
        return self.U.shape[1]

    def project(self, z: np.ndarray, upto: int) -> np.ndarray:
        """``ζ_{1..upto} = U[:, :upto]ᵀ z``: one GEMV of cost ``O(n upto)``."""
        upto = _check_upto(upto, self.K)
        return np.asarray(z, dtype=float) @ self.U[:, :upto]

    def synth(self, g: np.ndarray) -> np.ndarray:
        g = np.asarray(g, dtype=float)
        k = _check_upto(g.size, self.K)
        return self.U[:, :k] @ g

    def vectors(self, upto: int) -> np.ndarray:
        return self.U[:, :_check_upto(upto, self.K)]


def dense_basis(L) -> DenseBasis:
    """All n eigenpairs of ``L`` by LAPACK ``numpy.linalg.eigh`` (the O(n³) step of the untruncated
    method of [4]), each degenerate eigenspace in its canonical basis (:func:`canonical_eigenspaces`, so the basis
    does not depend on the machine's LAPACK), signs fixed by :func:`fix_signs`."""
    Ld = L.toarray() if sp.issparse(L) else np.array(L, dtype=float)
    lam, U = np.linalg.eigh(Ld)
    del Ld
    return DenseBasis(lam, fix_signs(canonical_eigenspaces(lam, U)))


def sparse_basis(L, K: int, rng: np.random.Generator, *, tol: float) -> DenseBasis:
    """The ``K`` smallest eigenpairs of a sparse ``L`` by Lanczos (``eigsh(which='SA')``) to relative accuracy
    ``tol`` (the workflow's: ``hartog_vanzanten.mnist.eig_tol``), the "fixed number of eigenpairs" of Section 4.
    The start vector comes from ``rng`` for reproducibility."""
    L = sp.csr_array(L, dtype=float)
    n = L.shape[0]
    if not 1 <= int(K) < n:
        raise ValueError(f"K must be in 1..{n - 1} for eigsh (use dense_basis for all pairs), got {K!r}")
    lam, U = eigsh(L, k=int(K), which="SA", tol=tol, v0=rng.standard_normal(n))
    order = np.argsort(lam, kind="stable")
    lam = np.maximum(lam[order], 0.0)  # L is PSD; Lanczos may return -1e-15 for λ_1 = 0
    return DenseBasis(lam, fix_signs(np.ascontiguousarray(U[:, order])))
