"""Experiments 1 and 2 of Jitkrittum et al. (2015) (Figs. 3, 4, 10 and 13, the App. C table): messages collected from
quadrature EP (:func:`exp1_collect`), their importance-sampling ground truth (:func:`exp1_is`), and the batch operator
fitted and judged on them with every row of the App. C table (:func:`exp1_fit`); the log-KL error of a prediction
(:func:`predicted_log_kl`, summarised by :func:`~.summaries.log_kl_summary`). Timings use ``time.perf_counter``.
"""

from __future__ import annotations

import time

import numpy as np

from ...ep.engine import QuadratureLogisticOperator, run_logistic_ep
from ...ep.messages import kl_gaussian
from ...ep.oracles import ISLogisticOracle, logistic_quad_moments
from ..appc import (
    ICholKRR,
    draw_per_message,
    epk_product_features,
    epk_sum_features,
    ichol_krr_path,
    incomplete_cholesky,
    per_message_medians,
    sum_gauss_kernel,
)
from ..batch_ridge import LoocvBasis, RidgeFit, ridge_loocv
from ..features import (
    TwoStageFeatures,
    draw_inner,
    expected_product_features,
    kernel_on_embeddings,
    logistic_inputs,
    median_heuristic,
    mv_features,
)
from ..forest import EslamiForest, forest_inputs
from ..operator import belief_from_targets, belief_targets
from ..problems import logistic_problem, sample_w
from .streams import _children
from .summaries import log_kl_summary


def exp1_collect(rng, *, d: int, n: int, n_datasets: int, n_sweeps: int, n_collect: int, datasets=None) -> dict:
    """Run quadrature EP on ``n_datasets`` fresh problems (new w each) and collect the incoming pairs
    of every f->z invocation of the first ``n_collect`` sweeps with the quadrature projected belief
    ``q_{f->z}`` as ground truth. ``datasets`` selects a slice (concatenate slices' outputs)."""
    idx, kids = _children(rng, n_datasets, datasets)
    cols = {k: [] for k in ("alpha", "beta", "mu", "var", "mean_q", "var_q", "dataset", "sweep")}
    for i, r in zip(idx, kids):
        w = sample_w(d, r)
        X, y = logistic_problem(w, n, r)
        res = run_logistic_ep(X, y, QuadratureLogisticOperator(), n_sweeps=n_sweeps, p_sweep="none")
        keep = res.call_sweep < n_collect
        a = 1.0 + y[res.call_site[keep]]
        b = 2.0 - y[res.call_site[keep]]
        mu, var = res.call_mu[keep], res.call_var[keep]
        mom = logistic_quad_moments(mu, var, a, b, need_p=False)
        for k, v in (("alpha", a), ("beta", b), ("mu", mu), ("var", var), ("mean_q", mom.mean_z),
                     ("var_q", mom.var_z), ("dataset", np.full(mu.size, i)),
                     ("sweep", res.call_sweep[keep])):
            cols[k].append(np.asarray(v))
    return {k: np.concatenate(v) for k, v in cols.items()}


def exp1_is(collected: dict, rng, *, n_train: int, n_test: int, n_samples: int, proposal_var: float = 200.0) -> dict:
    """The paper's ground truth of Exp. 1: importance-sampling projected beliefs (Eq. 2, proposal ``N(0, 200)``,
    ``n_samples`` self-normalised samples per message; the authors used 1e5) for a random subsample of
    ``n_train + n_test`` collected messages. Messages are drawn in a random order and kept while the sampler's
    answer is usable (finite, positive variance, effective sample size at least the oracle's guard); unusable
    answers are skipped and counted. Returns the kept positions ``idx`` (the first ``n_train`` train, the rest
    test), the IS moments and the number skipped."""
    n_all = collected["mu"].size
    need = int(n_train) + int(n_test)
    if need > n_all:
        raise ValueError(f"n_train + n_test = {need} exceeds the {n_all} collected messages")
    order = rng.permutation(n_all)
    oracle = ISLogisticOracle(n_samples, rng, proposal_var=proposal_var)
    idx, mean, var = [], [], []
    skipped = 0
    for j in order:
        mom = oracle.moments(collected["mu"][j], collected["var"][j], collected["alpha"][j], collected["beta"][j],
                             need_p=False)
        if np.isfinite(mom.mean_z) and np.isfinite(mom.var_z) and mom.var_z > 0:
            idx.append(j)
            mean.append(mom.mean_z)
            var.append(mom.var_z)
            if len(idx) == need:
                break
        else:
            skipped += 1
    if len(idx) < need:
        raise ValueError(f"only {len(idx)} usable importance-sampling answers among {n_all} messages")
    return {"idx": np.asarray(idx, int), "is_mean": np.asarray(mean), "is_var": np.asarray(var),
            "n_skipped": np.array(skipped), "n_samples": np.array(int(n_samples)),
            "proposal_var": np.array(float(proposal_var))}


