"""Fig. 3 data: the small-world LCC, its sign-fixed eigenpairs, the truth built on them, labels and a layout."""
from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.truncated_laplacian.experiments.smallworld import small_world_data

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw, seed = smk.params.kw, [smk.params.seed, "hvz_sw_data"]
    d = small_world_data(rng_for(*seed), **kw)
    log.info("LCC %d nodes, %d edges (graph seed %d), observed %d", d["f0"].size, len(d["edges"]), d["graph_seed"],
             d["observed"].sum())
    save_npz(smk.output[0], d, provenance(kw, seed=seed))
