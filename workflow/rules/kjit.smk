# Jitkrittum et al. 2015 (KJIT): EP with kernel-based just-in-time learned messages (Figs 1-10, S1, S2, App. C).
# Every rule is named kj_*, every global KJ* / kj_*; the path helpers are in kjit_paths.smk.
# TIMING: the rules whose run times the claims judge (Exp. 3's timing repeats, Exp. 4, 5) take
# `threads: workflow.cores`, so the scheduler runs nothing beside them, and pin BLAS to one thread inside for every
# method compared; Exp. 3's sampling slices (the costliest, timed for panel b only) run on one core.
wildcard_constraints:
    part=r"\d+",
    name="|".join(KJ_DATASETS),


rule kj_exp1_collect:
    """Exp. 1 data: quadrature EP on 20 problems; f->z inputs of the first 5 sweeps with projected beliefs."""
    input:
        code=code("kjit/exp1_collect.py"),
    output:
        kj_exp1_collect_file(),
    params:
        kw=kj_kw("exp1", ("d", "n", "n_datasets", "n_sweeps", "n_collect")),
        seed=config["seed"],
    log:
        logs("kj_exp1_collect"),
    benchmark:
        bench("kj_exp1_collect")
    threads: 1
    resources:
        mem_mb=2000,
        runtime=30,
    conda:
        CONDA_ENV
    script:
        "../scripts/kjit/exp1_collect.py"


rule kj_exp1_is:
    """Exp. 1 ground truth as the paper describes it: importance-sampling projected beliefs (1e5 samples, N(0, 200))
    for the n_train + n_test subsampled messages (unusable answers skipped)."""
    input:
        collected=kj_exp1_collect_file(),
        code=code("kjit/exp1_is.py"),
    output:
        kj_exp1_is_file(),
    params:
        kw=kj_kw("exp1", ("n_train", "n_test"), n_samples=KJ["exp1"]["is_samples"]),
        seed=config["seed"],
    log:
        logs("kj_exp1_is"),
    benchmark:
        bench("kj_exp1_is")
    threads: 1
    resources:
        mem_mb=2000,
        runtime=30,
    conda:
        CONDA_ENV
    script:
        "../scripts/kjit/exp1_is.py"


rule kj_exp1_fit:
    """Exp. 1-2: LOOCV batch operator on the IS ground truth (and on quadrature: ours), log KL, uncertainty lines vs
    the forest, every row of the App. C table."""
    input:
        collected=kj_exp1_collect_file(),
        truth=kj_exp1_is_file(),
        code=code("kjit/exp1_fit.py"),
    output:
        kj_exp1_fit_file(),
    params:
        kw=kj_kw(
            "exp1",
            ("n_train", "n_test", "medfs", "lambdas", "D_in_cv", "D_out_cv", "D_in", "D_out", "n_grid", "rf_trees",
             "ichol_max_rank", "ichol_holdout", "target_z"),
            arm_target_z=KJ["exp1"]["ablation_target_z"],
        ),
        seed=config["seed"],
    log:
        logs("kj_exp1_fit"),
    benchmark:
        bench("kj_exp1_fit")
    threads: 1  # one BLAS thread whatever --cores is, so the numbers do not depend on it
    resources:
        mem_mb=4000,
        runtime=60,
    conda:
        CONDA_ENV
    script:
        "../scripts/kjit/exp1_fit.py"


# Ours: further draws of the whole Exp. 1 for the App. C table (Fig. 13). The paper ran one draw; the spread of the
# table's differences between draws exceeds their standard error over one draw's test messages (issue 37), so only
# more draws decide them. Each draw reruns the main draw's three scripts, unchanged, under its own seed
# (kj_exp1_draw_seed) and writes under results/kjit/exp1_draws/draw<k>/; the main draw's rules are untouched.
rule kj_exp1_draw_collect:
    """Exp. 1 data of extra draw ``draw`` (ours): as kj_exp1_collect, under the draw's seed."""
    input:
        code=code("kjit/exp1_collect.py"),
    output:
        kj_exp1_draw_file("collect", "{draw}"),
    params:
        kw=kj_kw("exp1", ("d", "n", "n_datasets", "n_sweeps", "n_collect")),
        seed=lambda wc: kj_exp1_draw_seed(wc.draw),
    log:
        logs("kj_exp1_draw_collect_{draw}"),
    benchmark:
        bench("kj_exp1_draw_collect_{draw}")
    wildcard_constraints:
        draw=r"[1-9]\d*",
    threads: 1
    resources:
        mem_mb=2000,
        runtime=30,
    conda:
        CONDA_ENV
    script:
        "../scripts/kjit/exp1_collect.py"


