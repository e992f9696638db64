"""One chunk of colon splits: the paper's undamped fixed-T BP and damped BP (ours) over the (C, kappa) grid (raw and
whitened data), SBL and the FDA variants."""
from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.sparse_classifier.experiments import colon_chunk

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw = smk.params.kw
    d = load_npz(smk.input.data)[0]
    start, stop = smk.params.rows
    perms = load_npz(smk.input.perms)[0]["perms"][start:stop]
    out = colon_chunk(d["X_pre"], d["Z_white"], d["y"], perms, **kw)
    log.info("splits %d-%d: damped BP %d non-converged runs; paper's BP at T = %d: %d of %d cells converged",
             start, stop - 1, int((~out["sbc_conv"]).sum()), kw["T_literal"], int((out["lit_state"] == 0).sum()),
             out["lit_state"].size)
    save_npz(smk.output[0], out, provenance({**kw, "rows": [start, stop]}))
