"""The larger-graph simulations of the Fig 9 finite-size check compute what the V = 500 simulations compute."""
import numpy as np
import pytest

from statmech_bayes.core.seeding import rng_for
from statmech_bayes.graphs.ensembles import make_graph
from statmech_bayes.graphs.operators import edge_list
from statmech_bayes.graphs.spectral import SpectralBasis
from statmech_bayes.randomwalk import simulated_curves as sc
from statmech_bayes.randomwalk.larger_graphs import global_vertex_variance, kernel_by_sparse_powers


@pytest.fixture(scope="module")
def graph():
    # a power-law graph of the paper's ensemble: hubs, leaves, isolated vertices and small components
    return make_graph("powerlaw_grg", 150, rng_for(5, "larger_graphs_test"), alpha=2.5, lam_min=2.0)


@pytest.mark.parametrize("p,a", [(10, 2.0), (3, 4.0), (0, 2.0)])
def test_sparse_powers_equal_the_eigendecomposition(graph, p, a):
    np.testing.assert_allclose(kernel_by_sparse_powers(graph, p, a), SpectralBasis.of_graph(graph).kernel(p, a),
                               atol=1e-12)


def test_vertex_variance_is_the_simulations_estimator(graph):
    """Same data set and placement streams: the same numbers as matched_sample's global normalisation."""
    nus = np.array([0.02, 0.3, 1.0, 2.5])
    V = graph.shape[0]
    ours = global_vertex_variance(graph, 10, 2.0, nus, 0.1, np.random.default_rng(1), np.random.default_rng(2), 16)
    split = sc.ComponentSplit.of_edges(edge_list(graph), V)
    assert split.small, "the test graph should have small components, so the placements matter"
    ref = sc.matched_sample(SpectralBasis.of_graph(graph), 10, 2.0, nus, [0.1], np.random.default_rng(1),
                            split=split, placement_rng=np.random.default_rng(2), draws=16,
                            normalisations=("global",))
    np.testing.assert_allclose(ours, ref.var[0, 0], rtol=1e-9)
    assert np.all(np.diff(ours) < 0)  # examples shrink the spread of posterior variances at this noise level
