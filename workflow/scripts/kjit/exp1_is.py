"""Experiment 1 ground truth as the paper describes it: importance-sampling projected beliefs for the subsampled
messages (the train / test split is their order)."""
from threadpoolctl import threadpool_limits

from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.kjit.experiments.exp1 import exp1_is

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw = smk.params.kw
    collected, _ = load_npz(smk.input.collected)
    with threadpool_limits(1):
        out = exp1_is(collected, rng_for(smk.params.seed, "kj_exp1_is"), **kw)
    log.info("IS ground truth for %d messages, %d unusable answers skipped", out["idx"].size, int(out["n_skipped"]))
    save_npz(smk.output[0], out, provenance(kw, seed=[smk.params.seed, "kj_exp1_is"]))
