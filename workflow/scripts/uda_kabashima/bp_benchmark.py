"""One BP update at N = M = 2000 against the two matrix-vector products it needs (one BLAS thread)."""
from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.sparse_classifier.experiments import benchmark_bp_update

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw = smk.params.kw
    out = benchmark_bp_update(rng=rng_for(smk.params.seed, "uk_bp_benchmark"), **kw)
    log.info("update %.3g ms, two mat-vecs %.3g ms, ratio %.3f", 1e3 * out["t_update"], 1e3 * out["t_matvec2"],
             out["ratio"])
    save_npz(smk.output[0], out, provenance(kw))
