"""Figs 11-12 over many graph draws (Appendix B): where the largest mismatch spikes' prediction vectors lie."""

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.graphs.ensembles import make_graph
from statmech_bayes.randomwalk.pseudo_outputs import spike_statistics

smk = snakemake  # noqa: F821
with rule_context(smk):
    f, k = smk.params.fig11, smk.params.kernel
    spec = dict(smk.params.ensemble)
    kind = spec.pop("kind")
    # A stream of its own, independent of the drawn example's (fig11_12_data), so the example is not
    # counted twice.
    rng = rng_for(smk.params.seed, "fig11_12_draws", f["V"], f["N"], f["n_draws"])
    graphs = [make_graph(kind, f["V"], rng, **spec) for _ in range(f["n_draws"])]
    arrays = spike_statistics(graphs, k["p"], k["a"], f["N"], f["sigma2"], rng, top=f["top_spikes"])
    save_npz(smk.output[0], arrays, provenance({"fig11": f, "kernel": k}, seed=[smk.params.seed, "fig11_12_draws"]))