def predicted_log_kl(t_mean, t_var, pred, target: str):
    """``log KL[N(t_mean, t_var) || q_hat]`` of predicted projected-belief targets ``pred`` (N, 2) (Fig. 3's error),
    ``q_hat`` read back by :func:`~statmech_bayes.kjit.operator.belief_from_targets`.

    A prediction that is no distribution (for ``suff_stats``: ``E z^2 - (E z)^2 <= 0``) has no KL: it is a *failed*
    prediction, given NaN here and counted by :func:`log_kl_summary`, never dropped silently. Returns
    ``(log_kl, q_mean, q_var, proper)``."""
    m, v, ok = belief_from_targets(pred, target)
    lk = np.full(ok.shape, np.nan)
    kl = kl_gaussian(np.asarray(t_mean, float)[ok], np.asarray(t_var, float)[ok], m[ok], v[ok])
    lk[ok] = np.log(np.maximum(kl, np.finfo(float).tiny))   # KL >= 0; round-off must not turn a match into NaN
    return lk, m, v, ok


def _uncertainty_lines(n_points):
    """Fig. 4's test lines: ``n_points`` means on [-13, 13] (the workflow's ``kjit.exp1.n_grid``) and the log
    precision of each of the two lines there."""
    means = np.linspace(-13.0, 13.0, n_points)
    return means, 0.02 * means + 2.6, -0.02 * means ** 2 + 1.6


def _fit_two_stage(M, V, Y, tr, rng, medfs, lambdas, D_in_cv, D_out_cv, D_in, D_out):
    """Exp. 1's batch operator (spec 3.8): median-heuristic widths on the training set, LOOCV per output over
    ``gamma^2 = medf * median`` and ``lambda`` with ``(D_in_cv, D_out_cv)`` features, refit with ``(D_in, D_out)``.
    Returns ``(predictions on all rows (N, 2), [(features, RidgeFit)] per output, cv, best, widths2, med)``."""
    widths2, med = median_heuristic(M[tr], V[tr], rng, factor=1.0, subsample=2000)
    cv = np.empty((len(medfs), len(lambdas), 2))
    for a, f in enumerate(medfs):
        feats = TwoStageFeatures.draw(widths2, f * med, D_in_cv, D_out_cv, rng)
        cv[a] = ridge_loocv(feats(M[tr], V[tr]), Y[tr], lambdas)
    best = [np.unravel_index(np.argmin(cv[:, :, k]), cv.shape[:2]) for k in range(2)]
    preds, models = [], []
    for k in range(2):
        f, lam = medfs[best[k][0]], lambdas[best[k][1]]
        feats = TwoStageFeatures.draw(widths2, f * med, D_in, D_out, rng)
        model = RidgeFit(feats(M[tr], V[tr]), Y[tr, k], lam)
        models.append((feats, model))
        preds.append(model.predict(feats(M, V))[:, 0])
    return np.column_stack(preds), models, cv, best, widths2, med


def _ridge_rows(make_feats, Y, tr, te, lambdas, scales):
    """A random-feature ridge row of the App. C table: for each output, LOOCV over ``scales`` (the kernel-width
    multipliers passed to ``make_feats(scale, rows)``) and ``lambdas``; predictions on ``te``."""
    # make_feats is deterministic in (scale, rows), so the outputs share each scale's features and
    # eigendecomposition; each output's LOOCV is then computed exactly as on its own, scales in the same order
    best = [(np.inf, None)] * Y.shape[1]
    for sc in scales:
        basis = LoocvBasis(make_feats(sc, tr))
        for k in range(Y.shape[1]):
            loo = basis.mse(Y[tr, k], lambdas)[:, 0]
            if loo.min() < best[k][0]:
                best[k] = (loo.min(), (sc, lambdas[int(np.argmin(loo))]))
        del basis   # its N x D P and P2 (128 MB at 8000 x 1000) go before the next scale's are built
    out = []
    for k in range(Y.shape[1]):
        sc, lam = best[k][1]
        out.append(RidgeFit(make_feats(sc, tr), Y[tr, k], lam).predict(make_feats(sc, te))[:, 0])
    return np.column_stack(out)


