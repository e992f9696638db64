"""Fig. 1 of Hartog & van Zanten (2018): the truth, its probit labels and the removed vertices on the path graph
(rule ``hvz_path_data``). Its posterior (Fig. 2) is :mod:`.graph_mcmc`."""

from __future__ import annotations

import numpy as np
from scipy import special

from statmech_bayes.truncated_laplacian import eigenbasis as eb
from statmech_bayes.truncated_laplacian import synthetic as sy


def path_data(rng: np.random.Generator, *, n: int, frac_missing: float) -> dict:
    """Fig. 1: truth ``f0 = Σ w_k u^(k)`` on the path of ``n`` vertices (explicit eq. 4 basis),
    ``ℓ0 = Φ(f0)``, labels ``Y_i ~ Bern(ℓ0(i))`` for all i and exactly ``round(frac_missing n)``
    removed. Returns ``vertex`` (1..n), ``f0``, ``ell0``, ``y`` int8, ``observed`` bool (all (n,))."""
    n = int(n)
    basis = eb.DCTBasis((n,))
    f0 = sy.truth_function(basis)
    y, observed = sy.simulate_labels(f0, int(round(float(frac_missing) * n)), rng)
    return {"vertex": np.arange(1, n + 1), "f0": f0, "ell0": special.ndtr(f0), "y": y, "observed": observed}
