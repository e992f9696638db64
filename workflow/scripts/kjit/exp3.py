"""Experiment 3 (Figs 5-6): one method on the 30 logistic-regression problems (the sampling-only baseline on a
slice of them), or (method ``timing``) every method interleaved in one job for Fig. 6's timing claims. Timed: one BLAS
thread, and the rule takes every core so that nothing runs beside it."""
import numpy as np
from threadpoolctl import threadpool_limits

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.kjit.experiments import exp3_baseline, exp3_kjit, exp3_timing

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    p = dict(smk.params.exp3)
    method = smk.params.method
    # one seed for every method: the same problems, test sets and w*
    rng = rng_for(smk.params.seed, "kj_exp3")
    common = {k: p[k] for k in ("d", "n", "n_problems", "n_sweeps", "n_samples", "n_test")}
    with threadpool_limits(1):
        kjit_keys = ("n_init", "threshold", "D_in", "D_out", "sigma_y2", "median_factor", "target_z", "skip_improper", "consult_unusable")
        if method == "kjit":
            kw = {**common, **{k: p[k] for k in kjit_keys}}
            if smk.params.get("target_z"):               # the ablation arm: another f->z regression target
                kw["target_z"] = smk.params.target_z
            out = exp3_kjit(rng, **kw)
        elif method == "timing":
            keys = kjit_keys + ("timing_repeats", "timing_sampling_every", "timing_sampling_sweeps")
            kw = {**common, **{k: p[k] for k in keys}, "repeats": [int(smk.wildcards.part)]}
            out = exp3_timing(rng, **kw)
        else:
            problems = None
            if method == "sampling":
                part = int(smk.wildcards.part)
                problems = np.array_split(np.arange(p["n_problems"]), p["slices"])[part].tolist()
            kw = {**common, "problems": problems}
            out = exp3_baseline(method, rng, **kw)
    if method == "timing":
        log.info("timing: median time per problem and method (ms) %s", np.round(np.nanmedian(out["time_ms"], axis=0)))
    else:
        log.info("%s: time per problem (ms) %s; error %s", method, np.round(out["time_ms"]), np.round(out["error"], 4))
    save_npz(smk.output[0], out, provenance({"method": method, **kw}, seed=[smk.params.seed, "kj_exp3"]))
