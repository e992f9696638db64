# Urry & Sollich 2013: random walk kernels and GP learning curves on random graphs (Figs 1-12).
# Every rule is named us_*, every global US_* / us_*; the path helpers are in urry_sollich_paths.smk.
wildcard_constraints:
    ens="[a-z][a-z0-9]*",
    curve=r"[a-z][a-z0-9]*_(global|local)_s[0-9.]+|fig6_local",
    replica=r"[0-9]+",
    chunk=r"[0-9]+",
    s2=r"[0-9.]+",
    pairing="matched|mismatch",
    norm="global|local",


# ---------------------------------------------------------------------------------------------------
# Figures 1 and 10: the kernel on trees and regular graphs.


rule us_fig1_tree:
    """Tree recursion (4): left-panel C_{l,p}, right-panel C_{1,p}, and its p -> inf limit."""
    input:
        code=code("urry_sollich/fig1_tree.py"),
    output:
        us_fig1_tree_file(),
    params:
        fig1=us_keys(US["fig1"], "d", "left_a", "left_p", "left_l_max", "right_a", "p_over_a_max", "n_p",
                     "limit_log2_p", "limit_l_max"),
    log:
        logs("us_fig1_tree"),
    benchmark:
        bench("us_fig1_tree")
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/fig1_tree.py"


rule us_fig1_graphs:
    """K_{1,p} on random regular graphs from their cached spectra (Fig. 1 right, V = 500)."""
    input:
        graphs=graph_samples_file(US["fig1"]["ensemble"], US["fig1"]["V"], US["fig1"]["n_graphs"]),
        spectra=graph_spectra_file(US["fig1"]["ensemble"], US["fig1"]["V"], US["fig1"]["n_graphs"]),
        code=code("urry_sollich/fig1_graphs.py"),
    output:
        us_fig1_graphs_file(),
    params:
        fig1=us_keys(US["fig1"], "right_a", "p_over_a_max", "n_p"),
    log:
        logs("us_fig1_graphs"),
    benchmark:
        bench("us_fig1_graphs")
    threads: 1  # one BLAS thread whatever --cores is, so the numbers do not depend on it
    resources:
        mem_mb=1500,
        runtime=10,
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/fig1_graphs.py"


rule us_fig10_scaling:
    """Appendix A.2: p rho_{l,p} from recursion (4) for each p."""
    input:
        code=code("urry_sollich/fig10_scaling.py"),
    output:
        us_fig10_file(),
    params:
        fig10=US["fig10"],
    log:
        logs("us_fig10_scaling"),
    benchmark:
        bench("us_fig10_scaling")
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/fig10_scaling.py"


# ---------------------------------------------------------------------------------------------------
# Figures 2-9, 11, 12: GP regression with the random walk kernel (p = 10, a = 2).


rule us_sims_chunk:
    """Exact Bayes errors on V = 500 graphs [first, last) of one ensemble: matched normalisations (Figs 3, 5, 9)
    or teacher/student mismatch (Figs 7, 8), every sigma^2 and nu; graph i's data set depends only on i."""
    input:
        graphs=lambda wc: us_sims_graphs(wc.ens, us_sims_count(wc.pairing)),
        spectra=lambda wc: us_sims_spectra(wc.ens, us_sims_count(wc.pairing)),
        code=code("urry_sollich/sims.py"),
    output:
        us_sims_chunk_file("{ens}", "{pairing}", "{chunk}"),
    params:
        pairing="{pairing}",
        ensemble_name="{ens}",
        kernel=US_K,
        sims={k: US_S[k] for k in ("nu_range", "n_nu", "placement_draws")},
        sigma2=US_S["sigma2"],
        normalisations=lambda wc: us_normalisations(wc.ens),
        first_graph=lambda wc: us_sims_chunk_graphs(wc.pairing, wc.chunk)[0],
        last_graph=lambda wc: us_sims_chunk_graphs(wc.pairing, wc.chunk)[1],
        seed=config["seed"],
    log:
        logs("us_sims_chunk_{ens}_{pairing}_c{chunk}"),
    benchmark:
        bench("us_sims_chunk_{ens}_{pairing}_c{chunk}")
    priority: 30
    threads: 1
    resources:
        mem_mb=2000,
        runtime=20,
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/sims.py"


