# Random graph samples and their spectral bases, shared by every rule that works on finite graphs.


rule graph_samples:
    """n independent graphs of one ensemble, cached as a concatenated edge list."""
    output:
        res("graphs", "{ensemble}_V{V}_n{n}.npz"),
    params:
        code=code_hash("graphs"),
        ensemble=lambda wc: config["graph_ensembles"][wc.ensemble],
        seed=config["seed"],
    input:
        src("graphs"),
    log:
        logs("graph_samples_{ensemble}_V{V}_n{n}"),
    benchmark:
        bench("graph_samples_{ensemble}_V{V}_n{n}")
    threads: 1
    wildcard_constraints:
        ensemble="[a-z][a-z0-9]*",
        V=r"\d+",
        n=r"\d+",
    conda:
        CONDA_ENV
    script:
        "../scripts/common/graph_samples.py"


rule graph_spectra:
    """One dense eigendecomposition S = U diag(mu) U^T per cached graph, reused for every (p, a, ...)."""
    input:
        graphs=res("graphs", "{ensemble}_V{V}_n{n}.npz"),
        code=src("graphs", "randomwalk/kernels.py"),
    output:
        res("spectra", "{ensemble}_V{V}_n{n}.npz"),
    params:
        code=code_hash("graphs", "randomwalk/kernels.py"),
    log:
        logs("graph_spectra_{ensemble}_V{V}_n{n}"),
    benchmark:
        bench("graph_spectra_{ensemble}_V{V}_n{n}")
    threads: 2
    resources:
        mem_mb=lambda wc: 1000 + 3 * int(wc.n) * int(wc.V) ** 2 * 8 // 10**6,
    conda:
        CONDA_ENV
    script:
        "../scripts/common/graph_spectra.py"
