"""Figs. 8-10 data: Algorithm 1 on the space-time grid graph of the video (DCT eigenbasis, K_max = n)."""
from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.truncated_laplacian.experiments import tracking_posterior

KEYS = ("n_iter", "burn_in", "thin", "k0", "gamma_rule")

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    p, m = smk.params.tracking, smk.params.model
    video, _ = load_npz(smk.input.video)
    seed = [smk.params.seed, "hvz_tracking"]
    r = tracking_posterior(video, rng_for(*seed), n_iter=int(p["n_iter"]), burn_in=int(p["burn_in"]),
                           thin=int(p["thin"]), k0=int(p["k0"]), gamma_rule=float(p["gamma_rule"]), q=float(m["q"]),
                           a=float(m["a"]), b=float(m["b"]), refresh_g_on_reject=bool(m["refresh_g_on_reject"]))
    log.info("k0 %d -> mean k %.1f; %.1f ms per sweep; frame errors %s; extra ball kept %.3f; widths: max %.3f, "
             "boundary %.3f, elsewhere %.3f; proposals above K_max rejected %d", p["k0"], r["k_mean"],
             1e3 * r["t_per_sweep"], r["frame_error"].round(4).tolist(), r["extra_kept"], r["width_max"],
             r["width_mean_boundary"], r["width_mean_elsewhere"], r["n_reject_kmax"])
    save_npz(smk.output[0], r, provenance({**{k: p[k] for k in KEYS}, **m}, seed=seed))
