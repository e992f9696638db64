"""One independent replica of a cavity learning curve by population dynamics (global or local normalisation),
warm-started along nu; cavity_curve.py combines a curve's replicas."""
import numpy as np

from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import progress, rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.graphs.ensembles import degree_law
from statmech_bayes.randomwalk.cavity import curve_replica

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    c = smk.params.curve
    spec = dict(smk.params.ensemble)
    law = degree_law(spec.pop("kind"), **spec)
    k, pop, s2, norm = c["kernel"], c["population"], float(c["sigma2"]), c["normalisation"]
    nus = np.asarray(c["nus"], float)
    kap, _ = load_npz(smk.input.kappa)
    # The key a whole curve's run had (text: the repr of numpy scalars differs between numpy versions); each
    # replica spawns its stream from it as that run did, so splitting the curve into jobs changes no number.
    rng = rng_for(smk.params.seed, "cavity_curve", c["ensemble_name"], norm, f"{s2:.6g}",
                  ",".join(f"{v:.6g}" for v in nus))
    # The nu = 0 population (an i.i.d. sample of the message distribution) warm-starts every replica, resampled
    # to this run's population size; at nu = 0 it is also the exact state of both halves of the local pairs.
    pop0 = kap["population"]
    init = pop0[rng.choice(pop0.shape[0], size=pop["P"], replace=pop["P"] > pop0.shape[0])]
    r = curve_replica(norm, law, k["p"], k["a"], float(kap["kappa"]) if norm == "global" else None, nus, s2,
                      pop["P"], pop["equil_sweeps"], int(c["measure_sweeps"]), rng,
                      replica=int(smk.wildcards.replica), replicas=int(c["replicas"]), init_population=init,
                      warm_sweeps=pop["warm_sweeps"], keep_samples_at=list(c["keep_samples_at"]), progress=progress,
                      measure_draws=int(c["measure_draws"]))
    arrays = {"eps": r.eps, "sweep_se": r.sweep_se, "second": r.second,
              "kept_nu": np.array(sorted(r.kept), dtype=np.float64)}
    for i, nu in enumerate(sorted(r.kept)):
        arrays[f"kept_{i}"] = r.kept[nu]
    log.info("replica %s: eps = %s", smk.wildcards.replica, np.array2string(r.eps, precision=4))
    save_npz(smk.output[0], arrays, provenance({"ensemble": smk.params.ensemble, **c,
                                                "replica": int(smk.wildcards.replica)}))
