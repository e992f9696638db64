"""Fig. 3 of Hartog & van Zanten (2018): the small-world graph, its eigenpairs, the truth on it, its labels and a
layout (rule ``hvz_sw_data``). Its posterior (Fig. 4) is :mod:`.graph_mcmc`."""

from __future__ import annotations

import numpy as np
from scipy import special

from statmech_bayes.graphs.operators import edge_list
from statmech_bayes.truncated_laplacian import eigenbasis as eb
from statmech_bayes.truncated_laplacian import graphs as gr
from statmech_bayes.truncated_laplacian import synthetic as sy


def small_world_data(rng: np.random.Generator, *, graph_seed: int, n_ring: int, p_rewire: float,
                     frac_missing: float, layout_seed: int) -> dict:
    """Fig. 3: the small-world graph (LCC of the rewired ring built with ``default_rng(graph_seed)``;
    848 nodes, as in the paper, for the configuration's seed at 1000 nodes and p_rewire 0.25: see
    :func:`.graphs.find_small_world_seed`), all its eigenpairs (dense ``eigh``, sign-fixed), the truth built
    with the same ``w_k`` on its own eigenvectors (n = 848), labels from ``rng``, and a spring layout.

    Returns ``edges`` (E, 2) int64 (LCC indices), ``ring_index`` (n,) original ring node of each vertex,
    ``lam`` (n,), ``U`` (n, n), ``f0``, ``ell0``, ``y``, ``observed`` (n,), ``xy`` (n, 2), ``graph_seed``.
    Cache this dict: f0 depends on eigenvector signs and on the basis of degenerate eigenspaces (both made
    canonical by ``dense_basis``, so the data are the same on every machine to rounding).
    """
    import networkx as nx

    graph_seed = int(graph_seed)
    A, nodes = gr.small_world_lcc(np.random.default_rng(graph_seed), int(n_ring), float(p_rewire))
    basis = eb.dense_basis(eb.laplacian(A))
    f0 = sy.truth_function(basis)
    y, observed = sy.simulate_labels(f0, int(round(float(frac_missing) * basis.n)), rng)
    G = nx.from_scipy_sparse_array(A)
    pos = nx.spring_layout(G, seed=int(layout_seed))
    return {"edges": edge_list(A), "ring_index": nodes, "lam": basis.lam, "U": basis.U, "f0": f0,
            "ell0": special.ndtr(f0), "y": y, "observed": observed,
            "xy": np.array([pos[i] for i in range(basis.n)]), "graph_seed": np.int64(graph_seed)}
