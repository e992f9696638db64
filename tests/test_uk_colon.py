"""Uda & Kabashima 2005: colon data loader, protocol pieces, baselines and statistics."""

from pathlib import Path

import numpy as np
import pytest
from claim_checks import paper_config

from statmech_bayes.data import DataError
from statmech_bayes.data.colon import COLON_SHA256, load_colon
from statmech_bayes.figures.uda_kabashima.claims import split_differences
from statmech_bayes.sparse_classifier import colon as co
from statmech_bayes.sparse_classifier.baselines import (
    fda_mean_difference,
    fda_pinv,
    fda_ridge,
    fda_variants,
    sbl_ard_logistic,
)
from statmech_bayes.sparse_classifier.bp import bp_fast, signed_data
from statmech_bayes.sparse_classifier.experiments import colon_chunk, colon_summary
from statmech_bayes.sparse_classifier.stats import mean_ci95, paired_t, sign_test, welch

UKC = paper_config("uda_kabashima")["colon"]  # the paper-scale protocol settings (full.yaml)
LIT_TOL = {"conv_tol": UKC["conv_tol"], "osc_tol": UKC["osc_tol"]}
DATA_DIR = str(Path(__file__).resolve().parents[1] / "data" / "colon")  # shipped with the repository


def have_data(test):
    return test  # the data are part of the repository: a missing file is a failure, never a skip


@have_data
def test_loader_reads_verified_real_file():
    d = load_colon(DATA_DIR)
    assert d.X.shape == (62, 2000) and d.X.dtype == np.float64
    assert np.sum(d.y == 1) == 40 and np.sum(d.y == -1) == 22          # tumour / normal
    np.testing.assert_allclose(d.X[0, :3], [8589.4163, 5468.2409, 4263.4075])
    assert d.X.sum() == pytest.approx(50069500.3061456, rel=1e-12)
    assert d.gene_names[0] == "Hsa.3004" and d.gene_names.shape == (2000,)


@have_data
def test_loader_rejects_corrupt_and_missing(tmp_path):
    raw = bytearray(Path(DATA_DIR, "Colon.rda").read_bytes())
    raw[1000] ^= 0xFF
    (tmp_path / "Colon.rda").write_bytes(bytes(raw))
    with pytest.raises(DataError, match=COLON_SHA256) as err:
        load_colon(tmp_path)
    assert "plsgenomics" in str(err.value)
    with pytest.raises(DataError, match="not found.*plsgenomics"):
        load_colon(tmp_path / "nowhere")


def _toy(rng, M=62, N=300, informative=5, shift=1.5):
    y = np.where(rng.random(M) < 0.6, 1.0, -1.0)
    X = rng.lognormal(3.0, 0.5, size=(M, N))
    X[:, :informative] *= np.exp(shift * 0.5 * y)[:, None]
    return X, y


def test_preprocess_and_whiten_geometry():
    rng = np.random.default_rng(0)
    X, _ = _toy(rng)
    Xp = co.preprocess(X)
    np.testing.assert_allclose(np.sum(Xp**2, axis=1), X.shape[1])
    Z = co.whiten(Xp)
    assert Z.shape == (62, 61)
    np.testing.assert_allclose(Z.T @ Z / 62, np.eye(61), atol=1e-10)
    np.testing.assert_allclose(np.sum(Z**2, axis=1), 61, rtol=1e-10)
    np.testing.assert_allclose(Z.mean(0), 0, atol=1e-12)
    with pytest.raises(ValueError, match="positive"):
        co.preprocess(X - 1e6, log=True)


def test_select_by_looe_tie_rules_and_convergence_filter():
    L = np.array([[0.1, 0.2], [0.1, 0.3], [0.2, 0.1]])
    assert tuple(co.select_by_looe(L, rule="last")) == (2, 1)
    assert tuple(co.select_by_looe(L, rule="first")) == (0, 0)
    conv = np.array([[True, True], [True, True], [True, False]])
    assert tuple(co.select_by_looe(L, conv, rule="last")) == (1, 0)
    with pytest.raises(ValueError, match="rule"):
        co.select_by_looe(L, rule="middle")


