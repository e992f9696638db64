"""The further colon splits (their own seed stream, so the paper's 200 are untouched)."""
from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.sparse_classifier.experiments import colon_permutations

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    y = load_npz(smk.input.data)[0]["y"]
    key = [smk.params.seed, "uk_colon_precision_perms"]
    out = colon_permutations(smk.params.n_rep, y.size, rng=rng_for(*key))
    log.info("%d further permutations of %d samples", *out["perms"].shape)
    save_npz(smk.output[0], out, provenance({"n_rep": smk.params.n_rep}, seed=key))
