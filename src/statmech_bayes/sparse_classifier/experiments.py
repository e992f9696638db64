"""Experiment-level functions for Uda & Kabashima (2005): each takes plain parameters (and an explicit
``numpy.random.Generator`` where random) and returns a dict of numpy arrays ready to save.

Parallelisation: Fig. 1 splits by ``C_t``; Figs. 3 and 4 by chunks of runs (each chunk its own
generator; all C values of a run share one data set -- common random numbers make the small
differences between C values visible); the colon protocol by chunks of splits.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

from statmech_bayes.data.colon import load_colon

from . import colon as _colon
from .bp import bp_fast, signed_data
from .replica import solve_rs_grid
from .state_evolution import state_evolution
from .stats import mean_ci95, paired_t, sign_test, welch
from .teacher import teacher_student_data

FIG1_CT = (0.1, 0.2, 0.3)
FIG1_C = tuple(np.round(np.arange(0.01, 1.0, 0.01), 2)) + (0.999,)
FIG3_C = (0.1, 0.2, 0.3)
FIG4_C = (0.02, 0.05, 0.08, 0.1, 0.12, 0.15, 0.2, 0.3, 0.4, 0.5, 0.7, 0.9)
# BP at the final update counts as converged if the last change of any m_l is below this.
FIG4_CONV_TOL = 1e-6


def _check_runs(n_runs, rng):
    if int(n_runs) != n_runs or n_runs < 1:
        raise ValueError(f"n_runs must be a positive integer, got {n_runs!r}")
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy.random.Generator, got {type(rng).__name__}")


def fig1_rs_curves(Ct_values=FIG1_CT, C_values=FIG1_C, alpha: float = 1.0, kappa: float = 0.05,
                   n_quad: int = 801) -> dict:
    """Fig. 1 (a) ε_SBC and (b) ε_Gibbs versus C from one RS solve per ``(C_t, C)``.

    Returns ``C`` (nC,), ``Ct`` (nCt,), and (nCt, nC) arrays ``eps_sbc``, ``eps_gibbs``, ``Q``, ``R``,
    ``Qh``, ``Rh``, ``S``, ``F``, ``lam``, ``iterations``. Paper scale: 3 × 100 points, ~1 s in total.
    """
    return solve_rs_grid(C_values, Ct_values, alpha, kappa, n_quad=n_quad)


def fig3_bp_runs(C_values=FIG3_C, Ct: float = 0.2, N: int = 2000, M: int = 2000, kappa: float = 0.05,
                 T: int = 20, n_runs: int = 100, *, rng: np.random.Generator) -> dict:
    """Fig. 3 markers: undamped fast BP for ``T`` updates on ``n_runs`` fresh teacher/data sets.

    Every C value runs on the same data set within a run. Returns ``C`` (nC,), ``t`` = 1..T, and
    (nC, n_runs, T) arrays ``eps`` (overlap error after each update), ``Q``, ``R``, ``looe``.
    Summarise with :func:`fig3_summary`.
    """
    _check_runs(n_runs, rng)
    C_values = np.asarray(C_values, float).ravel()
    shape = (C_values.size, int(n_runs), int(T))
    out = {k: np.empty(shape) for k in ("eps", "Q", "R", "looe")}
    for r in range(int(n_runs)):
        w, X, y = teacher_student_data(N, M, Ct, kappa, rng)
        A = signed_data(X, y)
        del X
        for i, C in enumerate(C_values):
            h = bp_fast(A, float(C), kappa, T, w_true=w).history
            for k in out:
                out[k][i, r] = h[k]
    out["C"], out["t"] = C_values, np.arange(1, int(T) + 1)
    return out


def fig3_state_evolution(C_values=FIG3_C, Ct: float = 0.2, alpha: float = 1.0, kappa: float = 0.05,
                         T: int = 20, n_quad: int = 801) -> dict:
    """Fig. 3 lines: state evolution (47)-(55) with (52), ``t = 0..T``.

    Returns ``C`` (nC,), ``t`` (T+1,), and (nC, T+1) arrays ``eps``, ``Q``, ``R``; plus ``eps_eq53``,
    the same with the paper's erroneous Eq. (53), to document the discrepancy.
    """
    C_values = np.asarray(C_values, float).ravel()
    runs = [state_evolution(float(C), Ct, alpha, kappa, T, n_quad=n_quad) for C in C_values]
    bad = [state_evolution(float(C), Ct, alpha, kappa, T, n_quad=n_quad, r_equation="53") for C in C_values]
    out = {k: np.stack([r[k] for r in runs]) for k in ("eps", "Q", "R")}
    out["eps_eq53"] = np.stack([r["eps"] for r in bad])
    out["C"], out["t"] = C_values, runs[0]["t"]
    return out


def fig3_summary(eps: np.ndarray) -> dict:
    """Mean and 95 % t-interval half width over runs (axis 1) of ``eps`` (nC, n_runs, T)."""
    mean, half = mean_ci95(eps, axis=1)
    return {"mean": mean, "ci95": half, "sd": np.asarray(eps).std(axis=1, ddof=1)}


def fig4_bp_runs(C_values=FIG4_C, Ct: float = 0.1, N: int = 2000, M: int = 2000, kappa: float = 0.05,
                 T: int = 50, n_runs: int = 20, *, rng: np.random.Generator) -> dict:
    """Fig. 4 markers: undamped fast BP for ``T`` updates per C on ``n_runs`` teacher/data sets.

    Returns ``C`` (nC,) and (nC, n_runs) arrays ``eps`` (∘: overlap error at the last update),
    ``looe`` (+: Eq. 56 at the last update), ``Q``, ``max_dm`` (last change of m) and ``converged``
    (``max_dm < 1e-6``; runs at C < C_t may oscillate -- the RSB region the paper mentions).
    """
    _check_runs(n_runs, rng)
    C_values = np.asarray(C_values, float).ravel()
    shape = (C_values.size, int(n_runs))
    out = {k: np.empty(shape) for k in ("eps", "looe", "Q", "max_dm")}
    for r in range(int(n_runs)):
        w, X, y = teacher_student_data(N, M, Ct, kappa, rng)
        A = signed_data(X, y)
        del X
        for i, C in enumerate(C_values):
            res = bp_fast(A, float(C), kappa, T, w_true=w)
            out["eps"][i, r] = res.history["eps"][-1]
            out["looe"][i, r] = res.looe
            out["Q"][i, r] = res.Q
            out["max_dm"][i, r] = res.history["max_dm"][-1]
    out["converged"] = out["max_dm"] < FIG4_CONV_TOL
    out["C"] = C_values
    return out


def fig4_rs_line(C_values=None, Ct: float = 0.1, alpha: float = 1.0, kappa: float = 0.05,
                 n_quad: int = 801) -> dict:
    """Fig. 4 line: RS ε_SBC(C) at ``C_t`` (default C grid 0.01..0.99 by 0.01). Returns ``C`` and
    1-D ``eps_sbc``, ``Q``, ``R``."""
    C_values = FIG1_C if C_values is None else C_values
    g = solve_rs_grid(C_values, [Ct], alpha, kappa, n_quad=n_quad)
    return {"C": g["C"], "eps_sbc": g["eps_sbc"][0], "Q": g["Q"][0], "R": g["R"][0]}


def colon_prepare(data_dir: str | Path, log: bool = False) -> dict:
    """Load and verify ``Colon.rda``; return ``X_pre`` (62, 2000) centred + row-normalised,
    ``Z_white`` (62, 61) whitened, ``y`` (62,) ±1 (tumour = +1)."""
    d = load_colon(data_dir)
    X_pre = _colon.preprocess(d.X, log=log)
    return {"X_pre": X_pre, "Z_white": _colon.whiten(X_pre), "y": d.y.astype(float)}


def colon_permutations(n_rep: int = 200, n_samples: int = 62, *, rng: np.random.Generator) -> dict:
    """All split permutations at once: ``perms`` (n_rep, n_samples); chunk jobs take row slices."""
    return {"perms": _colon.split_permutations(n_rep, n_samples, rng)}


def colon_chunk(X_pre, Z_white, y, perms, *, n_train: int = 42, C_grid=_colon.C_GRID,
                kappa_grid=_colon.KAPPA_GRID, kappa_fixed: float = _colon.KAPPA_FIXED,
                damping: float = 0.8, T_max: int = 400, tol: float = 1e-9) -> dict:
    """Table 1 / Figs. 5-6 raw results for a chunk of splits (rows of ``perms``), see
    :func:`.colon.run_splits` for the arrays (leading axis = split). Deterministic given ``perms``."""
    return _colon.run_splits(X_pre, Z_white, y, perms, n_train=n_train, C_grid=C_grid,
                             kappa_grid=kappa_grid, kappa_fixed=kappa_fixed, damping=damping,
                             T_max=T_max, tol=tol)


def colon_summary(chunks: list[dict], *, C_grid=_colon.C_GRID, kappa_grid=_colon.KAPPA_GRID,
                  kappa_fixed: float = _colon.KAPPA_FIXED, rule: str = "last",
                  exclude_nonconverged: bool = False) -> dict:
    """Table 1, the tests and the Fig. 5-6 histograms from the chunk outputs of :func:`colon_chunk`.

    Returns per-split arrays (see :func:`.colon.summarise_splits`), then for every method
    ``m ∈ {sbc, sbl, fda, sbc_k04, white}`` ``mean_<m>`` and ``sd_<m>`` in percent (sd with ddof=1);
    the sign test of SBC vs SBL (``sign_less``, ``sign_equal``, ``sign_greater``, ``sign_z``,
    ``sign_p_exact``); Welch tests ``welch_fda_sbc_t/p``, ``welch_fda_sbl_t/p``, ``welch_sbc_sbl_t/p``;
    paired t-test ``paired_sbc_sbl_t/p``; histograms ``hist_C`` (len(C_grid)) and ``hist_kappa``
    (len(kappa_grid)) of the LOOE-selected values; and the grids ``C_grid``, ``kappa_grid``.
    """
    if not chunks:
        raise ValueError("chunks must be a non-empty list of colon_chunk outputs")
    res = {k: np.concatenate([np.asarray(c[k]) for c in chunks]) for k in chunks[0]}
    s = _colon.summarise_splits(res, C_grid, kappa_grid, kappa_fixed, rule, exclude_nonconverged)
    out = dict(s)
    errs = {"sbc": s["err_sbc"], "sbl": s["err_sbl"], "fda": s["err_fda"], "sbc_k04": s["err_sbc_k04"],
            "white": s["err_white"]}
    for name, e in errs.items():
        out[f"mean_{name}"] = np.float64(100 * e.mean())
        out[f"sd_{name}"] = np.float64(100 * e.std(ddof=1))
    st = sign_test(s["err_sbc"], s["err_sbl"])
    out.update({f"sign_{k.replace('n_', '')}": np.float64(v) for k, v in st.items()})
    for a, b in (("fda", "sbc"), ("fda", "sbl"), ("sbc", "sbl")):
        wt = welch(errs[a], errs[b])
        out[f"welch_{a}_{b}_t"], out[f"welch_{a}_{b}_p"] = np.float64(wt["t"]), np.float64(wt["p"])
    pt = paired_t(errs["sbc"], errs["sbl"])
    out["paired_sbc_sbl_t"], out["paired_sbc_sbl_p"] = np.float64(pt["t"]), np.float64(pt["p"])
    C_grid, kappa_grid = np.asarray(C_grid, float), np.asarray(kappa_grid, float)
    out["hist_C"] = np.array([np.sum(np.isclose(s["sel_C"], c)) for c in C_grid])
    out["hist_kappa"] = np.array([np.sum(np.isclose(s["sel_kappa"], k)) for k in kappa_grid])
    out["C_grid"], out["kappa_grid"] = C_grid, kappa_grid
    out["sbl_n_genes"] = np.asarray(res["sbl_n_genes"])
    out["nonconverged_runs"] = np.int64(np.sum(s["n_nonconverged"]))
    return out


def benchmark_bp_update(N: int = 2000, M: int = 2000, C: float = 0.2, kappa: float = 0.05,
                        n_updates: int = 50, repeats: int = 1, *, rng: np.random.Generator) -> dict:
    """Wall time of one fast-BP update versus the two matrix-vector products it needs (``A m``, ``Aᵀ a``).

    Returns seconds per update (``t_update``), per pair of products (``t_matvec2``) and their ratio,
    each the minimum over ``repeats`` alternating timings (the least disturbed by other load).
    Measure with one BLAS thread for the target "within 2× of two products".
    """
    w, X, y = teacher_student_data(N, M, 0.2, kappa, rng)
    A = signed_data(X, y)
    del X
    m, a = rng.standard_normal(N), rng.standard_normal(M)
    bp_fast(A, C, kappa, 3)  # warm caches and allocator
    t_mv, t_up = np.inf, np.inf
    for _ in range(max(1, int(repeats))):
        t0 = time.perf_counter()
        for _ in range(n_updates):
            A @ m
            A.T @ a
        t_mv = min(t_mv, (time.perf_counter() - t0) / n_updates)
        t0 = time.perf_counter()
        bp_fast(A, C, kappa, n_updates)
        t_up = min(t_up, (time.perf_counter() - t0) / n_updates)
    return {"t_update": np.float64(t_up), "t_matvec2": np.float64(t_mv), "ratio": np.float64(t_up / t_mv),
            "N": np.int64(N), "M": np.int64(M)}
