"""The eigenvalue approximation on large random d-regular graphs (Urry & Sollich 2013, Eqs. 19-26).

The general approximation (Eq. 18) is :func:`statmech_bayes.gp.learning_curve_approx.eigen_learning_curve`;
here it is specialised to the Kesten–McKay spectrum (Eqs. 20-21), the large-p master curve (Eqs. 22-26)
and the initial decay (Eq. 19), which needs the tree kernel of recursion (4).
"""

from __future__ import annotations

import numpy as np

from statmech_bayes.gp.learning_curve_approx import eigen_learning_curve
from statmech_bayes.randomwalk.tree import tree_kernel

_CHUNK = 2_000_000  # elements per (n x spectrum) block in the vectorised Fermi integral

__all__ = ["F", "c_prime", "c_scale", "initial_slope", "kesten_mckay_density", "kesten_mckay_nodes",
           "lambda_minus", "lambda_plus", "master_curve", "r", "regular_tree_learning_curve"]


# ---------------------------------------------------------------------------------------------
# Kesten–McKay spectrum of large d-regular graphs (Eqs. 20-21)
# ---------------------------------------------------------------------------------------------


def _check_d(d) -> float:
    if int(d) != d or d < 3:
        raise ValueError(f"d must be an integer >= 3, got {d!r}")
    return float(d)


def lambda_minus(d) -> float:
    """Lower edge of the Kesten–McKay support, ``λ_- = 1 - 2 sqrt(d-1)/d`` (Eq. 20)."""
    d = _check_d(d)
    return 1.0 - 2.0 * np.sqrt(d - 1.0) / d


def lambda_plus(d) -> float:
    """Upper edge of the Kesten–McKay support, ``λ_+ = 1 + 2 sqrt(d-1)/d`` (Eq. 20)."""
    d = _check_d(d)
    return 1.0 + 2.0 * np.sqrt(d - 1.0) / d


def kesten_mckay_density(d, lam) -> np.ndarray:
    """Eq. (20): ``ρ(λ) = d sqrt(4(d-1)/d² - (λ-1)²) / (2π λ (2-λ))`` on ``[λ_-, λ_+]``, else 0."""
    d = _check_d(d)
    lam = np.asarray(lam, dtype=float)
    arg = 4.0 * (d - 1.0) / d**2 - (lam - 1.0) ** 2
    inside = arg > 0
    out = np.zeros_like(lam)
    out[inside] = d * np.sqrt(arg[inside]) / (2.0 * np.pi * lam[inside] * (2.0 - lam[inside]))
    return out


def kesten_mckay_nodes(d, n_nodes: int) -> tuple[np.ndarray, np.ndarray]:
    """Quadrature nodes and weights for the Kesten–McKay law (Eq. 20; spec 2.6).

    With ``λ = 1 - s cos θ``, ``s = 2 sqrt(d-1)/d``, ``θ ∈ [0, π]`` (``θ = 0`` is ``λ_-``),
    ``ρ(λ) dλ = d (s sin θ)² / (2π λ (2-λ)) dθ``: the square-root edges disappear and the integrand is
    a smooth periodic function of θ, for which the midpoint rule used here converges exponentially.
    ``Σ weights = 1`` (the isolated eigenvalues 0 and 2 of finite graphs are ignored).
    """
    d = _check_d(d)
    n_nodes = int(n_nodes)
    if n_nodes < 2:
        raise ValueError("n_nodes must be >= 2")
    s = 2.0 * np.sqrt(d - 1.0) / d
    theta = (np.arange(n_nodes) + 0.5) * (np.pi / n_nodes)
    lam = 1.0 - s * np.cos(theta)
    weights = d * (s * np.sin(theta)) ** 2 / (2.0 * np.pi * lam * (2.0 - lam)) * (np.pi / n_nodes)
    return lam, weights


