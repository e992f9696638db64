"""Experiment 3 timing of Fig. 6's claims: one interleaved repeat (the rule's `repeats`) of quadrature, KJIT and
sampling-only EP back to back on each problem. Timed: one BLAS thread, and the rule takes every core so that
nothing runs beside it."""
import numpy as np
from threadpoolctl import threadpool_limits

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.kjit.experiments.exp3 import exp3_timing

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw = smk.params.kw
    # one seed for every method of Exp. 3: the same problems, test sets and w*
    with threadpool_limits(1):
        out = exp3_timing(rng_for(smk.params.seed, "kj_exp3"), **kw)
    log.info("timing: median time per problem and method (ms) %s", np.round(np.nanmedian(out["time_ms"], axis=0)))
    save_npz(smk.output[0], out, provenance(kw, seed=[smk.params.seed, "kj_exp3"]))
