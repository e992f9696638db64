"""Pseudo-outputs under matched and mismatched kernel normalisation on one graph (Urry & Sollich 2013, App. B)."""

from __future__ import annotations

import numpy as np

from statmech_bayes.gp.graph_posterior import kernels_from_basis, pseudo_outputs
from statmech_bayes.graphs.components import component_layout
from statmech_bayes.graphs.operators import edge_list
from statmech_bayes.graphs.spectral import SpectralBasis

# (student, teacher): matched reference and mismatched case of each figure.
SCENARIOS = {"fig11": (("global", "global"), ("global", "local")),
             "fig12": (("local", "local"), ("local", "global"))}


def pseudo_output_data(A, p: int, a: float, N: int, sigma2: float, rng) -> dict:
    """One graph, one data set, one teacher draw; ``z_μ^2`` and its conditional expectation for the four
    student/teacher pairings, the prediction vector of the largest mismatched spike, and a layout."""
    V = A.shape[0]
    C = dict(zip(("global", "local"), kernels_from_basis(SpectralBasis.of_graph(A), p, a)))
    x = rng.integers(0, V, size=N)
    xi, eta = rng.standard_normal(V), rng.standard_normal(N)  # shared by all pairings
    out = {"x": x, "edges": edge_list(A), "V": np.int64(V)}
    for pairs in SCENARIOS.values():
        for student, teacher in pairs:
            r = pseudo_outputs(C[student], C[teacher], x, sigma2, xi, eta)
            tag = f"{student}_{teacher}"
            out[f"z2_{tag}"], out[f"z2exp_{tag}"] = r["z2"], r["z2_expected"]
            if student != teacher:
                mu = int(np.argmax(r["z2"]))
                out[f"mustar_{tag}"], out[f"m_{tag}"] = np.int64(mu), r["M"][:, mu]
    out["pos"] = component_layout(out["edges"], V, seed=int(rng.integers(2**31)))
    return out
