"""The negative controls of Uda & Kabashima (figures/uda_kabashima/controls.py, issue 43) implement the wrong answers
their texts state: checked on small synthetic claims arguments (no build, no files)."""

import copy

import numpy as np
import pandas as pd
import pytest
from claim_checks import paper_config

from statmech_bayes.figures.uda_kabashima import controls as ukc
from statmech_bayes.figures.uda_kabashima.claims import split_differences
from statmech_bayes.sparse_classifier.colon_precision import pooled_statistics


@pytest.fixture(scope="module")
def cfg():
    return paper_config("uda_kabashima")


def control(figure, name):
    [c] = [c for c in ukc.CONTROLS[figure].controls if c.name == name]
    return lambda args: c.make(copy.deepcopy(args))


def test_every_figure_with_a_result_has_controls():
    assert set(ukc.CONTROLS) == {"fig1", "fig3", "fig4", "fig5", "fig6", "table1"}
    assert all(1 <= len(fc.controls) <= 4 for fc in ukc.CONTROLS.values())


# ----------------------------------------------------------------------------------------------- Fig 1

def rs_fig1():
    C = np.linspace(0.01, 1.0, 100)
    Ct = np.array([0.1, 0.2, 0.3])
    sbc = np.array([0.15 + (C - c) ** 2 for c in Ct])
    return {"C": C, "Ct": Ct, "eps_sbc": sbc, "eps_gibbs": sbc + 0.05 + 0.1 * C, "Q": 0.5 + 0 * sbc,
            "R": 0.4 + 0 * sbc, "lam": 0 * sbc, "iterations": np.full(sbc.shape, 9)}


def test_fig1_panels_swapped_gibbs_copied_and_prior_flat(cfg):
    rs = rs_fig1()
    sw, _ = control("fig1", "sbc_gibbs_swapped")((rs, cfg))
    assert np.array_equal(sw["eps_sbc"], rs["eps_gibbs"]) and np.array_equal(sw["eps_gibbs"], rs["eps_sbc"])
    gi, _ = control("fig1", "gibbs_is_sbc")((rs, cfg))
    assert np.array_equal(gi["eps_gibbs"], rs["eps_sbc"]) and np.array_equal(gi["eps_sbc"], rs["eps_sbc"])
    pr, _ = control("fig1", "prior_no_learning")((rs, cfg))
    assert np.all(pr["eps_sbc"] == 0.5) and np.all(pr["eps_gibbs"] == 0.5)
    assert not pr["Q"].any() and not pr["R"].any()
    wt, _ = control("fig1", "wrong_teacher")((rs, cfg))
    assert np.array_equal(wt["eps_sbc"][1], rs["eps_sbc"][0]) and np.array_equal(wt["Ct"], rs["Ct"])


# ----------------------------------------------------------------------------------------------- Fig 3

def fig3_args(cfg):
    t = np.arange(13)
    se_eps = np.array([0.12 + 0.2 * np.exp(-t / 3.0) + 0.05 * k for k in range(3)])
    se = {"t": t, "eps": se_eps, "eps_eq53": se_eps + 0.03, "rs_eps": se_eps[:, -1].copy()}
    mean = se_eps[:, 1:] + 0.002 * np.arange(12)
    bp = {"C": np.array([0.1, 0.2, 0.3]), "t": t[1:], "mean": mean, "ci95": np.full(mean.shape, 0.01)}
    return se, bp, {"N": 1, "M": 1, "t_update": 1.0, "t_matvec2": 1.0, "ratio": 1.0}, cfg


def test_fig3_flat_theory_and_eq53_controls(cfg):
    args = fig3_args(cfg)
    _, flat, _, _ = control("fig3", "bp_first_update_flat")(args)
    assert np.all(flat["mean"] == args[1]["mean"][:, :1]) and flat["mean"].shape == args[1]["mean"].shape
    se, _, _, _ = control("fig3", "theory_is_bp")(args)
    assert np.array_equal(se["eps"][:, 1:], args[1]["mean"]) and np.array_equal(se["eps"][:, 0], args[0]["eps"][:, 0])
    assert np.array_equal(se["rs_eps"], args[0]["rs_eps"])
    _, bp, _, _ = control("fig3", "bp_is_theory")(args)
    assert np.array_equal(bp["mean"], args[0]["eps"][:, 1:]) and np.array_equal(bp["ci95"], args[1]["ci95"])
    se, _, _, _ = control("fig3", "printed_eq53")(args)
    assert np.array_equal(se["eps"], args[0]["eps_eq53"]) and np.array_equal(se["eps_eq53"], args[0]["eps"])


