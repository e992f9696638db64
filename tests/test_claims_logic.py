"""The figures' claim checks can fail: wrong curves must be caught, right ones accepted."""
import numpy as np
import pytest
from claim_checks import paper_config

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.figures.urry_sollich import claims as us_claims
from statmech_bayes.figures.urry_sollich import fig07, fig09
from statmech_bayes.figures.urry_sollich.curves import CavityTolerance, cavity_vs_simulation
from statmech_bayes.reporting.claims import ClaimsRecord

NU = np.geomspace(0.01, 10, 31)
TOL = CavityTolerance.from_claims(paper_config("urry_sollich")["claims"]["cavity"])


def noisy_samples(curve, rel_noise, n=100, seed=0):
    rng = np.random.default_rng(seed)
    return curve[None, :] * (1 + rel_noise * rng.standard_normal((n, curve.size)))


@pytest.mark.parametrize("factor,expected", [(1.0, True), (1.02, True), (1.3, False), (0.6, False)])
def test_cavity_vs_simulation_judges_the_deviation(factor, expected):
    truth = 1 / (1 + 5 * NU)
    sims = noisy_samples(truth, 0.02)
    rec = ClaimsRecord("t/f", "t")
    cavity_vs_simulation(rec, TOL, "er3", "global", 0.1, NU, sims, NU, factor * truth, np.full(NU.size, 1e-4))
    assert rec.claims[-1].passed is expected


@pytest.mark.parametrize("rtol,expected", [(0.05, False), (0.2, True)])
def test_cavity_vs_simulation_tolerance_is_the_configured_reading(rtol, expected):
    truth = 1 / (1 + 5 * NU)
    rec = ClaimsRecord("t/f", "t")
    tol = CavityTolerance(rtol=rtol, noise_cap=TOL.noise_cap, judge_3se_max=TOL.judge_3se_max)
    cavity_vs_simulation(rec, tol, "er3", "global", 0.1, NU, noisy_samples(truth, 0.01), NU, 1.12 * truth,
                         np.full(NU.size, 1e-4))
    assert rec.claims[-1].passed is expected


def test_cavity_vs_simulation_does_not_pass_on_noise():
    truth = 1 / (1 + 5 * NU)
    sims = noisy_samples(truth, 2.0)  # 3 se / eps = 0.6 everywhere: nothing can be judged
    rec = ClaimsRecord("t/f", "t")
    cavity_vs_simulation(rec, TOL, "er3", "global", 0.1, NU, sims, NU, 2 * truth, np.full(NU.size, 1e-4))
    assert rec.claims[-1].verdict == "inconclusive"


def test_cavity_vs_simulation_with_unjudged_points_is_not_a_pass():
    truth = 1 / (1 + 5 * NU)
    sims = noisy_samples(truth, 0.02)
    sims[:, -3:] *= np.random.default_rng(1).lognormal(0.0, 3.0, (sims.shape[0], 3))  # heavy tail at large nu
    rec = ClaimsRecord("t/f", "t")
    cavity_vs_simulation(rec, TOL, "er3", "global", 0.1, NU, sims, NU, truth, np.full(NU.size, 1e-4))
    assert rec.claims[-1].verdict == "inconclusive"
    rec = ClaimsRecord("t/f", "t")
    far = truth * np.where(NU < 1, 1.5, 1.0)  # wrong where it can be judged: a failure, whatever the rest
    cavity_vs_simulation(rec, TOL, "er3", "global", 0.1, NU, sims, NU, far, np.full(NU.size, 1e-4))
    assert rec.claims[-1].verdict == "fail"


def mismatch_file(tmp_path, curve):
    eps = np.repeat(noisy_samples(curve, 0.01)[:, None, None, :], 2, axis=1)  # [sample, pairing, s2, nu]
    path = tmp_path / "er3_mismatch.npz"
    save_npz(path, {"nu": NU, "sigma2": np.array([1e-4]), "eps": eps,
                    "pairings": np.array(["global/local", "local/global"])})
    return str(path)


def test_mismatch_maximum_is_required(tmp_path):
    us = {"sims": {"V": 500}, "claims": paper_config("urry_sollich")["claims"]}
    monotone = 1 / (1 + 5 * NU)
    _, _, rec = fig07.make({"sims": {"er3": mismatch_file(tmp_path, monotone)}}, us)
    assert not any(c.passed for c in rec.claims)
    bump = monotone + 0.4 * np.exp(-np.log(NU / 0.7) ** 2 / 0.2)
    _, _, rec = fig07.make({"sims": {"er3": mismatch_file(tmp_path, bump)}}, us)
    assert all(c.passed for c in rec.claims)


