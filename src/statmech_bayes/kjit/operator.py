"""The KJIT message operator and its just-in-time loop (paper Sec. 3.3; spec 3.7).

:class:`KJITLearner` is the factor-agnostic part: it maps tuples ``(M, V)`` of incoming messages to
regression targets, consults an oracle for the first ``n_init`` tuples (then fits hyper-parameters by
the median heuristic, App. A, and the BLR in batch), and afterwards whenever the log predictive
variance (Eq. 14) reaches ``threshold``, updating the BLR online with each new oracle pair.

:meth:`KJITLearner.process` takes a *block* of tuples that arrive in order (e.g. one parallel-EP sweep)
and is exactly equivalent to presenting them one by one: the features and predictive variances of
the whole block are computed with one matrix product, and each oracle consultation then corrects
the not-yet-processed predictions by the rank-one effect of its Sherman-Morrison update
(``O(block * D)`` instead of recomputing ``O(block * D^2)``).

:class:`KJITLogisticOperator` and :class:`KJITGammaOperator` wrap learners for the two factors of the
paper and plug into :mod:`statmech_bayes.ep.engine`.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from ..ep.messages import Gamma, beta_divide_proper_arrays, beta_from_mean_var_arrays, gaussian_divide_proper_arrays
from ..ep.oracles import LogisticMoments, compound_gamma_moments
from .features import TwoStageFeatures, gamma_inputs, logistic_inputs, median_heuristic
from .regression import OnlineBLR


class KJITLearner:
    """Just-in-time regression operator for one outgoing direction with ``n_outputs`` targets."""

    def __init__(self, n_outputs: int, rng: np.random.Generator, *, n_init: int, threshold: float, D_in: int,
                 D_out: int, sigma_y2: float, median_factor: float, sigma0_2: float = 1.0,
                 median_subsample: int = 1500):
        if not isinstance(rng, np.random.Generator):
            raise TypeError("rng must be a numpy.random.Generator")
        if int(n_init) < 2:
            raise ValueError(f"n_init must be >= 2, got {n_init!r}")
        self.n_outputs = int(n_outputs)
        self.rng = rng
        self.n_init, self.threshold = int(n_init), float(threshold)
        self.D_in, self.D_out = int(D_in), int(D_out)
        self.sigma_y2, self.sigma0_2 = float(sigma_y2), float(sigma0_2)
        self.median_factor, self.median_subsample = float(median_factor), int(median_subsample)
        self.features: TwoStageFeatures | None = None
        self.blr: OnlineBLR | None = None
        self._store_M, self._store_V, self._store_Y = [], [], []
        # per-invocation records (Figs. 5, 7, 8)
        self.rec_u: list[float] = []
        self.rec_consulted: list[bool] = []

    @property
    def ready(self) -> bool:
        return self.blr is not None

    def _become_ready(self):
        M = np.vstack(self._store_M)
        V = np.vstack(self._store_V)
        Y = np.vstack(self._store_Y)
        widths2, gamma2 = median_heuristic(M, V, self.rng, self.median_factor, self.median_subsample)
        self.widths2, self.gamma2 = widths2, gamma2
        self.features = TwoStageFeatures.draw(widths2, gamma2, self.D_in, self.D_out, self.rng)
        self.blr = OnlineBLR(self.D_out, self.n_outputs, self.sigma_y2, self.sigma0_2)
        self.blr.fit_batch(self.features(M, V), Y)
        self._store_M = self._store_V = self._store_Y = []

    def process(self, M, V, oracle: Callable[[int], np.ndarray | None],
                usable: Callable[[np.ndarray], bool] | None = None):
        """Targets for each row of ``(M, V)``, in order.

        ``oracle(j)`` returns the target vector for row j, or None if the oracle's answer is unusable
        (then nothing is learnt and the row's prediction is NaN: the caller falls back). ``usable(pred)``, if
        given, says whether a confident prediction stands for a message at all; one that does not is treated as
        uncertain (the oracle is consulted and learnt from), since the operator cannot answer for it.
        Returns ``(targets (N, k), consulted (N,) bool, u (N,) log predictive variance, NaN while
        collecting the initial mini-batch)``.
        """
        M = np.atleast_2d(np.asarray(M, float))
        V = np.atleast_2d(np.asarray(V, float))
        n = M.shape[0]
        out = np.full((n, self.n_outputs), np.nan)
        consulted = np.zeros(n, bool)
        u = np.full(n, np.nan)
        j = 0
        while j < n and not self.ready:
            y = oracle(j)
            consulted[j] = True
            if y is not None:
                out[j] = y
                self._store_M.append(M[j])
                self._store_V.append(V[j])
                self._store_Y.append(np.asarray(y, float))
                if len(self._store_Y) > self.n_init:
                    # the (n_init + 1)-th pair: fit on the first n_init, then learn from this one
                    last = (self._store_M.pop(), self._store_V.pop(), self._store_Y.pop())
                    self._become_ready()
                    self.blr.update(self.features(last[0], last[1])[0], last[2])
            j += 1
        if j < n:
            blr = self.blr
            Psi = self.features(M[j:], V[j:])
            S = Psi @ blr.Sigma
            var = np.einsum("ij,ij->i", S, Psi) + blr.sigma_y2
            pred = Psi @ blr.mu
            log_thr = self.threshold
            for r in range(Psi.shape[0]):
                i = j + r
                u[i] = np.log(var[r])
                if u[i] < log_thr and (usable is None or usable(pred[r])):
                    out[i] = pred[r]
                    continue
                consulted[i] = True
                y = oracle(i)
                if y is None:
                    continue
                y = np.asarray(y, float)
                out[i] = y
                x, s = Psi[r], S[r]
                denom = blr.sigma_y2 + x @ s
                resid = y - x @ blr.mu
                blr.Sigma -= np.outer(s, s) / denom
                blr.xy += np.outer(x, y)
                blr.mu += np.outer(s, resid) / denom
                blr.n_seen += 1
                if r + 1 < Psi.shape[0]:
                    a = Psi[r + 1:] @ s              # effect of the update on the later rows
                    var[r + 1:] -= a * a / denom
                    pred[r + 1:] += np.outer(a, resid) / denom
                    S[r + 1:] -= np.outer(a, s) / denom
        self.rec_u.extend(u.tolist())
        self.rec_consulted.extend(consulted.tolist())
        return out, consulted, u


Z_TARGETS = ("mean_logvar", "suff_stats", "site_natural")
BROAD_TAU = 1e-5     # the authors' fallback message N(0, 1e5) (spec 3.7)


def belief_targets(mean, var, target: str) -> np.ndarray:
    """Projected-belief regression targets ``(N, 2)`` from Gaussians ``N(mean, var)`` (arrays):
    ``suff_stats`` -> ``(E[z], E[z^2]) = (mean, var + mean^2)`` (the paper's Sec. 3.3, the numerator of Eq. 1);
    ``mean_logvar`` -> ``(mean, log var)`` (the authors' code, spec 3.6). Inverse: :func:`belief_from_targets`."""
    mean, var = np.asarray(mean, float), np.asarray(var, float)
    if target == "suff_stats":
        return np.column_stack([mean, var + mean * mean])
    if target == "mean_logvar":
        return np.column_stack([mean, np.log(var)])
    raise ValueError(f"a projected-belief target must be 'suff_stats' or 'mean_logvar', got {target!r}")


def belief_from_targets(t, target: str):
    """The Gaussian ``N(mean, var)`` a predicted projected-belief target ``t`` (N, 2) stands for, and whether it is
    one: ``suff_stats`` gives ``mean = E[z]``, ``var = E[z^2] - E[z]^2``; ``mean_logvar`` gives ``var = exp(.)``.
    A prediction that is no distribution (non-finite, or ``var <= 0``) has ``usable`` False and NaN moments.
    Returns ``(mean, var, usable)``."""
    t = np.atleast_2d(np.asarray(t, float))
    if target == "suff_stats":
        var = t[:, 1] - t[:, 0] ** 2
    elif target == "mean_logvar":
        var = np.exp(t[:, 1])
    else:
        raise ValueError(f"a projected-belief target must be 'suff_stats' or 'mean_logvar', got {target!r}")
    ok = np.isfinite(t[:, 0]) & np.isfinite(var) & (var > 0)
    return np.where(ok, t[:, 0], np.nan), np.where(ok, var, np.nan), ok


def z_target(mom_mean, mom_var, mu_c, var_c, target: str):
    """Regression target of the f->z direction from the oracle's projected belief ``N(mom_mean, mom_var)`` for the
    cavity ``N(mu_c, var_c)``; None if the answer is unusable.

    * ``suff_stats`` -- the paper's Sec. 3.3: the expected sufficient statistics ``(E[z], E[z^2])`` of the projected
      belief (the numerator of Eq. 1, "the regression target in experiments 1, 2, 3 and 5");
    * ``mean_logvar`` -- the authors' code (spec 3.6): ``(E[z], log Var[z])`` of the projected belief;
    * ``site_natural`` -- our ablation: the natural parameters ``(mean * precision, precision)`` of the *outgoing*
      message (Eq. 1 with the division; the paper's choice for Exp. 4, not for the logistic factor).
    """
    if not (np.isfinite(mom_mean) and np.isfinite(mom_var) and mom_var > 0):
        return None
    if target == "site_natural":
        return np.array([mom_mean / mom_var - mu_c / var_c, 1.0 / mom_var - 1.0 / var_c])
    if target in ("suff_stats", "mean_logvar"):
        return belief_targets([mom_mean], [mom_var], target)[0]
    raise ValueError(f"target must be one of {Z_TARGETS}, got {target!r}")


def z_messages(t, mu, var, target: str):
    """Outgoing f->z messages ``(nu, tau)`` from predicted targets ``t`` (N, 2) and cavities ``N(mu, var)``.

    Projected-belief targets are divided by the cavity with forceProper (Eq. 1; spec 2.2); site targets are the
    message itself, its precision clamped at 0 (forceProper's rule for an improper quotient). A target that is no
    distribution (NaN, or a non-positive variance ``E[z^2] - E[z]^2``) gives the broad ``N(0, 1e5)`` message.
    Returns ``(nu, tau, usable)``."""
    t = np.atleast_2d(np.asarray(t, float))
    ok = np.all(np.isfinite(t), axis=1)
    if target == "site_natural":
        nu = np.where(ok, t[:, 0], 0.0)
        tau = np.where(ok, np.maximum(t[:, 1], 0.0), BROAD_TAU)
        return nu, tau, ok
    if target not in Z_TARGETS:
        raise ValueError(f"target must be one of {Z_TARGETS}, got {target!r}")
    _, vq, proper = belief_from_targets(t, target)
    ok &= proper
    vq = np.where(ok, vq, 1.0)
    nu, tau = gaussian_divide_proper_arrays(np.where(ok, t[:, 0], 0.0) / vq, 1.0 / vq, mu / var, 1.0 / var)
    return np.where(ok, nu, 0.0), np.where(ok, tau, BROAD_TAU), ok


class KJITLogisticOperator:
    """KJIT for both directions of the logistic factor, with an importance-sampling (or any) oracle.

    ``oracle.moments(mu, var, alpha, beta, need_p) -> LogisticMoments`` is consulted when a learner is
    uncertain. Targets to z: see :func:`z_target` (``target_z``: the paper's or the authors' code's, spec 3.6); to p
    ``(log alpha, log beta)`` of the projected Beta. When both directions consult the oracle for the
    same invocation, one oracle call (one sample set) serves both.

    ``skip_improper`` (spec 3.7, the authors' code): an oracle answer whose outgoing message to z is improper
    (projected variance not below the cavity's) is not learnt from, and the broad ``N(0, 1e5)`` message is sent.
    Without it the answer is learnt and its forceProper-clamped message sent.

    ``consult_unusable``: a confident f->z prediction that is no distribution (``E[z^2] <= E[z]^2`` under the
    ``suff_stats`` target; the paper says nothing of this case, which the authors' ``mean_logvar`` target cannot
    produce) is answered by the oracle and learnt from, as an uncertain one is. Without it the broad
    ``N(0, 1e5)`` message is sent, i.e. the site is dropped for that sweep.
    """

    def __init__(self, oracle, learner_z: KJITLearner, learner_p: KJITLearner, *, target_z: str, skip_improper: bool,
                 consult_unusable: bool):
        if target_z not in Z_TARGETS:
            raise ValueError(f"target_z must be one of {Z_TARGETS}, got {target_z!r}")
        self.oracle, self.learner_z, self.learner_p = oracle, learner_z, learner_p
        self.target_z, self.skip_improper = target_z, bool(skip_improper)
        self.consult_unusable = bool(consult_unusable)
        self.n_oracle_calls = 0
        self.n_skipped_improper = 0     # oracle answers not learnt from (improper outgoing message)
        self.n_unusable_pred = 0        # predictions that are no distribution (broad message sent)
        self.rec_mu: list[np.ndarray] = []
        self.rec_var: list[np.ndarray] = []

    def messages(self, mu, var, alpha, beta, need_p: bool = False, sites=None):
        mu, var, alpha, beta = np.broadcast_arrays(*(np.atleast_1d(np.asarray(a, float))
                                                     for a in (mu, var, alpha, beta)))
        M, V = logistic_inputs(alpha, beta, mu, var)
        cache: dict[int, LogisticMoments] = {}
        skipped: set[int] = set()

        def moments(j):
            mom = cache.get(j)
            if mom is None or (need_p and np.isnan(mom.mean_p)):
                self.n_oracle_calls += 1
                mom = self.oracle.moments(mu[j], var[j], alpha[j], beta[j], need_p=need_p)
                cache[j] = mom
            return mom

        def oracle_z(j):
            mom = moments(j)
            if self.skip_improper and np.isfinite(mom.var_z) and not mom.var_z < var[j]:
                skipped.add(j)
                self.n_skipped_improper += 1
                return None
            return z_target(mom.mean_z, mom.var_z, mu[j], var[j], self.target_z)

        usable = None
        if self.consult_unusable and self.target_z != "site_natural":
            usable = lambda t: bool(belief_from_targets(t, self.target_z)[2][0])  # noqa: E731
        tz, consulted, _ = self.learner_z.process(M, V, oracle_z, usable)
        self.rec_mu.append(mu)
        self.rec_var.append(var)
        nu, tau, ok = z_messages(tz, mu, var, self.target_z)
        self.n_unusable_pred += int(np.sum(~ok & ~consulted))
        if self.target_z == "site_natural":
            # a consulted row sends the oracle's own message, forceProper-clamped like every oracle answer
            for j in np.flatnonzero(consulted & ok):
                mom = cache[j]
                nu[j], tau[j] = gaussian_divide_proper_arrays(mom.mean_z / mom.var_z, 1.0 / mom.var_z,
                                                              mu[j] / var[j], 1.0 / var[j])
        a_out = b_out = np.full(mu.shape, np.nan)
        if need_p:
            def oracle_p(j):
                mom = moments(j)
                if not np.isfinite(mom.mean_p):
                    return None                  # unusable (degenerate) oracle answer: learn nothing
                qa, qb = beta_from_mean_var_arrays(mom.mean_p, mom.var_p)
                return np.array([np.log(qa), np.log(qb)])

            tp, _, _ = self.learner_p.process(M, V, oracle_p)
            a_out, b_out = beta_divide_proper_arrays(np.exp(tp[:, 0]), np.exp(tp[:, 1]), alpha, beta)
        return nu, tau, a_out, b_out


class KJITGammaOperator:
    """KJIT for the compound-gamma factor (Exp. 4): input ``m_{tau->f}``, target
    ``(log shape, log rate)`` of the *outgoing* message (paper: "the regression target is the outgoing
    message"), oracle = quadrature + Gamma forceProper division."""

    def __init__(self, learner: KJITLearner, s1: float = 1.0, r1: float = 1.0, s2: float = 1.0, *, n_nodes: int):
        self.learner = learner
        self.s1, self.r1, self.s2, self.n_nodes = s1, r1, s2, int(n_nodes)
        self.n_oracle_calls = 0

    def oracle(self, incoming: Gamma) -> Gamma:
        self.n_oracle_calls += 1
        m, v = compound_gamma_moments(incoming.shape, incoming.rate, self.s1, self.r1, self.s2,
                                      n_nodes=self.n_nodes)
        return Gamma.from_mean_var(m, v).divide_proper(incoming)

    def __call__(self, incoming: Gamma) -> Gamma:
        M, V = gamma_inputs(incoming.shape, incoming.rate)
        got = {}

        def oracle(_j):
            out = self.oracle(incoming)
            got["msg"] = out
            if not (out.shape > 0 and out.rate > 0):
                return None
            return np.array([np.log(out.shape), np.log(out.rate)])

        t, consulted, _ = self.learner.process(M, V, oracle)
        if consulted[0]:
            return got["msg"]
        return Gamma(float(np.exp(t[0, 0])), float(np.exp(t[0, 1])))
