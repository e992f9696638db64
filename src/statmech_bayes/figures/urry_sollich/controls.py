"""Negative controls of Urry & Sollich's figures (issue 43, :mod:`statmech_bayes.reporting.controls`): per figure,
the wrong answers a careless replication could produce, as data fed to the figure's own claims function.

Each figure's ``load`` mirrors its ``make`` (the controls rule checks that it gives the figure's claims file). The
controls were chosen from the paper, the spec and the claims code, before their outcomes were seen: the eigenvalue
or scaling approximation in place of the computed curve, a learning curve held at its first point, the kernel of
another p or a, one normalisation in place of the other, the arms of a comparison swapped. Where a control is the
right answer for a claim (a one-sided closeness that an exact approximation meets, a comparison symmetric in the arms
swapped), ``claims=`` restricts it to the claims it is wrong for.

Figs 7 and 8 (and 11 and 12) make the same claims of their two student/teacher pairings ("similar behaviour"), so
swapping teacher and student is the right answer for every claim there and is not declared.
"""

from __future__ import annotations

import numpy as np

from statmech_bayes.core.atomic_io import load_npz
from statmech_bayes.figures.urry_sollich.claims import (
    PAPER_DASHED,
    fig1_claims,
    fig2_claims,
    fig3_claims,
    fig4_claims,
    fig5_claims,
    fig6_claims,
    fig9_claims,
    fig10_claims,
    mismatch_claims,
    scaling_shape,
    spike_claims,
    vertex_variances,
)
from statmech_bayes.figures.urry_sollich.common import by_ensemble, cavity_by_key, interp_loglog
from statmech_bayes.randomwalk.kernels import rw_coefficients
from statmech_bayes.randomwalk.pseudo_outputs import SCENARIOS
from statmech_bayes.reporting.controls import Control, FigureControls


def _rotate(values: list) -> list:
    """Each entry replaced by the next one (the last by the first): every item gets a neighbour's data."""
    return values[1:] + values[:1]


def _hold_first(eps: np.ndarray) -> np.ndarray:
    """A curve (last axis nu) held at its first point."""
    return np.broadcast_to(eps[..., :1], eps.shape).copy()


# ------------------------------------------------------------------------------------------ Fig 1

def _load_fig1(inputs: dict, cfg: dict) -> tuple:
    return load_npz(inputs["tree"])[0], load_npz(inputs["graphs"])[0], cfg


def _fig1_graphs_are_tree(args: tuple) -> tuple:
    """K_{1,p} on the finite graphs replaced by the tree's C_{1,p} on the same p grid, for every graph."""
    tree, graphs, us = args
    for a in us["fig1"]["right_a"]:
        pg, Kg = graphs[f"p_a{a:g}"], graphs[f"K1_graphs_a{a:g}"]
        C = np.interp(pg, tree[f"right_p_a{a:g}"], tree[f"right_C1_a{a:g}"])
        graphs[f"K1_graphs_a{a:g}"] = np.broadcast_to(C, Kg.shape).copy()
    return tree, graphs, us


def _fig1_tree_is_graph(args: tuple) -> tuple:
    """The tree's C_{1,p} replaced by the graphs' mean K_{1,p} (the fully correlated limit put on the tree)."""
    tree, graphs, us = args
    for a in us["fig1"]["right_a"]:
        tree[f"right_p_a{a:g}"] = graphs[f"p_a{a:g}"].copy()
        tree[f"right_C1_a{a:g}"] = graphs[f"K1_graphs_a{a:g}"].mean(axis=0)
    return tree, graphs, us


def _fig1_recursion_not_iterated(args: tuple) -> tuple:
    """Every left-panel kernel, and the p -> inf limit, that of the smallest p (recursion (4) stopped there)."""
    tree, graphs, us = args
    C = tree["left_C"]
    first = C[0]
    tree["left_C"] = np.broadcast_to(first, C.shape).copy()
    n = tree["limit_extrapolated"].size
    tree["limit_extrapolated"] = np.concatenate([first, np.zeros(max(0, n - first.size))])[:n]
    return tree, graphs, us


