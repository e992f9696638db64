"""Figure 1 data: prior samples of the OU and RBF processes on a grid over [0,1]^2."""
import numpy as np

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.gp.simulation import sample_prior_grid_2d

smk = snakemake  # noqa: F821
with rule_context(smk):
    f1 = smk.params.fig1
    out = {}
    for kern in ("ou", "rbf"):
        g, F = sample_prior_grid_2d(kern, f1["l"], f1["grid"], rng_for(smk.params.seed, "sh_fig1", kern),
                                    f1["n_samples"])
        out[f"{kern}_samples"] = F
    out["grid"] = np.asarray(g)
    save_npz(smk.output[0], out, provenance(f1, seed=[smk.params.seed, "sh_fig1"]))
