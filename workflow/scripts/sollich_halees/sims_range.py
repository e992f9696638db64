"""Simulated learning curves of one scenario, data sets [first, last) of its nested data sets (issue 45: jobs of
sollich_halees.datasets_per_job). Every job draws the inputs of all data sets in one call and takes its range, so
a data set's inputs do not depend on the split; ranges are whole kernel batches, so its curves do not either."""
import numpy as np

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import progress, rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.gp.simulation import (
    choose_images,
    draw_inputs,
    kernel_matrices,
    simulate_curves,
)

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    scn, p, sc = dict(smk.params.scn), smk.params.sh, smk.wildcards.scen
    first, last = int(smk.wildcards.first), int(smk.wildcards.last)
    s2 = [float(s) for s in scn["sigma2"]]
    rng = rng_for(smk.params.seed, "sh_sims", sc)
    X = draw_inputs(scn, rng, p["n_datasets"], p["n_max"])
    # The image count is tested, not guessed: R and R+1 images must give the same curves (all sigma2).
    R, hist = choose_images(scn, X[: p["image_check_datasets"]], s2, p["image_rtol"])
    log.info("%s: images per side R = %s, history %s; data sets %d-%d", sc, R, hist, first, last - 1)
    eps = simulate_curves(scn, s2, X[first:last], R, batch=p["batch"], progress=progress)
    C0 = kernel_matrices(scn, X[:1, :2], R)[2]
    save_npz(smk.output[0], {"eps": eps, "sigma2": np.asarray(s2), "C0": np.float64(C0),
                             "R_images": np.int64(-1 if R is None else R),
                             "image_check": np.float64(hist[-1][1] if hist else 0.0),
                             "image_history": np.asarray(hist, float).reshape(-1, 2)},
             provenance({"scenario": scn, "n_datasets": p["n_datasets"], "n_max": p["n_max"],
                         "image_rtol": p["image_rtol"], "first": first, "last": last},
                        seed=[smk.params.seed, "sh_sims", sc]))
