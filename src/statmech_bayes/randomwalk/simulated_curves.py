"""Simulated learning curves on finite random graphs (Urry & Sollich 2013, Section 5, Eqs. 11-12).

One eigendecomposition per graph gives both normalised kernels for the paper's ``(p, a)``; one nested
data set per graph (examples added along the ν grid, Multinomial vertex counts) is shared by every noise
level, normalisation and teacher/student pairing, so comparisons between them use common random numbers.
Teacher and noise are averaged analytically (matched: the posterior variance; mismatched: the exact
average of the squared error), so no teacher functions are drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from statmech_bayes.gp.graph_posterior import (
    kernels_from_basis,
    mismatch_error,
    nested_counts,
    posterior_variances,
)
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


def matched_sample(basis: SpectralBasis, p: int, a: float, nus, sigma2s, rng) -> MatchedSample:
    """Exact matched learning curve of one graph for both normalisations and every σ² (Eq. 12)."""
    V = basis.mu.size
    counts = nested_counts(rng, V, sample_sizes(V, nus))
    kernels = dict(zip(NORMALISATIONS, kernels_from_basis(basis, p, a)))
    shape = (len(NORMALISATIONS), len(sigma2s), counts.shape[0])
    eps, var = np.empty(shape), np.empty(shape)
    for i, norm in enumerate(NORMALISATIONS):
        for j, s2 in enumerate(sigma2s):
            for k, c in enumerate(counts):
                post = posterior_variances(kernels[norm], c, s2)
                eps[i, j, k], var[i, j, k] = post.mean(), post.var()
    return MatchedSample(eps=eps, var=var)


def mismatch_sample(basis: SpectralBasis, p: int, a: float, nus, sigma2s, rng) -> np.ndarray:
    """``eps[pairing, σ², ν]`` for the student/teacher pairings of :data:`MISMATCHES` (Figs. 7, 8)."""
    V = basis.mu.size
    counts = nested_counts(rng, V, sample_sizes(V, nus))
    kernels = dict(zip(NORMALISATIONS, kernels_from_basis(basis, p, a)))
    eps = np.empty((len(MISMATCHES), len(sigma2s), counts.shape[0]))
    for i, (student, teacher) in enumerate(MISMATCHES):
        for j, s2 in enumerate(sigma2s):
            for k, c in enumerate(counts):
                eps[i, j, k] = mismatch_error(kernels[student], kernels[teacher], c, s2)
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