def regular_tree_learning_curve(d, a: float, p: int, nus, sigma2: float, *, n_nodes: int) -> np.ndarray:
    """Eigenvalue approximation on large random d-regular graphs, Eq. (21), as a function of ``ν``.

    Kernel eigenvalues per vertex are ``t(λ) = (1-λ/a)^p / ∫ρ(1-λ/a)^p`` over the Kesten–McKay law, so
    ``ε = ∫ ρ t / (1 + t ν/(ε+σ²)) dλ`` and ``ε(0) = 1``. The power is evaluated as
    ``exp(p [log(1-λ/a) - log(1-λ_-/a)])``, i.e. relative to its value at ``λ_-`` (spec A17), which
    avoids underflow for large p (e.g. p = 1500).
    """
    if a < 2:
        raise ValueError(f"a must be >= 2, got {a!r}")
    lam, w = kesten_mckay_nodes(d, n_nodes)
    log_u = float(p) * (np.log1p(-lam / a) - np.log1p(-lambda_minus(d) / a))
    u = np.exp(log_u)
    t = u / float(u @ w)
    return eigen_learning_curve(t, nus, sigma2, weights=w, drop_tol=1e-16)


# ---------------------------------------------------------------------------------------------
# large-p master curve (Eqs. 22-26)
# ---------------------------------------------------------------------------------------------


def r(d) -> float:
    """Edge amplitude of Eq. (23), ``ρ(λ) ≈ r (λ-λ_-)^{1/2}``: ``r = (d-1)^{1/4} d^{5/2} / (π (d-2)²)``."""
    d = _check_d(d)
    return (d - 1.0) ** 0.25 * d**2.5 / (np.pi * (d - 2.0) ** 2)


F0 = float(np.sqrt(np.pi) / 2.0)  # F(0) = Γ(3/2)


def c_prime(d, a: float) -> float:
    """``c' = r F(0) (a-λ_-)^{3/2}``, so that ``c = c'/p^{3/2}`` (Eq. 25) and ``ν/c = ν p^{3/2}/c'``."""
    return r(d) * F0 * (a - lambda_minus(d)) ** 1.5


def c_scale(d, a: float, p) -> float:
    """``c = r F(0) ((a-λ_-)/p)^{3/2}`` of Eq. (25)."""
    return c_prime(d, a) / np.asarray(p, dtype=float) ** 1.5


def _fermi_nodes(y_max: float, n_first: int = 32, n_panel: int = 24, width: float = 2.0):
    """Nodes ``y`` and weights ``ω`` with ``∫_0^{y_max} f(y) y^{1/2} dy ≈ Σ ω f(y)`` for smooth ``f``.

    ``[0, 1]`` is mapped by ``y = u²`` (removes the square root), ``[1, y_max]`` is covered by
    Gauss–Legendre panels of width ``≤ width``. The Fermi-like factor ``1/(e^y + z)`` has its poles a
    distance π off the real axis whatever ``z``, so a fixed panel width resolves every ``z``.
    """
    x1, w1 = np.polynomial.legendre.leggauss(n_first)
    u = 0.5 * (x1 + 1.0)
    y_parts, w_parts = [u * u], [2.0 * u * u * 0.5 * w1]
    if y_max > 1.0:
        k = int(np.ceil((y_max - 1.0) / width))
        edges = np.linspace(1.0, y_max, k + 1)
        xp, wp = np.polynomial.legendre.leggauss(n_panel)
        mid, half = 0.5 * (edges[1:] + edges[:-1]), 0.5 * (edges[1:] - edges[:-1])
        y = (mid[:, None] + half[:, None] * xp[None, :]).ravel()
        y_parts.append(y)
        w_parts.append((half[:, None] * wp[None, :]).ravel() * np.sqrt(y))
    return np.concatenate(y_parts), np.concatenate(w_parts)


def _y_max(z_max: float) -> float:
    return float(np.log(max(z_max, 1.0)) + 60.0)