rule us_sims:
    """The simulated learning curves of one ensemble and pairing: its jobs' graphs joined in order."""
    input:
        chunks=lambda wc: us_sims_chunk_files(wc.ens, wc.pairing),
        code=code("urry_sollich/sims_join.py"),
    output:
        us_sims_file("{ens}", "{pairing}"),
    log:
        logs("us_sims_{ens}_{pairing}"),
    benchmark:
        bench("us_sims_{ens}_{pairing}")
    threads: 1
    resources:
        mem_mb=1000,
        runtime=5,
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/sims_join.py"


rule us_fig9_sims:
    """Fig 9's noise level only, on the graphs after the matched simulations' (same data-set and placement
    streams, graph i depends only on i): with those, Fig 9 averages over fig9.graphs_factor times as many
    graphs. Each graph is eigendecomposed here; the spectra are not cached."""
    input:
        graphs=lambda wc: us_sims_graphs(wc.ens, us_fig9_graph_count()),
        code=code("urry_sollich/sims.py"),
    output:
        us_fig9_sims_file("{ens}"),
    params:
        pairing="matched",
        ensemble_name="{ens}",
        kernel=US_K,
        sims={k: US_S[k] for k in ("nu_range", "n_nu", "placement_draws")},
        sigma2=[US["fig9"]["sigma2"]],
        normalisations=["global", "local"],
        first_graph=US_S["n_samples"],
        last_graph=us_fig9_graph_count(),
        seed=config["seed"],
    log:
        logs("us_fig9_sims_{ens}"),
    benchmark:
        bench("us_fig9_sims_{ens}")
    priority: 20
    threads: 1
    resources:
        mem_mb=2000,
        runtime=20,
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/sims.py"


rule us_fig9_tail_sims:
    """More data sets on Fig 9's graphs at its largest nu, where rare data sets dominate the global vertex
    variance (fig9.tail): var[graph, data set, normalisation, nu]."""
    input:
        graphs=lambda wc: us_sims_graphs(wc.ens, us_fig9_graph_count()),
        spectra=lambda wc: us_sims_spectra(wc.ens),
        code=code("urry_sollich/fig9_tail_sims.py"),
    output:
        us_fig9_tail_file("{ens}"),
    params:
        ensemble_name="{ens}",
        kernel=US_K,
        sims=us_keys(US_S, "nu_range", "n_nu", "placement_draws"),
        tail=US["fig9"]["tail"],
        sigma2=US["fig9"]["sigma2"],
        seed=config["seed"],
    log:
        logs("us_fig9_tail_sims_{ens}"),
    benchmark:
        bench("us_fig9_tail_sims_{ens}")
    priority: 20
    threads: 1
    resources:
        mem_mb=2500,
        runtime=20,
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/fig9_tail_sims.py"


rule us_eigen_finite:
    """Eigenvalue approximation (Eq. 18) with each V = 500 graph's globally normalised spectrum (Fig 3)."""
    input:
        spectra=lambda wc: us_sims_spectra(wc.ens),
        code=code("urry_sollich/eigen_finite.py"),
    output:
        us_eigen_file("{ens}"),
    params:
        kernel=US_K,
        sims=us_keys(US_S, "nu_range", "n_nu", "sigma2"),
    log:
        logs("us_eigen_finite_{ens}"),
    benchmark:
        bench("us_eigen_finite_{ens}")
    threads: 1
    resources:
        mem_mb=2000,
        runtime=10,
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/eigen_finite.py"


rule us_cavity_kappa:
    """nu = 0 population: ensemble kappa and prior-variance samples (Section 4.2, Fig 2), warm start."""
    input:
        code=code("urry_sollich/cavity_kappa.py"),
    output:
        us_kappa_file("{ens}"),
    params:
        ensemble=lambda wc: us_ensemble(wc.ens),
        kernel=US_K,
        cavity=us_keys(US_C, "kappa_P", "kappa_equil_sweeps", "kappa_measure_sweeps"),
        seed=config["seed"],
    log:
        logs("us_cavity_kappa_{ens}"),
    benchmark:
        bench("us_cavity_kappa_{ens}")
    priority: 40
    threads: 1
    resources:
        mem_mb=2000,
        runtime=15,
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/cavity_kappa.py"


