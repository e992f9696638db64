"""Table 1, the sign test, the t-tests and the Fig 5-6 histograms from every chunk of splits."""
import numpy as np

from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.sparse_classifier.colon import majority_errors
from statmech_bayes.sparse_classifier.experiments import colon_summary

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw, n_train = smk.params.kw, smk.params.n_train
    chunks = [load_npz(p)[0] for p in smk.input.chunks]
    # Both BP arms, both tie rules (the other one for the record) and the bootstrap over splits in one call.
    out = colon_summary(chunks, **kw)
    data = load_npz(smk.input.data)[0]
    y = data["y"]
    # Dimension the stated whitening would need (62) against what 62 centred tissues span (Table 1's finding).
    Xc = data["X_pre"] - data["X_pre"].mean(axis=0)
    out["white_rank"] = np.int64(np.linalg.matrix_rank(Xc))
    out["white_dim"] = np.int64(data["Z_white"].shape[1])
    perms = np.concatenate([ch["perms"] for ch in chunks])
    out["err_majority"] = majority_errors(y, perms, n_train)
    out["mean_majority"] = np.float64(100 * out["err_majority"].mean())
    out["sd_majority"] = np.float64(100 * out["err_majority"].std(ddof=1))
    out["n_splits"] = np.int64(perms.shape[0])
    log.info("paper's BP: SBC %.2f (%.2f), k=0.4 %.2f, white %.2f; damped (ours): SBC %.2f, k=0.4 %.2f, white %.2f; "
             "SBL %.2f, FDA %.2f, majority %.2f; sign %d/%d/%d z=%.2f",
             out["mean_sbc"], out["sd_sbc"], out["mean_sbc_k04"], out["mean_white"], out["mean_sbc_damped"],
             out["mean_sbc_k04_damped"], out["mean_white_damped"], out["mean_sbl"], out["mean_fda"],
             out["mean_majority"], out["sign_less"], out["sign_equal"], out["sign_greater"], out["sign_z"])
    save_npz(smk.output[0], out, provenance({**kw, "n_train": n_train}))
