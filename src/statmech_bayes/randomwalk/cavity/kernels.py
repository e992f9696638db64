"""Compiled inner loops of the population dynamics (Urry & Sollich 2013, Eqs. 35-38 global, 43-45 local).

Each message update reads ``d - 1`` messages of the population, sums them with ``d·B0`` into the cavity matrix
``M`` (Eq. 33), inverts it and writes the embedded Woodbury message (Eqs. 34, 37); each measured vertex needs
``(M⁻¹)_00`` of such a sum (Eqs. 38, 45). The matrices are ``n × n`` with ``n = 2p + 1`` (21 at the paper's
``p = 10``): at that size NumPy's batched LAPACK spends most of its ~12-16 µs per matrix on per-call overhead,
and the sum (a sparse product), the Woodbury update and the embedding (a fancy-indexed copy) each make a pass
over a temporary batch. Here one loop per target does all of it in cache, which is what makes the population
dynamics several times faster. The random draws stay in :mod:`.population` (NumPy's generator, in the same
order), so the kernels change no random number: their results agree with the NumPy building blocks of
:mod:`.messages` (``embed``, ``woodbury_message``, ``_inv00``) to rounding (tests/test_cavity_kernels.py).

The matrices are symmetric but indefinite (the ``h``-``g`` pairs of ``B0`` have zero diagonal), so pivoting is
required: the inverse is Gauss-Jordan elimination and ``(M⁻¹)_00`` a single solve, both with partial pivoting
(as LAPACK's ``getrf`` uses).
"""

from __future__ import annotations

import numba
import numpy as np


@numba.njit(cache=True)
def _pivot_row(A: np.ndarray, k: int) -> int:
    """The row ``i ≥ k`` with the largest ``|A[i, k]|`` (the first of equals): partial pivoting."""
    p = k
    best = abs(A[k, k])
    for i in range(k + 1, A.shape[0]):
        v = abs(A[i, k])
        if v > best:
            best = v
            p = i
    return p


@numba.njit(cache=True)
def _gauss_jordan_inverse(A: np.ndarray, piv: np.ndarray) -> None:
    """``A ← A⁻¹`` in place (partial pivoting by rows, undone on the columns at the end)."""
    n = A.shape[0]
    for k in range(n):
        p = _pivot_row(A, k)
        piv[k] = p
        if p != k:
            for j in range(n):
                t = A[k, j]
                A[k, j] = A[p, j]
                A[p, j] = t
        inv = 1.0 / A[k, k]
        A[k, k] = 1.0
        for j in range(n):
            A[k, j] *= inv
        for i in range(n):
            if i != k:
                f = A[i, k]
                if f != 0.0:
                    A[i, k] = 0.0
                    for j in range(n):
                        A[i, j] -= f * A[k, j]
    for k in range(n - 1, -1, -1):
        p = piv[k]
        if p != k:
            for i in range(n):
                t = A[i, k]
                A[i, k] = A[i, p]
                A[i, p] = t


@numba.njit(cache=True)
def _solve_00(A: np.ndarray) -> float:
    """``(A⁻¹)_00``: Gaussian elimination with partial pivoting on ``A x = e_0`` (``A`` is overwritten)."""
    n = A.shape[0]
    b = np.zeros(n)
    b[0] = 1.0
    for k in range(n):
        p = _pivot_row(A, k)
        if p != k:
            for j in range(k, n):
                t = A[k, j]
                A[k, j] = A[p, j]
                A[p, j] = t
            t = b[k]
            b[k] = b[p]
            b[p] = t
        inv = 1.0 / A[k, k]
        for i in range(k + 1, n):
            f = A[i, k] * inv
            if f != 0.0:
                for j in range(k + 1, n):
                    A[i, j] -= f * A[k, j]
                b[i] -= f * b[k]
    # back substitution, only as far as x_0
    x = np.zeros(n)
    for i in range(n - 1, -1, -1):
        s = b[i]
        for j in range(i + 1, n):
            s -= A[i, j] * x[j]
        x[i] = s / A[i, i]
    return x[0]


@numba.njit(cache=True)
def _cavity_matrix(M: np.ndarray, pop: np.ndarray, half: int, rows: np.ndarray, lo: int, hi: int, d: float,
                   B0: np.ndarray) -> None:
    """``M = d·B0 + Σ_k pop[rows[k], half]`` over ``k = lo..hi-1`` (Eq. 33's cavity sum; duplicates count twice,
    as sampling with replacement requires)."""
    n = B0.shape[0]
    for a in range(n):
        for b in range(n):
            M[a, b] = d * B0[a, b]
    for k in range(lo, hi):
        r = rows[k]
        for a in range(n):
            for b in range(n):
                M[a, b] += pop[r, half, a, b]


