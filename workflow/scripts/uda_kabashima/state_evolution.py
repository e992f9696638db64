"""Fig 3 lines: state evolution with Eq. (52) (and the printed Eq. 53), and the RS saddle point per C."""
import numpy as np

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.sparse_classifier.experiments import fig3_state_evolution
from statmech_bayes.sparse_classifier.replica import solve_rs_grid

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    p, f3 = smk.params.uk, smk.params.fig3
    out = fig3_state_evolution(C_values=f3["C"], Ct=f3["Ct"], alpha=p["alpha"], kappa=p["kappa"], T=f3["T"],
                               n_quad=p["n_quad"])
    rs = solve_rs_grid(f3["C"], [f3["Ct"]], p["alpha"], p["kappa"], n_quad=p["n_quad"])
    out.update({"rs_eps": rs["eps_sbc"][0], "rs_Q": rs["Q"][0], "rs_R": rs["R"][0], "Ct": np.float64(f3["Ct"])})
    log.info("SE eps at t=T: %s; RS: %s; printed eq. 53: %s", out["eps"][:, -1], out["rs_eps"], out["eps_eq53"][:, -1])
    save_npz(smk.output[0], out, provenance({**p, "fig3": f3}))
