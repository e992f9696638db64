"""Pseudo-outputs z z^T and prediction vectors under matched and mismatched normalisation (Appendix B)."""

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.graphs.ensembles import make_graph
from statmech_bayes.randomwalk.pseudo_outputs import pseudo_output_data

smk = snakemake  # noqa: F821
with rule_context(smk):
    f, k = smk.params.fig11, smk.params.kernel
    spec = dict(smk.params.ensemble)
    kind = spec.pop("kind")
    rng = rng_for(smk.params.seed, "fig11_12", f["V"], f["N"])
    A = make_graph(kind, f["V"], rng, **spec)
    arrays = pseudo_output_data(A, k["p"], k["a"], f["N"], f["sigma2"], rng)
    save_npz(smk.output[0], arrays, provenance({"fig11": f, "kernel": k}, seed=[smk.params.seed, "fig11_12"]))
