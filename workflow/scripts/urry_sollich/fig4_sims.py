"""Simulated learning curves for several p on cached 3-regular graphs, on a grid of x = nu p^(3/2)."""
import numpy as np

from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import progress, rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.gp.graph_posterior import (
    kernels_from_basis,
    nested_counts,
    posterior_variances,
)
from statmech_bayes.graphs.spectral import SpectralBasis

smk = snakemake  # noqa: F821
with rule_context(smk):
    f4, k = smk.params.fig4, smk.params.kernel
    spectra, gmeta = load_npz(smk.input.spectra)
    n, V = spectra["mu"].shape
    x = np.geomspace(*f4["x_range"], f4["n_x"])
    arrays = {"x": x, "p_sim": np.asarray(f4["p_sim"])}
    for p in f4["p_sim"]:
        # N from 1 (nu = 1/V) up to the largest x; duplicates of N collapse on the small-x side.
        N = np.unique(np.maximum(1, np.round(x / p**1.5 * V)).astype(np.int64))
        eps = np.empty((n, N.size))
        for i in progress(range(n), desc=f"p={p}"):
            basis = SpectralBasis(mu=spectra["mu"][i], U=spectra["U"][i])
            C_global, _ = kernels_from_basis(basis, p, k["a"])
            counts = nested_counts(rng_for(smk.params.seed, "fig4_sims", p, i), V, N)
            eps[i] = [posterior_variances(C_global, c, f4["sigma2"]).mean() for c in counts]
        arrays[f"N_p{p}"], arrays[f"eps_p{p}"] = N, eps
    save_npz(smk.output[0], arrays, provenance({"fig4": f4, "kernel": k}, seed=[smk.params.seed, "fig4_sims"],
                                               graphs=gmeta.get("params")))
