"""Figs. 8-10 data: one of the independent chains of Algorithm 1 on the space-time grid graph, under noise reading
``{reading}`` from the configured start (k0, c0) of chain ``{chain}`` (its own seed), or one sensitivity arm ``{arm}``
(another setting of an unstated choice, from the first chain's start). Flipped labels (a reading's or an arm's
``flip``) are drawn from a generator keyed by the flip rate alone, so every chain and arm at one rate sees the same
flips."""
import numpy as np

from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.truncated_laplacian.experiments import tracking_data
from statmech_bayes.truncated_laplacian.tracking_chains import flip_labels, tracking_chain

VIDEO_KEYS = ("T", "H", "W", "radius", "start", "step", "extra_frame", "extra_center", "extra_radius", "frac_missing")

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    p, m = smk.params.tracking, dict(smk.params.model)
    video, _ = load_npz(smk.input.video)
    arm = getattr(smk.wildcards, "arm", None)
    labels = None
    if arm is None:
        i, reading = int(smk.wildcards.chain), smk.wildcards.reading
        start = p["chains"][i]
        spec = next(x for x in p["readings"] if x["name"] == reading)
        n_iter, burn_in, thin = int(p["n_iter"]), int(p["burn_in"]), int(p["thin"])
        seed = [smk.params.seed, "hvz_tracking_chain", reading, i]
        what = {"reading": reading, "chain": i, "flip": spec["flip"]}
    else:
        spec = next(x for x in p["arms"] if x["name"] == arm)
        start = {"k0": spec.get("k0", p["chains"][0]["k0"]), "c0": spec.get("c0", p["chains"][0]["c0"])}
        m.update({k: spec[k] for k in ("q", "a", "b") if k in spec})
        n_iter = int(p["arm_iter"])
        burn_in, thin = n_iter // 2, max(1, (n_iter - n_iter // 2) // 50)
        seed = [smk.params.seed, "hvz_tracking_arm", arm]
        if "extra_radius" in spec:  # the same video (same seed, so the same mask) with another extra ball
            kw = {k: (tuple(p[k]) if isinstance(p[k], list) else p[k]) for k in VIDEO_KEYS}
            kw["extra_radius"] = float(spec["extra_radius"])
            video = tracking_data(rng_for(smk.params.seed, "hvz_video"), **kw)
        what = {"arm": arm, **spec}
    if float(spec.get("flip", 0.0)) > 0:
        flip = float(spec["flip"])
        labels = flip_labels(video["labels"], flip, rng_for(smk.params.seed, "hvz_tracking_flip", f"{flip:g}"))
    r = tracking_chain(video, rng_for(*seed), n_iter=n_iter, burn_in=burn_in, thin=thin, k0=int(start["k0"]),
                       c0=float(start["c0"]), gamma_rule=float(p["gamma_rule"]), q=float(m["q"]), a=float(m["a"]),
                       b=float(m["b"]), refresh_g_on_reject=bool(m["refresh_g_on_reject"]), k_move=p["k_move"],
                       scale_sd=float(p["scale_sd"]), labels=labels,
                       # with exact labels and a = b = 0 the posterior is improper (fig8_convergence): no level weight
                       level_evidence=arm is None and float(spec.get("flip", 0.0)) > 0,
                       level_max_k=int(p["level_max_k"]))
    log.info("%s: k0 %d, c0 %g -> k %d..%d after burn-in; log c %.2f -> %.2f; log p(D|f) %.1f -> %.1f; extra ball "
             "kept %.3f; worst frame error %.4f; largest width %.3f; %.1f s of sweeps", what, start["k0"], start["c0"],
             r["k"][burn_in:].min(), r["k"][burn_in:].max(), np.log(r["c"][burn_in]), np.log(r["c"][-1]),
             r["loglik"][burn_in], r["loglik"][-1], r["extra_kept"], r["frame_error"].max(), r["width_max"],
             r["t_sweeps"])
    if "level_k" in r:
        log.info("level k = %d: log p(D|k) + log p(k) = %.1f (Laplace; log c %.3f +- %.3f, log p(D|g mode) %.1f, "
                 "Occam log det %.1f), %.1f s", r["level_k"], r["level_log_weight"], r["level_log_c"],
                 r["level_sd_log_c"], r["level_loglik"], r["level_log_det"], r["t_level"])
    if arm is not None:
        r.pop("f_draws")  # an arm is summarised, never pooled
        r["extra_pixels"] = video["extra"].sum()
    save_npz(smk.output[0], r, provenance({**what, **start, **m, "n_iter": n_iter, "burn_in": burn_in}, seed=seed))
