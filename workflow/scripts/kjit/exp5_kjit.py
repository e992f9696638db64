"""Experiment 5 (Figs 8, 9): sampling + KJIT over the UCI sequence, one persistent pair of operators. Timed: one
BLAS thread, the rule takes every core."""
import numpy as np
from threadpoolctl import threadpool_limits

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.kjit.experiments.exp5 import exp5_kjit

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw = smk.params.kw
    with threadpool_limits(1):
        out = exp5_kjit(smk.params.data_dir, rng_for(smk.params.seed, "kj_exp5", "kjit"), **kw)
    log.info("kjit on %s: test error %s", kw["names"], np.round(out["test_error"], 4))
    save_npz(smk.output[0], out, provenance(kw, seed=[smk.params.seed, "kj_exp5", "kjit"]))
