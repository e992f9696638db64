"""Cavity learning curve by population dynamics (global or local normalisation), warm-started along nu,
in independent replicas whose spread is the curve's standard error."""
import numpy as np

from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import progress, rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.graphs.ensembles import degree_law
from statmech_bayes.randomwalk.cavity import learning_curve_global, learning_curve_local

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    spec = dict(smk.params.ensemble)
    law = degree_law(spec.pop("kind"), **spec)
    k, c, s2 = smk.params.kernel, smk.params.cavity, float(smk.params.sigma2)
    nus = np.asarray(smk.params.nus, float)
    norm, ens = smk.params.normalisation, smk.params.ensemble_name
    if norm not in ("global", "local"):
        raise ValueError(f"params.normalisation must be 'global' or 'local', got {norm!r}")
    kap, _ = load_npz(smk.input.kappa)
    # Keys as formatted text: the repr of numpy scalars differs between numpy versions.
    rng = rng_for(smk.params.seed, "cavity_curve", ens, norm, f"{s2:.6g}", ",".join(f"{v:.6g}" for v in nus))
    # The nu = 0 population (an i.i.d. sample of the message distribution) warm-starts every curve,
    # resampled to this run's population size; each replica then equilibrates on its own random stream.
    pop0 = kap["population"]
    init = pop0[rng.choice(pop0.shape[0], size=c["P"], replace=c["P"] > pop0.shape[0])]
    common = dict(nus=nus, sigma2=s2, P=c["P"], equil_sweeps=c["equil_sweeps"],
                  measure_sweeps=int(smk.params.measure_sweeps), rng=rng, warm_sweeps=c["warm_sweeps"],
                  keep_samples_at=list(smk.params.keep_samples_at), progress=progress,
                  replicas=int(smk.params.replicas), measure_draws=int(smk.params.measure_draws))
    if norm == "global":
        r = learning_curve_global(law, k["p"], k["a"], float(kap["kappa"]),
                                  init_population=init, **common)
    else:
        # ... and at nu = 0 it is the exact state of both halves of the local pair population.
        r = learning_curve_local(law, k["p"], k["a"], init_population=init, **common)
    arrays = {"nu": r.nu, "eps": r.eps, "stderr": r.stderr, "eps_variance": r.eps_variance,
              "kappa": kap["kappa"], "replica_eps": r.replica_eps, "sweep_stderr": r.sweep_stderr,
              "replica_variance": r.replica_variance}
    for i, (nu, samples) in enumerate(sorted(r.samples.items())):
        arrays[f"samples_{i}"] = samples
        arrays[f"samples_{i}_nu"] = np.float64(nu)
    log.info("eps = %s", np.array2string(r.eps, precision=4))
    save_npz(smk.output[0], arrays, provenance({"ensemble": smk.params.ensemble, "kernel": k, "cavity": c,
                                                "sigma2": s2, "normalisation": norm, "nu": nus,
                                                "replicas": int(smk.params.replicas),
                                                "measure_draws": int(smk.params.measure_draws)}))
