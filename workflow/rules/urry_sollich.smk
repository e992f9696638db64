# Urry & Sollich 2013: random walk kernels and GP learning curves on random graphs.
US = config["urry_sollich"]
US_F1 = US["fig1"]
US_F1_GRAPHS = f"{US_F1['ensemble']}_V{US_F1['V']}_n{US_F1['n_graphs']}"
US_FIGS = "figures/urry_sollich"
# Figures 1 and 10 are pure tree/kernel computations; their modules are the only code they import.
FIG1_CODE = ("randomwalk/tree.py", f"{US_FIGS}/__init__.py", f"{US_FIGS}/fig01.py", f"{US_FIGS}/fig10.py")

ALL_FIGURES += [fig("urry_sollich", f"{name}.png") for name in ("fig1", "fig10")]


rule us_fig1_tree:
    """Tree recursion (4): left-panel C_{l,p}, right-panel C_{1,p}, and its p -> inf limit."""
    output:
        res("urry_sollich", "fig1_tree.npz"),
    input:
        src(*FIG1_CODE),
    params:
        code=code_hash(*FIG1_CODE),
        fig1=US_F1,
    log:
        logs("us_fig1_tree"),
    benchmark:
        bench("us_fig1_tree")
    threads: 1
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/fig1_tree.py"


rule us_fig1_graphs:
    """K_{1,p} on random regular graphs from their cached spectra (Fig. 1 right, V = 500)."""
    output:
        res("urry_sollich", "fig1_graphs.npz"),
    input:
        graphs=res("graphs", f"{US_F1_GRAPHS}.npz"),
        spectra=res("spectra", f"{US_F1_GRAPHS}.npz"),
        code=src(*FIG1_CODE, "randomwalk/kernels.py", "graphs"),
    params:
        code=code_hash(*FIG1_CODE, "randomwalk/kernels.py", "graphs"),
        fig1=US_F1,
    log:
        logs("us_fig1_graphs"),
    benchmark:
        bench("us_fig1_graphs")
    threads: 2
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/fig1_graphs.py"


rule us_fig10_scaling:
    """Appendix A.2: p rho_{l,p} from recursion (4) for each p."""
    output:
        res("urry_sollich", "fig10_scaling.npz"),
    input:
        src(*FIG1_CODE),
    params:
        code=code_hash(*FIG1_CODE),
        fig10=US["fig10"],
    log:
        logs("us_fig10_scaling"),
    benchmark:
        bench("us_fig10_scaling")
    threads: 1
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/fig10_scaling.py"


# ---------------------------------------------------------------------------------------------------
# Figures 2-9, 11, 12: GP regression with the random walk kernel (p = 10, a = 2).
US_K, US_S, US_C = US["kernel"], US["sims"], US["cavity"]
ALL_FIGURES += [fig("urry_sollich", f"fig{k}.png") for k in (2, 3, 4, 5, 6, 7, 8, 9, 11, 12)]


def s2tag(s2):
    """File-name tag of a noise level, e.g. 0.001 -> '0.001', 1e-4 -> '0.0001'."""
    return f"{s2:.10f}".rstrip("0")


US_S2 = {s2tag(s): s for s in US_S["sigma2"]}
# The modules each kind of rule imports (inputs and content hash; see common.smk).
CAVITY_CODE = ("randomwalk/cavity.py", "randomwalk/kernels.py", "graphs")
SIMS_CODE = ("randomwalk/simulated_curves.py", "randomwalk/kernels.py", "gp", "graphs")
US_SIMS_GRAPHS = lambda ens: f"{ens}_V{US_S['V']}_n{US_S['n_samples']}"  # noqa: E731


def ensemble_spec(ens):
    return config["graph_ensembles"][ens]


wildcard_constraints:
    ens="[a-z][a-z0-9]*",
    s2=r"[0-9.]+",


