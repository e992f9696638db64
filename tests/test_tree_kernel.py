"""The d-regular tree kernel: recursion (4) against brute force, the integrals (47)-(48), and Eq. (5)."""
import networkx as nx
import numpy as np
import pytest
from numpy.testing import assert_allclose

from statmech_bayes.graphs.operators import normalised_adjacency
from statmech_bayes.randomwalk.tree import (
    cycle_threshold,
    extrapolate_limit,
    heat_integral_kernel,
    scaled_shell_density,
    scaling_exponent,
    shell_volumes,
    spectral_edge,
    tree_kernel,
    tree_kernel_limit,
)


def finite_regular_tree(d: int, depth: int) -> nx.Graph:
    """Root with d children, every internal vertex of degree d, leaves at ``depth``."""
    g = nx.Graph()
    frontier, nxt = [0], 1
    for level in range(depth):
        new = []
        for v in frontier:
            for _ in range(d if level == 0 else d - 1):
                g.add_edge(v, nxt)
                new.append(nxt)
                nxt += 1
        frontier = new
    return g


@pytest.mark.parametrize("p,a", [(1, 2.0), (4, 2.0), (6, 3.0), (7, 2.5)])
def test_recursion_matches_brute_force_on_a_finite_tree(p, a):
    # Walks of at most p steps from the root never see the leaves when depth > p, so the finite tree's
    # unnormalised kernel between the root and a vertex at distance l equals the infinite tree's Ĉ_{l,p}.
    d = 3
    g = finite_regular_tree(d, depth=p + 2)
    A = nx.to_scipy_sparse_array(g, nodelist=range(g.number_of_nodes()), format="csr")
    S = normalised_adjacency(A).toarray()
    T = (1 - 1 / a) * np.eye(len(S)) + S / a
    C = np.linalg.matrix_power(T, p)
    dist = nx.single_source_shortest_path_length(g, 0)
    tk = tree_kernel(d, a, [p], l_max=p + 1)
    for v, l in dist.items():
        if l <= p + 1:
            assert_allclose(C[0, v], tk.unnormalised[0, l], rtol=1e-12, atol=1e-15)


def test_recursion_matches_heat_kernel_integrals():
    tk = tree_kernel(3, 2.0, [10, 25], l_max=4)
    for i, p in enumerate([10, 25]):
        for l in range(5):
            assert_allclose(tk.unnormalised[i, l], heat_integral_kernel(3, 2.0, p, l), rtol=1e-9)


def test_known_return_probability():
    # Ĉ_{0,10} for d=3, a=2 equals the 3-regular ensemble's normalisation constant κ (spec value).
    assert_allclose(tree_kernel(3, 2.0, [10], l_max=0).unnormalised[0, 0], 0.0817723614603973, rtol=1e-13)


def test_normalised_kernel_has_unit_origin_and_vanishes_beyond_p():
    tk = tree_kernel(4, 2.0, [0, 1, 5], l_max=8)
    assert_allclose(tk.C[:, 0], 1.0)
    assert np.all(tk.C[0, 1:] == 0) and np.all(tk.C[1, 2:] == 0) and np.all(tk.C[2, 6:] == 0)


@pytest.mark.parametrize("d", [3, 4, 6])
def test_large_p_limit_is_eq5(d):
    ps = 2 ** np.arange(8, 17)
    tk = tree_kernel(d, 2.0, ps, l_max=3, l_cut=int(12 * np.sqrt(ps[-1])) + 50)
    lim = [extrapolate_limit(tk.C[:, l]) for l in range(4)]
    assert_allclose(lim, tree_kernel_limit(d, np.arange(4)), atol=2e-6)
    assert_allclose(tree_kernel_limit(d, 1), 2 * np.sqrt(d - 1) / d)


def test_truncation_does_not_change_the_kernel():
    full = tree_kernel(3, 2.0, [400], l_max=10)
    cut = tree_kernel(3, 2.0, [400], l_max=10, l_cut=250)
    assert_allclose(cut.C, full.C, rtol=1e-13)
    assert_allclose(cut.log_norm, full.log_norm, rtol=1e-13)


def test_cycle_threshold_and_constants():
    assert_allclose(cycle_threshold(500, 3), np.log(500) / np.log(2))
    assert_allclose(shell_volumes(3, [0, 1, 2, 3]), [1, 3, 6, 12])
    assert_allclose(spectral_edge(3, 2.0), 0.5 + np.sqrt(2) / 3)
    assert_allclose(scaling_exponent(3, 2.0), 1.0303300858899107, rtol=1e-12)


def test_scaled_shell_density_matches_direct_definition():
    p = 50
    (c,) = scaled_shell_density(3, 2.0, [p], x_max=2.0)
    tk = tree_kernel(3, 2.0, [p], l_max=c["l"][-1])
    direct = p * tk.unnormalised[0, c["l"]] * np.sqrt(shell_volumes(3, c["l"])) / spectral_edge(3, 2.0) ** p
    assert_allclose(c["p_rho"], direct, rtol=1e-10)


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="a must be"):
        tree_kernel(3, 1.5, [2], l_max=2)
    with pytest.raises(ValueError, match="d must be"):
        tree_kernel(2, 2.0, [2], l_max=2)
