"""EP engines for the two models of the paper.

Binary logistic regression (paper Fig. 2): ``w ~ N(0, prior_var I)``, ``z_i = w^T x_i`` (deterministic
dot-product factor, exact), ``p_i = sigma(z_i)`` (logistic factor, handled by a message operator),
``y_i ~ Bernoulli(p_i)`` (observed, so ``m_{p_i->f} = Beta(1 + y_i, 2 - y_i)``). Because the dot-product
factor is exact and ``z_i`` has two neighbours, the EP site of observation i is the Gaussian message
``m_{f->z_i}`` lifted through ``x_i`` (spec 2.4).

Compound gamma (Exp. 4): a single invocation of the collapsed factor per problem (spec 2.5).

Message operators implement ``messages(mu, var, alpha, beta, need_p) -> (nu, tau, a_out, b_out)``
on arrays of cavities processed *in order* (a learning operator may change between elements);
``sites`` (keyword) gives the observation indices of the elements.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from .messages import Gamma
from .oracles import ISLogisticOracle, logistic_messages_from_moments, logistic_quad_moments

# ------------------------------------------------------------------------------------------------
# Operators for the logistic factor
# ------------------------------------------------------------------------------------------------

class QuadratureLogisticOperator:
    """Deterministic operator (stand-in for Infer.NET's ``LogisticOp``), vectorised over a sweep."""

    def __init__(self, n_grid: int = 2001):
        self.n_grid = int(n_grid)
        self.n_calls = 0

    def messages(self, mu, var, alpha, beta, need_p: bool = False, sites=None):
        self.n_calls += np.size(mu)
        mom, nu, tau = logistic_quad_moments(mu, var, alpha, beta, self.n_grid, need_p=need_p,
                                             return_site=True)
        if need_p:
            _, _, a_out, b_out = logistic_messages_from_moments(mu, var, alpha, beta, mom)
        else:
            a_out = b_out = np.full(np.shape(nu), np.nan)
        return nu, tau, a_out, b_out


class SamplingLogisticOperator:
    """Importance-sampling-only operator ("Sampling" in Figs. 6 and 9); one sample set per site."""

    def __init__(self, oracle: ISLogisticOracle):
        self.oracle = oracle

    def messages(self, mu, var, alpha, beta, need_p: bool = False, sites=None):
        mom = self.oracle.batch_moments(mu, var, alpha, beta, need_p=need_p)
        return logistic_messages_from_moments(mu, var, alpha, beta, mom)


class GaussianObservationOperator:
    """Exact site for a *conjugate* factor ``N(obs_i; z_i, noise_var)`` (used to test the engine).

    The message to z does not depend on the cavity, so EP must reproduce Bayesian linear regression.
    """

    def __init__(self, obs, noise_var: float):
        self.obs = np.asarray(obs, float)
        self.noise_var = float(noise_var)

    def messages(self, mu, var, alpha, beta, need_p: bool = False, sites=None):
        nu = self.obs[sites] / self.noise_var
        tau = np.full(nu.shape, 1.0 / self.noise_var)
        nan = np.full(nu.shape, np.nan)
        return nu, tau, nan, nan


# ------------------------------------------------------------------------------------------------
# Logistic-regression EP
# ------------------------------------------------------------------------------------------------

@dataclass
class LogisticEPResult:
    """Posterior ``N(mean, cov)`` of w, final sites and a per-invocation log of the f->z calls."""

    mean: np.ndarray
    cov: np.ndarray
    site_nu: np.ndarray
    site_tau: np.ndarray
    n_sweeps: int
    time_ms: float
    n_skipped: int                     # sites skipped for non-positive cavity precision
    n_improper: int                    # outgoing messages clamped to zero precision by forceProper
    call_site: np.ndarray = field(repr=False)      # site index of each f->z invocation
    call_sweep: np.ndarray = field(repr=False)
    call_mu: np.ndarray = field(repr=False)        # incoming m_{z->f} (cavity) mean
    call_var: np.ndarray = field(repr=False)
    p_alpha: np.ndarray = field(repr=False)        # last m_{f->p} per site (NaN if never sent)
    p_beta: np.ndarray = field(repr=False)
    sweep_ms: np.ndarray = field(default=None, repr=False)   # wall time of each sweep (the posterior update included)


def _posterior(X, nu, tau, prior_prec):
    lam = prior_prec * np.eye(X.shape[1]) + (X.T * tau) @ X
    chol = np.linalg.cholesky(lam)
    cov = np.linalg.inv(chol).T @ np.linalg.inv(chol)
    return cov @ (X.T @ nu), cov


def run_logistic_ep(X, y, operator, n_sweeps: int, prior_var: float = 1.0,
                    schedule: str = "parallel", damping: float = 0.0, tol: float = 0.0,
                    p_sweep: str = "last") -> LogisticEPResult:
    """EP for binary logistic regression without bias (paper Fig. 2; spec 2.4).

    ``schedule="parallel"`` is Infer.NET's default for a plate: all cavities of a sweep come from the
    posterior at the start of the sweep, so the first sweep sees the prior (zero-mean cavities, the
    floor in Figs. 5/8 and the stripe at 0 in Fig. 1). ``"sequential"`` refreshes the posterior after
    every site. ``damping`` mixes old and new sites in natural parameters; ``tol > 0`` stops early
    once the posterior mean moves less than ``tol`` in a sweep. Messages to p are requested in the
    last sweep only (``p_sweep="last"``) or never (``"none"``): they never affect w.
    Timing covers the whole run, operator calls included.
    """
    X = np.asarray(X, float)
    y = np.asarray(y)
    if X.ndim != 2 or y.shape != (X.shape[0],):
        raise ValueError(f"X must be (n, d) and y (n,), got {X.shape} and {y.shape}")
    if not np.all((y == 0) | (y == 1)):
        raise ValueError("y must contain only 0 and 1")
    if schedule not in ("parallel", "sequential"):
        raise ValueError(f"schedule must be 'parallel' or 'sequential', got {schedule!r}")
    if p_sweep not in ("last", "none"):
        raise ValueError(f"p_sweep must be 'last' or 'none', got {p_sweep!r}")
    if not (0.0 <= damping < 1.0):
        raise ValueError(f"damping must be in [0, 1), got {damping!r}")
    if int(n_sweeps) < 1 or not prior_var > 0:
        raise ValueError("n_sweeps must be >= 1 and prior_var > 0")
    t0 = time.perf_counter()
    n, d = X.shape
    alpha = 1.0 + y.astype(float)
    beta = 2.0 - y.astype(float)
    nu = np.zeros(n)
    tau = np.zeros(n)
    prior_prec = 1.0 / prior_var
    p_alpha = np.full(n, np.nan)
    p_beta = np.full(n, np.nan)
    log_site, log_sweep, log_mu, log_var = [], [], [], []
    n_skipped = n_improper = 0
    mean, cov = _posterior(X, nu, tau, prior_prec)
    sweeps_run = 0
    sweep_ms = []
    for sweep in range(int(n_sweeps)):
        t_sweep = time.perf_counter()
        sweeps_run += 1
        need_p = p_sweep == "last" and sweep == int(n_sweeps) - 1
        old_mean = mean
        if schedule == "parallel":
            blocks = [np.arange(n)]
        else:
            blocks = [np.array([i]) for i in range(n)]
        for idx in blocks:
            s = np.einsum("ij,jk,ik->i", X[idx], cov, X[idx])
            m = X[idx] @ mean
            tau_c = 1.0 / s - tau[idx]
            nu_c = m / s - nu[idx]
            ok = tau_c > 0
            n_skipped += int(np.sum(~ok))
            idx = idx[ok]
            if idx.size == 0:
                continue
            mu_c, var_c = nu_c[ok] / tau_c[ok], 1.0 / tau_c[ok]
            new_nu, new_tau, a_out, b_out = operator.messages(mu_c, var_c, alpha[idx], beta[idx],
                                                              need_p, sites=idx)
            n_improper += int(np.sum(np.asarray(new_tau) <= 0))
            if damping > 0:
                new_nu = (1.0 - damping) * new_nu + damping * nu[idx]
                new_tau = (1.0 - damping) * new_tau + damping * tau[idx]
            nu[idx], tau[idx] = new_nu, new_tau
            if need_p:
                p_alpha[idx], p_beta[idx] = a_out, b_out
            log_site.append(idx)
            log_sweep.append(np.full(idx.size, sweep))
            log_mu.append(mu_c)
            log_var.append(var_c)
            if schedule == "sequential":
                mean, cov = _posterior(X, nu, tau, prior_prec)
        if schedule == "parallel":
            mean, cov = _posterior(X, nu, tau, prior_prec)
        sweep_ms.append((time.perf_counter() - t_sweep) * 1e3)
        if tol > 0 and np.max(np.abs(mean - old_mean)) < tol:
            break
    cat = lambda parts, dt: np.concatenate(parts) if parts else np.zeros(0, dt)  # noqa: E731
    return LogisticEPResult(mean, cov, nu, tau, sweeps_run, (time.perf_counter() - t0) * 1e3,
                            n_skipped, n_improper, cat(log_site, int), cat(log_sweep, int),
                            cat(log_mu, float), cat(log_var, float), p_alpha, p_beta, np.asarray(sweep_ms))


# ------------------------------------------------------------------------------------------------
# Compound gamma
# ------------------------------------------------------------------------------------------------

def gaussian_precision_message(x) -> Gamma:
    """Product of the n exact messages ``Gamma(tau; 3/2, x_i^2/2)`` from ``x_i ~ N(0, 1/tau)``."""
    x = np.asarray(x, float)
    if x.ndim != 1 or x.size == 0:
        raise ValueError("x must be a non-empty 1-d array")
    return Gamma(1.0 + x.size / 2.0, float(np.sum(x * x)) / 2.0)


@dataclass(frozen=True)
class GammaEPResult:
    incoming: Gamma
    outgoing: Gamma
    posterior: Gamma
    time_ms: float


def run_compound_gamma_ep(x, operator, n_iter: int = 10) -> GammaEPResult:
    """EP for ``tau`` with the collapsed compound-gamma factor (spec 2.5).

    ``operator(incoming: Gamma) -> Gamma`` is the factor-to-tau message. The incoming message is exact
    and fixed, so after the first iteration nothing changes; we still loop ``n_iter`` times but only
    invoke the operator when its input changed, as a scheduler would ("only one message is passed to
    the factor in each problem").
    """
    t0 = time.perf_counter()
    incoming = gaussian_precision_message(x)
    last_in, out = None, None
    for _ in range(int(n_iter)):
        if incoming != last_in:
            out = operator(incoming)
            last_in = incoming
    post = out * incoming
    return GammaEPResult(incoming, out, post, (time.perf_counter() - t0) * 1e3)
