"""Experiment 4 of Jitkrittum et al. (2015) (Fig. 7): KJIT on the compound gamma factor against the paper's and our
quadrature oracles, and the interleaved timing of its time-ratio claim. Timings use ``time.perf_counter`` (run with
one BLAS thread and nothing else heavy in parallel).
"""

from __future__ import annotations

import time

import numpy as np

from ...ep.engine import run_compound_gamma_ep
from ...ep.oracles import compound_gamma_outgoing
from ..operator import KJITGammaOperator, KJITLearner
from ..problems import compound_gamma_problem
from .streams import _streams


def kl_gamma(a1, b1, a2, b2):
    """KL[Gamma(a1, b1) || Gamma(a2, b2)] (shape-rate), elementwise."""
    from scipy.special import digamma, gammaln
    a1, b1, a2, b2 = (np.asarray(v, float) for v in (a1, b1, a2, b2))
    return ((a1 - a2) * digamma(a1) - gammaln(a1) + gammaln(a2)
            + a2 * (np.log(b1) - np.log(b2)) + a1 * (b2 - b1) / b1)


def timed_subsample(candidates, k: int) -> np.ndarray:
    """``k`` evenly spaced entries of ``candidates`` (all of them if there are fewer), fixed before any timing."""
    candidates = np.asarray(candidates, int)
    if candidates.size <= int(k):
        return candidates
    return np.unique(candidates[np.linspace(0, candidates.size - 1, int(k)).round().astype(int)])


def time_interleaved(calls: dict, items, repeats: int) -> np.ndarray:
    """Wall-clock (ms) of ``calls[name](item)`` for every repeat, item and name, interleaved: within one item the
    methods run back to back, in an order rotated with the repeat and the item, so a change of the machine's load
    reaches every method alike. Returns ``(repeats, len(items), len(calls))``."""
    names = list(calls)
    items = list(items)
    out = np.full((int(repeats), len(items), len(names)), np.nan)
    for r in range(int(repeats)):
        for j, item in enumerate(items):
            for s in range(len(names)):
                m = (s + r + j) % len(names)
                t0 = time.perf_counter()
                calls[names[m]](item)
                out[r, j, m] = (time.perf_counter() - t0) * 1e3
    return out


EXP4_TIMED = ("paper_oracle", "ours_oracle", "kjit")


def exp4_run(rng, *, n_problems: int, n_init: int, threshold: float, D_in: int, D_out: int, sigma_y2: float,
             n_nodes: int, paper_nodes: int, timing_repeats: int, timing_problems: int, median_factor: float,
             s1: float = 1.0, r1: float = 1.0, s2: float = 1.0) -> dict:
    """Compound gamma: KJIT (persistent operator) with the paper's oracle (``paper_nodes``-node quadrature, as
    Infer.NET's brute-force operator) and our smaller ``n_nodes``-node oracle alone, on the same problem sequence
    (Fig. 7's scatter and time trace). Then the timing of the time-ratio claim: on ``timing_problems`` evenly spaced
    problems where KJIT did not consult its oracle, ``timing_repeats`` interleaved repeats of the paper's oracle, our
    oracle and KJIT (a copy of the final operator, which predicts there without consulting: the BLR's predictive
    variance only falls as it learns). The paper's oracle runs only there (and on KJIT's consultations)."""
    import copy

    kids = _streams(rng, 2)
    op = KJITGammaOperator(KJITLearner(2, kids[1], n_init=n_init, threshold=threshold, D_in=D_in, D_out=D_out,
                                       sigma_y2=sigma_y2, median_factor=median_factor), s1, r1, s2, n_nodes=paper_nodes)
    oracle = lambda inc: compound_gamma_outgoing(inc, s1, r1, s2, n_nodes=n_nodes)  # noqa: E731
    paper = lambda inc: compound_gamma_outgoing(inc, s1, r1, s2, n_nodes=paper_nodes)  # noqa: E731
    cols = {k: [] for k in ("n", "tau", "in_shape", "in_rate", "oracle_shape", "oracle_rate",
                            "kjit_shape", "kjit_rate", "oracle_time_ms", "kjit_time_ms")}
    xs = []
    for k in range(n_problems):
        x, tau = compound_gamma_problem(kids[0], s1=s1, r1=r1, s2=s2)
        xs.append(x)
        if k % 2:                                  # alternate which method runs first
            rk = run_compound_gamma_ep(x, op)
            ro = run_compound_gamma_ep(x, oracle)
        else:
            ro = run_compound_gamma_ep(x, oracle)
            rk = run_compound_gamma_ep(x, op)
        for key, v in (("n", x.size), ("tau", tau), ("in_shape", ro.incoming.shape),
                       ("in_rate", ro.incoming.rate), ("oracle_shape", ro.posterior.shape),
                       ("oracle_rate", ro.posterior.rate), ("kjit_shape", rk.posterior.shape),
                       ("kjit_rate", rk.posterior.rate), ("oracle_time_ms", ro.time_ms),
                       ("kjit_time_ms", rk.time_ms)):
            cols[key].append(v)
    res = {k: np.asarray(v) for k, v in cols.items()}
    res["consulted"] = np.asarray(op.learner.rec_consulted)
    res["u"] = np.asarray(op.learner.rec_u)
    # KL[ours-oracle posterior || KJIT posterior] on every problem
    res["kl_posteriors"] = kl_gamma(res["oracle_shape"], res["oracle_rate"], res["kjit_shape"], res["kjit_rate"])
    # the timing pass, on a fixed subsample of the non-consulted problems
    timed = timed_subsample(np.flatnonzero(~res["consulted"]), timing_problems)
    frozen = copy.deepcopy(op)
    n_rec = len(frozen.learner.rec_consulted)
    posts = {}

    def paper_call(p):
        posts[int(p)] = run_compound_gamma_ep(xs[p], paper).posterior

    calls = {"paper_oracle": paper_call, "ours_oracle": lambda p: run_compound_gamma_ep(xs[p], oracle),
             "kjit": lambda p: run_compound_gamma_ep(xs[p], frozen)}
    assert tuple(calls) == EXP4_TIMED
    res["timing_ms"] = time_interleaved(calls, timed, timing_repeats)
    res["timing_methods"] = np.asarray(EXP4_TIMED)
    res["timed"] = timed
    res["timing_kjit_consulted"] = np.asarray(frozen.learner.rec_consulted[n_rec:], bool)
    res["paper_shape"] = np.array([posts[int(p)].shape for p in timed])
    res["paper_rate"] = np.array([posts[int(p)].rate for p in timed])
    res["kl_paper"] = kl_gamma(res["paper_shape"], res["paper_rate"], res["kjit_shape"][timed], res["kjit_rate"][timed])
    res["kl_ours_paper"] = kl_gamma(res["paper_shape"], res["paper_rate"], res["oracle_shape"][timed],
                                    res["oracle_rate"][timed])
    res["n_nodes"], res["paper_nodes"] = np.array(int(n_nodes)), np.array(int(paper_nodes))
    return res

