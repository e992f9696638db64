"""Prior variances of the globally normalised kernel on one large graph (Fig 2 grey histograms)."""

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.graphs.ensembles import make_graph
from statmech_bayes.graphs.operators import degrees
from statmech_bayes.randomwalk.kernels import kernel_diagonal_sparse

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    spec = dict(smk.params.ensemble)
    kind = spec.pop("kind")
    V, k = int(smk.params.V), smk.params.kernel
    A = make_graph(kind, V, rng_for(smk.params.seed, "fig2_graph", smk.wildcards.ens, V), **spec)
    diag = kernel_diagonal_sparse(A, k["p"], k["a"])
    log.info("V=%d, mean degree %.3f, kappa_graph %.5f", V, degrees(A).mean(), diag.mean())
    deg = degrees(A)
    # Vertices of two-vertex components: degree 1 with a degree-1 neighbour (A @ deg is its degree).
    isolated_edge = (deg == 1) & (A @ deg == 1)
    save_npz(smk.output[0], {"C_hat_ii": diag, "degree": deg, "isolated_edge": isolated_edge},
             provenance({"ensemble": smk.params.ensemble, "V": V, "kernel": k},
                        seed=[smk.params.seed, "fig2_graph", smk.wildcards.ens, V]))
