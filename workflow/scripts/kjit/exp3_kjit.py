"""Experiment 3 (Figs 5-6): sampling + KJIT, one persistent pair of operators over the problems in sequence (the
rule's `target_z`: the paper's regression target, or the ablation's). Timed: one BLAS thread, and the rule takes
every core so that nothing runs beside it."""
import numpy as np
from threadpoolctl import threadpool_limits

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.kjit.experiments.exp3 import exp3_kjit

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw = smk.params.kw
    # one seed for every method of Exp. 3: the same problems, test sets and w*
    with threadpool_limits(1):
        out = exp3_kjit(rng_for(smk.params.seed, "kj_exp3"), **kw)
    log.info("target %s: time per problem (ms) %s; error %s", kw["target_z"], np.round(out["time_ms"]),
             np.round(out["error"], 4))
    save_npz(smk.output[0], out, provenance(kw, seed=[smk.params.seed, "kj_exp3"]))
