"""Experiment 5 (Fig. 9): EP with the quadrature operator on every UCI training set (no random draws). Timed: one
BLAS thread, the rule takes every core."""
import numpy as np
from threadpoolctl import threadpool_limits

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.kjit.experiments.exp5 import exp5_quadrature

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw = smk.params.kw
    with threadpool_limits(1):
        out = exp5_quadrature(smk.params.data_dir, **kw)
    log.info("quadrature on %s: test error %s", kw["names"], np.round(out["test_error"], 4))
    save_npz(smk.output[0], out, provenance(kw))
