# Urry & Sollich 2013: configuration aliases and one path helper per cached artefact, used by the rule
# that writes it and by every rule that reads it. The rules are in urry_sollich.smk.


US = config["urry_sollich"]


US_K, US_S, US_C = US["kernel"], US["sims"], US["cavity"]


def us_keys(section, *keys):
    """The ``keys`` of a configuration section that one rule's script reads: a rule gets exactly these, so a setting
    it does not read never reruns it."""
    return {k: section[k] for k in keys}


def us_ensemble(name):
    return config["graph_ensembles"][name]


def us_s2tag(s2):
    """File-name tag of a noise level, e.g. 0.001 -> '0.001', 1e-4 -> '0.0001'."""
    return f"{s2:.10f}".rstrip("0")


US_S2 = {us_s2tag(s): s for s in US_S["sigma2"]}


def us_sims_count(pairing):
    """Graphs simulated per ensemble: every one for the matched curves, the first n_samples_mismatch (the
    same graphs and data sets, graph i depends only on i) for the teacher/student mismatch."""
    return US_S["n_samples"] if pairing == "matched" else US_S["n_samples_mismatch"]


def us_normalisations(ens):
    """Normalisations simulated on an ensemble: local only where a figure shows it (Figs 5 and 9 use the
    mismatch ensembles; the 3-regular graphs appear in Fig 3, global normalisation, only)."""
    return ["global", "local"] if ens in US_S["mismatch_ensembles"] else ["global"]


def us_sims_graphs(ens, n=None):
    """The V = sims.V graphs of one ensemble used by the simulations (n graphs; default sims.n_samples)."""
    return graph_samples_file(ens, US_S["V"], n or US_S["n_samples"])


def us_sims_spectra(ens, n=None):
    return graph_spectra_file(ens, US_S["V"], n or US_S["n_samples"])


def us_fig1_tree_file():
    return res("urry_sollich", "fig1_tree.npz")


def us_fig1_graphs_file():
    return res("urry_sollich", "fig1_graphs.npz")


def us_fig10_file():
    return res("urry_sollich", "fig10_scaling.npz")


def us_sims_file(ens, pairing):
    """Simulated learning curves: pairing 'matched' (Figs 3, 5, 9) or 'mismatch' (Figs 7, 8)."""
    return res("urry_sollich", "sims", f"{ens}_{pairing}.npz")


def us_sims_chunk_file(ens, pairing, chunk):
    return res("urry_sollich", "sims", "chunks", f"{ens}_{pairing}_c{chunk}.npz")


def us_sims_chunk_graphs(pairing, chunk):
    """Graphs [first, last) of one simulation job (sims.graphs_per_job of them)."""
    per = US_S["graphs_per_job"]
    return int(chunk) * per, min((int(chunk) + 1) * per, us_sims_count(pairing))


