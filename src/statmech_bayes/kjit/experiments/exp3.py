"""Experiment 3 of Jitkrittum et al. (2015) (Figs. 5, 6): EP on a sequence of logistic-regression problems with the
quadrature operator, sampling-only EP and sampling + KJIT, each method its own function (its own rule), and the
interleaved timing of Fig. 6's claims (:func:`exp3_timing`, merged by :func:`~.summaries.merge_timing`). Timings use
``time.perf_counter`` (run with one BLAS thread and nothing else heavy in parallel).
"""

from __future__ import annotations

import numpy as np

from ...ep.engine import QuadratureLogisticOperator, SamplingLogisticOperator, run_logistic_ep
from ...ep.oracles import ISLogisticOracle
from ..operator import KJITLearner, KJITLogisticOperator
from ..problems import bayes_disagreement, logistic_problem, sample_w
from .streams import _indices, _streams


def _exp3_problem(streams, d, n, n_problems, k, n_test):
    """Problem k: ``w*`` from stream 0, problem k's data and test inputs from stream k + 1."""
    w = sample_w(d, np.random.default_rng(streams[0].bit_generator.seed_seq))
    g = np.random.default_rng(streams[k + 1].bit_generator.seed_seq)
    X, y = logistic_problem(w, n, g)
    return w, X, y, g.standard_normal((int(n_test), d))


def _exp3_streams(rng, n_problems):
    # [w*] + data per problem + sampling oracle per problem + KJIT (oracle, learner z, learner p)
    return _streams(rng, 1 + 2 * int(n_problems) + 3)


def _exp3_baseline(make_op, rng, problems, d, n, n_problems, n_sweeps, n_test) -> dict:
    """EP with the operator ``make_op(streams, k)`` on each problem ``k`` of the slice ``problems`` (None: all) of
    the Exp. 3 problems; slices are independent jobs with identical per-problem streams."""
    idx = _indices(problems, n_problems)
    st = _exp3_streams(rng, n_problems)
    out = {k: [] for k in ("problem", "time_ms", "error", "post_mean", "n_improper", "n_calls")}
    for k in idx:
        w, X, y, X_test = _exp3_problem(st, d, n, n_problems, int(k), n_test)
        res = run_logistic_ep(X, y, make_op(st, int(k)), n_sweeps=n_sweeps)
        out["problem"].append(k)
        out["time_ms"].append(res.time_ms)
        out["error"].append(bayes_disagreement(w, res.mean, X_test))
        out["post_mean"].append(res.mean)
        out["n_improper"].append(res.n_improper)
        out["n_calls"].append(res.call_site.size)
    return {k: np.asarray(v) for k, v in out.items()}


def exp3_quadrature(rng, *, d: int, n: int, n_problems: int, n_sweeps: int, n_test: int, problems=None,
                    quad_nodes: int = 2001) -> dict:
    """Exp. 3 with the Infer.NET stand-in, the quadrature operator of ``quad_nodes`` grid points per call (no random
    draws of its own: ``rng`` makes the problems), on the slice ``problems`` (None: all) of the problems."""
    return _exp3_baseline(lambda st, k: QuadratureLogisticOperator(quad_nodes), rng, problems, d, n, n_problems,
                          n_sweeps, n_test)


def exp3_sampling(rng, *, d: int, n: int, n_problems: int, n_sweeps: int, n_samples: int, n_test: int,
                  problems=None) -> dict:
    """Exp. 3 with sampling-only EP (importance sampling, ``n_samples`` draws per oracle call, each problem's own
    stream) on the slice ``problems`` (None: all) of the problems."""
    return _exp3_baseline(lambda st, k: SamplingLogisticOperator(ISLogisticOracle(n_samples, st[1 + n_problems + k])),
                          rng, problems, d, n, n_problems, n_sweeps, n_test)


