# Sollich & Halees 2002: learning curves for GP regression, approximations and bounds (Figs 1-10).
# Every rule is named sh_*, every global SH_* / sh_*; the path helpers are in sollich_halees_paths.smk.
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


rule sh_sims_range:
    """True learning curves, data sets [first, last) of one scenario's n_datasets nested data sets of n_max inputs,
    exact x-average, all sigma2 (issue 45: jobs of datasets_per_job data sets; no number depends on the split)."""
    input:
        code=code("sollich_halees/sims_range.py"),
    output:
        sh_sims_range_file("{scen}", "{first}", "{last}"),
    params:
        scn=sh_scn,
        sh=lambda wc: sh_sims_settings(wc.scen),
        seed=config["seed"],
    log:
        logs("sh_sims_range_{scen}_{first}_{last}"),
    benchmark:
        bench("sh_sims_range_{scen}_{first}_{last}")
    wildcard_constraints:
        first=r"\d+",
        last=r"\d+",
    threads: 1
    resources:
        mem_mb=1500,
        runtime=15,
    conda:
        CONDA_ENV
    script:
        "../scripts/sollich_halees/sims_range.py"


rule sh_sims:
    """True learning curves of one scenario: its data-set ranges joined in order."""
    input:
        parts=lambda wc: sh_sims_range_files(wc.scen),
        code=code("sollich_halees/sims.py"),
    output:
        sh_sims_file("{scen}"),
    params:
        scn=sh_scn,
        sh=lambda wc: sh_sims_settings(wc.scen),
        seed=config["seed"],
        ranges=lambda wc: sh_sims_ranges(wc.scen),
    log:
        logs("sh_sims_{scen}"),
    benchmark:
        bench("sh_sims_{scen}")
    threads: 1
    resources:
        mem_mb=2500,  # rbf1: its ranges and the joined curves (64,000 data sets) in memory at once
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
