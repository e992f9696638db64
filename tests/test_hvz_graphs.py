"""Hartog & van Zanten: the small-world graph of Fig. 3, the path-graph truth of Fig. 1, the tracking
video of Fig. 6, and a short end-to-end chain on each experiment's data."""

import numpy as np
import pytest
from claim_checks import paper_config

from statmech_bayes.truncated_laplacian import graphs as gr
from statmech_bayes.truncated_laplacian import synthetic as sy
from statmech_bayes.truncated_laplacian import tracking as tk
from statmech_bayes.truncated_laplacian.experiments.graph_mcmc import graph_posterior
from statmech_bayes.truncated_laplacian.experiments.path import path_data
from statmech_bayes.truncated_laplacian.experiments.tracking import tracking_data, tracking_posterior
from statmech_bayes.truncated_laplacian.tracking import boundary_distance

#: the workflow's paper-scale settings (workflow/config/full.yaml), which the library functions take without defaults
PAPER_VIDEO = dict(T=9, H=100, W=100, radius=15.0, start=(30.0, 30.0), step=(5.0, 5.0), extra_frame=4,
                   extra_center=(75.0, 25.0), extra_radius=5.0, frac_missing=0.1)
CHAIN = dict(q=1.0, a=0.0, b=0.0, refresh_g_on_reject=False, k_move="conditional")
GRAPH_CHAIN = dict(CHAIN, thin=1, k0=10, n_chains=1)
TRACK_CHAIN = dict(CHAIN, gamma_rule=20.0)
SW = paper_config("hartog_vanzanten")["smallworld"]  # the paper's graph: ring, rewiring and the seed giving 848 nodes


def test_small_world_seed_reproduces_848_nodes():
    A, nodes = gr.small_world_lcc(np.random.default_rng(SW["graph_seed"]), SW["n_ring"], SW["p_rewire"])
    assert nodes.size == 848
    assert gr.is_connected(A) and A.shape == (848, 848)
    assert np.all(np.diff(nodes) > 0)
    # simple graph: 0/1, symmetric, no loops
    assert set(np.unique(A.data)) == {1.0} and A.diagonal().sum() == 0
    # deterministic given the generator, and the seed is the smallest one that gives 848
    A2, _ = gr.small_world_lcc(np.random.default_rng(SW["graph_seed"]), SW["n_ring"], SW["p_rewire"])
    assert abs(A - A2).sum() == 0
    seed = gr.find_small_world_seed(848, SW["n_ring"], SW["p_rewire"], start=SW["graph_seed"] - 30, max_tries=31)
    assert seed == SW["graph_seed"]


def test_rewired_ring_degree_and_probability():
    A = gr.rewired_ring(1000, 0.0, np.random.default_rng(0))
    assert np.all(np.asarray(A.sum(axis=1)).ravel() == 2)  # plain ring
    # with p = 0.25 about 250 of the 1000 ring edges leave the ring
    A = gr.rewired_ring(1000, 0.25, np.random.default_rng(1))
    ring = sum(A[j, (j + 1) % 1000] for j in range(1000))
    assert 700 < ring < 800
    with pytest.raises(ValueError, match="p_rewire"):
        gr.rewired_ring(10, 1.5, np.random.default_rng(0))


def test_path_truth_checkpoint_and_label_removal():
    d = path_data(np.random.default_rng(0), n=500, frac_missing=0.2)
    assert d["f0"].min() == pytest.approx(-0.826, abs=1e-3)
    assert d["f0"].max() == pytest.approx(1.486, abs=1e-3)
    assert d["ell0"].min() == pytest.approx(0.204, abs=1e-3) and d["ell0"].max() == pytest.approx(0.931, abs=1e-3)
    assert (~d["observed"]).sum() == 100
    w = sy.truth_coefficients(500)
    assert w[0] == 0 and w[1] == pytest.approx(np.sqrt(500) * np.sin(1.0))


def test_tracking_video_geometry():
    v = tk.make_video(np.random.default_rng(0), **PAPER_VIDEO)
    assert v["labels"].shape == (9, 100, 100)
    assert (~v["observed"]).sum() == 9000
    assert v["extra"][4].sum() > 0 and v["extra"].sum() == v["extra"][4].sum()
    areas = v["truth"].sum(axis=(1, 2))
    assert np.all(np.abs(areas - np.pi * 15 ** 2) < 60)
    # ball moves 5 px along the diagonal per frame
    rows = np.array([np.argwhere(v["truth"][t])[:, 0].mean() for t in range(9)])
    np.testing.assert_allclose(np.diff(rows), 5.0, atol=1e-9)
    rgb = tk.video_rgb(v["labels"], v["observed"])
    assert rgb.shape == (9, 100, 100, 3) and np.all(rgb[~v["observed"]] == 1.0)


