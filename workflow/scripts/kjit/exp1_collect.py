"""Experiment 1 data: quadrature EP on fresh logistic problems; the f->z inputs of the first sweeps and their
projected beliefs (ground truth)."""
from threadpoolctl import threadpool_limits

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.kjit.experiments.exp1 import exp1_collect

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw = smk.params.kw
    with threadpool_limits(1):
        out = exp1_collect(rng_for(smk.params.seed, "kj_exp1_collect"), **kw)
    log.info("collected %d tuples", out["mu"].size)
    save_npz(smk.output[0], out, provenance(kw, seed=[smk.params.seed, "kj_exp1_collect"]))
