"""Simulations on graphs larger than the paper's V = 500, for the finite-size question of Fig. 9.

Urry & Sollich (2013) compare their cavity predictions, which are for V -> infinity, with simulations on
graphs of V = 500 and attribute residual shifts to finite size (Section 4.2). Where our V = 500 vertex
variance disagrees with the cavity, the same estimator on larger graphs says whether the gap closes.
At V of a few thousand the kernel is cheaper by sparse matrix powers than by an eigendecomposition.
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from statmech_bayes.gp.graph_posterior import nested_counts, normalise_global
from statmech_bayes.graphs.operators import edge_list, normalised_adjacency
from statmech_bayes.randomwalk import simulated_curves as sc


def kernel_by_sparse_powers(A, p: int, a: float) -> np.ndarray:
    """The unnormalised random walk kernel ``Ĉ = ((1-1/a) I + S/a)^p`` of Eq. (2) as a dense matrix.

    ``p`` products of the sparse ``T`` with a dense matrix cost ``p · nnz(T) · V``, against the ``V³`` of
    the eigendecomposition the simulations use at V = 500; the two agree to rounding (tested).
    """
    if p < 0 or int(p) != p:
        raise ValueError(f"p must be a non-negative integer, got {p!r}")
    S = normalised_adjacency(A)
    V = S.shape[0]
    T = sp.csr_array((1.0 - 1.0 / a) * sp.eye_array(V, format="csr") + S / a)
    C = np.eye(V)
    for _ in range(int(p)):
        C = T @ C
    return 0.5 * (C + C.T)


def global_vertex_variance(A, p: int, a: float, nus, sigma2: float, data_rng: np.random.Generator,
                           placement_rng: np.random.Generator, draws: int) -> np.ndarray:
    """Fig. 9's vertex-to-vertex variance of the posterior variance under global normalisation, at each ν,
    on one graph with one nested data set of ``round(ν V)`` examples: the estimator of
    :func:`statmech_bayes.randomwalk.simulated_curves.matched_sample` (exact posteriors on the giant
    component, small components averaged exactly over where their examples fall), so the result is what
    the V = 500 simulations compute, on a graph of any size."""
    V = A.shape[0]
    counts = nested_counts(data_rng, V, sc.sample_sizes(V, nus))
    C = normalise_global(kernel_by_sparse_powers(A, p, a))
    split = sc.ComponentSplit.of_edges(edge_list(A), V)
    return sc.matched_errors({"global": C}, counts, [sigma2], split, placement_rng, draws=draws).var[0, 0]
