"""Exact GP regression on the vertices of a graph (Urry & Sollich 2013, Sections 3.1-3.3, 5, App. B).

Inputs are vertices drawn uniformly with replacement. ``N`` noisy observations at one vertex are
equivalent to one observation of their mean with noise variance ``σ²/γ_i`` (``γ_i`` = number of
examples at vertex ``i``), so every exact quantity here is computed from the *vertex counts* ``γ``:
with ``O = {i : γ_i > 0}`` and ``K_O = C[O,O] + σ² diag(1/γ_O)`` the posterior covariance, Eq. (10), is
``Σ = C - C[:,O] K_O^{-1} C[O,:]``. The cost depends on ``|O| ≤ min(N, V)`` only, never on ``N``, and the
(for ``a = 2`` generally singular) prior covariance ``C`` is never inverted; ``K_O`` is symmetric
positive definite because ``σ² > 0``.
"""

from __future__ import annotations

import numpy as np
from scipy import linalg

__all__ = [
    "bayes_error",
    "counts_from_inputs",
    "draw_counts",
    "kernels_from_basis",
    "mismatch_error",
    "mismatch_error_per_noise",
    "nested_counts",
    "normalise_global",
    "normalise_local",
    "posterior_variances",
    "posterior_variances_per_noise",
    "pseudo_outputs",
]


# ---------------------------------------------------------------------------------------------
# normalisations (Section 3.2)
# ---------------------------------------------------------------------------------------------


def _square(C) -> np.ndarray:
    C = np.asarray(C, dtype=float)
    if C.ndim != 2 or C.shape[0] != C.shape[1]:
        raise ValueError(f"kernel must be a square matrix, got shape {C.shape}")
    return C


def normalise_global(C) -> np.ndarray:
    """Global normalisation: ``C = Ĉ/κ`` with ``κ = (1/V) tr Ĉ``, so the mean prior variance is 1."""
    C = _square(C)
    kappa = float(np.mean(np.diag(C)))
    if not kappa > 0:
        raise ValueError("the kernel has a non-positive mean prior variance")
    return C / kappa


def normalise_local(C) -> np.ndarray:
    """Local normalisation: ``C_ij = Ĉ_ij / sqrt(Ĉ_ii Ĉ_jj)``, so every prior variance is 1.

    The diagonal is set to exactly 1 (the ratio ``Ĉ_ii/Ĉ_ii`` can otherwise be off by an ulp).
    """
    C = _square(C)
    diag = np.diag(C)
    if np.any(diag <= 0):
        raise ValueError("local normalisation needs strictly positive prior variances C_ii")
    s = 1.0 / np.sqrt(diag)
    out = C * s[:, None] * s[None, :]
    np.fill_diagonal(out, 1.0)
    return out


def kernels_from_basis(basis, p: int, a: float) -> tuple[np.ndarray, np.ndarray]:
    """Globally and locally normalised random walk kernels ``(C_global, C_local)`` of Eq. (2).

    ``basis`` is a :class:`statmech_bayes.randomwalk.kernels.SpectralBasis`; the unnormalised
    ``Ĉ = (I - L/a)^p`` is built once from it and symmetrised against rounding.
    """
    C_hat = basis.kernel(p, a)
    C_hat = 0.5 * (C_hat + C_hat.T)
    return normalise_global(C_hat), normalise_local(C_hat)


# ---------------------------------------------------------------------------------------------
# data sets as vertex counts (Sections 3.3 and 5; spec A18)
# ---------------------------------------------------------------------------------------------


def counts_from_inputs(x, V: int) -> np.ndarray:
    """Vertex counts ``γ_i = #{μ : x_μ = i}`` of an explicit list of input vertices."""
    x = np.asarray(x, dtype=np.int64).ravel()
    if x.size and (x.min() < 0 or x.max() >= V):
        raise ValueError("input vertices must lie in 0..V-1")
    return np.bincount(x, minlength=V).astype(np.int64)


def draw_counts(rng: np.random.Generator, V: int, N: int) -> np.ndarray:
    """Counts of ``N`` inputs drawn i.i.d. uniformly from ``V`` vertices: Multinomial(N, 1/V)."""
    if int(N) != N or N < 0:
        raise ValueError(f"N must be a non-negative integer, got {N!r}")
    return rng.multinomial(int(N), np.full(int(V), 1.0 / V)).astype(np.int64)


