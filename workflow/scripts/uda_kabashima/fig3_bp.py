"""Fig 3 markers, one chunk of runs: undamped fast BP, the overlap error after every update."""
import numpy as np

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.sparse_classifier.experiments import fig3_bp_runs

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw, chunk = smk.params.kw, int(smk.wildcards.uk_chunk)
    start, stop = smk.params.runs
    seed = [smk.params.seed, "uk_fig3_bp", chunk]
    out = fig3_bp_runs(n_runs=stop - start, rng=rng_for(*seed), **kw)
    out["runs"] = np.arange(start, stop)
    log.info("runs %d-%d: final mean eps per C %s", start, stop - 1, out["eps"][:, :, -1].mean(axis=1))
    save_npz(smk.output[0], out, provenance({**kw, "runs": [start, stop]}, seed=seed))