def test_mismatch_maximum_is_judged_at_every_noise_level(tmp_path):
    """Protocol rule 1: a panel with a maximum at its lowest noise level and monotone curves at the others fails
    the registered reading (every curve, b49bd8e), and that reading decides: cc6dc87's per-panel reading, adopted
    after that result, passes it but has no proof and is only shown beside; a panel with a maximum at both noise
    levels passes; a panel whose curves are all monotone fails under both."""
    us = {"sims": {"V": 500}, "claims": paper_config("urry_sollich")["claims"]}
    monotone = 1 / (1 + 5 * NU)
    bump = monotone + 0.4 * np.exp(-np.log(NU / 0.7) ** 2 / 0.2)

    def panel(curves):
        eps = np.stack([noisy_samples(c, 0.01, seed=i) for i, c in enumerate(curves)], axis=-2)  # [n, s2, nu]
        path = tmp_path / "er3_mismatch.npz"
        save_npz(path, {"nu": NU, "sigma2": np.array([1e-4, 1e-1]), "eps": np.repeat(eps[:, None], 2, axis=1),
                        "pairings": np.array(["global/local", "local/global"])})
        return fig07.make({"sims": {"er3": str(path)}}, us)[2]

    rec = panel([bump, monotone])
    (c,) = [c for c in rec.claims if "panel" in c.claim]
    assert (c.verdict, c.reason, c.registered_verdict, c.revised_verdict) == ("fail", "", "fail", "pass")
    assert c.revised and not c.revision_proof and c.revision_commit == "cc6dc87"
    assert c.kind == "relation" and len(rec.claims) == 2  # the panel and its maximum's location
    assert rec.notes["er3: noise levels whose mismatched curve decreases monotonically (no significant maximum)"][
        "sigma2"] == [0.1]
    rec = panel([bump, bump])     # a maximum at every noise level: the registered reading passes
    (c,) = [c for c in rec.claims if "panel" in c.claim]
    assert (c.verdict, c.registered_verdict) == ("pass", "pass")
    rec = panel([monotone, monotone])
    assert [c.verdict for c in rec.claims] == ["fail"]
    assert rec.claims[0].revised_verdict == "fail"


def test_error_variance_peak_and_decay_are_checked(tmp_path):
    n_s = 50
    local_peak = 0.1 * np.exp(-np.log(NU / 0.18) ** 2 / 0.5)
    decay = 0.55 / (1 + (NU / 0.3) ** 2)
    for local, glob, ok in ((local_peak, decay, True), (decay / 5, local_peak * 5, False)):
        var = np.stack([noisy_samples(glob, 0.01, n_s), noisy_samples(local, 0.01, n_s, seed=1)], axis=1)
        norms = np.array(["global", "local"])
        path, extra, tail = (tmp_path / f"er3_{n}.npz" for n in ("matched", "extra", "tail"))
        save_npz(path, {"nu": NU, "sigma2": np.array([0.1]), "var": var[:, :, None, :],
                        "eps": np.ones_like(var[:, :, None, :]), "normalisations": norms})
        # no further graphs; at the largest nu two more data sets per graph that repeat the first, so the
        # combined vertex variance is the one above
        save_npz(extra, {"nu": NU, "sigma2": np.array([0.1]), "var": np.zeros((0, 2, 1, NU.size)),
                         "normalisations": norms})
        save_npz(tail, {"nu": NU[-5:], "var": np.repeat(var[:, None, 0, None, -5:], 2, axis=1),
                        "normalisations": np.array(["global"])})
        # the finite-size check: prior variances with spread 0.5; graphs approach it as V grows (or do not)
        prior = np.random.default_rng(2).normal(1.0, np.sqrt(0.5), 200_000)
        kappa, finite = tmp_path / "er3_kappa.npz", tmp_path / "er3_finite.npz"
        save_npz(kappa, {"kappa": np.float64(1.0), "prior_samples": prior})
        spreads = (0.40, 0.50) if ok else (0.50, 0.30)
        save_npz(finite, {"V": np.array([500, 8000]),
                          **{f"spread_V{v}": noisy_samples(np.array([x]), 0.01, 20)[:, 0]
                             for v, x in zip((500, 8000), spreads)}})
        us = {"fig9": {"sigma2": 0.1, "cavity_measure_draws": 4}, "sims": {"n_samples": n_s, "V": 500},
              "cavity": {"replicas": 4, "P": 5000}, "claims": paper_config("urry_sollich")["claims"]}
        _, data, rec = fig09.make({"sims": {"er3": str(path)}, "sims_extra": {"er3": str(extra)},
                                   "tail": {"er3": str(tail)}, "cavity": {}, "kappa": {"er3": str(kappa)},
                                   "finite_size": {"er3": str(finite)}}, us)
        glob = data[data.curve == "global simulation"].error_variance.to_numpy()
        assert np.allclose(glob, var[:, 0].mean(axis=0))
        assert all(c.passed for c in rec.claims) is ok
        # the paper's Fig 9 shows simulations only: every cavity comparison is ours
        assert all(c.kind == "ours" for c in rec.claims if "cavity" in c.claim)
        if not ok:
            assert not any(c.passed for c in rec.claims)


