"""Figs. 8-10 data: one of the independent chains of Algorithm 1 on the space-time grid graph, under noise reading
``{reading}`` from the configured start (k0, c0) of chain ``{chain}`` (its own seed). Flipped labels (the reading's
``flip``) are drawn from a generator keyed by the flip rate alone, so every chain and arm at one rate sees the same
flips."""
import numpy as np

from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.truncated_laplacian.tracking_chains import flip_labels, tracking_chain

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw, flip = smk.params.kw, smk.params.flip
    i, reading = int(smk.wildcards.chain), smk.wildcards.reading
    video, _ = load_npz(smk.input.video)
    labels = flip_labels(video["labels"], flip, rng_for(smk.params.seed, "hvz_tracking_flip", f"{flip:g}")) \
        if flip > 0 else None
    seed = [smk.params.seed, "hvz_tracking_chain", reading, i]
    r = tracking_chain(video, rng_for(*seed), labels=labels, **kw)
    burn_in = kw["burn_in"]
    log.info("%s: k0 %d, c0 %g -> k %d..%d after burn-in; log c %.2f -> %.2f; log p(D|f) %.1f -> %.1f; extra ball "
             "kept %.3f; worst frame error %.4f; largest width %.3f; %.1f s of sweeps",
             {"reading": reading, "chain": i, "flip": flip}, kw["k0"], kw["c0"], r["k"][burn_in:].min(),
             r["k"][burn_in:].max(), np.log(r["c"][burn_in]), np.log(r["c"][-1]), r["loglik"][burn_in], r["loglik"][-1],
             r["extra_kept"], r["frame_error"].max(), r["width_max"], r["t_sweeps"])
    if "level_k" in r:
        log.info("level k = %d: log p(D|k) + log p(k) = %.1f (Laplace; log c %.3f +- %.3f, log p(D|g mode) %.1f, "
                 "Occam log det %.1f), %.1f s", r["level_k"], r["level_log_weight"], r["level_log_c"],
                 r["level_sd_log_c"], r["level_loglik"], r["level_log_det"], r["t_level"])
    save_npz(smk.output[0], r, provenance({"reading": reading, "chain": i, "flip": flip, **kw}, seed=seed))
