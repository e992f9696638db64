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


def dangling_attachments(edges: np.ndarray, V: int) -> tuple[np.ndarray, np.ndarray]:
    """The vertex each dangling end hangs from, and the dangling end each vertex belongs to.

    With :func:`dangling_ends` (the trees hanging off the giant component's 2-core): an *attachment
    vertex* is a non-dangling vertex joined by an edge to a dangling one, i.e. the core vertex a dangling
    tree hangs from. The *dangling group* of a vertex is the connected component of the graph made of
    the edges with at least one dangling endpoint: an attachment vertex together with every tree hanging
    from it (two attachment vertices are never joined by such an edge, so each group has one). If the
    giant component is itself a tree it is one group without an attachment vertex.

    Returns ``(attach, group)``: a boolean mask of length ``V`` and an integer label per vertex (``-1``
    for vertices that are neither dangling nor an attachment vertex; the other labels are arbitrary but
    equal exactly within one group).
    """
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import connected_components

    dang, _ = dangling_ends(edges, V)
    edges = np.asarray(edges, dtype=np.int64).reshape(-1, 2)
    hang = edges[dang[edges[:, 0]] | dang[edges[:, 1]]]  # the trees' edges and the edge each hangs by
    attach = np.zeros(V, bool)
    attach[hang[~dang[hang]]] = True
    A = coo_matrix((np.ones(len(hang)), (hang[:, 0], hang[:, 1])), shape=(V, V))
    _, labels = connected_components(A, directed=False)
    return attach, np.where(dang | attach, labels, -1)


def spike_shares(C_student: np.ndarray, C_teacher: np.ndarray, x: np.ndarray, sigma2: float, xi: np.ndarray,
                 eta: np.ndarray, masks: dict[str, np.ndarray], top: int) -> dict:
    """Appendix B, Eqs. (50)-(52), for a batch of draws (leading axis ``b``): the largest pseudo-output
    spikes of each draw and where their prediction vectors lie, on each vertex set in ``masks``
    (boolean ``(B, V)`` arrays).

    The same computation as :func:`statmech_bayes.gp.graph_posterior.pseudo_outputs` (symmetric
    ``K^{-1/2}``, teacher ``g = C_T^{1/2} ξ`` with the symmetric root, ``y = g[x] + σ η``, conditional
    mean ``E[z_μ² | x] = [K^{-1/2} (C_T[x,x] + σ² I) K^{-1/2}]_{μμ}``), stacked over draws so that each
    ``eigh`` runs on a ``(B, ·, ·)`` array. Two measures of where a prediction vector ``m_μ`` (column of
    ``M = C_S[:,x] K^{-1/2}``) lies: the *share* of its squared norm ``Σ_i m_{iμ}²`` on a set (the
    natural weight: in the matched case ``f̄_i²`` is on average ``Σ_μ m_{iμ}²``, App. B) and whether its
    *peak* ``argmax_i |m_{iμ}|`` is in the set.

    Returns, ``(B, top)`` unless stated:

    * the ``top`` largest *sampled* spikes ``z_μ²``: ``mu`` (indices, largest first), ``z2``, ``vertex``
      (``x_μ``), ``peakv`` (the peak vertex) and per mask ``share_<name>``, ``peak_<name>`` and
      ``at_<name>`` (whether ``x_μ`` is in the set);
    * the ``top`` largest *expected* spikes ``E[z_μ² | x]``: ``mu_exp``, ``z2exp``, ``vertex_exp``,
      ``peakv_exp``, ``share_exp_<name>``, ``peak_exp_<name>``, ``at_exp_<name>``;
    * the baseline, a uniformly chosen example (the exact mean over all ``μ`` of the draw), ``(B,)``:
      ``base_share_<name>``, ``base_peak_<name>``, ``base_at_<name>``.
    """
    Cs, Ct = np.asarray(C_student, float), np.asarray(C_teacher, float)
    B, V, _ = Cs.shape
    x = np.asarray(x, dtype=np.int64)
    N = x.shape[1]
    bi = np.arange(B)[:, None, None]
    eye = sigma2 * np.eye(N)
    K = Cs[bi, x[:, :, None], x[:, None, :]] + eye
    w, Q = np.linalg.eigh(0.5 * (K + K.transpose(0, 2, 1)))
    K_inv_sqrt = (Q / np.sqrt(w)[:, None, :]) @ Q.transpose(0, 2, 1)
    g = _sym_sqrt_batched(Ct, xi)
    y = np.take_along_axis(g, x, axis=1) + np.sqrt(sigma2) * eta
    z2 = np.einsum("bmn,bn->bm", K_inv_sqrt, y) ** 2
    cov_y = Ct[bi, x[:, :, None], x[:, None, :]] + eye
    z2exp = np.einsum("bmn,bmn->bm", K_inv_sqrt @ cov_y, K_inv_sqrt)
    KV = np.take_along_axis(Cs, np.broadcast_to(x[:, None, :], (B, V, N)), axis=2)  # C_S[:, x]
    m2 = (KV @ K_inv_sqrt) ** 2                                             # (B, V, N): every m_mu
    norm = m2.sum(axis=1)
    peakv = np.argmax(m2, axis=1)                                           # (B, N)
    every = {"vertex": x, "peakv": peakv}
    for name, mask in masks.items():
        mask = np.asarray(mask, bool)
        every[f"share_{name}"] = np.einsum("bv,bvn->bn", mask.astype(float), m2) / norm
        every[f"peak_{name}"] = np.take_along_axis(mask, peakv, axis=1)
        every[f"at_{name}"] = np.take_along_axis(mask, x, axis=1)
    mu = np.argsort(-z2, axis=1)[:, :top]
    mu_exp = np.argsort(-z2exp, axis=1)[:, :top]
    out = {"mu": mu, "z2": np.take_along_axis(z2, mu, axis=1),
           "mu_exp": mu_exp, "z2exp": np.take_along_axis(z2exp, mu_exp, axis=1)}
    for k, v in every.items():
        out[k] = np.take_along_axis(v, mu, axis=1)
        out[k.replace("_", "_exp_", 1) if "_" in k else f"{k}_exp"] = np.take_along_axis(v, mu_exp, axis=1)
        if k not in ("vertex", "peakv"):
            out[f"base_{k}"] = v.mean(axis=1, dtype=float)
    return out