def F(z) -> np.ndarray:
    """``F(z) = ∫_0^∞ y^{1/2} / (e^y + z) dy`` of Eq. (24), vectorised, for ``z ≥ 0``.

    ``F(0) = Γ(3/2) = sqrt(π)/2``; in closed form ``F(z) = -Γ(3/2) Li_{3/2}(-z)/z``, and
    ``F(z) ≈ (2/3) (ln z)^{3/2}/z`` for large z. Evaluated by the composite quadrature of
    :func:`_fermi_nodes` on ``[0, ln max(z,1) + 60]``; the integrand is written ``1/(e^y + z)`` with
    overflow to ``inf`` giving the correct 0, so the result is accurate to ~1e-14 relative for any z.
    """
    z = np.asarray(z, dtype=float)
    if np.any(z < 0) or not np.all(np.isfinite(z)):
        raise ValueError("F(z) is implemented for finite z >= 0")
    if z.size == 0:
        return np.zeros(z.shape)
    y, om = _fermi_nodes(_y_max(float(z.max())))
    with np.errstate(over="ignore"):
        ey = np.exp(y)
    flat = z.ravel()
    out = np.empty(flat.size)
    rows = max(1, _CHUNK // y.size)
    for s in range(0, flat.size, rows):
        out[s : s + rows] = (1.0 / (ey[None, :] + flat[s : s + rows, None])) @ om
    return out.reshape(z.shape)


def master_curve(d, a: float, x, sigma2: float) -> np.ndarray:
    """Large-p master curve, Eq. (26): ``ε = F(ν c^{-1}/(ε+σ²)) / F(0)`` with ``ν c^{-1} = x/c'``.

    ``x = ν p^{3/2}``. Eq. (26) is itself an eigenvalue approximation with the continuous spectrum
    ``t(y) = e^{-y}``, density ``∝ y^{1/2}`` (the square-root edge of Eq. 23 times the exponential of
    Eq. 22), so it is solved by :func:`eigen_learning_curve` on the nodes of :func:`F`.
    """
    x = np.asarray(x, dtype=float)
    if np.any(x < 0):
        raise ValueError("x must be non-negative")
    n_eff = x / c_prime(d, a)
    y, om = _fermi_nodes(_y_max(float(n_eff.max(initial=0.0)) / sigma2))
    t = np.exp(-y)
    weights = om / float(om @ t)  # normalised so that ε(0) = 1 exactly
    return eigen_learning_curve(t, n_eff, sigma2, weights=weights)


# ---------------------------------------------------------------------------------------------
# initial decay (Eq. 19)
# ---------------------------------------------------------------------------------------------


def initial_slope(d, a: float, p, sigma2: float = 0.0):
    """Initial slope ``-dε/dν`` at ``ν = 0`` on large d-regular graphs, Eq. (19) read per spec A4.

    ``-dε/dν|_0 = (1/(1+σ²)) Σ_{l=0}^{p} v_l C_{l,p}²`` with ``v_0 = 1``, ``v_l = d(d-1)^{l-1}`` and the
    normalised tree kernel ``C_{l,p}`` of Eq. (4); ``sigma2 = 0`` gives the bare sum of Eq. (19). It is
    the same for the exact curve and the eigenvalue approximation (it equals ``∫ρ t²``) and grows as
    ``p^{3/2}`` (Appendix A.2). Products are formed in log space because ``v_l`` overflows.
    ``p`` may be a scalar or a sequence (one recursion serves all).
    """
    p_arr = np.atleast_1d(np.asarray(p, dtype=np.int64))
    if np.any(p_arr < 0):
        raise ValueError("p must be non-negative")
    l_max = int(p_arr.max())
    tk = tree_kernel(d, a, p_arr, l_max=l_max)
    l = np.arange(l_max + 1)
    log_v = np.where(l == 0, 0.0, np.log(d) + (l - 1.0) * np.log(d - 1.0))  # log of shell_volumes(d, l)
    C = np.abs(tk.C)
    with np.errstate(divide="ignore"):
        log_C2 = np.where(C > 0, 2.0 * np.log(np.where(C > 0, C, 1.0)), -np.inf)
    terms = np.exp(log_v[None, :] + log_C2)
    sums = dict(zip(tk.p.tolist(), terms.sum(axis=1)))
    out = np.array([sums[int(q)] for q in p_arr]) / (1.0 + sigma2)
    return float(out[0]) if np.ndim(p) == 0 else out
