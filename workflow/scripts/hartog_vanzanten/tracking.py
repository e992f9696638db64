"""Figs. 8-10 data: the independent chains pooled (posterior mean, 95 % interval widths, R-hat of k, log p(D | f)
and log c), the sensitivity arms summarised beside them, and the probe chains of Algorithm 1 as printed."""
import numpy as np

from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.truncated_laplacian.tracking_chains import tracking_pool, tracking_probe_chains
from statmech_bayes.truncated_laplacian.tracking_summary import chain_statistics

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    R, readings, tx = smk.params.n_chains, smk.params.readings, smk.params.extra_frame
    video, _ = load_npz(smk.input.video)
    files = list(smk.input.chains)  # reading by reading, R chains each
    by_reading = [[load_npz(f)[0] for f in files[j * R:(j + 1) * R]] for j in range(len(readings))]
    chains = by_reading[0]
    arms = []
    for f, (name, what) in zip(smk.input.arms, smk.params.arms):
        a = load_npz(f)[0]
        a["arm"], a["arm_what"] = name, what
        arms.append(a)
    seed = [smk.params.seed, "hvz_tracking_probes"]
    probes = tracking_probe_chains(video, rng_for(*seed), **smk.params.probes)
    r = tracking_pool(video, chains, arms, probes)
    r.update(chain_statistics(video, chains, tx))
    r["readings"] = np.array([name for name, _ in readings], dtype=np.str_)
    r["reading_flip"] = np.array([flip for _, flip in readings])
    for (name, _), other in zip(readings[1:], by_reading[1:]):
        alt = tracking_pool(video, other)
        alt.update(chain_statistics(video, other, tx))
        r.update({f"{name}__{k}": v for k, v in alt.items() if k not in ("ell_lo", "ell_hi")})
        log.info("reading %s: k means %s, R-hat k %.3g, log p(D|f) %.3g, log c %.3g; extra ball kept %.3f (per chain "
                 "%s), largest width %.3f", name, alt["chain_k_mean"].round(1).tolist(), alt["rhat_k"],
                 alt["rhat_loglik"], alt["rhat_logc"], alt["extra_kept"], alt["chain_extra_kept"].round(3).tolist(),
                 alt["width_max"])
    log.info("%d chains from (k0, c0) %s: k means %s, R-hat k %.3g, log p(D|f) %.3g, log c %.3g; pooled: extra ball "
             "kept %.3f (per chain %s), largest width %.3f, frame errors %s", r["n_chains"],
             list(zip(r["chain_k0"].tolist(), r["chain_c0"].tolist())), r["chain_k_mean"].round(1).tolist(),
             r["rhat_k"], r["rhat_loglik"], r["rhat_logc"], r["extra_kept"], r["chain_extra_kept"].round(3).tolist(),
             r["width_max"], r["frame_error"].round(4).tolist())
    for i in range(r["arm"].size):
        log.info("arm %s (%s): extra ball kept %.3f, largest width %.3f, k end %d", r["arm"][i], r["arm_what"][i],
                 r["arm_extra_kept"][i], r["arm_width_max"][i], r["arm_k_end"][i])
    save_npz(smk.output[0], r, provenance({"probes": smk.params.probes, "n_chains": R, "readings": readings,
                                           "arms": smk.params.arms, "extra_frame": tx}, seed=seed))
