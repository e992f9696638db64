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

The working matrices are stored with rows padded to a multiple of :data:`LANES` doubles (21 -> 24), and the row
updates of both eliminations run over the whole padded row: a fixed-length, aligned loop that LLVM turns into a
few full vector operations, where a row of 21, or the shrinking tail ``k+1..n`` of the solve, left a scalar
remainder on every row. Every entry that is read afterwards gets exactly the operations it got before, in the
same order (the extra work lands in the padding and, in the solve, below the diagonal, which nothing reads
again), so the results are bit-identical to the unpadded kernels (tests/test_cavity_kernels.py keeps their
outputs) and 1.3-1.5 times faster.
"""

from __future__ import annotations

import numba
import numpy as np

#: Doubles per vector register the padding aims at (AVX-512; a multiple of AVX2's 4 and SSE's 2).
LANES = 8


@numba.njit(cache=True)
def _padded_width(n: int) -> int:
    """Row length of a working matrix: ``n`` rounded up to a multiple of :data:`LANES`."""
    return -(-n // LANES) * LANES


@numba.njit(cache=True)
def _pivot_row(A: np.ndarray, n: int, k: int) -> int:
    """The row ``k ≤ i < n`` with the largest ``|A[i, k]|`` (the first of equals): partial pivoting."""
    p = k
    best = abs(A[k, k])
    for i in range(k + 1, n):
        v = abs(A[i, k])
        if v > best:
            best = v
            p = i
    return p


@numba.njit(cache=True)
def _gauss_jordan_inverse(A: np.ndarray, n: int, piv: np.ndarray, row: np.ndarray) -> None:
    """``A[:n, :n] ← A[:n, :n]⁻¹`` in place (partial pivoting by rows, undone on the columns at the end).

    ``A`` is ``(n, w)`` with ``w`` = :func:`_padded_width` ``(n)`` and zero padding; ``row`` is ``(w,)`` scratch that
    holds the scaled pivot row, so the update of the other rows reads no row it writes. Column ``k`` of row ``i``
    is written after the row update (``0 - f·A[k, k]``, what the in-place update of a zeroed entry gives).
    """
    w = A.shape[1]
    for k in range(n):
        p = _pivot_row(A, n, k)
        piv[k] = p
        if p != k:
            for j in range(w):
                t = A[k, j]
                A[k, j] = A[p, j]
                A[p, j] = t
        inv = 1.0 / A[k, k]
        A[k, k] = 1.0
        for j in range(w):
            A[k, j] *= inv
            row[j] = A[k, j]
        rk = row[k]
        for i in range(n):
            if i != k:
                f = A[i, k]
                if f != 0.0:
                    for j in range(w):
                        A[i, j] -= f * row[j]
                    A[i, k] = 0.0 - f * rk
    for k in range(n - 1, -1, -1):
        p = piv[k]
        if p != k:
            for i in range(n):
                t = A[i, k]
                A[i, k] = A[i, p]
                A[i, p] = t


@numba.njit(cache=True)
def _solve_00(A: np.ndarray, n: int, b: np.ndarray, x: np.ndarray) -> float:
    """``(A⁻¹)_00`` of ``A[:n, :n]``: Gaussian elimination with partial pivoting on ``A x = e_0`` (``A``, padded
    as in :func:`_gauss_jordan_inverse`, is overwritten; ``b`` and ``x`` are ``(n,)`` scratch).

    The elimination updates whole padded rows: the columns ``≤ k`` it also touches lie below the diagonal, which
    neither the later pivot searches (column ``k' > k``) nor the back substitution (``j > i``) read."""
    w = A.shape[1]
    for j in range(n):
        b[j] = 0.0
        x[j] = 0.0
    b[0] = 1.0
    for k in range(n):
        p = _pivot_row(A, n, k)
        if p != k:
            for j in range(k, n):
                t = A[k, j]
                A[k, j] = A[p, j]
                A[p, j] = t
            t = b[k]
            b[k] = b[p]
            b[p] = t
        inv = 1.0 / A[k, k]
        bk = b[k]
        for i in range(k + 1, n):
            f = A[i, k] * inv
            if f != 0.0:
                for j in range(w):
                    A[i, j] -= f * A[k, j]
                b[i] -= f * bk
    # back substitution, only as far as x_0
    for i in range(n - 1, -1, -1):
        s = b[i]
        for j in range(i + 1, n):
            s -= A[i, j] * x[j]
        x[i] = s / A[i, i]
    return x[0]


@numba.njit(cache=True)
def _cavity_matrix(M: np.ndarray, flat: np.ndarray, pop: np.ndarray, half: int, rows: np.ndarray, lo: int, hi: int,
                   d: float, B0: np.ndarray) -> None:
    """``M[:n, :n] = d·B0 + Σ_k pop[rows[k], half]`` over ``k = lo..hi-1`` (Eq. 33's cavity sum; duplicates count
    twice, as sampling with replacement requires). ``pop`` is ``(P, H, n·n)`` and ``B0`` ``(n·n,)``: the sum runs
    over the flat matrices, in ``flat``, and is then copied into the padded rows of ``M``."""
    nn = flat.size
    for a in range(nn):
        flat[a] = d * B0[a]
    for k in range(lo, hi):
        src = pop[rows[k], half]
        for a in range(nn):
            flat[a] += src[a]
    n = M.shape[0]
    for a in range(n):
        for b in range(n):
            M[a, b] = flat[a * n + b]


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
    w = _padded_width(n)
    b = targets.size
    new = np.empty((b, n, n))
    M, flat, row = np.zeros((n, w)), np.empty(n * n), np.empty(w)
    piv = np.empty(n, dtype=np.int64)
    popf, B0f = pop.reshape(pop.shape[0], pop.shape[1], n * n), B0.reshape(n * n)
    for t in range(b):
        _cavity_matrix(M, flat, popf, 0, rows, indptr[t], indptr[t + 1], float(d[t]), B0f)
        _gauss_jordan_inverse(M, n, piv, row)
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
    w = _padded_width(n)
    b = targets.size
    new = np.empty((b, 2, n, n))
    M, full, flat, row = np.zeros((n, w)), np.zeros((n, w)), np.empty(n * n), np.empty(w)
    rhs, x = np.empty(n), np.empty(n)
    piv = np.empty(n, dtype=np.int64)
    pairsf, B0f = pairs.reshape(pairs.shape[0], 2, n * n), B0.reshape(n * n)
    for t in range(b):
        lo, hi, dt = indptr[t], indptr[t + 1], float(d[t])
        _cavity_matrix(M, flat, pairsf, 0, rows, lo, hi, dt, B0f)
        k = counterflow[t]
        for a in range(n):
            for c in range(n):
                full[a, c] = M[a, c] + pairs[k, 0, a, c]
        d_kappa = 1.0 / _solve_00(full, n, rhs, x)
        _gauss_jordan_inverse(M, n, piv, row)
        _embed_woodbury(new[t, 0], M, 0.0, 1.0, perm)
        _cavity_matrix(M, flat, pairsf, 1, rows, lo, hi, dt, B0f)
        _gauss_jordan_inverse(M, n, piv, row)
        _embed_woodbury(new[t, 1], M, s[t], d_kappa, perm)
    for t in range(b):
        pairs[targets[t]] = new[t]


@numba.njit(cache=True)
def inv00_of_sums(pop: np.ndarray, half: int, indptr: np.ndarray, rows: np.ndarray, d: np.ndarray,
                  B0: np.ndarray) -> np.ndarray:
    """``(M_t⁻¹)_00`` with ``M_t = d[t]·B0 + Σ pop[rows[indptr[t]:indptr[t+1]], half]`` for each ``t`` (the vertex
    marginals of Eqs. 38 and 45; ``pop`` is ``(P, H, n, n)``)."""
    n = B0.shape[0]
    w = _padded_width(n)
    m = indptr.size - 1
    out = np.empty(m)
    M, flat, rhs, x = np.zeros((n, w)), np.empty(n * n), np.empty(n), np.empty(n)
    popf, B0f = pop.reshape(pop.shape[0], pop.shape[1], n * n), B0.reshape(n * n)
    for t in range(m):
        _cavity_matrix(M, flat, popf, half, rows, indptr[t], indptr[t + 1], float(d[t]), B0f)
        out[t] = _solve_00(M, n, rhs, x)
    return out