def _fig1_other_a(args: tuple) -> tuple:
    """The graphs' K_{1,p} of each a replaced by those of the next a at the same p (interpolated in p, held at the
    last value beyond that a's grid): the kernel of another a, drawn against p/a of this one."""
    tree, graphs, us = args
    a_s = list(us["fig1"]["right_a"])
    p = [graphs[f"p_a{a:g}"] for a in a_s]
    K = [graphs[f"K1_graphs_a{a:g}"] for a in a_s]
    for a, p_own, p_other, K_other in zip(a_s, p, _rotate(p), _rotate(K)):
        graphs[f"K1_graphs_a{a:g}"] = np.stack([np.interp(p_own, p_other, k) for k in K_other])
    return tree, graphs, us


# ------------------------------------------------------------------------------------------ Fig 2

def _load_fig2(inputs: dict, cfg: dict) -> tuple:
    return by_ensemble(inputs["graphs"]), by_ensemble(inputs["kappa"]), cfg


def _fig2_local_normalisation(args: tuple) -> tuple:
    """Every prior variance 1 (local normalisation, C_ii = 1 by definition), graphs and cavity."""
    graphs, kappas, us = args
    for ens in graphs:
        g, kap = graphs[ens], kappas[ens]
        # (kappa, the raw kernel's mean, is what it is: only the normalisation of the variances changes)
        g["C_hat_ii"] = np.ones_like(g["C_hat_ii"])
        g["pooled_C"] = np.ones_like(g["pooled_C"])
        kap["prior_samples"] = np.full_like(kap["prior_samples"], float(kap["kappa"]))
    return graphs, kappas, us


def _fig2_cavity_ensembles_swapped(args: tuple) -> tuple:
    """The cavity populations of the ensembles rotated (Erdos-Renyi's cavity drawn against the power-law graph)."""
    graphs, kappas, us = args
    keys = list(kappas)
    return graphs, dict(zip(keys, _rotate([kappas[k] for k in keys]))), us


def _resample(values: np.ndarray, drop: np.ndarray, rng) -> np.ndarray:
    """``values`` with the entries at ``drop`` replaced by random other entries (the size kept)."""
    out = values.copy()
    keep = np.flatnonzero(~drop)
    if drop.any() and keep.size:
        out[drop] = values[rng.choice(keep, size=int(drop.sum()))]
    return out


def _fig2_isolated_vertices_dropped(args: tuple) -> tuple:
    """Isolated vertices excluded (as if p(0) = 0; spec 2.1: 'do not drop isolated vertices'): each one's entry
    replaced by a random non-isolated vertex's, so that V stays; graphs (renormalised) and cavity (kappa
    recomputed)."""
    graphs, kappas, us = args
    c0 = float(rw_coefficients(us["kernel"]["p"], us["kernel"]["a"])[0])
    rng = np.random.default_rng(0)
    for ens in graphs:
        g, kap = graphs[ens], kappas[ens]
        iso = g["degree"] == 0
        idx = _resample(np.arange(iso.size), iso, rng)
        for key in ("C_hat_ii", "degree", "isolated_edge"):
            g[key] = g[key][idx]
        kg = g["kappa_graphs"]
        pooled = g["pooled_C"]
        iso_p = np.isclose(pooled[:, None] * kg[None, :], c0, rtol=1e-9, atol=0.0).any(axis=1)
        pooled = _resample(pooled, iso_p, rng)
        g["pooled_C"], g["kappa_graphs"] = pooled / pooled.mean(), kg * pooled.mean()
        s = kap["prior_samples"]
        s = _resample(s, np.isclose(s, c0, rtol=1e-9, atol=0.0), rng)
        kap["prior_samples"], kap["kappa"] = s, np.float64(s.mean())
    return graphs, kappas, us


