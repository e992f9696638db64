"""Fig 4 line: the RS eps_SBC(C) at C_t = fig4.Ct (the Fig 1 C grid plus every BP C value)."""
from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.sparse_classifier.experiments import fig4_rs_line

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw = smk.params.kw
    out = fig4_rs_line(**kw)
    log.info("RS line at C_t=%g: %d points, min eps %.4f at C=%g", out["Ct"], out["C"].size, out["eps_sbc"].min(),
             out["C"][out["eps_sbc"].argmin()])
    save_npz(smk.output[0], out, provenance(kw))
