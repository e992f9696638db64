"""Figs. 8-10 data: Algorithm 1 on the space-time grid graph of the video (DCT eigenbasis, K_max = n)."""
from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.truncated_laplacian.experiments import tracking_posterior

KEYS = ("n_iter", "burn_in", "thin", "k0", "c0", "gamma_rule", "k_move", "scale_sd", "probe_iter", "probes")

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    p, m = smk.params.tracking, smk.params.model
    video, _ = load_npz(smk.input.video)
    seed = [smk.params.seed, "hvz_tracking"]
    r = tracking_posterior(video, rng_for(*seed), n_iter=int(p["n_iter"]), burn_in=int(p["burn_in"]),
                           thin=int(p["thin"]), k0=int(p["k0"]), c0=float(p["c0"]), gamma_rule=float(p["gamma_rule"]),
                           q=float(m["q"]), a=float(m["a"]), b=float(m["b"]),
                           refresh_g_on_reject=bool(m["refresh_g_on_reject"]), k_move=p["k_move"],
                           scale_sd=float(p["scale_sd"]), probes=tuple(p["probes"]), probe_iter=int(p["probe_iter"]))
    log.info("k0 %d, c0 %g (%s move) -> k %d..%d, mean %.1f; c %.3g -> %.3g; %.1f ms per sweep; frame errors %s; "
             "extra ball kept %.3f; widths: max %.3f, boundary %.3f, elsewhere %.3f; scale moves accepted %d; "
             "proposals above K_max rejected %d", p["k0"], p["c0"], p["k_move"], r["k"][p["burn_in"]:].min(),
             r["k"][p["burn_in"]:].max(), r["k_mean"], r["c"][0], r["c"][-1], 1e3 * r["t_per_sweep"],
             r["frame_error"].round(4).tolist(), r["extra_kept"], r["width_max"], r["width_mean_boundary"],
             r["width_mean_elsewhere"], r["n_scale_accepted"], r["n_reject_kmax"])
    for i in range(r["probe_k0"].size):
        log.info("probe %d (k0 %d, c0 %g, %s): k %d -> %d, loglik %.1f, extra ball kept %.3f, frame errors %s", i,
                 r["probe_k0"][i], r["probe_c0"][i], r["probe_k_move"][i], r["probe_k"][i, 0], r["probe_k"][i, -1],
                 r["probe_loglik"][i], r["probe_extra_kept"][i], r["probe_frame_error"][i].round(4).tolist())
    save_npz(smk.output[0], r, provenance({**{k: p[k] for k in KEYS}, **m}, seed=seed))
