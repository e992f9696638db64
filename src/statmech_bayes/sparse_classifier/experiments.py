"""Experiment-level functions for Uda & Kabashima (2005): each takes plain parameters (and an explicit
``numpy.random.Generator`` where random) and returns a dict of numpy arrays ready to save.

Parallelisation: Fig. 1 splits by ``C_t``; Figs. 3 and 4 by chunks of runs (each chunk its own
generator; all C values of a run share one data set -- common random numbers make the small
differences between C values visible); the colon protocol by chunks of splits.

The settings the workflow passes have no defaults here: their paper-scale values are in the configuration
(``uda_kabashima`` in ``workflow/config/full.yaml``).
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

from statmech_bayes.data.colon import load_colon

from . import colon as _colon
from .baselines import fda_variant_names
from .bp import bp_fast, signed_data
from .replica import solve_rs_grid
from .state_evolution import state_evolution
from .stats import mean_ci95, paired_t, sign_test, welch
from .teacher import teacher_student_data


def _check_runs(n_runs, rng):
    if int(n_runs) != n_runs or n_runs < 1:
        raise ValueError(f"n_runs must be a positive integer, got {n_runs!r}")
    if not isinstance(rng, np.random.Generator):
        raise TypeError(f"rng must be a numpy.random.Generator, got {type(rng).__name__}")


def rs_c_grid(C_min: float, C_max: float, C_step: float, C_last: float, C_extra=()) -> np.ndarray:
    """The C axis of the RS curves (Figs. 1 and 4): ``C_min, C_min + C_step, ..., C_max`` (rounded to 10 decimals),
    ``C_last`` and the values ``C_extra``, sorted, each once."""
    C = np.round(np.arange(C_min, C_max + C_step / 2, C_step), 10)
    return np.unique(np.concatenate([C, [C_last], np.asarray(C_extra, float).ravel()]))


def fig1_rs_curves(*, Ct_values, C_min: float, C_max: float, C_step: float, C_last: float, alpha: float,
                   kappa: float, n_quad: int) -> dict:
    """Fig. 1 (a) ε_SBC and (b) ε_Gibbs versus C from one RS solve per ``(C_t, C)``, C on :func:`rs_c_grid`.

    Returns ``C`` (nC,), ``Ct`` (nCt,), and (nCt, nC) arrays ``eps_sbc``, ``eps_gibbs``, ``Q``, ``R``,
    ``Qh``, ``Rh``, ``S``, ``F``, ``lam``, ``iterations``. Paper scale: 3 × 100 points, ~1 s in total.
    """
    return solve_rs_grid(rs_c_grid(C_min, C_max, C_step, C_last), Ct_values, alpha, kappa, n_quad=n_quad)


def fig3_bp_runs(*, C_values, Ct: float, N: int, M: int, kappa: float, T: int, n_runs: int,
                 rng: np.random.Generator) -> dict:
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


def fig3_state_evolution(*, C_values, Ct: float, alpha: float, kappa: float, T: int, n_quad: int) -> dict:
    """Fig. 3 lines: state evolution (47)-(55) with (52), ``t = 0..T``, and the RS saddle point it should reach.

    Returns ``C`` (nC,), ``t`` (T+1,), and (nC, T+1) arrays ``eps``, ``Q``, ``R``; plus ``eps_eq53``,
    the same with the paper's erroneous Eq. (53), to document the discrepancy; the RS fixed point per C
    (``rs_eps``, ``rs_Q``, ``rs_R``, (nC,)) and ``Ct``.
    """
    rs = solve_rs_grid(C_values, [Ct], alpha, kappa, n_quad=n_quad)
    C_values = np.asarray(C_values, float).ravel()
    runs = [state_evolution(float(C), Ct, alpha, kappa, T=T, n_quad=n_quad) for C in C_values]
    bad = [state_evolution(float(C), Ct, alpha, kappa, T=T, n_quad=n_quad, r_equation="53") for C in C_values]
    out = {k: np.stack([r[k] for r in runs]) for k in ("eps", "Q", "R")}
    out["eps_eq53"] = np.stack([r["eps"] for r in bad])
    out["C"], out["t"] = C_values, runs[0]["t"]
    out.update({"rs_eps": rs["eps_sbc"][0], "rs_Q": rs["Q"][0], "rs_R": rs["R"][0], "Ct": np.float64(Ct)})
    return out


def fig3_summary(eps: np.ndarray) -> dict:
    """Mean and 95 % t-interval half width over runs (axis 1) of ``eps`` (nC, n_runs, T)."""
    mean, half = mean_ci95(eps, axis=1)
    return {"mean": mean, "ci95": half, "sd": np.asarray(eps).std(axis=1, ddof=1)}


def fig4_bp_runs(*, C_values, Ct: float, N: int, M: int, kappa: float, T: int, n_runs: int,
                 rng: np.random.Generator, conv_tol: float) -> dict:
    """Fig. 4 markers: undamped fast BP for ``T`` updates per C on ``n_runs`` teacher/data sets.

    Returns ``C`` (nC,) and (nC, n_runs) arrays ``eps`` (∘: overlap error at the last update),
    ``looe`` (+: Eq. 56 at the last update), ``Q``, ``max_dm`` (last change of m) and ``converged``
    (``max_dm < conv_tol``, the workflow's ``uda_kabashima.fig4.conv_tol``; runs at C < C_t may oscillate -- the
    RSB region the paper mentions).
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
    out["converged"] = out["max_dm"] < float(conv_tol)
    out["C"] = C_values
    return out