# ----------------------------------------------------------------------------------------------- Fig 4

def fig4_frame():
    C = np.array([0.05, 0.1, 0.2, 0.5])
    rows = [("RS", c, 0.2 + c, np.nan, np.nan) for c in np.linspace(0.01, 0.99, 99)]
    rows += [("BP_eps", c, 0.21 + c, 0.01, 1.0) for c in C]
    rows += [("LOOE", c, 0.23 + c, 0.02, 1.0) for c in C]
    return pd.DataFrame(rows, columns=["series", "C", "eps", "ci95", "converged_fraction"])


def test_fig4_looe_controls(cfg):
    f = fig4_frame()
    out, _ = control("fig4", "looe_is_test_error")((f, cfg))
    lo, bp = out[out.series == "LOOE"], out[out.series == "BP_eps"]
    assert np.array_equal(lo["eps"].to_numpy(), bp["eps"].to_numpy())
    out, _ = control("fig4", "looe_flat")((f, cfg))
    assert np.all(out.loc[out.series == "LOOE", "eps"] == f.loc[f.series == "LOOE", "eps"].iloc[0])
    out, _ = control("fig4", "bp_is_rs")((f, cfg))
    assert np.allclose(out.loc[out.series == "BP_eps", "eps"], 0.2 + np.array([0.05, 0.1, 0.2, 0.5]))
    out, _ = control("fig4", "at_chance")((f, cfg))
    assert np.all(out.loc[out.series != "RS", "eps"] == 0.5)
    assert out[out.series == "RS"].equals(f[f.series == "RS"])


# ------------------------------------------------------------------------------- colon: Table 1, Figs 5, 6

def colon_summary_synthetic(cfg, n=12, n_boot=30):
    """Per-split errors and selections of every arm; the statistics recomputed by the controls' own helpers."""
    rng = np.random.default_rng(3)
    Cg, Kg = np.array([0.01, 0.1, 0.4]), np.array([0.1, 0.2, 0.3, 0.4])

    def err(m):
        return rng.binomial(20, m, n) / 20

    s = {"C_grid": Cg, "kappa_grid": Kg, "err_sbl": err(0.25), "err_fda": err(0.3),
         "err_fda_variants": np.stack([err(0.3), err(0.35)], 1), "err_majority": err(0.35),
         "boot_mode_kappa": np.zeros(n_boot)}
    for suf in ("", "_T1", "_damped"):
        s.update({"err_sbc" + suf: err(0.22), "err_sbc_k04" + suf: err(0.2), "err_white" + suf: err(0.2),
                  "sel_C" + suf: Cg[rng.integers(0, 3, n)], "sel_kappa" + suf: Kg[rng.integers(0, 4, n)]})
    return ukc._rebuild_table(ukc._reselect(s, cfg), cfg)


def precision_synthetic(cfg, n0=12, n=20, n_boot=30):
    rng = np.random.default_rng(4)
    sel = {"iC": rng.integers(0, 3, n), "iK": rng.integers(0, 4, n), "err_sbc": rng.binomial(20, 0.22, n) / 20,
           "err_sbc_k04": rng.binomial(20, 0.2, n) / 20}
    seed = int(cfg["colon"]["boot_seed"])
    p = {f"paper_{k}": v for k, v in pooled_statistics({k: v[:n0] for k, v in sel.items()}, 3, 4, n_boot,
                                                       seed).items()}
    p.update(pooled_statistics(sel, 3, 4, n_boot, seed))
    p.update({f"sel_{k}": v for k, v in sel.items()})
    return p


def test_table1_sbc_sbl_swapped_exchanges_the_columns_and_reverses_the_sign_test(cfg):
    s = colon_summary_synthetic(cfg)
    w, _, _ = control("table1", "sbc_sbl_swapped")((s, None, cfg))
    assert np.array_equal(w["err_sbc"], s["err_sbl"]) and np.array_equal(w["err_sbl"], s["err_sbc"])
    assert np.isclose(w["mean_sbc"], s["mean_sbl"]) and np.isclose(w["mean_sbl"], s["mean_sbc"])
    assert (w["sign_less"], w["sign_greater"]) == (s["sign_greater"], s["sign_less"])
    n = s["err_sbc"].size
    assert np.allclose(split_differences(w, n), -split_differences(s, n))  # rule 7's consistency check holds