# ------------------------------------------------------------------------------------------ Fig 3

def _load_fig3(inputs: dict, cfg: dict) -> tuple:
    return by_ensemble(inputs["sims"]), by_ensemble(inputs["eigen"]), cavity_by_key(inputs["cavity"]), cfg


def _fig3_cavity_is_eigen(args: tuple) -> tuple:
    """The cavity curves replaced by the eigenvalue approximation (Eq. 18) on the cavity's nu grid."""
    sims, eig, cav, us = args
    for (ens, norm, s2), cv in cav.items():
        if norm != "global" or ens not in eig:
            continue
        e = eig[ens]
        j = [float(x) for x in sims[ens]["sigma2"]].index(s2)
        cv["eps"] = interp_loglog(cv["nu"], e["nu"], e["eps"][:, j].mean(0))
    return sims, eig, cav, us


def _fig3_simulation_flat(args: tuple) -> tuple:
    """The simulated learning curves held at their first point (a GP that learns nothing after nu = nu_min)."""
    sims, eig, cav, us = args
    for s in sims.values():
        s["eps"] = _hold_first(s["eps"])
    return sims, eig, cav, us


def _fig3_local_for_global(args: tuple) -> tuple:
    """The globally normalised simulations replaced by the locally normalised ones (where both were simulated)."""
    sims, eig, cav, us = args
    for s in sims.values():
        names = list(s["normalisations"])
        if "local" in names:
            s["eps"][:, names.index("global")] = s["eps"][:, names.index("local")]
    return sims, eig, cav, us


def _fig3_eigen_is_simulation(args: tuple) -> tuple:
    """The eigenvalue approximation replaced by the simulated curves themselves."""
    sims, eig, cav, us = args
    for ens, s in sims.items():
        eig[ens]["nu"], eig[ens]["eps"] = s["nu"].copy(), s["eps"][:, 0].copy()
    return sims, eig, cav, us


# ------------------------------------------------------------------------------------------ Fig 4

def _load_fig4(inputs: dict, cfg: dict) -> tuple:
    return load_npz(inputs["eigen"])[0], load_npz(inputs["sims"])[0], cfg


def _fig4_eigen_is_master(args: tuple) -> tuple:
    """The eigenvalue approximation (Eq. 21) at every p replaced by the master curve (Eq. 26)."""
    eig, sims, us = args
    for p in eig["p_eig"]:
        eig[f"eps_p{p}"] = eig["master"].copy()
    return eig, sims, us


def naive_eq19(d: int, p) -> np.ndarray:
    """Eq. (19) with the p = inf kernel (Eq. 5) summed over every shell up to l = p: the naive count, ~ p^3."""
    # v_l C_{l,inf}^2 = d (d-1)^(l-1) [1 + l(d-2)/d]^2 (d-1)^(-l) = d/(d-1) [1 + l(d-2)/d]^2 (no overflow)
    out = []
    for q in np.atleast_1d(p):
        l = np.arange(1, int(q) + 1)
        out.append(1.0 + float(np.sum(d / (d - 1.0) * (1.0 + l * (d - 2.0) / d) ** 2)))
    return np.array(out)


def _fig4_naive_p_cubed(args: tuple) -> tuple:
    """Eq. (19) summed naively up to l = p with the limiting kernel (the p^3 count the paper rejects)."""
    eig, sims, us = args
    eig["eq19_sum"] = naive_eq19(3, eig["eq19_p"])
    return eig, sims, us


def _fig4_sims_smallest_p(args: tuple) -> tuple:
    """Every simulated curve that of the smallest p (the kernel of another p), plotted with its own p's x."""
    eig, sims, us = args
    p0 = sims["p_sim"][0]
    for p in sims["p_sim"]:
        sims[f"N_p{p}"], sims[f"eps_p{p}"] = sims[f"N_p{p0}"].copy(), sims[f"eps_p{p0}"].copy()
    return eig, sims, us


