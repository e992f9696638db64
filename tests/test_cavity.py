"""Cavity method / BP / population dynamics (Urry & Sollich 2013, Sec. 4) against exact GP algebra."""

import math

import numpy as np
import pytest
import scipy.linalg as sl
from scipy import stats
from threadpoolctl import threadpool_limits

from statmech_bayes.graphs.ensembles import (
    erdos_renyi_graph,
    poisson_degree_law,
    powerlaw_degree_law,
    regular_degree_law,
)
from statmech_bayes.graphs.operators import from_edge_list
from statmech_bayes.graphs.spectral import SpectralBasis
from statmech_bayes.randomwalk import cavity
from statmech_bayes.randomwalk.cavity import (
    base_matrix,
    bp_posterior_variances,
    bp_prior_variances,
    embed,
    embedding_permutation,
    global_kappa,
    learning_curve_global,
    learning_curve_local,
    population,
    woodbury_message,
)
from statmech_bayes.randomwalk.kernels import rw_coefficients

# A non-real vertex marginal (spec A16) is reported as a RuntimeWarning; none may occur here.
pytestmark = pytest.mark.filterwarnings("error::RuntimeWarning")

KAPPA_REG3 = 0.0817723614603973  # Ĉ_{0,10} on the 3-regular tree, a = 2 (spec 2.4)


# ---------------------------------------------------------------------------------------------------------
# exact references
# ---------------------------------------------------------------------------------------------------------


def exact_posterior_variances(C, counts, sigma2):
    """diag(C - C[:,O] (C[O,O] + σ² diag(1/γ_O))⁻¹ C[O,:]) via a Cholesky factor (spec 2.5)."""
    O = np.flatnonzero(counts)
    K = C[np.ix_(O, O)] + sigma2 * np.diag(1.0 / counts[O])
    W = sl.solve_triangular(np.linalg.cholesky(K), C[O, :], lower=True)
    return np.diag(C) - np.sum(W * W, axis=0)


def normalised(Ch, normalisation):
    dg = np.diag(Ch)
    return Ch / dg.mean() if normalisation == "global" else Ch / np.sqrt(np.outer(dg, dg))


@pytest.fixture(scope="module")
def forest():
    """Random recursive tree on 40 vertices + an isolated vertex + an isolated edge, and data counts."""
    rng = np.random.default_rng(20130901)
    nt = 40
    parents = [int(rng.integers(0, k)) for k in range(1, nt)]
    edges = [(k, par) for k, par in zip(range(1, nt), parents)] + [(nt + 1, nt + 2)]
    V = nt + 3
    A = from_edge_list(np.array(edges), V)
    counts = rng.poisson(0.7, size=V)
    counts[nt] = 2  # data on the isolated vertex
    counts[nt + 1] = 0  # none on one end of the isolated edge
    counts[nt + 2] = 1
    assert 5 < np.sum(counts == 0) < V - 5
    return A, counts


# ---------------------------------------------------------------------------------------------------------
# matrix layout
# ---------------------------------------------------------------------------------------------------------


def test_base_matrix_and_embedding_match_eq33():
    p, a = 4, 2.5
    n = 2 * p + 1
    B0 = base_matrix(p, a)
    c = rw_coefficients(p, a)
    assert B0.dtype == np.float64 and B0.shape == (n, n)
    np.testing.assert_array_equal(B0, B0.T)
    assert B0[0, 0] == c[0] and np.allclose(B0[0, 1:p + 1], c[1:] / 2)
    # The paper's B0 (entries -i on the conjugate pairs) and E(V) = -X V X with X[q-1, p+q] = X[p+q, q-1] = i,
    # mapped to the real variables by the congruence D (.) D, D = diag(1 for h^q, i for the conjugates).
    paper_B0 = B0.astype(complex)
    X = np.zeros((n, n), dtype=complex)
    for q in range(1, p + 1):
        paper_B0[q, p + q] = paper_B0[p + q, q] = -1j
        X[q - 1, p + q] = X[p + q, q - 1] = 1j
    D = np.diag(np.r_[np.ones(p + 1), np.full(p, 1j)])
    np.testing.assert_allclose(D @ paper_B0 @ D, B0, rtol=0, atol=1e-15)
    rng = np.random.default_rng(0)
    V = rng.normal(size=(3, n, n))                      # a message in the real variables
    paper_V = D @ V @ D                                 # the same message in the paper's variables (V = D V' D)
    paper_E = -X @ paper_V @ X
    np.testing.assert_allclose(embed(V), (D @ paper_E @ D).real, rtol=0, atol=1e-15)
    assert np.max(np.abs((D @ paper_E @ D).imag)) < 1e-15

    perm = embedding_permutation(p)
    assert sorted(perm) == list(range(n))


