"""The negative controls of Urry & Sollich's figures (figures/urry_sollich/controls.py, issue 43) implement the wrong
answers they state, on small hand-made arguments (no build)."""
import copy
import re

import numpy as np

from statmech_bayes.figures.urry_sollich.controls import CONTROLS, naive_eq19
from statmech_bayes.randomwalk.kernels import rw_coefficients
from statmech_bayes.randomwalk.tree import tree_kernel_limit

NU = np.geomspace(0.01, 10.0, 9)


def control(fig: str, name: str):
    return next(c for c in CONTROLS[fig].controls if c.name == name)


def apply(fig: str, name: str, args: tuple) -> tuple:
    """The control's arguments from a deep copy (as controls.run passes them); the originals are left alone."""
    before = copy.deepcopy(args)
    out = control(fig, name).make(copy.deepcopy(args))
    assert _same(args, before)
    return out


def _same(a, b) -> bool:
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, np.ndarray):
        return np.array_equal(a, b)
    return a == b


def matched_sims(n=3):
    """One ensemble's matched simulation, eps[graph, normalisation, sigma2, nu], global and local different."""
    rng = np.random.default_rng(0)
    glob = 1 / (1 + 5 * NU)
    loc = 1 / (1 + 2 * NU)
    eps = np.stack([glob, loc])[None, :, None, :] * (1 + 0.01 * rng.standard_normal((n, 2, 2, NU.size)))
    return {"nu": NU, "sigma2": np.array([0.1, 1e-4]), "eps": eps, "normalisations": np.array(["global", "local"])}


def test_every_figure_declares_controls_and_restrictions_compile():
    assert set(CONTROLS) == {f"fig{i}" for i in range(1, 13)}
    for fc in CONTROLS.values():
        assert 1 <= len(fc.controls) <= 4
        for c in fc.controls:
            re.compile(c.claims)


def test_fig3_simulation_flat_holds_the_first_point():
    args = ({"er3": matched_sims()}, {}, {}, {})
    eps = apply("fig3", "simulation_flat", args)[0]["er3"]["eps"]
    assert np.array_equal(eps, np.broadcast_to(args[0]["er3"]["eps"][..., :1], eps.shape))


def test_fig3_local_for_global_and_fig5_global_for_local_copy_one_normalisation_over_the_other():
    s = matched_sims()
    g3 = apply("fig3", "local_for_global", ({"er3": s}, {}, {}, {}))[0]["er3"]["eps"]
    assert np.array_equal(g3[:, 0], s["eps"][:, 1]) and np.array_equal(g3[:, 1], s["eps"][:, 1])
    g5 = apply("fig5", "global_for_local", ({"er3": s}, {}, {}))[0]["er3"]["eps"]
    assert np.array_equal(g5[:, 1], s["eps"][:, 0]) and np.array_equal(g5[:, 0], s["eps"][:, 0])


def test_fig3_cavity_is_the_eigenvalue_approximation():
    s = matched_sims()
    e = {"nu": NU, "eps": np.stack([1 / (1 + 3 * NU), 1 / (1 + 30 * NU)])[None]}   # [graph, sigma2, nu]
    cav = {("er3", "global", 0.1): {"nu": NU[::2], "eps": np.ones(5), "stderr": np.zeros(5)},
           ("er3", "global", 1e-4): {"nu": NU[::2], "eps": np.ones(5), "stderr": np.zeros(5)}}
    out = apply("fig3", "cavity_is_eigen", ({"er3": s}, {"er3": e}, cav, {}))[2]
    assert np.allclose(out[("er3", "global", 0.1)]["eps"], 1 / (1 + 3 * NU[::2]))
    assert np.allclose(out[("er3", "global", 1e-4)]["eps"], 1 / (1 + 30 * NU[::2]))


def test_fig5_cavity_other_noise_gives_each_curve_the_next_noise_levels():
    cav = {("er3", "local", s2): {"eps": np.full(3, s2)} for s2 in (1e-4, 1e-2, 1e-1)}
    out = apply("fig5", "cavity_other_noise", ({}, cav, {}))[1]
    assert [out[("er3", "local", s2)]["eps"][0] for s2 in (1e-4, 1e-2, 1e-1)] == [1e-2, 1e-1, 1e-4]


