"""EP and KJIT against independent references (issue 20, part 4):

* logistic EP (quadrature operator) against the exact posterior of a 2-dimensional problem, integrated on a grid;
* the compound-gamma operator against scipy's adaptive quadrature on tau (not on log tau), with the forceProper
  property that the posterior m_{f->tau} * m_{tau->f} keeps the exact tilted mean;
* KJIT's outgoing messages to z against the oracle's, on narrow and on wide cavities inside its training range.
"""

import numpy as np
import pytest
from scipy import integrate, special, stats

from statmech_bayes.ep.engine import QuadratureLogisticOperator, run_logistic_ep
from statmech_bayes.ep.messages import Gamma, kl_gaussian
from statmech_bayes.ep.oracles import compound_gamma_outgoing, logistic_messages_from_moments, logistic_quad_moments
from statmech_bayes.kjit.operator import KJITLearner, KJITLogisticOperator

# ----------------------------------------------------------------------------- logistic EP vs the exact posterior

def _grid_posterior(X, y, prior_var=1.0, half_width=6.0, n=401):
    """Mean and covariance of N(w; 0, prior_var I) prod_i sigma(x_i w)^y_i (1 - sigma(x_i w))^(1 - y_i) in 2-d,
    by brute force on a grid (centred on the mode found on a coarse grid first)."""
    def log_post(W):
        s = W @ X.T
        return (-0.5 * np.sum(W * W, axis=1) / prior_var
                + np.sum(y * special.log_expit(s) + (1 - y) * special.log_expit(-s), axis=1))

    g = np.linspace(-half_width, half_width, 121)
    G = np.stack(np.meshgrid(g, g, indexing="ij"), -1).reshape(-1, 2)
    centre = G[np.argmax(log_post(G))]
    u = np.linspace(-half_width, half_width, n)
    W = np.stack(np.meshgrid(u, u, indexing="ij"), -1).reshape(-1, 2) + centre
    lp = log_post(W)
    p = np.exp(lp - lp.max())
    p /= p.sum()
    mean = p @ W
    D = W - mean
    return mean, (D * p[:, None]).T @ D


@pytest.mark.parametrize("n,seed", [(20, 0), (60, 1)])
def test_logistic_ep_matches_the_exact_2d_posterior(n, seed):
    rng = np.random.default_rng(seed)
    w_true = np.array([1.5, -1.0])
    X = rng.standard_normal((n, 2))
    y = (rng.random(n) < special.expit(X @ w_true)).astype(int)
    mean, cov = _grid_posterior(X, y)
    res = run_logistic_ep(X, y, QuadratureLogisticOperator(), n_sweeps=30)
    sd = np.sqrt(np.diag(cov))
    # EP is accurate for logistic regression but not exact: means within 5% of a posterior sd, sds within 5%,
    # correlation within 0.05 (a wrong site update misses these by far more)
    assert np.all(np.abs(res.mean - mean) <= 0.05 * sd)
    ep_sd = np.sqrt(np.diag(res.cov))
    assert np.allclose(ep_sd, sd, rtol=0.05)
    corr = lambda C: C[0, 1] / np.sqrt(C[0, 0] * C[1, 1])  # noqa: E731
    assert abs(corr(res.cov) - corr(cov)) <= 0.05


def test_logistic_ep_reference_distinguishes_a_wrong_label():
    """The reference is sensitive: flipping the labels moves the exact mean far beyond the tolerance above."""
    rng = np.random.default_rng(0)
    X = rng.standard_normal((20, 2))
    y = (rng.random(20) < special.expit(X @ np.array([1.5, -1.0]))).astype(int)
    mean, cov = _grid_posterior(X, y)
    res = run_logistic_ep(X, 1 - y, QuadratureLogisticOperator(), n_sweeps=30)
    assert np.any(np.abs(res.mean - mean) > 0.5 * np.sqrt(np.diag(cov)))


# ------------------------------------------------------------------------------------------ compound-gamma operator

def _tilted(a, b, s1=1.0, r1=1.0, s2=1.0):
    """E[tau], Var[tau] under Gamma(tau; a, b) tau^(s2-1) (tau + r1)^-(s1+s2), by scipy.integrate.quad on tau."""
    dens = lambda t: stats.gamma.pdf(t, a, scale=1 / b) * t ** (s2 - 1) * (t + r1) ** -(s1 + s2)  # noqa: E731
    peak = max((a - 1) / b, 1e-12)
    kw = dict(limit=400, epsabs=0, epsrel=1e-12, points=[peak])
    hi = peak + 60 * np.sqrt(a) / b + 60 / b
    Z = integrate.quad(dens, 0, hi, **kw)[0]
    m = integrate.quad(lambda t: t * dens(t), 0, hi, **kw)[0] / Z
    v = integrate.quad(lambda t: (t - m) ** 2 * dens(t), 0, hi, **kw)[0] / Z
    return m, v


@pytest.mark.parametrize("a,b", [(6.0, 3.5), (51.0, 0.02), (6.0, 400.0), (30.0, 30.0), (1.5, 0.5)])
def test_compound_gamma_posterior_keeps_the_exact_tilted_mean(a, b):
    """forceProper: the posterior m_{f->tau} * m_{tau->f} has the exact tilted mean whether or not it fires, and the
    exact tilted variance when it does not (then the outgoing shape is 1 and the posterior shape stays a)."""
    m, v = _tilted(a, b)
    inc = Gamma(a, b)
    for n_nodes in (1000, 100_000):
        out = compound_gamma_outgoing(inc, n_nodes=n_nodes)
        post = out * inc
        assert out.shape > 0 and out.rate >= 0
        assert post.mean == pytest.approx(m, rel=1e-7)
        proj = Gamma.from_mean_var(m, v)
        if proj.shape >= a:                     # forceProper not needed: the exact projection
            assert post.var == pytest.approx(v, rel=1e-6)
        else:                                   # forceProper: outgoing shape 1, posterior shape a
            assert out.shape == pytest.approx(1.0) and post.shape == pytest.approx(a)


