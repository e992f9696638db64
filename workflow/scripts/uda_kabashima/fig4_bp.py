"""Fig 4 markers, one chunk of runs: BP's final overlap error and leave-one-out error (56) per C."""
import numpy as np

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.sparse_classifier.experiments import fig4_bp_runs

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    f4, chunk = smk.params.fig4, int(smk.wildcards.uk_chunk)
    start, stop = smk.params.runs
    rng = rng_for(smk.params.seed, "uk_fig4_bp", chunk)
    out = fig4_bp_runs(C_values=f4["C"], Ct=f4["Ct"], N=f4["N"], M=f4["M"], kappa=smk.params.kappa, T=f4["T"],
                       n_runs=stop - start, rng=rng)
    out["converged"] = out["max_dm"] < float(f4.get("conv_tol", 1e-6))
    out["runs"] = np.arange(start, stop)
    log.info("runs %d-%d: converged per C %s", start, stop - 1, out["converged"].sum(axis=1))
    save_npz(smk.output[0], out, provenance({**f4, "kappa": smk.params.kappa, "runs": [start, stop]},
                                            seed=[smk.params.seed, "uk_fig4_bp", chunk]))
