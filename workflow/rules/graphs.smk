# Random graph samples and their spectral bases, shared by every paper that works on finite random graphs.


wildcard_constraints:
    ensemble="[a-z][a-z0-9]*",
    V=r"\d+",
    n=r"\d+",


rule graphs_samples:
    """n independent graphs of one ensemble, cached as a concatenated edge list."""
    input:
        code=code("common/graph_samples.py"),
    output:
        graph_samples_file("{ensemble}", "{V}", "{n}"),
    params:
        ensemble=lambda wc: config["graph_ensembles"][wc.ensemble],
        seed=config["seed"],
    log:
        logs("graphs_samples_{ensemble}_V{V}_n{n}"),
    benchmark:
        bench("graphs_samples_{ensemble}_V{V}_n{n}")
    priority: 50
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        CONDA_ENV
    script:
        "../scripts/common/graph_samples.py"


rule graphs_spectra:
    """One dense eigendecomposition S = U diag(mu) U^T per cached graph, reused for every (p, a, ...)."""
    input:
        graphs=graph_samples_file("{ensemble}", "{V}", "{n}"),
        code=code("common/graph_spectra.py"),
    output:
        graph_spectra_file("{ensemble}", "{V}", "{n}"),
    log:
        logs("graphs_spectra_{ensemble}_V{V}_n{n}"),
    benchmark:
        bench("graphs_spectra_{ensemble}_V{V}_n{n}")
    priority: 50
    threads: 1  # one BLAS thread whatever --cores is, so the numbers do not depend on it
    resources:
        mem_mb=lambda wc: 1000 + 3 * int(wc.n) * int(wc.V) ** 2 * 8 // 10**6,
        runtime=20,
    conda:
        CONDA_ENV
    script:
        "../scripts/common/graph_spectra.py"
