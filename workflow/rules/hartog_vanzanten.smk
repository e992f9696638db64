# Hartog & van Zanten 2018: truncated-Laplacian label prediction by reversible-jump MCMC (Figs 1-10).
# Every rule is named hvz_*, every global HVZ_* / hvz_*; the path helpers are in hartog_vanzanten_paths.smk.
# The Fig. 5 timing rules take every core (threads: workflow.cores), so the scheduler runs nothing else
# beside them; inside, both methods use the same BLAS thread count (mnist.blas_threads, capped by threads).
wildcard_constraints:
    graph="path|smallworld",
    gamma=r"rule|[0-9.]+",
    method="truncated|untruncated",
    chain=r"[0-9]+",
    reading=r"[A-Za-z0-9]+",
    arm=r"[A-Za-z0-9_]+",
    size=r"[0-9]+",


rule hvz_path_data:
    """Fig. 1: truth f0 on the path graph (explicit eq. 4 basis), Bernoulli labels, 20 % removed."""
    input:
        code=code("hartog_vanzanten/path_data.py"),
    output:
        hvz_path_data_file(),
    params:
        kw=hvz_path_data_kw(),
        seed=config["seed"],
    log:
        logs("hvz_path_data"),
    benchmark:
        bench("hvz_path_data")
    threads: 1
    resources:
        mem_mb=500,
        runtime=5,
    conda:
        CONDA_ENV
    script:
        "../scripts/hartog_vanzanten/path_data.py"


rule hvz_sw_data:
    """Fig. 3: small-world LCC (848 nodes), all its eigenpairs (signs fixed), truth, labels and a layout."""
    input:
        code=code("hartog_vanzanten/sw_data.py"),
    output:
        hvz_sw_data_file(),
    params:
        kw=hvz_sw_data_kw(),
        seed=config["seed"],
    log:
        logs("hvz_sw_data"),
    benchmark:
        bench("hvz_sw_data")
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        CONDA_ENV
    script:
        "../scripts/hartog_vanzanten/sw_data.py"


rule hvz_graph_mcmc:
    """Figs. 2 and 4: one chain of Algorithm 1 (reversible jump on k) on the path or small-world data."""
    input:
        data=lambda wc: hvz_graph_data_file(wc.graph),
        code=code("hartog_vanzanten/graph_mcmc.py"),
    output:
        hvz_chain_file("{graph}", "{gamma}"),
    params:
        kw=lambda wc: hvz_graph_mcmc_kw(wc.graph, wc.gamma),
        seed=config["seed"],
    log:
        logs("hvz_graph_mcmc_{graph}_g{gamma}"),
    benchmark:
        bench("hvz_graph_mcmc_{graph}_g{gamma}")
    threads: 1
    resources:
        mem_mb=1500,
        runtime=15,
    conda:
        CONDA_ENV
    script:
        "../scripts/hartog_vanzanten/graph_mcmc.py"


rule hvz_mnist_features:
    """All 13,782 MNIST 4s and 9s (both splits) projected on their first 50 principal components (cached once), from
    the four IDX files shipped in data/mnist (configuration key data.mnist; sha256 checked before any job starts)."""
    input:
        raw=hvz_mnist_raw_files(),
        code=code("hartog_vanzanten/mnist_features.py"),
    output:
        hvz_mnist_features_file(),
    params:
        kw={"n_components": HVZ["mnist"]["n_pcs"]},
        data_dir=config["data"]["mnist"],
    log:
        logs("hvz_mnist_features"),
    benchmark:
        bench("hvz_mnist_features")
    threads: 1
    resources:
        mem_mb=2500,
        runtime=10,
    conda:
        CONDA_ENV
    script:
        "../scripts/hartog_vanzanten/mnist_features.py"


rule hvz_mnist_graph:
    """One graph size of Fig. 5: digit-ratio-keeping subsample, 15-NN graph on the global PCA scores, LCC.
    Shared by both methods; its build time is reported, never counted in their timings."""
    input:
        features=hvz_mnist_features_file(),
        code=code("hartog_vanzanten/mnist_graph.py"),
    output:
        hvz_mnist_graph_file("{size}"),
    params:
        kw={"knn": HVZ["mnist"]["knn"]},
        seed=config["seed"],
    log:
        logs("hvz_mnist_graph_n{size}"),
    benchmark:
        bench("hvz_mnist_graph_n{size}")
    threads: 1
    resources:
        mem_mb=1500,
        runtime=10,
    conda:
        CONDA_ENV
    script:
        "../scripts/hartog_vanzanten/mnist_graph.py"


