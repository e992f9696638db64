"""Teacher-student scenario of Section 3: sparse teacher (Eq. 7), spherical inputs, noisy labels."""

from __future__ import annotations

import numpy as np

from .transfer import check_kappa


def _check_rng(rng):
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy.random.Generator, got {type(rng).__name__}")


def _check_size(name, n):
    if int(n) != n or n < 1:
        raise ValueError(f"{name} must be a positive integer, got {n!r}")
    return int(n)


def sample_teacher(N: int, Ct: float, rng: np.random.Generator) -> np.ndarray:
    """Teacher weights of Eq. (7): each component is N(0, 1) with probability ``C_t``, else 0.

    Not renormalised: the theory only uses ``|w_o|²/N → C_t``.
    """
    N = _check_size("N", N)
    if not 0.0 < Ct <= 1.0:
        raise ValueError(f"Ct must lie in (0, 1], got {Ct!r}")
    _check_rng(rng)
    active = rng.random(N) < Ct
    return np.where(active, rng.standard_normal(N), 0.0)


def sample_spherical(M: int, N: int, rng: np.random.Generator) -> np.ndarray:
    """``M`` inputs from ``P_sph(x) ∝ δ(|x|² − N)``: Gaussian vectors scaled to norm exactly √N. Shape (M, N)."""
    M, N = _check_size("M", M), _check_size("N", N)
    _check_rng(rng)
    X = rng.standard_normal((M, N))
    X *= np.sqrt(N) / np.linalg.norm(X, axis=1, keepdims=True)
    return X


def noisy_labels(X: np.ndarray, w: np.ndarray, kappa: float, rng: np.random.Generator) -> np.ndarray:
    """Labels from ``P(y | x, w_o) = f(y w_o·x/√N)`` with f of Eq. (17): ``sign(w_o·x)`` flipped with
    probability κ. A zero teacher field (an all-zero teacher) gives label +1 before flipping."""
    kappa = check_kappa(kappa)
    _check_rng(rng)
    X = np.asarray(X, float)
    w = np.asarray(w, float)
    if X.ndim != 2 or w.shape != (X.shape[1],):
        raise ValueError(f"X must be (M, N) and w (N,), got {X.shape} and {w.shape}")
    y = np.where(X @ w > 0, 1.0, -1.0)
    flip = rng.random(y.size) < kappa
    return np.where(flip, -y, y)


def teacher_student_data(N: int, M: int, Ct: float, kappa: float, rng: np.random.Generator):
    """``(w_o, X, y)`` for one experiment of Figs. 3-4."""
    w = sample_teacher(N, Ct, rng)
    X = sample_spherical(M, N, rng)
    return w, X, noisy_labels(X, w, kappa, rng)


def overlap_error(m: np.ndarray, w: np.ndarray, kappa: float) -> float:
    """Exact expected error on a fresh spherical input as N → ∞ (large-N form of Eq. 11):
    ``κ + (1−2κ) arccos(ρ)/π`` with ``ρ = m·w_o/(|m| |w_o|)``; 0.5 for ``m = 0`` (no prediction)."""
    kappa = check_kappa(kappa)
    m = np.asarray(m, float)
    w = np.asarray(w, float)
    nm, nw = np.linalg.norm(m), np.linalg.norm(w)
    if nm == 0.0 or nw == 0.0:
        return 0.5
    rho = float(np.clip(m @ w / (nm * nw), -1.0, 1.0))
    return kappa + (1.0 - 2.0 * kappa) * np.arccos(rho) / np.pi
