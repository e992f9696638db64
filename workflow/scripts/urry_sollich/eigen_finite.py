"""Eigenvalue approximation (Eq. 18) per cached graph, from the globally normalised kernel's spectrum."""
import numpy as np

from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import progress, rule_context
from statmech_bayes.gp.learning_curve_approx import graph_eigen_learning_curve
from statmech_bayes.graphs.spectral import SpectralBasis
from statmech_bayes.randomwalk.simulated_curves import global_kernel_eigenvalues

smk = snakemake  # noqa: F821
with rule_context(smk):
    k, s = smk.params.kernel, smk.params.sims
    spectra, meta = load_npz(smk.input.spectra)
    nus = np.geomspace(*s["nu_range"], s["n_nu"])
    eps = np.empty((spectra["mu"].shape[0], len(s["sigma2"]), nus.size))
    for i in progress(range(eps.shape[0]), desc="graphs"):
        e = global_kernel_eigenvalues(SpectralBasis(mu=spectra["mu"][i], U=spectra["U"][i]), k["p"], k["a"])
        for j, s2 in enumerate(s["sigma2"]):
            eps[i, j] = graph_eigen_learning_curve(e, nus, s2)
    save_npz(smk.output[0], {"nu": nus, "sigma2": np.asarray(s["sigma2"]), "eps": eps},
             provenance({"kernel": k, "sims": s}, graphs=meta.get("params")))
