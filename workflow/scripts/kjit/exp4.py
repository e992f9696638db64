"""Experiment 4 (Fig. 7): compound gamma, the quadrature oracle alone and KJIT on the same problems, then the
interleaved timing repeats of the paper's oracle, ours and KJIT on a fixed subsample (timed)."""
import numpy as np
from threadpoolctl import threadpool_limits

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.kjit.experiments.exp4 import exp4_run

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw = smk.params.kw
    with threadpool_limits(1):
        out = exp4_run(rng_for(smk.params.seed, "kj_exp4"), **kw)
    log.info("oracle consulted on %d of %d problems; %d timed x %d repeats, median times (ms) %s = %s",
             int(out["consulted"].sum()), out["consulted"].size, out["timed"].size, out["timing_ms"].shape[0],
             list(out["timing_methods"]), [round(float(x), 3) for x in np.nanmedian(out["timing_ms"], axis=(0, 1))]
             if out["timed"].size else [])
    save_npz(smk.output[0], out, provenance(kw, seed=[smk.params.seed, "kj_exp4"]))