rule us_sims_matched:
    """Exact Bayes errors on V = 500 graphs, both normalisations, every sigma^2 and nu (Figs 3, 5, 9)."""
    input:
        graphs=lambda wc: res("graphs", f"{US_SIMS_GRAPHS(wc.ens)}.npz"),
        spectra=lambda wc: res("spectra", f"{US_SIMS_GRAPHS(wc.ens)}.npz"),
        code=src(*SIMS_CODE),
    output:
        res("urry_sollich", "sims", "{ens}_matched.npz"),
    params:
        code=code_hash(*SIMS_CODE),
        kernel=US_K,
        sims=US_S,
        seed=config["seed"],
    log:
        logs("us_sims_matched_{ens}"),
    benchmark:
        bench("us_sims_matched_{ens}")
    threads: 1
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/sims.py"


rule us_sims_mismatch:
    """Teacher/student normalisation mismatch on the same graphs and data sets (Figs 7, 8)."""
    input:
        graphs=lambda wc: res("graphs", f"{US_SIMS_GRAPHS(wc.ens)}.npz"),
        spectra=lambda wc: res("spectra", f"{US_SIMS_GRAPHS(wc.ens)}.npz"),
        code=src(*SIMS_CODE),
    output:
        res("urry_sollich", "sims", "{ens}_mismatch.npz"),
    params:
        code=code_hash(*SIMS_CODE),
        kernel=US_K,
        sims=US_S,
        seed=config["seed"],
    log:
        logs("us_sims_mismatch_{ens}"),
    benchmark:
        bench("us_sims_mismatch_{ens}")
    threads: 1
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/sims.py"


rule us_eigen_finite:
    """Eigenvalue approximation (Eq. 18) with each V = 500 graph's globally normalised spectrum (Fig 3)."""
    input:
        spectra=lambda wc: res("spectra", f"{US_SIMS_GRAPHS(wc.ens)}.npz"),
        code=src(*SIMS_CODE),
    output:
        res("urry_sollich", "eigen", "{ens}.npz"),
    params:
        code=code_hash(*SIMS_CODE),
        kernel=US_K,
        sims=US_S,
    log:
        logs("us_eigen_finite_{ens}"),
    benchmark:
        bench("us_eigen_finite_{ens}")
    threads: 1
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/eigen_finite.py"


rule us_cavity_kappa:
    """nu = 0 population: ensemble kappa and prior-variance samples (Section 4.2, Fig 2), warm start."""
    output:
        res("urry_sollich", "cavity", "{ens}_kappa.npz"),
    input:
        src(*CAVITY_CODE),
    params:
        code=code_hash(*CAVITY_CODE),
        ensemble=lambda wc: ensemble_spec(wc.ens),
        kernel=US_K,
        cavity=US_C,
        seed=config["seed"],
    log:
        logs("us_cavity_kappa_{ens}"),
    benchmark:
        bench("us_cavity_kappa_{ens}")
    threads: 1
    resources:
        mem_mb=2000,
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/cavity_kappa.py"


rule us_cavity_curve:
    """Cavity learning curve by population dynamics, warm-started along nu (global: Sec 4.1, local: 4.3)."""
    input:
        kappa=res("urry_sollich", "cavity", "{ens}_kappa.npz"),
        code=src(*CAVITY_CODE),
    output:
        res("urry_sollich", "cavity", "{ens}_{norm}_s{s2}.npz"),
    params:
        code=code_hash(*CAVITY_CODE),
        ensemble=lambda wc: ensemble_spec(wc.ens),
        kernel=US_K,
        cavity=US_C,
        nu_range=US_S["nu_range"],
        sigma2=lambda wc: US_S2[wc.s2],
        keep_samples_at=[],
        measure_sweeps=US_C["measure_sweeps"],
        seed=config["seed"],
    wildcard_constraints:
        norm="global|local",
    log:
        logs("us_cavity_curve_{ens}_{norm}_s{s2}"),
    benchmark:
        bench("us_cavity_curve_{ens}_{norm}_s{s2}")
    threads: 1
    resources:
        mem_mb=2000,
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/cavity_curve.py"