def test_fig4_naive_eq19_is_the_p_cubed_count_of_eq5():
    d, p = 3, 40
    l = np.arange(1, p + 1)
    direct = 1 + np.sum(d * (d - 1.0) ** (l - 1) * tree_kernel_limit(d, l) ** 2)
    assert np.isclose(naive_eq19(d, [p])[0], direct)
    S = naive_eq19(3, [1000, 2000])
    assert abs(np.log(S[1] / S[0]) / np.log(2) - 3) < 0.01


def test_fig4_sims_smallest_p_relabels_the_smallest_p():
    sims = {"p_sim": np.array([5, 10]), "N_p5": np.array([1, 2, 4]), "eps_p5": np.ones((2, 3)),
            "N_p10": np.array([1, 3]), "eps_p10": np.zeros((2, 2))}
    out = apply("fig4", "sims_smallest_p", ({}, sims, {}))[1]
    assert np.array_equal(out["N_p10"], sims["N_p5"]) and np.array_equal(out["eps_p10"], sims["eps_p5"])


def test_mismatch_controls_remove_the_rise_or_reverse_nu():
    bump = 1 / (1 + 5 * NU) + 0.3 * np.exp(-np.log(NU) ** 2)
    eps = bump[None, None, None] * np.ones((3, 2, 1, 1))
    args = ({"er3": {"nu": NU, "sigma2": np.array([0.1]), "eps": eps,
                     "pairings": np.array(["global/local", "local/global"])}}, {}, "global/local", "fig7")
    mono = apply("fig7", "monotone", args)[0]["er3"]["eps"]
    assert np.all(np.diff(mono, axis=-1) <= 0) and mono[..., 0].item(0) == bump[0]
    assert np.array_equal(apply("fig8", "nu_reversed", args)[0]["er3"]["eps"][..., ::-1], eps)
    assert np.all(apply("fig7", "never_learns", args)[0]["er3"]["eps"] == bump[0])


def test_fig9_normalisations_swapped():
    var = np.stack([np.full((2, NU.size), 0.5), np.full((2, NU.size), 0.1)], axis=1)   # [graph, global/local, nu]
    out = apply("fig9", "normalisations_swapped", ({"er3": {"nu": NU, "var": var}}, {}, {}, {}, {}, {}))
    v = out[0]["er3"]["var"]
    assert np.all(v[:, 0] == 0.1) and np.all(v[:, 1] == 0.5)


def test_fig2_isolated_vertices_dropped_keeps_the_size_and_removes_every_isolated_vertex():
    us = {"kernel": {"p": 10, "a": 2.0}}
    c0 = rw_coefficients(10, 2.0)[0]
    deg = np.array([0, 0, 1, 1, 3, 3, 3, 2])
    C_hat = np.array([c0, c0, 0.5, 0.5, 0.06, 0.05, 0.08, 0.07])
    kappa_g = C_hat.mean()
    g = {"C_hat_ii": C_hat, "degree": deg, "isolated_edge": deg == 1, "pooled_C": C_hat / kappa_g,
         "kappa_graphs": np.array([kappa_g])}
    kap = {"kappa": np.float64(kappa_g), "stderr": np.float64(0.0), "prior_samples": C_hat.copy()}
    graphs, kappas, _ = apply("fig2", "isolated_vertices_dropped", ({"er3": g}, {"er3": kap}, us))
    out, k = graphs["er3"], kappas["er3"]
    assert out["C_hat_ii"].size == C_hat.size and np.all(out["degree"] > 0)
    assert np.all(out["C_hat_ii"] > 2 * c0) and np.all(k["prior_samples"] > 2 * c0)
    assert np.isclose(float(k["kappa"]), k["prior_samples"].mean()) and np.isclose(out["pooled_C"].mean(), 1.0)
    assert np.all(out["pooled_C"] * out["kappa_graphs"][0] > 2 * c0)


