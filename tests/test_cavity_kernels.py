"""The compiled population-dynamics kernels (randomwalk/cavity/kernels.py) against the NumPy/LAPACK building blocks
they replace (embed, woodbury_message, _inv00 of randomwalk/cavity/messages.py) and against the previous engine's
curves on small cases (tests/data/cavity_numpy_engine.npz, written by the NumPy engine of commit 5e96417 with the
calls of the last test): the kernels consume no random number, so the curves must agree to rounding."""

from pathlib import Path

import numpy as np
import pytest

from statmech_bayes.graphs.ensembles import poisson_degree_law, powerlaw_degree_law
from statmech_bayes.randomwalk.cavity import (
    base_matrix,
    embed,
    embedding_permutation,
    global_kappa,
    kernels,
    learning_curve_global,
    learning_curve_local,
    woodbury_message,
)
from statmech_bayes.randomwalk.cavity.messages import _inv00
from statmech_bayes.randomwalk.cavity.population import _selection

REFERENCE = Path(__file__).parent / "data" / "cavity_numpy_engine.npz"
UNPADDED = Path(__file__).parent / "data" / "cavity_kernels_before_padding.npz"
P_, A_ = 10, 2.0


@pytest.fixture(scope="module")
def populations():
    """An equilibrated data-free population and a population with data (nu = 1, sigma2 = 0.1), P = 300."""
    law = poisson_degree_law(3.0)
    kap = global_kappa(law, P_, A_, 300, 8, 1, np.random.default_rng(5))
    cur = learning_curve_global(law, P_, A_, kap.kappa, [1.0], 0.1, 300, 6, 1, np.random.default_rng(6),
                                init_population=kap.population)
    return kap.population, cur.population, kap.kappa


def _sums(pop, indptr, rows, d, B0):
    """The cavity matrices d B0 + sum of the selected messages, by NumPy (np.add.at keeps duplicates)."""
    owner = np.repeat(np.arange(d.size), np.diff(indptr))
    M = d[:, None, None] * B0
    np.add.at(M, owner, pop[rows])
    return M


def test_gauss_jordan_inverse_is_the_inverse_of_indefinite_matrices(populations):
    _, pop, _ = populations
    B0 = base_matrix(P_, A_)
    rng = np.random.default_rng(0)
    piv = np.empty(B0.shape[0], dtype=np.int64)
    for d in (1, 2, 5):
        M = d * B0 + pop[rng.integers(0, pop.shape[0], size=d - 1)].sum(axis=0)
        assert np.linalg.eigvalsh(M).min() < 0 < np.linalg.eigvalsh(M).max()   # indefinite: pivoting needed
        n = M.shape[0]
        A = np.zeros((n, kernels._padded_width(n)))
        A[:, :n] = M
        kernels._gauss_jordan_inverse(A, n, piv, np.empty(A.shape[1]))
        A = A[:, :n]
        np.testing.assert_allclose(A @ M, np.eye(M.shape[0]), atol=1e-9)
        np.testing.assert_allclose(A, np.linalg.inv(M), rtol=1e-9, atol=1e-12 * np.abs(A).max())


@pytest.mark.parametrize("which", [0, 1])
def test_global_update_matches_embedded_woodbury(populations, which):
    pop = populations[which].copy()
    kappa = populations[2]
    B0, perm = base_matrix(P_, A_), embedding_permutation(P_).astype(np.int64)
    rng = np.random.default_rng(1)
    b = 40
    tgt = rng.permutation(pop.shape[0])[:b]
    d = rng.integers(1, 7, size=b)
    s = np.where(rng.random(b) < 0.5, 0.0, rng.poisson(2.0, size=b) / 0.1)
    indptr, rows = _selection(rng, d - 1, pop.shape[0])
    expected = embed(woodbury_message(_sums(pop, indptr, rows, d, B0), s, d * kappa))
    before = pop.copy()
    kernels.global_update(pop.reshape(pop.shape[0], 1, *pop.shape[1:]), tgt, indptr, rows, d, s, kappa, B0, perm)
    np.testing.assert_allclose(pop[tgt], expected, rtol=1e-8, atol=1e-10 * np.abs(expected).max())
    untouched = np.setdiff1d(np.arange(pop.shape[0]), tgt)
    assert np.array_equal(pop[untouched], before[untouched])