def larger_graph_case(small_factor, large_factor, larger_nu):
    """A cavity curve, V = 500 simulations off by small_factor and larger-graph ones off by large_factor."""
    truth = 0.9 / (1 + (NU / 0.5) ** 2)
    cav = {"nu": NU, "eps_variance": truth, "replica_variance": truth * (1 + 1e-3 * np.arange(4))[:, None]}
    sims = {"nu": NU, "var": np.stack([noisy_samples(small_factor * truth, 0.05, 600)] * 2, axis=1)}
    at = [int(np.argmin(np.abs(NU - x))) for x in larger_nu]
    larger = {"nu": NU[at], "V": 2000, "var": noisy_samples(large_factor * truth[at], 0.05, 200, seed=3)}
    big = us_claims.fig9_larger_graph_check(sims, larger, cav, 500, TOL)
    rec = ClaimsRecord("t/f", "t")
    cavity_vs_simulation(rec, TOL, "pl", "global", 0.1, NU, sims["var"][:, 0], NU, truth, 1e-3 * truth,
                         explain=us_claims.fig9_finite_size_explanation(big), kind="ours")
    us_claims.fig9_larger_graph_claim(rec, "pl", big)
    return rec.claims


def test_a_gap_that_closes_on_larger_graphs_explains_the_v500_failure():
    v500, larger = larger_graph_case(0.88, 0.99, NU)
    # our own comparison (the paper's Fig 9 has no cavity curve): explained in its note, never a finding
    assert v500.verdict == "fail" and v500.kind == "ours" and not v500.finding
    assert "measured explanation" in v500.note and "finite-size" in v500.note
    assert larger.verdict == "pass" and larger.kind == "ours"


def test_a_gap_that_stays_on_larger_graphs_leaves_the_failure_unexplained():
    v500, larger = larger_graph_case(0.88, 0.88, NU)
    assert larger.verdict == "fail"
    assert v500.verdict == "fail" and "measured explanation" not in v500.note


def test_larger_graphs_must_cover_every_failing_nu():
    # V = 500 fails everywhere, the larger graphs were simulated at every sixth nu only: no explanation
    v500, larger = larger_graph_case(0.88, 0.99, NU[::6])
    assert larger.verdict == "pass"
    assert v500.verdict == "fail" and "measured explanation" not in v500.note


def test_fig9_claims_function_and_its_readings():
    """fig9_claims on hand-made vertex variances (local peak at nu = 0.18, global decay; no cavity curves): the
    paper's two shape claims pass, and each of our readings moved across its value fails them."""
    import copy

    claims = paper_config("urry_sollich")["claims"]
    local = 0.1 * np.exp(-np.log(NU / 0.18) ** 2 / 0.5)
    glob = 0.55 / (1 + (NU / 0.3) ** 2)
    var = np.stack([noisy_samples(glob, 0.01, 50), noisy_samples(local, 0.01, 50, seed=1)], axis=1)
    sims = {"er3": {"nu": NU, "var": var}}
    prior = np.random.default_rng(2).normal(1.0, np.sqrt(0.5), 20_000)
    kappa = {"er3": {"kappa": np.float64(1.0), "prior_samples": prior}}
    finite = {"er3": {"V": np.array([500, 8000]), "spread_V500": np.full(20, 0.4), "spread_V8000": np.full(20, 0.5)}}

    def rec(**moved):
        c = copy.deepcopy(claims)
        c["fig9"].update(moved)
        return us_claims.fig9_claims(sims, {}, kappa, finite, {}, {"fig9": {"sigma2": 0.1}, "sims": {"V": 500},
                                                                  "claims": c})

    def verdict(r, text):
        (found,) = [x for x in r.claims if text in x.claim]
        return found.verdict

    base = rec()
    peak, above, largest = "nu of the peak", "at the peak exceeds", "largest at the smallest nu"
    assert [verdict(base, t) for t in (peak, above, largest)] == ["pass"] * 3
    nu_k = float([x for x in base.claims if peak in x.claim][0].reproduced)
    assert verdict(rec(peak_nu=[nu_k * 1.2, 0.4]), peak) == "fail"
    assert verdict(rec(peak_se=1e4), above) == "fail"
    m = var[:, 0].mean(axis=0)
    assert verdict(rec(decay_factor=float(m[0] / m[-1]) * 1.1), "decays") == "fail"
    hump = var.copy()
    hump[:, 0, 3] = hump[:, 0, 0] * 1.02  # the global variance 2 % above its value at the smallest nu
    sims["er3"] = {"nu": NU, "var": hump}
    assert verdict(rec(), largest) == "fail"
    assert verdict(rec(largest_at_zero_rtol=0.03), largest) == "pass"