def test_table1_majority_and_misaligned_controls(cfg):
    s = colon_summary_synthetic(cfg)
    m, _, _ = control("table1", "sbc_is_majority")((s, None, cfg))
    assert np.array_equal(m["err_sbc"], s["err_majority"]) and np.array_equal(m["err_sbc_T1"], s["err_majority"])
    assert np.isclose(m["mean_sbc"], 100 * s["err_majority"].mean()) and np.isclose(m["mean_sbl"], s["mean_sbl"])
    r, _, _ = control("table1", "splits_misaligned")((s, None, cfg))
    assert np.array_equal(r["err_sbc"], s["err_sbc"][::-1]) and np.array_equal(r["err_sbl"], s["err_sbl"])
    assert np.isclose(r["mean_sbc"], s["mean_sbc"]) and np.isclose(r["sd_sbc"], s["sd_sbc"])
    split_differences(r, s["err_sbc"].size)  # the sign test was recounted on the new pairing


def test_table1_k04_swap_reverses_the_kappa04_differences(cfg):
    s, p = colon_summary_synthetic(cfg), precision_synthetic(cfg)
    w, q, _ = control("table1", "k04_loo_swapped")((s, p, cfg))
    assert np.isclose(w["mean_sbc_k04"], s["mean_sbc"]) and np.isclose(w["mean_sbc"], s["mean_sbc_k04"])
    for k in ("mean_k04_minus_sbc", "sd_k04_minus_sbc"):
        assert np.allclose(q[k], -p[k]) and np.allclose(q["boot_" + k], -p["boot_" + k])
    # the negation is what the pipeline gives on the swapped selections
    sel = {"iC": p["sel_iC"], "iK": p["sel_iK"], "err_sbc": p["sel_err_sbc_k04"], "err_sbc_k04": p["sel_err_sbc"]}
    again = pooled_statistics(sel, 3, 4, 30, int(cfg["colon"]["boot_seed"]))
    assert np.allclose(again["boot_mean_k04_minus_sbc"], q["boot_mean_k04_minus_sbc"])


def test_fig5_repool_reproduces_the_pipeline_and_the_swap_reverses_the_spread(cfg):
    s, p = colon_summary_synthetic(cfg), precision_synthetic(cfg)
    same = ukc._repool(copy.deepcopy(p), p["sel_iC"], p["sel_iK"], 3, 4, cfg)
    assert all(np.allclose(same[k], p[k]) for k in p)
    w, q, _ = control("fig5", "c_kappa_swapped")((s, p, cfg))
    assert np.array_equal(w["hist_C"], s["hist_kappa"]) and np.array_equal(w["C_grid"], s["kappa_grid"])
    assert np.allclose(q["entropy_diff"], -p["entropy_diff"]) and np.allclose(q["boot_offmode_diff"],
                                                                               -p["boot_offmode_diff"])
    f, q, _ = control("fig5", "kappa_fixed_04")((s, p, cfg))
    assert f["hist_kappa"].tolist() == [0, 0, 0, s["sel_C"].size] and np.all(q["sel_iK"] == 3)
    assert np.array_equal(f["hist_C"], s["hist_C"]) and q["entropy_diff"] < 0


def test_fig6_reversed_random_and_fixed_kappa(cfg):
    s = colon_summary_synthetic(cfg)
    r, _ = control("fig6", "kappa_axis_reversed")((s, cfg))
    assert np.array_equal(r["hist_kappa"], s["hist_kappa"][::-1]) and np.array_equal(r["hist_C"], s["hist_C"])
    f, _ = control("fig6", "kappa_fixed_04")((s, cfg))
    assert np.all(f["sel_kappa"] == 0.4) and np.all(f["boot_mode_kappa"] == 0.4)
    u, _ = control("fig6", "kappa_random")((s, cfg))
    assert u["hist_kappa"].sum() == s["hist_kappa"].sum() and not np.array_equal(u["sel_kappa"], s["sel_kappa"])
