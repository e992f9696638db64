"""Fig. 5, one size: a digit-ratio-keeping subsample and its 15-NN graph (LCC), shared by both methods."""
from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.truncated_laplacian.experiments.mnist import mnist_subgraph

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw, size = smk.params.kw, int(smk.wildcards.size)
    features, _ = load_npz(smk.input.features)
    seed = [smk.params.seed, "hvz_mnist_graph", size]
    sub = mnist_subgraph(features, size, rng_for(*seed), **kw)
    log.info("n=%d requested, %d in the LCC (%d dropped), %d edges, %d test, graph build %.2f s", size,
             sub["digit"].size, sub["n_dropped"], len(sub["edges"]), sub["is_test"].sum(), sub["t_graph"])
    save_npz(smk.output[0], sub, provenance({**kw, "size": size}, seed=seed))