def test_end_to_end_path_gamma_orders_k():
    d = path_data(np.random.default_rng(1), n=200, frac_missing=0.2)
    out = {g: graph_posterior(d, np.random.default_rng(2), gamma=g, n_iter=3000, burn_in=1000, **GRAPH_CHAIN)
           for g in (0.0, 1.0)}
    assert out[1.0]["k_mean"] < out[0.0]["k_mean"]
    for r in out.values():
        assert r["ell_mean"].shape == (200,) and np.all(r["ell_lo"] <= r["ell_mean"] + 1e-12)
        assert r["rmse"] < 0.15


def test_end_to_end_small_tracking():
    v = tracking_data(np.random.default_rng(3), T=3, H=40, W=40, radius=8, start=(15, 15),
                         step=(3, 3), extra_frame=1, extra_center=(32, 8), extra_radius=2, frac_missing=0.1)
    r = tracking_posterior(v, np.random.default_rng(4), n_iter=200, burn_in=100, thin=2, k0=100, c0=1.0,
                           **TRACK_CHAIN)
    assert r["ell_mean"].shape == (3, 40, 40)
    assert np.all(r["frame_error"] < 0.1)
    assert np.all(r["ci_width"] >= 0)
    assert r["width_mean_boundary"] > r["width_mean_elsewhere"]


def test_tracking_probes_record_the_start_dependence():
    """The probe chains: Algorithm 1 as printed moves k by at most 2 per sweep from its start; every probe reports
    its k trace, log-likelihood, frame errors and extra ball; the main chain's scale move runs."""
    v = tracking_data(np.random.default_rng(3), T=3, H=40, W=40, radius=8, start=(15, 15),
                         step=(3, 3), extra_frame=1, extra_center=(32, 8), extra_radius=2, frac_missing=0.1)
    probes = ({"k0": 60, "c0": 1.0, "k_move": "bin4", "scale_sd": 0.0},
              {"k0": 5, "c0": 1.0, "k_move": "conditional", "scale_sd": 0.1},
              {"k0": 900, "c0": 1.0, "k_move": "conditional", "scale_sd": 0.1})
    r = tracking_posterior(v, np.random.default_rng(4), n_iter=120, burn_in=60, thin=2, k0=100, c0=1.0, scale_sd=0.1,
                           probes=probes, probe_iter=40, **TRACK_CHAIN)
    assert r["probe_k"].shape == (3, 40) and r["probe_frame_error"].shape == (3, 3)
    assert np.all(np.abs(r["probe_k"][0] - 60) <= 2 * 40)
    assert np.all(np.diff(r["probe_k"][0]) >= -2) and np.all(np.diff(r["probe_k"][0]) <= 2)
    assert np.all(np.isfinite(r["probe_loglik"])) and np.all(r["probe_loglik"] < 0)
    assert np.all((0 <= r["probe_extra_kept"]) & (r["probe_extra_kept"] <= 1))
    assert list(r["probe_k_move"]) == ["bin4", "conditional", "conditional"]
    assert r["n_scale_accepted"] > 0 and np.all(np.isfinite(r["loglik"]))
    # the pipeline's own probe rule runs the same function: from the same generator it gives the same probes
    from statmech_bayes.truncated_laplacian import tracking_chains as tc

    rp = tc.tracking_probe_chains(v, np.random.default_rng(4).spawn(2)[1], probes=probes, probe_iter=40,
                                  gamma_rule=20.0, q=1.0, a=0.0, b=0.0)
    for key, val in rp.items():
        np.testing.assert_array_equal(val, r[key], err_msg=key)


def test_tracking_chains_pooled_with_their_convergence_record():
    """Two small chains from different (k0, c0), pooled: the pooled mean is the mean of the chains' means, the
    interval comes from both chains' draws, the R-hat of two copies of one chain is the identical-chain value,
    and an arm is summarised beside the pool without entering it."""
    from statmech_bayes.truncated_laplacian import mcerror as mc
    from statmech_bayes.truncated_laplacian import tracking_chains as tc

    v = tracking_data(np.random.default_rng(3), T=3, H=30, W=30, radius=6, start=(10, 10), step=(3, 3),
                         extra_frame=1, extra_center=(24, 6), extra_radius=3, frac_missing=0.1)
    kw = dict(TRACK_CHAIN, n_iter=60, burn_in=20, thin=4, scale_sd=0.1)
    a = tc.tracking_chain(v, np.random.default_rng(1), k0=50, c0=1.0, **kw)
    b = tc.tracking_chain(v, np.random.default_rng(2), k0=200, c0=100.0, **kw)
    arm = tc.tracking_chain(v, np.random.default_rng(4), k0=50, c0=1.0, **(kw | {"a": 1.0}))
    arm.update(arm="a1b0", arm_what="a = 1, b = 0")
    p = tc.tracking_pool(v, [a, b], [arm])
    np.testing.assert_allclose(p["ell_mean"], (a["ell_mean"] + b["ell_mean"]) / 2)
    assert a["f_draws"].shape == (10, 2700) and p["k_chains"].shape == (2, 60)
    assert p["chain_k0"].tolist() == [50, 200] and p["n_chains"] == 2
    assert p["width_max"] >= max(0.0, float(np.max(p["ell_hi"] - p["ell_lo"]))) - 1e-12
    assert p["arm"].tolist() == ["a1b0"] and p["arm_extra_kept"][0] == arm["extra_kept"]
    same = tc.tracking_pool(v, [a, a])
    assert same["rhat_k"] == pytest.approx(mc.gelman_rubin(np.stack([a["k"], a["k"]])[:, 20:]))
    assert mc.gelman_rubin(np.stack([a["loglik"], a["loglik"]])[:, 20:], split=False) < 1.0  # no spread between
    with pytest.raises(ValueError):
        tc.tracking_pool(v, [])


