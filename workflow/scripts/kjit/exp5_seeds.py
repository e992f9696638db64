"""Experiment 5 (Fig. 9): one regression target's repeated KJIT run, its seed ranges joined in seed order."""
from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.job_ranges import check_joined
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.kjit.experiments.exp5_seed_ranges import join_seed_ranges

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    parts = [load_npz(p)[0] for p in smk.input.parts]
    check_joined([p["test_error"].shape[1] for p in parts], smk.params.ranges, smk.params.kw["n_seeds"])
    out = join_seed_ranges(parts, **smk.params.kw)
    log.info("%d seed ranges joined: %d seeds of %s", len(parts), out["test_error"].shape[1], list(out["targets"]))
    save_npz(smk.output[0], out, provenance(smk.params.kw, parts=[str(p) for p in smk.input.parts]))
