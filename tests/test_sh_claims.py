"""Sollich & Halees: every figure's claims can fail (rule 6 of reporting.claims).

For each figure module a right input (the paper's statement holds) and a wrong one (a curve from the wrong
noise level, a scaled or swapped series, a wrong spectrum) are fed to its claim code; the verdict must flip.
A wording claim must also come out inconclusive (reason ``wording``) when its readings disagree. The inputs
are small synthetic curves, so the whole file runs in seconds.
"""
import copy

import numpy as np
import pytest
from claim_checks import paper_config

from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.figures.sollich_halees import (
    claims,
    common,
    fig01,
    fig02,
    fig03,
    fig04,
    fig05,
    fig06,
    fig07,
    fig08,
    fig09,
    fig10,
)
from statmech_bayes.gp.simulation import posterior_variance_1d, sample_prior_grid_2d
from statmech_bayes.reporting.claims import FAIL, INCONCLUSIVE, OURS, PASS, RELATION, VALUE, WORDING, ClaimsRecord

# The paper's claims readings and scenarios as the default configuration sets them (full.yaml, not restated here)
SH_CFG = paper_config("sollich_halees")
CLAIMS = SH_CFG["claims"]
N = 80          # n_max of the synthetic learning curves
T, L2 = 1.0, 0.3
SCN = SH_CFG["scenarios"]
# a curve as a factor times the true curve, per noise level (one factor: every noise level)
DEFAULT = dict(LC=0.97, UC=1.1, OV=0.4, Pl=0.45, MW=0.43, TWO=2.2, WV=1.3)


def run(module, inputs: dict, cfg: dict) -> ClaimsRecord:
    """A figure module's ``make`` on the given inputs: its claims record (the figure is closed)."""
    import matplotlib.pyplot as plt

    fig, _, rec = module.make(inputs, cfg)
    plt.close(fig)
    return rec


def find(rec: ClaimsRecord, text: str):
    hits = [c for c in rec.claims if text in c.claim]
    assert len(hits) == 1, [c.claim for c in rec.claims]
    return hits[0]


def truth(s2: float) -> np.ndarray:
    """A learning curve with eps(0) = T and the exact eps(1) = T - sum lambda^2/(T + sigma^2)."""
    n = np.arange(N + 1.0)
    m = (T - L2 / (T + s2)) * 1.25 / (1 + n / 4)
    m[0] = T
    return m


def scenario(tmp_path, name: str, factors: dict | None = None, n_sets: int = 40, seed: int = 0) -> tuple[str, str]:
    """Theory and simulation files of one synthetic scenario: Sim = truth with 3 % noise per data set (exact at
    n = 0 and 1), every theoretical curve a fixed factor times the truth (``factors[curve]``: a number or one
    per noise level)."""
    s2s = SCN[name]["sigma2"]
    f = DEFAULT | (factors or {})
    rng = np.random.default_rng(seed)
    th = {k: [] for k in ("LC", "eps1", "UC", "OV", "MW", "Pl", "TWO", "WV")}
    eps = []
    for j, s2 in enumerate(s2s):
        m = truth(s2)
        for c in ("LC", "UC", "OV", "MW", "Pl", "TWO", "WV"):
            fc = f[c][j] if isinstance(f[c], (list, tuple)) else f[c]
            y = m * fc
            y[0] = T
            th[c].append(y if (c != "WV" or SCN[name]["d"] == 1) else np.full(N + 1, np.nan))
        e1 = -0.004 * th["LC"][-1]
        e1[0] = 0.0
        th["eps1"].append(e1)
        sims = m[None, :] * (1 + 0.03 * rng.standard_normal((n_sets, N + 1)))
        sims[:, :2] = m[:2]
        eps.append(sims)
    theory = {k: np.array(v) for k, v in th.items()} | {
        "n": np.arange(N + 1.0), "sigma2": np.array(s2s, float), "T": np.float64(T), "sum_lam2": np.float64(L2),
        "has_wv": np.bool_(SCN[name]["d"] == 1), "block_edges": np.array([1, 9, 33, 65])}
    sim = {"eps": np.array(eps), "sigma2": np.array(s2s, float), "C0": np.float64(T), "R_images": np.int64(-1),
           "image_check": np.float64(0.0), "image_history": np.zeros((0, 2))}
    paths = (tmp_path / f"{name}_theory.npz", tmp_path / f"{name}_sims.npz")
    save_npz(paths[0], theory)
    save_npz(paths[1], sim)
    return str(paths[0]), str(paths[1])


def lc_inputs(tmp_path, names, factors: dict | None = None) -> dict:
    files = {sc: scenario(tmp_path, sc, (factors or {}).get(sc)) for sc in names}
    return {"theory": {sc: p[0] for sc, p in files.items()}, "sims": {sc: p[1] for sc, p in files.items()}}


def lc_cfg(names) -> dict:
    return {"scenarios": {sc: SCN[sc] for sc in names}, "claims": CLAIMS, "image_rtol": 1e-6}


def kinds(rec) -> set:
    assert not any(c.finding for c in rec.claims)
    return {c.kind for c in rec.claims}


# ---------------------------------------------------------------------------------------------------------
# Fig. 1: the two priors' roughness


def fig1_file(tmp_path, swap: bool):
    rng = np.random.default_rng(1)
    out = {}
    for kern in ("ou", "rbf"):
        g, F = sample_prior_grid_2d(kern, 0.1, 41, rng, 8)
        out[f"{kern}_samples"] = F
    if swap:  # the samples of the wrong prior under each label
        out["ou_samples"], out["rbf_samples"] = out["rbf_samples"], out["ou_samples"]
    out["grid"] = g
    path = tmp_path / f"fig1_{swap}.npz"
    save_npz(path, out)
    return str(path)


def test_fig1_roughness_and_increments_flip_for_swapped_priors(tmp_path):
    cfg = {"fig1": {"l": 0.1}, "claims": CLAIMS}
    rec = run(fig01, {"samples": fig1_file(tmp_path, False)}, cfg)
    assert find(rec, "roughness").verdict == PASS and find(rec, "roughness").kind == WORDING
    assert find(rec, "ou: mean squared increment").verdict == PASS
    rec = run(fig01, {"samples": fig1_file(tmp_path, True)}, cfg)
    assert find(rec, "roughness").verdict == FAIL
    assert find(rec, "ou: mean squared increment").verdict == FAIL


# ---------------------------------------------------------------------------------------------------------
# Fig. 2: posterior variance after n = 2 and n = 100 examples


def fig2_file(tmp_path, s2: float, eps_large_over_s2: float | None = None):
    x = np.linspace(0, 1, 501)
    X = np.concatenate([[0.1, 0.4], np.random.default_rng(2).uniform(0, 1, 98)])
    e_l = posterior_variance_1d(X, x, 0.1, s2) if eps_large_over_s2 is None else np.full(x.size, 0.05 *
                                                                                          eps_large_over_s2)
    path = tmp_path / f"fig2_{s2}_{eps_large_over_s2}.npz"
    save_npz(path, {"x": x, "x_train": X, "eps_small": posterior_variance_1d(X[:2], x, 0.1, s2), "eps_large": e_l})
    return str(path)


FIG2 = {"fig2": {"l": 0.1, "sigma2": 0.05, "n": [2, 100]}, "claims": CLAIMS}


def test_fig2_dents_flip_for_the_wrong_noise_level(tmp_path):
    rec = run(fig02, {"posterior": fig2_file(tmp_path, 0.05)}, FIG2)
    dents = [c for c in rec.claims if "dent" in c.claim]
    assert len(dents) == 2 and all(c.verdict == PASS and c.kind == VALUE for c in dents)
    assert find(rec, "max over x").verdict == PASS and find(rec, "max over x").kind == RELATION
    rec = run(fig02, {"posterior": fig2_file(tmp_path, 0.5)}, FIG2)   # eps computed at sigma2 = 0.5
    assert all(c.verdict == FAIL for c in rec.claims if "dent" in c.claim)
    assert find(rec, "max over x").verdict == FAIL


