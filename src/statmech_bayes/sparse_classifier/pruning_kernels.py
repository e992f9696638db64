"""Compiled sums of the pruning conditions' Newton step (Uda & Kabashima 2005, Eqs. 34-35 for BP).

Each BP update solves ``⟨p⟩ = C``, ``⟨s2⟩ = C`` for ``(S, λ)`` by a few Newton steps, and each step needs six
means over the ``N`` components (the two residuals and the four Jacobian entries). In NumPy that is about twenty
passes of ``N = 2000`` elements, each a separate call whose dispatch costs as much as its arithmetic; the colon
experiment runs ~10⁶ such steps. Here one loop computes the six summands per component and the means are taken
by the same pairwise summation as ``numpy.add.reduce`` (blocks of 8 accumulators up to 128 elements, halves
above), with the same operations in the same order and ``expit`` as SciPy writes it (``1/(1 + exp(-x))``),
so the means are the NumPy ones bit for bit (tests/test_pruning_kernels.py). ``exp(ℓ)`` stays in NumPy (its
SIMD ``exp`` can differ from the C library's in the last bit), computed by the caller.
"""

from __future__ import annotations

import math

import numba
import numpy as np

_BLOCK = 128  # numpy's PW_BLOCKSIZE
_UNROLL = 8


@numba.njit(cache=True)
def _block_sum(a: np.ndarray, lo: int, n: int) -> float:
    """NumPy's pairwise-sum leaf (``n ≤ 128``): 8 running accumulators, combined as a tree, then the rest."""
    if n < _UNROLL:
        r = 0.0
        for i in range(n):
            r += a[lo + i]
        return r
    r0, r1, r2, r3 = a[lo], a[lo + 1], a[lo + 2], a[lo + 3]
    r4, r5, r6, r7 = a[lo + 4], a[lo + 5], a[lo + 6], a[lo + 7]
    i = _UNROLL
    stop = n - n % _UNROLL
    while i < stop:
        j = lo + i
        r0 += a[j]
        r1 += a[j + 1]
        r2 += a[j + 2]
        r3 += a[j + 3]
        r4 += a[j + 4]
        r5 += a[j + 5]
        r6 += a[j + 6]
        r7 += a[j + 7]
        i += _UNROLL
    res = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
    while i < n:
        res += a[lo + i]
        i += 1
    return res


@numba.njit(cache=True)
def pairwise_sum(a: np.ndarray) -> float:
    """``numpy.add.reduce(a)`` for a contiguous 1-D float64 array: NumPy's pairwise summation (halves, each
    cut to a multiple of 8, down to blocks of at most 128). The tree is walked with an explicit stack (a
    recursive compiled function does not survive Numba's on-disk cache); IEEE addition is commutative, so
    only the pairing matters, not which half is summed first."""
    n = a.size
    if n <= _BLOCK:
        return _block_sum(a, 0, n)
    depth = 64
    lo_s = np.empty(depth, np.int64)
    n_s = np.empty(depth, np.int64)
    open_s = np.empty(depth, np.bool_)
    vals = np.empty(depth)
    sp, vp = 0, 0
    lo_s[0], n_s[0], open_s[0] = 0, n, True
    sp = 1
    while sp > 0:
        sp -= 1
        lo, m, unexpanded = lo_s[sp], n_s[sp], open_s[sp]
        if m <= _BLOCK:
            vals[vp] = _block_sum(a, lo, m)
            vp += 1
        elif unexpanded:
            half = m // 2
            half -= half % _UNROLL
            lo_s[sp], n_s[sp], open_s[sp] = lo, m, False
            lo_s[sp + 1], n_s[sp + 1], open_s[sp + 1] = lo, half, True
            lo_s[sp + 2], n_s[sp + 2], open_s[sp + 2] = lo + half, m - half, True
            sp += 3
        else:
            vp -= 1
            vals[vp - 1] = vals[vp - 1] + vals[vp]
    return vals[0]


@numba.njit(cache=True)
def newton_means(h2: np.ndarray, u: float, s: float, work: np.ndarray) -> tuple:
    """The six means of one Newton step of ``pruning._newton`` at ``(u, s = e^ℓ)`` (unweighted: BP):
    ``⟨p⟩, ⟨p g⟩, ⟨q⟩, ⟨q·sh⟩, ⟨q g⟩, ⟨q·sh·g + p (s + 2 s² h²)⟩`` with ``sh = ½ s h²``, ``p = σ(u + sh)``,
    ``q = p (1 − p)``, ``g = s + s² h²``. ``work`` is scratch of shape ``(6, N)``."""
    n = h2.size
    half_s = 0.5 * s
    s_s = s * s
    two_s_s = 2.0 * s * s
    for i in range(n):
        x = h2[i]
        sh = half_s * x
        p = 1.0 / (1.0 + math.exp(-(u + sh)))
        q = p * (1.0 - p)
        g = s + s_s * x
        work[0, i] = p
        work[1, i] = p * g
        work[2, i] = q
        work[3, i] = q * sh
        work[4, i] = q * g
        work[5, i] = q * sh * g + p * (s + two_s_s * x)
    return (pairwise_sum(work[0]) / n, pairwise_sum(work[1]) / n, pairwise_sum(work[2]) / n,
            pairwise_sum(work[3]) / n, pairwise_sum(work[4]) / n, pairwise_sum(work[5]) / n)