def test_woodbury_message_is_inverse_and_projection():
    p, n = 3, 7
    rng = np.random.default_rng(1)
    G = rng.normal(size=(5, n, n))
    M = G + np.swapaxes(G, 1, 2) + 4 * np.eye(n)  # symmetric, generally indefinite
    s = np.array([0.3, 2.0, 10.0, 0.7, 1.0])
    dk = np.array([0.2, 3.0, 0.5, 1.0, 2.0])
    e00 = np.zeros((n, n))
    e00[0, 0] = 1.0
    direct = np.linalg.inv(M + (dk / s)[:, None, None] * e00)
    np.testing.assert_allclose(woodbury_message(M, s, dk), direct, rtol=1e-10, atol=1e-12)
    # γ = 0: the λ → 0 limit pins h^0 = 0, so row and column 0 of the covariance vanish
    V0 = woodbury_message(M, np.zeros(5), dk)
    assert np.max(np.abs(V0[:, 0, :])) < 1e-14 and np.max(np.abs(V0[:, :, 0])) < 1e-14
    np.testing.assert_allclose(V0, np.swapaxes(V0, 1, 2), atol=1e-13)
    assert p == (n - 1) // 2


def test_selection_draws_k_indices_per_row_with_replacement():
    rng = np.random.default_rng(2)
    P = 7
    k = np.array([0, 3, 12, 1])
    indptr, idx = population._selection(rng, k, P)
    assert np.array_equal(np.diff(indptr), k) and indptr[0] == 0
    assert idx.size == k.sum() and idx.min() >= 0 and idx.max() < P
    # 12 draws from 7 values must repeat one: drawn with replacement
    assert np.unique(idx[indptr[2]:indptr[3]]).size < 12


# ---------------------------------------------------------------------------------------------------------
# single-graph BP is exact on forests
# ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("p,a", [(1, 2.0), (3, 2.0), (10, 2.0), (6, 3.5)])
def test_bp_exact_on_forest(forest, p, a):
    A, counts = forest
    Ch = SpectralBasis.of_graph(A).kernel(p, a)
    np.testing.assert_allclose(bp_prior_variances(A, p, a), np.diag(Ch), rtol=1e-10, atol=1e-13)
    # prior variances through the posterior routine (no data) as well
    np.testing.assert_allclose(bp_posterior_variances(A, p, a, np.zeros(A.shape[0]), 0.1, "global", kappa=1.0),
                               np.diag(Ch), rtol=1e-10, atol=1e-13)
    for norm in ("global", "local"):
        exact = exact_posterior_variances(normalised(Ch, norm), counts, 0.1)
        bp = bp_posterior_variances(A, p, a, counts, 0.1, normalisation=norm)
        np.testing.assert_allclose(bp, exact, rtol=1e-10, atol=1e-10)


