"""One chunk of colon splits: damped BP over the (C, kappa) grid (raw and whitened data), SBL and FDA."""
from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.sparse_classifier.experiments import colon_chunk

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    c = smk.params.colon
    d = load_npz(smk.input.data)[0]
    start, stop = smk.params.rows
    perms = load_npz(smk.input.perms)[0]["perms"][start:stop]
    out = colon_chunk(d["X_pre"], d["Z_white"], d["y"], perms, n_train=c["n_train"], C_grid=tuple(c["C_grid"]),
                      kappa_grid=tuple(c["kappa_grid"]), kappa_fixed=c["kappa_fixed"], damping=c["damping"],
                      T_max=c["T_max"], tol=c["tol"])
    log.info("splits %d-%d: %d non-converged BP runs", start, stop - 1, int((~out["sbc_conv"]).sum()))
    save_npz(smk.output[0], out, provenance({**c, "rows": [start, stop]}))
