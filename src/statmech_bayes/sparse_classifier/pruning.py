"""Posterior of one component ``(c_l, w_l)`` under a Gaussian field, and the pruning conditions.

With ``S = F + Q̂`` (Eqs. 30, 34-36, 51-55) and field ``h``:

* ``p(h)  = σ(λ − ½ ln S + h²/(2S))``  posterior probability that ``c = 1``
* ``m(h)  = p h / S``                   posterior mean of ``c w`` (Eq. 36 / 41)
* ``s2(h) = p (1/S + h²/S²)``           posterior second moment of ``c w``
* ``v(h)  = s2 − m² = ∂m/∂h``           posterior variance

``(S, λ)`` are fixed by ``⟨p⟩ = C`` (Eq. 35 / 55) and ``⟨s2⟩ = C`` (Eq. 34 / 54), where ``⟨·⟩`` is an
empirical mean over components (BP) or a quadrature over the field distribution (replica theory).
All of these depend on ``h`` only through ``h²``, which is what the solver takes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.optimize import brentq
from scipy.special import expit, logit

from . import pruning_kernels


class PruningSolveError(RuntimeError):
    """The pruning conditions (34)-(35) could not be solved for ``(S, λ)``."""


@dataclass(frozen=True)
class PruningSolution:
    """``S = F + Q̂`` and ``λ`` solving (34)-(35); ``u = λ − ½ ln S`` and ``ell = −ln S`` are the
    solver's own coordinates, kept to warm-start the next solve."""

    S: float
    lam: float
    u: float
    ell: float
    newton_steps: int


def moments(h, S: float, lam: float):
    """``(p, m, s2)`` of the component posterior for fields ``h`` (Eqs. 34-36)."""
    h = np.asarray(h, float)
    p = expit(lam - 0.5 * np.log(S) + h * h / (2.0 * S))
    return p, p * h / S, p * (1.0 / S + h * h / (S * S))


def _mean(x, w):
    # add.reduce / n is what ndarray.mean computes for float64 (the same pairwise sum), without its ~10 µs of
    # dispatch: the Newton solve runs once per BP update, ~10^6 times in the colon experiment.
    return _add(x) / x.size if w is None else np.dot(w, x)


_add = np.add.reduce


def _residuals(u, ell, h2, w, C):
    s = np.exp(ell)
    p = expit(u + 0.5 * s * h2)
    return _mean(p, w) - C, _mean(p * (s + s * s * h2), w) - C


def _newton_means(h2, w, u, s, work):
    """``⟨p⟩, ⟨p g⟩`` (the conditions' left sides) and the Jacobian means ``⟨q⟩, ⟨q·sh⟩, ⟨q g⟩,
    ⟨q·sh·g + p (s + 2 s² h²)⟩`` at ``(u, s = e^ℓ)``; unweighted (BP) in one compiled pass, bit for bit these
    NumPy expressions (:mod:`.pruning_kernels`)."""
    if w is None:
        return pruning_kernels.newton_means(h2, float(u), float(s), work)
    sh = 0.5 * s * h2
    p = expit(u + sh)
    q = p * (1.0 - p)
    g = s + s * s * h2
    return (_mean(p, w), _mean(p * g, w), _mean(q, w), _mean(q * sh, w), _mean(q * g, w),
            _mean(q * sh * g + p * (s + 2.0 * s * s * h2), w))


def _newton(h2, w, C, u, ell, tol, max_steps):
    """2-D Newton in ``(u, ℓ)``; returns ``(u, ℓ, steps)`` or ``None`` if it does not converge."""
    work = np.empty((6, h2.size)) if w is None else None
    for step in range(max_steps):
        mp, mpg, j11, j12, j21, j22 = _newton_means(h2, w, u, np.exp(ell), work)
        f1, f2 = mp - C, mpg - C
        if abs(f1) < tol * C and abs(f2) < tol * C:
            return u, ell, step
        det = j11 * j22 - j12 * j21
        if not np.isfinite(det) or det == 0.0:
            return None
        du = (j22 * f1 - j12 * f2) / det
        dl = (j11 * f2 - j21 * f1) / det
        # Clipped steps keep the iterate inside the region where expit has not saturated for all h.
        du, dl = min(max(float(du), -5.0), 5.0), min(max(float(dl), -1.0), 1.0)
        u, ell = u - du, ell - dl
        # Rounding in the means limits how small the residuals can get when C is tiny; a Newton step
        # at the level of double precision is as converged as the problem allows.
        if abs(du) < 1e-14 * (1.0 + abs(u)) and abs(dl) < 1e-14 * (1.0 + abs(ell)):
            return u, ell, step + 1
    return None