@pytest.mark.parametrize("ratio,verdict,revised", [(0.9, PASS, PASS), (0.2, PASS, "inconclusive (wording)"),
                                                   (0.01, FAIL, FAIL), (3.0, FAIL, PASS)])
def test_fig2_of_order_sigma2_under_two_readings(tmp_path, ratio, verdict, revised):
    """'Of order sigma^2' is decided by its registered range [sigma^2/20, sigma^2] (0872fb8, with its first result);
    7be0d56's two decade readings are shown beside it and, without a proof, move nothing in either direction."""
    rec = run(fig02, {"posterior": fig2_file(tmp_path, 0.05, ratio)}, FIG2)
    c = find(rec, "x-average")
    assert c.kind == WORDING and (c.verdict, c.reason) == (verdict, "")
    assert (c.registered_verdict, c.revised_verdict) == (verdict, revised)
    assert c.registered_tolerance == "[0.05, 1]" and c.revision_proof == ""
    assert c.revision_commit == common.REVISED_7BE0D56


def test_fig2_of_order_sigma2_registered_range_passes_no_trivial_answer():
    """Protocol rule 1: the registered range [sigma^2/20, sigma^2] fails the trivial answers, the prior's eps = 1
    (the ratio 1/sigma^2 = 20) and a posterior that has learned everything (eps = 0), so nothing shows it defective
    and 7be0d56's readings have no proof."""
    cfg = {"fig2": {"l": 0.1, "sigma2": 0.05, "n": [2, 100]}, "claims": CLAIMS}
    for ratio in (1 / 0.05, 0.0):
        c = find(claims.fig2_claims(fig2_data(ratio=ratio), cfg), "x-average")
        assert c.registered_verdict == FAIL and c.verdict == FAIL and c.revision_proof == "", ratio


# ---------------------------------------------------------------------------------------------------------
# Fig. 3 and the claims shared by the learning-curve figures


@pytest.mark.parametrize("factor,verdict,revised", [(3.0, PASS, PASS), (1.6, FAIL, "inconclusive (wording)"),
                                                    (1.2, FAIL, FAIL), (1 / 3, PASS, PASS)])
def test_loose_is_judged_by_the_registered_factor_reading(factor, verdict, revised):
    """Protocol rule 1: the registered 'factor' reading decides; 7be0d56's revision (factor and 'visible' readings,
    added after the results) has no proof and is shown beside it: a gap of a factor 1.6 (0.20 decades) fails."""
    m = truth(0.05)
    se = 1e-4 * m
    rec = ClaimsRecord("t/f", "t")
    common.loose_claim(rec, "x", "TWO", np.arange(N + 1.0), m, se, m * factor, CLAIMS, claims.FAR)
    c = rec.claims[-1]
    assert c.kind == WORDING and c.verdict == verdict and not c.finding and c.reason == ""
    assert (c.registered_verdict, c.revised_verdict, c.revision_proof) == (verdict, revised, "")
    assert c.registered_tolerance == "[2, inf]"


@pytest.mark.parametrize("loose_factor,visible,verdict,revised", [(2.0, 0.15, FAIL, "inconclusive (wording)"),
                                                                  (1.5, 0.15, PASS, PASS), (2.0, 0.3, FAIL, FAIL)])
def test_loose_thresholds_are_the_configured_readings(loose_factor, visible, verdict, revised):
    # a gap of a factor 1.6 (0.20 decades): loose under 'visible' at 0.15 decades but not under 'factor' 2; the
    # factor threshold moves the verdict (the registered reading), the visible one only the revision shown beside
    m = truth(0.05)
    rec = ClaimsRecord("t/f", "t")
    cl = {**CLAIMS, "loose_factor": loose_factor, "visible_decades": visible}
    common.loose_claim(rec, "x", "TWO", np.arange(N + 1.0), m, 1e-4 * m, m * 1.6, cl, claims.FAR)
    assert (rec.claims[-1].verdict, rec.claims[-1].revised_verdict) == (verdict, revised)


def test_loose_is_undecidable_within_the_noise():
    m = truth(0.05)
    rec = ClaimsRecord("t/f", "t")
    common.loose_claim(rec, "x", "Pl", np.arange(N + 1.0), m, 0.05 * m, m * 2.05, CLAIMS, claims.LOOSE)
    assert rec.claims[-1].verdict == INCONCLUSIVE and rec.claims[-1].reason == "noise"


def test_fig3_wv_better_and_closeness_flip_for_swapped_bounds(tmp_path):
    names = ("ou1", "ou2")
    cfg = lc_cfg(names)
    rec = run(fig03, lc_inputs(tmp_path, names), cfg)
    assert kinds(rec) == {VALUE, RELATION, WORDING}
    assert find(rec, "WV 'better'").verdict == PASS
    assert find(rec, "ou1, sigma2=0.05: LC and UC closer").verdict == PASS
    assert find(rec, "ou1, sigma2=0.05: TWO 'far from tight'").verdict == PASS      # a factor 2.2
    assert find(rec, "ou1, sigma2=0.05: Pl 'rather loose'").verdict == PASS         # a factor 2.2
    # WV and TWO swapped; LC scaled far off (a wrong spectrum): the comparisons must fail
    rec = run(fig03, lc_inputs(tmp_path, names, {"ou1": dict(WV=2.2, TWO=1.3, LC=1.5)}), cfg)
    assert find(rec, "WV 'better'").verdict == FAIL
    assert find(rec, "ou1, sigma2=0.05: LC and UC closer").verdict == FAIL
    assert find(rec, "ou1, sigma2=0.05: Sim inside [LC, UC]").verdict == FAIL


# ---------------------------------------------------------------------------------------------------------
# Fig. 4: OV's qualitative behaviour in the two regimes; MW


def crossover(n_sets=200, seed=3):
    """Sim with an initial regime (exp(-n/4)) and an asymptotic one (sigma^2-limited, ~ 1/n), crossing
    sigma^2 = 0.05 near n = 31; OV with the asymptotic law only (too slow a decay in the initial regime)."""
    n = np.arange(121.0)
    asym = 2.0 / (n + 10)
    m = asym + np.exp(-n / 4)
    sims = m[None, :] * (1 + 0.01 * np.random.default_rng(seed).standard_normal((n_sets, n.size)))
    return n, sims, 0.5 * asym


def test_fig4_ov_asymptotic_behaviour_flips_for_a_wrong_decay():
    n, sims, ov = crossover()
    rec = ClaimsRecord("t/f", "t")
    claims.ov_claims(rec, n, sims, ov, 0.05, 4.0)
    right, only = rec.claims
    assert right.kind == WORDING and right.verdict == PASS
    assert only.kind == WORDING and only.verdict == PASS
    rec = ClaimsRecord("t/f", "t")
    claims.ov_claims(rec, n, sims, ov * np.exp(-n / 10), 0.05, 4.0)   # OV decaying far too fast
    assert rec.claims[0].verdict == FAIL


