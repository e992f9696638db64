"""Connected components of sparse graphs: dangling trees and a drawing layout that keeps small components visible."""

from __future__ import annotations

import networkx as nx
import numpy as np

from statmech_bayes.graphs.operators import from_edge_list


def component_layout(edges: np.ndarray, V: int, seed: int) -> np.ndarray:
    """Spring layout per connected component, components packed in rows by decreasing size, so that the
    small components (where mismatch spikes live) stay visible next to the giant one."""
    G = nx.Graph(list(map(tuple, edges)))
    G.add_nodes_from(range(V))
    comps = sorted(nx.connected_components(G), key=lambda c: (-len(c), min(c)))
    pos = np.zeros((V, 2))
    giant = comps[0]
    lay = nx.spring_layout(G.subgraph(giant), seed=seed, iterations=200)
    for v, xy in lay.items():
        pos[v] = 3.0 * np.asarray(xy)
    x0, y0, row_h = 3.6, 3.0, 0.0
    for comp in comps[1:]:
        size = 0.25 * np.sqrt(len(comp))
        if x0 + size > 5.5:
            x0, y0 = 3.6, y0 - row_h - 0.15
            row_h = 0.0
        lay = nx.spring_layout(G.subgraph(comp), seed=seed, iterations=100) if len(comp) > 1 else {min(comp): (0, 0)}
        for v, xy in lay.items():
            pos[v] = (x0 + size / 2 + 0.5 * size * xy[0], y0 - size / 2 + 0.5 * size * xy[1])
        x0 += size + 0.15
        row_h = max(row_h, size)
    return pos


def dangling_ends(edges: np.ndarray, V: int) -> tuple[np.ndarray, np.ndarray]:
    """The 'dangling ends' of Urry & Sollich 2013 (Sec. 5, App. B) and the giant component.

    The paper: "chains of vertices (with degree two) extending away from the giant graph component and
    terminating in a vertex of degree one". Returned as the vertices of the giant (largest) component
    that repeated removal of degree-1 vertices *within that component* deletes: the trees hanging off
    its 2-core, i.e. those chains and the branched trees made of them. Vertices of the other (small)
    components are never dangling ends. If the giant component is itself a tree, all of it is pruned.

    Returns ``(dangling, giant)``, two boolean masks of length ``V``.
    """
    from scipy.sparse.csgraph import connected_components

    A = from_edge_list(edges, V)
    _, labels = connected_components(A, directed=False)
    sizes = np.bincount(labels)
    giant = labels == int(np.argmax(sizes))
    # Peel leaves off the giant component, all current leaves at once per round (vectorised).
    alive = giant.copy()
    deg = np.asarray(A.sum(axis=1)).ravel().astype(np.int64)
    while True:
        leaves = alive & (deg <= 1)
        if not leaves.any():
            break
        alive &= ~leaves
        # every neighbour of a removed leaf loses one edge
        deg = deg - np.asarray(A @ leaves.astype(float)).ravel().astype(np.int64)
        deg[~alive] = 0
    return giant & ~alive, giant
