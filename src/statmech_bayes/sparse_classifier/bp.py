"""Fast BP algorithm of Section 4.3 (Eqs. 38-41) and the leave-one-out error from its cavity fields (Eq. 56).

Only node quantities are kept: ``m ∈ R^N`` (posterior means ⟨c_l w_l⟩), ``a ∈ R^M``, ``Δ = A m`` and
``θ = Aᵀ a``, with ``A_{μl} = y^μ x_l^μ / √N`` the label-folded data. Onsager terms replace the
cavity messages: ``⟨Δ_μ⟩_μ = Δ_μ − (C − Q) a_μ`` (Eq. 38) and ``h_l = θ_l − Γ m_l^{old}`` (Eq. 39), so one
update costs two matrix-vector products plus O(N + M).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from scipy.special import expit

from .pruning import PruningSolution, solve_pruning
from .transfer import a_out, check_kappa

HISTORY_FIELDS = ("Q", "R", "eps", "looe", "S", "lam", "Gamma", "max_dm")


def signed_data(X: np.ndarray, y: np.ndarray) -> np.ndarray:
    """``A = y x / √N`` of shape (M, N): the label-folded inputs every BP quantity is built from."""
    X = np.asarray(X, float)
    y = np.asarray(y, float)
    if X.ndim != 2:
        raise ValueError(f"X must be a 2-D (M, N) array, got shape {X.shape}")
    if y.shape != (X.shape[0],) or not np.all(np.abs(y) == 1):
        raise ValueError(f"y must be a length-{X.shape[0]} vector of ±1 labels")
    return X * (y[:, None] / np.sqrt(X.shape[1]))


def cavity_stabilities(Delta: np.ndarray, a: np.ndarray, C: float, Q: float) -> np.ndarray:
    """``⟨Δ_μ⟩_μ = Δ_μ − (C − Q) a_μ`` (Eq. 38): example μ's stability with μ left out of training."""
    return Delta - (C - Q) * a


def looe_from_cavity(omega: np.ndarray) -> float:
    """Eq. (56) for the step f: ``(1/M) Σ_μ Θ(½ − Z_out(⟨Δ_μ⟩_μ))``. For κ < ½, ``Z_out < ½`` iff the
    cavity stability is negative; Θ(0) = 0 so a zero stability counts as correct."""
    return float(np.mean(omega < 0.0))


@dataclass
class BPResult:
    """Final state of a BP run and its per-update history.

    ``m`` (N,), ``a`` (M,), ``Delta`` (M,) are the last iterate; ``Q``, ``S``, ``lam`` its macroscopic
    parameters; ``omega`` the cavity stabilities and ``looe`` Eq. (56) at the last iterate.
    ``history[k]`` is a float array with one entry per update performed (index t − 1 for update t);
    ``R`` and ``eps`` are NaN when no teacher was given. ``converged`` means ``max|Δm| < tol`` was
    reached (always False when ``tol`` is None). ``snapshots[t]`` is a copy of ``m`` after update t for
    every t requested through ``bp_fast(..., snapshots=...)``.
    """

    m: np.ndarray
    a: np.ndarray
    Delta: np.ndarray
    Q: float
    S: float
    lam: float
    omega: np.ndarray
    looe: float
    converged: bool
    n_updates: int
    history: dict = field(default_factory=dict)
    snapshots: dict = field(default_factory=dict)


