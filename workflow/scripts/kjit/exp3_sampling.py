"""Experiment 3 (Fig. 6): sampling-only EP on one slice of the problems (the rule's `problems`), on one BLAS thread.
Its times are panel (b)'s single runs; Fig. 6's timing claims come from the interleaved timing jobs."""
import numpy as np
from threadpoolctl import threadpool_limits

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.kjit.experiments.exp3 import exp3_sampling

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw = smk.params.kw
    # one seed for every method of Exp. 3: the same problems, test sets and w*
    with threadpool_limits(1):
        out = exp3_sampling(rng_for(smk.params.seed, "kj_exp3"), **kw)
    log.info("time per problem (ms) %s; error %s", np.round(out["time_ms"]), np.round(out["error"], 4))
    save_npz(smk.output[0], out, provenance(kw, seed=[smk.params.seed, "kj_exp3"]))
