"""Simulated learning curves of one scenario: its data-set ranges (sh_sims_range) joined in order."""
import numpy as np

from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.job_ranges import check_joined
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.gp.simulation_ranges import join_dataset_ranges

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    scn, p, sc = dict(smk.params.scn), smk.params.sh, smk.wildcards.scen
    parts = [load_npz(f)[0] for f in smk.input.parts]
    check_joined([np.shape(x["eps"])[1] for x in parts], smk.params.ranges, p["n_datasets"])
    out = join_dataset_ranges(parts, p["n_datasets"])
    log.info("%s: %d ranges joined, eps %s", sc, len(smk.input.parts), np.shape(out["eps"]))
    save_npz(smk.output[0], out,
             provenance({"scenario": scn, "n_datasets": p["n_datasets"], "n_max": p["n_max"],
                         "image_rtol": p["image_rtol"]}, seed=[smk.params.seed, "sh_sims", sc]))