def test_bp_special_vertices(forest):
    A, _ = forest
    prior = bp_prior_variances(A, 10, 2.0)
    assert prior[40] == pytest.approx(2.0**-10, abs=1e-16)  # isolated vertex: c_0
    np.testing.assert_allclose(prior[41:43], 0.5, atol=1e-14)  # isolated edge, a = 2
    counts = np.zeros(A.shape[0])
    counts[40] = 3
    loc = bp_posterior_variances(A, 10, 2.0, counts, 0.2, "local")
    assert loc[40] == pytest.approx(1.0 / (3 / 0.2 + 1.0), rel=1e-14)
    np.testing.assert_allclose(np.delete(loc, 40), 1.0, atol=1e-12)


# ---------------------------------------------------------------------------------------------------------
# population dynamics
# ---------------------------------------------------------------------------------------------------------


def test_population_reg3_kappa_is_tree_value():
    r = global_kappa(regular_degree_law(3), 10, 2.0, 400, 20, 3, np.random.default_rng(3))
    assert abs(r.kappa - KAPPA_REG3) < 1e-6
    # every vertex is equivalent: each sample is the tree value
    assert np.max(np.abs(r.prior_samples - KAPPA_REG3)) < 1e-6
    assert r.prior_samples.size == 3 * 400 and r.population.shape == (400, 21, 21)


def test_population_is_reproducible():
    law = poisson_degree_law(3.0)
    r1 = global_kappa(law, 4, 2.0, 200, 3, 2, np.random.default_rng(11))
    r2 = global_kappa(law, 4, 2.0, 200, 3, 2, np.random.default_rng(11))
    np.testing.assert_array_equal(r1.prior_samples, r2.prior_samples)


@pytest.fixture(scope="module")
def er3_kappa():
    return global_kappa(poisson_degree_law(3.0), 10, 2.0, 2000, 30, 10, np.random.default_rng(4))


def test_population_er3_kappa(er3_kappa):
    r = er3_kappa
    assert 0.071 <= r.kappa <= 0.075
    assert r.prior_samples.size >= 10 * 2000
    # delta peaks of Section 4.2: isolated vertices at c_0 (p(0) = e^-3) and isolated edges at 0.5
    frac0 = np.mean(r.prior_samples == 2.0**-10)
    assert abs(frac0 - math.exp(-3)) < 5 * math.sqrt(math.exp(-3) / r.prior_samples.size)
    assert np.any(np.abs(r.prior_samples - 0.5) < 1e-12)
    assert np.all((r.prior_samples > 0) & (r.prior_samples <= 0.5 + 1e-12))


def test_population_powerlaw_runs_with_heavy_tail():
    law = powerlaw_degree_law(2.5, 2.0)
    r = global_kappa(law, 10, 2.0, 1000, 15, 4, np.random.default_rng(5))
    assert np.all(np.isfinite(r.prior_samples))
    assert 0.052 < r.kappa < 0.064  # ≈ 0.058 at P = 10^4


def _simulated_bayes_error(rng, n_graphs, V, nu, sigma2):
    """Mean exact posterior variance over ER(c=3) graphs, one Multinomial(N = νV) data set per graph.

    Graph-to-graph fluctuations dominate under global normalisation (about 20 % per sample at V = 500,
    skewed to large values), so many graphs with one data set each beat few graphs with many.
    """
    out = {"global": [], "local": []}
    for _ in range(n_graphs):
        A = erdos_renyi_graph(V, 3.0, rng)
        Ch = SpectralBasis.of_graph(A).kernel(10, 2.0)
        Cs = {norm: normalised(Ch, norm) for norm in out}
        counts = rng.multinomial(int(round(nu * V)), np.full(V, 1.0 / V))
        for norm, C in Cs.items():
            out[norm].append(exact_posterior_variances(C, counts, sigma2).mean())
    return {k: float(np.mean(v)) for k, v in out.items()}