def _fig4_sims_flat(args: tuple) -> tuple:
    """The simulated learning curves held at their first point (error after one example, then no learning)."""
    eig, sims, us = args
    for p in sims["p_sim"]:
        sims[f"eps_p{p}"] = _hold_first(sims[f"eps_p{p}"])
    return eig, sims, us


# ------------------------------------------------------------------------------------------ Fig 5

def _load_fig5(inputs: dict, cfg: dict) -> tuple:
    return by_ensemble(inputs["sims"]), cavity_by_key(inputs["cavity"]), cfg


def _fig5_global_for_local(args: tuple) -> tuple:
    """The locally normalised simulations replaced by the globally normalised ones."""
    sims, cav, us = args
    for s in sims.values():
        names = list(s["normalisations"])
        s["eps"][:, names.index("local")] = s["eps"][:, names.index("global")]
    return sims, cav, us


def _fig5_simulation_flat(args: tuple) -> tuple:
    """The simulated learning curves held at their first point."""
    sims, cav, us = args
    for s in sims.values():
        s["eps"] = _hold_first(s["eps"])
    return sims, cav, us


def _cavity_other_noise(cav: dict, norm: str) -> dict:
    out = dict(cav)
    for ens in {k[0] for k in cav if k[1] == norm}:
        keys = sorted((k for k in cav if k[0] == ens and k[1] == norm), key=lambda k: k[2])
        out.update(zip(keys, _rotate([cav[k] for k in keys])))
    return out


def _fig5_cavity_other_noise(args: tuple) -> tuple:
    """Each cavity curve that of the next noise level (population dynamics run at the wrong sigma2)."""
    sims, cav, us = args
    return sims, _cavity_other_noise(cav, "local"), us


# ------------------------------------------------------------------------------------------ Fig 6

def _load_fig6(inputs: dict, cfg: dict) -> tuple:
    return load_npz(inputs["sims"])[0], load_npz(inputs["cavity"])[0], cfg


def _samples_keys(cav: dict) -> list[str]:
    return sorted((k for k in cav if k.startswith("samples_") and not k.endswith("_nu")),
                  key=lambda k: int(k.split("_")[1]))


def _fig6_cavity_other_nu(args: tuple) -> tuple:
    """The cavity samples of each nu those of the next nu (the population measured at the wrong nu)."""
    sims, cav, us = args
    keys = _samples_keys(cav)
    cav.update(zip(keys, _rotate([cav[k] for k in keys])))
    return sims, cav, us


def _fig6_cavity_prior(args: tuple) -> tuple:
    """The cavity's posterior variances replaced by the prior ones: 1 at every vertex under local normalisation."""
    sims, cav, us = args
    for k in _samples_keys(cav):
        cav[k] = np.ones_like(cav[k])
    return sims, cav, us


def _fig6_simulation_mean_only(args: tuple) -> tuple:
    """Each simulated set of local posterior variances replaced by its mean (the Bayes error, no distribution)."""
    sims, cav, us = args
    post = np.asarray(sims["posterior_variances"], float)
    sims["posterior_variances"] = np.broadcast_to(post.mean(axis=1, keepdims=True), post.shape).copy()
    return sims, cav, us


# ------------------------------------------------------------------------------------------ Figs 7, 8

def _load_mismatch(pairing: str, name: str):
    def load(inputs: dict, cfg: dict) -> tuple:
        return by_ensemble(inputs["sims"]), cfg, pairing, name
    return load


def _mismatch_never_learns(args: tuple) -> tuple:
    """The mismatched learning curves held at their first point."""
    sims, us, pairing, name = args
    for s in sims.values():
        s["eps"] = _hold_first(s["eps"])
    return sims, us, pairing, name