def fig4_rs_line(*, Ct: float, C_min: float, C_max: float, C_step: float, C_last: float, C_extra, alpha: float,
                 kappa: float, n_quad: int) -> dict:
    """Fig. 4 line: RS ε_SBC(C) at ``C_t``, C on :func:`rs_c_grid` (Fig. 1's grid plus ``C_extra``, the BP C
    values). Returns ``C`` and 1-D ``eps_sbc``, ``Q``, ``R``, and ``Ct``."""
    g = solve_rs_grid(rs_c_grid(C_min, C_max, C_step, C_last, C_extra), [Ct], alpha, kappa, n_quad=n_quad)
    return {"C": g["C"], "eps_sbc": g["eps_sbc"][0], "Q": g["Q"][0], "R": g["R"][0], "Ct": np.float64(Ct)}


def colon_prepare(data_dir: str | Path, *, log: bool) -> dict:
    """Load and verify ``Colon.rda``; return ``X_pre`` (62, 2000) centred + row-normalised,
    ``Z_white`` (62, 61) whitened, ``y`` (62,) ±1 (tumour = +1)."""
    d = load_colon(data_dir)
    X_pre = _colon.preprocess(d.X, log=bool(log))
    return {"X_pre": X_pre, "Z_white": _colon.whiten(X_pre), "y": d.y.astype(float)}


def colon_permutations(n_rep: int, n_samples: int, *, rng: np.random.Generator) -> dict:
    """All split permutations at once: ``perms`` (n_rep, n_samples); chunk jobs take row slices."""
    return {"perms": _colon.split_permutations(n_rep, n_samples, rng)}


def colon_chunk(X_pre, Z_white, y, perms, *, n_train: int, C_grid, kappa_grid, kappa_fixed: float, damping: float,
                T_max: int, tol: float, T_literal: int, conv_tol: float, osc_tol: float, fda_ridge) -> dict:
    """Table 1 / Figs. 5-6 raw results for a chunk of splits (rows of ``perms``), see
    :func:`.colon.run_splits` for the arrays (leading axis = split): both BP arms (the paper's undamped,
    fixed-``T_literal`` algorithm and the damped one), SBL and the FDA variants. Deterministic given ``perms``."""
    return _colon.run_splits(X_pre, Z_white, y, perms, n_train=n_train, C_grid=tuple(C_grid),
                             kappa_grid=tuple(kappa_grid), kappa_fixed=kappa_fixed, damping=damping,
                             T_max=T_max, tol=tol, T_literal=T_literal, conv_tol=conv_tol, osc_tol=osc_tol,
                             fda_ridge=tuple(fda_ridge))


