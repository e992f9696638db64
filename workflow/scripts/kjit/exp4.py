"""Experiment 4 (Fig. 7): compound gamma, the quadrature oracle alone and KJIT on the same problems (timed)."""
from threadpoolctl import threadpool_limits

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.kjit.experiments import exp4_run

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw = dict(smk.params.exp4)
    with threadpool_limits(1):
        out = exp4_run(rng_for(smk.params.seed, "kj_exp4"), **kw)
    log.info("oracle consulted on %d of %d problems", int(out["consulted"].sum()), out["consulted"].size)
    save_npz(smk.output[0], out, provenance(kw, seed=[smk.params.seed, "kj_exp4"]))
