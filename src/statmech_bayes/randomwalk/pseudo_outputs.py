"""Pseudo-outputs under matched and mismatched kernel normalisation (Urry & Sollich 2013, App. B): one graph
drawn in Figs 11-12, and the largest spikes' prediction vectors over many graph draws."""

from __future__ import annotations

import numpy as np

from statmech_bayes.gp.graph_posterior import kernels_from_basis, pseudo_outputs
from statmech_bayes.graphs.components import component_layout, dangling_ends
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


def _sym_sqrt_batched(C: np.ndarray, v: np.ndarray) -> np.ndarray:
    """``C_b^{1/2} v_b`` for a stack of symmetric PSD matrices (negative rounding eigenvalues clipped)."""
    w, Q = np.linalg.eigh(0.5 * (C + C.transpose(0, 2, 1)))
    return np.einsum("bij,bj->bi", Q, np.sqrt(np.clip(w, 0.0, None)) * np.einsum("bji,bj->bi", Q, v))


def spike_shares(C_student: np.ndarray, C_teacher: np.ndarray, x: np.ndarray, sigma2: float, xi: np.ndarray,
                 eta: np.ndarray, masks: dict[str, np.ndarray], top: int) -> dict:
    """Appendix B, Eqs. (50)-(52), for a batch of draws (leading axis ``b``): the ``top`` largest sampled
    pseudo-output spikes ``z_μ²`` of each draw and, for each, the share of its prediction vector's
    squared norm ``Σ_i m_{iμ}²`` on each vertex set in ``masks`` (boolean ``(B, V)`` arrays).

    The same computation as :func:`statmech_bayes.gp.graph_posterior.pseudo_outputs` (symmetric
    ``K^{-1/2}``, teacher ``g = C_T^{1/2} ξ`` with the symmetric root, ``y = g[x] + σ η``), stacked over
    draws so that each ``eigh`` runs on a ``(B, ·, ·)`` array. The squared norm is the natural weight:
    in the matched case ``f̄_i²`` is on average ``Σ_μ m_{iμ}²`` (App. B).

    Returns ``mu`` ``(B, top)`` (spike indices, largest first), ``z2`` ``(B, top)``, ``vertex`` ``(B, top)``
    (the example's vertex ``x_μ``) and, per mask, ``share_<name>`` ``(B, top)`` and ``at_<name>`` (whether
    the example's vertex is in the set).
    """
    Cs, Ct = np.asarray(C_student, float), np.asarray(C_teacher, float)
    B, V, _ = Cs.shape
    x = np.asarray(x, dtype=np.int64)
    N = x.shape[1]
    bi = np.arange(B)[:, None]
    K = Cs[bi[:, :, None], x[:, :, None], x[:, None, :]] + sigma2 * np.eye(N)
    w, Q = np.linalg.eigh(0.5 * (K + K.transpose(0, 2, 1)))
    K_inv_sqrt = (Q / np.sqrt(w)[:, None, :]) @ Q.transpose(0, 2, 1)
    g = _sym_sqrt_batched(Ct, xi)
    y = np.take_along_axis(g, x, axis=1) + np.sqrt(sigma2) * eta
    z2 = np.einsum("bmn,bn->bm", K_inv_sqrt, y) ** 2
    mu = np.argsort(-z2, axis=1)[:, :top]
    # Only the columns of M = K_V K^{-1/2} that belong to the top spikes are needed.
    cols = np.take_along_axis(K_inv_sqrt, mu[:, None, :], axis=2)           # (B, N, top)
    KV = np.take_along_axis(Cs, np.broadcast_to(x[:, None, :], (B, V, N)), axis=2)  # C_S[:, x]
    m2 = (KV @ cols) ** 2                                                   # (B, V, top)
    norm = m2.sum(axis=1)
    out = {"mu": mu, "z2": np.take_along_axis(z2, mu, axis=1), "vertex": np.take_along_axis(x, mu, axis=1)}
    for name, mask in masks.items():
        out[f"share_{name}"] = np.einsum("bv,bvt->bt", np.asarray(mask, float), m2) / norm
        out[f"at_{name}"] = np.take_along_axis(np.asarray(mask, bool), out["vertex"], axis=1)
    return out


def spike_statistics(graphs, p: int, a: float, N: int, sigma2: float, rng, top: int = 5,
                     chunk: int = 25) -> dict:
    """Over many graph draws: where the largest mismatch spikes' prediction vectors lie (Appendix B).

    For each graph (a list of adjacency matrices with the same ``V``): one data set of ``N`` uniform
    examples and one teacher/noise draw shared by the two mismatched pairings of Figs 11 and 12; for
    each pairing the ``top`` largest sampled spikes with the shares of their prediction vectors on the
    dangling ends and on the small (non-giant) components (:func:`dangling_ends`). Arrays are stacked
    over draws; ``chunk`` draws are processed together.
    """
    graphs = list(graphs)
    V = graphs[0].shape[0]
    pairs = {name: sc[1] for name, sc in SCENARIOS.items()}  # the mismatched (student, teacher) of each figure
    res: dict[str, list] = {}
    for start in range(0, len(graphs), chunk):
        block = graphs[start:start + chunk]
        B = len(block)
        dang, giant = map(np.array, zip(*(dangling_ends(edge_list(A), V) for A in block)))
        C = {"global": [], "local": []}
        for A in block:
            cg, cl = kernels_from_basis(SpectralBasis.of_graph(A), p, a)
            C["global"].append(cg)
            C["local"].append(cl)
        C = {k: np.stack(v) for k, v in C.items()}
        x = rng.integers(0, V, size=(B, N))
        xi, eta = rng.standard_normal((B, V)), rng.standard_normal((B, N))
        masks = {"dangling": dang, "small": ~giant}
        for name, (student, teacher) in pairs.items():
            r = spike_shares(C[student], C[teacher], x, sigma2, xi, eta, masks, top)
            for k, v in r.items():
                res.setdefault(f"{name}_{k}", []).append(v)
        res.setdefault("n_dangling", []).append(dang.sum(axis=1))
        res.setdefault("n_giant", []).append(giant.sum(axis=1))
    return {k: np.concatenate(v) for k, v in res.items()}
