# Sollich & Halees 2002: learning curves for GP regression, approximations and bounds (Figs 1-10).
# Every rule is named sh_*, every global SH_* / sh_*; each cached artefact has one path helper.
SH = config["sollich_halees"]
SH_SCEN = list(SH["scenarios"])


def sh_scn(wc):
    """One scenario's parameters (its noise levels included)."""
    return SH["scenarios"][wc.scen]


def sh_spectrum_file(scen):
    return res("sollich_halees", "spectra", f"{scen}.npz")


def sh_sims_file(scen):
    return res("sollich_halees", "sims", f"{scen}.npz")


def sh_theory_file(scen):
    return res("sollich_halees", "theory", f"{scen}.npz")


def sh_degenerate_file():
    return res("sollich_halees", "degenerate.npz")


def sh_fig1_file():
    return res("sollich_halees", "fig1_samples.npz")


def sh_fig2_file():
    return res("sollich_halees", "fig2_posterior.npz")


wildcard_constraints:
    scen="|".join(SH_SCEN),


rule sh_spectrum:
    """Eigenvalues of one scenario's covariance operator (App. C), trace checked against C(x,x)."""
    input:
        code=code("sollich_halees/spectrum.py"),
    output:
        sh_spectrum_file("{scen}"),
    params:
        scn=sh_scn,
        sh={k: SH[k] for k in ("spectrum_tol", "ou_q_max", "ou_tail_nodes", "n_max", "trace_rtol")},
    log:
        logs("sh_spectrum_{scen}"),
    benchmark:
        bench("sh_spectrum_{scen}")
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        CONDA_ENV
    script:
        "../scripts/sollich_halees/spectrum.py"


rule sh_sims:
    """True learning curves: n_datasets nested data sets of n_max inputs, exact x-average, all sigma2."""
    input:
        code=code("sollich_halees/sims.py"),
    output:
        sh_sims_file("{scen}"),
    params:
        scn=sh_scn,
        sh={k: SH[k] for k in ("n_datasets", "n_max", "batch", "image_rtol", "image_check_datasets")},
        seed=config["seed"],
    log:
        logs("sh_sims_{scen}"),
    benchmark:
        bench("sh_sims_{scen}")
    threads: 1
    resources:
        mem_mb=1500,
        runtime=10,
    conda:
        CONDA_ENV
    script:
        "../scripts/sollich_halees/sims.py"


rule sh_theory:
    """LC, eps_1, UC, OV, MW, Plaskota, TWO and WV of one scenario from its spectrum."""
    input:
        spectrum=sh_spectrum_file("{scen}"),
        code=code("sollich_halees/theory.py"),
    output:
        sh_theory_file("{scen}"),
    params:
        scn=sh_scn,
        sh={k: SH[k] for k in ("n_max", "wv")},
    log:
        logs("sh_theory_{scen}"),
    benchmark:
        bench("sh_theory_{scen}")
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        CONDA_ENV
    script:
        "../scripts/sollich_halees/theory.py"


SH_DEG_SCEN = sorted({SH["fig9"]["scenario"], *SH["fig10"]["scenarios"]})


rule sh_degenerate:
    """Section 5: exact degenerate-scenario curve, eq. (31) limit, single-data-set minimum vs Plaskota."""
    input:
        spectra=[sh_spectrum_file(s) for s in SH_DEG_SCEN],
        code=code("sollich_halees/degenerate.py"),
    output:
        sh_degenerate_file(),
    params:
        names=SH_DEG_SCEN,
        sh={"n_max": SH["n_max"]},
        fig9=SH["fig9"],
        fig10=SH["fig10"],
    log:
        logs("sh_degenerate"),
    benchmark:
        bench("sh_degenerate")
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        CONDA_ENV
    script:
        "../scripts/sollich_halees/degenerate.py"


rule sh_fig1_samples:
    """Figure 1 data: OU and RBF prior samples on a grid over [0,1]^2."""
    input:
        code=code("sollich_halees/fig1_samples.py"),
    output:
        sh_fig1_file(),
    params:
        fig1=SH["fig1"],
        seed=config["seed"],
    log:
        logs("sh_fig1_samples"),
    benchmark:
        bench("sh_fig1_samples")
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        CONDA_ENV
    script:
        "../scripts/sollich_halees/fig1_samples.py"


rule sh_fig2_posterior:
    """Figure 2 data: posterior variance along [0,1] for one random training set (n = 2 and 100)."""
    input:
        code=code("sollich_halees/fig2_posterior.py"),
    output:
        sh_fig2_file(),
    params:
        fig2=SH["fig2"],
        seed=config["seed"],
    log:
        logs("sh_fig2_posterior"),
    benchmark:
        bench("sh_fig2_posterior")
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        CONDA_ENV
    script:
        "../scripts/sollich_halees/fig2_posterior.py"


def sh_per_scenario(path_of, *scenarios):
    return {s: path_of(s) for s in scenarios}


def sh_figure(k, layout):
    figure_rule("sollich_halees", f"fig{k}", f"fig{k:02d}", layout, SH)


sh_figure(1, {"samples": sh_fig1_file()})
sh_figure(2, {"posterior": sh_fig2_file()})
sh_figure(3, {"sims": sh_per_scenario(sh_sims_file, "ou1", "ou2"), "theory": sh_per_scenario(sh_theory_file, "ou1", "ou2")})
sh_figure(4, {"sims": sh_per_scenario(sh_sims_file, "rbf1"), "theory": sh_per_scenario(sh_theory_file, "rbf1")})
sh_figure(5, {"sims": sh_per_scenario(sh_sims_file, "rbf4"), "theory": sh_per_scenario(sh_theory_file, "rbf4")})
sh_figure(6, {"sims": sh_per_scenario(sh_sims_file, "gauss1", "rbf1"),
              "theory": sh_per_scenario(sh_theory_file, "gauss1", "rbf1")})
sh_figure(7, {"sims": sh_per_scenario(sh_sims_file, "gauss4"), "theory": sh_per_scenario(sh_theory_file, "gauss4")})
sh_figure(8, {"sims": sh_per_scenario(sh_sims_file, "gauss4"), "theory": sh_per_scenario(sh_theory_file, "gauss4")})
sh_figure(9, {"sims": sh_per_scenario(sh_sims_file, SH["fig9"]["scenario"]),
              "theory": sh_per_scenario(sh_theory_file, SH["fig9"]["scenario"]),
              "degenerate": sh_degenerate_file()})
sh_figure(10, {"sims": sh_per_scenario(sh_sims_file, *SH["fig10"]["scenarios"]), "degenerate": sh_degenerate_file()})
