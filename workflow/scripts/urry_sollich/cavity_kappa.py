"""Population dynamics at nu = 0: the ensemble kappa, prior-variance samples and a warm-start population."""
import numpy as np

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import progress, rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.graphs.ensembles import degree_law
from statmech_bayes.randomwalk.cavity import global_kappa

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    spec = dict(smk.params.ensemble)
    law = degree_law(spec.pop("kind"), **spec)
    k, c = smk.params.kernel, smk.params.cavity
    res = global_kappa(law, k["p"], k["a"], c["kappa_P"], c["kappa_equil_sweeps"], c["kappa_measure_sweeps"],
                       rng_for(smk.params.seed, "cavity_kappa", smk.wildcards.ens), progress=progress)
    log.info("kappa = %.6g +- %.2g", res.kappa, res.stderr)
    save_npz(smk.output[0], {"kappa": np.float64(res.kappa), "stderr": np.float64(res.stderr),
                             "prior_samples": res.prior_samples, "population": res.population},
             provenance({"ensemble": smk.params.ensemble, "kernel": k, "cavity": c},
                        seed=[smk.params.seed, "cavity_kappa", smk.wildcards.ens]))