def test_fig4_ov_claims_on_a_flat_sim_are_decided_not_a_crash():
    """A Sim that never learns (every data set held at its first point: the sim_flat control) has a decay rate of
    exactly 0 (no spread between the data sets, so no noise); OV's over the same regime is then an infinite factor
    away: OV is certainly 'wrong' against it. It used to raise ZeroDivisionError in the 'across the regime' reading.
    Held above sigma^2 the flat Sim has no asymptotic regime (undecided); held below it, no initial one."""
    n, sims, ov = crossover()
    high = np.repeat(sims[:, :1], n.size, axis=1)       # about 3 > sigma^2: all of it the initial regime
    rec = ClaimsRecord("t/f", "t")
    claims.ov_claims(rec, n, high, ov, 0.05, 4.0)
    right, only = rec.claims
    assert right.verdict == INCONCLUSIVE and "no n" in right.reproduced
    assert only.verdict == PASS  # OV decays, Sim does not: 'wrong' in the initial regime, certainly
    low = np.repeat(sims[:, -1:], n.size, axis=1)       # about 0.016 < sigma^2: all of it the asymptotic regime
    rec = ClaimsRecord("t/f", "t")
    claims.ov_claims(rec, n, low, ov, 0.05, 4.0)
    assert rec.claims[0].verdict == FAIL                # OV 'right' against a flat Sim: certainly not


def test_fig4_make_judges_mw_and_has_no_finding(tmp_path):
    names = ("rbf1",)
    cfg = lc_cfg(names)
    # Pl = Sim puts a few n in the initial regime Pl >= 10 sigma^2 of this synthetic curve
    rec = run(fig04, lc_inputs(tmp_path, names, {"rbf1": dict(Pl=1.0, MW=0.97)}), cfg)
    assert kinds(rec) <= {VALUE, RELATION, WORDING}
    assert find(rec, "MW 'close' to Plaskota").verdict == PASS                         # MW/Pl = 0.97
    rec = run(fig04, lc_inputs(tmp_path, names, {"rbf1": dict(Pl=1.0, MW=0.1)}), cfg)  # a decade off
    assert find(rec, "MW 'close' to Plaskota").verdict == FAIL


# ---------------------------------------------------------------------------------------------------------
# Fig. 5: what changes with the noise level


def test_fig5_ov_looser_flips_for_curves_of_the_wrong_noise_level(tmp_path):
    names = ("rbf4",)
    cfg = lc_cfg(names)
    right = {"rbf4": dict(OV=[0.4, 0.1], Pl=[0.5, 0.3], TWO=[2.2, 2.25])}
    rec = run(fig05, lc_inputs(tmp_path, names, right), cfg)
    assert find(rec, "OV looser").verdict == PASS and find(rec, "OV looser").kind == WORDING
    assert find(rec, "Plaskota also looser").verdict == PASS
    assert find(rec, "TWO 'only weakly affected'").verdict == PASS
    wrong = {"rbf4": dict(OV=[0.1, 0.4], Pl=[0.5, 0.05], TWO=[2.2, 4.0])}          # OV levels swapped
    rec = run(fig05, lc_inputs(tmp_path, names, wrong), cfg)
    assert find(rec, "OV looser").verdict == FAIL
    assert find(rec, "Plaskota also looser").verdict == FAIL
    assert find(rec, "TWO 'only weakly affected'").verdict == FAIL


# ---------------------------------------------------------------------------------------------------------
# Fig. 6: the generalised WV bound; LC with Gaussian inputs


def test_fig6_wv_tight_and_lc_less_good_flip(tmp_path):
    names = ("gauss1", "rbf1")
    cfg = lc_cfg(names)
    rec = run(fig06, lc_inputs(tmp_path, names, {"gauss1": dict(LC=0.9, UC=1.15)}), cfg)
    assert find(rec, "'reasonably tight'").verdict == PASS
    assert find(rec, "gauss1 vs rbf1").verdict == PASS
    assert find(rec, "WV tighter than TWO").kind == OURS
    # WV a factor 3 off; the Gaussian-input LC the better one (the scenarios' LC swapped)
    rec = run(fig06, lc_inputs(tmp_path, names, {"gauss1": dict(WV=3.0), "rbf1": dict(LC=0.9, UC=1.15)}), cfg)
    assert find(rec, "'reasonably tight'").verdict == FAIL
    assert find(rec, "gauss1 vs rbf1").verdict == FAIL


# ---------------------------------------------------------------------------------------------------------
# Fig. 7: OV very loose; "LC performs best" over all panels


def test_fig7_lc_best_and_ov_very_loose_flip(tmp_path):
    names = ("ou1", "gauss4")
    cfg = lc_cfg(names)
    right = {"gauss4": dict(OV=[0.4, 0.05])}
    rec = run(fig07, lc_inputs(tmp_path, names, right), cfg)
    assert find(rec, "LC closer to Sim than UC").verdict == PASS
    assert find(rec, "OV 'very loose'").verdict == PASS
    # LC scaled off in one panel (UC the closer there), OV of the larger noise level: both claims must fail
    wrong = {"gauss4": dict(OV=[0.4, 0.4]), "ou1": dict(LC=0.8)}
    rec = run(fig07, lc_inputs(tmp_path, names, wrong), cfg)
    best = find(rec, "LC closer to Sim than UC")
    assert best.kind == WORDING and best.verdict == FAIL and not best.finding
    assert find(rec, "OV 'very loose'").verdict == FAIL


def test_fig7_lc_best_is_inconclusive_when_worst_and_mean_gaps_disagree(tmp_path):
    names = ("ou1", "gauss4")
    f = 1 + 0.3 * (np.arange(N + 1.0) < 5)   # LC off by 30 % at n < 5 only: worse at the worst n, better on average
    files = {sc: scenario(tmp_path, sc) for sc in names}
    path = files["ou1"][0]
    th, _ = load_npz(path)
    th["LC"] = th["LC"] / 0.97 * np.where(f > 1, f, 1.0)
    th["UC"] = th["UC"] / 1.04 * 1.12
    th["LC"][:, 0] = th["UC"][:, 0] = T
    save_npz(path, th)
    inputs = {"theory": {sc: p[0] for sc, p in files.items()}, "sims": {sc: p[1] for sc, p in files.items()}}
    rec = ClaimsRecord("t/f", "t")
    claims.lc_best_claim(rec, common.by_scenario(inputs["sims"]), common.by_scenario(inputs["theory"]),
                         lc_cfg(names), 4.0)
    assert rec.claims[-1].verdict == INCONCLUSIVE and rec.claims[-1].reason == "wording"


# ---------------------------------------------------------------------------------------------------------
# Fig. 8: the discrete-n correction


def test_fig8_eps1_size_and_lc1_above_sim_flip(tmp_path):
    names = ("gauss4",)
    cfg = lc_cfg(names)
    inputs = lc_inputs(tmp_path, names, {"gauss4": dict(LC=1.1)})
    rec = run(fig08, inputs, cfg)
    assert find(rec, "|eps_1| / eps_LC").verdict == PASS
    assert find(rec, "LC1 = LC + eps_1 still above Sim").verdict == PASS
    assert find(rec, "largest eps_1").verdict == PASS
    th, _ = load_npz(inputs["theory"]["gauss4"])
    th["eps1"] = th["eps1"] * -12.5                   # +5 % of LC: the wrong sign and size
    th["LC"] = th["LC"] / 1.1 * 0.9                   # LC below Sim
    save_npz(inputs["theory"]["gauss4"], th)
    rec = run(fig08, inputs, cfg)
    assert find(rec, "|eps_1| / eps_LC").verdict == FAIL
    assert find(rec, "LC1 = LC + eps_1 still above Sim").verdict == FAIL
    assert find(rec, "largest eps_1").verdict == FAIL


# ---------------------------------------------------------------------------------------------------------
# Figs 9 and 10: the degenerate scenario


