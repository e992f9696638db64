"""Simulated learning curves on finite random graphs (Urry & Sollich 2013, Section 5, Eqs. 11-12).

One eigendecomposition per graph gives both normalised kernels for the paper's ``(p, a)``; one nested
data set per graph (examples added along the ν grid, Multinomial vertex counts) is shared by every noise
level, normalisation and teacher/student pairing, so comparisons between them use common random numbers.
Teacher and noise are averaged analytically (matched: the posterior variance; mismatched: the exact
average of the squared error), so no teacher functions are drawn.

Variance reduction (:mod:`statmech_bayes.gp.component_averages`): the examples that land on the giant
component are simulated; the contribution of every small component (isolated vertices, edges, short
trees) is its exact expectation over where the remaining examples fall. Rare small components without
data otherwise dominate the average at small noise and large ``ν``; the estimator has the same mean.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import scipy.sparse.csgraph as csgraph

from statmech_bayes.gp import component_averages as ca
from statmech_bayes.gp.graph_posterior import (
    kernels_from_basis,
    mismatch_error_per_noise,
    nested_counts,
    posterior_variances,
    posterior_variances_per_noise,
)
from statmech_bayes.graphs.operators import from_edge_list
from statmech_bayes.graphs.spectral import SpectralBasis

NORMALISATIONS = ("global", "local")
# (student, teacher) pairings of Figs. 7 and 8.
MISMATCHES = (("global", "local"), ("local", "global"))


def sample_sizes(V: int, nus) -> np.ndarray:
    """``N = round(ν V)`` (at least 1): the simulations use exactly N examples per data set (spec A18)."""
    return np.maximum(1, np.round(np.asarray(nus, float) * V)).astype(np.int64)


@dataclass(frozen=True)
class MatchedSample:
    """One (graph, data set): ``eps[norm, σ², ν]`` Bayes error and ``var[norm, σ², ν]`` its variance
    over vertices (Fig. 9)."""

    eps: np.ndarray
    var: np.ndarray


@dataclass(frozen=True)
class ComponentSplit:
    """The giant (largest) component of a graph and its other, small components (vertex index arrays)."""

    giant: np.ndarray
    small: tuple

    @classmethod
    def of_edges(cls, edges: np.ndarray, V: int) -> ComponentSplit:
        _, labels = csgraph.connected_components(from_edge_list(edges, V), directed=False)
        sizes = np.bincount(labels)
        big = int(np.argmax(sizes))
        order = np.argsort(labels, kind="stable")
        groups = np.split(order, np.cumsum(sizes)[:-1])
        return cls(giant=groups[big], small=tuple(g for k, g in enumerate(groups) if k != big))

    @property
    def n_small(self) -> int:
        return int(sum(g.size for g in self.small))


def _small_placements(split: ComponentSplit, counts: np.ndarray, placement_rng, draws: int):
    """Examples outside the giant component per ν, and the placements of each small component."""
    outside = counts.sum(axis=1) - counts[:, split.giant].sum(axis=1)
    n = split.n_small
    return [ca.placements(g.size, outside, n, placement_rng, draws) for g in split.small]


def matched_sample(basis: SpectralBasis, p: int, a: float, nus, sigma2s, rng, split: ComponentSplit | None = None,
                   placement_rng=None, *, draws: int, normalisations=NORMALISATIONS) -> MatchedSample:
    """Matched learning curve of one graph for both normalisations and every σ² (Eq. 12).

    Without ``split`` the plain average over the simulated data set. With ``split`` (the graph's
    components) the giant component's posterior variances come from the simulated examples and each
    small component's moments are exact averages over the placement of the examples that fell outside the
    giant component (``draws`` placements per ν for components of two or more vertices, from
    ``placement_rng``). The vertex variance (Fig. 9) uses ``E[mean ε²] - E[(mean ε)²]``, where the second
    moment of the small components' sum neglects the weak coupling between components through their
    common total (relative order ``1/V`` of a term that is itself ``1/V`` of the first). The first axis of
    ``eps`` and ``var`` follows ``normalisations``; the data set and placements do not depend on it.
    """
    V = basis.mu.size
    counts = nested_counts(rng, V, sample_sizes(V, nus))
    kernels = dict(zip(NORMALISATIONS, kernels_from_basis(basis, p, a)))
    return matched_errors({n: kernels[n] for n in normalisations}, counts, sigma2s, split, placement_rng, draws=draws)


def matched_errors(kernels: dict, counts: np.ndarray, sigma2s, split: ComponentSplit | None = None,
                   placement_rng=None, *, draws: int) -> MatchedSample:
    """:func:`matched_sample` for given kernels (by normalisation, in the order given) and count vectors
    ``(cases, V)``."""
    V = counts.shape[1]
    shape = (len(kernels), len(sigma2s), counts.shape[0])
    eps, var = np.empty(shape), np.empty(shape)
    if split is None or not split.small:
        for i, norm in enumerate(kernels):
            for k, c in enumerate(counts):
                post = posterior_variances_per_noise(kernels[norm], c, sigma2s)        # (σ², V)
                eps[i, :, k], var[i, :, k] = post.mean(axis=1), post.var(axis=1)
        return MatchedSample(eps=eps, var=var)
    where = _small_placements(split, counts, placement_rng, draws)
    G = split.giant
    for i, norm in enumerate(kernels):
        C = kernels[norm]
        CG = C[np.ix_(G, G)]
        blocks = [C[np.ix_(g, g)] for g in split.small]
        giant_all = np.stack([posterior_variances_per_noise(CG, c[G], sigma2s) for c in counts], axis=1)
        for j, s2 in enumerate(sigma2s):
            giant = giant_all[j]                                                     # (ν, |G|)
            moments = [ca.matched_moments(B, w, s2) for B, w in zip(blocks, where)]
            total = giant.sum(axis=1) + sum(m.total for m in moments)
            spread = sum(m.total_sq - m.total ** 2 for m in moments)
            sum_sq = (giant ** 2).sum(axis=1) + sum(m.sum_sq for m in moments)
            eps[i, j] = total / V
            var[i, j] = sum_sq / V - (total ** 2 + spread) / V ** 2
    return MatchedSample(eps=eps, var=var)


def mismatch_sample(basis: SpectralBasis, p: int, a: float, nus, sigma2s, rng, split: ComponentSplit | None = None,
                    placement_rng=None, *, draws: int) -> np.ndarray:
    """``eps[pairing, σ², ν]`` for the student/teacher pairings of :data:`MISMATCHES` (Figs. 7, 8); with
    ``split`` the small components are averaged exactly over placements as in :func:`matched_sample`."""
    V = basis.mu.size
    counts = nested_counts(rng, V, sample_sizes(V, nus))
    kernels = dict(zip(NORMALISATIONS, kernels_from_basis(basis, p, a)))
    return mismatch_errors(kernels, counts, sigma2s, split, placement_rng, draws=draws)


def mismatch_errors(kernels: dict, counts: np.ndarray, sigma2s, split: ComponentSplit | None = None,
                    placement_rng=None, *, draws: int) -> np.ndarray:
    """:func:`mismatch_sample` for given kernels (by normalisation) and count vectors ``(cases, V)``."""
    V = counts.shape[1]
    eps = np.empty((len(MISMATCHES), len(sigma2s), counts.shape[0]))
    if split is None or not split.small:
        for i, (student, teacher) in enumerate(MISMATCHES):
            for k, c in enumerate(counts):
                eps[i, :, k] = mismatch_error_per_noise(kernels[student], kernels[teacher], c, sigma2s)
        return eps
    where = _small_placements(split, counts, placement_rng, draws)
    G = split.giant
    for i, (student, teacher) in enumerate(MISMATCHES):
        CS, CT = kernels[student], kernels[teacher]
        CSG, CTG = CS[np.ix_(G, G)], CT[np.ix_(G, G)]
        blocks = [(CS[np.ix_(g, g)], CT[np.ix_(g, g)]) for g in split.small]
        giant_all = np.stack([mismatch_error_per_noise(CSG, CTG, c[G], sigma2s) * G.size for c in counts], axis=1)
        for j, s2 in enumerate(sigma2s):
            giant = giant_all[j]
            small = sum(ca.mismatch_totals(bs, bt, w, s2) for (bs, bt), w in zip(blocks, where))
            eps[i, j] = (giant + small) / V
    return eps


def pooled_posterior_variances(basis: SpectralBasis, p: int, a: float, nus, sigma2: float,
                               n_datasets: int, rng, normalisation: str = "local") -> np.ndarray:
    """Local posterior variances ``[ν, data set, vertex]`` on one graph (Fig. 6 histograms)."""
    V = basis.mu.size
    C = dict(zip(NORMALISATIONS, kernels_from_basis(basis, p, a)))[normalisation]
    Ns = sample_sizes(V, nus)
    out = np.empty((Ns.size, n_datasets, V))
    for d in range(n_datasets):
        for k, N in enumerate(Ns):
            counts = np.bincount(rng.integers(0, V, size=N), minlength=V)
            out[k, d] = posterior_variances(C, counts, sigma2)
    return out


def global_kernel_eigenvalues(basis: SpectralBasis, p: int, a: float) -> np.ndarray:
    """Eigenvalues of the globally normalised kernel: ``e_α = f_α^p / mean_β f_β^p`` (trace Ĉ = Σ f^p)."""
    F = basis.walk_factors(p, a)[0]
    return F / F.mean()
