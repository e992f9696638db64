"""Fig. 1 data: the path graph's truth f0 (explicit eq. 4 basis, index corrected) and its noisy, partly removed labels."""
from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.truncated_laplacian.experiments.path import path_data

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw, seed = smk.params.kw, [smk.params.seed, "hvz_path_data"]
    d = path_data(rng_for(*seed), **kw)
    log.info("n=%d, observed %d, f0 in [%.3f, %.3f]", d["f0"].size, d["observed"].sum(), d["f0"].min(), d["f0"].max())
    save_npz(smk.output[0], d, provenance(kw, seed=seed))