rule us_cavity_replica:
    """One independent replica of a cavity learning curve: population dynamics warm-started along nu (global:
    Sec 4.1, local: 4.3), from the nu = 0 population; the curve's replicas are separate jobs."""
    input:
        kappa=lambda wc: us_kappa_file(us_curve_settings(wc.curve)["ensemble_name"]),
        code=code("urry_sollich/cavity_replica.py"),
    output:
        us_curve_replica_file("{curve}", "{replica}"),
    params:
        curve=lambda wc: us_curve_settings(wc.curve),
        ensemble=lambda wc: us_ensemble(us_curve_settings(wc.curve)["ensemble_name"]),
        seed=config["seed"],
    log:
        logs("us_cavity_replica_{curve}_r{replica}"),
    benchmark:
        bench("us_cavity_replica_{curve}_r{replica}")
    priority: 20
    threads: 1
    resources:
        mem_mb=2000,
        runtime=20,
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/cavity_replica.py"


rule us_cavity_curve:
    """A cavity learning curve: the mean of its replicas, their spread its standard error (global: Sec 4.1,
    local: 4.3)."""
    input:
        kappa=us_kappa_file("{ens}"),
        replicas=lambda wc: us_curve_replica_files(f"{wc.ens}_{wc.norm}_s{wc.s2}"),
        code=code("urry_sollich/cavity_curve.py"),
    output:
        us_cavity_file("{ens}", "{norm}", "{s2}"),
    params:
        curve=lambda wc: us_curve_settings(f"{wc.ens}_{wc.norm}_s{wc.s2}"),
    log:
        logs("us_cavity_curve_{ens}_{norm}_s{s2}"),
    benchmark:
        bench("us_cavity_curve_{ens}_{norm}_s{s2}")
    threads: 1
    resources:
        mem_mb=1000,
        runtime=5,
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/cavity_curve.py"


rule us_cavity_fig6:
    """Fig 6's local-normalisation curve at its two nu, keeping >= 10^6 posterior-variance samples per nu."""
    input:
        kappa=us_kappa_file(US["fig6"]["ensemble"]),
        replicas=us_curve_replica_files(US_FIG6_CURVE),
        code=code("urry_sollich/cavity_curve.py"),
    output:
        us_fig6_cavity_file(),
    params:
        curve=us_curve_settings(US_FIG6_CURVE),
    log:
        logs("us_cavity_fig6"),
    benchmark:
        bench("us_cavity_fig6")
    threads: 1
    resources:
        mem_mb=3000,
        runtime=5,
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/cavity_curve.py"


rule us_fig9_finite_size:
    """Fig 9 finite-size check: spread of the prior variances C_ii/kappa_G on graphs of growing V."""
    input:
        code=code("urry_sollich/fig9_finite_size.py"),
    output:
        us_fig9_finite_size_file("{ens}"),
    params:
        ensemble=lambda wc: us_ensemble(wc.ens),
        kernel=US_K,
        finite_size=US["fig9"]["finite_size"],
        seed=config["seed"],
    log:
        logs("us_fig9_finite_size_{ens}"),
    benchmark:
        bench("us_fig9_finite_size_{ens}")
    threads: 1
    resources:
        mem_mb=2000,
        runtime=20,
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/fig9_finite_size.py"


rule us_fig9_larger_graph_sims:
    """Fig 9 finite-size check at nu > 0: the global vertex variance on graphs larger than V = 500
    (fig9.larger_graph_sims), for the ensembles whose V = 500 comparison it is asked to explain."""
    input:
        code=code("urry_sollich/fig9_larger_graph_sims.py"),
    output:
        us_fig9_larger_file("{ens}"),
    params:
        ensemble=lambda wc: us_ensemble(wc.ens),
        kernel=US_K,
        sims=us_keys(US_S, "nu_range", "n_nu", "placement_draws"),
        larger=us_keys(US["fig9"]["larger_graph_sims"], "V", "n_graphs", "nu"),
        sigma2=US["fig9"]["sigma2"],
        seed=config["seed"],
    log:
        logs("us_fig9_larger_graph_sims_{ens}"),
    benchmark:
        bench("us_fig9_larger_graph_sims_{ens}")
    priority: 20
    threads: 1
    resources:
        mem_mb=2500,
        runtime=30,
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/fig9_larger_graph_sims.py"


rule us_fig2_graph:
    """Prior variances C_ii of the globally normalised kernel on V = 10^4 graphs (sparse T^5): the first for
    the histogram, all of them pooled for the tail claims."""
    input:
        code=code("urry_sollich/fig2_graph.py"),
    output:
        us_fig2_file("{ens}"),
    params:
        ensemble=lambda wc: us_ensemble(wc.ens),
        kernel=US_K,
        V=US["fig2"]["V"],
        n_graphs=US["fig2"]["n_graphs"],
        seed=config["seed"],
    log:
        logs("us_fig2_graph_{ens}"),
    benchmark:
        bench("us_fig2_graph_{ens}")
    threads: 1
    resources:
        mem_mb=1200,
        runtime=10,
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/fig2_graph.py"