def test_levels_weigh_the_pool_by_their_evidence():
    """Chains carrying their level's weight: a level e^50 lighter drops out of the pooled mean and intervals, two
    chains at one level share its mass equally, and equal weights come back when a weight is missing or infinite."""
    from statmech_bayes.truncated_laplacian import tracking_chains as tc

    v = tracking_data(np.random.default_rng(3), T=3, H=30, W=30, radius=6, start=(10, 10), step=(3, 3),
                         extra_frame=1, extra_center=(24, 6), extra_radius=3, frac_missing=0.1)
    kw = dict(TRACK_CHAIN, n_iter=40, burn_in=10, thin=3, scale_sd=0.1, level_evidence=True)
    # flipped labels: with exact ones and a = b = 0 the posterior of c is improper and the level weight undefined
    lab = tc.flip_labels(v["labels"], 0.1, np.random.default_rng(0))
    a = tc.tracking_chain(v, np.random.default_rng(1), k0=50, c0=1.0, labels=lab, **kw)
    assert a["level_k"] >= 1 and np.isfinite(a["level_log_weight"]) and a["level_log_det"] > 0
    b, c = dict(a), dict(a)
    b["level_k"], b["level_log_weight"] = a["level_k"] * 3, a["level_log_weight"] - 50.0
    b["ell_mean"] = np.zeros_like(a["ell_mean"])
    w = tc.level_pool_weights([a, b, c])
    e = np.exp(-50.0)  # level a (two chains) against level b (one chain, e^50 lighter)
    np.testing.assert_allclose(w, [0.5 / (1 + e), e / (1 + e), 0.5 / (1 + e)], rtol=1e-9, atol=0)
    p = tc.tracking_pool(v, [a, b])
    np.testing.assert_allclose(p["ell_mean"], a["ell_mean"], atol=1e-12)
    c["level_log_weight"] = np.nan
    np.testing.assert_allclose(tc.level_pool_weights([a, b, c]), [1 / 3] * 3)


def test_flip_labels_flips_the_requested_share():
    from statmech_bayes.truncated_laplacian.tracking_chains import flip_labels

    lab = np.zeros((4, 100, 100), dtype=np.int8)
    out = flip_labels(lab, 0.05, np.random.default_rng(0))
    assert abs(out.mean() - 0.05) < 0.005 and lab.sum() == 0
    with pytest.raises(ValueError):
        flip_labels(lab, 0.5, np.random.default_rng(0))


def test_chain_statistics_of_one_chain_match_the_pooled_statistics_of_that_chain():
    """With a single chain, each per-chain statistic equals the one the figures compute from the pooled output."""
    from statmech_bayes.truncated_laplacian import tracking_chains as tc
    from statmech_bayes.truncated_laplacian.tracking_summary import chain_statistics

    v = tracking_data(np.random.default_rng(3), T=3, H=30, W=30, radius=6, start=(10, 10), step=(3, 3),
                         extra_frame=1, extra_center=(24, 6), extra_radius=3, frac_missing=0.1)
    a = tc.tracking_chain(v, np.random.default_rng(1), n_iter=60, burn_in=20, thin=4, k0=50, c0=1.0, scale_sd=0.1,
                          **TRACK_CHAIN)
    s = chain_statistics(v, [a, a], extra_frame=1)
    p = tc.tracking_pool(v, [a])
    truth = v["truth"].astype(bool)
    assert s["chain_inside_min"].shape == (2,) and s["chain_inside_min"][0] == s["chain_inside_min"][1]
    assert s["chain_inside_min"][0] == pytest.approx(min(p["ell_mean"][t][truth[t]].mean() for t in range(3)))
    dist = boundary_distance(v["labels"])
    w = p["ci_width"]
    assert s["chain_width_ratio"][0] == pytest.approx(w[dist <= 3].mean() / w[dist > 3].mean())
    assert s["chain_width_median_far"][0] == pytest.approx(np.median(w[dist > 5]))
