"""The App. C kernels and incomplete Cholesky, the importance-sampling ground truth of Exp. 1 and the f->z regression
targets of the KJIT operator, each against an independent computation."""

import numpy as np
import pytest
from scipy import integrate

from statmech_bayes.ep.messages import gaussian_divide_proper_arrays
from statmech_bayes.ep.oracles import ISLogisticOracle, logistic_quad_moments
from statmech_bayes.kjit.appc import (
    ICholKRR,
    draw_per_message,
    epk_product_features,
    epk_sum_features,
    ichol_krr_path,
    incomplete_cholesky,
    sum_gauss_kernel,
)
from statmech_bayes.kjit.experiments.exp1 import predicted_log_kl
from statmech_bayes.kjit.experiments.summaries import log_kl_summary
from statmech_bayes.kjit.features import embedding_inner, embedding_sqdist, kernel_on_embeddings
from statmech_bayes.kjit.operator import Z_TARGETS, belief_from_targets, belief_targets, z_messages, z_target


def test_is_oracle_agrees_with_quadrature_within_its_standard_error_on_a_wide_cavity():
    """Eq. 2's self-normalised sampler against the 2001-point quadrature: the mean and variance of the tilted density
    of a wide cavity agree within 4 standard errors estimated from independent repeats."""
    mu, var, a, b = 0.7, 4.0, 2.0, 1.0
    q = logistic_quad_moments(mu, var, a, b, need_p=False)
    oracle = ISLogisticOracle(100_000, np.random.default_rng(20))
    reps = np.array([[m.mean_z, m.var_z] for m in (oracle.moments(mu, var, a, b, need_p=False) for _ in range(40))])
    se = reps.std(axis=0, ddof=1) / np.sqrt(len(reps))
    assert np.all(np.abs(reps.mean(axis=0) - [q.mean_z[0], q.var_z[0]]) < 4 * se)
    assert np.all(se < 0.01 * np.array([1.0, q.var_z[0]]))          # a real test: the error bars are small


def test_expected_product_kernel_equals_its_double_integral():
    """App. B.3's closed form <mu_r, mu_s> = E_r E_s k(x - y) against numerical integration (1-d Gaussians)."""
    m1, v1, m2, v2, w = 0.3, 0.5, -1.1, 2.0, 1.7
    f = lambda y, x: (np.exp(-0.5 * (x - y) ** 2 / w) * np.exp(-0.5 * (x - m1) ** 2 / v1) / np.sqrt(2 * np.pi * v1)  # noqa: E731
                      * np.exp(-0.5 * (y - m2) ** 2 / v2) / np.sqrt(2 * np.pi * v2))
    num, _ = integrate.dblquad(f, -15, 15, -15, 15, epsabs=1e-12)
    closed = embedding_inner([[m1]], [[v1]], [[m2]], [[v2]], [w])[0, 0]
    assert closed == pytest.approx(num, rel=1e-8)


def test_product_and_sum_of_epk_features_estimate_their_kernels():
    """App. B.4 / B.5: the Kronecker features' inner product is the product of the per-message ones (exactly), and
    averaged over independent draws both estimate the closed-form product / sum of per-message EPKs."""
    rng = np.random.default_rng(3)
    M = rng.normal(0, 1, (6, 2))
    V = rng.gamma(2.0, 0.3, (6, 2))
    w = np.array([0.8, 2.0])
    per = [embedding_inner(M[:, [l]], V[:, [l]], M[:, [l]], V[:, [l]], [w[l]]) for l in range(2)]
    maps = draw_per_message(w, 50, rng)
    P = epk_product_features(M, V, maps)
    f0, f1 = (epk_sum_features(M[:, [l]], V[:, [l]], [maps[l]]) for l in range(2))
    assert np.allclose(P @ P.T, (f0 @ f0.T) * (f1 @ f1.T), atol=1e-12)
    prod, summ = np.zeros((6, 6)), np.zeros((6, 6))
    n_draws = 400
    for _ in range(n_draws):
        mp = draw_per_message(w, 50, rng)
        P = epk_product_features(M, V, mp)
        S = epk_sum_features(M, V, mp)
        prod += P @ P.T / n_draws
        summ += S @ S.T / n_draws
    assert np.max(np.abs(prod - per[0] * per[1])) < 0.02
    assert np.max(np.abs(summ - (per[0] + per[1]))) < 0.03


