"""Kernel-eigenvalue learning-curve approximation for any spectrum.

The approximation of Sollich (1999) and Malzahn & Opper (2005) (Urry & Sollich 2013, Eq. 18;
Sollich & Halees 2002, Eq. 16, "LC") is the self-consistency

    ε = g(n / (ε + σ²)),      g(h) = Σ_α λ_α / (1 + λ_α h),

where ``λ_α`` are the eigenvalues of the covariance operator under the input distribution (for a
graph with uniform inputs: the eigenvalues of ``C/V``), ``Σ_α λ_α`` is the mean prior variance and
``n`` the number of examples. :func:`eigen_learning_curve` solves it for any spectrum, discrete
(multiplicities) or continuous (quadrature weights). Its specialisations to the Kesten–McKay spectrum of
large random d-regular graphs and to the large-p master curve live in
:mod:`statmech_bayes.randomwalk.regular_graph_curves`.
"""

from __future__ import annotations

import numpy as np

__all__ = ["eigen_learning_curve", "graph_eigen_learning_curve", "spectral_g"]

_CHUNK = 2_000_000  # elements per (n x spectrum) block in the vectorised solver


# ---------------------------------------------------------------------------------------------
# the general eigenvalue approximation (Eq. 18)
# ---------------------------------------------------------------------------------------------


def _spectrum(eigenvalues, weights):
    lam = np.asarray(eigenvalues, dtype=float).ravel()
    if not np.all(np.isfinite(lam)):
        raise ValueError("eigenvalues must be finite")
    scale = float(np.max(np.abs(lam))) if lam.size else 0.0
    if lam.size and lam.min() < -1e-8 * scale:
        raise ValueError(f"eigenvalues must be non-negative (up to rounding), min = {lam.min():.3g}")
    lam = np.clip(lam, 0.0, None)
    if weights is None:
        w = np.ones_like(lam)
    else:
        w = np.asarray(weights, dtype=float).ravel()
        if w.shape != lam.shape:
            raise ValueError("weights must have the same length as eigenvalues")
        if np.any(w < 0) or not np.all(np.isfinite(w)):
            raise ValueError("weights must be finite and non-negative")
    return lam, w