def test_fig2_local_normalisation_gives_every_vertex_unit_prior_variance():
    g = {"C_hat_ii": np.array([0.001, 0.5, 0.07]), "pooled_C": np.array([0.1, 7.0, 1.0]),
         "kappa_graphs": np.array([0.07])}
    kap = {"kappa": np.float64(0.07), "prior_samples": np.array([0.001, 0.5, 0.07])}
    graphs, kappas, _ = apply("fig2", "local_normalisation", ({"er3": g}, {"er3": kap}, {}))
    C = graphs["er3"]["C_hat_ii"] / graphs["er3"]["C_hat_ii"].mean()
    assert np.all(C == 1) and np.all(graphs["er3"]["pooled_C"] == 1)
    assert np.allclose(kappas["er3"]["prior_samples"] / kappas["er3"]["kappa"], 1)


def test_fig6_controls():
    sims = {"nu": np.array([1.0, 6.0]), "posterior_variances": np.array([[0.1, 0.3], [0.02, 0.04]])}
    cav = {"samples_0": np.array([0.2, 0.2]), "samples_0_nu": np.float64(1.0),
           "samples_1": np.array([0.03, 0.03]), "samples_1_nu": np.float64(6.0)}
    other = apply("fig6", "cavity_other_nu", (sims, cav, {}))[1]
    assert np.array_equal(other["samples_0"], cav["samples_1"]) and other["samples_0_nu"] == 1.0
    assert np.all(apply("fig6", "cavity_prior", (sims, cav, {}))[1]["samples_1"] == 1)
    mean = apply("fig6", "simulation_mean_only", (sims, cav, {}))[0]["posterior_variances"]
    assert np.allclose(mean, [[0.2, 0.2], [0.03, 0.03]])


def test_fig10_naive_scaling_and_the_dashed_line():
    data = {"p_values": [10, 40], "x_p10": np.array([0.3, 0.6]), "prho_p10": np.array([1.0, 2.0]),
            "x_p40": np.array([0.15, 0.3]), "prho_p40": np.array([0.5, 1.5])}
    naive = apply("fig10", "naive_scaling", (data, {}))[0]
    assert np.allclose(naive["x_p40"], data["x_p40"] / np.sqrt(40))         # l/sqrt(p) -> l/p
    small = apply("fig10", "smallest_p", (data, {}))[0]
    assert np.array_equal(small["prho_p40"], data["prho_p10"])


def test_figs_11_12_arms_swapped():
    d = {"z2_global_global": np.array([1.0, 1.0]), "z2exp_global_global": np.array([1.0, 1.0]),
         "z2_global_local": np.array([9.0, 1.0]), "z2exp_global_local": np.array([8.0, 1.0])}
    out = apply("fig11", "arms_swapped", (d, {}, {}, "fig11"))[0]
    assert np.array_equal(out["z2_global_global"], d["z2_global_local"])
    assert np.array_equal(out["z2exp_global_local"], d["z2exp_global_global"])


def test_fig1_graphs_are_the_tree_and_other_a():
    us = {"fig1": {"right_a": [2.0, 4.0]}}
    p2, p4 = np.array([2.0, 4.0, 8.0]), np.array([4.0, 8.0, 16.0])
    tree = {"right_p_a2": p2, "right_C1_a2": np.array([0.5, 0.7, 0.9]),
            "right_p_a4": p4, "right_C1_a4": np.array([0.4, 0.6, 0.8])}
    graphs = {"p_a2": p2, "K1_graphs_a2": np.ones((2, 3)), "p_a4": p4, "K1_graphs_a4": np.full((2, 3), 0.5)}
    g = apply("fig1", "graphs_are_tree", (tree, graphs, us))[1]
    assert np.allclose(g["K1_graphs_a2"], tree["right_C1_a2"]) and g["K1_graphs_a4"].shape == (2, 3)
    o = apply("fig1", "other_a", (tree, graphs, us))[1]
    assert np.all(o["K1_graphs_a2"] == 0.5) and np.all(o["K1_graphs_a4"] == 1.0)