def _ichol_row(kernel, Y, tr, te, lambdas, scales, rng, holdout: float, max_rank: int, tol: float = 1e-6):
    """An IChol row of the App. C table: ``kernel(rows_a, rows_b, scale)`` evaluated exactly, the training Gram
    matrix factorised by pivoted incomplete Cholesky, dual kernel ridge regression; ``(scale, lambda)`` chosen per
    output by hold-out validation on a random ``holdout`` fraction of the training set (App. C), then refit on the
    whole training set. Returns predictions on ``te`` and the ranks used."""
    perm = rng.permutation(tr)
    n_val = max(1, int(round(holdout * tr.size)))
    fit_, val = perm[n_val:], perm[:n_val]
    err = np.full((len(scales), len(lambdas), Y.shape[1]), np.inf)
    ranks = []
    for a, sc in enumerate(scales):
        diag = np.diag(kernel(fit_[:1], fit_[:1], sc))[0] * np.ones(fit_.size)
        G, _ = incomplete_cholesky(lambda j: kernel(fit_, fit_[[j]], sc)[:, 0], diag, tol, max_rank)
        ranks.append(G.shape[1])
        Kv = kernel(val, fit_, sc)
        for b, alpha in enumerate(ichol_krr_path(G, Y[fit_], lambdas)):
            err[a, b] = np.mean((Kv @ alpha - Y[val]) ** 2, axis=0)
    out, width_factor = [], None
    for k in range(Y.shape[1]):
        a, b = np.unravel_index(np.argmin(err[:, :, k]), err.shape[:2])
        sc, lam = scales[a], lambdas[b]
        # outputs that chose the same width share its factor and cross kernel (deterministic in the width); one
        # width is held at a time, as before the sharing
        if width_factor is None or width_factor[0] != sc:
            width_factor = None
            diag = np.diag(kernel(tr[:1], tr[:1], sc))[0] * np.ones(tr.size)
            G, _ = incomplete_cholesky(lambda j: kernel(tr, tr[[j]], sc)[:, 0], diag, tol, max_rank)
            width_factor = sc, G, kernel(te, tr, sc)
        _, G, K_te = width_factor
        ranks.append(G.shape[1])
        out.append(ICholKRR(G, Y[tr, k], lam).predict(K_te)[:, 0])
    return np.column_stack(out), ranks