def test_cavity_matches_simulation_er3(er3_kappa):
    nu, sigma2 = 1.0, 0.1
    # small dense eighs: BLAS threading only oversubscribes the two cores
    with threadpool_limits(limits=1):
        sim = _simulated_bayes_error(np.random.default_rng(6), 40, 500, nu, sigma2)
    rng = np.random.default_rng(7)
    law = poisson_degree_law(3.0)
    cg = learning_curve_global(law, 10, 2.0, er3_kappa.kappa, [nu], sigma2, 2000, 15, 15, rng,
                               init_population=er3_kappa.population)
    cl = learning_curve_local(law, 10, 2.0, [nu], sigma2, 2000, 15, 10, rng,
                              init_population=er3_kappa.population, keep_samples_at=[nu])
    assert abs(cg.eps[0] / sim["global"] - 1) < 0.10
    assert abs(cl.eps[0] / sim["local"] - 1) < 0.10
    # local posterior variances lie below the local prior variance 1
    s = cl.samples[nu]
    assert s.size == 10 * 2000 and np.all((s > 0) & (s <= 1 + 1e-9))
    # the Rao-Blackwellised vertex variance estimates the variance of the raw samples
    assert cl.eps_variance[0] == pytest.approx(np.var(s, ddof=1), rel=0.1)
    assert 0 < cg.stderr[0] < 0.05 * cg.eps[0]


def test_local_curve_at_nu0_is_unit_prior_variance():
    law = poisson_degree_law(2.0)
    c = learning_curve_local(law, 5, 2.0, [0.0, 0.5], 0.1, 300, 6, 2, np.random.default_rng(8),
                             warm_sweeps=4, keep_samples_at=[0.0])
    # at ν = 0 both halves of each pair are the same projection, so every sample is exactly 1
    np.testing.assert_allclose(c.samples[0.0], 1.0, rtol=1e-10)
    assert c.eps[1] < 1.0 and c.population.shape == (300, 2, 11, 11)


@pytest.mark.parametrize("normalisation", ["global", "local"])
def test_isolated_vertices_only(normalisation):
    """p(d) = δ_{d,0}: ε = <1/(γ/σ² + κ/c_0)> (global) or <1/(γ/σ² + 1)> (local), γ ~ Poisson(ν)."""
    law = regular_degree_law(0)
    p, a, sigma2, P = 10, 2.0, 0.1, 4000
    c0 = (1 - 1 / a) ** p
    rng = np.random.default_rng(9)
    kr = global_kappa(law, p, a, P, 1, 2, rng)
    assert kr.kappa == pytest.approx(c0, rel=1e-14)
    nus = [0.0, 0.5, 2.0]
    if normalisation == "global":
        kappa = 0.05  # deliberately ≠ c_0 so that the κ/c_0 term is tested
        res = learning_curve_global(law, p, a, kappa, nus, sigma2, P, 1, 5, rng, keep_samples_at=nus)
        prec = kappa / c0
    else:
        res = learning_curve_local(law, p, a, nus, sigma2, P, 1, 5, rng, keep_samples_at=nus)
        prec = 1.0
    g = np.arange(60)
    for i, nu in enumerate(nus):
        values = 1.0 / (g / sigma2 + prec)
        expected = float(np.sum(stats.poisson.pmf(g, nu) * values))
        samples = res.samples[nu]
        # every sample is one of the allowed values 1/(γ/σ² + prec)
        assert np.all(np.min(np.abs(samples[:, None] - values[None, :]), axis=1) < 1e-14)
        # the raw samples scatter around it ...
        assert abs(samples.mean() - expected) <= 5 * math.sqrt(samples.var() / samples.size) + 1e-14
        # ... while the Rao-Blackwellised estimate (exact d = 0 stratum, exact Poisson average) is exact
        assert res.eps[i] == pytest.approx(expected, rel=1e-12)
        second = float(np.sum(stats.poisson.pmf(g, nu) * values ** 2))
        assert res.eps_variance[i] == pytest.approx(second - expected ** 2, rel=1e-9, abs=1e-15)


