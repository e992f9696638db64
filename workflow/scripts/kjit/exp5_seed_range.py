"""Experiment 5 (Fig. 9): seeds [first, last) of the KJIT run over the UCI sequence repeated over seeds, for one
regression target of the f->z direction (the rule's `targets`); not timed."""
import numpy as np
from threadpoolctl import threadpool_limits

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.kjit.experiments.exp5_seed_ranges import exp5_seed_range

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw = smk.params.kw
    with threadpool_limits(1):
        out = exp5_seed_range(smk.params.data_dir, rng_for(smk.params.seed, "kj_exp5", "seeds"), **kw)
    log.info("seeds %d-%d of %s on %s: test error %s", kw["first"], kw["last"] - 1, kw["targets"], kw["names"],
             np.round(out["test_error"], 4))
    save_npz(smk.output[0], out, provenance(kw, seed=[smk.params.seed, "kj_exp5", "seeds"]))
