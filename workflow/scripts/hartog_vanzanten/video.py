"""Fig. 6 data: the labelled 9-frame video with the extra ball in frame 5 and 10 % uncoloured pixels."""
from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.truncated_laplacian.experiments.tracking import tracking_data

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw, seed = smk.params.kw, [smk.params.seed, "hvz_video"]
    v = tracking_data(rng_for(*seed), **kw)
    log.info("video %s, observed %.4f, extra-ball pixels %d", v["labels"].shape, v["observed"].mean(), v["extra"].sum())
    save_npz(smk.output[0], v, provenance(kw, seed=seed))
