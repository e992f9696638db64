"""Sollich & Halees's negative controls (figures/sollich_halees/controls.py, issue 43): each control implements the
wrong answer its ``wrong_answer`` text states, on small synthetic arguments (no build, no files)."""
import copy
import re

import numpy as np
from claim_checks import paper_config

from statmech_bayes.figures.sollich_halees import FIGURES
from statmech_bayes.figures.sollich_halees.common import sigma_index
from statmech_bayes.figures.sollich_halees.controls import CONTROLS

CFG = paper_config("sollich_halees")
N = 30


def control(fig: str, name: str):
    (c,) = [c for c in CONTROLS[fig].controls if c.name == name]
    return c


def apply(fig: str, name: str, args: tuple) -> tuple:
    return control(fig, name).make(copy.deepcopy(args))


def lc_scenario(s2s, n_sets=6, seed=0):
    """Simulations and theory of one scenario: Sim decays from T = 1 with scatter; theory curves are factors of it."""
    rng = np.random.default_rng(seed)
    n = np.arange(N + 1.0)
    eps, th = [], {c: [] for c in ("LC", "UC", "OV", "Pl", "MW", "TWO")}
    for j, _s2 in enumerate(s2s):
        m = 1.0 / (1 + n / (4 + j))
        eps.append(m * (1 + 0.05 * rng.standard_normal((n_sets, n.size))))
        for c, f in zip(th, (0.97, 1.1, 0.4, 0.45, 0.43, 2.2)):
            th[c].append(m * f)
    eps = np.array(eps)
    eps[:, :, 0] = 1.0
    sim = {"eps": eps, "sigma2": np.array(s2s, float), "C0": np.float64(1.0)}
    theory = {k: np.array(v) for k, v in th.items()} | {"n": n, "sigma2": np.array(s2s, float)}
    return sim, theory


def lc_args(names):
    sims, theory = {}, {}
    for i, sc in enumerate(names):
        sims[sc], theory[sc] = lc_scenario(CFG["scenarios"][sc]["sigma2"], seed=i)
    return sims, theory, CFG


def test_every_figure_has_controls_and_their_claim_patterns_compile():
    assert set(CONTROLS) == set(FIGURES)
    for fc in CONTROLS.values():
        assert len(fc.controls) >= 1
        for c in fc.controls:
            re.compile(c.claims)


def test_sim_is_lc_makes_the_mean_the_lc_curve_at_the_panels_noise_levels_only():
    sims, theory, cfg = apply("fig5", "sim_is_lc", lc_args(["rbf4"]))
    for s2 in CFG["scenarios"]["rbf4"]["sigma2"]:
        m = sims["rbf4"]["eps"][sigma_index(sims["rbf4"], s2)].mean(axis=0)
        np.testing.assert_allclose(m, theory["rbf4"]["LC"][sigma_index(theory["rbf4"], s2)], rtol=1e-12)
    # the data sets still scatter (relative scatter kept)
    assert sims["rbf4"]["eps"][0, :, 5].std() > 0
    # Fig 7's controls touch only its own panels (gauss4), not the other scenarios its summary claim reads
    orig = lc_args(["gauss4", "rbf1"])
    sims, _, _ = apply("fig7", "sim_is_lc", orig)
    np.testing.assert_array_equal(sims["rbf1"]["eps"], orig[0]["rbf1"]["eps"])


def test_sim_flat_holds_every_data_set_at_its_first_point():
    orig = lc_args(["ou1", "ou2"])
    sims, _, _ = apply("fig3", "sim_flat", orig)
    for sc in ("ou1", "ou2"):
        e = sims[sc]["eps"]
        np.testing.assert_array_equal(e, np.repeat(orig[0][sc]["eps"][:, :, :1], N + 1, axis=2))


def test_bounds_and_approximations_swapped():
    orig = lc_args(["ou1", "ou2"])
    _, theory, _ = apply("fig3", "bounds_swapped", orig)
    for sc in ("ou1", "ou2"):
        np.testing.assert_array_equal(theory[sc]["Pl"], orig[1][sc]["TWO"])
        np.testing.assert_array_equal(theory[sc]["TWO"], orig[1][sc]["Pl"])
        np.testing.assert_array_equal(theory[sc]["LC"], orig[1][sc]["LC"])
    _, theory, _ = apply("fig3", "lc_uc_swapped", orig)
    np.testing.assert_array_equal(theory["ou1"]["LC"], orig[1]["ou1"]["UC"])
    np.testing.assert_array_equal(theory["ou1"]["UC"], orig[1]["ou1"]["LC"])
    # the closeness claim, symmetric in both swaps, is left out of them
    closeness = "ou1, sigma2=0.05: LC and UC closer to Sim than every bound shown (OV, Pl, TWO, WV): margin"
    for name in ("bounds_swapped", "lc_uc_swapped"):
        assert not re.search(control("fig3", name).claims, closeness)
        assert re.search(control("fig3", name).claims, "ou1, sigma2=0.05: Pl lower bound <= Sim")