rule us_cavity_fig6:
    """Local-normalisation population at the two nu of Fig 6, keeping >= 10^6 posterior-variance samples."""
    input:
        kappa=res("urry_sollich", "cavity", "er3_kappa.npz"),
        code=src(*CAVITY_CODE),
    output:
        res("urry_sollich", "cavity", "fig6_local.npz"),
    params:
        code=code_hash(*CAVITY_CODE),
        ensemble=ensemble_spec("er3"),
        kernel=US_K,
        cavity=US_C,
        nus=US["fig6"]["nus"],
        sigma2=US["fig6"]["sigma2"],
        keep_samples_at=US["fig6"]["nus"],
        measure_sweeps=US["fig6"]["measure_sweeps"],
        seed=config["seed"],
    log:
        logs("us_cavity_fig6"),
    benchmark:
        bench("us_cavity_fig6")
    threads: 1
    resources:
        mem_mb=2000,
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/cavity_curve.py"


rule us_fig2_graph:
    """Prior variances C_ii of the globally normalised kernel on one V = 10^4 graph (sparse T^5)."""
    output:
        res("urry_sollich", "fig2", "{ens}_Cii.npz"),
    input:
        src("randomwalk/kernels.py", "graphs"),
    params:
        code=code_hash("randomwalk/kernels.py", "graphs"),
        ensemble=lambda wc: ensemble_spec(wc.ens),
        kernel=US_K,
        V=US["fig2"]["V"],
        seed=config["seed"],
    log:
        logs("us_fig2_graph_{ens}"),
    benchmark:
        bench("us_fig2_graph_{ens}")
    threads: 1
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/fig2_graph.py"


rule us_fig4_eigen:
    """Eq. 21 on the 3-regular tree for large p and the master curve Eq. 26 (Fig 4 left)."""
    output:
        res("urry_sollich", "fig4_eigen.npz"),
    input:
        src("gp", "randomwalk/tree.py"),
    params:
        code=code_hash("gp", "randomwalk/tree.py"),
        fig4=US["fig4"],
        kernel=US_K,
        d=ensemble_spec(US["fig4"]["ensemble"])["d"],
    log:
        logs("us_fig4_eigen"),
    benchmark:
        bench("us_fig4_eigen")
    threads: 1
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/fig4_eigen.py"


rule us_fig4_sims:
    """Simulated learning curves for p = 5..20 against nu p^(3/2) on V = 500 3-regular graphs (Fig 4 right)."""
    input:
        graphs=res("graphs", f"{US['fig4']['ensemble']}_V{US_S['V']}_n{US['fig4']['n_samples']}.npz"),
        spectra=res("spectra", f"{US['fig4']['ensemble']}_V{US_S['V']}_n{US['fig4']['n_samples']}.npz"),
        code=src(*SIMS_CODE),
    output:
        res("urry_sollich", "fig4_sims.npz"),
    params:
        code=code_hash(*SIMS_CODE),
        fig4=US["fig4"],
        kernel=US_K,
        seed=config["seed"],
    log:
        logs("us_fig4_sims"),
    benchmark:
        bench("us_fig4_sims")
    threads: 1
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/fig4_sims.py"


rule us_fig6_sims:
    """Pooled local posterior variances, 10 ER graphs x 10 data sets, V = 1000 (Fig 6 grey)."""
    input:
        graphs=res("graphs", f"er3_V{US['fig6']['V']}_n{US['fig6']['n_graphs']}.npz"),
        spectra=res("spectra", f"er3_V{US['fig6']['V']}_n{US['fig6']['n_graphs']}.npz"),
        code=src(*SIMS_CODE),
    output:
        res("urry_sollich", "fig6_sims.npz"),
    params:
        code=code_hash(*SIMS_CODE),
        fig6=US["fig6"],
        kernel=US_K,
        seed=config["seed"],
    log:
        logs("us_fig6_sims"),
    benchmark:
        bench("us_fig6_sims")
    threads: 1
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/fig6_sims.py"


