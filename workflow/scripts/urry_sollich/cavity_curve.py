"""A cavity learning curve: the mean of its independent replicas (cavity_replica.py), their spread over
sqrt(replicas) its standard error."""
import numpy as np

from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.randomwalk.cavity import CurveReplica, combine_replicas

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    c = smk.params.curve
    kap, _ = load_npz(smk.input.kappa)
    runs = []
    for path in smk.input.replicas:
        z, _ = load_npz(path)
        kept = {float(nu): z[f"kept_{i}"] for i, nu in enumerate(z["kept_nu"])}
        runs.append(CurveReplica(eps=z["eps"], sweep_se=z["sweep_se"], second=z["second"], kept=kept,
                                 population=np.zeros(0)))
    norm = c["normalisation"]
    r = combine_replicas(runs, c["nus"], norm, float(c["sigma2"]), float(kap["kappa"]) if norm == "global" else None)
    arrays = {"nu": r.nu, "eps": r.eps, "stderr": r.stderr, "eps_variance": r.eps_variance,
              "kappa": kap["kappa"], "replica_eps": r.replica_eps, "sweep_stderr": r.sweep_stderr,
              "replica_variance": r.replica_variance}
    for i, (nu, samples) in enumerate(sorted(r.samples.items())):
        arrays[f"samples_{i}"] = samples
        arrays[f"samples_{i}_nu"] = np.float64(nu)
    log.info("eps = %s", np.array2string(r.eps, precision=4))
    save_npz(smk.output[0], arrays, provenance(c))