def test_compound_gamma_oracle_with_the_wrong_prior_misses_the_reference():
    """Sensitivity: the factor with s2 = 2 instead of 1 gives another tilted mean, far outside rel 1e-7."""
    m, _ = _tilted(6.0, 3.5)
    post = compound_gamma_outgoing(Gamma(6.0, 3.5), s2=2.0, n_nodes=1000) * Gamma(6.0, 3.5)
    assert abs(post.mean - m) > 1e-3 * m


# --------------------------------------------------------------------- KJIT's outgoing messages vs the oracle's

class _QuadOracle:
    """The deterministic quadrature as KJIT's oracle (no sampling noise, so the learner alone is tested)."""

    def moments(self, mu, var, alpha, beta, need_p=False):
        q = logistic_quad_moments(mu, var, alpha, beta, need_p=need_p)
        return type(q)(*(float(np.asarray(x)[0]) for x in (q.mean_z, q.var_z, q.mean_p, q.var_p)))


def _cavities(rng, n, log10_var):
    mu = rng.uniform(-4.0, 4.0, n)
    var = 10.0 ** rng.uniform(*log10_var, n)
    y = rng.integers(0, 2, n).astype(float)
    return mu, var, 1.0 + y, 2.0 - y


@pytest.fixture(scope="module")
def trained_kjit():
    """KJIT (threshold so low that it never stops learning during training) trained on cavities with variances from
    0.01 to 10, then frozen: a high threshold so it answers from the regression alone."""
    rng = np.random.default_rng(0)
    learner = lambda s: KJITLearner(2, np.random.default_rng(s), n_init=400, threshold=-30.0, D_in=300,  # noqa: E731
                                    D_out=600, sigma_y2=1e-4, median_factor=0.5)
    op = KJITLogisticOperator(_QuadOracle(), learner(1), learner(2), target_z="mean_logvar", skip_improper=False,
                              consult_unusable=False)
    for _ in range(6):
        op.messages(*_cavities(rng, 500, (-2.0, 1.0)))
    op.learner_z.threshold = np.inf
    return op


NARROW, WIDE = (-2.0, -1.5), (0.5, 1.0)      # log10 of the cavity variance


def _compare(op, log10_var):
    mu, var, a, b = _cavities(np.random.default_rng(9), 300, log10_var)
    calls = op.n_oracle_calls
    nu_k, tau_k, _, _ = op.messages(mu, var, a, b)
    assert op.n_oracle_calls == calls                                  # answered by the regression alone
    q = logistic_quad_moments(mu, var, a, b, need_p=False)
    _, tau_o, _, _ = logistic_messages_from_moments(mu, var, a, b, q)
    m_k, v_k = (nu_k + mu / var) / (tau_k + 1 / var), 1 / (tau_k + 1 / var)
    lkl = np.log(np.maximum(kl_gaussian(q.mean_z, q.var_z, m_k, v_k), 1e-300))
    return lkl, tau_k, tau_o


@pytest.mark.parametrize("log10_var", [NARROW, WIDE], ids=["narrow", "wide"])
def test_kjit_projected_beliefs_match_the_oracle(trained_kjit, log10_var):
    """The paper's metric: KL[q_oracle || q_KJIT] of the projected beliefs q = m_out * cavity, below e^-6 on 90 % of
    the cavities (App. C: below e^-8 nothing is gained in EP), on narrow and on wide cavities."""
    lkl, tau_k, _ = _compare(trained_kjit, log10_var)
    assert np.percentile(lkl, 90) < -6.0
    assert np.all(tau_k >= 0)                                          # forceProper


def _outgoing_ok(tau_k, tau_o):
    """The outgoing messages themselves: none clamped to zero precision where the oracle's is proper, and the site
    precision within 25 % of the oracle's on 90 % of the cavities."""
    proper = tau_o > 0
    return (not np.any(proper & (tau_k <= 0))
            and np.percentile(np.abs(tau_k[proper] - tau_o[proper]) / tau_o[proper], 90) <= 0.25)


def test_kjit_outgoing_messages_match_the_oracle_on_wide_cavities(trained_kjit):
    _, tau_k, tau_o = _compare(trained_kjit, WIDE)
    assert _outgoing_ok(tau_k, tau_o)


@pytest.mark.xfail(strict=True, reason="the parametrisation of the paper and the authors' code (outgoing message = "
                   "regressed projected belief / cavity; here the code's target): on narrow cavities q ~ cavity, so a "
                   "small error in the predicted log Var[q] decides the sign of 1/Var[q] - 1/var_c, and the message is "
                   "clamped to zero precision (forceProper) on most narrow cavities where the oracle's is proper (245 of "
                   "300 here), although q itself is predicted well (the test above). The mechanism proposed, not proven, "
                   "for Fig. 9's Blood failure (test_findings.py::test_kj_sufficient_statistics_target_cannot_resolve_"
                   "blood_sites: it holds for Banknote too, where the claim passes); the site's natural parameters (our "
                   "arm, kj_exp5_seeds) avoid it")
def test_kjit_outgoing_messages_match_the_oracle_on_narrow_cavities(trained_kjit):
    _, tau_k, tau_o = _compare(trained_kjit, NARROW)
    assert _outgoing_ok(tau_k, tau_o)
