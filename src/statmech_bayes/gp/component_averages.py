"""Exact averages over the placement of examples on the small components of a graph (variance reduction
for the simulated learning curves of Urry & Sollich 2013, Section 5, Eqs. 11-12).

The random walk kernel of a graph with several connected components is block diagonal, and so is the GP
posterior: the posterior on a component depends only on the examples that land on it. A sparse random
graph (V = 500, mean degree 3) has a giant component and a few dozen vertices in small trees (isolated
vertices, edges, short paths). Those dominate the simulated error at small noise and large ``ν``: a small
component that happens to receive *no* example keeps its whole prior variance, which under global
normalisation is many times the mean (``Ĉ_ii/κ`` up to about 14 per isolated edge), while the chance of
that is ``(1 - s/V)^N ≈ e^{-sν}``. A plain simulated average over a hundred data sets therefore either
misses the event or is lifted by an order of magnitude when it happens.

The estimator here keeps the simulated examples on the giant component and replaces the small components'
contribution by its exact conditional expectation given how many examples fell outside the giant
component (Rao-Blackwellisation). Given that number ``M``, the examples are i.i.d. uniform over the
``n`` small-component vertices, so a component of size ``s`` receives ``m ~ Binomial(M, s/n)`` of them,
spread ``Multinomial(m, 1/s)`` over its vertices. The ``m = 0`` term (the rare event) is exact; for
``m ≥ 1`` single vertices are summed exactly and larger components are averaged over ``R`` draws from the
conditional law given ``m ≥ 1`` (on a component that received data the posterior barely depends on where:
these kernels are nearly rank one on small trees). The estimator has the same expectation as the plain
average, by the tower rule.

Every quantity here is a sum over the component's vertices of an exact posterior quantity computed from
the vertex counts ``γ`` with ``W = diag(sqrt γ)`` and ``K = W C W + σ² I`` (symmetric positive definite
for ``σ² > 0``, no inverse of the possibly singular ``C``): the posterior covariance of Eq. (10) is
``Σ = C - C W K⁻¹ W C``, and the student mean of the mismatched case (Eq. 11) is ``C_S W K⁻¹ W ȳ``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
from scipy import stats

__all__ = [
    "ComponentMoments",
    "Placements",
    "conditional_count_draws",
    "matched_moments",
    "mismatch_error_batch",
    "mismatch_totals",
    "placements",
    "posterior_variance_batch",
]

# The binomial law of m is summed (or sampled) up to where its upper tail is below this.
_TAIL = 1e-16


@dataclass(frozen=True)
class ComponentMoments:
    """Moments over example placements of one component's posterior variances ``Σ_ii`` (``i`` in the
    component): ``total = E[Σ_i Σ_ii]``, ``total_sq = E[(Σ_i Σ_ii)²]`` and ``sum_sq = E[Σ_i Σ_ii²]``, each
    an array over the requested cases (e.g. ``ν``)."""

    total: np.ndarray
    total_sq: np.ndarray
    sum_sq: np.ndarray


def _W_K(C: np.ndarray, counts: np.ndarray, sigma2: float) -> tuple[np.ndarray, np.ndarray]:
    w = np.sqrt(counts.astype(np.float64))                       # (B, s)
    K = w[:, :, None] * C[None] * w[:, None, :]
    K[:, np.arange(C.shape[0]), np.arange(C.shape[0])] += sigma2
    return w, K


def posterior_variance_batch(C: np.ndarray, counts: np.ndarray, sigma2: float) -> np.ndarray:
    """``Σ_ii`` (Eq. 10) of one small kernel block ``C`` (s × s) for a batch of count vectors ``(B, s)``."""
    w, K = _W_K(C, counts, sigma2)
    WC = w[:, :, None] * C[None]                                   # W C, (B, s, s)
    X = np.linalg.solve(K, WC)                                     # K⁻¹ W C
    return np.maximum(np.diag(C)[None] - np.einsum("bji,bji->bi", WC, X), 0.0)


def mismatch_error_batch(C_S: np.ndarray, C_T: np.ndarray, counts: np.ndarray, sigma2: float) -> np.ndarray:
    """Summed squared error ``Σ_i E(f̄_i - g_i)²`` (Eq. 11, teacher and noise averaged exactly) of one
    small block for a batch of count vectors ``(B, s)``: with ``A = C_S W K⁻¹ W`` and vertex-mean outputs
    of covariance ``C_T + σ² Γ⁻¹``, it is ``tr C_T - 2 tr(A C_T) + tr(C_S W K⁻¹ (W C_T W + σ² 1_O) K⁻¹ W C_S)``.
    """
    w, K = _W_K(C_S, counts, sigma2)
    WCs = w[:, :, None] * C_S[None]
    X = np.linalg.solve(K, WCs)                                    # K⁻¹ W C_S, (B, s, s)
    WCtW = w[:, :, None] * C_T[None] * w[:, None, :]
    observed = (counts > 0).astype(np.float64)
    Q = WCtW + sigma2 * observed[:, :, None] * np.eye(C_S.shape[0])[None]
    WCt = w[:, :, None] * C_T[None]
    cross = np.einsum("bji,bji->b", X, WCt)                        # tr(C_S W K⁻¹ W C_T)
    quad = np.einsum("bji,bjk,bki->b", X, Q, X)                    # tr(Xᵀ Q X)
    return np.trace(C_T) - 2.0 * cross + quad


# The binomial tables depend only on (M, q), and a graph's components of one size share q = s/n, so every table is
# computed once per graph rather than once per component (scipy.stats' per-call overhead was ~20 % of the
# simulations). The cached arrays are read-only.
@functools.lru_cache(maxsize=4096)
def _conditional_cdf(M: int, q: float) -> np.ndarray:
    """CDF of ``Binomial(M, q)`` given ``m ≥ 1`` on ``m = 1..M``."""
    cdf = np.cumsum(stats.binom.pmf(np.arange(1, M + 1), M, q))
    cdf /= cdf[-1]
    cdf.flags.writeable = False
    return cdf


@functools.lru_cache(maxsize=4096)
def _p_none(M: int, q: float) -> float:
    return float(stats.binom.pmf(0, M, q))


@functools.lru_cache(maxsize=4096)
def _summed_counts(M: int, q: float) -> tuple[np.ndarray, np.ndarray]:
    """``m = 1..m_hi`` and their binomial weights, ``m_hi`` where the upper tail falls below ``_TAIL``."""
    m_hi = int(stats.binom.isf(_TAIL, M, q)) + 1
    m = np.arange(1, min(M, m_hi) + 1)
    w = stats.binom.pmf(m, M, q)
    m.flags.writeable = w.flags.writeable = False
    return m, w


def conditional_count_draws(rng: np.random.Generator, M: int, q: float, size: int) -> np.ndarray:
    """``size`` draws of ``m ~ Binomial(M, q)`` conditioned on ``m ≥ 1`` (inverse CDF, no rejection)."""
    cdf = _conditional_cdf(int(M), float(q))
    return 1 + np.minimum(np.searchsorted(cdf, rng.random(size), side="right"), cdf.size - 1)


@dataclass(frozen=True)
class Placements:
    """The example placements over which a component of ``s`` vertices is averaged, for each total ``M``
    of examples outside the giant component: ``counts`` ``(B, s)`` (row 0 is the empty placement) and,
    per ``M``, the rows ``[start, stop)`` with their weights and the probability ``p0`` of no example.
    They depend only on ``(s, M, n)``, so one set serves every kernel and noise level."""

    counts: np.ndarray
    rows: tuple

    def average(self, values: np.ndarray) -> np.ndarray:
        """``E f`` for each ``M`` from ``values[b] = f(counts[b])``."""
        return np.array([p0 * values[0] + (w @ values[a:b] if b > a else 0.0) for a, b, w, p0 in self.rows])


def placements(s: int, Ms, n: int, rng: np.random.Generator, draws: int) -> Placements:
    """:class:`Placements` of a component of ``s`` vertices among ``n`` small-component vertices.

    ``m = 0`` (no example on the component) is exact. For ``s = 1`` every ``m`` is summed exactly with its
    binomial weight (up to the ``1e-16`` tail); for ``s > 1`` the ``m ≥ 1`` part is the mean over ``draws``
    placements drawn from the conditional law given ``m ≥ 1``, weighted by ``P(m ≥ 1)``.
    """
    q = s / n
    batches, rows = [np.zeros((1, s), dtype=np.int64)], []
    start = 1
    for M in Ms:
        M = int(M)
        p0 = _p_none(M, q)
        if M == 0 or p0 == 1.0:
            rows.append((start, start, np.zeros(0), p0))
            continue
        if s == 1:
            m, w = _summed_counts(M, q)
            batches.append(m[:, None])
        else:
            m = conditional_count_draws(rng, M, q, draws)
            batches.append(rng.multinomial(m, np.full(s, 1.0 / s)))
            w = np.full(draws, (1.0 - p0) / draws)
        rows.append((start, start + w.size, w, p0))
        start += w.size
    return Placements(counts=np.concatenate(batches), rows=tuple(rows))


def matched_moments(C: np.ndarray, where: Placements, sigma2: float) -> ComponentMoments:
    """:class:`ComponentMoments` of one small component with kernel block ``C`` (matched case, Eq. 12)."""
    post = posterior_variance_batch(C, where.counts, sigma2)
    tot = post.sum(axis=1)
    return ComponentMoments(total=where.average(tot), total_sq=where.average(tot * tot),
                            sum_sq=where.average((post * post).sum(axis=1)))


def mismatch_totals(C_S: np.ndarray, C_T: np.ndarray, where: Placements, sigma2: float) -> np.ndarray:
    """``E Σ_i (f̄_i - g_i)²`` over placements of one small component (mismatched case, Eq. 11)."""
    return where.average(mismatch_error_batch(C_S, C_T, where.counts, sigma2))