def nested_counts(rng: np.random.Generator, V: int, N_values) -> np.ndarray:
    """Nested data sets along a grid of sizes (spec A18): row ``k`` holds the counts of the first
    ``N_values[k]`` examples of one growing i.i.d. uniform sequence, so each row extends the previous
    one. ``N_values`` must be non-decreasing non-negative integers. Returns ``(len(N_values), V)``.
    """
    N_values = np.asarray(N_values)
    if N_values.ndim != 1:
        raise ValueError("N_values must be one-dimensional")
    if N_values.size and (np.any(N_values != np.round(N_values)) or N_values.min() < 0):
        raise ValueError("N_values must be non-negative integers")
    N_values = N_values.astype(np.int64)
    if np.any(np.diff(N_values) < 0):
        raise ValueError("N_values must be non-decreasing for nested data sets")
    increments = np.diff(N_values, prepend=0)
    steps = np.stack([draw_counts(rng, V, int(n)) for n in increments]) if N_values.size else np.zeros((0, V))
    return np.cumsum(steps, axis=0).astype(np.int64)


# ---------------------------------------------------------------------------------------------
# exact posterior quantities
# ---------------------------------------------------------------------------------------------


def _observed(C, counts):
    C = _square(C)
    counts = np.asarray(counts).ravel()
    if counts.shape[0] != C.shape[0]:
        raise ValueError(f"counts has length {counts.shape[0]}, kernel has V = {C.shape[0]}")
    if np.any(counts < 0):
        raise ValueError("counts must be non-negative")
    O = np.flatnonzero(counts > 0)
    return C, O, counts[O].astype(float)


def _noise(sigma2, gamma_O: np.ndarray) -> np.ndarray:
    """Noise variances ``σ²/γ_i`` of the vertex-mean outputs."""
    if not sigma2 > 0:
        raise ValueError(f"the noise variance sigma2 must be > 0, got {sigma2!r}")
    return sigma2 / gamma_O


def _cholesky_K(C_O_O: np.ndarray, noise: np.ndarray):
    K = C_O_O + np.diag(noise)
    return linalg.cho_factor(K, lower=True, check_finite=False)


def posterior_variances_per_noise(C, counts, sigma2s) -> np.ndarray:
    """:func:`posterior_variances` at each noise level of ``sigma2s``, ``(len(sigma2s), V)``.

    The observed rows of ``C`` are gathered once for all noise levels (the simulations of Figs 3-9 use four);
    each level's numbers are exactly those of :func:`posterior_variances`.
    """
    C, O, gamma_O = _observed(C, counts)
    sigma2s = list(sigma2s)
    prior = np.diag(C).copy()
    if O.size == 0:
        for s2 in sigma2s:
            _noise(s2, gamma_O)
        return np.tile(prior, (len(sigma2s), 1))
    C_OO, C_O = C[np.ix_(O, O)], C[O, :]
    out = np.empty((len(sigma2s), C.shape[0]))
    for j, s2 in enumerate(sigma2s):
        L, lower = _cholesky_K(C_OO, _noise(s2, gamma_O))
        W = linalg.solve_triangular(L, C_O, lower=lower, check_finite=False)
        out[j] = np.maximum(prior - np.einsum("oi,oi->i", W, W), 0.0)
    return out


def posterior_variances(C, counts, sigma2: float) -> np.ndarray:
    """Local posterior variances ``Σ_ii`` of Eq. (10) from vertex counts (spec 2.5).

    ``K_O = C[O,O] + σ² diag(1/γ_O)`` is Cholesky-factorised, ``K_O = L Lᵀ``, and
    ``Σ_ii = C_ii - ||L^{-1} C[O,i]||²``. Values that rounding pushes below zero are set to 0.
    """
    return posterior_variances_per_noise(C, counts, [sigma2])[0]


def bayes_error(C, counts, sigma2: float) -> float:
    """Matched-case error of one data set, Eq. (12): the posterior variance averaged over vertices."""
    return float(np.mean(posterior_variances(C, counts, sigma2)))


def mismatch_error_per_noise(C_student, C_teacher, counts, sigma2s) -> np.ndarray:
    """:func:`mismatch_error` at each noise level of ``sigma2s``; the observed rows of both kernels gathered once."""
    C_S, O, gamma_O = _observed(C_student, counts)
    C_T = _square(C_teacher)
    if C_T.shape != C_S.shape:
        raise ValueError("student and teacher kernels must have the same shape")
    sigma2s = list(sigma2s)
    V = C_S.shape[0]
    tr_T = float(np.trace(C_T))
    noises = [_noise(s2, gamma_O) for s2 in sigma2s]
    if O.size == 0:
        return np.full(len(sigma2s), tr_T / V)
    CS_OO, CS_O, CT_O, CT_OO = C_S[np.ix_(O, O)], C_S[O, :], C_T[O, :], C_T[np.ix_(O, O)]
    out = np.empty(len(sigma2s))
    for j, noise in enumerate(noises):
        factor = _cholesky_K(CS_OO, noise)
        B = linalg.cho_solve(factor, CS_O, check_finite=False)  # B = Aᵀ, shape (|O|, V)
        cross = np.einsum("oi,oi->", B, CT_O)  # tr(A C_T[O,:])
        Q = CT_OO + np.diag(noise)
        quad = np.einsum("oi,oi->", B, Q @ B)  # tr(A Q Aᵀ)
        out[j] = (tr_T - 2.0 * cross + quad) / V
    return out