def degenerate_file(tmp_path, deg_factor=2.5, fig10=None, tag=""):
    n = np.arange(N + 1.0)
    m = truth(0.05)
    deg = m * deg_factor
    deg[0] = T
    lam, delta = 0.05, 1e-6
    e31 = T - lam + lam * 0.05 / (0.05 + n * lam)
    out = {"n": n, "sigma2_limit": np.float64(1e-10), "fig9_deg": deg, "fig9_ov": 0.4 * m,
           "eq31_exact": e31, "eq31_formula": e31, "eq31_delta": np.float64(delta), "eq31_lambda": np.float64(lam)}
    for sc in ("rbf4",):
        for s2, (pl, dm) in (fig10 or {}).items():
            out[f"fig10_{sc}_pl_{s2:g}"], out[f"fig10_{sc}_degmin_{s2:g}"] = pl, dm
        out[f"fig10_{sc}_limit_maxgap"] = np.float64(1e-4)
    path = tmp_path / f"degenerate{tag}.npz"
    save_npz(path, out)
    return str(path)


FIG9 = {"fig9": {"scenario": "rbf4", "sigma2": 0.05}, "scenarios": {"rbf4": SCN["rbf4"]}, "claims": CLAIMS}


def test_fig9_deg_claims_flip_for_a_curve_of_the_same_spectrum_that_matches(tmp_path):
    inputs = lc_inputs(tmp_path, ("rbf4",), {"rbf4": dict(LC=0.9)})   # LC 10 % below Sim
    rec = run(fig09, inputs | {"degenerate": degenerate_file(tmp_path, 2.5)}, FIG9)
    for text in ("Sim and Deg (same spectrum) differ", "least error factor", "UC below the exact Deg"):
        assert find(rec, text).verdict == PASS and find(rec, text).kind == WORDING
    assert find(rec, "Deg - OV").verdict == PASS and find(rec, "Deg - OV").kind == RELATION
    # Deg equal to Sim (as if the spectrum alone predicted the curve)
    rec = run(fig09, inputs | {"degenerate": degenerate_file(tmp_path, 1.0, tag="b")}, FIG9)
    for text in ("Sim and Deg (same spectrum) differ", "least error factor", "UC below the exact Deg"):
        assert find(rec, text).verdict == FAIL
    # a Deg below OV (a wrong spectrum) breaks the bound
    rec = run(fig09, inputs | {"degenerate": degenerate_file(tmp_path, 0.2, tag="c")}, FIG9)
    assert find(rec, "Deg - OV").verdict == FAIL


def fig10_curves(gap_hi, gap_lo, pl_lo_scale=1.0):
    pl = 0.6 * truth(0.05)                  # Sim/Pl about 1.67 (ln 0.51), the average-case gap
    return {0.05: (pl, pl * (1 + gap_hi)), 0.001: (pl * pl_lo_scale, pl * pl_lo_scale * (1 + gap_lo))}


FIG10 = {"fig10": {"scenarios": ["rbf4"], "sigma2": [0.05, 0.001]}, "scenarios": {"rbf4": SCN["rbf4"]},
         "claims": CLAIMS}


@pytest.mark.parametrize("curves,verdict", [
    (fig10_curves(0.2, 0.1), PASS),                        # closer at the lower noise level
    (fig10_curves(0.1, 0.2), FAIL),                        # the two noise levels' curves swapped
    # farther in ratio, closer in absolute gap: registered inconclusive (wording); the revised log-axis reading fails
    (fig10_curves(0.3, 0.5, pl_lo_scale=0.1), FAIL),
])
def test_fig10_closer_at_lower_noise_under_ratio_and_absolute_readings(tmp_path, curves, verdict):
    inputs = {"sims": {"rbf4": scenario(tmp_path, "rbf4")[1]}, "degenerate": degenerate_file(tmp_path, fig10=curves)}
    rec = run(fig10, inputs, FIG10)
    c = find(rec, "closer at sigma2=0.001")
    assert c.kind == WORDING and c.verdict == verdict and not c.finding
    if verdict == INCONCLUSIVE:
        assert c.reason == "wording"


def test_fig10_single_dataset_bound_and_quite_close_flip(tmp_path):
    inputs = {"sims": {"rbf4": scenario(tmp_path, "rbf4")[1]},
              "degenerate": degenerate_file(tmp_path, fig10=fig10_curves(0.2, 0.1))}
    # Degmin/Pl 1.2 and 1.1 against Sim/Pl 1.67
    rec = run(fig10, inputs, FIG10)
    assert find(rec, "sigma2=0.05: min over n of Degmin - Pl").verdict == PASS
    inputs["degenerate"] = degenerate_file(tmp_path, fig10=fig10_curves(-0.3, 0.1), tag="b")   # Degmin below Pl
    rec = run(fig10, inputs, FIG10)
    assert find(rec, "sigma2=0.05: min over n of Degmin - Pl").verdict == FAIL
    # "quite close": a single-data-set minimum a factor 3 above Plaskota is not
    inputs["degenerate"] = degenerate_file(tmp_path, fig10=fig10_curves(2.0, 0.01), tag="c")
    rec = run(fig10, inputs, FIG10)
    assert find(rec, "sigma2=0.05: Degmin 'quite close'").verdict == FAIL
    assert find(rec, "sigma2=0.001: Degmin 'quite close'").verdict == PASS


# =============================================================================================================
# The claims functions of figures/sollich_halees/claims.py on hand-made dicts (no files, no plotting): right inputs
# pass, wrong ones fail, and each configured reading of ours (sollich_halees.claims) is the one applied: moved
# across the value, it flips the verdict.

def moved(cfg, **claims_keys):
    """The configuration with some of our readings (sollich_halees.claims) moved."""
    out = copy.deepcopy(cfg)
    out["claims"] = dict(out["claims"]) | claims_keys
    return out


def fig1_data(swap=False):
    rng = np.random.default_rng(1)
    out = {}
    for kern in ("ou", "rbf"):
        g, out[f"{kern}_samples"] = sample_prior_grid_2d(kern, 0.1, 41, rng, 8)
    if swap:
        out["ou_samples"], out["rbf_samples"] = out["rbf_samples"], out["ou_samples"]
    return out | {"grid": g}


def test_fig1_claims_roughness_and_its_reading():
    cfg = {"fig1": {"l": 0.1}, "claims": CLAIMS}
    rec = claims.fig1_claims(fig1_data(), cfg)
    c = find(rec, "roughness")
    assert c.verdict == PASS and c.kind == WORDING
    assert find(claims.fig1_claims(fig1_data(swap=True), cfg), "roughness").verdict == FAIL
    # our factor moved above the smaller of the two ratios (increments, extrema): that reading fails
    d = fig1_data()
    r = min(float(q(d["ou_samples"]).mean() / q(d["rbf_samples"]).mean()) for q in (claims.increments, claims.extrema))
    assert r > 3.0
    assert find(claims.fig1_claims(d, moved(cfg, rough_ratio=r * 1.5)), "roughness").verdict != PASS


def fig2_data(s2=0.05, ratio=None):
    x = np.linspace(0, 1, 501)
    X = np.concatenate([[0.1, 0.4], np.random.default_rng(2).uniform(0, 1, 98)])
    e_l = posterior_variance_1d(X, x, 0.1, s2) if ratio is None else np.full(x.size, 0.05 * ratio)
    return {"x": x, "x_train": X, "eps_small": posterior_variance_1d(X[:2], x, 0.1, s2), "eps_large": e_l}


def test_fig2_claims_dents_prior_floor_and_their_readings():
    cfg = {"fig2": {"l": 0.1, "sigma2": 0.05, "n": [2, 100]}, "claims": CLAIMS}
    rec = claims.fig2_claims(fig2_data(), cfg)
    dents = [c for c in rec.claims if "dent" in c.claim]
    assert len(dents) == 2 and all(c.verdict == PASS for c in dents)
    far = find(rec, "farther than 4 l")
    assert far.verdict == PASS
    assert all(c.verdict == FAIL for c in claims.fig2_claims(fig2_data(s2=0.5), cfg).claims if "dent" in c.claim)
    # the dents' relative error, and the smallest eps far from the inputs, with our readings moved across them
    err = max(abs(float(c.reproduced) / (0.05 / 1.05) - 1) for c in dents)
    rec = claims.fig2_claims(fig2_data(), moved(cfg, dent_rtol=err / 2))
    assert any(c.verdict == FAIL for c in rec.claims if "dent" in c.claim)
    rec = claims.fig2_claims(fig2_data(), moved(cfg, prior_floor=min(1.0, float(far.reproduced) + 1e-9)))
    assert find(rec, "farther than 4 l").verdict == FAIL
    # closer to the inputs the prior value is not reached: "outside the dents" starts at far_over_l
    assert find(claims.fig2_claims(fig2_data(), moved(cfg, far_over_l=1.0)), "farther than 1 l").verdict == FAIL