def exp1_fit(collected: dict, truth: dict, rng, *, n_train: int, n_test: int, medfs, lambdas, D_in_cv: int,
             D_out_cv: int, D_in: int, D_out: int, n_grid: int, rf_trees: int, ichol_max_rank: int,
             ichol_holdout: float, target_z: str, arm_target_z: str | None, table: bool = True) -> dict:
    """Batch operator of Exp. 1 on the paper's protocol: the messages and ground truth of :func:`exp1_is`
    (importance sampling, the oracle the paper describes), LOOCV over ``medfs x lambdas``, final refit with
    ``D_in/D_out``; its errors (Fig. 3), uncertainty on the two test lines vs the Eslami-style forest (Fig. 4),
    KL vs predictive variance (Fig. 10), and, if ``table``, every row of the App. C table on the same split and
    ground truth. Our extra arm (kind ``ours``): the same operator trained and judged on the quadrature ground
    truth (``log_kl_quad_test``), and the IS-trained operator judged against quadrature (``log_kl_is_vs_quad``).
    All arrays are over the ``n_train + n_test`` kept messages (``sub_idx`` their positions in ``collected``).

    ``target_z``: what is regressed (the paper's Sec. 3.3, "the regression target is the marginal belief (numerator of
    (1)) in experiment 1, 2, 3 and 5": ``suff_stats`` = ``(E z, E z^2)``; ``mean_logvar`` = the authors' code), for the
    operator, our quadrature arm and every regression row of the App. C table alike. ``arm_target_z`` (ours, or None):
    the same operator, with the same random features and LOOCV draws, on that target; its test log KL is
    ``log_kl_arm_test`` and an extra table row. A prediction that is no distribution is a failed prediction: its log
    KL is NaN and it is counted (:func:`predicted_log_kl`, :func:`log_kl_summary`). ``medfs`` and ``lambdas``: any
    sequences of numbers (a configuration's lists); they are read as floats, so the chosen values are saved as floats
    whatever their spelling."""
    import copy

    medfs, lambdas = tuple(float(f) for f in medfs), tuple(float(lam) for lam in lambdas)
    if target_z not in ("suff_stats", "mean_logvar") or arm_target_z not in (None, "suff_stats", "mean_logvar"):
        raise ValueError(f"target_z / arm_target_z must be 'suff_stats' or 'mean_logvar', got {target_z!r}, "
                         f"{arm_target_z!r}")
    sub = np.asarray(truth["idx"], int)
    if sub.size != n_train + n_test:
        raise ValueError(f"the ground truth has {sub.size} messages, expected n_train + n_test = {n_train + n_test}")
    col = {k: np.asarray(collected[k])[sub] for k in ("alpha", "beta", "mu", "var", "mean_q", "var_q")}
    tr, te = np.arange(n_train), np.arange(n_train, n_train + n_test)
    M, V = logistic_inputs(col["alpha"], col["beta"], col["mu"], col["var"])
    t_mean, t_var = np.asarray(truth["is_mean"], float), np.asarray(truth["is_var"], float)
    Y = belief_targets(t_mean, t_var, target_z)
    arm_rng = copy.deepcopy(rng)        # the arm draws the same features and LOOCV candidates: only the target differs
    pred, models, cv, best, widths2, med = _fit_two_stage(M, V, Y, tr, rng, medfs, lambdas, D_in_cv, D_out_cv,
                                                          D_in, D_out)
    logkl, m_hat, v_hat, ok = predicted_log_kl(t_mean, t_var, pred, target_z)
    # ours: the same protocol on the quadrature ground truth, and the IS-trained operator against quadrature
    Yq = belief_targets(col["mean_q"], col["var_q"], target_z)
    pred_q, _, cv_q, best_q, _, _ = _fit_two_stage(M, V, Yq, tr, rng, medfs, lambdas, D_in_cv, D_out_cv, D_in, D_out)
    logkl_q = predicted_log_kl(col["mean_q"], col["var_q"], pred_q, target_z)[0]
    logkl_is_q = predicted_log_kl(col["mean_q"], col["var_q"], pred, target_z)[0]
    logkl_truths = np.log(kl_gaussian(col["mean_q"], col["var_q"], t_mean, t_var))
    feats0, model0 = models[0]
    logU = np.log(model0.uncertainty(feats0(M, V)))
    # Fig. 3b examples: best, two at the median, 99th percentile of the test log KL
    # (over the proper predictions: an improper one has no density to draw)
    lk = logkl[te]
    fin = np.flatnonzero(np.isfinite(lk))
    order = fin[np.argsort(lk[fin])]
    mid = len(order) // 2
    ex = np.array([order[0], order[mid], order[min(mid + 1, len(order) - 1)],
                   order[int(round(0.99 * (len(order) - 1)))]])
    ex_idx = te[ex]
    # Fig. 4: test lines with m_{p->f} = Beta(1, 2)
    means, lp1, lp2 = _uncertainty_lines(n_grid)
    out_lines = {}
    F = forest_inputs(col["alpha"], col["beta"], col["mu"], col["var"])
    t0 = time.perf_counter()
    rf = EslamiForest(rng, n_trees=rf_trees).fit(F[tr], t_mean[tr], t_var[tr])
    rf_time = time.perf_counter() - t0
    for name, lp in (("test1", lp1), ("test2", lp2)):
        var = np.exp(-lp)
        Ml, Vl = logistic_inputs(np.ones_like(means), 2.0 * np.ones_like(means), means, var)
        out_lines[f"{name}_logprec"] = lp
        out_lines[f"{name}_kernel_logU"] = np.log(model0.uncertainty(feats0(Ml, Vl)))
        out_lines[f"{name}_rf_logU"] = np.log(rf.uncertainty(forest_inputs(1.0, 2.0, means, var)))
    res = {
        "sub_idx": sub, "train_idx": tr, "test_idx": te, "log_kl": logkl, "log_kl_test": logkl[te],
        "log_kl_train": logkl[tr], "logU": logU, "logU_test": logU[te], "logU_train": logU[tr],
        "pred_mean": m_hat, "pred_var": v_hat, "true_mean": t_mean, "true_var": t_var,
        "quad_mean": col["mean_q"], "quad_var": col["var_q"], "log_kl_quad_test": logkl_q[te],
        "log_kl_is_vs_quad_test": logkl_is_q[te], "log_kl_is_truth_vs_quad_test": logkl_truths[te],
        "best_medf_quad": np.array([medfs[b[0]] for b in best_q]),
        "best_lambda_quad": np.array([lambdas[b[1]] for b in best_q]),
        "example_idx": ex_idx, "example_log_kl": logkl[ex_idx],
        "train_mu": col["mu"][tr], "train_var": col["var"][tr],
        "cv_loo": cv, "medfs": np.asarray(medfs), "lambdas": np.asarray(lambdas),
        "best_medf": np.array([medfs[b[0]] for b in best]),
        "best_lambda": np.array([lambdas[b[1]] for b in best]), "median_sqdist": np.array(med),
        "widths2": widths2, "grid_means": means, "rf_fit_seconds": np.array(rf_time),
        "is_n_samples": np.asarray(truth["n_samples"]), "is_n_skipped": np.asarray(truth["n_skipped"]), **out_lines,
        "target_z": np.asarray(target_z), "proper": ok, "n_improper_test": np.array(int(np.sum(~ok[te]))),
        "n_improper_train": np.array(int(np.sum(~ok[tr]))),
    }
    arm_lk = None
    if arm_target_z is not None:
        Ya = belief_targets(t_mean, t_var, arm_target_z)
        pred_a = _fit_two_stage(M, V, Ya, tr, arm_rng, medfs, lambdas, D_in_cv, D_out_cv, D_in, D_out)[0]
        arm_lk = predicted_log_kl(t_mean, t_var, pred_a, arm_target_z)[0]
        res.update({"arm_target_z": np.asarray(arm_target_z), "log_kl_arm_test": arm_lk[te],
                    "log_kl_arm_train": arm_lk[tr]})
    if table:
        res.update(_appc_table(M, V, Y, tr, te, t_mean, t_var, logkl[te], F, rf, rng, widths2, med, medfs,
                               lambdas, D_out, rf_trees, ichol_max_rank, ichol_holdout, target_z,
                               None if arm_lk is None else arm_lk[te]))
    return res