def mismatch_error(C_student, C_teacher, counts, sigma2: float) -> float:
    """Generalisation error, Eq. (11), of a student GP ``N(0, C_S)`` learning a teacher ``N(0, C_T)``.

    Averaged exactly over teacher functions and output noise (same ``σ²`` for both, spec 2.5): the
    student mean is ``f̄ = A ȳ_O`` with ``A = C_S[:,O] K_O^{-1}``, ``K_O = C_S[O,O] + σ² diag(1/γ_O)``
    and vertex-mean outputs ``ȳ_O = g_O + ξ``, ``ξ ~ N(0, σ² diag(1/γ_O))``, so
    ``ε = (1/V) [tr C_T - 2 tr(A C_T[O,:]) + tr(A (C_T[O,O] + σ² diag(1/γ_O)) Aᵀ)]``.
    Reduces to :func:`bayes_error` for ``C_T = C_S``.
    """
    return float(mismatch_error_per_noise(C_student, C_teacher, counts, [sigma2])[0])


# ---------------------------------------------------------------------------------------------
# pseudo-outputs (Appendix B)
# ---------------------------------------------------------------------------------------------


def _sym_sqrt_apply(C: np.ndarray, v: np.ndarray) -> np.ndarray:
    """``C^{1/2} v`` with the symmetric square root (negative rounding eigenvalues clipped to 0)."""
    w, Q = np.linalg.eigh(0.5 * (C + C.T))
    return Q @ (np.sqrt(np.clip(w, 0.0, None)) * (Q.T @ v))


def pseudo_outputs(C_student, C_teacher, x, sigma2: float, xi, eta) -> dict:
    """Pseudo-training outputs ``z`` and prediction vectors ``M`` of Appendix B, Eqs. (50)-(52).

    ``K = C_S[x,x] + σ² I_N`` (duplicate inputs kept) and ``K_V = C_S[:,x]``; the student mean (50)
    ``f̄ = K_V K^{-1} y`` is written ``f̄ = M z`` with ``M = K_V K^{-1/2}`` (51), ``z = K^{-1/2} y`` (52),
    ``K^{-1/2}`` the symmetric inverse square root (from ``eigh``). The teacher draw is
    ``g = C_T^{1/2} ξ`` (symmetric root) and ``y = g[x] + σ η``, with ``ξ ~ N(0, I_V)`` and
    ``η ~ N(0, I_N)`` supplied by the caller so that scenarios can share them (spec A10).

    Returns a dict with ``z``, ``z2`` (``z_μ²``, the sampled diagonal of ``z zᵀ``), ``z2_expected``
    (``diag K^{-1/2} (C_T[x,x] + σ² I) K^{-1/2}``, the conditional mean of ``z_μ²``; identically 1 when
    matched), ``M`` (``V × N``, columns are the prediction vectors ``m_μ``), ``g`` and ``y``.
    """
    C_S = _square(C_student)
    C_T = _square(C_teacher)
    if C_T.shape != C_S.shape:
        raise ValueError("student and teacher kernels must have the same shape")
    if not sigma2 > 0:
        raise ValueError(f"the noise variance sigma2 must be > 0, got {sigma2!r}")
    x = np.asarray(x, dtype=np.int64).ravel()
    xi = np.asarray(xi, dtype=float).ravel()
    eta = np.asarray(eta, dtype=float).ravel()
    V, N = C_S.shape[0], x.size
    if xi.size != V or eta.size != N:
        raise ValueError(f"xi must have length V = {V} and eta length N = {N}")
    K = C_S[np.ix_(x, x)] + sigma2 * np.eye(N)
    w, Q = np.linalg.eigh(0.5 * (K + K.T))
    K_inv_sqrt = (Q / np.sqrt(w)) @ Q.T
    M = C_S[:, x] @ K_inv_sqrt
    g = _sym_sqrt_apply(C_T, xi)
    y = g[x] + np.sqrt(sigma2) * eta
    z = K_inv_sqrt @ y
    cov_y = C_T[np.ix_(x, x)] + sigma2 * np.eye(N)
    z2_expected = np.einsum("mn,mn->m", K_inv_sqrt @ cov_y, K_inv_sqrt)
    return {"z": z, "z2": z * z, "z2_expected": z2_expected, "M": M, "g": g, "y": y}
