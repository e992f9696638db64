"""Fig. 3 data: the small-world LCC, its sign-fixed eigenpairs, the truth built on them, labels and a layout."""
from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.truncated_laplacian.experiments import small_world_data

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    p = smk.params.sw
    d = small_world_data(rng_for(smk.params.seed, "hvz_sw_data"), graph_seed=int(p["graph_seed"]),
                         n_ring=int(p["n_ring"]), p_rewire=float(p["p_rewire"]),
                         frac_missing=float(p["frac_missing"]), layout_seed=int(p["layout_seed"]))
    log.info("LCC %d nodes, %d edges (graph seed %d), observed %d", d["f0"].size, len(d["edges"]),
             p["graph_seed"], d["observed"].sum())
    keys = ("n_ring", "p_rewire", "graph_seed", "frac_missing", "layout_seed")
    save_npz(smk.output[0], d, provenance({k: p[k] for k in keys}, seed=[smk.params.seed, "hvz_sw_data"]))
