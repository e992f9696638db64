"""Fig. 1 graph data: K_{1,p} on each cached random regular graph from its cached spectrum."""
from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import progress, rule_context
from statmech_bayes.graphs.spectral import SpectralBasis
from statmech_bayes.randomwalk.kernel_profiles import graph_data

smk = snakemake  # noqa: F821
with rule_context(smk):
    g, gmeta = load_npz(smk.input.graphs)
    s, _ = load_npz(smk.input.spectra)
    bases = [SpectralBasis(mu=m, U=u) for m, u in zip(s["mu"], s["U"])]
    data = graph_data(g["edges"], g["offsets"], bases, smk.params.fig1, progress=progress)
    save_npz(smk.output[0], data, provenance(smk.params.fig1, seed=gmeta.get("seed"), graphs=gmeta.get("params")))
