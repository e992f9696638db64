"""Experiments 1-2: the batch operator (LOOCV fit) on the importance-sampling ground truth, its KL errors, its
uncertainty on the two test lines against the Eslami-style forest, and every row of the App. C table."""
import time

import numpy as np

from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.kjit.experiments.exp1 import exp1_fit

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw = smk.params.kw
    collected, _ = load_npz(smk.input.collected)
    truth, _ = load_npz(smk.input.truth)
    t0 = time.perf_counter()
    out = exp1_fit(collected, truth, rng_for(smk.params.seed, "kj_exp1_fit"), **kw)
    out["fit_seconds"] = np.float64(time.perf_counter() - t0)
    out["collected_alpha"], out["collected_beta"] = collected["alpha"], collected["beta"]
    log.info("target %s: test log KL mean %.3f sd %.3f over the proper predictions, %d improper",
             kw["target_z"], np.nanmean(out["log_kl_test"]), np.nanstd(out["log_kl_test"]), int(out["n_improper_test"]))
    save_npz(smk.output[0], out, provenance(kw, seed=[smk.params.seed, "kj_exp1_fit"]))
