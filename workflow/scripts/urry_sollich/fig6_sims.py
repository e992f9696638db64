"""Local posterior variances pooled over graphs and data sets at the nu of Fig 6."""
import numpy as np

from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import progress, rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.graphs.spectral import SpectralBasis
from statmech_bayes.randomwalk.simulated_curves import pooled_posterior_variances

smk = snakemake  # noqa: F821
with rule_context(smk):
    f6, k = smk.params.fig6, smk.params.kernel
    spectra, gmeta = load_npz(smk.input.spectra)
    parts = [pooled_posterior_variances(SpectralBasis(mu=spectra["mu"][i], U=spectra["U"][i]), k["p"], k["a"],
                                        f6["nus"], f6["sigma2"], f6["n_datasets"],
                                        rng_for(smk.params.seed, "fig6_sims", i))
             for i in progress(range(spectra["mu"].shape[0]), desc="graphs")]
    post = np.concatenate(parts, axis=1)  # [nu, graph x data set, vertex]
    save_npz(smk.output[0], {"nu": np.asarray(f6["nus"]), "posterior_variances": post.reshape(len(f6["nus"]), -1)},
             provenance({"fig6": f6, "kernel": k}, seed=[smk.params.seed, "fig6_sims"], graphs=gmeta.get("params")))
