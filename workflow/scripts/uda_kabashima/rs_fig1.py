"""Fig 1: the RS saddle point on the (C_t, C) grid, both generalisation errors from one solve."""
from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.sparse_classifier.experiments import fig1_rs_curves

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw = smk.params.kw
    out = fig1_rs_curves(**kw)
    log.info("%d x %d RS points, iterations max %d", out["Ct"].size, out["C"].size, int(out["iterations"].max()))
    save_npz(smk.output[0], out, provenance(kw))
