import numpy as np
import pytest

from statmech_bayes.ep.engine import (
    GaussianObservationOperator,
    QuadratureLogisticOperator,
    run_compound_gamma_ep,
    run_logistic_ep,
)
from statmech_bayes.ep.messages import Beta, Gamma, Gaussian


@pytest.mark.parametrize("schedule", ["parallel", "sequential"])
def test_ep_on_conjugate_model_equals_exact_posterior(schedule):
    rng = np.random.default_rng(0)
    n, d, noise = 40, 3, 0.5
    X = rng.standard_normal((n, d))
    obs = X @ rng.standard_normal(d) + np.sqrt(noise) * rng.standard_normal(n)
    y = np.zeros(n, int)   # unused by the Gaussian operator
    res = run_logistic_ep(X, y, GaussianObservationOperator(obs, noise), n_sweeps=3,
                          prior_var=2.0, schedule=schedule, p_sweep="none")
    cov = np.linalg.inv(np.eye(d) / 2.0 + X.T @ X / noise)
    np.testing.assert_allclose(res.cov, cov, rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(res.mean, cov @ X.T @ obs / noise, rtol=1e-9)


def test_first_parallel_sweep_sees_zero_mean_cavities():
    rng = np.random.default_rng(1)
    X = rng.standard_normal((30, 4))
    y = (rng.random(30) < 0.5).astype(int)
    res = run_logistic_ep(X, y, QuadratureLogisticOperator(), n_sweeps=2)
    first = res.call_sweep == 0
    np.testing.assert_allclose(res.call_mu[first], 0.0, atol=1e-12)
    np.testing.assert_allclose(res.call_var[first], np.sum(X ** 2, axis=1))
    assert np.any(np.abs(res.call_mu[~first]) > 0.1)


def test_compound_gamma_engine_with_conjugate_gamma_prior():
    x = np.array([0.3, -1.2, 2.0, 0.1])
    prior = Gamma(2.0, 3.0)
    res = run_compound_gamma_ep(x, lambda incoming: prior)
    assert res.posterior.shape == pytest.approx(2.0 + x.size / 2)
    assert res.posterior.rate == pytest.approx(3.0 + np.sum(x ** 2) / 2)


def test_force_proper_divisions_hand_cases():
    # Gaussian: numerator broader than denominator -> zero precision, mtp = mean_num*prec_den - mtp_den
    num, den = Gaussian.from_mean_var(1.0, 2.0), Gaussian.from_mean_var(3.0, 1.0)
    out = num.divide_proper(den)
    assert out.prec == 0.0 and out.mtp == pytest.approx(1.0 * 1.0 - 3.0)
    ok = Gaussian.from_mean_var(1.0, 0.5).divide_proper(den)
    assert ok.prec == pytest.approx(1.0) and ok.mtp == pytest.approx(2.0 - 3.0)
    # Beta: alpha_num < alpha_den -> scale s = max(1, a_den/a_num, b_den/b_num)
    b = Beta(1.5, 4.0).divide_proper(Beta(2.0, 1.0))
    s = 2.0 / 1.5
    assert (b.alpha, b.beta) == pytest.approx((s * 1.5 - 2.0 + 1.0, s * 4.0 - 1.0 + 1.0))
    # Gamma: improper ratio keeps the numerator's mean in ratio * den
    g = Gamma(3.0, 2.0).divide_proper(Gamma(4.0, 1.0))
    assert g.shape == 1.0 and g.rate == pytest.approx(4.0 / 1.5 - 1.0)
    assert (g * Gamma(4.0, 1.0)).mean == pytest.approx(1.5)


def test_engine_rejects_bad_arguments():
    X = np.zeros((3, 2))
    with pytest.raises(ValueError, match="y must"):
        run_logistic_ep(X, np.array([0, 1, 2]), QuadratureLogisticOperator(), n_sweeps=2)
    with pytest.raises(ValueError, match="schedule"):
        run_logistic_ep(X, np.array([0, 1, 1]), QuadratureLogisticOperator(), n_sweeps=2, schedule="bogus")


def test_per_sweep_times_cover_the_run():
    """Fig. 6's sampling timing is built from the engine's per-sweep times: one per sweep run, each positive, and
    together no more than the whole run's time (the rest is set-up before the first sweep)."""
    rng = np.random.default_rng(2)
    X = rng.standard_normal((30, 4))
    y = (rng.random(30) < 0.5).astype(int)
    res = run_logistic_ep(X, y, QuadratureLogisticOperator(), n_sweeps=4)
    assert res.sweep_ms.shape == (4,)
    assert np.all(res.sweep_ms > 0)
    assert res.sweep_ms.sum() <= res.time_ms
