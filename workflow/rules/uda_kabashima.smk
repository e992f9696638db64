# Uda & Kabashima 2005: the sparse Bayesian classifier by replica theory and belief propagation (Figs 1-6,
# Table 1). Every rule is named uk_*, every global UK_* / uk_*; the path helpers are in uda_kabashima_paths.smk.
# Each BP or colon job runs one BLAS thread (threads: 1), so chunk jobs share the cores cleanly.
wildcard_constraints:
    uk_chunk=r"\d+",


rule uk_rs_fig1:
    """Fig 1: one RS saddle-point solve per (C_t, C), both errors (SBC and Gibbs) from it."""
    input:
        code=code("uda_kabashima/rs_fig1.py"),
    output:
        uk_rs_fig1_file(),
    params:
        kw=uk_rs_fig1_kw(),
    log:
        logs("uk_rs_fig1"),
    benchmark:
        bench("uk_rs_fig1")
    threads: 1
    resources:
        mem_mb=1000,
        runtime=20,
    conda:
        CONDA_ENV
    script:
        "../scripts/uda_kabashima/rs_fig1.py"


rule uk_rs_fig4:
    """Fig 4 line: RS eps_SBC(C) at C_t = fig4.Ct on the Fig 1 C grid plus the BP C values."""
    input:
        code=code("uda_kabashima/rs_fig4.py"),
    output:
        uk_rs_fig4_file(),
    params:
        kw=uk_rs_fig4_kw(),
    log:
        logs("uk_rs_fig4"),
    benchmark:
        bench("uk_rs_fig4")
    threads: 1
    resources:
        mem_mb=1000,
        runtime=20,
    conda:
        CONDA_ENV
    script:
        "../scripts/uda_kabashima/rs_fig4.py"


rule uk_state_evolution:
    """Fig 3 lines: state evolution (47)-(55) with Eq. (52) (and with the printed Eq. 53), plus the RS
    saddle point at each C."""
    input:
        code=code("uda_kabashima/state_evolution.py"),
    output:
        uk_se_file(),
    params:
        kw=uk_state_evolution_kw(),
    log:
        logs("uk_state_evolution"),
    benchmark:
        bench("uk_state_evolution")
    threads: 1
    resources:
        mem_mb=1000,
        runtime=20,
    conda:
        CONDA_ENV
    script:
        "../scripts/uda_kabashima/state_evolution.py"


rule uk_fig3_bp:
    """Fig 3 markers, one chunk of runs: undamped fast BP on fresh teacher/data sets (all C on each)."""
    input:
        code=code("uda_kabashima/fig3_bp.py"),
    output:
        uk_fig3_bp_file("{uk_chunk}"),
    params:
        kw=uk_bp_runs_kw(UK_F3),
        runs=lambda wc: UK_F3_CHUNKS[int(wc.uk_chunk)],
        seed=config["seed"],
    log:
        logs("uk_fig3_bp_{uk_chunk}"),
    benchmark:
        bench("uk_fig3_bp_{uk_chunk}")
    threads: 1
    resources:
        mem_mb=1500,
        runtime=60,
    conda:
        CONDA_ENV
    script:
        "../scripts/uda_kabashima/fig3_bp.py"


rule uk_fig4_bp:
    """Fig 4 markers, one chunk of runs: final BP error and LOOE per C."""
    input:
        code=code("uda_kabashima/fig4_bp.py"),
    output:
        uk_fig4_bp_file("{uk_chunk}"),
    params:
        kw=uk_fig4_bp_runs_kw(),
        runs=lambda wc: UK_F4_CHUNKS[int(wc.uk_chunk)],
        seed=config["seed"],
    log:
        logs("uk_fig4_bp_{uk_chunk}"),
    benchmark:
        bench("uk_fig4_bp_{uk_chunk}")
    threads: 1
    resources:
        mem_mb=1500,
        runtime=120,
    conda:
        CONDA_ENV
    script:
        "../scripts/uda_kabashima/fig4_bp.py"


rule uk_bp_benchmark:
    """Cost of one BP update at N = M = 2000 against the two matrix-vector products it needs."""
    input:
        code=code("uda_kabashima/bp_benchmark.py"),
    output:
        uk_bench_file(),
    params:
        kw=uk_pick(UK["benchmark"], ("N", "M", "C", "n_updates", "repeats")) | {"kappa": UK["kappa"]},
        seed=config["seed"],
    log:
        logs("uk_bp_benchmark"),
    benchmark:
        bench("uk_bp_benchmark")
    threads: 1
    resources:
        mem_mb=1500,
        runtime=20,
    conda:
        CONDA_ENV
    script:
        "../scripts/uda_kabashima/bp_benchmark.py"


rule uk_colon_data:
    """Colon.rda (sha256 checked) -> centred, row-normalised data and its whitened version."""
    input:
        rda=UK_COLON_FILES[0],
        code=code("uda_kabashima/colon_data.py"),
    output:
        uk_colon_data_file(),
    params:
        kw={"log": UK_COL["log10"]},
    log:
        logs("uk_colon_data"),
    benchmark:
        bench("uk_colon_data")
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        CONDA_ENV
    script:
        "../scripts/uda_kabashima/colon_data.py"