def test_isolated_edges_are_exact_in_the_global_measurement():
    """p(d) = δ_{d,1}: every vertex sits on an isolated edge, which the global measurement treats exactly, so
    the cavity error equals the dense GP average over both vertices' Poisson counts to rounding."""
    from statmech_bayes.gp.component_averages import posterior_variance_batch

    law = regular_degree_law(1)
    p, a, sigma2 = 10, 2.0, 1e-3
    rng = np.random.default_rng(15)
    kr = global_kappa(law, p, a, 200, 3, 2, rng)
    C_hat = SpectralBasis.of_graph(from_edge_list(np.array([(0, 1)]), 2)).kernel(p, a)
    assert kr.kappa == pytest.approx(C_hat[0, 0], rel=1e-12)
    res = learning_curve_global(law, p, a, kr.kappa, [0.5, 3.0], sigma2, 200, 2, 2, rng,
                                init_population=kr.population)
    g = np.arange(80)
    counts = np.stack(np.meshgrid(g, g, indexing="ij"), axis=-1).reshape(-1, 2)
    post = posterior_variance_batch(C_hat / kr.kappa, counts, sigma2)[:, 0]
    for nu, eps in zip([0.5, 3.0], res.eps):
        w = np.outer(stats.poisson.pmf(g, nu), stats.poisson.pmf(g, nu)).ravel()
        assert eps == pytest.approx(w @ post, rel=1e-9)


def test_regular_law_local_equals_global():
    """On the 3-regular tree every Ĉ_ii equals κ, so local and global normalisation are the same model."""
    law = regular_degree_law(3)
    rng = np.random.default_rng(10)
    kr = global_kappa(law, 10, 2.0, 1000, 15, 1, rng)
    cg = learning_curve_global(law, 10, 2.0, kr.kappa, [1.0], 1.0, 1000, 15, 10, rng,
                               init_population=kr.population)
    cl = learning_curve_local(law, 10, 2.0, [1.0], 1.0, 1000, 15, 10, rng, init_population=kr.population)
    assert abs(cl.eps[0] - cg.eps[0]) < 0.03 * cg.eps[0]
    assert abs(cl.eps[0] - cg.eps[0]) < 5 * math.hypot(cl.stderr[0], cg.stderr[0])


def test_replicas_are_independent_and_their_spread_is_the_error():
    law = poisson_degree_law(3.0)
    rng = np.random.default_rng(13)
    kr = global_kappa(law, 10, 2.0, 600, 10, 2, rng)
    args = (law, 10, 2.0, kr.kappa, [0.5, 2.0], 0.01, 600, 8, 3)
    res = learning_curve_global(*args, np.random.default_rng(14), init_population=kr.population,
                                warm_sweeps=4, replicas=4)
    again = learning_curve_global(*args, np.random.default_rng(14), init_population=kr.population,
                                  warm_sweeps=4, replicas=4)
    np.testing.assert_array_equal(res.replica_eps, again.replica_eps)   # seeded
    assert res.replica_eps.shape == (4, 2) and res.sweep_stderr.shape == (4, 2)
    assert len({tuple(r) for r in res.replica_eps}) == 4                 # distinct random streams
    np.testing.assert_allclose(res.eps, res.replica_eps.mean(axis=0), rtol=1e-15)
    np.testing.assert_allclose(res.stderr, res.replica_eps.std(axis=0, ddof=1) / 2, rtol=1e-12)
    # the replicas agree with each other within a few of their own errors
    assert np.all(np.abs(res.replica_eps - res.eps) < 6 * res.stderr * 2)


def test_keep_samples_matches_rounded_grid():
    law = regular_degree_law(0)
    nus = np.geomspace(0.01, 1.0, 5)  # nus[-1] may differ from 1.0 by rounding
    res = learning_curve_global(law, 3, 2.0, 0.2, nus, 0.1, 50, 0, 2, np.random.default_rng(12),
                                keep_samples_at=[1.0])
    assert list(res.samples) == [float(nus[-1])] and res.samples[float(nus[-1])].size == 100
    with pytest.warns(UserWarning, match="not on the nu grid"):
        learning_curve_global(law, 3, 2.0, 0.2, nus, 0.1, 50, 0, 1, np.random.default_rng(12),
                              keep_samples_at=[0.5])