APPC_ROWS = ("Random features + MV kernel",
             "Random features + Expected product kernel on joint embeddings",
             "Random features + Sum of expected product kernels",
             "Random features + Product of expected product kernels",
             "Random features + Gaussian kernel on joint embeddings (KJIT)",
             "IChol + sum of Gaussian kernel on embeddings",
             "IChol + Gaussian kernel on joint embeddings",
             "Breiman's random forests",
             "Extremely randomized trees",
             "Eslami et al. (2014) random forests (re-implementation)")
APPC_ARM_ROW = "ours: KJIT on the authors' code's target (E z, log Var z)"


def _appc_table(M, V, Y, tr, te, t_mean, t_var, kjit_lk, F, rf, rng, widths2, med, medfs, lambdas, D_out,
                rf_trees, ichol_max_rank, ichol_holdout, target_z, arm_lk=None) -> dict:
    """Every row of the App. C table on Exp. 1's split and ground truth: per-message test log KL of each row. Every
    regression row regresses the same target ``Y`` (``target_z``) and is read back by
    :func:`~statmech_bayes.kjit.operator.belief_from_targets`; an improper prediction's log KL is NaN (counted in
    ``table_n_improper``). The Eslami forest predicts ``(mean, var)`` itself. ``arm_lk``: the extra row of ours."""
    from sklearn.ensemble import ExtraTreesRegressor, RandomForestRegressor

    lks = {}

    def add(name, mq, vq):
        lks[name] = np.log(kl_gaussian(t_mean[te], t_var[te], mq, vq))

    def add_pred(name, p):
        lks[name] = predicted_log_kl(t_mean[te], t_var[te], p, target_z)[0]

    scales = tuple(float(f) for f in medfs)
    # MV kernel: Gaussian kernel on (means, variances), widths by the median heuristic per column
    Xmv = np.hstack([M, V])
    w_mv = np.median(np.abs(Xmv[tr][:, None] - Xmv[tr][rng.permutation(tr.size)[:300]][None]), axis=(0, 1)) ** 2 + 1e-6
    mv_seed = int(rng.integers(2 ** 31 - 1))
    add_pred(APPC_ROWS[0], _ridge_rows(
        lambda sc, rows: mv_features(M[rows], V[rows], sc * w_mv, D_out, np.random.default_rng(mv_seed)),
        Y, tr, te, lambdas, (0.1, 1.0, 10.0)))
    # EPK on the joint embedding: the inner map of Algorithm 1 alone (a linear kernel on the embeddings)
    W0, b0 = draw_inner(np.ones(M.shape[1]), D_out, rng)
    add_pred(APPC_ROWS[1], _ridge_rows(
        lambda sc, rows: expected_product_features(M[rows], V[rows], W0 / np.sqrt(sc * widths2), b0),
        Y, tr, te, lambdas, scales))
    # sum of EPKs: per-message maps stacked (D_out features in all)
    maps1 = draw_per_message(np.ones(M.shape[1]), max(1, D_out // M.shape[1]), rng)

    def scaled(maps, sc):
        return [(W / np.sqrt(sc * w), b) for (W, b), w in zip(maps, widths2)]

    add_pred(APPC_ROWS[2], _ridge_rows(lambda sc, rows: epk_sum_features(M[rows], V[rows], scaled(maps1, sc)),
                                       Y, tr, te, lambdas, scales))
    # product of EPKs: Kronecker product of per-message maps (D_each ** c ~ D_out features)
    d_each = max(2, int(round(D_out ** (1.0 / M.shape[1]))))
    maps2 = draw_per_message(np.ones(M.shape[1]), d_each, rng)
    add_pred(APPC_ROWS[3], _ridge_rows(
        lambda sc, rows: epk_product_features(M[rows], V[rows], scaled(maps2, sc)), Y, tr, te, lambdas, scales))
    lks[APPC_ROWS[4]] = np.asarray(kjit_lk, float)
    # IChol rows: exact kernels, dual KRR, hold-out selection
    gam = per_message_medians(M[tr], V[tr], widths2, rng)
    p_sum, r_sum = _ichol_row(lambda a, b, sc: sum_gauss_kernel(M[a], V[a], M[b], V[b], widths2, sc * gam),
                              Y, tr, te, lambdas, scales, rng, ichol_holdout, ichol_max_rank)
    add_pred(APPC_ROWS[5], p_sum)
    p_joint, r_joint = _ichol_row(lambda a, b, sc: kernel_on_embeddings(M[a], V[a], M[b], V[b], widths2, sc * med),
                                  Y, tr, te, lambdas, scales, rng, ichol_holdout, ichol_max_rank)
    add_pred(APPC_ROWS[6], p_joint)
    Xf = np.hstack([M, V])
    for name, cls in ((APPC_ROWS[7], RandomForestRegressor), (APPC_ROWS[8], ExtraTreesRegressor)):
        reg = cls(n_estimators=int(rf_trees), random_state=int(rng.integers(2 ** 31 - 1)))
        reg.fit(Xf[tr], Y[tr])
        add_pred(name, reg.predict(Xf[te]))
    add(APPC_ROWS[9], *rf.predict(F[te]))
    rows = APPC_ROWS
    if arm_lk is not None:
        lks[APPC_ARM_ROW] = np.asarray(arm_lk, float)
        rows = APPC_ROWS + (APPC_ARM_ROW,)
    summ = [log_kl_summary(lks[r]) for r in rows]
    return {"table_method": np.array(rows), "table_log_kl": np.vstack([lks[r] for r in rows]),
            "table_mean_log_kl": np.array([x["mean"] for x in summ]),
            "table_sd_log_kl": np.array([x["sd"] for x in summ]),
            "table_n_improper": np.array([x["n_improper"] for x in summ]),
            "ichol_ranks_sum": np.asarray(r_sum), "ichol_ranks_joint": np.asarray(r_joint),
            "epk_product_d_each": np.array(d_each)}

