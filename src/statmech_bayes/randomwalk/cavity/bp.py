"""Belief propagation for the posterior variances on one graph (Urry & Sollich 2013, Eqs. 31-34, 41-42): exact on
forests, used to validate the message layout against dense GP algebra."""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

from statmech_bayes.graphs.operators import as_csr, edge_list
from statmech_bayes.randomwalk.cavity.messages import _check_pa, _inv00, base_matrix, embed, woodbury_message


@dataclass(frozen=True)
class _DirectedEdges:
    """Directed edges ``src → dst`` of a graph, the reverse of each, and a vertex × edge incidence matrix
    that sums the messages arriving at each vertex in one sparse product."""

    V: int
    deg: np.ndarray
    src: np.ndarray
    dst: np.ndarray
    rev: np.ndarray
    incoming: sp.csr_array

    @classmethod
    def of_graph(cls, A) -> _DirectedEdges:
        A = as_csr(A)
        V = A.shape[0]
        und = edge_list(A)
        m = und.shape[0]
        src = np.concatenate([und[:, 0], und[:, 1]])
        dst = np.concatenate([und[:, 1], und[:, 0]])
        rev = np.concatenate([np.arange(m, 2 * m), np.arange(m)])
        incoming = sp.csr_array((np.ones(2 * m), (dst, np.arange(2 * m))), shape=(V, 2 * m))
        deg = np.bincount(src, minlength=V).astype(np.int64)
        return cls(V=V, deg=deg, src=src, dst=dst, rev=rev, incoming=incoming)


def _bp_vertex_inv00(g: _DirectedEdges, B0: np.ndarray, s: np.ndarray, d_kappa: np.ndarray,
                     max_sweeps: int, tol: float) -> np.ndarray:
    """Iterate the cavity updates (Eq. 32/34, or 42 with per-vertex κ) to a fixed point and return
    ``(M_i⁻¹)_00`` for every vertex (NaN for isolated vertices, which have no marginal matrix).

    Updates are parallel (Jacobi): on a forest every message is exact after (longest path) sweeps and the
    next sweep reproduces it bit for bit, so the stopping test ``max|ΔE| <= tol·max|E|`` is reached
    exactly. On loopy graphs BP is an approximation and may not converge; a warning is issued then.
    """
    if max_sweeps < 1:
        raise ValueError(f"max_sweeps must be >= 1, got {max_sweeps!r}")
    n = B0.shape[0]
    n_dir = g.src.size
    out = np.full(g.V, np.nan)
    if n_dir == 0:
        return out
    msgs = np.zeros((n_dir, n * n))
    d_src = g.deg[g.src].astype(np.float64)
    s_src, dk_src = s[g.src], d_kappa[g.src]
    converged = False
    for _ in range(max_sweeps):
        total = g.incoming @ msgs
        # M_{j\i} = d_j B0 + (all messages into j) - (the message i → j)
        M = (total[g.src] - msgs[g.rev]).reshape(n_dir, n, n) + d_src[:, None, None] * B0
        new = embed(woodbury_message(M, s_src, dk_src)).reshape(n_dir, n * n)
        delta = np.max(np.abs(new - msgs))
        scale = np.max(np.abs(new))
        msgs = new
        if delta <= tol * max(scale, 1.0):
            converged = True
            break
    if not converged:
        warnings.warn(f"BP did not converge in {max_sweeps} sweeps (last max change {delta:.3e})",
                      RuntimeWarning, stacklevel=3)
    has = g.deg > 0
    total = (g.incoming @ msgs)[has].reshape(-1, n, n)
    M_vertex = total + g.deg[has].astype(np.float64)[:, None, None] * B0
    out[has] = _inv00(M_vertex)
    return out


def _vertex_variances(deg: np.ndarray, inv00: np.ndarray, s: np.ndarray, kappa: np.ndarray,
                      c0: float) -> np.ndarray:
    """``ε_i = 1/(s_i + d_i κ_i (M_i⁻¹)_00)``, and ``1/(s_i + κ_i/c_0)`` for isolated vertices (Eq. 38)."""
    precision = np.where(deg > 0, deg * kappa * np.nan_to_num(inv00), kappa / c0)
    return 1.0 / (s + precision)


def bp_prior_variances(A, p: int, a: float, max_sweeps: int = 10_000, tol: float = 1e-13) -> np.ndarray:
    """Unnormalised prior variances ``Ĉ_ii`` by BP with ``κ = 1``, ``γ ≡ 0`` (Sec. 4.2; ``κ_i`` of Eq. 39).

    ``Ĉ_ii = 1/(d_i (M_i⁻¹)_00)`` and ``c_0 = (1-1/a)^p`` for isolated vertices. Exact on forests.
    """
    p, a = _check_pa(p, a)
    g = _DirectedEdges.of_graph(A)
    B0 = base_matrix(p, a)
    zeros, ones = np.zeros(g.V), np.ones(g.V)
    inv00 = _bp_vertex_inv00(g, B0, zeros, g.deg * ones, max_sweeps, tol)
    return _vertex_variances(g.deg, inv00, zeros, ones, float(B0[0, 0]))


def bp_posterior_variances(A, p: int, a: float, counts, sigma2: float, normalisation: str = "global",
                           kappa=None, max_sweeps: int = 10_000, tol: float = 1e-13) -> np.ndarray:
    """Local posterior variances ``ε_i`` on one graph by belief propagation (Eqs. 30-34 and 38; 39-42).

    ``counts[i] = γ_i`` is the number of examples at vertex ``i`` (each with noise variance ``sigma2``).

    * ``normalisation="global"``: ``C = Ĉ/κ``; ``kappa`` is a scalar, default the graph's mean ``Ĉ_ii``
      obtained from :func:`bp_prior_variances` (Sec. 2.3 of the spec).
    * ``normalisation="local"``: ``C_ij = Ĉ_ij/sqrt(κ_i κ_j)`` with ``κ_i = Ĉ_ii`` (Eq. 39) from a first BP
      pass with ``κ = 1``, ``γ ≡ 0``, unless an array ``kappa`` is given; the second pass uses
      ``O_loc,j`` with ``κ_j`` (Eq. 42).

    Exact on forests (isolated vertices included); the BP approximation on loopy graphs.
    """
    p, a = _check_pa(p, a)
    g = _DirectedEdges.of_graph(A)
    counts = np.asarray(counts, dtype=np.float64)
    if counts.shape != (g.V,) or np.any(counts < 0):
        raise ValueError(f"counts must be a non-negative array of length V={g.V}")
    if not sigma2 > 0:
        raise ValueError(f"sigma2 must be positive, got {sigma2!r}")
    B0 = base_matrix(p, a)
    c0 = float(B0[0, 0])
    if normalisation == "global":
        if kappa is None:
            kappa = float(np.mean(bp_prior_variances(A, p, a, max_sweeps, tol)))
        kap = np.full(g.V, float(kappa))
    elif normalisation == "local":
        kap = (bp_prior_variances(A, p, a, max_sweeps, tol) if kappa is None
               else np.asarray(kappa, dtype=np.float64))
        if kap.shape != (g.V,):
            raise ValueError(f"local kappa must be an array of length V={g.V}")
    else:
        raise ValueError(f"normalisation must be 'global' or 'local', got {normalisation!r}")
    s = counts / sigma2
    inv00 = _bp_vertex_inv00(g, B0, s, g.deg * kap, max_sweeps, tol)
    return _vertex_variances(g.deg, inv00, s, kap, c0)
