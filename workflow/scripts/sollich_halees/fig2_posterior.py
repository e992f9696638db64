"""Figure 2 data: posterior variance along [0,1] after the first 2 and all 100 of one random training set."""
import numpy as np

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.gp.simulation import posterior_variance_1d

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    f2 = smk.params.fig2
    n_small, n_large = (int(v) for v in f2["n"])
    X = rng_for(smk.params.seed, "sh_fig2").random(max(n_small, n_large))
    x = np.linspace(0.0, 1.0, f2["grid"])
    log.info("first %d training inputs: %s", n_small, X[:n_small])
    save_npz(smk.output[0], {"x": x, "x_train": X,
                             "eps_small": posterior_variance_1d(X[:n_small], x, f2["l"], f2["sigma2"]),
                             "eps_large": posterior_variance_1d(X[:n_large], x, f2["l"], f2["sigma2"])},
             provenance(f2, seed=[smk.params.seed, "sh_fig2"]))
