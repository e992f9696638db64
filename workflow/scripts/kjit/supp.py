"""Supplementary S1 (App. B.3) and S2 (App. B.6): accuracy of the random-feature approximations."""
from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.kjit.experiments.supp import supp_s1, supp_s2

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    which, kw = smk.wildcards.which, smk.params.kw
    # the wildcard names the experiment: its function, chosen here once
    run = {"s1": supp_s1, "s2": supp_s2}[which]
    out = run(rng_for(smk.params.seed, "kj_supp", which), **kw)
    log.info("%s done", which)
    save_npz(smk.output[0], out, provenance(kw, seed=[smk.params.seed, "kj_supp", which]))
