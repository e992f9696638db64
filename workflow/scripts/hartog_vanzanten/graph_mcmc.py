"""Figs. 2/4 data: one chain of Algorithm 1 on the path or small-world data for one gamma ("rule" = gamma_rule/n)."""
import numpy as np

from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.truncated_laplacian.experiments.graph_mcmc import graph_posterior

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw, graph, tag = smk.params.kw, smk.wildcards.graph, smk.wildcards.gamma
    data, _ = load_npz(smk.input.data)
    seed = [smk.params.seed, "hvz_graph_mcmc", graph, tag]
    r = graph_posterior(data, rng_for(*seed), **kw)
    log.info("%s gamma=%g, %d chains (%s move): mean k %.1f (per chain %s; 5-95%% %g-%g), RMSE %.4f, coverage %.3f, "
             "acceptance %.3f, proposals above K_max rejected %d, sweeps ending at K_max %d, %.2f s of sweeps", graph,
             r["gamma"], r["n_chains"], r["k_move"], r["k_mean"], r["k_mean_chains"].round(1).tolist(), r["k_q05"],
             r["k_q95"], r["rmse"], r["coverage"], r["acceptance_rate"], r["n_reject_kmax"], r["n_at_kmax"],
             r["t_sweeps"])
    r["gamma_tag"] = np.str_(tag)
    save_npz(smk.output[0], r, provenance({**kw, "gamma": float(r["gamma"])}, seed=seed))