def fig8_inputs(lc=1.1, eps1=-0.005):
    n = np.arange(N + 1.0)
    m = truth(0.05)
    rng = np.random.default_rng(4)
    sims = m * (1 + 0.01 * rng.standard_normal((200, n.size)))
    th = {"n": n, "sigma2": np.array([0.05]), "LC": (lc * m)[None], "eps1": (eps1 * lc * m)[None]}
    th["eps1"][0, 0] = 0.0
    return th, {"sigma2": np.array([0.05]), "eps": sims[None]}


def test_fig8_eps1_size_registered_at_most_one_percent_decides():
    """'Of the order of 1% of eps_LC or less' is decided by its registered reading, at most 1 % (0872fb8, with its
    first result); 7be0d56's order-of-magnitude reading (at most 10^0.5 %) is shown beside it: a 2 % correction fails
    the registered reading and stays a failure though the readings of the revision disagree. eps_1 = 0 passes the
    registered reading, but the paper's 'or less' admits it and the revision passes it too, so it shows no defect:
    the revision has no proof."""
    cfg = {"claims": CLAIMS}
    text = "|eps_1| / eps_LC"
    c = find(claims.fig8_claims(*fig8_inputs(), 0.05, cfg), text)
    assert (c.verdict, c.registered_verdict, c.revised_verdict) == (PASS, PASS, PASS)
    assert c.registered_tolerance == "[-inf, 0.01]" and c.revision_proof == "" and c.kind == WORDING
    two = find(claims.fig8_claims(*fig8_inputs(eps1=-0.02), 0.05, cfg), text)
    assert (two.verdict, two.registered_verdict, two.revised_verdict) == (FAIL, FAIL, "inconclusive (wording)")
    zero = find(claims.fig8_claims(*fig8_inputs(eps1=0.0), 0.05, cfg), text)
    assert (zero.registered_verdict, zero.revised_verdict) == (PASS, PASS)
    assert find(claims.fig8_claims(*fig8_inputs(eps1=0.0), 0.05, cfg), "largest eps_1").verdict == FAIL


def test_fig8_claims_flip_and_dip_rtol_is_the_visible_reading():
    cfg = {"claims": CLAIMS}
    rec = claims.fig8_claims(*fig8_inputs(), 0.05, cfg)
    assert find(rec, "|eps_1| / eps_LC").verdict == PASS and find(rec, "largest eps_1").verdict == PASS
    c = find(rec, "LC1 = LC + eps_1 still above Sim")
    assert c.verdict == PASS
    rec = claims.fig8_claims(*fig8_inputs(lc=0.9, eps1=0.05), 0.05, cfg)
    assert find(rec, "|eps_1| / eps_LC").verdict == FAIL and find(rec, "largest eps_1").verdict == FAIL
    assert find(rec, "LC1 = LC + eps_1 still above Sim").verdict == FAIL
    # LC1 about 9.5 % above Sim: visible under dip_rtol 0.03, not under 0.2. The statistical reading, registered,
    # still passes and decides (protocol rule 1: 7be0d56's visible reading has no proof); the revision moves beside
    c = find(claims.fig8_claims(*fig8_inputs(), 0.05, moved(cfg, dip_rtol=0.2)), "LC1 = LC + eps_1 still above Sim")
    assert (c.verdict, c.registered_verdict) == (PASS, PASS) and c.revised_verdict != PASS


def fig10_inputs(curves, sc="rbf4"):
    n = np.arange(N + 1.0)
    deg = {"n": n, "sigma2_limit": np.float64(1e-10), f"fig10_{sc}_limit_maxgap": np.float64(1e-4)}
    for s2, (pl, dm) in curves.items():
        deg[f"fig10_{sc}_pl_{s2:g}"], deg[f"fig10_{sc}_degmin_{s2:g}"] = pl, dm
    rng = np.random.default_rng(5)
    m = {s2: truth(s2) for s2 in (0.05, 0.001)}
    eps = np.stack([m[s2] * (1 + 0.01 * rng.standard_normal((100, N + 1))) for s2 in (0.05, 0.001)])
    return deg, {sc: {"sigma2": np.array([0.05, 0.001]), "eps": eps}}


def test_fig10_claims_flip_and_their_readings():
    cfg = {"fig10": {"scenarios": ["rbf4"], "sigma2": [0.05, 0.001]}, "claims": CLAIMS}
    rec = claims.fig10_claims(*fig10_inputs(fig10_curves(0.2, 0.1)), cfg)
    assert find(rec, "closer at sigma2=0.001").verdict == PASS
    assert find(rec, "sigma2=0.05: min over n of Degmin - Pl").verdict == PASS
    assert find(rec, "sigma2 -> 0").verdict == PASS
    close = find(rec, "sigma2=0.05: Degmin 'quite close'")
    assert close.verdict == PASS
    rec = claims.fig10_claims(*fig10_inputs(fig10_curves(0.1, 0.2)), cfg)
    assert find(rec, "closer at sigma2=0.001").verdict == FAIL
    rec = claims.fig10_claims(*fig10_inputs(fig10_curves(-0.3, 0.1)), cfg)
    assert find(rec, "sigma2=0.05: min over n of Degmin - Pl").verdict == FAIL
    # our readings moved across the values: "quite close" (ln 1.2 / ln 1.67, about 0.36) and the sigma2 -> 0 gap 1e-4
    rec = claims.fig10_claims(*fig10_inputs(fig10_curves(0.2, 0.1)), moved(cfg, close_vs_average=0.2))
    assert find(rec, "sigma2=0.05: Degmin 'quite close'").verdict != PASS
    rec = claims.fig10_claims(*fig10_inputs(fig10_curves(0.2, 0.1)), moved(cfg, limit_rtol=5e-5))
    assert find(rec, "sigma2 -> 0").verdict == FAIL


def test_fig9_claims_flip_and_unreliable_factor_is_the_reading(tmp_path):
    inputs = lc_inputs(tmp_path, ("rbf4",), {"rbf4": dict(LC=0.9)})
    th, _ = load_npz(inputs["theory"]["rbf4"])
    sm, _ = load_npz(inputs["sims"]["rbf4"])
    deg, _ = load_npz(degenerate_file(tmp_path, 2.5))
    text = "least error factor"
    rec = claims.fig9_claims(th, sm, deg, FIG9)
    assert find(rec, text).verdict == PASS and find(rec, "Deg - TWO").verdict == FAIL   # Deg 2.5 Sim > TWO 2.2 Sim
    deg1, _ = load_npz(degenerate_file(tmp_path, 1.0, tag="b"))
    assert find(claims.fig9_claims(th, sm, deg1, FIG9), text).verdict == FAIL
    # Deg = 2.5 Sim: the least error factor is sqrt(2.5) = 1.58 at every n; a reading of 'not reliable' above 1.7
    assert find(claims.fig9_claims(th, sm, deg, moved(FIG9, unreliable_factor=1.7)), text).verdict == FAIL


def loaded(inputs):
    return common.by_scenario(inputs["sims"]), common.by_scenario(inputs["theory"])


