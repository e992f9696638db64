"""Fig 3 lines: state evolution with Eq. (52) (and the printed Eq. 53), and the RS saddle point per C."""
from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.sparse_classifier.experiments import fig3_state_evolution

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw = smk.params.kw
    out = fig3_state_evolution(**kw)
    log.info("SE eps at t=T: %s; RS: %s; printed eq. 53: %s", out["eps"][:, -1], out["rs_eps"], out["eps_eq53"][:, -1])
    save_npz(smk.output[0], out, provenance(kw))
