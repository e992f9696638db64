"""Experiment 5 of Jitkrittum et al. (2015) (Figs. 1, 8, 9): EP on the UCI sequence with the quadrature operator,
sampling-only EP and sampling + KJIT with one persistent operator, and KJIT repeated over seeds. Timings use
``time.perf_counter`` inside the EP engine (run with one BLAS thread and nothing else heavy in parallel).
"""

from __future__ import annotations

import numpy as np

from ...ep.engine import QuadratureLogisticOperator, SamplingLogisticOperator, run_logistic_ep
from ...ep.oracles import ISLogisticOracle
from ..operator import Z_TARGETS, KJITLearner, KJITLogisticOperator
from ..problems import test_error
from .streams import _streams

UCI_ORDER = ("banknote", "blood_transfusion", "fertility", "ionosphere")


def _uci(data_dir, names):
    from ...data.uci import load_split
    return [load_split(nm, data_dir) for nm in names]


def _exp5_baseline(make_op, data_dir, names, n_sweeps) -> dict:
    """EP with the operator ``make_op(name)`` on each UCI training set of ``names``: test error and time per data
    set, every incoming ``m_{z->f}`` and each data set's posterior mean (``post_mean_<name>``, their lengths
    differ)."""
    out = {k: [] for k in ("time_ms", "test_error", "n_calls")}
    msg_mu, msg_var, msg_set, post = [], [], [], []
    for nm, data in zip(names, _uci(data_dir, names)):
        res = run_logistic_ep(data["X_train"], data["y_train"], make_op(nm), n_sweeps=n_sweeps)
        out["time_ms"].append(res.time_ms)
        out["test_error"].append(test_error(res.mean, data["X_test"], data["y_test"]))
        out["n_calls"].append(res.call_site.size)
        msg_mu.append(res.call_mu)
        msg_var.append(res.call_var)
        msg_set.append(np.full(res.call_mu.size, UCI_ORDER.index(nm)))
        post.append(res.mean)
    res = {k: np.asarray(v) for k, v in out.items()}
    res.update(names=np.asarray(names), msg_mu=np.concatenate(msg_mu), msg_var=np.concatenate(msg_var),
               msg_dataset=np.concatenate(msg_set))
    res.update({f"post_mean_{nm}": np.asarray(m, float) for nm, m in zip(names, post)})
    return res


def exp5_quadrature(data_dir, *, names, n_sweeps: int) -> dict:
    """Exp. 5 with the quadrature operator (no random draws) on each UCI training set of ``names``."""
    return _exp5_baseline(lambda nm: QuadratureLogisticOperator(), data_dir, names, n_sweeps)


def exp5_sampling(data_dir, rng, *, names, n_sweeps: int, n_samples: int) -> dict:
    """Exp. 5 with sampling-only EP on each UCI training set of ``names`` (Fig. 1 uses its incoming messages). Data
    sets are independent jobs (pass one name at a time): the sampler's stream is derived from the data set's
    position in :data:`UCI_ORDER`, not from the other names passed."""
    kids = _streams(rng, len(UCI_ORDER))
    return _exp5_baseline(lambda nm: SamplingLogisticOperator(ISLogisticOracle(n_samples, kids[UCI_ORDER.index(nm)])),
                          data_dir, names, n_sweeps)


def exp5_kjit(data_dir, rng, *, names, n_sweeps: int, n_samples: int, n_init: int, threshold: float, D_in: int,
              D_out: int, sigma_y2: float, median_factor: float, target_z: str, skip_improper: bool,
              consult_unusable: bool, data=None) -> dict:
    """Sampling + KJIT over the UCI sequence with one persistent pair of operators (single job).

    ``target_z``, ``skip_improper`` and ``consult_unusable``: see :class:`KJITLogisticOperator`. The kernel widths are set once, by the
    median heuristic on the initial mini-batch (App. A: "We use this heuristic in the initial mini-batch phase
    before the actual online learning"; Sec. 5: hyper-parameters "are learned on an initial mini-batch"), i.e. on the
    first data set's first ``n_init`` invocations, and kept for the whole sequence. ``data``: the loaded splits (to
    share them between calls)."""
    kids = _streams(rng, 3)
    learner = lambda g: KJITLearner(2, g, n_init=n_init, threshold=threshold, D_in=D_in, D_out=D_out,  # noqa: E731
                                    sigma_y2=sigma_y2, median_factor=median_factor)
    op = KJITLogisticOperator(ISLogisticOracle(n_samples, kids[0]), learner(kids[1]), learner(kids[2]),
                              target_z=target_z, skip_improper=skip_improper, consult_unusable=consult_unusable)
    out = {k: [] for k in ("time_ms", "test_error", "oracle_calls", "n_improper", "n_skipped_improper",
                           "n_unusable_pred", "n_calls")}
    starts = []
    for ds in (_uci(data_dir, names) if data is None else data):
        starts.append(len(op.learner_z.rec_u))
        before = (op.n_oracle_calls, op.n_skipped_improper, op.n_unusable_pred)
        res = run_logistic_ep(ds["X_train"], ds["y_train"], op, n_sweeps=n_sweeps)
        out["time_ms"].append(res.time_ms)
        out["test_error"].append(test_error(res.mean, ds["X_test"], ds["y_test"]))
        out["oracle_calls"].append(op.n_oracle_calls - before[0])
        out["n_skipped_improper"].append(op.n_skipped_improper - before[1])
        out["n_unusable_pred"].append(op.n_unusable_pred - before[2])
        out["n_improper"].append(res.n_improper)
        out["n_calls"].append(res.call_site.size)
    res = {k: np.asarray(v) for k, v in out.items()}
    res.update(names=np.asarray(names), u_z=np.asarray(op.learner_z.rec_u),
               consulted_z=np.asarray(op.learner_z.rec_consulted), u_p=np.asarray(op.learner_p.rec_u),
               consulted_p=np.asarray(op.learner_p.rec_consulted), problem_start=np.asarray(starts),
               target_z=np.asarray(target_z), skip_improper=np.asarray(bool(skip_improper)),
               consult_unusable=np.asarray(bool(consult_unusable)))
    return res


def exp5_seeds(data_dir, rng, *, names, targets, n_seeds: int, **kw) -> dict:
    """Exp. 5's KJIT run repeated over ``n_seeds`` seeds (independent oracle and feature streams, the same data)
    for each regression target of ``targets``: test error, oracle calls and the improper-message counts per
    (target, seed, data set). The seeds are children of ``rng``'s seed, one per (target, seed), so an arm's numbers
    do not depend on which other arms run."""
    data = _uci(data_dir, names)
    kids = _streams(rng, len(Z_TARGETS) * int(n_seeds))
    keys = ("test_error", "oracle_calls", "n_improper", "n_skipped_improper", "n_unusable_pred", "n_calls")
    out = {k: np.zeros((len(targets), int(n_seeds), len(names)), float if k == "test_error" else int)
           for k in keys}
    for a, t in enumerate(targets):
        for s in range(int(n_seeds)):
            g = kids[Z_TARGETS.index(t) * int(n_seeds) + s]
            r = exp5_kjit(data_dir, g, names=names, target_z=t, data=data, **kw)
            for k in keys:
                out[k][a, s] = r[k]
    out.update(names=np.asarray(names), targets=np.asarray(targets))
    return out