def test_sigma2_swapped_reads_each_noise_levels_curves_as_the_other():
    orig = lc_args(["rbf4"])
    sims, theory, _ = apply("fig5", "sigma2_swapped", orig)
    for a in (sims["rbf4"], theory["rbf4"]):
        assert sigma_index(a, 0.05) == sigma_index(orig[0]["rbf4"], 0.001)
    assert re.search(control("fig5", "sigma2_swapped").claims, "rbf4: OV looser at sigma2=0.001 than at 0.05")
    assert not re.search(control("fig5", "sigma2_swapped").claims, "rbf4, sigma2=0.05: Sim inside [LC, UC]")


def test_fig2_prior_and_noisy_target():
    d = {"x": np.linspace(0, 1, 11), "x_train": np.array([0.2, 0.7]), "eps_small": np.linspace(0.05, 1, 11),
         "eps_large": np.full(11, 0.03)}
    out, _ = apply("fig2", "prior", (d, CFG))
    assert (out["eps_small"] == 1).all() and (out["eps_large"] == 1).all()
    out, _ = apply("fig2", "noisy_target", (d, CFG))
    np.testing.assert_allclose(out["eps_large"], 0.03 + CFG["fig2"]["sigma2"])
    out, _ = apply("fig2", "large_is_small", (d, CFG))
    np.testing.assert_array_equal(out["eps_large"], d["eps_small"])
    # away from the dents the prior is the right answer: that claim is left out of the prior control
    assert not re.search(control("fig2", "prior").claims, "n=2: smallest eps(x,D) farther than 4 l from every")


def test_fig8_eps1_controls():
    sm, th = lc_scenario([0.05, 0.001])
    th["eps1"] = -0.004 * th["LC"]
    args = (th, sm, 0.05, CFG)
    out = apply("fig8", "eps1_plotted", args)[0]
    np.testing.assert_allclose(out["eps1"], 100 * 0.004 * th["LC"])
    assert (apply("fig8", "eps1_zero", args)[0]["eps1"] == 0).all()


def test_fig9_deg_controls():
    sm, th = lc_scenario(CFG["scenarios"]["rbf4"]["sigma2"])
    deg = {"fig9_deg": 2 * th["LC"][0], "eq31_exact": np.linspace(1, 0.9, N + 1)}
    i = sigma_index(th, CFG["fig9"]["sigma2"])
    np.testing.assert_array_equal(apply("fig9", "deg_is_uc", (th, sm, deg, CFG))[2]["fig9_deg"], th["UC"][i])
    np.testing.assert_allclose(apply("fig9", "deg_is_sim", (th, sm, deg, CFG))[2]["fig9_deg"],
                               sm["eps"][sigma_index(sm, CFG["fig9"]["sigma2"])].mean(axis=0))
    flat = apply("fig9", "deg_flat", (th, sm, deg, CFG))[2]
    assert (flat["fig9_deg"] == deg["fig9_deg"][0]).all() and (flat["eq31_exact"] == 1.0).all()


def test_fig10_controls():
    f10 = CFG["fig10"]
    n = np.arange(N + 1.0)
    deg = {}
    for sc in f10["scenarios"]:
        for s2, g in zip(f10["sigma2"], (0.3, 0.1)):
            pl = 0.5 / (1 + n / (4 + 1 / s2))
            deg[f"fig10_{sc}_pl_{s2:g}"], deg[f"fig10_{sc}_degmin_{s2:g}"] = pl, pl * (1 + g * np.sqrt(n))
        deg[f"fig10_{sc}_limit_maxgap"] = np.float64(1e-4)
    sims = {sc: lc_scenario(f10["sigma2"])[0] for sc in f10["scenarios"]}
    lo, hi = min(f10["sigma2"]), max(f10["sigma2"])
    out, out_sims, _ = apply("fig10", "sigma2_swapped", (deg, sims, CFG))
    np.testing.assert_array_equal(out_sims["rbf4"]["sigma2"], np.asarray(sims["rbf4"]["sigma2"])[::-1])
    np.testing.assert_array_equal(out[f"fig10_rbf4_degmin_{lo:g}"], deg[f"fig10_rbf4_degmin_{hi:g}"])
    np.testing.assert_array_equal(out[f"fig10_rbf4_pl_{hi:g}"], deg[f"fig10_rbf4_pl_{lo:g}"])
    out = apply("fig10", "limit_not_taken", (deg, sims, CFG))[0]
    want = (deg[f"fig10_gauss4_degmin_{lo:g}"][1:] / deg[f"fig10_gauss4_pl_{lo:g}"][1:] - 1).max()
    assert float(out["fig10_gauss4_limit_maxgap"]) == want
    out = apply("fig10", "degmin_flat", (deg, sims, CFG))[0]
    assert (out[f"fig10_rbf4_degmin_{lo:g}"] == deg[f"fig10_rbf4_degmin_{lo:g}"][0]).all()
