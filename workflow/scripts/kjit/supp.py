"""Supplementary S1 (App. B.3) and S2 (App. B.6): accuracy of the random-feature approximations."""
from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.kjit.experiments import supp_s1, supp_s2

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    which, p = smk.params.which, dict(smk.params.cfg)
    rng = rng_for(smk.params.seed, "kj_supp", which)
    if which == "s1":
        kw = {"n": p["n"], "Ds": tuple(p["Ds"]), "repeats": p["repeats"], "width2": p["width2"]}
        out = supp_s1(rng, **kw)
    else:
        kw = {"n": p["n"], "D_ins": tuple(p["D_ins"]), "D_outs": tuple(p["D_outs"]), "repeats": p["repeats"],
              "width2": p["width2"], "gamma2": p["gamma2"]}
        out = supp_s2(rng, **kw)
    log.info("%s done", which)
    save_npz(smk.output[0], out, provenance(kw, seed=[smk.params.seed, "kj_supp", which]))