def bp_fast(A: np.ndarray, C: float, kappa: float, T: int, *, damping: float = 0.0,
            tol: float | None = None, w_true: np.ndarray | None = None,
            m0: np.ndarray | None = None, a0: np.ndarray | None = None, snapshots=()) -> BPResult:
    """Run the fast BP algorithm (Eqs. 40-41) for at most ``T`` updates on label-folded data ``A`` (M, N).

    Update t → t+1 (paper's indices)::

        V = C − Q^t;  ω = Δ^t − V a^t                       (Eq. 38)
        a^{t+1} = a(ω; V);  Γ^{t+1} = (1/N) Σ_μ b(ω_μ; V)     (Eqs. 40, 33)
        h = Aᵀ a^{t+1} − Γ^{t+1} m^t                         (Eq. 39)
        (S, λ) from (1/N) Σ p(h_l) = C, (1/N) Σ s2(h_l) = C    (Eqs. 34-35)
        m^{t+1} = p(h) h / S;  Q^{t+1} = |m|²/N;  Δ = A m      (Eq. 41)

    ``damping`` η ∈ [0, 1) mixes ``a ← η a_old + (1−η) a_new`` before ``θ`` is formed and
    ``m ← η m_old + (1−η) m_new``, from the second update on (the paper has none; the real data need
    it, period-2 oscillations otherwise). ``tol``: stop once ``max_l |Δm_l| < tol``. ``w_true``:
    the teacher, to record ``R^t`` and the overlap error. ``m0``/``a0``: warm start (``Δ`` and ``Q``
    are recomputed from ``m0``). ``snapshots``: update counts t (1..T) after which a copy of ``m`` is kept
    (the paper's fixed-T algorithm read at T and at T + 1 from one run).
    """
    A = np.asarray(A, float)
    if A.ndim != 2:
        raise ValueError(f"A must be a 2-D (M, N) array, got shape {A.shape}")
    M, N = A.shape
    if not 0.0 < C < 1.0:
        raise ValueError(f"C must lie in (0, 1), got {C!r}")
    kappa = check_kappa(kappa)
    if int(T) != T or T < 1:
        raise ValueError(f"T must be a positive integer, got {T!r}")
    if not 0.0 <= damping < 1.0:
        raise ValueError(f"damping must lie in [0, 1), got {damping!r}")
    if w_true is not None:
        w_true = np.asarray(w_true, float)
        if w_true.shape != (N,):
            raise ValueError(f"w_true must have shape ({N},), got {w_true.shape}")
        w_norm = np.linalg.norm(w_true)
    m = np.zeros(N) if m0 is None else np.array(m0, float)
    a = np.zeros(M) if a0 is None else np.array(a0, float)
    if m.shape != (N,) or a.shape != (M,):
        raise ValueError(f"m0 must have shape ({N},) and a0 shape ({M},)")
    Delta = A @ m
    Q = float(m @ m) / N
    hist = {k: np.full(int(T), np.nan) for k in HISTORY_FIELDS}
    sol: PruningSolution | None = None
    converged = False
    warm = m0 is not None or a0 is not None
    keep = {int(k) for k in snapshots}
    snaps: dict[int, np.ndarray] = {}
    for t in range(int(T)):
        # Self-averaged Σ_l A_μl² Var(c_l w_l) = C − Q; never exactly zero since Σ s2 = NC > Σ m².
        V = max(C - Q, 1e-12 * C)
        omega = Delta - V * a
        a_new = a_out(omega, V, kappa)
        Gamma = float(np.sum(-a_new * (a_new + omega / V))) / N
        if damping and (t > 0 or warm):
            a_new = damping * a + (1.0 - damping) * a_new
        h = A.T @ a_new - Gamma * m
        sol = solve_pruning(h * h, C, init=sol)
        m_new = expit(sol.u + (0.5 / sol.S) * h * h) * h / sol.S
        if damping and (t > 0 or warm):
            m_new = damping * m + (1.0 - damping) * m_new
        max_dm = float(np.max(np.abs(m_new - m)))
        m, a = m_new, a_new
        Q = float(m @ m) / N
        Delta = A @ m
        if t + 1 in keep:
            snaps[t + 1] = m.copy()
        hist["Q"][t], hist["S"][t], hist["lam"][t] = Q, sol.S, sol.lam
        hist["Gamma"][t], hist["max_dm"][t] = Gamma, max_dm
        hist["looe"][t] = looe_from_cavity(cavity_stabilities(Delta, a, C, Q))
        if w_true is not None:
            hist["R"][t] = float(w_true @ m) / N
            nm = np.sqrt(Q * N)
            rho = 0.0 if nm == 0 or w_norm == 0 else float(np.clip(w_true @ m / (nm * w_norm), -1, 1))
            hist["eps"][t] = kappa + (1.0 - 2.0 * kappa) * np.arccos(rho) / np.pi
        if tol is not None and max_dm < tol:
            converged = True
            break
    n = t + 1
    omega = cavity_stabilities(Delta, a, C, Q)
    return BPResult(m=m, a=a, Delta=Delta, Q=Q, S=sol.S, lam=sol.lam, omega=omega,
                    looe=looe_from_cavity(omega), converged=converged, n_updates=n,
                    history={k: v[:n] for k, v in hist.items()}, snapshots=snaps)


def predict(m: np.ndarray, X: np.ndarray) -> np.ndarray:
    """SBC prediction for inputs ``X`` (K, N), Eq. (37): ``sign(Σ_l m_l x_l)`` (= sign(Z_out − ½) for
    κ < ½). A zero field is mapped to +1."""
    return np.where(np.asarray(X, float) @ np.asarray(m, float) >= 0, 1.0, -1.0)
