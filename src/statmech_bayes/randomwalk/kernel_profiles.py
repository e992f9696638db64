"""The random walk kernel as a function of distance and walk length (Urry & Sollich 2013, Figs. 1 and 10).

Tree profiles come from recursion (4); graph profiles from each cached graph's spectral basis.
"""

from __future__ import annotations

import numpy as np

from statmech_bayes.graphs.spectral import SpectralBasis
from statmech_bayes.randomwalk.kernels import nearest_neighbour_kernel
from statmech_bayes.randomwalk.tree import (
    extrapolate_limit,
    scaled_shell_density,
    tree_kernel,
)


def p_grid(a: float, p_over_a_max: float, n_p: int) -> np.ndarray:
    """Integer p, roughly log-spaced in p/a from 1 to ``p_over_a_max`` (Fig. 1 right x-axis)."""
    return np.unique(np.round(a * np.geomspace(1.0, p_over_a_max, n_p)).astype(np.int64))


def tree_data(prm: dict) -> dict:
    """Left panel C_{l,p}, right-panel tree curves C_{1,p}, and the p -> ∞ limit of recursion (4)."""
    d = prm["d"]
    left = tree_kernel(d, prm["left_a"], prm["left_p"], l_max=prm["left_l_max"])
    out = {"left_p": left.p, "left_C": left.C, "left_l": np.arange(prm["left_l_max"] + 1)}
    for a in prm["right_a"]:
        ps = p_grid(a, prm["p_over_a_max"], prm["n_p"])
        out[f"right_p_a{a:g}"] = ps
        out[f"right_C1_a{a:g}"] = tree_kernel(d, a, ps, l_max=1).C[:, 1]
    # The limit is computed from the recursion alone (not from Eq. 5) so that Eq. 5 can be checked.
    k0, k1 = prm["limit_log2_p"]
    ps = 2 ** np.arange(k0, k1 + 1)
    lim = tree_kernel(d, prm["left_a"], ps, l_max=prm["limit_l_max"],
                      l_cut=int(12 * np.sqrt(ps[-1])) + 50)
    out["limit_p"] = lim.p
    out["limit_C"] = lim.C
    out["limit_extrapolated"] = np.array([extrapolate_limit(lim.C[:, l]) for l in range(lim.C.shape[1])])
    return out


def graph_data(edges: np.ndarray, offsets: np.ndarray, bases: list[SpectralBasis], prm: dict,
               progress=lambda x, **k: x) -> dict:
    """``K_{1,p}`` on each cached random regular graph, for each a, from its cached spectral basis."""
    n_g = offsets.size - 1
    grids = {a: p_grid(a, prm["p_over_a_max"], prm["n_p"]) for a in prm["right_a"]}
    out: dict = {}
    for a in prm["right_a"]:
        out[f"p_a{a:g}"] = grids[a]
        out[f"K1_graphs_a{a:g}"] = np.stack([
            nearest_neighbour_kernel(bases[g], edges[offsets[g]: offsets[g + 1]], grids[a], a)
            for g in progress(range(n_g), desc=f"a={a:g}")
        ])
    return out


def shell_density_scaling(prm: dict) -> dict:
    """Fig. 10 data (Appendix A.2): ``p ρ_{l,p}`` against ``x = l/sqrt(p)`` for each p of ``prm["p_values"]``."""
    curves = scaled_shell_density(prm["d"], prm["a"], prm["p_values"], prm["x_max"])
    out = {"p_values": np.array([c["p"] for c in curves])}
    for c in curves:
        out[f"x_p{c['p']}"] = c["x"]
        out[f"prho_p{c['p']}"] = c["p_rho"]
    return out
