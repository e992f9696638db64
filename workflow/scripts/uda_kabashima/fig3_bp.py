"""Fig 3 markers, one chunk of runs: undamped fast BP, the overlap error after every update."""
import numpy as np

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.sparse_classifier.experiments import fig3_bp_runs

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    f3, chunk = smk.params.fig3, int(smk.wildcards.uk_chunk)
    start, stop = smk.params.runs
    rng = rng_for(smk.params.seed, "uk_fig3_bp", chunk)
    out = fig3_bp_runs(C_values=f3["C"], Ct=f3["Ct"], N=f3["N"], M=f3["M"], kappa=smk.params.kappa, T=f3["T"],
                       n_runs=stop - start, rng=rng)
    out["runs"] = np.arange(start, stop)
    log.info("runs %d-%d: final mean eps per C %s", start, stop - 1, out["eps"][:, :, -1].mean(axis=1))
    save_npz(smk.output[0], out, provenance({**f3, "kappa": smk.params.kappa, "runs": [start, stop]},
                                            seed=[smk.params.seed, "uk_fig3_bp", chunk]))