def _mismatch_monotone(args: tuple) -> tuple:
    """Each graph's mismatched curve replaced by its running minimum over nu: the error never rises, as in the
    matched case."""
    sims, us, pairing, name = args
    for s in sims.values():
        s["eps"] = np.minimum.accumulate(s["eps"], axis=-1)
    return sims, us, pairing, name


def _mismatch_nu_reversed(args: tuple) -> tuple:
    """The curves' nu axis reversed (data-set sizes assigned from the wrong end: the error rising with nu)."""
    sims, us, pairing, name = args
    for s in sims.values():
        s["eps"] = s["eps"][..., ::-1].copy()
    return sims, us, pairing, name


# ------------------------------------------------------------------------------------------ Fig 9

def _load_fig9(inputs: dict, cfg: dict) -> tuple:
    cav = cavity_by_key(inputs["cavity"])
    kappa, finite = by_ensemble(inputs["kappa"]), by_ensemble(inputs["finite_size"])
    s2 = float(cfg["fig9"]["sigma2"])
    extra, tail = by_ensemble(inputs["sims_extra"]), by_ensemble(inputs["tail"])
    sims = {ens: vertex_variances(s, extra[ens], tail[ens], s2) for ens, s in by_ensemble(inputs["sims"]).items()}
    larger = by_ensemble(inputs.get("larger_graphs", {}))
    return sims, cav, kappa, finite, larger, cfg


def _fig9_normalisations_swapped(args: tuple) -> tuple:
    """The simulated vertex variances of global and local normalisation swapped."""
    sims, cav, kappa, finite, larger, us = args
    for s in sims.values():
        s["var"] = s["var"][:, ::-1].copy()      # vertex_variances: global then local
    return sims, cav, kappa, finite, larger, us


def _fig9_global_for_local(args: tuple) -> tuple:
    """The locally normalised vertex variances replaced by the globally normalised ones."""
    sims, cav, kappa, finite, larger, us = args
    for s in sims.values():
        s["var"][:, 1] = s["var"][:, 0]
    return sims, cav, kappa, finite, larger, us


def _fig9_never_learns(args: tuple) -> tuple:
    """The vertex variances held at their value at the smallest nu (the prior's spread throughout)."""
    sims, cav, kappa, finite, larger, us = args
    for s in sims.values():
        s["var"] = _hold_first(s["var"])
    return sims, cav, kappa, finite, larger, us


# ------------------------------------------------------------------------------------------ Fig 10

def _load_fig10(inputs: dict, cfg: dict) -> tuple:
    data = load_npz(inputs["scaling"])[0]
    data["p_values"] = data["p_values"].tolist()
    return data, cfg


def _fig10_smallest_p(args: tuple) -> tuple:
    """Every p's curve that of the smallest p (recursion (4) not iterated further)."""
    data, us = args
    p0 = data["p_values"][0]
    for p in data["p_values"]:
        data[f"x_p{p}"], data[f"prho_p{p}"] = data[f"x_p{p0}"].copy(), data[f"prho_p{p0}"].copy()
    return data, us


def _fig10_naive_scaling(args: tuple) -> tuple:
    """The curves plotted against l/p instead of l/sqrt(p) (the naive diffusive range ~ p)."""
    data, us = args
    for p in data["p_values"]:
        data[f"x_p{p}"] = data[f"x_p{p}"] / np.sqrt(p)
    return data, us


def _fig10_paper_dashed(args: tuple) -> tuple:
    """The computed curves replaced by the scaling form itself (the paper's dashed line on each p's grid)."""
    data, us = args
    for p in data["p_values"]:
        data[f"prho_p{p}"] = scaling_shape(data[f"x_p{p}"], *PAPER_DASHED)
    return data, us


# ------------------------------------------------------------------------------------------ Figs 11, 12

def _spike_record(d: dict, draws: dict, us: dict, name: str):
    """The claims record of Figs 11, 12 (spike_claims also returns the figure's caption)."""
    return spike_claims(d, draws, us, name)[0]