def _g_and_g2(lam, w, h):
    """``g(h) = Σ w λ/(1+λh)`` and ``g_2(h) = Σ w (λ/(1+λh))²`` for a vector of ``h``, in blocks."""
    g = np.empty(h.size)
    g2 = np.empty(h.size)
    rows = max(1, _CHUNK // max(lam.size, 1))
    for s in range(0, h.size, rows):
        q = lam[None, :] / (1.0 + lam[None, :] * h[s : s + rows, None])
        g[s : s + rows] = q @ w
        q *= q
        g2[s : s + rows] = q @ w
    return g, g2


def spectral_g(eigenvalues, h, weights=None) -> np.ndarray:
    """``g(h) = Σ_α w_α λ_α / (1 + λ_α h)`` (Eq. 18), vectorised over ``h`` (Opper–Vivarelli: ``g(n/σ²)``)."""
    lam, w = _spectrum(eigenvalues, weights)
    h = np.asarray(h, dtype=float)
    return _g_and_g2(lam, w, h.ravel())[0].reshape(h.shape)


def eigen_learning_curve(
    eigenvalues, n, sigma2: float, weights=None, *, rtol: float = 1e-13, drop_tol: float = 0.0
) -> np.ndarray:
    """Solve ``ε = Σ_α w_α λ_α / (1 + λ_α n/(ε + σ²))`` for every ``n`` (Urry & Sollich Eq. 18).

    ``eigenvalues`` are the covariance operator's eigenvalues ``λ_α`` (so ``T = Σ w λ`` is the mean
    prior variance and ``ε(0) = T``); ``weights`` are multiplicities or quadrature weights of a
    continuous spectrum (default 1). Tiny negative eigenvalues (rounding; ``a = 2`` kernels have exact
    zeros) are clipped to 0. ``n`` is the number of examples (any shape, ``≥ 0``).

    ``φ(ε) = ε - g(n/(ε+σ²))`` has a single root in ``(0, T]``: at any root ``φ' = 1 - n g_2/(ε+σ²)²``
    and ``n g_2 < (ε+σ²) g``, so ``φ' > σ²/(ε+σ²) > 0``. The root is bracketed by
    ``g(n/σ²) ≤ ε ≤ g(n/(T+σ²))`` (Opper–Vivarelli bound from below) and found for all ``n`` at once by
    Newton's method, safeguarded by (geometric) bisection of the bracket; this is equivalent to a
    per-``n`` ``brentq`` on ``(0, T]``.

    ``drop_tol > 0`` discards the smallest spectral contributions whose total ``Σ w λ`` is below
    ``drop_tol·T``; since each term of ``g`` is at most ``w λ`` this changes ε by less than
    ``drop_tol·T`` (absolute) for every ``n``, and speeds up dense quadrature spectra.
    """
    if not sigma2 > 0:
        raise ValueError(f"sigma2 must be > 0, got {sigma2!r}")
    lam, w = _spectrum(eigenvalues, weights)
    keep = (lam > 0) & (w > 0)
    lam, w = lam[keep], w[keep]
    T = float(lam @ w)
    n_arr = np.asarray(n, dtype=float)
    if np.any(n_arr < 0) or not np.all(np.isfinite(n_arr)):
        raise ValueError("n must be finite and non-negative")
    out = np.full(n_arr.size, T)
    if T == 0.0:
        return np.zeros(n_arr.shape)
    if drop_tol > 0:
        contrib = lam * w
        order = np.argsort(contrib)
        drop = order[np.cumsum(contrib[order]) < drop_tol * T]
        mask = np.ones(lam.size, dtype=bool)
        mask[drop] = False
        lam, w = lam[mask], w[mask]

    flat = n_arr.ravel()
    idx = np.flatnonzero(flat > 0)
    nn = flat[idx]
    lo = _g_and_g2(lam, w, nn / sigma2)[0]
    hi = np.minimum(_g_and_g2(lam, w, nn / (T + sigma2))[0], T)
    lo = np.minimum(lo, hi)
    eps = hi.copy()
    active = np.arange(idx.size)
    for _ in range(200):
        if active.size == 0:
            break
        e, nA = eps[active], nn[active]
        E = e + sigma2
        g, g2 = _g_and_g2(lam, w, nA / E)
        phi = e - g
        dphi = 1.0 - nA * g2 / (E * E)
        l, h_ = lo[active], hi[active]
        l = np.where(phi < 0, e, l)
        h_ = np.where(phi > 0, e, h_)
        with np.errstate(divide="ignore", invalid="ignore"):
            newton = e - phi / dphi
        mid = np.where(l > 0, np.sqrt(l * h_), 0.5 * (l + h_))
        ok = (dphi > 0) & (newton > l) & (newton < h_)
        new = np.where(phi == 0, e, np.where(ok, newton, mid))
        done = (np.abs(new - e) <= rtol * new) | (h_ - l <= rtol * h_) | (phi == 0)
        eps[active], lo[active], hi[active] = new, l, h_
        active = active[~done]
    else:  # pragma: no cover - the safeguarded iteration converges far earlier
        raise RuntimeError("eigen_learning_curve did not converge")
    out[idx] = eps
    return out.reshape(n_arr.shape)


def graph_eigen_learning_curve(kernel_eigenvalues, nus, sigma2: float) -> np.ndarray:
    """Eq. (18) for a normalised ``V × V`` graph kernel with eigenvalues ``e_α`` (spec 2.6).

    The covariance operator of uniform inputs on ``V`` vertices is ``C/V``, so ``λ_α = e_α/V`` and
    ``n = ν V``: ``ε = (1/V) Σ_α e_α / (1 + e_α ν/(ε + σ²))``.
    """
    e = np.asarray(kernel_eigenvalues, dtype=float).ravel()
    V = e.size
    return eigen_learning_curve(e / V, np.asarray(nus, dtype=float) * V, sigma2)
