"""The undecided colon statistics on the paper's 200 splits and pooled with the further ones."""
from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.sparse_classifier.colon_precision import precision_summary

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw = smk.params.kw
    main = [load_npz(p)[0] for p in smk.input.chunks]
    extra = [load_npz(p)[0] for p in smk.input.extra]
    out = precision_summary(main, extra, **kw)
    log.info("%d splits (paper's %d): kappa=0.4 minus LOOE kappa mean %.2f, SD %.2f; spread kappa - C: entropy "
             "%.3f, off-mode share %.3f", out["n_splits"], out["paper_n_splits"], out["mean_k04_minus_sbc"],
             out["sd_k04_minus_sbc"], out["entropy_diff"], out["offmode_diff"])
    save_npz(smk.output[0], out, provenance(kw))