def test_baselines_on_separable_toy_problem():
    rng = np.random.default_rng(1)
    X, y = _toy(rng, M=80, N=200, informative=3, shift=3.0)
    Xp = co.preprocess(np.log(X))
    tr, te = np.arange(50), np.arange(50, 80)
    sbl = sbl_ard_logistic(Xp[tr], y[tr])
    assert 1 <= sbl.selected.size <= 15 and np.any(sbl.selected < 3)   # sparse, keeps a relevant gene
    assert np.mean(sbl.predict(Xp[te]) != y[te]) <= 0.15
    fda = fda_pinv(Xp[tr], y[tr])
    assert np.mean(fda.predict(Xp[te]) != y[te]) <= 0.25
    # Minimum-norm solution of S_W w = (μ₊ − μ₋) projected on range(S_W) (S_W has rank ≤ 48 < 200).
    Xtr, ytr = Xp[tr], y[tr]
    Xc = np.vstack([Xtr[ytr > 0] - Xtr[ytr > 0].mean(0), Xtr[ytr < 0] - Xtr[ytr < 0].mean(0)])
    d = Xtr[ytr > 0].mean(0) - Xtr[ytr < 0].mean(0)
    proj = np.linalg.pinv(Xc) @ Xc
    np.testing.assert_allclose(Xc.T @ (Xc @ fda.w), proj @ d, atol=1e-8 * np.abs(d).max())
    np.testing.assert_allclose(proj @ fda.w, fda.w, atol=1e-10 * np.abs(fda.w).max())


def test_split_protocol_on_toy_data():
    rng = np.random.default_rng(2)
    X, y = _toy(rng, N=200, shift=2.0)
    Xp = co.preprocess(X)
    Z = co.whiten(Xp)
    perms = co.split_permutations(2, 62, rng)
    assert perms.shape == (2, 62) and all(sorted(p) == list(range(62)) for p in perms)
    C_grid, k_grid = (0.01, 0.05, 0.2), (0.2, 0.4)
    res = colon_chunk(Xp, Z, y, perms, C_grid=C_grid, kappa_grid=k_grid, T_max=200, T_literal=8, n_train=42,
                      kappa_fixed=0.4, damping=0.8, tol=1e-9, conv_tol=1e-6, osc_tol=1e-3, fda_ridge=UKC["fda_ridge"])
    assert res["sbc_looe"].shape == (2, 3, 2) and res["white_looe"].shape == (2, 3)
    assert res["lit_looe"].shape == (2, 3, 2, 2) and res["lit_white_test"].shape == (2, 3, 2)
    assert res["lit_state"].shape == (2, 3, 2) and set(np.unique(res["lit_state"])) <= {0, 1, 2}
    assert np.all((res["sbc_looe"] * 42) % 1 < 1e-9) and np.all((res["lit_looe"] * 42) % 1 < 1e-9)
    assert res["err_fda_variants"].shape == (2, 7) and np.allclose(res["err_fda_variants"][:, 0], res["err_fda"])
    s = colon_summary([res, res], C_grid=C_grid, kappa_grid=k_grid, kappa_fixed=0.4, rule="last",
                      exclude_nonconverged=False, fda_ridge=UKC["fda_ridge"], n_boot=20)
    assert s["err_sbl"].shape == (4,)
    for suf in ("", "_T1", "_damped"):
        assert s["err_sbc" + suf].shape == (4,) and s["hist_C" + suf].sum() == 4 and s["hist_kappa" + suf].sum() == 4
        assert s["sign_equal" + suf] + s["sign_less" + suf] + s["sign_greater" + suf] == 4
        # protocol rule 7: the sign test and the paired t of SBC against SBL use every split of every chunk
        st, pt = sign_test(s["err_sbc" + suf], s["err_sbl"]), paired_t(s["err_sbc" + suf], s["err_sbl"])
        assert (st["n_less"], st["n_equal"], st["n_greater"]) == tuple(
            int(s[f"sign_{k}{suf}"]) for k in ("less", "equal", "greater"))
        assert np.isclose(pt["t"], s["paired_sbc_sbl_t" + suf], equal_nan=True)
    for suf in ("", "_T1"):  # what Table 1's claims read, checked against the same counts
        np.testing.assert_allclose(split_differences(s, 4, suf), 100 * (s["err_sbc" + suf] - s["err_sbl"]))
        assert s["white_mean_by_C" + suf].shape == (3,)
    assert s["mean_sbc_damped"] < 30
    np.testing.assert_allclose(s["lit_state_frac"].sum(axis=0), 1.0)
    assert s["boot_mode_kappa"].shape == (20,) and s["boot_sd_fda_variants_minus_min"].shape == (20, 7)
    assert {float(s["mean_white_first"]), float(s["mean_white_last"])} >= {float(s["mean_white"])}