# Suffix of the summary keys of each BP arm: the paper's algorithm at T decides the paper's claims.
ARM_SUFFIX = {"lit": "", "lit1": "_T1", "damped": "_damped"}


def _norm_entropy(counts) -> float:
    p = np.asarray(counts, float)
    p = p[p > 0] / p.sum()
    return float(-(p * np.log(p)).sum() / np.log(len(counts)))


def _hist(values, grid):
    return np.array([np.sum(np.isclose(values, g)) for g in grid])


def _mode(values, grid) -> float:
    """Most frequent grid value (ties: the largest, as the paper's 'most frequent value' is read)."""
    h = _hist(values, grid)
    return float(np.asarray(grid)[np.flatnonzero(h == h.max())[-1]])


def colon_bootstrap(s: dict, n_boot: int, seed: int) -> dict:
    """Bootstrap over splits of the discrete and SD claims of Table 1 and Figs 5-6 (``s`` from
    :func:`colon_summary` before this step). Resamples the split indices ``n_boot`` times; returns ``boot_*``
    arrays (one value per resample): the most selected κ (``boot_mode_kappa``, also ``_damped``), the
    normalised-entropy difference κ minus C (``boot_entropy_diff``, also ``_damped``), SD and mean differences
    (``boot_sd_fda_variants_minus_min`` (n_boot, n_variants), ``boot_sd_k04_minus_sbc``,
    ``boot_mean_k04_minus_sbc``, ``boot_sd_white_minus_k04``, ``boot_mean_white_minus_k04``)."""
    rng = np.random.default_rng(np.random.SeedSequence([int(seed), 2005]))
    n = s["err_sbc"].size
    Cg, kg = s["C_grid"], s["kappa_grid"]
    out = {k: np.empty(int(n_boot)) for k in ("boot_mode_kappa", "boot_mode_kappa_damped", "boot_entropy_diff",
                                               "boot_entropy_diff_damped", "boot_sd_k04_minus_sbc",
                                               "boot_mean_k04_minus_sbc", "boot_sd_white_minus_k04",
                                               "boot_mean_white_minus_k04")}
    fv = np.asarray(s["err_fda_variants"])
    out["boot_sd_fda_variants_minus_min"] = np.empty((int(n_boot), fv.shape[1]))
    for b in range(int(n_boot)):
        ix = rng.integers(0, n, n)
        for suf in ("", "_damped"):
            sk, sc = s["sel_kappa" + suf][ix], s["sel_C" + suf][ix]
            out["boot_mode_kappa" + suf][b] = _mode(sk, kg)
            out["boot_entropy_diff" + suf][b] = _norm_entropy(_hist(sk, kg)) - _norm_entropy(_hist(sc, Cg))
        sd = lambda e: 100 * np.std(e[ix], ddof=1)  # noqa: E731
        out["boot_sd_k04_minus_sbc"][b] = sd(s["err_sbc_k04"]) - sd(s["err_sbc"])
        out["boot_mean_k04_minus_sbc"][b] = 100 * (s["err_sbc_k04"][ix].mean() - s["err_sbc"][ix].mean())
        out["boot_sd_white_minus_k04"][b] = sd(s["err_white"]) - sd(s["err_sbc_k04"])
        out["boot_mean_white_minus_k04"][b] = 100 * (s["err_white"][ix].mean() - s["err_sbc_k04"][ix].mean())
        m = min(sd(s["err_sbc"]), sd(s["err_sbl"]))
        out["boot_sd_fda_variants_minus_min"][b] = 100 * np.std(fv[ix], axis=0, ddof=1) - m
    return out