def spike_statistics(graphs, p: int, a: float, N: int, sigma2: float, rng, *, top: int,
                     chunk: int = 25) -> dict:
    """Over many graph draws: where the largest mismatch spikes' prediction vectors lie (Appendix B).

    For each graph (a list of adjacency matrices with the same ``V``): one data set of ``N`` uniform
    examples and one teacher/noise draw shared by the two mismatched pairings of Figs 11 and 12; for
    each pairing, keys prefixed ``<figure>_``, the output of :func:`spike_shares` for the vertex sets
    ``dangling`` (:func:`dangling_ends`), ``dangatt`` (the dangling ends and the vertices they hang
    from, :func:`dangling_attachments`) and ``small`` (the non-giant components), plus ``peak_group`` and
    ``peak_group_exp``: the dangling group (:func:`dangling_attachments`) of each top spike's peak
    vertex, ``-1`` off the dangling ends. Per draw: ``n_dangling``, ``n_attach``, ``n_giant``. Arrays are
    stacked over draws; ``chunk`` draws are processed together.
    """
    graphs = list(graphs)
    V = graphs[0].shape[0]
    pairs = {name: sc[1] for name, sc in SCENARIOS.items()}  # the mismatched (student, teacher) of each figure
    res: dict[str, list] = {}
    for start in range(0, len(graphs), chunk):
        block = graphs[start:start + chunk]
        B = len(block)
        edges = [edge_list(A) for A in block]
        dang, giant = map(np.array, zip(*(dangling_ends(e, V) for e in edges)))
        attach, group = map(np.array, zip(*(dangling_attachments(e, V) for e in edges)))
        C = {"global": [], "local": []}
        for A in block:
            cg, cl = kernels_from_basis(SpectralBasis.of_graph(A), p, a)
            C["global"].append(cg)
            C["local"].append(cl)
        C = {k: np.stack(v) for k, v in C.items()}
        x = rng.integers(0, V, size=(B, N))
        xi, eta = rng.standard_normal((B, V)), rng.standard_normal((B, N))
        masks = {"dangling": dang, "dangatt": dang | attach, "small": ~giant}
        for name, (student, teacher) in pairs.items():
            r = spike_shares(C[student], C[teacher], x, sigma2, xi, eta, masks, top)
            r["peak_group"] = np.take_along_axis(group, r["peakv"], axis=1)
            r["peak_group_exp"] = np.take_along_axis(group, r["peakv_exp"], axis=1)
            for k, v in r.items():
                res.setdefault(f"{name}_{k}", []).append(v)
        res.setdefault("n_dangling", []).append(dang.sum(axis=1))
        res.setdefault("n_attach", []).append(attach.sum(axis=1))
        res.setdefault("n_giant", []).append(giant.sum(axis=1))
    return {k: np.concatenate(v) for k, v in res.items()}
