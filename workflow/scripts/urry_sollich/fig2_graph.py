"""Prior variances of the globally normalised kernel on large graphs (Fig 2 grey histograms).

The histogram is the first graph's, as in the paper (one graph of V = 10^4); the tail claims pool the
prior variances C_ii = C_hat_ii/kappa_graph of all fig2.n_graphs graphs, each normalised by its own mean."""
import numpy as np

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import progress, rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.graphs.ensembles import make_graph
from statmech_bayes.graphs.operators import degrees
from statmech_bayes.randomwalk.kernels import kernel_diagonal_sparse

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    spec = dict(smk.params.ensemble)
    kind = spec.pop("kind")
    V, k, ens = int(smk.params.V), smk.params.kernel, smk.wildcards.ens
    pooled, kappas = [], []
    for i in progress(range(int(smk.params.n_graphs)), desc="graphs"):
        # Graph 0 keeps the key of the single-graph figure; the others add their index.
        key = (smk.params.seed, "fig2_graph", ens, V) + ((i,) if i else ())
        A = make_graph(kind, V, rng_for(*key), **spec)
        diag = kernel_diagonal_sparse(A, k["p"], k["a"])
        if i == 0:
            deg = degrees(A)
            # Vertices of two-vertex components: degree 1 with a degree-1 neighbour (A @ deg is its degree).
            first = {"C_hat_ii": diag, "degree": deg, "isolated_edge": (deg == 1) & (A @ deg == 1)}
            log.info("V=%d, mean degree %.3f, kappa_graph %.5f", V, deg.mean(), diag.mean())
        kappas.append(diag.mean())
        pooled.append(diag / diag.mean())
    save_npz(smk.output[0], first | {"pooled_C": np.concatenate(pooled), "kappa_graphs": np.asarray(kappas)},
             provenance({"ensemble": smk.params.ensemble, "V": V, "kernel": k, "n_graphs": int(smk.params.n_graphs)},
                        seed=[smk.params.seed, "fig2_graph", ens, V]))