def exp3_kjit(rng, *, d: int, n: int, n_problems: int, n_sweeps: int, n_samples: int, n_test: int, n_init: int,
              threshold: float, D_in: int, D_out: int, sigma_y2: float, median_factor: float, target_z: str,
              skip_improper: bool, consult_unusable: bool) -> dict:
    """Sampling + KJIT on the Exp. 3 problems in sequence with one persistent pair of operators
    (must be a single job). Returns per-invocation traces (Fig. 5) and per-problem results (Fig. 6).
    ``target_z``: the f->z regression target (the paper's Sec. 3.3: ``"suff_stats"``, the expected sufficient
    statistics of the projected belief; ``"mean_logvar"`` the authors' code); ``skip_improper``: spec 3.7, and
    ``consult_unusable`` (a confident prediction that is no distribution goes to the oracle) (see
    :class:`KJITLogisticOperator`)."""
    st = _exp3_streams(rng, n_problems)
    kids = st[-3:]
    learner = lambda g: KJITLearner(2, g, n_init=n_init, threshold=threshold, D_in=D_in, D_out=D_out,  # noqa: E731
                                    sigma_y2=sigma_y2, median_factor=median_factor)
    op = KJITLogisticOperator(ISLogisticOracle(n_samples, kids[0]), learner(kids[1]), learner(kids[2]),
                              target_z=target_z, skip_improper=skip_improper, consult_unusable=consult_unusable)
    out = {k: [] for k in ("time_ms", "error", "post_mean", "oracle_calls", "n_improper")}
    starts = []
    for k in range(n_problems):
        w, X, y, X_test = _exp3_problem(st, d, n, n_problems, k, n_test)
        starts.append(len(op.learner_z.rec_u))
        before = op.n_oracle_calls
        res = run_logistic_ep(X, y, op, n_sweeps=n_sweeps)
        out["time_ms"].append(res.time_ms)
        out["error"].append(bayes_disagreement(w, res.mean, X_test))
        out["post_mean"].append(res.mean)
        out["oracle_calls"].append(op.n_oracle_calls - before)
        out["n_improper"].append(res.n_improper)
    res = {k: np.asarray(v) for k, v in out.items()}
    res.update(u_z=np.asarray(op.learner_z.rec_u), consulted_z=np.asarray(op.learner_z.rec_consulted),
               u_p=np.asarray(op.learner_p.rec_u), consulted_p=np.asarray(op.learner_p.rec_consulted),
               problem_start=np.asarray(starts), in_mu=np.concatenate(op.rec_mu),
               in_var=np.concatenate(op.rec_var), target_z=np.asarray(target_z),
               skip_improper=np.asarray(bool(skip_improper)), consult_unusable=np.asarray(bool(consult_unusable)),
               n_skipped_improper=np.asarray(op.n_skipped_improper),
               n_unusable_pred=np.asarray(op.n_unusable_pred))
    return res


EXP3_TIMED = ("quadrature", "kjit", "sampling")