def test_more_measured_vertices_average_the_same_population():
    """``measure_draws`` = k P measures k times as many vertices of the same population per sweep: on a fixed
    population the scatter of the vertex-variance estimate (Fig. 9) between measurements falls like 1/sqrt(k)
    (at small ν it is carried by the few vertices near an example: rare events, hence 30 repeats), and the
    estimates agree."""
    law = poisson_degree_law(3.0)
    P, nu, sigma2 = 1000, 0.1, 0.1
    kr = global_kappa(law, 10, 2.0, P, 10, 2, np.random.default_rng(40))
    pd = population._Population(law, 10, 2.0, P, np.random.default_rng(41), None)
    pairs = population._start_population("local", (P, 2, 21, 21), kr.population)
    for _ in range(8):
        pd.sweep_local(pairs, nu, sigma2)

    def variances(k, n=30):
        pd.draws = k * P
        out = []
        for _ in range(n):
            m = pd.measure_local(pairs, nu, sigma2)
            assert m.raw.size == k * P
            out.append(m.m2.mean() - m.m1.mean() ** 2)
        return np.array(out)

    one, eight = variances(1), variances(8)
    assert eight.std(ddof=1) < 0.6 * one.std(ddof=1)             # 1/sqrt(8) = 0.35 expected
    se = math.hypot(one.std(ddof=1) / math.sqrt(one.size), eight.std(ddof=1) / math.sqrt(eight.size))
    assert abs(one.mean() - eight.mean()) < 4 * se


@pytest.mark.parametrize("normalisation", ["global", "local"])
@pytest.mark.parametrize("replicas", [1, 3])
def test_replicas_run_apart_give_the_whole_curve_bit_for_bit(normalisation, replicas):
    """The replicas of a curve run as separate jobs (each from a fresh generator in the whole run's state) and
    combined are the curve the whole run gives, to the last bit, kept samples included."""
    law = poisson_degree_law(3.0)
    nus, P = [0.1, 1.0], 200
    kw = dict(nus=nus, sigma2=0.1, P=P, equil_sweeps=2, measure_sweeps=2, warm_sweeps=1, keep_samples_at=[1.0],
              replicas=replicas, measure_draws=2 * P)
    init = cavity.global_kappa(law, 5, 2.0, P, 3, 1, np.random.default_rng(5)).population
    kappa = 1.3 if normalisation == "global" else None
    if normalisation == "global":
        whole = learning_curve_global(law, 5, 2.0, kappa, rng=np.random.default_rng(9), init_population=init, **kw)
    else:
        whole = learning_curve_local(law, 5, 2.0, rng=np.random.default_rng(9), init_population=init, **kw)
    runs = [cavity.curve_replica(normalisation, law, 5, 2.0, kappa, rng=np.random.default_rng(9), replica=r,
                                 init_population=init, **kw) for r in range(replicas)]
    apart = cavity.combine_replicas(runs, nus, normalisation, 0.1, kappa)
    for name in ("nu", "eps", "stderr", "eps_variance", "replica_eps", "sweep_stderr", "replica_variance",
                 "population"):
        assert np.array_equal(getattr(whole, name), getattr(apart, name)), name
    assert whole.samples.keys() == apart.samples.keys() == {1.0}
    assert np.array_equal(whole.samples[1.0], apart.samples[1.0])
    assert len({r.eps.tobytes() for r in runs}) == replicas  # independent streams, not one copied


def test_replica_generator_refuses_a_replica_outside_the_run():
    with pytest.raises(ValueError, match="replica"):
        cavity.replica_generator(np.random.default_rng(0), 3, 3)