rule kj_exp1_draw_is:
    """Exp. 1 importance-sampling ground truth of extra draw ``draw`` (ours): as kj_exp1_is, under the draw's seed."""
    input:
        collected=kj_exp1_draw_file("collect", "{draw}"),
        code=code("kjit/exp1_is.py"),
    output:
        kj_exp1_draw_file("is", "{draw}"),
    params:
        kw=kj_kw("exp1", ("n_train", "n_test"), n_samples=KJ["exp1"]["is_samples"]),
        seed=lambda wc: kj_exp1_draw_seed(wc.draw),
    log:
        logs("kj_exp1_draw_is_{draw}"),
    benchmark:
        bench("kj_exp1_draw_is_{draw}")
    wildcard_constraints:
        draw=r"[1-9]\d*",
    threads: 1
    resources:
        mem_mb=2000,
        runtime=30,
    conda:
        CONDA_ENV
    script:
        "../scripts/kjit/exp1_is.py"


rule kj_exp1_draw_fit:
    """Exp. 1 fit of extra draw ``draw`` (ours): as kj_exp1_fit, every row of the App. C table, under the draw's seed;
    without the ablation's second target (only the main draw's is read, by Fig. 3)."""
    input:
        collected=kj_exp1_draw_file("collect", "{draw}"),
        truth=kj_exp1_draw_file("is", "{draw}"),
        code=code("kjit/exp1_fit.py"),
    output:
        kj_exp1_draw_file("fit", "{draw}"),
    params:
        kw=kj_kw(
            "exp1",
            ("n_train", "n_test", "medfs", "lambdas", "D_in_cv", "D_out_cv", "D_in", "D_out", "n_grid", "rf_trees",
             "ichol_max_rank", "ichol_holdout", "target_z"),
            arm_target_z=None,
        ),
        seed=lambda wc: kj_exp1_draw_seed(wc.draw),
    log:
        logs("kj_exp1_draw_fit_{draw}"),
    benchmark:
        bench("kj_exp1_draw_fit_{draw}")
    wildcard_constraints:
        draw=r"[1-9]\d*",
    threads: 1  # one BLAS thread whatever --cores is, as the main draw's fit
    resources:
        mem_mb=4000,
        runtime=60,
    conda:
        CONDA_ENV
    script:
        "../scripts/kjit/exp1_fit.py"


rule kj_exp3_quadrature:
    """Exp. 3 with the quadrature operator (stand-in for Infer.NET's), all problems (timed)."""
    input:
        code=code("kjit/exp3_quadrature.py"),
    output:
        kj_exp3_file("quadrature"),
    params:
        kw=kj_kw("exp3", KJ_EXP3_PROBLEMS + ("quad_nodes",)),
        seed=config["seed"],
    log:
        logs("kj_exp3_quadrature"),
    benchmark:
        bench("kj_exp3_quadrature")
    threads: workflow.cores
    resources:
        mem_mb=2000,
        runtime=60,
    conda:
        CONDA_ENV
    script:
        "../scripts/kjit/exp3_quadrature.py"


rule kj_exp3_sampling:
    """Exp. 3 sampling-only EP on one slice of the problems (timed; slices give the numbers of one run)."""
    input:
        code=code("kjit/exp3_sampling.py"),
    output:
        kj_exp3_sampling_file("{part}"),
    params:
        kw=lambda wc: kj_kw("exp3", KJ_EXP3_PROBLEMS + ("n_samples",), problems=kj_exp3_slice(wc.part)),
        seed=config["seed"],
    log:
        logs("kj_exp3_sampling_{part}"),
    benchmark:
        bench("kj_exp3_sampling_{part}")
    # One core, not every core: its errors are Fig. 6a's sampling points and its times panel (b)'s single runs
    # (single-threaded, but a job on the other core slows them: panel b's median sampling/KJIT ratio 133, was 118
    # with every core held), and no claim reads these times: they come from kj_exp3_timing, where the methods are
    # timed interleaved with every core held. Holding every core here left one idle for the six ~230 s slices
    # (~20 min of a 2-core build).
    threads: 1
    resources:
        mem_mb=2000,
        runtime=120,
    conda:
        CONDA_ENV
    script:
        "../scripts/kjit/exp3_sampling.py"