def _load_spikes(name: str):
    def load(inputs: dict, cfg: dict) -> tuple:
        return load_npz(inputs["data"])[0], load_npz(inputs["draws"])[0], cfg, name
    return load


def _spikes_arms_swapped(args: tuple) -> tuple:
    """The matched and the mismatched pseudo-outputs swapped (drawn and expected z_mu^2)."""
    d, draws, us, name = args
    (ms, mt), (ss, st) = SCENARIOS[name]
    m, s = f"{ms}_{mt}", f"{ss}_{st}"
    for k in ("z2", "z2exp"):
        d[f"{k}_{m}"], d[f"{k}_{s}"] = d[f"{k}_{s}"], d[f"{k}_{m}"]
    return d, draws, us, name


def _spike_controls(name: str) -> FigureControls:
    return FigureControls(f"urry_sollich/{name}", _load_spikes(name), _spike_record, (
        Control("arms_swapped", "the matched and mismatched pseudo-outputs swapped (the comparison reversed)",
                _spikes_arms_swapped),
        # (no random-example control: the stored baseline is the mean over all examples, not one example's, so
        # a top spike set to it differs from the baseline by exactly 0 and could never be detected; dropped on review)
    ))


def _mismatch_controls(name: str, pairing: str) -> FigureControls:
    return FigureControls(f"urry_sollich/{name}", _load_mismatch(pairing, name), mismatch_claims, (
        # (without a rise there is no maximum to locate: these two bear on the rise, not on its nu)
        Control("never_learns", "the mismatched learning curves held at their first point (a curve that never "
                "learns)", _mismatch_never_learns, claims=r"rise from a minimum"),
        Control("monotone", "each graph's mismatched curve replaced by its running minimum over nu (an error that "
                "never rises, like the matched curves of Figs 3 and 5)", _mismatch_monotone,
                claims=r"rise from a minimum"),
        Control("nu_reversed", "the nu axis reversed (data-set sizes assigned from the wrong end: the error rising "
                "with nu to its end)", _mismatch_nu_reversed),
    ))


