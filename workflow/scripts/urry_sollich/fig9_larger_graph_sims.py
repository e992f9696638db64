"""Fig 9 finite-size check away from nu -> 0: the global-normalisation vertex variance at a few nu of the
simulations' grid, on graphs of fig9.larger_graph_sims.V (the first ones are the finite-size rule's graphs
of that size), one nested data set each, with the V = 500 simulations' estimator: var[graph, nu]."""
import numpy as np

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import progress, rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.graphs.ensembles import make_graph
from statmech_bayes.randomwalk.larger_graphs import global_vertex_variance

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    spec = dict(smk.params.ensemble)
    kind = spec.pop("kind")
    k, big, s = smk.params.kernel, smk.params.larger, smk.params.sims
    ens, seed, s2 = smk.wildcards.ens, smk.params.seed, float(smk.params.sigma2)
    grid = np.geomspace(*s["nu_range"], s["n_nu"])
    # the configured nu, snapped to the grid so that N = round(nu V) follows the V = 500 grid exactly
    nus = grid[[int(np.argmin(np.abs(np.log(grid / float(x))))) for x in big["nu"]]]
    V = int(big["V"])
    var = np.stack([
        global_vertex_variance(make_graph(kind, V, rng_for(seed, "fig9_finite_size", ens, V, i), **spec),
                               k["p"], k["a"], nus, s2, rng_for(seed, "fig9_larger_dataset", ens, V, i),
                               rng_for(seed, "fig9_larger_placements", ens, V, i), s["placement_draws"])
        for i in progress(range(int(big["n_graphs"])), desc=f"V={V}")])
    log.info("V=%d, %d graphs: mean vertex variance %s at nu = %s", V, var.shape[0],
             np.array2string(var.mean(axis=0), precision=4), np.round(nus, 4))
    save_npz(smk.output[0], {"nu": nus, "V": np.int64(V), "var": var},
             provenance({"ensemble": smk.params.ensemble, "kernel": k, "larger": big, "sigma2": s2,
                         "placement_draws": s["placement_draws"]}, seed=[seed, "fig9_larger", ens]))