rule kj_exp3_kjit:
    """Exp. 3 sampling + KJIT: one persistent pair of operators over the problems in sequence (timed)."""
    input:
        code=code("kjit/exp3_kjit.py"),
    output:
        kj_exp3_file("kjit"),
    params:
        kw=kj_kw("exp3", KJ_EXP3_KJIT + ("target_z",)),
        seed=config["seed"],
    log:
        logs("kj_exp3_kjit"),
    benchmark:
        bench("kj_exp3_kjit")
    threads: workflow.cores
    resources:
        mem_mb=3000,
        runtime=120,
    conda:
        CONDA_ENV
    script:
        "../scripts/kjit/exp3_kjit.py"


rule kj_exp3_kjit_ablation:
    """Exp. 3 sampling + KJIT with the ablation's f->z regression target (the authors' code's; kind ours): one more
    run of the sequence, untimed beside the paper's."""
    input:
        code=code("kjit/exp3_kjit.py"),
    output:
        kj_exp3_file("kjit_ablation"),
    params:
        kw=kj_kw("exp3", KJ_EXP3_KJIT, target_z=KJ["exp3"]["ablation_target_z"]),
        seed=config["seed"],
    log:
        logs("kj_exp3_kjit_ablation"),
    benchmark:
        bench("kj_exp3_kjit_ablation")
    threads: 1
    resources:
        mem_mb=3000,
        runtime=30,
    conda:
        CONDA_ENV
    script:
        "../scripts/kjit/exp3_kjit.py"


rule kj_exp3_timing:
    """Exp. 3 timing of Fig. 6's claims, one interleaved repeat per job: quadrature, KJIT (a replay of the sequence)
    and sampling-only EP (its first timing_sampling_sweeps sweeps, every timing_sampling_every-th problem) back to
    back on each problem (timed)."""
    input:
        code=code("kjit/exp3_timing.py"),
    output:
        kj_exp3_timing_file("{part}"),
    params:
        kw=lambda wc: kj_kw(
            "exp3",
            KJ_EXP3_KJIT + ("target_z", "timing_sampling_every", "timing_sampling_sweeps", "quad_nodes"),
            repeats=[int(wc.part)],
        ),
        seed=config["seed"],
    log:
        logs("kj_exp3_timing_{part}"),
    benchmark:
        bench("kj_exp3_timing_{part}")
    threads: workflow.cores
    resources:
        mem_mb=3000,
        runtime=30,
    conda:
        CONDA_ENV
    script:
        "../scripts/kjit/exp3_timing.py"


rule kj_exp4:
    """Exp. 4: compound gamma, our quadrature oracle alone and KJIT (the paper's oracle) on the same problems, then
    interleaved timing repeats of the paper's oracle, ours and KJIT on a subsample (timed)."""
    input:
        code=code("kjit/exp4.py"),
    output:
        kj_exp4_file(),
    params:
        kw=kj_kw(
            "exp4",
            ("n_problems", "n_init", "threshold", "D_in", "D_out", "sigma_y2", "n_nodes", "paper_nodes",
             "timing_repeats", "timing_problems", "median_factor"),
        ),
        seed=config["seed"],
    log:
        logs("kj_exp4"),
    benchmark:
        bench("kj_exp4")
    threads: workflow.cores
    resources:
        mem_mb=2000,
        runtime=60,
    conda:
        CONDA_ENV
    script:
        "../scripts/kjit/exp4.py"


rule kj_exp5_quadrature:
    """Exp. 5 with the quadrature operator on every UCI training set (timed; no random draws, so no seed)."""
    input:
        data=KJ_UCI_FILES,
        code=code("kjit/exp5_quadrature.py"),
    output:
        kj_exp5_file("quadrature"),
    params:
        kw=kj_kw("exp5", ("n_sweeps",), names=KJ_DATASETS),
        data_dir=lambda wc, input: os.path.dirname(input.data[0]),
    log:
        logs("kj_exp5_quadrature"),
    benchmark:
        bench("kj_exp5_quadrature")
    threads: workflow.cores
    resources:
        mem_mb=2000,
        runtime=30,
    conda:
        CONDA_ENV
    script:
        "../scripts/kjit/exp5_quadrature.py"


