"""Oracles that compute projected beliefs (the numerator of Eq. 1) for the two factors of the paper.

* Logistic factor ``f(p | z) = delta(p - sigma(z))`` with incoming ``N(z; mu, v)`` and ``Beta(p; a, b)``:
  the tilted density on z is ``t(z) ∝ N(z; mu, v) sigma(z)^(a-1) sigma(-z)^(b-1)``.

  - :class:`ISLogisticOracle` -- importance sampling with proposal ``N(0, 200)`` (Eq. 2, self-normalised),
    fused log-domain weights in float32 with float64 sums, one sample set for both directions.
  - :func:`logistic_quad_moments` / :func:`logistic_quad_site` -- deterministic 2001-point quadrature,
    the stand-in for Infer.NET's hand-crafted ``LogisticOp`` (spec 2.3 b), batched over messages.

* Compound-gamma factor ``f(tau) ∝ tau^(s2-1) (tau + r1)^-(s1+s2)`` (Exp. 4) with incoming
  ``Gamma(tau; a, b)``: :func:`compound_gamma_moments` integrates on ``u = log tau`` by the trapezoid
  rule (stand-in for Infer.NET's ``GammaFromShapeAndRateOp_Slow`` quadrature).

All results are projected beliefs ``(mean, var)``; outgoing messages are obtained by the proper
division of :mod:`statmech_bayes.ep.messages` (see :func:`logistic_messages_from_moments`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import special

from .messages import Gamma, beta_divide_proper_arrays, beta_from_mean_var_arrays, gaussian_divide_proper_arrays

_F32 = np.float32


@dataclass(frozen=True)
class LogisticMoments:
    """Moments of the tilted density: ``E[z], Var[z], E[sigma(z)], Var[sigma(z)]`` (arrays or scalars).

    ``mean_p``/``var_p`` are NaN when the p direction was not requested.
    """

    mean_z: np.ndarray
    var_z: np.ndarray
    mean_p: np.ndarray
    var_p: np.ndarray


def _check_beta_counts(alpha, beta):
    if np.any(np.asarray(alpha) < 1) or np.any(np.asarray(beta) < 1):
        # Our log-weight bounds assume sigma-powers with non-negative exponents, which holds for the
        # Beta(1+y, 2-y) messages of logistic regression.
        raise ValueError("alpha and beta of the incoming Beta message must be >= 1")


class ISLogisticOracle:
    """Importance-sampling oracle for the logistic factor (paper Eq. 2; authors' ``ISGaussianLogisticOpIns``).

    Draws ``n_samples`` fresh samples ``z ~ N(0, proposal_var)`` per call and returns self-normalised
    estimates of ``E[z], Var[z]`` and, if ``need_p``, ``E[sigma(z)], Var[sigma(z)]`` from the *same*
    samples. Performance notes (measured on one core, M = 5e5, see module report):

    * normals by Box-Muller on float32 uniforms into pre-allocated buffers (SIMD float32
      ``log/sin/cos`` are ~10x faster than float64, and avoiding fresh 2 MB arrays avoids page faults);
      float32 uniforms truncate the normal at 5.8 sd (|z| < 82), whose mass 8e-9 is irrelevant at M = 5e5;
    * log-weights centred on the cavity mean (``d = z - mu``) so float32 keeps ~1e-6 absolute accuracy
      in the log-weights that matter, then the maximum is subtracted before the float32 ``exp``;
    * all sums are accumulated in float64 and the second moments are centred, so the float32 storage
      adds ~1e-7 relative error, far below the Monte-Carlo error (>= 1e-3).

    The object owns scratch buffers and is therefore not thread-safe; use one per worker.
    """

    def __init__(self, n_samples: int, rng: np.random.Generator, proposal_var: float = 200.0,
                 min_ess: float = 10.0):
        if not isinstance(rng, np.random.Generator):
            raise TypeError("rng must be a numpy.random.Generator")
        if int(n_samples) < 2:
            raise ValueError(f"n_samples must be >= 2, got {n_samples!r}")
        if not proposal_var > 0:
            raise ValueError(f"proposal_var must be positive, got {proposal_var!r}")
        self.n_samples = int(n_samples) + int(n_samples) % 2   # Box-Muller makes pairs
        self.rng = rng
        self.proposal_var = float(proposal_var)
        # Below this effective sample size the estimate is degenerate (a cavity far in the proposal's tail:
        # one or a few samples carry all the weight and Var[z] collapses towards 0, i.e. a site of enormous
        # precision). Such a call returns NaN variances: "unusable", handled like the authors' fallback for a
        # non-positive projected variance (uniform message; KJIT does not learn from it).
        self.min_ess = float(min_ess)
        self.n_degenerate = 0
        m, h = self.n_samples, self.n_samples // 2
        self._z = np.empty(m, _F32)
        self._a = np.empty(m, _F32)
        self._b = np.empty(m, _F32)
        self._r = np.empty(h, _F32)
        self._c = np.empty(m, _F32)
        self._u = np.empty(m, _F32)
        self._e = np.empty(m, _F32)
        self.n_calls = 0

    def _draw(self) -> np.ndarray:
        h = self.n_samples // 2
        u = self.rng.random(dtype=_F32, out=self._u)
        r, z = self._r, self._z
        np.subtract(_F32(1.0), u[:h], out=r)          # in (0, 1]: log is finite
        np.log(r, out=r)
        np.multiply(r, _F32(-2.0 * self.proposal_var), out=r)
        np.sqrt(r, out=r)
        th = u[h:]
        np.multiply(th, _F32(2.0 * np.pi), out=th)
        np.sin(th, out=z[:h])
        np.cos(th, out=z[h:])
        np.multiply(z[:h], r, out=z[:h])
        np.multiply(z[h:], r, out=z[h:])
        return z

    def moments(self, mu: float, var: float, alpha: float, beta: float,
                need_p: bool = True) -> LogisticMoments:
        """Tilted moments for one incoming pair ``N(mu, var)``, ``Beta(alpha, beta)``."""
        if not var > 0:
            raise ValueError(f"var must be positive, got {var!r}")
        _check_beta_counts(alpha, beta)
        self.n_calls += 1
        z = self._draw()
        d, lw = self._a, self._b
        k = alpha + beta - 2.0
        # log w = log N(z; mu, var) - log N(z; 0, P) + (a-1) log s(z) + (b-1) log s(-z)
        #       = -d^2/(2 var) + z^2/(2P) - (b-1) z + (a+b-2) log s(z) + const
        mu32 = _F32(mu)
        np.subtract(z, mu32, out=d)
        np.multiply(d, d, out=lw)
        np.multiply(lw, _F32(-0.5 / var), out=lw)
        c = self._c
        np.multiply(z, z, out=c)
        np.multiply(c, _F32(0.5 / self.proposal_var), out=c)
        lw += c
        if beta != 1.0:
            np.multiply(z, _F32(beta - 1.0), out=c)
            lw -= c
        ls = None
        if k != 0.0 or need_p:
            # log sigma(z) = min(z, 0) - log1p(exp(-|z|)), computed once for both uses
            ls = self._e
            np.abs(z, out=ls)
            np.negative(ls, out=ls)
            np.exp(ls, out=ls)
            np.log1p(ls, out=ls)
            np.minimum(z, _F32(0.0), out=c)
            np.subtract(c, ls, out=ls)
            if k != 0.0:
                np.multiply(ls, _F32(k), out=c)
                lw += c
        lw -= lw.max()
        w = np.exp(lw, out=lw)
        s0 = np.add.reduce(w, dtype=np.float64)
        wd = np.multiply(w, d, out=self._c)
        s1 = np.add.reduce(wd, dtype=np.float64)
        s2 = np.add.reduce(np.multiply(wd, d, out=wd), dtype=np.float64)
        e1 = s1 / s0
        mean_z = float(mu32) + e1
        var_z = s2 / s0 - e1 * e1
        mean_p = var_p = np.nan
        if self.min_ess > 0 and s0 * s0 < self.min_ess * float(np.dot(w, w)):
            self.n_degenerate += 1
            return LogisticMoments(mean_z, np.nan, np.nan, np.nan)
        if need_p:
            sig = np.exp(ls, out=ls)
            c0 = _F32(special.expit(mean_z))      # centre near the answer: no cancellation in Var
            np.subtract(sig, c0, out=sig)
            ws = np.multiply(w, sig, out=self._c)
            p1 = np.add.reduce(ws, dtype=np.float64) / s0
            p2 = np.add.reduce(np.multiply(ws, sig, out=ws), dtype=np.float64) / s0
            mean_p = float(c0) + p1
            var_p = p2 - p1 * p1
        return LogisticMoments(mean_z, var_z, mean_p, var_p)

    def batch_moments(self, mu, var, alpha, beta, need_p: bool = True) -> LogisticMoments:
        """:meth:`moments` for each element (one fresh sample set per message)."""
        mu, var, alpha, beta = np.broadcast_arrays(*(np.atleast_1d(np.asarray(a, float))
                                                     for a in (mu, var, alpha, beta)))
        out = np.full((4, mu.size), np.nan)
        for i in range(mu.size):
            r = self.moments(mu[i], var[i], alpha[i], beta[i], need_p)
            out[:, i] = (r.mean_z, r.var_z, r.mean_p, r.var_p)
        return LogisticMoments(*out)


def _log_expit_pair(z):
    """``(log sigma(z), log sigma(-z))`` without overflow."""
    ls = -np.logaddexp(0.0, -z)
    return ls, ls - z


def logistic_quad_moments(mu, var, alpha, beta, n_grid: int = 2001, need_p: bool = True,
                          return_site: bool = False):
    """Deterministic tilted moments on a uniform grid ``z in mu +- 10 sd`` (spec 2.3 b), batched.

    Returns :class:`LogisticMoments`; with ``return_site=True`` also the outgoing Gaussian message to z
    in natural parameters ``(nu, tau)``, computed from derivatives of ``log Z`` so that saturated sites
    (true precision ~ e^-25) are not lost to the cancellation in ``1/v_q - 1/v`` (forceProper applied).
    """
    mu, var, alpha, beta = np.broadcast_arrays(*(np.atleast_1d(np.asarray(a, float))
                                                 for a in (mu, var, alpha, beta)))
    if np.any(~(var > 0)):
        raise ValueError("var must be positive")
    _check_beta_counts(alpha, beta)
    if n_grid < 11:
        raise ValueError(f"n_grid must be >= 11, got {n_grid!r}")
    sd = np.sqrt(var)[:, None]
    t = np.linspace(-10.0, 10.0, n_grid)
    z = mu[:, None] + sd * t
    ls, lsm = _log_expit_pair(z)
    a1, b1 = (alpha - 1.0)[:, None], (beta - 1.0)[:, None]
    lw = -0.5 * t * t + a1 * ls + b1 * lsm
    lw -= lw.max(axis=1, keepdims=True)
    w = np.exp(lw)
    w[:, 0] *= 0.5
    w[:, -1] *= 0.5
    w /= w.sum(axis=1, keepdims=True)
    et = w @ t
    vt = np.einsum("ij,ij->i", w, (t[None, :] - et[:, None]) ** 2)
    mean_z = mu + sd[:, 0] * et
    var_z = var * vt
    sig, sigm = np.exp(ls), np.exp(lsm)
    mean_p = np.einsum("ij,ij->i", w, sig)
    # Var[sigma] = Var[sigma(-z)]: centre whichever of the two is small so nothing cancels
    small = np.where((mean_p < 0.5)[:, None], sig, sigm)
    ms = np.einsum("ij,ij->i", w, small)
    var_p = np.einsum("ij,ij->i", w, (small - ms[:, None]) ** 2)
    mom = LogisticMoments(mean_z, var_z, mean_p if need_p else np.full_like(mu, np.nan),
                          var_p if need_p else np.full_like(mu, np.nan))
    if not return_site:
        return mom
    k = alpha + beta - 2.0
    e_g1 = (alpha - 1.0) - k * np.where(mean_p < 0.5, ms, 1.0 - ms)
    e_ss = np.einsum("ij,ij->i", w, sig * sigm)
    rho = k * e_ss - k * k * var_p            # -d^2 log Z / d mu^2
    rho_ok = rho > 0
    denom = np.maximum(1.0 - var * rho, 1e-300)
    tau = np.where(rho_ok, rho / denom, 0.0)
    m_q = mu + var * e_g1
    nu = np.where(rho_ok, m_q * tau + e_g1, e_g1)   # forceProper: keeps the projected mean
    return mom, nu, tau


def logistic_messages_from_moments(mu_c, var_c, alpha, beta, mom: LogisticMoments):
    """Outgoing messages of the logistic factor from tilted moments (Eq. 1 with forceProper).

    Returns ``(nu, tau, alpha_out, beta_out)``: the message to z in natural parameters and the
    message to p as Beta counts; a non-positive projected variance gives the uniform message to z
    (the authors' fallback). Element-wise over arrays.
    """
    mu_c, var_c, mz, vz = np.broadcast_arrays(*(np.asarray(a, float)
                                                for a in (mu_c, var_c, mom.mean_z, mom.var_z)))
    ok = vz > 0
    vq = np.where(ok, vz, 1.0)
    nu, tau = gaussian_divide_proper_arrays(mz / vq, 1.0 / vq, mu_c / var_c, 1.0 / var_c)
    nu, tau = np.where(ok, nu, 0.0), np.where(ok, tau, 0.0)
    qa, qb = beta_from_mean_var_arrays(mom.mean_p, mom.var_p)
    a_out, b_out = beta_divide_proper_arrays(qa, qb, alpha, beta)
    return nu, tau, a_out, b_out


# ------------------------------------------------------------------------------------------------
# Compound gamma (Exp. 4)
# ------------------------------------------------------------------------------------------------

def _cg_logg(u, a, b, s1, r1, s2):
    eu = np.exp(u)
    return (s2 + a - 1.0) * u - (s1 + s2) * np.logaddexp(u, np.log(r1)) - b * eu


def compound_gamma_moments(shape: float, rate: float, s1: float = 1.0, r1: float = 1.0,
                           s2: float = 1.0, *, n_nodes: int, drop: float = 50.0):
    """``(E[tau], Var[tau])`` under ``Gamma(tau; shape, rate) * tau^(s2-1) (tau + r1)^-(s1+s2)``.

    Trapezoid rule on ``u = log tau`` (Jacobian included) between the points where the log density
    has fallen by ``drop`` from its mode; ``n_nodes`` controls cost (1e3 nodes already give ~1e-12
    relative accuracy; 1e5 makes the oracle clearly costlier than a KJIT prediction, as Infer.NET's
    brute-force quadrature was).
    """
    if not (shape > 0 and rate > 0):
        raise ValueError(f"shape and rate must be positive, got {shape!r}, {rate!r}")
    if int(n_nodes) < 11:
        raise ValueError(f"n_nodes must be >= 11, got {n_nodes!r}")
    args = (shape, rate, s1, r1, s2)
    c = s2 + shape - 1.0

    def dlog(u):
        eu = np.exp(u)
        return c - (s1 + s2) * eu / (eu + r1) - rate * eu

    # mode: dlog is strictly decreasing in u; bisection on a bracket that certainly contains it
    lo, hi = -50.0, 50.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if dlog(mid) > 0:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12:
            break
    mode = 0.5 * (lo + hi)
    top = _cg_logg(mode, *args)

    def edge(direction):
        step = 1.0
        while _cg_logg(mode + direction * step, *args) > top - drop and step < 1e4:
            step *= 2.0
        a_, b_ = 0.0, step
        for _ in range(60):
            m = 0.5 * (a_ + b_)
            if _cg_logg(mode + direction * m, *args) > top - drop:
                a_ = m
            else:
                b_ = m
        return mode + direction * b_

    u = np.linspace(edge(-1.0), edge(1.0), int(n_nodes))
    lw = _cg_logg(u, *args) - top
    w = np.exp(lw)
    w[0] *= 0.5
    w[-1] *= 0.5
    w /= w.sum()
    tau = np.exp(u)
    m = float(w @ tau)
    v = float(w @ (tau - m) ** 2)
    return m, v


def compound_gamma_outgoing(incoming: Gamma, s1: float = 1.0, r1: float = 1.0, s2: float = 1.0, *,
                            n_nodes: int) -> Gamma:
    """Oracle message ``m_{f->tau} = proj[f * m_{tau->f}] / m_{tau->f}`` with Gamma forceProper."""
    m, v = compound_gamma_moments(incoming.shape, incoming.rate, s1, r1, s2, n_nodes=n_nodes)
    return Gamma.from_mean_var(m, v).divide_proper(incoming)
