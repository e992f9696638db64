# Urry & Sollich 2013: random walk kernels and GP learning curves on random graphs.
US = config["urry_sollich"]
US_F1 = US["fig1"]
US_F1_GRAPHS = f"{US_F1['ensemble']}_V{US_F1['V']}_n{US_F1['n_graphs']}"

ALL_FIGURES += [fig("urry_sollich", f"{name}.png") for name in ("fig1", "fig10")]


rule us_fig1_tree:
    """Tree recursion (4): left-panel C_{l,p}, right-panel C_{1,p}, and its p -> inf limit."""
    output:
        res("urry_sollich", "fig1_tree.npz"),
    input:
        src("randomwalk/tree.py", "figures/urry_sollich"),
    params:
        code=code_hash("randomwalk/tree.py", "figures/urry_sollich"),
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
        code=src("randomwalk", "graphs", "figures/urry_sollich"),
    params:
        code=code_hash("randomwalk", "graphs", "figures/urry_sollich"),
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


rule us_fig1:
    """Figure 1: plot, plotted data and claims (no science recomputed here)."""
    output:
        **figure_outputs("urry_sollich", "fig1"),
    input:
        tree=rules.us_fig1_tree.output[0],
        graphs=rules.us_fig1_graphs.output[0],
        code=src("figures/urry_sollich", "randomwalk/tree.py"),
    params:
        code=code_hash("figures/urry_sollich", "randomwalk/tree.py"),
        fig1=US_F1,
    log:
        logs("us_fig1"),
    benchmark:
        bench("us_fig1")
    threads: 1
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/fig1.py"


rule us_fig10_scaling:
    """Appendix A.2: p rho_{l,p} from recursion (4) for each p."""
    output:
        res("urry_sollich", "fig10_scaling.npz"),
    input:
        src("randomwalk/tree.py", "figures/urry_sollich"),
    params:
        code=code_hash("randomwalk/tree.py", "figures/urry_sollich"),
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


rule us_fig10:
    """Figure 10: collapse of p rho_{l,p} onto A x exp(-B x^2)."""
    output:
        **figure_outputs("urry_sollich", "fig10"),
    input:
        scaling=rules.us_fig10_scaling.output[0],
        code=src("figures/urry_sollich", "randomwalk/tree.py"),
    params:
        code=code_hash("figures/urry_sollich", "randomwalk/tree.py"),
        fig10=US["fig10"],
    log:
        logs("us_fig10"),
    benchmark:
        bench("us_fig10")
    threads: 1
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/fig10.py"