rule kj_exp5_sampling:
    """Exp. 5 sampling-only EP on one UCI data set (timed; also the incoming messages of Fig. 1)."""
    input:
        data=KJ_UCI_FILES,
        code=code("kjit/exp5_sampling.py"),
    output:
        kj_exp5_sampling_file("{name}"),
    params:
        kw=lambda wc: kj_kw("exp5", ("n_sweeps", "n_samples"), names=[wc.name]),
        data_dir=lambda wc, input: os.path.dirname(input.data[0]),
        seed=config["seed"],
    log:
        logs("kj_exp5_sampling_{name}"),
    benchmark:
        bench("kj_exp5_sampling_{name}")
    threads: workflow.cores
    resources:
        mem_mb=2000,
        runtime=60,
    conda:
        CONDA_ENV
    script:
        "../scripts/kjit/exp5_sampling.py"


rule kj_exp5_kjit:
    """Exp. 5 sampling + KJIT over the UCI sequence, one persistent pair of operators (timed)."""
    input:
        data=KJ_UCI_FILES,
        code=code("kjit/exp5_kjit.py"),
    output:
        kj_exp5_file("kjit"),
    params:
        kw=kj_kw("exp5", KJ_EXP5_KJIT + ("target_z",), names=KJ_DATASETS),
        data_dir=lambda wc, input: os.path.dirname(input.data[0]),
        seed=config["seed"],
    log:
        logs("kj_exp5_kjit"),
    benchmark:
        bench("kj_exp5_kjit")
    threads: workflow.cores
    resources:
        mem_mb=3000,
        runtime=60,
    conda:
        CONDA_ENV
    script:
        "../scripts/kjit/exp5_kjit.py"


rule kj_exp5_seed_range:
    """Seeds [first, last) of Exp. 5's KJIT run repeated over seeds, for one regression target of the f->z direction
    (the paper's expected sufficient statistics, the authors' code's mean / log variance, or our ablation: the
    outgoing message's natural parameters); not timed. Split by seed ranges (issue 45): each seed's streams are
    drawn for every seed whichever job runs it, so the joined ranges are the whole run exactly."""
    input:
        data=KJ_UCI_FILES,
        code=code("kjit/exp5_seed_range.py"),
    output:
        kj_exp5_seed_range_file("{arm}", "{first}", "{last}"),
    params:
        kw=lambda wc: kj_kw("exp5", KJ_EXP5_KJIT + ("n_seeds",), names=KJ_DATASETS, targets=[wc.arm],
                            first=int(wc.first), last=int(wc.last)),
        data_dir=lambda wc, input: os.path.dirname(input.data[0]),
        seed=config["seed"],
    log:
        logs("kj_exp5_seed_range_{arm}_{first}_{last}"),
    benchmark:
        bench("kj_exp5_seed_range_{arm}_{first}_{last}")
    wildcard_constraints:
        arm="suff_stats|mean_logvar|site_natural",
        first=r"\d+",
        last=r"\d+",
    threads: 1
    resources:
        mem_mb=2000,
        runtime=30,
    conda:
        CONDA_ENV
    script:
        "../scripts/kjit/exp5_seed_range.py"


rule kj_exp5_seeds:
    """Exp. 5's repeated KJIT run of one regression target: its seed ranges (kjit.exp5.seeds_per_job each) joined
    in seed order."""
    input:
        parts=lambda wc: kj_exp5_seed_range_files(wc.arm),
        code=code("kjit/exp5_seeds.py"),
    output:
        kj_exp5_seeds_file("{arm}"),
    params:
        kw=lambda wc: kj_kw("exp5", ("n_seeds",)),
        ranges=job_ranges(KJ["exp5"]["n_seeds"], KJ["exp5"]["seeds_per_job"]),
    log:
        logs("kj_exp5_seeds_{arm}"),
    benchmark:
        bench("kj_exp5_seeds_{arm}")
    wildcard_constraints:
        arm="suff_stats|mean_logvar|site_natural",
    threads: 1
    resources:
        mem_mb=500,
        runtime=5,
    conda:
        CONDA_ENV
    script:
        "../scripts/kjit/exp5_seeds.py"


rule kj_supp:
    """Supplementary S1 / S2: random-feature approximation errors."""
    input:
        code=code("kjit/supp.py"),
    output:
        kj_supp_file("{which}"),
    params:
        kw=lambda wc: kj_kw(wc.which, KJ_SUPP[wc.which]),
        seed=config["seed"],
    log:
        logs("kj_supp_{which}"),
    benchmark:
        bench("kj_supp_{which}")
    wildcard_constraints:
        which="s1|s2",
    threads: 1
    resources:
        mem_mb=2000,
        runtime=30,
    conda:
        CONDA_ENV
    script:
        "../scripts/kjit/supp.py"