CONTROLS: dict[str, FigureControls] = {
    "fig1": FigureControls("urry_sollich/fig1", _load_fig1, fig1_claims, (
        Control("graphs_are_tree", "K_{1,p} on the finite random regular graphs replaced by the tree's C_{1,p} "
                "(cycles ignored: no approach to the fully correlated limit)", _fig1_graphs_are_tree,
                claims=r"same fraction at p/a|K_\(1,p\) at p/a"),
        Control("tree_is_graph", "the tree's C_{1,p} replaced by the graphs' K_{1,p} (the fully correlated limit "
                "on the tree)", _fig1_tree_is_graph, claims=r"stays at the non-trivial limit"),
        Control("recursion_not_iterated", "every left-panel kernel and the p -> inf limit that of the smallest p "
                "(the kernel held at its first p)", _fig1_recursion_not_iterated),
        # K_(1,p) -> 1 at large p holds for every a: another a's kernel is the right answer for that claim
        Control("other_a", "the graphs' K_{1,p} of each a computed with the other a (the kernel of another a)",
                _fig1_other_a, claims=r"^(?!.*K_\(1,p\) at p/a)"),
    )),
    "fig2": FigureControls("urry_sollich/fig2", _load_fig2, fig2_claims, (
        Control("local_normalisation", "local normalisation in place of the global one: every prior variance 1, "
                "graphs and cavity", _fig2_local_normalisation),
        Control("cavity_ensembles_swapped", "the cavity populations of the two ensembles swapped (each graph "
                "compared with the other degree law's cavity)", _fig2_cavity_ensembles_swapped),
        Control("isolated_vertices_dropped", "isolated vertices excluded, graphs and cavity (each replaced by a "
                "random non-isolated vertex, kappa recomputed), which the spec warns against",
                _fig2_isolated_vertices_dropped),
    )),
    "fig3": FigureControls("urry_sollich/fig3", _load_fig3, fig3_claims, (
        Control("cavity_is_eigen", "the cavity curves replaced by the eigenvalue approximation (Eq. 18)",
                _fig3_cavity_is_eigen),
        Control("simulation_flat", "the simulated learning curves held at their first point (a curve that never "
                "learns)", _fig3_simulation_flat),
        Control("local_for_global", "the locally normalised simulations in place of the globally normalised ones "
                "(Erdos-Renyi and power law; one normalisation simulated on 3-regular graphs)",
                _fig3_local_for_global),
        Control("eigen_is_simulation", "the eigenvalue approximation replaced by the simulated curves (no "
                "crossover error)", _fig3_eigen_is_simulation, claims=r"largest deviation"),
    )),
    "fig4": FigureControls("urry_sollich/fig4", _load_fig4, fig4_claims, (
        Control("eigen_is_master", "the eigenvalue approximation (Eq. 21) at every p replaced by the master curve "
                "(Eq. 26)", _fig4_eigen_is_master, claims=r"decreases as p grows|approach is slower in the tail"),
        Control("naive_p_cubed", "Eq. (19) summed naively up to l = p with the p = inf kernel (the p^3 count the "
                "paper rejects)", _fig4_naive_p_cubed),
        Control("sims_smallest_p", "every simulated curve that of the smallest p (the kernel of another p)",
                _fig4_sims_smallest_p),
        Control("sims_flat", "the simulated learning curves held at their first point (no learning after the "
                "first example)", _fig4_sims_flat),
    )),
    "fig5": FigureControls("urry_sollich/fig5", _load_fig5, fig5_claims, (
        Control("global_for_local", "the globally normalised simulations in place of the locally normalised ones",
                _fig5_global_for_local),
        Control("simulation_flat", "the simulated learning curves held at their first point (a curve that never "
                "learns)", _fig5_simulation_flat),
        Control("cavity_other_noise", "each cavity curve that of the next noise level (population dynamics at the "
                "wrong sigma2)", _fig5_cavity_other_noise),
    )),
    "fig6": FigureControls("urry_sollich/fig6", _load_fig6, fig6_claims, (
        Control("cavity_other_nu", "the cavity samples of each nu those of the other nu", _fig6_cavity_other_nu),
        Control("cavity_prior", "the cavity's posterior variances replaced by the prior ones (1 at every vertex "
                "under local normalisation)", _fig6_cavity_prior),
        Control("simulation_mean_only", "each simulated set of local posterior variances replaced by its mean (a "
                "constant estimate: the Bayes error without its distribution)", _fig6_simulation_mean_only),
    )),
    "fig7": _mismatch_controls("fig7", "global/local"),
    "fig8": _mismatch_controls("fig8", "local/global"),
    "fig9": FigureControls("urry_sollich/fig9", _load_fig9, fig9_claims, (
        Control("normalisations_swapped", "the simulated vertex variances of global and local normalisation "
                "swapped", _fig9_normalisations_swapped),
        Control("global_for_local", "the globally normalised vertex variances in place of the locally normalised "
                "ones", _fig9_global_for_local),
        Control("never_learns", "the vertex variances held at their value at the smallest nu (the prior's spread "
                "throughout)", _fig9_never_learns),
    )),
    "fig10": FigureControls("urry_sollich/fig10", _load_fig10, fig10_claims, (
        Control("smallest_p", "every p's curve that of the smallest p (recursion (4) not iterated further)",
                _fig10_smallest_p),
        Control("naive_scaling", "the curves plotted against l/p instead of l/sqrt(p) (the naive range ~ p)",
                _fig10_naive_scaling),
        Control("paper_dashed", "the computed curves replaced by the scaling form itself (the paper's dashed line "
                "on each p's grid)", _fig10_paper_dashed),
    )),
    "fig11": _spike_controls("fig11"),
    "fig12": _spike_controls("fig12"),
}
