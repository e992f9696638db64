"""Tests for the random graph ensembles of Urry & Sollich (2013), Sec. 5.

Every random test uses a fixed seed, so the suite is deterministic; statistical
tolerances are nevertheless set at 4-5 standard errors of the quantity tested so
that they would also hold for almost any other seed.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from statmech_bayes.graphs.ensembles import (
    ENSEMBLES,
    DegreeLaw,
    _lower_triangle_pair,
    degree_law,
    erdos_renyi_graph,
    generalized_random_graph,
    make_graph,
    pareto_type1,
    poisson_degree_law,
    powerlaw_degree_law,
    powerlaw_grg_graph,
    random_regular_graph,
    regular_degree_law,
)

ALPHA, LAM_MIN = 2.5, 2.0  # power-law parameters used in the paper
PL_MEAN = ALPHA * LAM_MIN / (ALPHA - 1.0)  # = 10/3


def rng(seed: int) -> np.random.Generator:
    return np.random.default_rng(seed)


def degrees(A: sp.csr_array) -> np.ndarray:
    return np.asarray(A.sum(axis=1)).ravel().astype(np.int64)


def assert_simple_graph(A: sp.csr_array, V: int) -> None:
    """Symmetric 0/1 float64 CSR adjacency without self-loops or multi-edges."""
    assert isinstance(A, sp.csr_array)
    assert A.shape == (V, V)
    assert A.dtype == np.float64
    B = A.copy()
    B.sum_duplicates()
    # A stored value other than 1 would be a multi-edge (or a weight).
    assert np.all(B.data == 1.0)
    assert B.nnz == A.nnz
    assert np.all(A.diagonal() == 0.0)
    assert (A != A.T).nnz == 0


def binom_sd(p: float, n: int) -> float:
    return math.sqrt(p * (1.0 - p) / n)


# ---------------------------------------------------------------------------
# random regular graphs
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(("V", "d"), [(4, 3), (10, 3), (1000, 3), (50, 4), (7, 6), (5, 0)])
def test_regular_graph_is_simple_and_regular(V: int, d: int) -> None:
    A = random_regular_graph(V, d, rng(1))
    assert_simple_graph(A, V)
    assert np.all(degrees(A) == d)
    assert A.nnz == V * d


@settings(max_examples=40, deadline=None)
@given(V=st.integers(2, 60), d=st.integers(0, 59), seed=st.integers(0, 2**32 - 1))
def test_regular_graph_property(V: int, d: int, seed: int) -> None:
    if d >= V or (V * d) % 2:
        with pytest.raises(ValueError):
            random_regular_graph(V, d, rng(seed))
        return
    A = random_regular_graph(V, d, rng(seed))
    assert_simple_graph(A, V)
    assert np.all(degrees(A) == d)


def test_regular_graph_reproducible_from_seed() -> None:
    A = random_regular_graph(200, 3, rng(7))
    B = random_regular_graph(200, 3, rng(7))
    C = random_regular_graph(200, 3, rng(8))
    assert (A != B).nnz == 0
    assert (A != C).nnz > 0


@pytest.mark.parametrize(
    ("V", "d", "word"), [(5, 3, "even"), (4, 4, "smaller"), (3, 5, "smaller"), (0, 0, "V")]
)
def test_regular_graph_rejects_impossible_parameters(V: int, d: int, word: str) -> None:
    with pytest.raises(ValueError, match=word):
        random_regular_graph(V, d, rng(0))


def test_generators_require_a_generator() -> None:
    with pytest.raises(TypeError, match="rng"):
        random_regular_graph(10, 3, 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rng"):
        erdos_renyi_graph(10, 3.0, np.random.RandomState(0))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rng"):
        powerlaw_grg_graph(10, ALPHA, LAM_MIN, None)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# Erdős–Rényi graphs
# ---------------------------------------------------------------------------


def test_pair_index_map_is_a_bijection_onto_lower_triangle() -> None:
    V = 40
    i, j = _lower_triangle_pair(np.arange(V * (V - 1) // 2))
    assert np.all(j < i) and np.all(j >= 0) and np.all(i < V)
    assert len(set(zip(i.tolist(), j.tolist()))) == V * (V - 1) // 2
    # Large indices, where float rounding in the square root matters.
    k = rng(3).integers(0, 5 * 10**13, size=10**5)
    i, j = _lower_triangle_pair(k)
    assert np.all(i * (i - 1) // 2 <= k) and np.all(k < i * (i + 1) // 2)
    assert np.all((0 <= j) & (j < i))


@settings(max_examples=40, deadline=None)
@given(V=st.integers(2, 60), frac=st.floats(0.0, 1.0), seed=st.integers(0, 2**32 - 1))
def test_erdos_renyi_property(V: int, frac: float, seed: int) -> None:
    A = erdos_renyi_graph(V, frac * (V - 1), rng(seed))
    assert_simple_graph(A, V)


def test_erdos_renyi_extreme_densities() -> None:
    V = 12
    assert erdos_renyi_graph(V, 0.0, rng(0)).nnz == 0
    complete = erdos_renyi_graph(V, V - 1, rng(0))
    assert np.all(degrees(complete) == V - 1)
    with pytest.raises(ValueError, match="mean_degree"):
        erdos_renyi_graph(V, V, rng(0))
    with pytest.raises(ValueError, match="mean_degree"):
        erdos_renyi_graph(V, -1.0, rng(0))


def test_erdos_renyi_every_pair_has_probability_p_e() -> None:
    V, n_graphs = 6, 3000
    p_e = 0.4
    generator = rng(11)
    counts = sum(erdos_renyi_graph(V, p_e * (V - 1), generator).toarray() for _ in range(n_graphs))
    off_diagonal = counts[~np.eye(V, dtype=bool)] / n_graphs
    assert np.all(np.abs(off_diagonal - p_e) < 5 * binom_sd(p_e, n_graphs))


@pytest.fixture(scope="module")
def er_graph() -> sp.csr_array:
    return erdos_renyi_graph(5000, 3.0, rng(2013))


def test_erdos_renyi_mean_degree(er_graph: sp.csr_array) -> None:
    V, c = er_graph.shape[0], 3.0
    assert_simple_graph(er_graph, V)
    p_e = c / (V - 1)
    n_pairs = V * (V - 1) // 2
    # The edge count is Binomial(n_pairs, p_e) and the mean degree is 2 E / V.
    sd = 2.0 * math.sqrt(n_pairs * p_e * (1.0 - p_e)) / V
    assert abs(degrees(er_graph).mean() - c) < 4 * sd


def test_erdos_renyi_isolated_fraction(er_graph: sp.csr_array) -> None:
    V, c = er_graph.shape[0], 3.0
    p_isolated = (1.0 - c / (V - 1)) ** (V - 1)  # exact; -> e^{-c}
    assert abs(p_isolated - math.exp(-c)) < 1e-3
    frac = np.mean(degrees(er_graph) == 0)
    assert abs(frac - p_isolated) < 4 * binom_sd(p_isolated, V)


def test_erdos_renyi_degree_histogram_is_poisson(er_graph: sp.csr_array) -> None:
    c = 3.0
    deg = degrees(er_graph)
    kmax = 9  # pool the tail so that every expected count is >= 5
    observed = np.bincount(np.minimum(deg, kmax), minlength=kmax + 1)
    expected_p = stats.poisson.pmf(np.arange(kmax), c)
    expected_p = np.append(expected_p, 1.0 - expected_p.sum())
    expected = expected_p * deg.size
    assert expected.min() >= 5
    assert stats.chisquare(observed, expected).pvalue > 1e-3
    tv = 0.5 * np.abs(observed / deg.size - expected_p).sum()
    assert tv < 0.03


def test_erdos_renyi_has_no_index_bias(er_graph: sp.csr_array) -> None:
    # A wrong pair-index map would make degrees depend on the vertex label.
    deg = degrees(er_graph)
    half = deg.size // 2
    sd = math.sqrt(2 * 3.0 / half)
    assert abs(deg[:half].mean() - deg[half:].mean()) < 4 * sd


# ---------------------------------------------------------------------------
# Pareto weights and the power-law generalised random graph
# ---------------------------------------------------------------------------


def test_pareto_type1_sampler() -> None:
    n = 200_000
    w = pareto_type1(n, ALPHA, LAM_MIN, rng(5))
    # Guard against numpy's Lomax (type II) sampler, whose support starts at 0.
    assert w.min() >= LAM_MIN
    assert np.mean(w < LAM_MIN) == 0.0
    median = LAM_MIN * 2 ** (1 / ALPHA)
    density_at_median = ALPHA / median * (LAM_MIN / median) ** ALPHA
    median_sd = 1.0 / (2.0 * density_at_median * math.sqrt(n))
    assert abs(np.median(w) - median) < 5 * median_sd
    variance = LAM_MIN**2 * ALPHA / ((ALPHA - 1) ** 2 * (ALPHA - 2))
    assert abs(w.mean() - PL_MEAN) < 5 * math.sqrt(variance / n)
    # scipy's `pareto` is type I with shape b and scale lam_min.
    assert stats.kstest(w, stats.pareto(b=ALPHA, scale=LAM_MIN).cdf).pvalue > 1e-3


def test_pareto_type1_rejects_bad_parameters() -> None:
    with pytest.raises(ValueError, match="alpha"):
        pareto_type1(10, 0.0, LAM_MIN, rng(0))
    with pytest.raises(ValueError, match="lam_min"):
        pareto_type1(10, ALPHA, -1.0, rng(0))


@pytest.mark.parametrize("block", [1, 2, 3, 64])
def test_grg_pair_probabilities(block: int) -> None:
    # Small tiles exercise the diagonal/off-diagonal tiling of the upper triangle.
    w = np.array([0.5, 1.0, 2.0, 3.0, 6.0])
    V, n_graphs = w.size, 3000
    prod = np.outer(w, w)
    p = prod / (w.sum() + prod)
    generator = rng(17)
    counts = sum(
        generalized_random_graph(w, generator, block=block).toarray() for _ in range(n_graphs)
    )
    freq = counts / n_graphs
    off = ~np.eye(V, dtype=bool)
    sd = np.sqrt(p * (1 - p) / n_graphs)
    assert np.all(np.abs(freq - p)[off] < 5 * sd[off])
    assert np.all(np.diag(counts) == 0)


def test_grg_edge_count_given_weights() -> None:
    V = 2000
    w = pareto_type1(V, ALPHA, LAM_MIN, rng(23))
    A = generalized_random_graph(w, rng(24), block=300)
    assert_simple_graph(A, V)
    prod = np.outer(w, w)
    p = np.triu(prod / (w.sum() + prod), k=1)
    n_edges = A.nnz // 2
    assert abs(n_edges - p.sum()) < 4 * math.sqrt((p * (1 - p)).sum())


@pytest.fixture(scope="module")
def pl_graph() -> sp.csr_array:
    return powerlaw_grg_graph(8000, ALPHA, LAM_MIN, rng(2006))


def test_powerlaw_graph_mean_degree(pl_graph: sp.csr_array) -> None:
    assert_simple_graph(pl_graph, pl_graph.shape[0])
    # The mean degree is dominated by the sample mean of the weights (sd ~ 1 %
    # of 10/3 at V = 8000, with a heavy upper tail), hence a 5 % tolerance.
    assert abs(degrees(pl_graph).mean() - PL_MEAN) < 0.05 * PL_MEAN


def test_powerlaw_graph_isolated_fraction(pl_graph: sp.csr_array) -> None:
    V = pl_graph.shape[0]
    p0 = powerlaw_degree_law(ALPHA, LAM_MIN).p0
    frac = np.mean(degrees(pl_graph) == 0)
    # 4 binomial sd plus an allowance of 0.005 for the finite-V bias
    # (finite graphs have isolated fractions ~0.069-0.073 at V = 10^4).
    assert abs(frac - p0) < 4 * binom_sd(p0, V) + 0.005


def test_powerlaw_graph_tail_heavier_than_erdos_renyi(pl_graph: sp.csr_array) -> None:
    V = pl_graph.shape[0]
    er = erdos_renyi_graph(V, PL_MEAN, rng(99))
    d_pl, d_er = degrees(pl_graph), degrees(er)
    # ER degrees have a Poisson tail (max ~ 13 here); weights reach ~ V^{1/alpha}.
    assert d_pl.max() > 2 * d_er.max()
    assert np.mean(d_pl >= 15) > 0.005 > np.mean(d_er >= 15)


def test_powerlaw_graph_reproducible_from_seed() -> None:
    A = powerlaw_grg_graph(500, ALPHA, LAM_MIN, rng(4))
    B = powerlaw_grg_graph(500, ALPHA, LAM_MIN, rng(4))
    C = powerlaw_grg_graph(500, ALPHA, LAM_MIN, rng(5))
    assert (A != B).nnz == 0
    assert (A != C).nnz > 0


# ---------------------------------------------------------------------------
# degree laws
# ---------------------------------------------------------------------------

N_SAMPLES = 400_000

LAWS = {
    "regular": regular_degree_law(3),
    "poisson": poisson_degree_law(3.0),
    "powerlaw": powerlaw_degree_law(ALPHA, LAM_MIN),
}


def test_degree_law_exact_values() -> None:
    assert LAWS["regular"].mean == 3.0 and LAWS["regular"].p0 == 0.0
    assert regular_degree_law(0).p0 == 1.0
    assert LAWS["poisson"].mean == 3.0
    assert LAWS["poisson"].p0 == pytest.approx(math.exp(-3.0), rel=1e-15)
    assert LAWS["powerlaw"].mean == pytest.approx(10.0 / 3.0, rel=1e-15)
    assert 0.0683 < LAWS["powerlaw"].p0 < 0.0685
    assert LAWS["regular"].p1 == 0.0 and regular_degree_law(1).p1 == 1.0
    assert LAWS["poisson"].p1 == pytest.approx(3.0 * math.exp(-3.0), rel=1e-15)
    assert 0.1672 < LAWS["powerlaw"].p1 < 0.1675


def test_powerlaw_p0_p1_match_monte_carlo() -> None:
    lam = pareto_type1(10**6, ALPHA, LAM_MIN, rng(8))
    for k, exact in ((0, LAWS["powerlaw"].p0), (1, LAWS["powerlaw"].p1)):
        values = lam ** k * np.exp(-lam)          # p(k) = E[lambda^k e^-lambda]/k!, k <= 1
        sd = values.std() / math.sqrt(values.size)
        assert abs(values.mean() - exact) < 5 * sd


@pytest.mark.parametrize("name", LAWS)
def test_degree_law_sample_mean_and_p0(name: str) -> None:
    law = LAWS[name]
    d = law.sample(rng(31), N_SAMPLES)
    assert d.dtype == np.int64 and d.shape == (N_SAMPLES,)
    assert d.min() >= 0
    assert abs(d.mean() - law.mean) < 5 * d.std() / math.sqrt(N_SAMPLES) + 1e-12
    assert abs(np.mean(d == 0) - law.p0) < 5 * binom_sd(law.p0, N_SAMPLES) + 1e-12
    assert abs(np.mean(d == 1) - law.p1) < 5 * binom_sd(law.p1, N_SAMPLES) + 1e-12


@pytest.mark.parametrize("name", LAWS)
def test_leaf_fraction_of_edge_biased_law_is_p1_over_mean(name: str) -> None:
    """q(1) = 1 p(1)/mean: the chance that a random edge leads to a leaf, which the cavity uses exactly."""
    law = LAWS[name]
    if law.mean == 0:
        pytest.skip("no edges")
    q = law.sample(rng(32), N_SAMPLES, edge_biased=True)
    q1 = law.p1 / law.mean
    assert abs(np.mean(q == 1) - q1) < 5 * binom_sd(q1, N_SAMPLES) + 1e-12


@pytest.mark.parametrize(("name", "biased_mean"), [("regular", 3.0), ("poisson", 4.0)])
def test_edge_biased_mean_is_second_over_first_moment(name: str, biased_mean: float) -> None:
    law = LAWS[name]
    d = law.sample(rng(32), N_SAMPLES)
    q = law.sample(rng(33), N_SAMPLES, edge_biased=True)
    # E_q[d] = E_p[d^2] / E_p[d]: c + 1 for Poisson(c), d for d-regular.
    sd = q.std() / math.sqrt(N_SAMPLES) + 1e-12
    assert abs(q.mean() - biased_mean) < 5 * sd
    assert abs(q.mean() - np.mean(d.astype(float) ** 2) / d.mean()) < 10 * sd


@pytest.mark.parametrize("name", LAWS)
def test_edge_biased_law_is_size_biased(name: str) -> None:
    law = LAWS[name]
    p = np.bincount(law.sample(rng(41), N_SAMPLES), minlength=12)[:12] / N_SAMPLES
    q_samples = law.sample(rng(42), N_SAMPLES, edge_biased=True)
    assert q_samples.min() >= 1
    q = np.bincount(q_samples, minlength=12)[:12] / N_SAMPLES
    k = np.arange(12)
    predicted = k * p / law.mean
    # Both estimates are binomial proportions; combine their standard errors.
    sd = np.sqrt(q * (1 - q) / N_SAMPLES + (k / law.mean) ** 2 * p * (1 - p) / N_SAMPLES)
    assert np.all(np.abs(q - predicted) <= 5 * sd + 1e-12)


def test_powerlaw_edge_biased_law_has_heavy_tail() -> None:
    q = LAWS["powerlaw"].sample(rng(43), N_SAMPLES, edge_biased=True)
    # Mixing law Pareto I(1.5, 2): P(lambda > 1000) = (2/1000)^1.5 ~ 9e-5.
    assert abs(np.mean(q > 1000) - (2 / 1000) ** 1.5) < 5 * binom_sd((2 / 1000) ** 1.5, N_SAMPLES)


def test_degree_law_sample_edge_cases() -> None:
    assert LAWS["poisson"].sample(rng(0), 0).shape == (0,)
    with pytest.raises(ValueError, match="edge-biased"):
        poisson_degree_law(0.0).sample(rng(0), 5, edge_biased=True)
    with pytest.raises(ValueError, match="alpha"):
        powerlaw_degree_law(1.0, LAM_MIN)
    with pytest.raises(TypeError, match="rng"):
        LAWS["regular"].sample(123, 5)  # type: ignore[arg-type]


def test_degree_law_is_frozen() -> None:
    law = LAWS["poisson"]
    assert isinstance(law, DegreeLaw)
    with pytest.raises(AttributeError):
        law.mean = 4.0  # type: ignore[misc]


# ---------------------------------------------------------------------------
# registry
# ---------------------------------------------------------------------------

PARAMS = {
    "regular": {"d": 3},
    "erdos_renyi": {"mean_degree": 3.0},
    "powerlaw_grg": {"alpha": ALPHA, "lam_min": LAM_MIN},
}
DIRECT = {
    "regular": (lambda V, g: random_regular_graph(V, 3, g), regular_degree_law(3)),
    "erdos_renyi": (lambda V, g: erdos_renyi_graph(V, 3.0, g), poisson_degree_law(3.0)),
    "powerlaw_grg": (
        lambda V, g: powerlaw_grg_graph(V, ALPHA, LAM_MIN, g),
        powerlaw_degree_law(ALPHA, LAM_MIN),
    ),
}


def test_registry_names() -> None:
    assert set(ENSEMBLES) == {"regular", "erdos_renyi", "powerlaw_grg"}
    for name, ens in ENSEMBLES.items():
        assert ens.name == name and set(ens.params) == set(PARAMS[name])


@pytest.mark.parametrize("name", PARAMS)
def test_registry_dispatch_matches_direct_calls(name: str) -> None:
    direct_graph, direct_law = DIRECT[name]
    A = make_graph(name, 300, rng(12), **PARAMS[name])
    B = direct_graph(300, rng(12))
    assert_simple_graph(A, 300)
    assert (A != B).nnz == 0
    assert degree_law(name, **PARAMS[name]) == direct_law


def test_registry_rejects_unknown_names_and_parameters() -> None:
    for call in (lambda: make_graph("reg3", 10, rng(0), d=3), lambda: degree_law("ba")):
        with pytest.raises(ValueError) as info:
            call()
        for name in ENSEMBLES:
            assert name in str(info.value)
    with pytest.raises(TypeError):
        make_graph("regular", 10, rng(0), mean_degree=3.0)
    with pytest.raises(TypeError):
        degree_law("powerlaw_grg", alpha=ALPHA)
