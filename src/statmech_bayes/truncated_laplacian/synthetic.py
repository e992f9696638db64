"""Simulated truth and labels of Section 5.1 (path graph, Fig. 1; small-world graph, Fig. 3)."""

from __future__ import annotations

import numpy as np
from scipy import special


def truth_coefficients(n: int) -> np.ndarray:
    """``w_1 = 0`` and ``w_k = √n (k-1)^{-1.5} sin(k-1)`` for k = 2..n (Section 5.1)."""
    n = int(n)
    if n < 1:
        raise ValueError(f"n must be >= 1, got {n!r}")
    j = np.arange(1, n, dtype=float)
    return np.concatenate([[0.0], np.sqrt(n) * j ** -1.5 * np.sin(j)])


def truth_function(basis) -> np.ndarray:
    """``f0 = Σ_{k=1}^{n} w_k u^(k)`` on an eigenbasis holding all n eigenpairs."""
    if basis.K != basis.n:
        raise ValueError(f"f0 needs all n={basis.n} eigenvectors, basis has {basis.K}")
    return basis.synth(truth_coefficients(basis.n))


def simulate_labels(f0: np.ndarray, n_missing: int, rng: np.random.Generator):
    """``Y_i ~ Bernoulli(Φ(f0_i))`` for every vertex, then exactly ``n_missing`` vertices chosen
    uniformly without replacement are marked unobserved ("remove at random 20 % of the labels").

    Returns ``(y int8 (n,), observed bool (n,))``; ``y`` keeps the removed labels (for evaluation).
    """
    f0 = np.asarray(f0, dtype=float)
    n = f0.size
    if not 0 <= int(n_missing) <= n:
        raise ValueError(f"n_missing must be in 0..{n}, got {n_missing!r}")
    y = (rng.random(n) < special.ndtr(f0)).astype(np.int8)
    observed = np.ones(n, dtype=bool)
    observed[rng.choice(n, size=int(n_missing), replace=False)] = False
    return y, observed