def colon_summary(chunks: list[dict], *, C_grid, kappa_grid, kappa_fixed: float, rule: str,
                  exclude_nonconverged: bool, fda_ridge, n_boot: int = 0, boot_seed: int = 0) -> dict:
    """Table 1, the tests and the Fig. 5-6 histograms from the chunk outputs of :func:`colon_chunk`.

    The unsuffixed keys are the paper's algorithm read at update T (``arm = "lit"``), which decides the
    paper's claims; the same keys with ``_T1`` (read at T + 1) and ``_damped`` (damped BP, ours) follow. Per
    arm: the per-split arrays of :func:`.colon.summarise_splits`; ``mean_<m>``, ``sd_<m>`` in percent (sd with
    ddof=1) for ``m ∈ {sbc, sbc_k04, white}``; the sign test of SBC vs SBL (``sign_less``, ``sign_equal``,
    ``sign_greater``, ``sign_z``, ``sign_p_exact``); ``welch_fda_sbc_t/p``, ``welch_sbc_sbl_t/p``,
    ``paired_sbc_sbl_t/p``; histograms ``hist_C``, ``hist_kappa`` of the LOOE-selected values; the other tie
    rule's ``other_rule_{hist_C, hist_kappa, mean_sbc, sd_sbc, mean_white, sd_white}``; the whitened row for
    every C (``white_mean_by_C``, ``white_sd_by_C``) and both tie rules (``mean_white_first/last``).

    Arm-free: ``mean_/sd_`` of ``sbl`` and ``fda`` (pseudo-inverse), ``welch_fda_sbl_t/p``; the FDA variants
    (``fda_variant_names``, ``err_fda_variants`` (n, V), ``mean_/sd_fda_variants``,
    ``welch_fda_variants_{sbc,sbl}_{t,p,df}``); the state of the paper's BP per cell (``lit_state_frac``
    (3, nC, nK) and ``lit_white_state_frac`` (3, nC): share of splits converged / period-2 / not settled),
    ``share_selected_nonconverged`` (also ``_T1``, ``_damped``); and, if ``n_boot`` > 0, the bootstrap over
    splits of :func:`colon_bootstrap`.
    """
    if not chunks:
        raise ValueError("chunks must be a non-empty list of colon_chunk outputs")
    res = {k: np.concatenate([np.asarray(c[k]) for c in chunks]) for k in chunks[0]}
    C_grid, kappa_grid = np.asarray(C_grid, float), np.asarray(kappa_grid, float)
    other = "first" if rule == "last" else "last"
    out = {"C_grid": C_grid, "kappa_grid": kappa_grid, "fda_variant_names": np.array(
        fda_variant_names(tuple(fda_ridge)))}
    for arm, suf in ARM_SUFFIX.items():
        s = _colon.summarise_splits(res, C_grid, kappa_grid, kappa_fixed, rule, exclude_nonconverged, arm)
        alt = _colon.summarise_splits(res, C_grid, kappa_grid, kappa_fixed, other, exclude_nonconverged, arm)
        for k in ("err_sbc", "sel_C", "sel_kappa", "sel_state", "err_sbc_k04", "sel_C_k04", "err_white",
                  "sel_C_white", "looe_sbc"):
            out[k + suf] = s[k]
        for name in ("sbc", "sbc_k04", "white"):
            e = s[f"err_{name}"]
            out[f"mean_{name}{suf}"], out[f"sd_{name}{suf}"] = np.float64(100 * e.mean()), np.float64(100 * e.std(ddof=1))
        st = sign_test(s["err_sbc"], s["err_sbl"])
        out.update({f"sign_{k.replace('n_', '')}{suf}": np.float64(v) for k, v in st.items()})
        wt = welch(s["err_fda"], s["err_sbc"])
        out[f"welch_fda_sbc_t{suf}"], out[f"welch_fda_sbc_p{suf}"] = np.float64(wt["t"]), np.float64(wt["p"])
        wt = welch(s["err_sbc"], s["err_sbl"])
        out[f"welch_sbc_sbl_t{suf}"], out[f"welch_sbc_sbl_p{suf}"] = np.float64(wt["t"]), np.float64(wt["p"])
        pt = paired_t(s["err_sbc"], s["err_sbl"])
        out[f"paired_sbc_sbl_t{suf}"], out[f"paired_sbc_sbl_p{suf}"] = np.float64(pt["t"]), np.float64(pt["p"])
        out["hist_C" + suf], out["hist_kappa" + suf] = _hist(s["sel_C"], C_grid), _hist(s["sel_kappa"], kappa_grid)
        out["other_rule_hist_C" + suf] = _hist(alt["sel_C"], C_grid)
        out["other_rule_hist_kappa" + suf] = _hist(alt["sel_kappa"], kappa_grid)
        for name in ("sbc", "white"):
            e = alt[f"err_{name}"]
            out[f"other_rule_mean_{name}{suf}"] = np.float64(100 * e.mean())
            out[f"other_rule_sd_{name}{suf}"] = np.float64(100 * e.std(ddof=1))
        for r, ss in ((rule, s), (other, alt)):
            out[f"mean_white_{r}{suf}"] = np.float64(100 * ss["err_white"].mean())
            out[f"sd_white_{r}{suf}"] = np.float64(100 * ss["err_white"].std(ddof=1))
        wtest = np.asarray(_colon.arm_grids(res, arm)["white_test"], float)
        out["white_mean_by_C" + suf] = 100 * wtest.mean(axis=0)
        out["white_sd_by_C" + suf] = 100 * wtest.std(axis=0, ddof=1)
        out["share_selected_nonconverged" + suf] = np.float64(np.mean(s["sel_state"] != _colon.CONVERGED))
        out["nonconverged_runs" + suf] = np.int64(np.sum(s["n_nonconverged"]))
        if arm == "lit":
            out["err_sbl"], out["err_fda"] = s["err_sbl"], s["err_fda"]
    for name in ("sbl", "fda"):
        e = out[f"err_{name}"]
        out[f"mean_{name}"], out[f"sd_{name}"] = np.float64(100 * e.mean()), np.float64(100 * e.std(ddof=1))
    wt = welch(out["err_fda"], out["err_sbl"])
    out["welch_fda_sbl_t"], out["welch_fda_sbl_p"] = np.float64(wt["t"]), np.float64(wt["p"])
    fv = np.asarray(res["err_fda_variants"], float)
    out["err_fda_variants"] = fv
    out["mean_fda_variants"], out["sd_fda_variants"] = 100 * fv.mean(0), 100 * fv.std(0, ddof=1)
    for other_m in ("sbc", "sbl"):
        ws = [welch(fv[:, v], out[f"err_{other_m}"]) for v in range(fv.shape[1])]
        for k in ("t", "p", "df"):
            out[f"welch_fda_variants_{other_m}_{k}"] = np.array([w[k] for w in ws])
    state = np.asarray(res["lit_state"])
    wstate = np.asarray(res["lit_white_state"])
    out["lit_state_frac"] = np.stack([np.mean(state == c, axis=0) for c in range(len(_colon.STATE_NAMES))])
    out["lit_white_state_frac"] = np.stack([np.mean(wstate == c, axis=0) for c in range(len(_colon.STATE_NAMES))])
    out["sbl_n_genes"] = np.asarray(res["sbl_n_genes"])
    if n_boot:
        out.update(colon_bootstrap(out, n_boot, boot_seed))
    return out


def benchmark_bp_update(*, N: int, M: int, C: float, kappa: float, n_updates: int, repeats: int,
                        rng: np.random.Generator) -> dict:
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