rule hvz_mnist_run:
    """One timed point of Fig. 5: eigensolve (eigsh K_max / full eigh) and n_iter sweeps, after a warm-up.
    Takes all cores so that no other job runs beside a timing."""
    input:
        graph=hvz_mnist_graph_file("{size}"),
        code=code("hartog_vanzanten/mnist_run.py"),
    output:
        hvz_mnist_run_file("{method}", "{size}"),
    params:
        kw=lambda wc: hvz_mnist_run_kw(wc.method, wc.size),
        blas_threads=HVZ["mnist"]["blas_threads"],
        seed=config["seed"],
    log:
        logs("hvz_mnist_run_{method}_n{size}"),
    benchmark:
        bench("hvz_mnist_run_{method}_n{size}")
    threads: workflow.cores
    resources:
        mem_mb=hvz_mem_run,
        runtime=hvz_runtime_run,
    conda:
        CONDA_ENV
    script:
        "../scripts/hartog_vanzanten/mnist_run.py"


rule hvz_mnist_collect:
    """Fig. 5 table: one row per (method, size) with t_eig, t_mcmc, t_total, t_graph, test error, k stats."""
    input:
        runs=[hvz_mnist_run_file(m, s) for m in ("truncated", "untruncated") for s in HVZ["mnist"]["sizes"]],
        code=code("hartog_vanzanten/mnist_collect.py"),
    output:
        hvz_mnist_scaling_file(),
    log:
        logs("hvz_mnist_collect"),
    benchmark:
        bench("hvz_mnist_collect")
    threads: 1
    resources:
        mem_mb=500,
        runtime=5,
    conda:
        CONDA_ENV
    script:
        "../scripts/hartog_vanzanten/mnist_collect.py"


rule hvz_video:
    """Fig. 6: the 9-frame video (moving ball, extra ball in frame 5, 10 % of the pixels uncoloured)."""
    input:
        code=code("hartog_vanzanten/video.py"),
    output:
        hvz_video_file(),
    params:
        kw=hvz_video_kw(),
        seed=config["seed"],
    log:
        logs("hvz_video"),
    benchmark:
        bench("hvz_video")
    threads: 1
    resources:
        mem_mb=500,
        runtime=5,
    conda:
        CONDA_ENV
    script:
        "../scripts/hartog_vanzanten/video.py"


rule hvz_tracking_chain:
    """Figs. 8-10: one independent chain of Algorithm 1 on the 100 x 100 x 9 space-time grid graph (explicit DCT
    eigenbasis) under noise reading {reading} (tracking.readings) from start {chain} of tracking.chains; cached on its
    own, so a plot change never reruns it."""
    input:
        video=hvz_video_file(),
        code=code("hartog_vanzanten/tracking_chain.py"),
    output:
        hvz_tracking_chain_file("{reading}", "{chain}"),
    params:
        kw=lambda wc: hvz_tracking_chain_kw(wc.reading, wc.chain),
        flip=lambda wc: float(hvz_tracking_reading(wc.reading)["flip"]),
        seed=config["seed"],
    log:
        logs("hvz_tracking_chain_{reading}_{chain}"),
    benchmark:
        bench("hvz_tracking_chain_{reading}_{chain}")
    threads: 1
    resources:
        mem_mb=2000,
        runtime=20,
    conda:
        CONDA_ENV
    script:
        "../scripts/hartog_vanzanten/tracking_chain.py"


rule hvz_tracking_arm:
    """Figs. 8-10 sensitivity: one chain at another setting {arm} of an unstated choice (tracking.arms)."""
    input:
        video=hvz_video_file(),
        code=code("hartog_vanzanten/tracking_arm.py"),
    output:
        hvz_tracking_arm_file("{arm}"),
    params:
        kw=lambda wc: hvz_tracking_arm_kw(wc.arm),
        flip=lambda wc: float(hvz_tracking_arm_spec(wc.arm).get("flip", 0.0)),
        video=lambda wc: hvz_tracking_arm_video_kw(wc.arm),
        seed=config["seed"],
    log:
        logs("hvz_tracking_arm_{arm}"),
    benchmark:
        bench("hvz_tracking_arm_{arm}")
    threads: 1
    resources:
        mem_mb=1500,
        runtime=20,
    conda:
        CONDA_ENV
    script:
        "../scripts/hartog_vanzanten/tracking_arm.py"


rule hvz_tracking:
    """Figs. 8-10: the chains of each noise reading pooled (posterior mean, interval widths, R-hat), the arms
    summarised, the probes."""
    input:
        video=hvz_video_file(),
        chains=hvz_tracking_chain_files(),
        arms=hvz_tracking_arm_files(),
        code=code("hartog_vanzanten/tracking.py"),
    output:
        hvz_tracking_file(),
    params:
        probes=hvz_tracking_probes_kw(),
        n_chains=len(HVZ["tracking"]["chains"]),
        readings=[(r["name"], float(r["flip"])) for r in HVZ["tracking"]["readings"]],
        arms=[(a["name"], hvz_tracking_arm_what(a)) for a in HVZ["tracking"]["arms"]],
        extra_frame=HVZ["tracking"]["extra_frame"],
        seed=config["seed"],
    log:
        logs("hvz_tracking"),
    benchmark:
        bench("hvz_tracking")
    threads: 1
    resources:
        mem_mb=3000,
        runtime=20,
    conda:
        CONDA_ENV
    script:
        "../scripts/hartog_vanzanten/tracking.py"