def test_sum_gauss_kernel_is_the_sum_of_per_message_gaussian_kernels():
    rng = np.random.default_rng(4)
    M, V = rng.normal(0, 1, (5, 2)), rng.gamma(2.0, 0.3, (5, 2))
    w, g = np.array([0.5, 3.0]), np.array([0.2, 0.7])
    direct = sum(np.exp(-embedding_sqdist(M[:, [l]], V[:, [l]], M[:, [l]], V[:, [l]], [w[l]]) / (2 * g[l]))
                 for l in range(2))
    assert np.allclose(sum_gauss_kernel(M, V, M, V, w, g), direct)


def test_incomplete_cholesky_reproduces_the_gram_matrix_at_full_rank_and_approximates_it_at_low_rank():
    rng = np.random.default_rng(5)
    M, V = rng.normal(0, 2, (120, 2)), rng.gamma(2.0, 0.2, (120, 2))
    K = kernel_on_embeddings(M, V, M, V, [0.5, 1.0], 0.3)
    G, piv = incomplete_cholesky(lambda j: K[:, j], np.diag(K).copy(), tol=0.0)
    assert np.max(np.abs(G @ G.T - K)) < 1e-8
    assert len(set(piv.tolist())) == piv.size
    G20, _ = incomplete_cholesky(lambda j: K[:, j], np.diag(K).copy(), tol=0.0, max_rank=20)
    err20 = np.linalg.norm(G20 @ G20.T - K)
    G40, _ = incomplete_cholesky(lambda j: K[:, j], np.diag(K).copy(), tol=0.0, max_rank=40)
    assert G20.shape[1] == 20 and np.linalg.norm(G40 @ G40.T - K) < err20 < np.linalg.norm(K)
    # the trace of the residual is the stopping quantity: it falls below the tolerance
    G_t, _ = incomplete_cholesky(lambda j: K[:, j], np.diag(K).copy(), tol=1e-4)
    assert np.max(np.diag(K - G_t @ G_t.T)) <= 1e-4 * np.max(np.diag(K)) + 1e-12


def test_dual_kernel_ridge_on_the_factor_equals_the_direct_solve():
    rng = np.random.default_rng(6)
    M, V = rng.normal(0, 2, (80, 2)), rng.gamma(2.0, 0.2, (80, 2))
    K = kernel_on_embeddings(M, V, M, V, [0.5, 1.0], 0.3)
    y = rng.normal(0, 1, (80, 2))
    G, _ = incomplete_cholesky(lambda j: K[:, j], np.diag(K).copy(), tol=0.0)
    for lam, alpha in zip((1e-3, 1e-1), ichol_krr_path(G, y, (1e-3, 1e-1))):
        direct = np.linalg.solve(K + lam * np.eye(80), y)
        assert np.allclose(alpha, direct, atol=1e-6 * np.abs(direct).max())
        assert np.allclose(ICholKRR(G, y, lam).alpha, direct, atol=1e-6 * np.abs(direct).max())