rule uk_colon_perms:
    """The random 42/20 splits, drawn once: every method sees the same splits."""
    input:
        data=uk_colon_data_file(),
        code=code("uda_kabashima/colon_perms.py"),
    output:
        uk_colon_perms_file(),
    params:
        n_rep=UK_COL["n_splits"],
        seed=config["seed"],
    log:
        logs("uk_colon_perms"),
    benchmark:
        bench("uk_colon_perms")
    threads: 1
    resources:
        mem_mb=500,
        runtime=5,
    conda:
        CONDA_ENV
    script:
        "../scripts/uda_kabashima/colon_perms.py"


rule uk_colon_chunk:
    """One chunk of splits: the paper's undamped fixed-T BP and damped BP (ours) on the (C, kappa) grid (raw and
    whitened), SBL and the FDA variants."""
    input:
        data=uk_colon_data_file(),
        perms=uk_colon_perms_file(),
        code=code("uda_kabashima/colon_chunk.py"),
    output:
        uk_colon_chunk_file("{uk_chunk}"),
    params:
        kw=uk_colon_chunk_kw(),
        rows=lambda wc: UK_COL_CHUNKS[int(wc.uk_chunk)],
    log:
        logs("uk_colon_chunk_{uk_chunk}"),
    benchmark:
        bench("uk_colon_chunk_{uk_chunk}")
    threads: 1
    resources:
        mem_mb=1500,
        runtime=120,
    conda:
        CONDA_ENV
    script:
        "../scripts/uda_kabashima/colon_chunk.py"


rule uk_colon_summary:
    """Table 1, the sign test, the t-tests and the Fig 5-6 histograms from every chunk."""
    input:
        data=uk_colon_data_file(),
        chunks=[uk_colon_chunk_file(k) for k in range(len(UK_COL_CHUNKS))],
        code=code("uda_kabashima/colon_summary.py"),
    output:
        uk_colon_summary_file(),
    params:
        kw=uk_colon_summary_kw(),
        n_train=UK_COL["n_train"],
    log:
        logs("uk_colon_summary"),
    benchmark:
        bench("uk_colon_summary")
    threads: 1
    resources:
        mem_mb=1000,
        runtime=10,
    conda:
        CONDA_ENV
    script:
        "../scripts/uda_kabashima/colon_summary.py"


rule uk_colon_precision_perms:
    """Further random 42/20 splits for the claims the paper's 200 cannot decide, from their own seed stream."""
    input:
        data=uk_colon_data_file(),
        code=code("uda_kabashima/colon_precision_perms.py"),
    output:
        uk_colon_precision_perms_file(),
    params:
        n_rep=UK_PREC["n_extra_splits"],
        seed=config["seed"],
    log:
        logs("uk_colon_precision_perms"),
    benchmark:
        bench("uk_colon_precision_perms")
    threads: 1
    resources:
        mem_mb=500,
        runtime=5,
    conda:
        CONDA_ENV
    script:
        "../scripts/uda_kabashima/colon_precision_perms.py"


rule uk_colon_precision_chunk:
    """One chunk of the further splits: the paper's undamped fixed-T BP on the (C, kappa) grid only."""
    input:
        data=uk_colon_data_file(),
        perms=uk_colon_precision_perms_file(),
        code=code("uda_kabashima/colon_precision_chunk.py"),
    output:
        uk_colon_precision_chunk_file("{uk_chunk}"),
    params:
        kw=uk_colon_precision_chunk_kw(),
        rows=lambda wc: UK_PREC_CHUNKS[int(wc.uk_chunk)],
    log:
        logs("uk_colon_precision_chunk_{uk_chunk}"),
    benchmark:
        bench("uk_colon_precision_chunk_{uk_chunk}")
    threads: 1
    resources:
        mem_mb=1000,
        runtime=30,
    conda:
        CONDA_ENV
    script:
        "../scripts/uda_kabashima/colon_precision_chunk.py"


rule uk_colon_precision:
    """The three undecided statistics (kappa = 0.4 minus LOOE kappa, mean and SD; spread of kappa minus spread of C)
    on the paper's splits and pooled with the further ones, with a bootstrap over splits."""
    input:
        chunks=[uk_colon_chunk_file(k) for k in range(len(UK_COL_CHUNKS))],
        extra=[uk_colon_precision_chunk_file(k) for k in range(len(UK_PREC_CHUNKS))],
        code=code("uda_kabashima/colon_precision.py"),
    output:
        uk_colon_precision_file(),
    params:
        kw=uk_colon_precision_kw(),
    log:
        logs("uk_colon_precision"),
    benchmark:
        bench("uk_colon_precision")
    threads: 1
    resources:
        mem_mb=1000,
        runtime=5,
    conda:
        CONDA_ENV
    script:
        "../scripts/uda_kabashima/colon_precision.py"


rule uk_table1_md:
    """Table 1 as a Markdown table (the CSV and the rendered table are the figure rule's)."""
    input:
        summary=uk_colon_summary_file(),
        code=code("uda_kabashima/table1_md.py"),
    output:
        uk_table1_md_file(),
    params:
        colon=uk_table1_md_kw(),
    log:
        logs("uk_table1_md"),
    benchmark:
        bench("uk_table1_md")
    threads: 1
    localrule: True
    conda:
        CONDA_ENV
    script:
        "../scripts/uda_kabashima/table1_md.py"