def test_figs_4_5_7_claims_flip_when_our_readings_move(tmp_path):
    cfg = lc_cfg(("rbf1",))
    for sub in "abc":
        (tmp_path / sub).mkdir()
    sims, theory = loaded(lc_inputs(tmp_path / "a", ("rbf1",), {"rbf1": dict(Pl=1.0, MW=0.97)}))
    text = "MW 'close' to Plaskota"
    assert find(claims.fig4_claims(sims, theory, cfg), text).verdict == PASS
    assert find(claims.fig4_claims(sims, theory, moved(cfg, overlap_factor=1.02)), text).verdict != PASS  # MW/Pl 1.03
    cfg = lc_cfg(("rbf4",))
    sims, theory = loaded(lc_inputs(tmp_path / "b", ("rbf4",),
                                    {"rbf4": dict(OV=[0.4, 0.1], Pl=[0.5, 0.3], TWO=[2.2, 2.25])}))
    text = "TWO 'only weakly affected'"
    assert find(claims.fig5_claims(sims, theory, cfg), text).verdict == PASS
    # TWO's largest change over n is a factor 1.0027, 0.0019 of OV's
    assert find(claims.fig5_claims(sims, theory, moved(cfg, weak_vs_ov=0.001)), text).verdict != PASS
    assert find(claims.fig5_claims(sims, theory, moved(cfg, overlap_factor=1.001)), text).verdict != PASS
    cfg = lc_cfg(("ou1", "gauss4"))
    sims, theory = loaded(lc_inputs(tmp_path / "c", ("ou1", "gauss4"), {"gauss4": dict(OV=[0.4, 0.05])}))
    text = "OV 'very loose'"
    assert find(claims.fig7_claims(sims, theory, cfg), text).verdict == PASS      # Sim / OV = 20
    assert find(claims.fig7_claims(sims, theory, moved(cfg, very_loose_factor=30.0)), text).verdict == FAIL


# =============================================================================================================
# Issue 37: a degenerate selection gives an inconclusive claim with its reason, never a crash; issue 34/36 rule 4:
# a trivial answer fails.

def test_fig2_claims_no_far_points_and_close_inputs_are_inconclusive_not_a_crash():
    cfg = {"fig2": {"l": 0.1, "sigma2": 0.05, "n": [2, 100]}, "claims": CLAIMS}
    d = fig2_data()
    # two inputs at 0.3 and 0.7: no x in [0, 1] is farther than 4 l from both (the seed-7 crash)
    d["x_train"] = np.concatenate([[0.3, 0.7], d["x_train"][2:]])
    d["eps_small"] = posterior_variance_1d(d["x_train"][:2], d["x"], 0.1, 0.05)
    far = find(claims.fig2_claims(d, cfg), "farther than 4 l")
    assert far.verdict == INCONCLUSIVE and far.reason == "unstated setup" and "no x in [0, 1]" in far.note
    # two inputs 1.5 l apart: not the "sufficiently far away" inputs of the text, so the dents are not judged
    d["x_train"] = np.concatenate([[0.40, 0.55], d["x_train"][2:]])
    d["eps_small"] = posterior_variance_1d(d["x_train"][:2], d["x"], 0.1, 0.05)
    dents = [c for c in claims.fig2_claims(d, cfg).claims if "dent" in c.claim]
    assert len(dents) == 2 and all(c.verdict == INCONCLUSIVE and c.reason == "unstated setup" for c in dents)
    # an empty grid
    e = {"x": np.zeros(0), "x_train": d["x_train"], "eps_small": np.zeros(0), "eps_large": np.zeros(0)}
    assert all(c.verdict == INCONCLUSIVE for c in claims.fig2_claims(e, cfg).claims)


def test_fig8_claims_with_one_data_set_or_no_n_are_inconclusive():
    th, sm = fig8_inputs()
    one = {"sigma2": sm["sigma2"], "eps": sm["eps"][:, :1]}
    c = find(claims.fig8_claims(th, one, 0.05, {"claims": CLAIMS}), "LC1 = LC + eps_1 still above Sim")
    assert c.verdict == INCONCLUSIVE
    th0 = {k: (v[..., :1] if k in ("n", "LC", "eps1") else v) for k, v in th.items()}
    rec = claims.fig8_claims(th0, {"sigma2": sm["sigma2"], "eps": sm["eps"][..., :1]}, 0.05, {"claims": CLAIMS})
    assert all(c.verdict == INCONCLUSIVE for c in rec.claims)


def test_fig8_lc1_registered_statistical_reading_and_its_7be0d56_revision():
    rec = claims.fig8_claims(*fig8_inputs(), 0.05, {"claims": CLAIMS})
    c = find(rec, "LC1 = LC + eps_1 still above Sim")
    assert c.revised and c.revision_commit == common.REVISED_7BE0D56 and c.registered_tolerance == "[4, inf]"
    # no proof (protocol rule 1): the registered statistical reading decides; Sim itself as LC1 fails it
    assert not c.revision_proof and c.verdict == c.registered_verdict == PASS
    th, sm = fig8_inputs()
    th["LC"] = np.mean(sm["eps"][0], axis=0)[None] - th["eps1"]         # LC1 = Sim exactly
    c = find(claims.fig8_claims(th, sm, 0.05, {"claims": CLAIMS}), "LC1 = LC + eps_1 still above Sim")
    assert c.registered_verdict == FAIL and c.verdict == FAIL


def test_fig6_trivial_ratio_1_does_not_pass_the_registered_reading():
    """Protocol rule 1, why bc7030f's revision of Fig. 6 has no proof: LC exactly as far from Sim with Gaussian as
    with uniform inputs (ratio 1, the trivial answer the revision names) leaves the registered ratio >= 1 readings
    undecided (they decide only beyond k standard errors of the difference), it does not pass them. So the
    registered readings decide, and the revision (a visibility threshold, fail here) is shown beside."""
    names = ("gauss1", "rbf1")
    n = np.arange(N + 1.0)
    sims, theory = {}, {}
    for sc in names:
        s2 = SCN[sc]["sigma2"][0]
        m = truth(s2)
        eps = m[None, :] * (1 + 1e-4 * np.random.default_rng(7).standard_normal((400, N + 1)))
        eps[:, :2] = m[:2]
        sims[sc] = {"eps": eps[None], "sigma2": np.array([s2]), "C0": np.float64(T), "R_images": np.int64(-1)}
        th = {c: (m * f)[None] for c, f in DEFAULT.items()}
        theory[sc] = th | {"n": n, "sigma2": np.array([s2]), "T": np.float64(T), "sum_lam2": np.float64(L2),
                           "has_wv": np.bool_(True)}
    rec = claims.fig6_claims(sims, theory, lc_cfg(names))
    c = find(rec, "gauss1 vs rbf1")
    assert c.revised and c.registered_verdict == "inconclusive (noise)" and c.revised_verdict == FAIL
    assert (c.verdict, c.reason) == (INCONCLUSIVE, "noise") and not c.revision_proof
    # LC visibly worse with Gaussian inputs (a factor 0.8 against 0.97): passes under both
    theory["gauss1"]["LC"] = theory["gauss1"]["LC"] / 0.97 * 0.8
    c = find(claims.fig6_claims(sims, theory, lc_cfg(names)), "gauss1 vs rbf1")
    assert (c.verdict, c.registered_verdict, c.revised_verdict) == (PASS, PASS, PASS)


