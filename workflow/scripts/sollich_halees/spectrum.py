"""Eigenvalue spectrum of one scenario (App. C), checked against the kernel's known prior variance."""
from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.gp.spectra import scenario_spectrum

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    scn, p = dict(smk.params.scn), smk.params.sh
    spec = scenario_spectrum(scn, p["spectrum_tol"], p["ou_q_max"], p["ou_tail_nodes"], p["n_max"] + 1)
    rel = abs(spec.T - spec.prior_variance) / spec.prior_variance
    log.info("%s: %d levels, tr Lambda = %.15g, C(x,x) = %.15g (rel. diff %.2g), neglected %.2g",
             smk.wildcards.scen, spec.lam.size, spec.T, spec.prior_variance, rel, spec.neglected)
    # App. C: "we always verified that the numerically calculated tr Lambda agreed with the known C(x,x)"
    if rel > p["trace_rtol"]:
        raise ValueError(f"tr Lambda = {spec.T!r} differs from C(x,x) = {spec.prior_variance!r} by {rel:.3g} "
                         f"> trace_rtol = {p['trace_rtol']:g}: raise the truncation limits")
    save_npz(smk.output[0], spec.arrays() | {"trace_rel_error": rel},
             provenance({"scenario": scn, "spectrum_tol": p["spectrum_tol"], "ou_q_max": p["ou_q_max"],
                         "ou_tail_nodes": p["ou_tail_nodes"], "n_max": p["n_max"]}))
