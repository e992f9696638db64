# Sollich & Halees 2002: learning curves for GP regression, approximations and bounds (Figs 1-10).
SH = config["sollich_halees"]
SH_SCEN = list(SH["scenarios"])
SH_FIGS = "figures/sollich_halees"
# The modules each kind of rule imports (inputs and content hash; see common.smk).
SH_SPECTRA_CODE = ("gp/spectra.py",)
SH_SIMS_CODE = ("gp/simulation.py",)
SH_THEORY_CODE = ("gp/spectra.py", "gp/bounds.py", "gp/learning_curve_approx.py")
SH_DEG_CODE = (*SH_THEORY_CODE, "gp/degenerate.py")


def sh_scn(wc):
    """One scenario's parameters (its noise levels included)."""
    return SH["scenarios"][wc.scen]


ALL_FIGURES += [fig("sollich_halees", f"fig{k}.png") for k in range(1, 11)]


wildcard_constraints:
    scen="|".join(SH_SCEN),


rule sh_spectrum:
    """Eigenvalues of one scenario's covariance operator (App. C), trace checked against C(x,x)."""
    output:
        res("sollich_halees", "spectra", "{scen}.npz"),
    input:
        code=src(*SH_SPECTRA_CODE),
    params:
        code=code_hash(*SH_SPECTRA_CODE),
        scn=sh_scn,
        sh={k: SH[k] for k in ("spectrum_tol", "ou_q_max", "ou_tail_nodes", "n_max", "trace_rtol")},
    log:
        logs("sh_spectrum_{scen}"),
    benchmark:
        bench("sh_spectrum_{scen}")
    threads: 1
    conda:
        CONDA_ENV
    script:
        "../scripts/sollich_halees/spectrum.py"


rule sh_sims:
    """True learning curves: n_datasets nested data sets of n_max inputs, exact x-average, all sigma2."""
    output:
        res("sollich_halees", "sims", "{scen}.npz"),
    input:
        code=src(*SH_SIMS_CODE),
    params:
        code=code_hash(*SH_SIMS_CODE),
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
    conda:
        CONDA_ENV
    script:
        "../scripts/sollich_halees/sims.py"


rule sh_theory:
    """LC, eps_1, UC, OV, MW, Plaskota, TWO and WV of one scenario from its spectrum."""
    output:
        res("sollich_halees", "theory", "{scen}.npz"),
    input:
        spectrum=res("sollich_halees", "spectra", "{scen}.npz"),
        code=src(*SH_THEORY_CODE),
    params:
        code=code_hash(*SH_THEORY_CODE),
        scn=sh_scn,
        sh={k: SH[k] for k in ("n_max", "wv")},
    log:
        logs("sh_theory_{scen}"),
    benchmark:
        bench("sh_theory_{scen}")
    threads: 1
    conda:
        CONDA_ENV
    script:
        "../scripts/sollich_halees/theory.py"


SH_DEG_SCEN = sorted({SH["fig9"]["scenario"], *SH["fig10"]["scenarios"]})


rule sh_degenerate:
    """Section 5: exact degenerate-scenario curve, eq. (31) limit, single-data-set minimum vs Plaskota."""
    output:
        res("sollich_halees", "degenerate.npz"),
    input:
        spectra=[res("sollich_halees", "spectra", f"{s}.npz") for s in SH_DEG_SCEN],
        code=src(*SH_DEG_CODE),
    params:
        code=code_hash(*SH_DEG_CODE),
        names=SH_DEG_SCEN,
        sh={"n_max": SH["n_max"]},
        fig9=SH["fig9"],
        fig10=SH["fig10"],
    log:
        logs("sh_degenerate"),
    benchmark:
        bench("sh_degenerate")
    threads: 1
    conda:
        CONDA_ENV
    script:
        "../scripts/sollich_halees/degenerate.py"


rule sh_fig1_samples:
    """Figure 1 data: OU and RBF prior samples on a grid over [0,1]^2."""
    output:
        res("sollich_halees", "fig1_samples.npz"),
    input:
        code=src(*SH_SIMS_CODE),
    params:
        code=code_hash(*SH_SIMS_CODE),
        fig1=SH["fig1"],
        seed=config["seed"],
    log:
        logs("sh_fig1_samples"),
    benchmark:
        bench("sh_fig1_samples")
    threads: 1
    conda:
        CONDA_ENV
    script:
        "../scripts/sollich_halees/fig1_samples.py"


rule sh_fig2_posterior:
    """Figure 2 data: posterior variance along [0,1] for one random training set (n = 2 and 100)."""
    output:
        res("sollich_halees", "fig2_posterior.npz"),
    input:
        code=src(*SH_SIMS_CODE),
    params:
        code=code_hash(*SH_SIMS_CODE),
        fig2=SH["fig2"],
        seed=config["seed"],
    log:
        logs("sh_fig2_posterior"),
    benchmark:
        bench("sh_fig2_posterior")
    threads: 1
    conda:
        CONDA_ENV
    script:
        "../scripts/sollich_halees/fig2_posterior.py"


def sh_cached(kind, *scenarios):
    return [res("sollich_halees", kind, f"{s}.npz") for s in scenarios]


def sh_figure_rule(k, inputs):
    """The plot rule of Figure k (no science): its own module and the shared plotting helpers."""
    modules = (f"{SH_FIGS}/fig{k:02d}.py", f"{SH_FIGS}/__init__.py", f"{SH_FIGS}/common.py")
    figure_rule("sollich_halees", "sh", k, inputs, modules, SH)


sh_figure_rule(1, {"samples": res("sollich_halees", "fig1_samples.npz")})
sh_figure_rule(2, {"posterior": res("sollich_halees", "fig2_posterior.npz")})
sh_figure_rule(3, {"sims": sh_cached("sims", "ou1", "ou2"), "theory": sh_cached("theory", "ou1", "ou2")})
sh_figure_rule(4, {"sims": sh_cached("sims", "rbf1"), "theory": sh_cached("theory", "rbf1")})
sh_figure_rule(5, {"sims": sh_cached("sims", "rbf4"), "theory": sh_cached("theory", "rbf4")})
sh_figure_rule(6, {"sims": sh_cached("sims", "gauss1", "rbf1"), "theory": sh_cached("theory", "gauss1", "rbf1")})
sh_figure_rule(7, {"sims": sh_cached("sims", "gauss4"), "theory": sh_cached("theory", "gauss4")})
sh_figure_rule(8, {"sims": sh_cached("sims", "gauss4"), "theory": sh_cached("theory", "gauss4")})
sh_figure_rule(9, {"sims": sh_cached("sims", SH["fig9"]["scenario"]),
                   "theory": sh_cached("theory", SH["fig9"]["scenario"]),
                   "degenerate": res("sollich_halees", "degenerate.npz")})
sh_figure_rule(10, {"sims": sh_cached("sims", *SH["fig10"]["scenarios"]),
                    "degenerate": res("sollich_halees", "degenerate.npz")})
