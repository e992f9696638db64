"""Graphs of Section 5: the path graph (5.1), the Watts-Strogatz small-world graph (5.1, Fig. 3) and
the Cartesian grid / space-time grid graph (5.3, Fig. 7). Adjacencies are symmetric 0/1 CSR arrays.
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components

from statmech_bayes.graphs.operators import as_csr, from_edge_list


def path_adjacency(n: int) -> sp.csr_array:
    """Path ``1 - 2 - ... - n``."""
    n = int(n)
    if n < 1:
        raise ValueError(f"n must be >= 1, got {n!r}")
    i = np.arange(n - 1)
    return from_edge_list(np.stack([i, i + 1], axis=1), n)


def grid_adjacency(shape) -> sp.csr_array:
    """Cartesian product of paths with side lengths ``shape``, vertices in C order (for ``(T, H, W)``:
    ``t*H*W + r*W + c``): each vertex joined to its axis neighbours (Mohar 1991, Thm 3.5)."""
    shape = tuple(int(s) for s in shape)
    if not shape or min(shape) < 1:
        raise ValueError(f"shape must be positive ints, got {shape!r}")
    A = sp.csr_array((1, 1))
    # Kronecker sum: A_{P1 x P2} = A1 ⊗ I + I ⊗ A2, applied left to right so C order is kept.
    for s in shape:
        A = sp.csr_array(sp.kron(A, sp.eye_array(s)) + sp.kron(sp.eye_array(A.shape[0]), path_adjacency(s)))
    return as_csr(A)


def rewired_ring(n_ring: int, p_rewire: float, rng: np.random.Generator) -> sp.csr_array:
    """Watts-Strogatz ring of degree 2 with literal rewiring (Section 5.1): for each ring edge
    ``(j, j+1 mod n)``, with probability ``p_rewire`` the endpoint ``j+1`` is replaced by a vertex drawn
    uniformly from all ``n`` (self-loops and repeated edges are allowed here and deleted afterwards, as
    in the paper's "delete multiple edges and loops").

    Randomness: one ``rng.random(n)`` for the coins, then one ``rng.integers(n, size=n)`` for the new
    endpoints (a draw per edge, used only where the coin says rewire).
    """
    n = int(n_ring)
    if n < 3:
        raise ValueError(f"n_ring must be >= 3, got {n_ring!r}")
    if not 0.0 <= p_rewire <= 1.0:
        raise ValueError(f"p_rewire must be in [0, 1], got {p_rewire!r}")
    coins = rng.random(n) < p_rewire
    new_end = rng.integers(n, size=n)
    src = np.arange(n)
    dst = np.where(coins, new_end, (src + 1) % n)
    keep = src != dst
    edges = np.stack([src[keep], dst[keep]], axis=1)
    A = from_edge_list(edges, n)
    A.data[:] = 1.0  # merge multi-edges
    return A


def largest_component(A) -> tuple[sp.csr_array, np.ndarray]:
    """Induced subgraph on the largest connected component and its vertices (ascending original
    indices, so vertex order is kept; ties between equal-size components go to the one containing
    the smallest vertex)."""
    A = as_csr(A)
    ncomp, lab = connected_components(A, directed=False)
    sizes = np.bincount(lab, minlength=ncomp)
    best = int(np.flatnonzero(sizes == sizes.max())[0])
    nodes = np.flatnonzero(lab == best)
    return sp.csr_array(A[nodes][:, nodes]), nodes


def small_world_lcc(rng: np.random.Generator, n_ring: int, p_rewire: float):
    """Largest component of :func:`rewired_ring` -> ``(A, nodes)`` (``nodes`` = original ring index of
    each kept vertex, ascending: vertex m of the LCC is ring node ``nodes[m]``)."""
    return largest_component(rewired_ring(n_ring, p_rewire, rng))


def find_small_world_seed(target: int, n_ring: int, p_rewire: float, *, start: int = 0,
                          max_tries: int = 20_000) -> int:
    """Smallest seed ``s >= start`` with ``|LCC| == target`` for ``rng = default_rng(s)``."""
    for seed in range(start, start + max_tries):
        _, nodes = small_world_lcc(np.random.default_rng(seed), n_ring, p_rewire)
        if nodes.size == target:
            return seed
    raise RuntimeError(f"no seed in {start}..{start + max_tries - 1} gives an LCC of {target} nodes")


def is_connected(A) -> bool:
    return connected_components(as_csr(A), directed=False)[0] == 1