def test_fig10_closer_rejects_the_trivial_same_ratio_answer():
    """The proof of bc7030f's Fig. 10 revision (protocol rule 1, claims.PROOF_FIG10_CLOSER): curves no closer at
    the lower noise level pass the registered readings. Degmin/Pl the same factor at both noise levels, Pl lower
    at the lower noise level (the absolute gap shrinks by itself), and the very same curves at both noise levels
    (identical inputs) both pass them; the revised reading (strictly closer on the log axis at every n) fails both,
    and decides."""
    pl = 0.6 * truth(0.05)
    cfg = {"fig10": {"scenarios": ["rbf4"], "sigma2": [0.05, 0.001]}, "claims": CLAIMS}
    for curves in ({0.05: (pl, 1.3 * pl), 0.001: (0.1 * pl, 0.13 * pl)},      # the same ratio, Pl scaled down
                   {0.05: (pl, 1.3 * pl), 0.001: (pl, 1.3 * pl)}):            # identical curves
        c = find(claims.fig10_claims(*fig10_inputs(curves), cfg), "closer at sigma2=0.001")
        assert c.revised and c.registered_verdict == PASS and c.revised_verdict == FAIL
        assert c.verdict == FAIL and c.revision_proof == claims.PROOF_FIG10_CLOSER
        assert not c.finding  # no closer anywhere: not the pattern the finding explains
    # curves truly closer at the lower noise level pass both readings
    c = find(claims.fig10_claims(*fig10_inputs(fig10_curves(0.2, 0.1)), cfg), "closer at sigma2=0.001")
    assert (c.verdict, c.registered_verdict, c.revised_verdict) == (PASS, PASS, PASS)