def test_local_update_matches_the_numpy_composition(populations):
    free, data, _ = populations
    pairs = np.stack([free, data], axis=1)
    B0, perm = base_matrix(P_, A_), embedding_permutation(P_).astype(np.int64)
    rng = np.random.default_rng(2)
    b = 40
    tgt = rng.permutation(pairs.shape[0])[:b]
    d = rng.integers(1, 7, size=b)
    s = rng.poisson(1.0, size=b) / 0.01
    indptr, rows = _selection(rng, d - 1, pairs.shape[0])
    kstar = rng.integers(0, pairs.shape[0], size=b)
    M = _sums(pairs[:, 0], indptr, rows, d, B0)
    M_loc = _sums(pairs[:, 1], indptr, rows, d, B0)
    d_kappa = 1.0 / _inv00(M + pairs[kstar, 0])           # Eq. (44)
    expected = np.stack([embed(woodbury_message(M, 0.0, 1.0)), embed(woodbury_message(M_loc, s, d_kappa))], 1)
    kernels.local_update(pairs, tgt, indptr, rows, d, s, kstar, B0, perm)
    np.testing.assert_allclose(pairs[tgt], expected, rtol=1e-8, atol=1e-10 * np.abs(expected).max())


def test_inv00_of_sums_counts_duplicates(populations):
    _, pop, _ = populations
    B0 = base_matrix(P_, A_)
    d = np.array([1, 3, 4, 2])
    indptr = np.array([0, 1, 4, 8, 10])
    rows = np.array([7, 3, 3, 3, 0, 1, 0, 9, 5, 5])      # repeated messages enter as often as drawn
    got = kernels.inv00_of_sums(pop.reshape(pop.shape[0], 1, *pop.shape[1:]), 0, indptr, rows, d, B0)
    np.testing.assert_allclose(got, _inv00(_sums(pop, indptr, rows, d, B0)), rtol=1e-9)


def test_curves_agree_with_the_previous_numpy_engine_to_rounding():
    """The reference holds these calls' results under the NumPy/LAPACK engine of commit 5e96417."""
    ref = np.load(REFERENCE)
    kap = global_kappa(poisson_degree_law(3.0), 10, 2.0, 300, 6, 3, np.random.default_rng(11))
    np.testing.assert_allclose(kap.kappa, ref["er3_kappa"][0], rtol=1e-10)
    np.testing.assert_allclose(kap.prior_samples, ref["er3_kappa_samples"], rtol=1e-8)
    nus = np.array([0.0, 0.5, 3.0])
    g = learning_curve_global(poisson_degree_law(3.0), 10, 2.0, kap.kappa, nus, 0.1, 300, 4, 3,
                              np.random.default_rng(12), init_population=kap.population, warm_sweeps=2,
                              replicas=2, measure_draws=600, keep_samples_at=[0.5])
    np.testing.assert_allclose(g.replica_eps, ref["er3_global_eps"], rtol=1e-8)
    np.testing.assert_allclose(g.replica_variance, ref["er3_global_second"], rtol=1e-7)
    np.testing.assert_allclose(g.samples[0.5], ref["er3_global_samples"], rtol=1e-7)
    pl = powerlaw_degree_law(2.5, 2.0)
    kp = global_kappa(pl, 10, 2.0, 300, 6, 3, np.random.default_rng(13))
    loc = learning_curve_local(pl, 10, 2.0, nus, 0.01, 300, 4, 3, np.random.default_rng(14),
                               init_population=kp.population, warm_sweeps=2, replicas=2, measure_draws=600)
    np.testing.assert_allclose(loc.replica_eps, ref["pl_local_eps"], rtol=1e-8)
    np.testing.assert_allclose(loc.replica_variance, ref["pl_local_second"], rtol=1e-7)


def test_padded_kernels_reproduce_the_unpadded_kernels_bit_for_bit():
    """The reference holds the inputs and outputs of the kernels of commit 2f7810c (rows of 21, no padding; written by
    tests/data/cavity_kernels_before_padding.py): the padded row updates give every entry that is read the same operations in the same order, so nothing may move,
    not even in the last bit (a reordered sum would)."""
    ref = np.load(UNPADDED)
    B0, perm = base_matrix(P_, A_), embedding_permutation(P_).astype(np.int64)
    args = ref["targets"], ref["indptr"], ref["rows"], ref["d"], ref["s"]
    g = np.ascontiguousarray(ref["pairs"][:, 1:2])
    kernels.global_update(g, *args, float(ref["kappa"]), B0, perm)
    np.testing.assert_array_equal(g, ref["global_after"])
    loc = ref["pairs"].copy()
    kernels.local_update(loc, *args, ref["counterflow"], B0, perm)
    np.testing.assert_array_equal(loc, ref["local_after"])
    for half, name in ((0, "inv00_free"), (1, "inv00_data")):
        got = kernels.inv00_of_sums(ref["pairs"], half, ref["indptr_measure"], ref["rows_measure"], ref["d"], B0)
        np.testing.assert_array_equal(got, ref[name])
