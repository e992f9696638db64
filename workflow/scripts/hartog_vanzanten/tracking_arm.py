"""Figs. 8-10 sensitivity: one chain of Algorithm 1 at another setting ``{arm}`` of an unstated choice (tracking.arms),
from the first chain's start unless the arm sets it; an arm that changes the extra ball redraws the video from the
video's own seed (the same mask). Flipped labels (the arm's ``flip``) come from the generator keyed by the flip rate
alone, the same flips as the chains' at that rate. Summarised, never pooled: its draws are not kept."""
import numpy as np

from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.truncated_laplacian.experiments.tracking import tracking_data
from statmech_bayes.truncated_laplacian.tracking_chains import flip_labels, tracking_chain

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw, flip, arm = smk.params.kw, smk.params.flip, smk.wildcards.arm
    video = (load_npz(smk.input.video)[0] if smk.params.video is None
             else tracking_data(rng_for(smk.params.seed, "hvz_video"), **smk.params.video))
    labels = flip_labels(video["labels"], flip, rng_for(smk.params.seed, "hvz_tracking_flip", f"{flip:g}")) \
        if flip > 0 else None
    seed = [smk.params.seed, "hvz_tracking_arm", arm]
    r = tracking_chain(video, rng_for(*seed), labels=labels, **kw)
    burn_in = kw["burn_in"]
    log.info("arm %s (flip %g, video %s): k0 %d, c0 %g -> k %d..%d after burn-in; log c %.2f -> %.2f; log p(D|f) "
             "%.1f -> %.1f; extra ball kept %.3f; worst frame error %.4f; largest width %.3f; %.1f s of sweeps", arm,
             flip, smk.params.video or "cached", kw["k0"], kw["c0"], r["k"][burn_in:].min(), r["k"][burn_in:].max(),
             np.log(r["c"][burn_in]), np.log(r["c"][-1]), r["loglik"][burn_in], r["loglik"][-1], r["extra_kept"],
             r["frame_error"].max(), r["width_max"], r["t_sweeps"])
    r.pop("f_draws")
    r["extra_pixels"] = video["extra"].sum()
    save_npz(smk.output[0], r, provenance({"arm": arm, "flip": flip, "video": smk.params.video, **kw}, seed=seed))
