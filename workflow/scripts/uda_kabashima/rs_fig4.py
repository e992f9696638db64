"""Fig 4 line: the RS eps_SBC(C) at C_t = fig4.Ct (the Fig 1 C grid plus every BP C value)."""
import numpy as np

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.sparse_classifier.experiments import fig4_rs_line

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    p, f4 = smk.params.uk, smk.params.fig4
    f1 = p["fig1"]
    C = np.round(np.arange(f1["C_min"], f1["C_max"] + f1["C_step"] / 2, f1["C_step"]), 10)
    C = np.unique(np.concatenate([C, [f1["C_last"]], np.asarray(f4["C"], float)]))
    out = fig4_rs_line(C_values=C, Ct=f4["Ct"], alpha=p["alpha"], kappa=p["kappa"], n_quad=p["n_quad"])
    out["Ct"] = np.float64(f4["Ct"])
    log.info("RS line at C_t=%g: %d points, min eps %.4f at C=%g", f4["Ct"], C.size, out["eps_sbc"].min(),
             out["C"][np.argmin(out["eps_sbc"])])
    save_npz(smk.output[0], out, provenance({**p, "fig4": f4}))