def test_literal_arm_is_undamped_fixed_T_read_at_T_and_T_plus_1():
    """The paper's algorithm: no damping, exactly T (and T + 1) updates from zero, whatever the messages do."""
    rng = np.random.default_rng(5)
    X, y = _toy(rng, M=50, N=120, shift=2.0)
    Xp = co.preprocess(X)
    tr, te = np.arange(40), np.arange(40, 50)
    g = co.sbc_grid_literal(Xp[tr], y[tr], Xp[te], y[te], (0.05, 0.4), (0.1, 0.4), T=6, **LIT_TOL)
    A = signed_data(Xp[tr], y[tr])
    for i, C in enumerate((0.05, 0.4)):
        for j, k in enumerate((0.1, 0.4)):
            r6, r7 = bp_fast(A, C, k, 6), bp_fast(A, C, k, 7)
            assert g["looe"][i, j, 0] == r6.looe and g["looe"][i, j, 1] == r7.looe
            assert g["max_dm"][i, j] == r6.history["max_dm"][-1]
            assert g["test_err"][i, j, 0] == np.mean(np.where(Xp[te] @ r6.m >= 0, 1, -1) != y[te])
            assert (g["state"][i, j] == co.CONVERGED) == (g["max_dm"][i, j] < 1e-6)
    with pytest.raises(ValueError, match="T must"):
        co.sbc_grid_literal(Xp[tr], y[tr], Xp[te], y[te], (0.1,), (0.1,), T=1, **LIT_TOL)


def test_fda_variants_limits():
    """Ridge FDA tends to the mean difference (direction) for large lambda; pinv_b0 differs only in the cut."""
    rng = np.random.default_rng(6)
    X, y = _toy(rng, M=40, N=150, informative=3, shift=2.0)
    Xp = co.preprocess(X)
    big, md = fda_ridge(Xp, y, 1e9), fda_mean_difference(Xp, y)
    cos = big.w @ md.w / (np.linalg.norm(big.w) * np.linalg.norm(md.w))
    assert cos > 1 - 1e-6
    v = fda_variants(Xp, y, ridge=(1.0,))
    assert list(v) == ["pinv", "pinv_b0", "ridge_1", "meandiff"]
    np.testing.assert_array_equal(v["pinv_b0"].w, fda_pinv(Xp, y).w)
    assert v["pinv_b0"].b == 0.0
    with pytest.raises(ValueError, match="lam"):
        fda_ridge(Xp, y, 0.0)


def test_sign_test_reproduces_paper_z():
    a = np.r_[np.zeros(99), np.ones(36), np.ones(65)]
    b = np.r_[np.ones(99), np.ones(36), np.zeros(65)]
    st = sign_test(a, b)
    assert (st["n_less"], st["n_equal"], st["n_greater"]) == (99, 36, 65)
    assert st["z"] == pytest.approx(17 / np.sqrt(41), rel=1e-12)    # 2.65 in Section 5
    assert 0.0 < st["p_exact"] < 0.01


def test_t_tests_and_intervals():
    rng = np.random.default_rng(4)
    a, b = rng.normal(0, 1, 300), rng.normal(1.0, 2, 300)
    assert welch(a, b)["p"] < 1e-3 and welch(a, a + 1e-3 * rng.standard_normal(300))["p"] > 0.5
    assert paired_t(a, a + 0.1 + 1e-3 * rng.standard_normal(300))["t"] < -100
    x = rng.normal(2.0, 1.0, (200, 3))
    m, h = mean_ci95(x)
    assert m.shape == (3,) and np.all(np.abs(m - 2) < 2.5 * h) and np.all(h < 0.2)