rule us_fig11_12_data:
    """Pseudo-outputs z and prediction vectors on one V = 250 ER graph (Appendix B, Figs 11, 12)."""
    output:
        res("urry_sollich", "fig11_12.npz"),
    input:
        src(*SIMS_CODE, f"{US_FIGS}/fig11.py", f"{US_FIGS}/__init__.py"),
    params:
        code=code_hash(*SIMS_CODE, f"{US_FIGS}/fig11.py", f"{US_FIGS}/__init__.py"),
        fig11=US["fig11"],
        kernel=US_K,
        ensemble=ensemble_spec("er3"),
        seed=config["seed"],
    log:
        logs("us_fig11_12_data"),
    benchmark:
        bench("us_fig11_12_data")
    threads: 1
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/fig11_12_data.py"


def cavity_curves(ensembles, norm):
    return [res("urry_sollich", "cavity", f"{e}_{norm}_s{t}.npz") for e in ensembles for t in US_S2]


def us_figure_rule(name, inputs, also=()):
    """The plot rule of one figure. Its code: the figure's own module (plus ``also``), the shared plotting
    helpers, and the science modules a plot evaluates (closed forms such as the tree kernel or a degree law)."""
    k = int(name[3:])
    own = [f"{US_FIGS}/fig{k:02d}.py", *(f"{US_FIGS}/{m}.py" for m in also)]
    modules = (*own, f"{US_FIGS}/__init__.py", f"{US_FIGS}/common.py", f"{US_FIGS}/curves.py",
               "randomwalk/tree.py", "randomwalk/kernels.py", "gp", "graphs")
    figure_rule("urry_sollich", "us", k, inputs, modules, dict(US, graph_ensembles=config["graph_ensembles"]))


us_figure_rule("fig1", {"tree": rules.us_fig1_tree.output[0], "graphs": rules.us_fig1_graphs.output[0]})
us_figure_rule("fig10", {"scaling": rules.us_fig10_scaling.output[0]})
us_figure_rule("fig2", {
    "graphs": [res("urry_sollich", "fig2", f"{e}_Cii.npz") for e in US["fig2"]["ensembles"]],
    "kappa": [res("urry_sollich", "cavity", f"{e}_kappa.npz") for e in US["fig2"]["ensembles"]],
})
us_figure_rule("fig3", {
    "sims": [res("urry_sollich", "sims", f"{e}_matched.npz") for e in US_S["ensembles"]],
    "eigen": [res("urry_sollich", "eigen", f"{e}.npz") for e in US_S["ensembles"]],
    "cavity": cavity_curves(US_S["ensembles"], "global"),
})
us_figure_rule("fig4", {"eigen": res("urry_sollich", "fig4_eigen.npz"), "sims": res("urry_sollich", "fig4_sims.npz")})
us_figure_rule("fig5", {
    "sims": [res("urry_sollich", "sims", f"{e}_matched.npz") for e in US_S["mismatch_ensembles"]],
    "cavity": cavity_curves(US_S["mismatch_ensembles"], "local"),
})
us_figure_rule("fig6", {"sims": res("urry_sollich", "fig6_sims.npz"), "cavity": res("urry_sollich", "cavity", "fig6_local.npz")})
us_figure_rule("fig7", {"sims": [res("urry_sollich", "sims", f"{e}_mismatch.npz") for e in US_S["mismatch_ensembles"]]})
us_figure_rule("fig8", also=("fig07",), inputs={"sims": [res("urry_sollich", "sims", f"{e}_mismatch.npz") for e in US_S["mismatch_ensembles"]]})
us_figure_rule("fig9", {
    "sims": [res("urry_sollich", "sims", f"{e}_matched.npz") for e in US_S["mismatch_ensembles"]],
    "cavity": [res("urry_sollich", "cavity", f"{e}_{n}_s{s2tag(US['fig9']['sigma2'])}.npz")
               for e in US_S["mismatch_ensembles"] for n in ("global", "local")],
})
us_figure_rule("fig11", {"data": res("urry_sollich", "fig11_12.npz")})
us_figure_rule("fig12", also=("fig11",), inputs={"data": res("urry_sollich", "fig11_12.npz")})
