"""Urry & Sollich App. B over many draws: dangling ends and the largest pseudo-output spikes (small exact cases)."""
import numpy as np
from numpy.testing import assert_allclose

from statmech_bayes.gp.graph_posterior import kernels_from_basis, pseudo_outputs
from statmech_bayes.graphs.components import dangling_ends
from statmech_bayes.graphs.ensembles import erdos_renyi_graph
from statmech_bayes.graphs.operators import edge_list, from_edge_list
from statmech_bayes.graphs.spectral import SpectralBasis
from statmech_bayes.randomwalk.pseudo_outputs import spike_shares, spike_statistics

P, A_LAZY, S2 = 10, 2.0, 1e-4

# giant component: triangle 0-1-2 with a chain 2-3-4 and a leaf 1-5 hanging off it; an isolated edge 6-7,
# an isolated vertex 8 and a separate path 9-10-11
EDGES = np.array([(0, 1), (1, 2), (0, 2), (2, 3), (3, 4), (1, 5), (6, 7), (9, 10), (10, 11)])
V = 12


def test_dangling_ends_are_the_trees_hanging_off_the_giant_component():
    dang, giant = dangling_ends(EDGES, V)
    assert np.flatnonzero(giant).tolist() == [0, 1, 2, 3, 4, 5]
    # the chain 3-4 and the leaf 5; nothing outside the giant component, and not the triangle (its 2-core)
    assert np.flatnonzero(dang).tolist() == [3, 4, 5]


def test_a_tree_giant_component_is_all_dangling_and_a_cycle_has_none():
    path = np.array([(0, 1), (1, 2), (2, 3)])
    dang, giant = dangling_ends(path, 5)  # vertex 4 isolated
    assert dang.tolist() == [True] * 4 + [False] and giant.tolist() == [True] * 4 + [False]
    ring = np.array([(i, (i + 1) % 6) for i in range(6)])
    dang, giant = dangling_ends(ring, 6)
    assert not dang.any() and giant.all()


def test_prediction_vectors_stay_on_their_component():
    """The kernel is block diagonal over components, so K and K^{-1/2} are block diagonal over the examples'
    components and each prediction vector m_mu lives on the component of its example: its share on that
    component is exactly 1."""
    A = from_edge_list(EDGES, V)
    Cg, Cl = kernels_from_basis(SpectralBasis.of_graph(A), P, A_LAZY)
    rng = np.random.default_rng(3)
    N = 30
    x = rng.integers(0, V, size=(1, N))
    comp = np.zeros((1, V), bool)
    comp[0, :6] = True
    r = spike_shares(Cg[None], Cl[None], x, S2, rng.standard_normal((1, V)), rng.standard_normal((1, N)),
                     {"giant": comp}, top=N)
    assert_allclose(r["share_giant"][0], comp[0, r["vertex"][0]].astype(float), atol=1e-10)
    assert np.all(np.diff(r["z2"][0]) <= 0)  # largest first


def test_batched_spikes_match_the_single_draw_pseudo_outputs():
    A = erdos_renyi_graph(40, 3.0, np.random.default_rng(5))
    Cg, Cl = kernels_from_basis(SpectralBasis.of_graph(A), P, A_LAZY)
    rng = np.random.default_rng(6)
    x, xi, eta = rng.integers(0, 40, 35), rng.standard_normal(40), rng.standard_normal(35)
    dang, _ = dangling_ends(edge_list(A), 40)
    one = pseudo_outputs(Cg, Cl, x, S2, xi, eta)
    r = spike_shares(Cg[None], Cl[None], x[None], S2, xi[None], eta[None], {"d": dang[None]}, top=3)
    mu = np.argsort(-one["z2"])[:3]
    assert r["mu"][0].tolist() == mu.tolist()
    assert_allclose(r["z2"][0], one["z2"][mu], rtol=1e-8)
    M = one["M"]
    assert_allclose(r["share_d"][0], [(M[dang, m] ** 2).sum() / (M[:, m] ** 2).sum() for m in mu], rtol=1e-8)


def test_spike_statistics_shapes_and_ranges():
    rng = np.random.default_rng(7)
    graphs = [erdos_renyi_graph(30, 3.0, rng) for _ in range(5)]
    out = spike_statistics(graphs, P, A_LAZY, 25, S2, rng, top=3, chunk=2)
    for fig in ("fig11", "fig12"):
        assert out[f"{fig}_z2"].shape == (5, 3)
        for k in ("dangling", "small"):
            s = out[f"{fig}_share_{k}"]
            assert np.all((s >= -1e-12) & (s <= 1 + 1e-12))
        assert np.all(out[f"{fig}_share_dangling"] + out[f"{fig}_share_small"] <= 1 + 1e-9)  # disjoint sets