def exp3_timing(rng, *, repeats, d: int, n: int, n_problems: int, n_sweeps: int, n_samples: int, n_test: int,
                n_init: int, threshold: float, D_in: int, D_out: int, sigma_y2: float, median_factor: float,
                timing_sampling_every: int, timing_sampling_sweeps: int, target_z: str, skip_improper: bool,
                consult_unusable: bool, quad_nodes: int = 2001) -> dict:
    """The timing of Fig. 6's claims, all methods interleaved: the repeats whose indices are ``repeats`` (a job
    runs one of them; the index rotates the order of the methods), each a fresh replay of the KJIT sequence (identical to
    :func:`exp3_kjit`: same streams) with, on each problem, quadrature EP and (on problems ``1, 1 + every, ...``,
    sampling-only EP being the costliest) sampling-only EP run back to back with KJIT in an order rotated with the
    repeat and the problem. ``target_z``, ``skip_improper`` and ``consult_unusable``: as in :func:`exp3_kjit`;
    ``quad_nodes``: the quadrature stand-in's grid points per call, as in :func:`exp3_quadrature`.

    Sampling-only EP is timed on its first ``timing_sampling_sweeps`` sweeps only (the last of them sends the
    messages to p, as the last sweep of a whole run does): every oracle call costs the same (a fixed ``n_samples``
    fresh draws), so the time of a whole ``n_sweeps`` run is ``(n_sweeps - 1)`` times the mean of the sweeps
    without messages to p plus the sweep with them (the engine's per-sweep times). The whole run's sampling errors
    come from the sampling slices, not from here.

    Returns ``time_ms`` ``(len(repeats), n_problems, 3)`` in the order of :data:`EXP3_TIMED` (NaN where not
    timed), the measured sweep times of sampling ``sampling_sweep_ms`` ``(len(repeats), n_problems,
    timing_sampling_sweeps)``, KJIT's errors and oracle calls per repeat (equal in every repeat: a determinism
    check) and the repeat indices."""
    st = _exp3_streams(rng, n_problems)
    fresh = lambda g: np.random.default_rng(g.bit_generator.seed_seq)  # noqa: E731
    sampled = set(range(1, int(n_problems), max(1, int(timing_sampling_every))))
    reps = [int(r) for r in repeats]
    S = max(1, min(int(timing_sampling_sweeps), int(n_sweeps)))
    R = len(reps)
    T = np.full((R, int(n_problems), len(EXP3_TIMED)), np.nan)
    sweep_ms = np.full((R, int(n_problems), S), np.nan)
    err = np.full((R, int(n_problems)), np.nan)
    calls = np.zeros((R, int(n_problems)), int)
    for i, r in enumerate(reps):
        kids = [fresh(g) for g in st[-3:]]
        learner = lambda g: KJITLearner(2, g, n_init=n_init, threshold=threshold, D_in=D_in,  # noqa: E731
                                        D_out=D_out, sigma_y2=sigma_y2, median_factor=median_factor)
        op = KJITLogisticOperator(ISLogisticOracle(n_samples, kids[0]), learner(kids[1]), learner(kids[2]),
                                  target_z=target_z, skip_improper=skip_improper,
                                  consult_unusable=consult_unusable)
        for k in range(int(n_problems)):
            w, X, y, X_test = _exp3_problem(st, d, n, n_problems, k, n_test)
            ops = {"quadrature": QuadratureLogisticOperator(quad_nodes), "kjit": op}
            if k in sampled:
                ops["sampling"] = SamplingLogisticOperator(
                    ISLogisticOracle(n_samples, fresh(st[1 + n_problems + k])))
            names = list(ops)
            for s_ in range(len(names)):
                m = names[(s_ + r + k) % len(names)]
                before = op.n_oracle_calls
                if m == "sampling":
                    res = run_logistic_ep(X, y, ops[m], n_sweeps=S)
                    sw = np.asarray(res.sweep_ms, float)
                    sweep_ms[i, k] = sw
                    # whole-run time: n_sweeps - 1 sweeps without messages to p, one with them
                    no_p = sw[:-1].mean() if S > 1 else sw[-1]
                    T[i, k, EXP3_TIMED.index(m)] = (int(n_sweeps) - 1) * no_p + sw[-1]
                    continue
                res = run_logistic_ep(X, y, ops[m], n_sweeps=n_sweeps)
                T[i, k, EXP3_TIMED.index(m)] = res.time_ms
                if m == "kjit":
                    err[i, k] = bayes_disagreement(w, res.mean, X_test)
                    calls[i, k] = op.n_oracle_calls - before
    return {"time_ms": T, "methods": np.asarray(EXP3_TIMED), "kjit_error": err, "kjit_oracle_calls": calls,
            "sampled": np.asarray(sorted(sampled), int), "sampling_sweep_ms": sweep_ms,
            "sampling_sweeps_timed": np.asarray(S), "repeats": np.asarray(reps, int)}