@numba.njit(cache=True)
def _embed_woodbury(out: np.ndarray, Minv: np.ndarray, s: float, d_kappa: float, perm: np.ndarray) -> None:
    """``out = E(V)`` with ``V = M⁻¹ - (M⁻¹e0)(e0ᵀM⁻¹)/(s/(dκ) + (M⁻¹)_00)`` (Eqs. 34, 37; ``s = 0`` gives
    the projection exactly) and ``E(V)[a, b] = -V[π(a), π(b)]``, row and column ``p`` zero (Eq. 33)."""
    n = Minv.shape[0]
    p = (n - 1) // 2
    ratio = s / d_kappa if s != 0.0 else 0.0
    c = 1.0 / (ratio + Minv[0, 0])
    for a in range(n):
        pa = perm[a]
        for b in range(n):
            pb = perm[b]
            out[a, b] = -(Minv[pa, pb] - Minv[pa, 0] * Minv[0, pb] * c)
    for a in range(n):
        out[p, a] = 0.0
        out[a, p] = 0.0


@numba.njit(cache=True)
def global_update(pop: np.ndarray, targets: np.ndarray, indptr: np.ndarray, rows: np.ndarray, d: np.ndarray,
                  s: np.ndarray, kappa: float, B0: np.ndarray, perm: np.ndarray) -> None:
    """One block of Eq. (35): message ``targets[t]`` becomes ``E(V)`` of a vertex of degree ``d[t]`` with
    ``γ/σ² = s[t]``, from the ``d[t] - 1`` messages ``rows[indptr[t]:indptr[t+1]]``. All of the block reads the
    population before any of it is written (``pop`` is ``(P, 1, n, n)``)."""
    n = B0.shape[0]
    b = targets.size
    new = np.empty((b, n, n))
    M = np.empty((n, n))
    piv = np.empty(n, dtype=np.int64)
    for t in range(b):
        _cavity_matrix(M, pop, 0, rows, indptr[t], indptr[t + 1], float(d[t]), B0)
        _gauss_jordan_inverse(M, piv)
        _embed_woodbury(new[t], M, s[t], d[t] * kappa, perm)
    for t in range(b):
        pop[targets[t], 0] = new[t]


@numba.njit(cache=True)
def local_update(pairs: np.ndarray, targets: np.ndarray, indptr: np.ndarray, rows: np.ndarray, d: np.ndarray,
                 s: np.ndarray, counterflow: np.ndarray, B0: np.ndarray, perm: np.ndarray) -> None:
    """One block of Eq. (43) on the pairs ``(P, 2, n, n)`` (unnormalised without data, locally normalised with
    data): both halves from the same ``d - 1`` pairs; the sender's ``dκ = 1/((M + E_counterflow)⁻¹)_00``
    (Eq. 44). All of the block reads the population before any of it is written."""
    n = B0.shape[0]
    b = targets.size
    new = np.empty((b, 2, n, n))
    M = np.empty((n, n))
    piv = np.empty(n, dtype=np.int64)
    for t in range(b):
        lo, hi, dt = indptr[t], indptr[t + 1], float(d[t])
        _cavity_matrix(M, pairs, 0, rows, lo, hi, dt, B0)
        k = counterflow[t]
        for a in range(n):
            for c in range(n):
                new[t, 0, a, c] = M[a, c] + pairs[k, 0, a, c]
        d_kappa = 1.0 / _solve_00(new[t, 0])
        _gauss_jordan_inverse(M, piv)
        _embed_woodbury(new[t, 0], M, 0.0, 1.0, perm)
        _cavity_matrix(M, pairs, 1, rows, lo, hi, dt, B0)
        _gauss_jordan_inverse(M, piv)
        _embed_woodbury(new[t, 1], M, s[t], d_kappa, perm)
    for t in range(b):
        pairs[targets[t]] = new[t]


@numba.njit(cache=True)
def inv00_of_sums(pop: np.ndarray, half: int, indptr: np.ndarray, rows: np.ndarray, d: np.ndarray,
                  B0: np.ndarray) -> np.ndarray:
    """``(M_t⁻¹)_00`` with ``M_t = d[t]·B0 + Σ pop[rows[indptr[t]:indptr[t+1]], half]`` for each ``t`` (the vertex
    marginals of Eqs. 38 and 45; ``pop`` is ``(P, H, n, n)``)."""
    n = B0.shape[0]
    m = indptr.size - 1
    out = np.empty(m)
    M = np.empty((n, n))
    for t in range(m):
        _cavity_matrix(M, pop, half, rows, indptr[t], indptr[t + 1], float(d[t]), B0)
        out[t] = _solve_00(M)
    return out
