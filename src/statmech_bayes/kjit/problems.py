"""Synthetic problems of Experiments 1-4 (paper Sec. 4; spec 4) and the evaluation helpers."""

from __future__ import annotations

import numpy as np


def sample_w(d: int, rng: np.random.Generator) -> np.ndarray:
    """Coefficients ``w ~ N(0, I_d)``."""
    if int(d) < 1:
        raise ValueError(f"d must be >= 1, got {d!r}")
    return rng.standard_normal(int(d))


def logistic_problem(w, n: int, rng: np.random.Generator):
    """``x_i ~ N(0, I_d)``, ``y_i ~ Bernoulli(sigma(w^T x_i))``, i = 1..n (no bias; Fig. 2 model)."""
    w = np.asarray(w, float)
    if int(n) < 1:
        raise ValueError(f"n must be >= 1, got {n!r}")
    X = rng.standard_normal((int(n), w.size))
    y = (rng.random(int(n)) < 1.0 / (1.0 + np.exp(-X @ w))).astype(np.int8)
    return X, y


def bayes_disagreement(w_true, w_post, X_test) -> float:
    """Fig. 6a metric: fraction of test inputs where the posterior-mean classifier disagrees with the
    Bayes classifier ``round(sigma(w_true^T x))`` (spec 4, Fig. 6; authors' code)."""
    X_test = np.asarray(X_test, float)
    return float(np.mean((X_test @ np.asarray(w_post) > 0) != (X_test @ np.asarray(w_true) > 0)))


def test_error(w_post, X, y) -> float:
    """Fig. 9a metric: ``mean(round(sigma(w^T x)) != y)``."""
    return float(np.mean((np.asarray(X) @ np.asarray(w_post) > 0).astype(int) != np.asarray(y)))


def compound_gamma_problem(rng: np.random.Generator, n_min: int = 10, n_max: int = 100,
                           s1: float = 1.0, r1: float = 1.0, s2: float = 1.0):
    """Exp. 4: ``n ~ U{n_min..n_max}``, ``r2 ~ Gamma(s1, r1)``, ``tau ~ Gamma(s2, r2)`` (shape-rate),
    ``x_i ~ N(0, 1/tau)``. Returns ``(x, tau)``."""
    if not (1 <= n_min <= n_max):
        raise ValueError(f"need 1 <= n_min <= n_max, got {n_min!r}, {n_max!r}")
    n = int(rng.integers(n_min, n_max + 1))
    r2 = rng.gamma(s1, 1.0 / r1)
    tau = rng.gamma(s2, 1.0 / r2)
    return rng.standard_normal(n) / np.sqrt(tau), float(tau)
