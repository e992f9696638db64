"""Linear operators on graphs: degrees, the normalised adjacency and Laplacian."""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp


def as_csr(A) -> sp.csr_array:
    """Validate an adjacency matrix (square, symmetric, zero diagonal) and return it as CSR float64."""
    A = sp.csr_array(A, dtype=np.float64)
    if A.shape[0] != A.shape[1]:
        raise ValueError(f"adjacency must be square, got shape {A.shape}")
    if abs(A - A.T).max() if A.nnz else 0.0:
        raise ValueError("adjacency must be symmetric (undirected graph)")
    if A.diagonal().any():
        raise ValueError("adjacency must have a zero diagonal (no self-loops)")
    return A


def degrees(A) -> np.ndarray:
    return np.asarray(as_csr(A).sum(axis=1)).ravel()


def normalised_adjacency(A) -> sp.csr_array:
    """``S = D^{-1/2} A D^{-1/2}`` (Urry & Sollich 2013, Eq. 2 with ``L = I - S``).

    Isolated vertices get a zero row and column: the paper regularises ``D -> D + δI`` with ``δ -> 0``,
    which is the same as setting ``(D^{-1/2})_ii = 0`` when ``d_i = 0`` (they are kept, not dropped).
    """
    A = as_csr(A)
    d = np.asarray(A.sum(axis=1)).ravel()
    inv_sqrt = np.zeros_like(d)
    np.divide(1.0, np.sqrt(d), out=inv_sqrt, where=d > 0)
    Dm = sp.dia_array((inv_sqrt[None, :], [0]), shape=A.shape)
    return sp.csr_array(Dm @ A @ Dm)


def edge_list(A) -> np.ndarray:
    """Undirected edges ``(i, j)`` with ``i < j`` as an ``(E, 2)`` int array, in row-major order."""
    upper = sp.triu(as_csr(A), k=1, format="coo")
    order = np.lexsort((upper.col, upper.row))
    return np.stack([upper.row[order], upper.col[order]], axis=1).astype(np.int64)


def from_edge_list(edges: np.ndarray, V: int) -> sp.csr_array:
    """Symmetric 0/1 adjacency from an ``(E, 2)`` edge array (the form graphs are cached in)."""
    edges = np.asarray(edges, dtype=np.int64).reshape(-1, 2)
    rows = np.concatenate([edges[:, 0], edges[:, 1]])
    cols = np.concatenate([edges[:, 1], edges[:, 0]])
    A = sp.csr_array((np.ones(rows.size), (rows, cols)), shape=(V, V))
    A.sum_duplicates()
    return A
