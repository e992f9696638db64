"""Replica-symmetric saddle point of the SBC (Section 3, Eqs. 13-16) for the step f of Eq. (17).

The extremisation of the RS free energy (16) is split, as in the spec's restatement, into

* the energetic map ``(Q, R) → (Q̂, R̂)`` (the saddle-point equations that reappear as (47)-(48)),
* the entropic map ``(Q̂, R̂) → (Q, R)`` with the pruning multipliers ``S = F + Q̂`` and ``λ`` fixed
  by (54)-(55); ``Q`` from (51) and ``R`` from (52) -- the paper's Eq. (53) drops a term and is only
  available for demonstration (``r_equation="53"``).

The fixed point of the composed map is the RS saddle point; its undamped iteration from ``Q = R = 0`` is
the state evolution of BP (:mod:`.state_evolution`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.special import ndtr

from .pruning import PruningSolution, moments, solve_pruning
from .quadrature import GaussGrid, gauss_grid
from .transfer import a_out, check_kappa


class RSConvergenceError(RuntimeError):
    """The RS fixed-point iteration did not converge."""


def _check_params(C, Ct, alpha):
    if not 0.0 < C < 1.0:
        raise ValueError(f"C must lie in (0, 1), got {C!r}")
    if not 0.0 < Ct <= 1.0:
        raise ValueError(f"Ct must lie in (0, 1], got {Ct!r}")
    if not alpha > 0:
        raise ValueError(f"alpha must be positive, got {alpha!r}")


def energetic(Q: float, R: float, C: float, Ct: float, alpha: float, kappa: float, grid: GaussGrid):
    """``(Q̂, R̂)`` from ``(Q, R)`` (saddle point of (16) in R̂, Q̂; Eqs. 47-48 of the dynamics).

    ``Q̂ = 2α ∫Dz a(√Q z; V)² [κ + (1−2κ) Φ(R z / √(Q C_t − R²))]`` and
    ``R̂ = 2α (1−2κ) / √(2π C_t) ∫Dz a(√(Q − R²/C_t) z; V)``, with ``V = C − Q``; both reduce the
    two-dimensional teacher/student average to one dimension using ``f' = (1−2κ) δ``.
    """
    V = C - Q
    if not V > 0:
        raise ValueError(f"need Q < C, got Q={Q!r}, C={C!r}")
    z, w = grid.z, grid.w
    a = a_out(np.sqrt(Q) * z, V, kappa)
    gap = Q * Ct - R * R
    if R == 0.0:
        teacher_agrees = np.full_like(z, 0.5)  # ∫Dz Φ(cz)·g = ½∫Dz g for even g; at R = 0 c = 0 exactly
    elif gap <= 1e-300:
        teacher_agrees = (np.sign(R) * z > 0).astype(float) + 0.5 * (z == 0)
    else:
        teacher_agrees = ndtr(R * z / np.sqrt(gap))
    Qh = 2.0 * alpha * np.dot(w, a * a * (kappa + (1.0 - 2.0 * kappa) * teacher_agrees))
    cond_var = max(Q - R * R / Ct, 0.0)
    Rh = (2.0 * alpha * (1.0 - 2.0 * kappa) / np.sqrt(2.0 * np.pi * Ct)
          * np.dot(w, a_out(np.sqrt(cond_var) * z, V, kappa)))
    return float(Qh), float(Rh)


def _teacher_nodes(Qh, Rh, Ct, grid):
    """Squared fields and weights of ``h = √Q̂ z + R̂ w_o`` under the teacher mixture (7)."""
    s1 = Qh + Rh * Rh
    z2 = grid.z * grid.z
    h2 = np.concatenate([Qh * z2, s1 * z2])
    wts = np.concatenate([(1.0 - Ct) * grid.w, Ct * grid.w])
    return h2, wts


def entropic(Qh: float, Rh: float, C: float, Ct: float, grid: GaussGrid, r_equation: str = "52",
             init: PruningSolution | None = None):
    """``(Q, R, pruning)`` from ``(Q̂, R̂)``: solve (54)-(55) for ``(S, λ)``, then (51) and (52).

    Eq. (52) in closed form: ``R = C_t R̂/(Q̂+R̂²) ∫Dz p(σ₁z) (σ₁z)²/S`` with ``σ₁² = Q̂ + R̂²``,
    using ``E[w_o | h] = R̂ h/(Q̂+R̂²)`` on the Gaussian component of the teacher.
    ``r_equation="53"`` uses the paper's Eq. (53), ``R = (R̂/S) ⟨∫Dz p w_o²⟩`` (known to be wrong).
    """
    if r_equation not in ("52", "53"):
        raise ValueError(f"r_equation must be '52' or '53', got {r_equation!r}")
    h2, wts = _teacher_nodes(Qh, Rh, Ct, grid)
    sol = solve_pruning(h2, C, weights=wts, init=init)
    n = grid.z.size
    p, m, _ = moments(np.sqrt(h2), sol.S, sol.lam)
    Q = float(np.dot(wts, m * m))
    s1sq = Qh + Rh * Rh
    if r_equation == "52":
        R = Ct * Rh / s1sq * float(np.dot(grid.w, p[n:] * h2[n:])) / sol.S
    else:
        # Two-dimensional average over (z, w_o) on the Gaussian teacher component.
        zz, ww = grid.z[:, None], grid.z[None, :]
        hh = np.sqrt(Qh) * zz + Rh * ww
        p2, _, _ = moments(hh, sol.S, sol.lam)
        R = Rh / sol.S * Ct * float(grid.w @ (p2 * ww * ww) @ grid.w)
    return Q, R, sol


@dataclass(frozen=True)
class RSSolution:
    """The RS saddle point at one ``(C, C_t)``: order parameters, conjugates, multipliers, errors."""

    C: float
    Ct: float
    Q: float
    R: float
    Qh: float
    Rh: float
    S: float
    F: float
    lam: float
    eps_sbc: float
    eps_gibbs: float
    iterations: int


def eps_sbc(Q, R, Ct, kappa):
    """SBC generalisation error, closed form of Eq. (11) for the step f:
    ``κ + (1−2κ) arccos(R/√(Q C_t))/π``."""
    rho = np.clip(np.asarray(R, float) / np.sqrt(np.asarray(Q, float) * Ct), -1.0, 1.0)
    return kappa + (1.0 - 2.0 * kappa) * np.arccos(rho) / np.pi


def eps_gibbs(Q, R, C, Ct, kappa):
    """Gibbs-learning generalisation error, closed form of Eq. (18): ``κ + (1−2κ) arccos(R/√(C C_t))/π``.

    ``Q`` is unused by the closed form (a Gibbs sample has norm ``C`` regardless of Q) but is kept in
    the signature to mirror :func:`eps_sbc`."""
    del Q
    rho = np.clip(np.asarray(R, float) / np.sqrt(np.asarray(C, float) * Ct), -1.0, 1.0)
    return kappa + (1.0 - 2.0 * kappa) * np.arccos(rho) / np.pi


def rs_map(Q, R, C, Ct, alpha, kappa, grid, r_equation="52", init=None):
    """One undamped step ``(Q, R) → (Q', R')`` of the saddle-point equations; also returns the
    conjugates and the pruning solution. Shared by :func:`solve_rs` and the state evolution."""
    Qh, Rh = energetic(Q, R, C, Ct, alpha, kappa, grid)
    Qn, Rn, sol = entropic(Qh, Rh, C, Ct, grid, r_equation=r_equation, init=init)
    return Qn, Rn, Qh, Rh, sol


def _project(Q, R, C, Ct):
    # Keep the iterate physical: 0 < Q < C and R² ≤ Q C_t (Cauchy-Schwarz for the overlaps).
    Q = min(max(Q, 1e-300), C * (1.0 - 1e-12))
    lim = np.sqrt(Q * Ct)
    return Q, float(np.clip(R, -lim, lim))


def solve_rs(C: float, Ct: float, alpha: float, kappa: float, *, grid: GaussGrid, damping: float = 0.5,
             tol: float = 1e-10, max_iter: int = 5000, init: tuple[float, float] | None = None,
             r_equation: str = "52") -> RSSolution:
    """The RS saddle point of (16) at ``(C, C_t, α, κ)`` by damped fixed-point iteration, the Gaussian measure on
    ``grid`` (:func:`.quadrature.gauss_grid`; built once by the caller and shared by every point of a grid).

    ``Q ← η Q + (1−η) Q_new`` (likewise R), from ``init = (Q, R)`` (default ``(1e-6, 1e-7)``, the
    basin that BP's state evolution reaches from ``Q = R = 0``). Stops when ``|ΔQ| + |ΔR| < tol``;
    raises :class:`RSConvergenceError` if that does not happen within ``max_iter`` iterations.
    """
    _check_params(C, Ct, alpha)
    kappa = check_kappa(kappa)
    if not 0.0 <= damping < 1.0:
        raise ValueError(f"damping must lie in [0, 1), got {damping!r}")
    Q, R = (1e-6, 1e-7) if init is None else init
    Q, R = _project(Q, R, C, Ct)
    sol = None
    iterations = 0
    for _ in range(max_iter):
        iterations += 1
        Qn, Rn, Qh, Rh, sol = rs_map(Q, R, C, Ct, alpha, kappa, grid, r_equation, init=sol)
        Qn, Rn = _project(damping * Q + (1.0 - damping) * Qn, damping * R + (1.0 - damping) * Rn, C, Ct)
        step = abs(Qn - Q) + abs(Rn - R)
        Q, R = Qn, Rn
        if not (np.isfinite(Q) and np.isfinite(R)):
            raise RSConvergenceError(f"RS iteration diverged at C={C}, Ct={Ct}")
        if step < tol:
            break
    else:
        raise RSConvergenceError(f"RS iteration not converged after {max_iter} iterations at C={C}, "
                                 f"Ct={Ct}, alpha={alpha}, kappa={kappa} (last step {step:.3g})")
    # Conjugates and multipliers at the converged (Q, R), so that all reported fields are consistent.
    _, _, Qh, Rh, sol = rs_map(Q, R, C, Ct, alpha, kappa, grid, r_equation, init=sol)
    return RSSolution(C=C, Ct=Ct, Q=Q, R=R, Qh=Qh, Rh=Rh, S=sol.S, F=sol.S - Qh, lam=sol.lam,
                      eps_sbc=float(eps_sbc(Q, R, Ct, kappa)), eps_gibbs=float(eps_gibbs(Q, R, C, Ct, kappa)),
                      iterations=iterations)


RS_FIELDS = ("Q", "R", "Qh", "Rh", "S", "F", "lam", "eps_sbc", "eps_gibbs", "iterations")


def solve_rs_grid(C_values, Ct_values, alpha: float, kappa: float, *, n_quad: int,
                  damping: float = 0.5, tol: float = 1e-10, max_iter: int = 5000) -> dict:
    """RS saddle points on the grid ``Ct_values × C_values`` -- one solve serves both panels of Fig. 1.

    Returns a dict of arrays of shape ``(len(Ct_values), len(C_values))`` for every field of
    :class:`RSSolution` (``iterations`` as int), plus the 1-D ``C`` and ``Ct`` axes. Every point starts
    from the small-overlap initial condition (no warm start), so each value is the fixed point that
    state evolution from ``Q = R = 0`` reaches, independent of the grid.
    """
    C_values = np.asarray(C_values, float).ravel()
    Ct_values = np.asarray(Ct_values, float).ravel()
    if C_values.size == 0 or Ct_values.size == 0:
        raise ValueError("C_values and Ct_values must be non-empty")
    grid = gauss_grid(n_quad)
    out = {k: np.empty((Ct_values.size, C_values.size)) for k in RS_FIELDS}
    for i, Ct in enumerate(Ct_values):
        for j, C in enumerate(C_values):
            sol = solve_rs(float(C), float(Ct), alpha, kappa, damping=damping, tol=tol,
                           max_iter=max_iter, grid=grid)
            for k in RS_FIELDS:
                out[k][i, j] = getattr(sol, k)
    out["iterations"] = out["iterations"].astype(np.int64)
    out["C"], out["Ct"] = C_values, Ct_values
    return out
