"""One chunk of the further colon splits: the paper's undamped fixed-T BP on the (C, kappa) grid."""
from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.sparse_classifier.colon_precision import literal_splits

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw = smk.params.kw
    start, stop = smk.params.rows
    d = load_npz(smk.input.data)[0]
    perms = load_npz(smk.input.perms)[0]["perms"][start:stop]
    out = literal_splits(d["X_pre"], d["y"], perms, **kw)
    log.info("further splits %d-%d: paper's BP at T = %d, %d of %d cells converged", start, stop - 1,
             kw["T_literal"], int((out["lit_state"] == 0).sum()), out["lit_state"].size)
    save_npz(smk.output[0], out, provenance({**kw, "rows": [start, stop]}))