rule us_fig4_eigen:
    """Eq. 21 on the 3-regular tree for large p and the master curve Eq. 26 (Fig 4 left)."""
    input:
        code=code("urry_sollich/fig4_eigen.py"),
    output:
        us_fig4_eigen_file(),
    params:
        fig4=us_keys(US["fig4"], "x_range", "n_x", "p_eig", "sigma2", "n_nodes", "eq19_p"),
        kernel=us_keys(US_K, "a"),  # p is each curve's own (fig4.p_eig)
        d=us_ensemble(US["fig4"]["ensemble"])["d"],
    log:
        logs("us_fig4_eigen"),
    benchmark:
        bench("us_fig4_eigen")
    threads: 1
    resources:
        mem_mb=1500,
        runtime=10,
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/fig4_eigen.py"


rule us_fig4_sims:
    """Simulated learning curves for p = 5..20 against nu p^(3/2) on V = 500 3-regular graphs (Fig 4 right)."""
    input:
        graphs=us_sims_graphs(US["fig4"]["ensemble"], US["fig4"]["n_samples"]),
        spectra=us_sims_spectra(US["fig4"]["ensemble"], US["fig4"]["n_samples"]),
        code=code("urry_sollich/fig4_sims.py"),
    output:
        us_fig4_sims_file(),
    params:
        fig4=us_keys(US["fig4"], "x_range", "n_x", "p_sim", "sigma2"),
        kernel=us_keys(US_K, "a"),  # p is each curve's own (fig4.p_sim)
        seed=config["seed"],
    log:
        logs("us_fig4_sims"),
    benchmark:
        bench("us_fig4_sims")
    threads: 1
    resources:
        mem_mb=2000,
        runtime=10,
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/fig4_sims.py"


rule us_fig6_sims:
    """Pooled local posterior variances, 10 ER graphs x 10 data sets, V = 1000 (Fig 6 grey)."""
    input:
        graphs=graph_samples_file(US["fig6"]["ensemble"], US["fig6"]["V"], US["fig6"]["n_graphs"]),
        spectra=graph_spectra_file(US["fig6"]["ensemble"], US["fig6"]["V"], US["fig6"]["n_graphs"]),
        code=code("urry_sollich/fig6_sims.py"),
    output:
        us_fig6_sims_file(),
    params:
        fig6=us_keys(US["fig6"], "nus", "sigma2", "n_datasets"),
        kernel=US_K,
        seed=config["seed"],
    log:
        logs("us_fig6_sims"),
    benchmark:
        bench("us_fig6_sims")
    threads: 1
    resources:
        mem_mb=2000,
        runtime=10,
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/fig6_sims.py"


rule us_fig11_12_data:
    """Pseudo-outputs z and prediction vectors on one V = 250 ER graph (Appendix B, Figs 11, 12)."""
    input:
        code=code("urry_sollich/fig11_12_data.py"),
    output:
        us_fig11_file(),
    params:
        fig11=us_keys(US["fig11"], "V", "N", "sigma2"),
        kernel=US_K,
        ensemble=us_ensemble(US["fig11"]["ensemble"]),
        seed=config["seed"],
    log:
        logs("us_fig11_12_data"),
    benchmark:
        bench("us_fig11_12_data")
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/fig11_12_data.py"


rule us_fig11_12_draws:
    """The largest mismatch spikes' prediction vectors over fig11.n_draws V = 250 ER graphs (Figs 11, 12)."""
    input:
        code=code("urry_sollich/fig11_12_draws.py"),
    output:
        us_fig11_draws_file(),
    params:
        fig11=us_keys(US["fig11"], "V", "N", "sigma2", "n_draws", "top_spikes"),
        kernel=US_K,
        ensemble=us_ensemble(US["fig11"]["ensemble"]),
        seed=config["seed"],
    log:
        logs("us_fig11_12_draws"),
    benchmark:
        bench("us_fig11_12_draws")
    threads: 1
    resources:
        mem_mb=1500,
        runtime=10,
    conda:
        CONDA_ENV
    script:
        "../scripts/urry_sollich/fig11_12_draws.py"
