"""The kernels of the App. C table (Experiment 1's comparison of kernels on tuples of messages) that the KJIT
operator itself does not use, and the incomplete-Cholesky kernel ridge regression of its two IChol rows.

A tuple ``R = (r^(1), ..., r^(c))`` is a diagonal Gaussian ``(M, V)`` (rows = tuples, columns = messages), as in
:mod:`statmech_bayes.kjit.features`; the inner kernel on message ``l`` is Gaussian with width ``widths2[l]``.

* Expected product kernel (EPK) on the joint embedding, App. B.3: ``<mu_R, mu_S> = E_{x~R} E_{y~S} k(x - y)``
  (closed form :func:`~statmech_bayes.kjit.features.embedding_inner`); random features = the inner map of
  Algorithm 1 (:func:`epk_joint_features`).
* Sum of EPKs, App. B.5: ``sum_l <mu_{r^(l)}, mu_{s^(l)}>``; features = the per-message features stacked
  (:func:`epk_sum_features`).
* Product of EPKs, App. B.4: ``prod_l <mu_{r^(l)}, mu_{s^(l)}>``; features = the Kronecker product of the
  per-message features (:func:`epk_product_features`, ``D_each ** c`` features).
* Gaussian kernel on the joint embedding, Eq. 7 (KJIT's kernel, here evaluated exactly for the IChol row):
  :func:`~statmech_bayes.kjit.features.kernel_on_embeddings`.
* Sum of Gaussian kernels on the per-message embeddings (App. C's "IChol + sum of Gaussian kernel on embeddings"):
  ``sum_l exp(-||mu_{r^(l)} - mu_{s^(l)}||^2 / (2 gamma_l^2))`` (:func:`sum_gauss_kernel`).
* :func:`incomplete_cholesky` -- pivoted incomplete Cholesky ``K ~= G G^T`` computed from kernel columns, and
  :class:`ICholKRR` -- kernel ridge regression in its dual form on that factor (App. C: "kernel ridge regression in
  its dual form when the incomplete Cholesky factorization is used").
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from .features import _as_inputs, draw_inner, embedding_sqdist, expected_product_features


def epk_joint_features(M, V, W, b) -> np.ndarray:
    """Random features of the EPK on the joint embedding (App. B.3): ``E_{x~R} sqrt(2/D) cos(w^T x + b)``."""
    return expected_product_features(M, V, W, b)


def draw_per_message(widths2, D_each: int, rng: np.random.Generator):
    """One inner Rahimi-Recht map ``(W_l, b_l)`` per message (the factor of a sum or product of EPKs)."""
    return [draw_inner([w], D_each, rng) for w in np.atleast_1d(np.asarray(widths2, float))]


def epk_sum_features(M, V, maps) -> np.ndarray:
    """App. B.5: ``varphi(R) = (phi^(1)(r^(1)), ..., phi^(c)(r^(c)))`` so that ``varphi(R)^T varphi(S)`` estimates
    the sum of the per-message EPKs."""
    M, V = _as_inputs(M, V)
    return np.hstack([expected_product_features(M[:, [l]], V[:, [l]], W, b) for l, (W, b) in enumerate(maps)])


def epk_product_features(M, V, maps) -> np.ndarray:
    """App. B.4: ``phi(R) = phi^(1)(r^(1)) (x) ... (x) phi^(c)(r^(c))`` (Kronecker product, row by row), so that
    ``phi(R)^T phi(S) = prod_l phi^(l)(r^(l))^T phi^(l)(s^(l))`` estimates the product of the per-message EPKs."""
    M, V = _as_inputs(M, V)
    out = np.ones((M.shape[0], 1))
    for l, (W, b) in enumerate(maps):
        f = expected_product_features(M[:, [l]], V[:, [l]], W, b)
        out = (out[:, :, None] * f[:, None, :]).reshape(M.shape[0], -1)
    return out


def sum_gauss_kernel(M1, V1, M2, V2, widths2, gamma2s) -> np.ndarray:
    """``sum_l exp(-||mu_{r^(l)} - mu_{s^(l)}||^2 / (2 gamma_l^2))``: a Gaussian kernel on each message's embedding
    (inner width ``widths2[l]``), summed over the messages."""
    M1, V1 = _as_inputs(M1, V1)
    M2, V2 = _as_inputs(M2, V2)
    w = np.atleast_1d(np.asarray(widths2, float))
    g = np.atleast_1d(np.asarray(gamma2s, float))
    K = np.zeros((M1.shape[0], M2.shape[0]))
    for l in range(M1.shape[1]):
        K += np.exp(-embedding_sqdist(M1[:, [l]], V1[:, [l]], M2[:, [l]], V2[:, [l]], [w[l]]) / (2.0 * g[l]))
    return K


def per_message_medians(M, V, widths2, rng: np.random.Generator, subsample: int = 1500) -> np.ndarray:
    """App. A's median heuristic per message: ``median ||mu_{r_i^(l)} - mu_{r_j^(l)}||^2`` over pairs of a subset."""
    M, V = _as_inputs(M, V)
    idx = rng.permutation(M.shape[0])[:subsample]
    w = np.atleast_1d(np.asarray(widths2, float))
    out = []
    for l in range(M.shape[1]):
        D = embedding_sqdist(M[idx][:, [l]], V[idx][:, [l]], M[idx][:, [l]], V[idx][:, [l]], [w[l]])
        iu = np.triu_indices(len(idx))
        med = float(np.median(D[iu]))
        out.append(med if med > 0 else (float(np.mean(D[iu])) or 1.0))
    return np.asarray(out)


