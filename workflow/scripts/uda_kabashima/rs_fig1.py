"""Fig 1: the RS saddle point on the (C_t, C) grid, both generalisation errors from one solve."""
import numpy as np

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.sparse_classifier.experiments import fig1_rs_curves

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    p = smk.params.uk
    f1 = p["fig1"]
    C = np.round(np.arange(f1["C_min"], f1["C_max"] + f1["C_step"] / 2, f1["C_step"]), 10)
    C = np.unique(np.append(C, f1["C_last"]))
    out = fig1_rs_curves(Ct_values=f1["Ct"], C_values=C, alpha=p["alpha"], kappa=p["kappa"], n_quad=p["n_quad"])
    log.info("%d x %d RS points, iterations max %d", len(f1["Ct"]), C.size, int(np.max(out["iterations"])))
    save_npz(smk.output[0], out, provenance(p))
