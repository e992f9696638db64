"""Kernel on tuples of incoming messages and its two-stage random features.

A tuple ``R = (r^(1), ..., r^(c))`` is represented as one diagonal Gaussian with means ``M`` and
variances ``V`` (rows = tuples, columns = messages); Beta and Gamma messages are moment-matched to
Gaussians first, as in the authors' code (spec 3.1).

* :func:`embedding_inner` -- ``<mu_r, mu_s>`` for the Gaussian inner kernel with widths ``Sigma`` (Eq. 5-6,
  closed form for Gaussians).
* :func:`kernel_on_embeddings` -- the outer Gaussian kernel on mean embeddings, Eq. 7.
* :class:`TwoStageFeatures` -- Algorithm 1 (inner Rahimi-Recht features of the mean embedding, outer
  random Fourier features of a Gaussian kernel on the inner feature vector).
* :func:`median_heuristic` -- App. A.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


def _as_inputs(M, V):
    M = np.atleast_2d(np.asarray(M, float))
    V = np.atleast_2d(np.asarray(V, float))
    if M.shape != V.shape:
        raise ValueError(f"M and V must have the same shape, got {M.shape} and {V.shape}")
    if np.any(V < 0):
        raise ValueError("V (message variances) must be non-negative")
    return M, V


def logistic_inputs(alpha, beta, mu, var):
    """Tuple ``[Beta(alpha, beta), N(mu, var)]`` as ``(M, V)`` of shape (N, 2) (spec 3.1 order)."""
    alpha, beta, mu, var = np.broadcast_arrays(*(np.atleast_1d(np.asarray(a, float))
                                                 for a in (alpha, beta, mu, var)))
    s = alpha + beta
    M = np.column_stack([alpha / s, mu])
    V = np.column_stack([alpha * beta / (s * s * (s + 1.0)), var])
    return M, V


def gamma_inputs(shape, rate):
    """A Gamma message as a Gaussian with the same mean and variance, ``(M, V)`` of shape (N, 1)."""
    shape, rate = np.broadcast_arrays(np.atleast_1d(np.asarray(shape, float)),
                                      np.atleast_1d(np.asarray(rate, float)))
    return (shape / rate)[:, None], (shape / rate ** 2)[:, None]


def embedding_inner(M1, V1, M2, V2, widths2):
    """Gram matrix of mean-embedding inner products ``E_{x~r, y~s} exp(-1/2 (x-y)^T Sigma^-1 (x-y))``.

    Closed form for diagonal Gaussians: ``prod_l sqrt(s_l / (v_rl + v_sl + s_l)) *
    exp(-1/2 sum_l (m_rl - m_sl)^2 / (v_rl + v_sl + s_l))`` with ``s = widths2``.
    """
    M1, V1 = _as_inputs(M1, V1)
    M2, V2 = _as_inputs(M2, V2)
    w = np.asarray(widths2, float)
    tot = V1[:, None, :] + V2[None, :, :] + w
    diff2 = (M1[:, None, :] - M2[None, :, :]) ** 2
    return np.exp(0.5 * np.sum(np.log(w / tot) - diff2 / tot, axis=2))


def embedding_sqdist(M1, V1, M2, V2, widths2):
    """``||mu_r - mu_s||^2`` in the RKHS of the inner kernel (Gram matrix)."""
    w = np.asarray(widths2, float)
    M1, V1 = _as_inputs(M1, V1)
    M2, V2 = _as_inputs(M2, V2)
    self1 = np.exp(0.5 * np.sum(np.log(w / (2 * V1 + w)), axis=1))
    self2 = np.exp(0.5 * np.sum(np.log(w / (2 * V2 + w)), axis=1))
    return np.maximum(self1[:, None] + self2[None, :] - 2 * embedding_inner(M1, V1, M2, V2, w), 0.0)


def kernel_on_embeddings(M1, V1, M2, V2, widths2, gamma2):
    """Eq. 7: ``kappa(R, S) = exp(-||mu_R - mu_S||^2 / (2 gamma^2))``."""
    if not gamma2 > 0:
        raise ValueError(f"gamma2 must be positive, got {gamma2!r}")
    return np.exp(-embedding_sqdist(M1, V1, M2, V2, widths2) / (2.0 * gamma2))


def median_heuristic(M, V, rng: np.random.Generator, factor: float, subsample: int = 1500):
    """App. A: widths = average message variances; ``gamma^2 = factor * median ||mu_i - mu_j||^2``.

    The median runs over pairs ``i <= j`` of (a random subset of at most ``subsample``) tuples,
    including the ``i = j`` zeros, and ``factor = 0.5`` follows the authors' code (the paper's App. A
    states the plain median, ``factor = 1``).
    """
    M, V = _as_inputs(M, V)
    if not factor > 0:
        raise ValueError(f"factor must be positive, got {factor!r}")
    n = M.shape[0]
    if n < 2:
        raise ValueError("median_heuristic needs at least two tuples")
    idx = rng.permutation(n)[:subsample] if n > subsample else np.arange(n)
    Ms, Vs = M[idx], V[idx]
    widths2 = np.maximum(Vs.mean(axis=0), 1e-12)
    D = embedding_sqdist(Ms, Vs, Ms, Vs, widths2)
    iu = np.triu_indices(len(idx))
    med = float(np.median(D[iu]))
    if not med > 0:
        med = float(np.mean(D[iu])) or 1.0
    return widths2, factor * med


@dataclass(frozen=True)
class TwoStageFeatures:
    """Algorithm 1: ``psi(R)`` with ``E[psi(R)^T psi(S)] ~= kappa(R, S)`` (Eq. 7).

    Inner: ``phi_i = sqrt(2/D_in) cos(w_i^T m + b_i) exp(-1/2 w_i^T V w_i)``, ``w_i ~ N(0, Sigma^-1)``.
    Outer: ``psi_j = sqrt(2/D_out) cos(n_j^T phi + c_j)``, ``n_j ~ N(0, I / gamma^2)``.
    """

    W: np.ndarray   # (D_in, c)
    b: np.ndarray   # (D_in,)
    N: np.ndarray   # (D_out, D_in)
    c: np.ndarray   # (D_out,)

    @staticmethod
    def draw(widths2, gamma2: float, D_in: int, D_out: int, rng: np.random.Generator):
        widths2 = np.atleast_1d(np.asarray(widths2, float))
        if np.any(~(widths2 > 0)) or not gamma2 > 0:
            raise ValueError("widths2 and gamma2 must be positive")
        if int(D_in) < 1 or int(D_out) < 1:
            raise ValueError(f"D_in and D_out must be >= 1, got {D_in!r}, {D_out!r}")
        W, b = draw_inner(widths2, D_in, rng)
        N = rng.standard_normal((int(D_out), int(D_in))) / np.sqrt(gamma2)
        c = rng.uniform(0.0, 2.0 * np.pi, int(D_out))
        return TwoStageFeatures(W, b, N, c)

    @property
    def D_out(self) -> int:
        return self.N.shape[0]

    def inner(self, M, V) -> np.ndarray:
        return expected_product_features(M, V, self.W, self.b)

    def __call__(self, M, V) -> np.ndarray:
        phi = self.inner(M, V)
        return np.sqrt(2.0 / self.D_out) * np.cos(phi @ self.N.T + self.c)


def draw_inner(widths2, D: int, rng: np.random.Generator):
    """Frequencies ``W ~ N(0, diag(1/widths2))`` and phases ``b ~ U[0, 2 pi]`` for the inner map."""
    widths2 = np.atleast_1d(np.asarray(widths2, float))
    W = rng.standard_normal((int(D), widths2.size)) / np.sqrt(widths2)
    return W, rng.uniform(0.0, 2.0 * np.pi, int(D))


def expected_product_features(M, V, W, b) -> np.ndarray:
    """Random features of the mean embedding (App. B.3): ``E_{x~N(m, V)} sqrt(2/D) cos(w^T x + b)``."""
    M, V = _as_inputs(M, V)
    D = W.shape[0]
    return np.sqrt(2.0 / D) * np.cos(M @ W.T + b) * np.exp(-0.5 * (V @ (W * W).T))


def mv_features(M, V, widths2, D: int, rng: np.random.Generator) -> np.ndarray:
    """Random Fourier features of a Gaussian kernel on ``(means, variances)`` (the MV kernel, App. B.2)."""
    M, V = _as_inputs(M, V)
    X = np.hstack([M, V])
    W, b = draw_inner(widths2, D, rng)
    return np.sqrt(2.0 / D) * np.cos(X @ W.T + b)
