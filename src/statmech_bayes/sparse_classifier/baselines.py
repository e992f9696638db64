"""Comparison methods of Table 1: sparse Bayesian learning (Tipping's ARD logistic regression, ref. [21],
applied to gene features as in Li, Campbell & Tipping 2002, ref. [3]) and Fisher discriminant analysis
(ref. [20]). Both predict ``sign(x·w + b)``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.linalg import cho_factor, cho_solve
from scipy.special import expit


@dataclass(frozen=True)
class LinearClassifier:
    """``sign(X w + b)``; ``selected`` are the feature indices with non-zero weight (SBL) or all (FDA)."""

    w: np.ndarray
    b: float
    selected: np.ndarray
    n_iter: int = 0
    converged: bool = True

    def predict(self, X: np.ndarray) -> np.ndarray:
        return np.where(np.asarray(X, float) @ self.w + self.b >= 0, 1.0, -1.0)


def _check_xy(X, y):
    X = np.asarray(X, float)
    y = np.asarray(y, float)
    if X.ndim != 2:
        raise ValueError(f"X must be a 2-D (M, N) array, got shape {X.shape}")
    if y.shape != (X.shape[0],) or not np.all(np.abs(y) == 1):
        raise ValueError(f"y must be a length-{X.shape[0]} vector of ±1 labels")
    if np.all(y == 1) or np.all(y == -1):
        raise ValueError("y must contain both classes")
    return X, y


def fda_pinv(X: np.ndarray, y: np.ndarray, rcond: float = 1e-10) -> LinearClassifier:
    """Fisher discriminant with the Moore-Penrose inverse of the singular within-class scatter:
    ``w = S_W⁺ (μ₊ − μ₋)``, threshold at the midpoint ``b = −w·(μ₊ + μ₋)/2``.

    ``S_W`` (N × N, rank ≤ M − 2) is never formed: its pseudo-inverse acts through the SVD of the
    class-centred data; singular values below ``rcond · s_max`` are treated as zero.
    """
    X, y = _check_xy(X, y)
    pos, neg = X[y > 0], X[y < 0]
    mu_p, mu_n = pos.mean(0), neg.mean(0)
    Xc = np.vstack([pos - mu_p, neg - mu_n])
    _, s, Vt = np.linalg.svd(Xc, full_matrices=False)
    keep = s > rcond * s[0]
    Vk, sk = Vt[keep], s[keep]
    w = Vk.T @ ((Vk @ (mu_p - mu_n)) / sk**2)
    return LinearClassifier(w=w, b=float(-w @ (mu_p + mu_n) / 2.0), selected=np.arange(X.shape[1]))


def _class_svd(X, y):
    """Class means and the thin SVD ``(s, Vt)`` of the class-centred data (``S_W = Vtᵀ diag(s²) Vt``)."""
    pos, neg = X[y > 0], X[y < 0]
    mu_p, mu_n = pos.mean(0), neg.mean(0)
    _, s, Vt = np.linalg.svd(np.vstack([pos - mu_p, neg - mu_n]), full_matrices=False)
    return mu_p, mu_n, s, Vt


def _ridge_from_svd(mu_p, mu_n, s, Vt, lam, N):
    d = mu_p - mu_n
    proj = Vt @ d
    w = Vt.T @ (proj / (s**2 + lam)) + (d - Vt.T @ proj) / lam
    return LinearClassifier(w=w, b=float(-w @ (mu_p + mu_n) / 2.0), selected=np.arange(N))


def fda_ridge(X: np.ndarray, y: np.ndarray, lam: float) -> LinearClassifier:
    """Regularised Fisher discriminant ``w = (S_W + λ I)⁻¹ (μ₊ − μ₋)`` with the scatter
    ``S_W = Σ_classes Σ_n (x_n − μ_c)(x_n − μ_c)ᵀ`` (unnormalised, as in Fisher's criterion), midpoint
    threshold. Computed through the SVD of the class-centred data: ``λ → 0`` tends to :func:`fda_pinv` plus
    ``(d − P d)/λ`` (the null-space part dominates), ``λ → ∞`` to the mean difference (direction only)."""
    X, y = _check_xy(X, y)
    if not lam > 0:
        raise ValueError(f"lam must be positive, got {lam!r}")
    return _ridge_from_svd(*_class_svd(X, y), float(lam), X.shape[1])


def fda_mean_difference(X: np.ndarray, y: np.ndarray) -> LinearClassifier:
    """The scatter replaced by the identity: ``w = μ₊ − μ₋``, midpoint threshold (nearest class mean)."""
    X, y = _check_xy(X, y)
    mu_p, mu_n = X[y > 0].mean(0), X[y < 0].mean(0)
    w = mu_p - mu_n
    return LinearClassifier(w=w, b=float(-w @ (mu_p + mu_n) / 2.0), selected=np.arange(X.shape[1]))


def fda_variant_names(ridge) -> tuple[str, ...]:
    """Names of :func:`fda_variants` with the ridge values ``ridge``, in order."""
    return ("pinv", "pinv_b0") + tuple(f"ridge_{lam:g}" for lam in ridge) + ("meandiff",)


def fda_variants(X: np.ndarray, y: np.ndarray, *, ridge) -> dict:
    """The well-defined Fisher discriminants on the same data (the paper does not say how its FDA was built):
    pseudo-inverse with the midpoint threshold (``pinv``) and with threshold 0 (``pinv_b0``: the genes are
    centred over all tissues, so 0 is the other natural cut), ridge ``S_W + λ I`` for each ``λ`` in ``ridge`` (the
    workflow's: ``uda_kabashima.colon.fda_ridge``), and the mean difference. Returns ``{name: LinearClassifier}`` in
    :func:`fda_variant_names` order."""
    X, y = _check_xy(X, y)
    pinv = fda_pinv(X, y)
    out = {"pinv": pinv, "pinv_b0": LinearClassifier(w=pinv.w, b=0.0, selected=pinv.selected)}
    svd = _class_svd(X, y)  # one SVD for every ridge variant
    for lam in ridge:
        if not lam > 0:
            raise ValueError(f"ridge lam must be positive, got {lam!r}")
        out[f"ridge_{lam:g}"] = _ridge_from_svd(*svd, float(lam), X.shape[1])
    out["meandiff"] = fda_mean_difference(X, y)
    return out


def _log_posterior(f, t, w, alpha):
    # Σ_n log σ(±f_n) in the overflow-free form, minus the ARD penalty.
    return float(-np.sum(np.logaddexp(0.0, np.where(t > 0, -f, f))) - 0.5 * np.dot(alpha * w, w))


def _laplace_mode(Phi, t, alpha, w, max_newton=50, gtol=1e-8):
    """Posterior mode of the ARD-logistic weights by Newton-IRLS with step halving.

    The Newton system ``(Φᵀ B Φ + A) d = g`` is solved directly when there are fewer active basis
    functions than examples, else through Woodbury with the M × M matrix ``I + B^½ Φ A⁻¹ Φᵀ B^½``.
    """
    M, K = Phi.shape
    f = Phi @ w
    L = _log_posterior(f, t, w, alpha)
    for _ in range(max_newton):
        sig = expit(f)
        g = Phi.T @ (t - sig) - alpha * w
        if np.max(np.abs(g)) < gtol:
            break
        B = sig * (1.0 - sig)
        d = _solve_hessian(Phi, B, alpha, g)
        step = 1.0
        for _ in range(40):
            w_try = w + step * d
            f_try = Phi @ w_try
            L_try = _log_posterior(f_try, t, w_try, alpha)
            if L_try >= L - 1e-12 * abs(L):
                break
            step *= 0.5
        w, f, L = w_try, f_try, L_try
        if np.max(np.abs(step * d)) < 1e-10 * (1.0 + np.max(np.abs(w))):
            break
    return w, f


def _solve_hessian(Phi, B, alpha, g):
    M, K = Phi.shape
    if K <= M:
        H = (Phi.T * B) @ Phi + np.diag(alpha)
        return cho_solve(cho_factor(H), g)
    sb = np.sqrt(B)
    Pa = Phi / alpha  # Φ A⁻¹
    Kmat = np.eye(M) + (sb[:, None] * Pa) @ (Phi.T * sb)
    ag = g / alpha
    return ag - Pa.T @ (sb * cho_solve(cho_factor(Kmat), sb * (Phi @ ag)))


def _posterior_var_diag(Phi, B, alpha):
    """``Σ_ii`` of the Laplace posterior ``(Φᵀ B Φ + A)⁻¹``, via Woodbury when K > M:
    ``Σ_ii = 1/α_i − (1/α_i²) [Φᵀ B^½ K⁻¹ B^½ Φ]_ii``."""
    M, K = Phi.shape
    if K <= M:
        H = (Phi.T * B) @ Phi + np.diag(alpha)
        return np.diag(cho_solve(cho_factor(H), np.eye(K)))
    sb = np.sqrt(B)
    Pa = Phi / alpha
    Kmat = np.eye(M) + (sb[:, None] * Pa) @ (Phi.T * sb)
    G = sb[:, None] * Phi  # B^½ Φ
    KiG = cho_solve(cho_factor(Kmat), G)
    return 1.0 / alpha - np.einsum("mk,mk->k", G, KiG) / alpha**2


def sbl_ard_logistic(X: np.ndarray, y: np.ndarray, *, prune: float = 1e9, max_outer: int = 300,
                     tol: float = 1e-4, alpha0: float | None = None) -> LinearClassifier:
    """Sparse Bayesian learning: logistic likelihood, basis ``[X, 1]``, one ARD precision per column,
    hyperparameters by evidence maximisation under the Laplace approximation (Tipping 2001, MacKay
    updates ``γ_i = 1 − α_i Σ_ii``, ``α_i ← γ_i / w_i²``).

    Clipping ``γ ∈ [1e-12, 1]`` and ``α ∈ [1e-10, 1e12]`` keeps the updates finite when the
    Laplace covariance is ill-conditioned (NaNs otherwise in a fraction of the colon splits); columns
    with ``α > prune`` are removed for good (the bias never is). Stops when ``max |Δ ln α| < tol`` over
    the surviving columns or after ``max_outer`` re-estimations. ``alpha0`` (default N, so that the
    prior variance of ``x·w`` is of order one for ``|x|² ≈ N``) initialises every precision.
    """
    X, y = _check_xy(X, y)
    M, N = X.shape
    if not prune > 0 or not tol > 0 or int(max_outer) != max_outer or max_outer < 1:
        raise ValueError("prune and tol must be positive and max_outer a positive integer")
    Phi_all = np.hstack([X, np.ones((M, 1))])
    t = (y > 0).astype(float)
    active = np.arange(N + 1)
    alpha = np.full(N + 1, float(N) if alpha0 is None else float(alpha0))
    w = np.zeros(N + 1)
    converged = False
    n_iter = 0
    for _ in range(int(max_outer)):
        n_iter += 1
        Phi = Phi_all[:, active]
        w_a, f = _laplace_mode(Phi, t, alpha[active], w[active])
        w[active] = w_a
        sig = expit(f)
        Sdiag = _posterior_var_diag(Phi, sig * (1.0 - sig), alpha[active])
        gamma = np.clip(1.0 - alpha[active] * Sdiag, 1e-12, 1.0)
        new = np.clip(gamma / np.maximum(w_a**2, 1e-300), 1e-10, 1e12)
        change = np.max(np.abs(np.log(new) - np.log(alpha[active])))
        alpha[active] = new
        keep = (new <= prune) | (active == N)
        w[active[~keep]] = 0.0
        active = active[keep]
        if change < tol:
            converged = True
            break
    return LinearClassifier(w=w[:N], b=float(w[N]), selected=active[active < N], n_iter=n_iter,
                            converged=converged)