def us_sims_chunk_files(ens, pairing):
    n = -(-us_sims_count(pairing) // US_S["graphs_per_job"])
    return [us_sims_chunk_file(ens, pairing, c) for c in range(n)]


def us_eigen_file(ens):
    return res("urry_sollich", "eigen", f"{ens}.npz")


def us_kappa_file(ens):
    return res("urry_sollich", "cavity", f"{ens}_kappa.npz")


def us_cavity_file(ens, norm, s2tag):
    return res("urry_sollich", "cavity", f"{ens}_{norm}_s{s2tag}.npz")


def us_fig6_cavity_file():
    return res("urry_sollich", "cavity", "fig6_local.npz")


# A cavity curve's independent replicas are separate jobs (each a few minutes at paper scale, so more cores shorten
# the build), combined into the curve's file; a curve is named by its file's stem: '{ens}_{norm}_s{s2}' or
# 'fig6_local'.
US_FIG6_CURVE = "fig6_local"


def us_curve_replica_file(curve, replica):
    return res("urry_sollich", "cavity", "replicas", f"{curve}_r{replica}.npz")


def us_curve_settings(curve):
    """Everything the population dynamics of a cavity curve uses (Sections 4.1-4.3), by curve name."""
    common = {"kernel": US_K, "population": {k: US_C[k] for k in ("P", "equil_sweeps", "warm_sweeps")}}
    if curve == US_FIG6_CURVE:
        f6 = US["fig6"]
        return {**common, "ensemble_name": f6["ensemble"], "normalisation": "local", "nus": list(f6["nus"]),
                "sigma2": float(f6["sigma2"]), "keep_samples_at": list(f6["nus"]),
                "measure_sweeps": f6["measure_sweeps"], "measure_draws": US_C["P"] * f6["measure_draws"],
                "replicas": f6["replicas"]}
    ens, norm, s2 = curve.split("_")
    return {**common, "ensemble_name": ens, "normalisation": norm, "nus": us_cavity_nus(), "sigma2": US_S2[s2[1:]],
            "keep_samples_at": [], "measure_sweeps": US_C["measure_sweeps"],
            "measure_draws": us_cavity_measure_draws(norm, s2[1:]), "replicas": US_C["replicas"]}


def us_curve_replica_files(curve):
    return [us_curve_replica_file(curve, r) for r in range(us_curve_settings(curve)["replicas"])]


def us_fig9_sims_file(ens):
    """Fig 9's noise level on the graphs after the matched simulations' (graphs_factor x n_samples in all)."""
    return res("urry_sollich", "fig9", f"{ens}_sims_extra.npz")


def us_fig9_tail_file(ens):
    """Further data sets at Fig 9's largest nu, on all of its graphs."""
    return res("urry_sollich", "fig9", f"{ens}_tail.npz")


def us_fig9_graph_count():
    return int(US["fig9"]["graphs_factor"]) * US_S["n_samples"]


def us_fig9_finite_size_file(ens):
    return res("urry_sollich", "fig9", f"{ens}_finite_size.npz")


def us_fig9_larger_file(ens):
    """The global vertex variance at a few nu on graphs larger than V = 500 (finite-size check)."""
    return res("urry_sollich", "fig9", f"{ens}_larger_graphs.npz")


def us_fig2_file(ens):
    return res("urry_sollich", "fig2", f"{ens}_Cii.npz")


def us_fig4_eigen_file():
    return res("urry_sollich", "fig4_eigen.npz")


def us_fig4_sims_file():
    return res("urry_sollich", "fig4_sims.npz")


def us_fig6_sims_file():
    return res("urry_sollich", "fig6_sims.npz")


def us_fig11_file():
    return res("urry_sollich", "fig11_12.npz")


def us_fig11_draws_file():
    return res("urry_sollich", "fig11_12_draws.npz")


def us_cavity_measure_draws(norm, s2tag):
    """Vertices measured per cavity sweep: P, and fig9.cavity_measure_draws x P for the local-normalisation
    curves at the noise level whose vertex variance Fig 9 compares point by point. That variance is a second
    moment; under local normalisation it is small at small nu and carried by the few vertices near an example
    (under global normalisation it is the large spread of prior variances, precise with P vertices)."""
    fig9 = norm == "local" and US_S2[s2tag] == float(US["fig9"]["sigma2"])
    return US_C["P"] * (int(US["fig9"]["cavity_measure_draws"]) if fig9 else 1)


def us_cavity_nus():
    import numpy as np

    return np.geomspace(*US_S["nu_range"], US_C["n_nu"]).tolist()


def us_per_ensemble(path_of, ensembles, *args):
    return {e: path_of(e, *args) for e in ensembles}


def us_cavity_layout(ensembles, norms, sigma2s):
    return {e: {n: {str(s): us_cavity_file(e, n, us_s2tag(s)) for s in sigma2s} for n in norms} for e in ensembles}


US_CFG = dict(US, graph_ensembles=config["graph_ensembles"])


US_ALL, US_MIS = US_S["ensembles"], US_S["mismatch_ensembles"]


# ---------------------------------------------------------------------------------------------------
# The figures: what each one is drawn from (figures.smk turns every declaration into one rule).


declare_figure("urry_sollich", "fig1", "fig01", {"tree": us_fig1_tree_file(), "graphs": us_fig1_graphs_file()}, US_CFG)
declare_figure("urry_sollich", "fig2", "fig02", {"graphs": us_per_ensemble(us_fig2_file, US["fig2"]["ensembles"]),
                                              "kappa": us_per_ensemble(us_kappa_file, US["fig2"]["ensembles"])}, US_CFG)
declare_figure("urry_sollich", "fig3", "fig03", {"sims": us_per_ensemble(us_sims_file, US_ALL, "matched"),
                                              "eigen": us_per_ensemble(us_eigen_file, US_ALL),
                                              "cavity": us_cavity_layout(US_ALL, ["global"], US_S["sigma2"])}, US_CFG)
declare_figure("urry_sollich", "fig4", "fig04", {"eigen": us_fig4_eigen_file(), "sims": us_fig4_sims_file()}, US_CFG)
declare_figure("urry_sollich", "fig5", "fig05", {"sims": us_per_ensemble(us_sims_file, US_MIS, "matched"),
                                              "cavity": us_cavity_layout(US_MIS, ["local"], US_S["sigma2"])}, US_CFG)
declare_figure("urry_sollich", "fig6", "fig06", {"sims": us_fig6_sims_file(), "cavity": us_fig6_cavity_file()}, US_CFG)
declare_figure("urry_sollich", "fig7", "fig07", {"sims": us_per_ensemble(us_sims_file, US_MIS, "mismatch")}, US_CFG)
declare_figure("urry_sollich", "fig8", "fig08", {"sims": us_per_ensemble(us_sims_file, US_MIS, "mismatch")}, US_CFG)
declare_figure("urry_sollich", "fig9", "fig09", {"sims": us_per_ensemble(us_sims_file, US_MIS, "matched"),
                                              "cavity": us_cavity_layout(US_MIS, ["global", "local"],
                                                                         [US["fig9"]["sigma2"]]),
                                              "kappa": us_per_ensemble(us_kappa_file, US_MIS),
                                              "finite_size": us_per_ensemble(us_fig9_finite_size_file, US_MIS),
                                              "sims_extra": us_per_ensemble(us_fig9_sims_file, US_MIS),
                                              "tail": us_per_ensemble(us_fig9_tail_file, US_MIS),
                                              "larger_graphs": us_per_ensemble(
                                                  us_fig9_larger_file, US["fig9"]["larger_graph_sims"]["ensembles"])},
               US_CFG)
declare_figure("urry_sollich", "fig10", "fig10", {"scaling": us_fig10_file()}, US_CFG)
declare_figure("urry_sollich", "fig11", "fig11", {"data": us_fig11_file(), "draws": us_fig11_draws_file()}, US_CFG)
declare_figure("urry_sollich", "fig12", "fig12", {"data": us_fig11_file(), "draws": us_fig11_draws_file()}, US_CFG)