@pytest.mark.parametrize("target", Z_TARGETS)
def test_each_regression_target_gives_back_the_oracles_outgoing_message(target):
    """An exact prediction of any target reproduces the forceProper outgoing message of the projected belief."""
    mu, var = np.array([0.5, -2.0, 3.0]), np.array([2.0, 0.3, 0.01])
    q = logistic_quad_moments(mu, var, np.array([2.0, 1.0, 1.0]), np.array([1.0, 2.0, 2.0]), need_p=False)
    t = np.vstack([z_target(m, v, a, b, target) for m, v, a, b in zip(q.mean_z, q.var_z, mu, var)])
    nu, tau, ok = z_messages(t, mu, var, target)
    ref_nu, ref_tau = gaussian_divide_proper_arrays(q.mean_z / q.var_z, 1.0 / q.var_z, mu / var, 1.0 / var)
    assert ok.all()
    assert np.allclose(tau, ref_tau, rtol=1e-6, atol=1e-9)
    assert np.allclose(nu, ref_nu, rtol=1e-6, atol=1e-9)


def test_a_sufficient_statistics_prediction_without_a_positive_variance_sends_the_broad_message():
    nu, tau, ok = z_messages(np.array([[2.0, 3.9]]), np.array([2.0]), np.array([0.01]), "suff_stats")
    assert not ok[0] and nu[0] == 0.0 and tau[0] == pytest.approx(1e-5)


def test_the_sufficient_statistics_target_converts_back_to_the_oracles_gaussian():
    """Exp. 1 on the paper's target: (E z, E z^2) of the oracle's projected belief, read back as mean = E z and
    var = E z^2 - (E z)^2, is that Gaussian again (KL zero); by hand N(2, 3) -> (2, 7) -> N(2, 3)."""
    t = belief_targets([2.0], [3.0], "suff_stats")
    assert np.allclose(t, [[2.0, 7.0]])
    m, v, ok = belief_from_targets(t, "suff_stats")
    assert ok[0] and m[0] == pytest.approx(2.0) and v[0] == pytest.approx(3.0)
    mu, var = np.array([0.5, -2.0, 3.0, 0.0]), np.array([2.0, 0.3, 0.01, 50.0])
    q = logistic_quad_moments(mu, var, np.array([2.0, 1.0, 1.0, 2.0]), np.array([1.0, 2.0, 2.0, 1.0]), need_p=False)
    tq = belief_targets(q.mean_z, q.var_z, "suff_stats")
    assert np.allclose(tq[:, 1], q.var_z + q.mean_z ** 2)      # E z^2 of the projected belief
    m, v, ok = belief_from_targets(tq, "suff_stats")
    assert ok.all()
    assert np.allclose(m, q.mean_z, rtol=1e-12) and np.allclose(v, q.var_z, rtol=1e-9)
    lk, _, _, proper = predicted_log_kl(q.mean_z, q.var_z, tq, "suff_stats")
    assert proper.all() and np.all(lk < -30)                    # an exact prediction has zero KL (not NaN)


def test_an_improper_prediction_is_a_counted_failure_not_a_dropped_point():
    """(E z, E z^2) with E z^2 <= (E z)^2 is no distribution: NaN log KL, counted, and the mean / SD are those of
    the proper predictions alone (here exactly known)."""
    t_mean, t_var = np.zeros(4), np.ones(4)
    s2 = np.exp(1.0)                                            # KL[N(0,1) || N(0, e)] = (1/e - 1 + 1) / 2 = 1/(2e)
    pred = np.array([[0.0, s2], [0.0, s2], [1.0, 1.0], [2.0, 3.0]])   # var e, e, 0, -1
    lk, m, v, ok = predicted_log_kl(t_mean, t_var, pred, "suff_stats")
    assert ok.tolist() == [True, True, False, False] and np.isnan(lk[2:]).all() and np.isnan(v[2:]).all()
    assert np.allclose(lk[:2], np.log(0.5 / s2))
    st = log_kl_summary(lk)
    assert st["n"] == 4 and st["n_improper"] == 2 and st["share_improper"] == pytest.approx(0.5)
    assert st["mean"] == pytest.approx(np.log(0.5 / s2)) and st["sd"] == pytest.approx(0.0)
    # the authors' target cannot be improper: exp(log Var) > 0
    assert predicted_log_kl(t_mean[:1], t_var[:1], np.array([[0.0, -50.0]]), "mean_logvar")[3].all()