def incomplete_cholesky(column: Callable[[int], np.ndarray], diag: np.ndarray, tol: float = 1e-6,
                        max_rank: int | None = None):
    """Pivoted incomplete Cholesky factorisation ``K ~= G G^T`` of a positive semi-definite ``n x n`` matrix given
    by its diagonal and a function returning its column ``j``. At each step the pivot is the largest remaining
    diagonal of the residual ``K - G G^T``; it stops when that is at most ``tol * max(diag)`` or at ``max_rank``
    columns. Returns ``(G (n, r), pivots (r,))``; at full rank ``G G^T = K`` up to round-off."""
    d = np.array(diag, float)
    n = d.size
    r_max = n if max_rank is None else min(int(max_rank), n)
    G = np.zeros((n, r_max))
    piv = []
    stop = float(tol) * float(d.max()) if n else 0.0
    for k in range(r_max):
        j = int(np.argmax(d))
        if d[j] <= stop or d[j] <= 0:
            break
        piv.append(j)
        g = (np.asarray(column(j), float) - G[:, :k] @ G[j, :k]) / np.sqrt(d[j])
        G[:, k] = g
        d -= g * g
        d[piv] = 0.0
    return G[:, :len(piv)], np.asarray(piv, int)


class ICholKRR:
    """Kernel ridge regression in its dual form, ``alpha = (K + lam I)^-1 y`` with ``K ~= G G^T`` from
    :func:`incomplete_cholesky` (Woodbury: ``alpha = (y - G (lam I + G^T G)^-1 G^T y) / lam``); prediction
    ``K(x, X_train) alpha`` with the exact cross kernel."""

    def __init__(self, G, Y, lam: float):
        if not lam > 0:
            raise ValueError(f"lam must be positive, got {lam!r}")
        G = np.asarray(G, float)
        Y = np.asarray(Y, float).reshape(G.shape[0], -1)
        A = lam * np.eye(G.shape[1]) + G.T @ G
        self.alpha = (Y - G @ np.linalg.solve(A, G.T @ Y)) / lam

    def predict(self, K_cross):
        return np.asarray(K_cross, float) @ self.alpha


def ichol_krr_path(G, Y, lambdas):
    """Dual coefficients for every ``lam`` of ``lambdas`` from one eigendecomposition of ``G^T G``:
    ``(K + lam I)^-1 Y = U_G diag(1/(s + lam)) U_G^T Y + (Y - U_G U_G^T Y) / lam`` with ``G = U_G S^(1/2) Q^T``."""
    G = np.asarray(G, float)
    Y = np.asarray(Y, float).reshape(G.shape[0], -1)
    s, Q = np.linalg.eigh(G.T @ G)
    keep = s > 1e-12 * max(float(s.max()), 1e-300)
    s, Q = s[keep], Q[:, keep]
    U = G @ Q / np.sqrt(s)
    UtY = U.T @ Y
    res = Y - U @ UtY
    return [U @ (UtY / (s + lam)[:, None]) + res / lam for lam in np.atleast_1d(lambdas)]