def _nested_brentq(h2, w, C, ell0, tol):
    """Fallback: λ(S) by brentq on the monotone ``⟨p⟩ − C``, then brentq on ``ℓ = −ln S``."""
    h2max = float(np.max(h2))
    base = float(logit(C))

    def u_of(ell):
        s = np.exp(ell)
        # p ≤ σ(base − 1) < C everywhere at the lower end, p ≥ σ(base + 1) > C at the upper end.
        lo, hi = base - 0.5 * s * h2max - 1.0, base + 1.0
        return brentq(lambda u: _residuals(u, ell, h2, w, C)[0], lo, hi, xtol=1e-14, rtol=1e-15)

    def g(ell):
        return _residuals(u_of(ell), ell, h2, w, C)[1]

    # ⟨s2⟩ − C increases with ℓ = −ln S: expand a bracket around the starting point.
    lo, hi = ell0 - 1.0, ell0 + 1.0
    for _ in range(200):
        if g(lo) < 0.0:
            break
        lo -= 2.0
    for _ in range(200):
        if g(hi) > 0.0:
            break
        hi += 2.0
    if not (g(lo) < 0.0 < g(hi)):
        raise PruningSolveError(f"cannot bracket the pruning conditions for C={C}")
    ell = brentq(g, lo, hi, xtol=1e-14, rtol=1e-15)
    return u_of(ell), ell


def solve_pruning(h2, C: float, weights=None, init: PruningSolution | None = None,
                  tol: float = 1e-12, max_newton: int = 60) -> PruningSolution:
    """``(S, λ)`` with ``⟨p⟩ = C`` and ``⟨s2⟩ = C`` (Eqs. 34-35 for BP, 54-55 for RS).

    ``h2`` are squared fields; ``weights`` (same shape, summing to one) turn the empirical mean into a
    quadrature. Warm-started Newton (what makes BP cheap: one or two steps per update near
    convergence), with a nested-brentq fallback; raises :class:`PruningSolveError` if both fail.
    """
    if not 0.0 < C < 1.0:
        raise ValueError(f"C must lie in (0, 1), got {C!r}")
    h2 = np.asarray(h2, float)
    if h2.ndim != 1 or h2.size == 0 or not np.all(np.isfinite(h2)):
        raise ValueError("h2 must be a non-empty 1-D array of finite squared fields")
    if weights is not None:
        weights = np.asarray(weights, float)
        if weights.shape != h2.shape:
            raise ValueError(f"weights must have the shape of h2 {h2.shape}, got {weights.shape}")
    if init is None:
        u0, ell0 = float(logit(C)), 0.0
    else:
        u0, ell0 = init.u, init.ell
    res = _newton(h2, weights, C, u0, ell0, tol, max_newton)
    if res is None and init is not None:
        res = _newton(h2, weights, C, float(logit(C)), 0.0, tol, max_newton)
    if res is None:
        u, ell = _nested_brentq(h2, weights, C, ell0, tol)
        steps = -1
        f1, f2 = _residuals(u, ell, h2, weights, C)
        if not (abs(f1) < 1e3 * tol * C and abs(f2) < 1e3 * tol * C):
            raise PruningSolveError(f"pruning conditions not solved for C={C}: residuals {f1:.3g}, {f2:.3g}")
    else:
        u, ell, steps = res
    S = float(np.exp(-ell))
    return PruningSolution(S=S, lam=float(u + 0.5 * np.log(S)), u=float(u), ell=float(ell),
                           newton_steps=steps)
