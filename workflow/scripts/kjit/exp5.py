"""Experiment 5 (Figs 1, 8, 9): EP on the UCI training sets with one method (the sampling-only baseline one data
set per job). Timed: one BLAS thread, the rule takes every core."""
import numpy as np
from threadpoolctl import threadpool_limits

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.kjit.experiments import exp5_baseline, exp5_kjit, exp5_seeds

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    p = dict(smk.params.exp5)
    method = smk.params.method
    names = [smk.wildcards.name] if method == "sampling" else list(p["datasets"])
    rng = rng_for(smk.params.seed, "kj_exp5", method)
    kjit_keys = ("n_init", "threshold", "D_in", "D_out", "sigma_y2", "median_factor", "skip_improper", "consult_unusable")
    common = {"names": tuple(names), "n_sweeps": p["n_sweeps"], "n_samples": p["n_samples"]}
    with threadpool_limits(1):
        if method == "kjit":
            kw = {**common, **{k: p[k] for k in kjit_keys}, "target_z": p["target_z"]}
            out = exp5_kjit(smk.params.data_dir, rng, **kw)
        elif method == "seeds":
            kw = {**common, **{k: p[k] for k in kjit_keys}, "targets": (smk.wildcards.arm,),
                  "n_seeds": p["n_seeds"]}
            out = exp5_seeds(smk.params.data_dir, rng, **kw)
        else:
            kw = common
            out = exp5_baseline(method, smk.params.data_dir, rng, **kw)
            post = out.pop("post_mean")    # one posterior mean per data set, of different lengths
            out.update({f"post_mean_{nm}": np.asarray(m, float) for nm, m in zip(names, post)})
    log.info("%s on %s: test error %s", method, names, np.round(out["test_error"], 4))
    save_npz(smk.output[0], out, provenance({"method": method, **kw}, seed=[smk.params.seed, "kj_exp5", method]))
