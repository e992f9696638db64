"""One symmetric eigendecomposition of a graph's normalised adjacency, reused by every kernel built on it.

``S = U diag(μ) Uᵀ`` serves every lazy-walk power ``((1-1/a) I + S/a)^p = U diag(f^p) Uᵀ`` with
``f = (1-1/a) + μ/a`` (Urry & Sollich 2013, Eqs. 2-3), so one ``eigh`` per graph is enough for all
``(p, a)``, noise levels and sample sizes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from statmech_bayes.graphs.operators import normalised_adjacency


@dataclass(frozen=True)
class SpectralBasis:
    """Eigenpairs of the normalised adjacency ``S`` of one graph: ``S = U diag(mu) Uᵀ``."""

    mu: np.ndarray
    U: np.ndarray

    @classmethod
    def of_graph(cls, A) -> SpectralBasis:
        S = normalised_adjacency(A).toarray()
        mu, U = np.linalg.eigh(S)
        return cls(mu=mu, U=U)

    def walk_factors(self, p, a: float) -> np.ndarray:
        """``f_α^p`` for each p in ``p`` (rows) and eigenvalue α (columns); ``f ∈ [0, 1]`` for a >= 2."""
        f = np.clip((1.0 - 1.0 / a) + self.mu / a, 0.0, None)
        return f[None, :] ** np.atleast_1d(np.asarray(p, dtype=float))[:, None]

    def kernel(self, p: int, a: float) -> np.ndarray:
        """The unnormalised kernel ``Ĉ = (I - L/a)^p`` of Eq. (2) as a dense matrix."""
        F = self.walk_factors(p, a)[0]
        return (self.U * F) @ self.U.T
