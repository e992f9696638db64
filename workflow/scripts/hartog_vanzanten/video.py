"""Fig. 6 data: the labelled 9-frame video with the extra ball in frame 5 and 10 % uncoloured pixels."""
from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.truncated_laplacian.experiments import tracking_data

VIDEO_KEYS = ("T", "H", "W", "radius", "start", "step", "extra_frame", "extra_center", "extra_radius", "frac_missing")

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    p = smk.params.tracking
    kw = {k: (tuple(p[k]) if isinstance(p[k], list) else p[k]) for k in VIDEO_KEYS}
    v = tracking_data(rng_for(smk.params.seed, "hvz_video"), **kw)
    log.info("video %s, observed %.4f, extra-ball pixels %d", v["labels"].shape, v["observed"].mean(), v["extra"].sum())
    save_npz(smk.output[0], v, provenance(kw, seed=[smk.params.seed, "hvz_video"]))