def test_fig10_finding_attaches_to_the_pattern_it_explains_only():
    """Issue 44 (tests/test_findings.py::test_sh_fig10_closer_for_lower_noise_only_below_the_gap_maximum): rbf4 at
    0.001 / 0.05, closer at small n and farther apart at every n from some n0 on, is the paper's error; the same
    failure on gauss4, or a failure at scattered n, stays unexplained."""
    pl = 0.6 * truth(0.05)
    ratio_hi = np.full(pl.size, 1.3)
    ratio_lo = np.where(np.arange(pl.size) < pl.size // 2, 1.1, 1.5)     # closer first, farther apart later
    curves = {0.05: (pl, ratio_hi * pl), 0.001: (0.5 * pl, ratio_lo * 0.5 * pl)}
    for sc, explained in (("rbf4", True), ("gauss4", False)):
        cfg = {"fig10": {"scenarios": [sc], "sigma2": [0.05, 0.001]}, "claims": CLAIMS}
        c = find(claims.fig10_claims(*fig10_inputs(curves, sc), cfg), "closer at sigma2=0.001")
        assert c.verdict == FAIL and bool(c.finding) is explained
        assert c.finding_test == (claims.FINDING_FIG10_TEST if explained else "")
    scattered = np.where(np.arange(pl.size) % 7 == 3, 1.5, 1.1)            # farther apart at scattered n only
    curves = {0.05: (pl, ratio_hi * pl), 0.001: (0.5 * pl, scattered * 0.5 * pl)}
    cfg = {"fig10": {"scenarios": ["rbf4"], "sigma2": [0.05, 0.001]}, "claims": CLAIMS}
    c = find(claims.fig10_claims(*fig10_inputs(curves), cfg), "closer at sigma2=0.001")
    assert c.verdict == FAIL and not c.finding


def test_fig9_uc_equal_to_deg_passes_the_registered_reading(tmp_path):
    """The proof of 7be0d56's Fig. 9 revision (protocol rule 1, claims.PROOF_FIG9_UC): "UC ... underestimates the
    true eps(n) quite significantly" registered as Deg/UC >= 1 at n_max passes a certainly wrong answer, UC
    identical to the exact Deg (no underestimate at all). The revised 'factor' and 'visible' readings of the
    largest gap fail it, and decide; a UC well below Deg passes both."""
    inputs = lc_inputs(tmp_path, ("rbf4",), {"rbf4": dict(LC=0.9)})
    th, _ = load_npz(inputs["theory"]["rbf4"])
    sm, _ = load_npz(inputs["sims"]["rbf4"])
    deg, _ = load_npz(degenerate_file(tmp_path, 2.5))
    right = find(claims.fig9_claims(th, sm, deg, FIG9), "UC below the exact Deg")     # Deg/UC = 2.5/1.1
    assert (right.verdict, right.registered_verdict, right.revised_verdict) == (PASS, PASS, PASS)
    th["UC"] = np.repeat(deg["fig9_deg"][None], th["UC"].shape[0], axis=0)            # UC = Deg at every n
    c = find(claims.fig9_claims(th, sm, deg, FIG9), "UC below the exact Deg")
    assert c.registered_verdict == PASS and c.registered_tolerance == "[1, inf]"
    assert c.revised_verdict == FAIL and c.verdict == FAIL and c.revision_proof == claims.PROOF_FIG9_UC


def test_bound_claims_are_marked_known_but_the_generalised_wv():
    rec = claims.fig6_claims(*loaded_lc(("gauss1", "rbf1")), lc_cfg(("gauss1", "rbf1")))
    assert find(rec, "gauss1, sigma2=0.05: OV lower bound").known.startswith("Opper & Vivarelli")
    assert find(rec, "gauss1, sigma2=0.05: WV upper bound").known == ""      # eq. (23), the paper's own


def loaded_lc(names):
    import tempfile
    from pathlib import Path
    return loaded(lc_inputs(Path(tempfile.mkdtemp()), names))


# =============================================================================================================
# Issue 37 (item 4): the remaining claims functions on empty or degenerate selections: inconclusive with a reason
# (noise with the data that would decide it), never a crash and never a vacuous verdict.

def mem_scenario(name: str, n_max: int, factors: dict | None = None, n_sets: int = 40) -> tuple[dict, dict]:
    """One synthetic scenario in memory (as :func:`scenario`) with n = 0..n_max: (simulations, theory)."""
    s2s = SCN[name]["sigma2"]
    f = DEFAULT | (factors or {})
    n = np.arange(n_max + 1.0)
    rng = np.random.default_rng(0)
    th = {c: [] for c in (*DEFAULT, "eps1")}
    eps = []
    for j, s2 in enumerate(s2s):
        m = ((T - L2 / (T + s2)) * 1.25 / (1 + n / 4))
        m[0] = T
        for c in DEFAULT:
            fc = f[c][j] if isinstance(f[c], (list, tuple)) else f[c]
            y = m * fc
            y[0] = T
            th[c].append(y)
        th["eps1"].append(np.zeros(n.size))
        sims = m[None, :] * (1 + 0.03 * rng.standard_normal((n_sets, n.size)))
        sims[:, :2] = m[:2]
        eps.append(sims)
    theory = {k: np.array(v) for k, v in th.items()} | {
        "n": n, "sigma2": np.array(s2s, float), "T": np.float64(T), "sum_lam2": np.float64(L2),
        "has_wv": np.bool_(SCN[name]["d"] == 1), "block_edges": np.array([1, 9, 33, 65])}
    sim = {"eps": np.array(eps), "sigma2": np.array(s2s, float), "C0": np.float64(T), "R_images": np.int64(-1)}
    return sim, theory


def undecided(c, reason="noise"):
    return c.verdict == INCONCLUSIVE and c.reason == reason and (reason != "noise" or c.remedy)


def test_fig1_claims_one_sample_is_inconclusive_not_a_vacuous_fail():
    rng = np.random.default_rng(3)      # one sample of each prior (a hand-made 11 x 11 grid)
    d = {"grid": np.linspace(0, 1, 11), "ou_samples": rng.standard_normal((1, 11, 11)),
         "rbf_samples": rng.standard_normal((1, 11, 11))}
    rec = claims.fig1_claims(d, {"fig1": {"l": 0.1}, "claims": CLAIMS})
    assert rec.claims and all(undecided(c) for c in rec.claims)
    assert find(rec, "roughness").claim == "roughness: OU / RBF"


def test_fig4_claims_no_initial_regime_and_fewer_than_21_n_are_inconclusive():
    cfg = lc_cfg(("rbf1",))
    # Pl = 0.45 Sim never reaches 10 sigma^2 at n >= 1: the MW 'close' claim has no n to be judged on
    sims, theory = mem_scenario("rbf1", N)
    c = find(claims.fig4_claims({"rbf1": sims}, {"rbf1": theory}, cfg), "MW 'close' to Plaskota")
    assert undecided(c) and "no n >= 1 with Pl" in c.note
    # 15 n: no 20-example log-slope; the flattening claims are undecidable, MW 'misses' rests on its level reading
    sims, theory = mem_scenario("rbf1", 15, {"Pl": 1.0, "MW": 0.97})
    rec = claims.fig4_claims({"rbf1": sims}, {"rbf1": theory}, cfg)
    for name in ("Sim", "LC", "Pl"):
        assert undecided(find(rec, f"rbf1: {name} flattens after the crossover"))
    misses = find(rec, "MW 'misses'")
    assert "shape" in misses.reproduced and "(inconclusive)" in misses.reproduced.split(";")[0]
    assert find(rec, "MW 'close' to Plaskota").verdict == PASS       # unchanged where a selection exists


def test_fig5_kinks_without_a_block_edge_in_range_are_inconclusive():
    sims, theory = mem_scenario("rbf4", N, {"OV": [0.4, 0.1], "Pl": [0.5, 0.3], "TWO": [2.2, 2.25]})
    theory["block_edges"] = np.array([1, 500])        # no edge within 2..n_max
    rec = claims.fig5_claims({"rbf4": sims}, {"rbf4": theory}, lc_cfg(("rbf4",)))
    kinks = [c for c in rec.claims if "largest kinks" in c.claim]
    assert len(kinks) == 2 and all(undecided(c) and "no block edge" in c.note for c in kinks)


def test_fig7_claims_without_n_ge_1_are_inconclusive_not_a_crash():
    names = ("ou1", "ou2", "rbf1", "rbf4", "gauss1", "gauss4")
    data = {sc: mem_scenario(sc, 0) for sc in names}
    rec = claims.fig7_claims({sc: d[0] for sc, d in data.items()}, {sc: d[1] for sc, d in data.items()},
                             lc_cfg(names))
    for text in ("Sim below LC at small n", "Sim never above UC", "OV 'very loose'", "LC and UC closer to Sim"):
        hits = [c for c in rec.claims if text in c.claim]
        assert hits and all(undecided(c) for c in hits), text
    assert all(c.verdict == INCONCLUSIVE for c in rec.claims)


def test_fig9_claims_without_n_ge_1_are_inconclusive_not_a_crash():
    sims, theory = mem_scenario("rbf4", 0)
    m = truth(0.05)[:1]
    deg = {"fig9_deg": m, "fig9_ov": 0.4 * m, "eq31_exact": m, "eq31_formula": m, "eq31_delta": np.float64(1e-6),
           "eq31_lambda": np.float64(0.05)}
    rec = claims.fig9_claims(theory, sims, deg, FIG9)
    assert len(rec.claims) == 7 and all(undecided(c) for c in rec.claims)
    assert find(rec, "least error factor").kind == WORDING and find(rec, "Deg - OV").kind == RELATION


def test_fig10_quite_close_without_n_ge_1_is_inconclusive_not_a_crash():
    cfg = {"fig10": {"scenarios": ["rbf4"], "sigma2": [0.05, 0.001]}, "claims": CLAIMS}
    deg, sm = fig10_inputs({s2: (pl[:1], dm[:1]) for s2, (pl, dm) in fig10_curves(0.2, 0.1).items()})
    deg["n"] = deg["n"][:1]
    sm["rbf4"]["eps"] = sm["rbf4"]["eps"][..., :1]
    rec = claims.fig10_claims(deg, sm, cfg)
    close = [c for c in rec.claims if "'quite close'" in c.claim]
    assert len(close) == 2 and all(undecided(c) for c in close)
    assert undecided(find(rec, "closer at sigma2=0.001"), "unstated setup")


def test_fig3_finding_attaches_to_a_gap_growing_to_the_last_n(tmp_path):
    """Issue 44 (tests/test_findings.py::test_sh_fig3_ou_bounds_within_a_factor_2_over_the_range_shown): ou1's TWO,
    ou2's Plaskota and ou2's TWO failing the registered factor-2 reading with the gap largest at the last n shown
    (its last tenth: noise may move it off the very last n) are the paper's words against its own range of n. The
    visible revision beside them, passing on ou1's TWO and ou2's Plaskota (1.6, 1.78), does not withhold the
    finding (docs/protocol.md); a gap largest mid-range stays unexplained."""
    names = ("ou1", "ou2")
    grow = lambda top: [np.linspace(1.0, top, N + 1)]
    rec = run(fig03, lc_inputs(tmp_path, names, {"ou1": dict(TWO=grow(1.6)),
                                                 "ou2": dict(TWO=grow(1.33), Pl=[1 / grow(1.78)[0]])}), lc_cfg(names))
    for text, factor, d in (("ou2, sigma2=0.05: TWO 'far", "1.33", 2), ("ou1, sigma2=0.05: TWO 'far", "1.6", 1),
                            ("ou2, sigma2=0.05: Pl 'rather", "1.78", 2)):
        c = find(rec, text)
        assert c.verdict == FAIL and c.finding_test == claims.FINDING_FIG3_TEST, text
        assert f"a factor {factor}," in c.finding and f"the d = {d} OU curve" in c.finding, c.finding
    assert find(rec, "ou1, sigma2=0.05: TWO 'far").revised_verdict != FAIL, "the case the protocol's rule settles"
    hump = [1.0 + 0.3 * np.sin(np.pi * np.arange(N + 1.0) / (N + 1))]      # largest mid-range, 1.01 at the end
    rec = run(fig03, lc_inputs(tmp_path, names, {"ou1": dict(Pl=[1 / grow(1.5)[0]]), "ou2": dict(TWO=hump)}),
              lc_cfg(names))
    for text in ("ou2, sigma2=0.05: TWO 'far", "ou1, sigma2=0.05: Pl 'rather"):
        c = find(rec, text)
        assert c.verdict == FAIL and not c.finding and not c.finding_test, text


def test_lc_best_finding_attaches_to_the_panels_it_covers(tmp_path):
    """Issue 44 (tests/test_findings.py::test_sh_lc_not_best_under_either_gap_reading): "LC performs best" failing
    under both readings with gauss1 among the failing panels of each and nothing but gauss1 and ou1 failing is the
    paper's error; a failure elsewhere (ou1 alone, or rbf1) stays unexplained."""
    names = ("ou1", "gauss1", "rbf1")
    mean_only = dict(LC=0.92, UC=[np.where(np.arange(N + 1) < 5, 1.1, 1.02)])    # LC closer at the worst n only

    def best(factors):
        files = {sc: scenario(tmp_path, sc, factors.get(sc)) for sc in names}
        inputs = {"theory": {sc: p[0] for sc, p in files.items()}, "sims": {sc: p[1] for sc, p in files.items()}}
        rec = ClaimsRecord("t/f", "t")
        claims.lc_best_claim(rec, common.by_scenario(inputs["sims"]), common.by_scenario(inputs["theory"]),
                             lc_cfg(names), 4.0)
        return rec.claims[-1]

    c = best({"gauss1": dict(LC=0.7), "ou1": mean_only})
    assert c.verdict == FAIL and c.finding_test == claims.FINDING_LC_BEST_TEST
    assert "LC not closer in ou1/0.05, gauss1/0.05" in c.note.split("mean gap")[1]
    for factors in ({"ou1": dict(LC=0.8)}, {"gauss1": dict(LC=0.7), "rbf1": dict(LC=0.7)}):
        c = best(factors)
        assert c.verdict == FAIL and not c.finding and not c.finding_test, factors
