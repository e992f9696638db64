"""Finite-size check for Fig 9: the spread of the prior variances C_ii/kappa_G (the nu -> 0 limit of the
vertex-to-vertex variance under global normalisation) on graphs of growing V, exact sparse kernel diagonals."""
import numpy as np

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import progress, rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.graphs.ensembles import make_graph
from statmech_bayes.randomwalk.kernels import kernel_diagonal_sparse

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    spec = dict(smk.params.ensemble)
    kind = spec.pop("kind")
    k, fs = smk.params.kernel, smk.params.finite_size
    arrays = {"V": np.asarray(fs["V"], dtype=np.int64)}
    for V, n in zip(fs["V"], fs["n_graphs"]):
        spread = []
        for i in progress(range(n), desc=f"V={V}"):
            A = make_graph(kind, V, rng_for(smk.params.seed, "fig9_finite_size", smk.wildcards.ens, V, i), **spec)
            c = kernel_diagonal_sparse(A, k["p"], k["a"])
            spread.append(np.var(c / c.mean()))  # the graph's own kappa, as in the simulations
        arrays[f"spread_V{V}"] = np.asarray(spread)
        log.info("V=%d: mean spread %.4f +- %.4f", V, np.mean(spread), np.std(spread, ddof=1) / np.sqrt(n))
    save_npz(smk.output[0], arrays, provenance({"ensemble": smk.params.ensemble, "kernel": k, "finite_size": fs},
                                               seed=[smk.params.seed, "fig9_finite_size", smk.wildcards.ens]))
