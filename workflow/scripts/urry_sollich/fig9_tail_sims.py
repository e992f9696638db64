"""More data sets where Fig 9's simulated vertex variance has a heavy tail: at the largest nu (>= fig9.tail.nu_min)
the global-normalisation variance on a graph is dominated by rare data sets that leave a dangling edge or path of
the giant component without examples (a ~1e-4 event per graph at nu ~ 6, lifting that graph's value 40-fold).
On each of Fig 9's graphs, fig9.tail.datasets further nested data sets at those nu only, with the simulations'
estimator (exact posteriors, small components averaged over placements); their own random streams."""
import numpy as np

from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import progress, rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.gp.graph_posterior import kernels_from_basis, nested_counts
from statmech_bayes.graphs.operators import from_edge_list
from statmech_bayes.graphs.spectral import SpectralBasis
from statmech_bayes.randomwalk import simulated_curves as sc

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    k, s, tail = smk.params.kernel, smk.params.sims, smk.params.tail
    ens, s2 = smk.params.ensemble_name, float(smk.params.sigma2)
    spectra, _ = load_npz(smk.input.spectra)
    graphs, gmeta = load_npz(smk.input.graphs)
    V, offsets = int(graphs["V"]), graphs["offsets"]
    nus = np.geomspace(*s["nu_range"], s["n_nu"])
    at = np.flatnonzero(nus >= float(tail["nu_min"]))
    Ns = sc.sample_sizes(V, nus[at])
    out = []
    for i in progress(range(offsets.size - 1), desc="graphs"):
        edges = graphs["edges"][offsets[i]:offsets[i + 1]]
        basis = (SpectralBasis(mu=spectra["mu"][i], U=spectra["U"][i]) if i < spectra["mu"].shape[0]
                 else SpectralBasis.of_graph(from_edge_list(edges, V)))
        # global only: there the rare data sets dominate; the local vertex variance is precise at these nu
        kernels = {"global": kernels_from_basis(basis, k["p"], k["a"])[0]}
        split = sc.ComponentSplit.of_edges(edges, V)
        per_graph = []
        for r in range(int(tail["datasets"])):
            counts = nested_counts(rng_for(smk.params.seed, "fig9_tail_dataset", ens, i, r), V, Ns)
            per_graph.append(sc.matched_errors(kernels, counts, [s2], split,
                                               rng_for(smk.params.seed, "fig9_tail_placements", ens, i, r),
                                               draws=s["placement_draws"]).var[:, 0])
        out.append(np.stack(per_graph))
    log.info("%d graphs x %d data sets at nu = %s", len(out), int(tail["datasets"]), np.round(nus[at], 3))
    save_npz(smk.output[0], {"nu": nus[at], "var": np.stack(out), "normalisations": np.array(list(kernels))},
             provenance({"kernel": k, "sims": s, "tail": tail, "sigma2": s2}, seed=[smk.params.seed, "fig9_tail"],
                        graphs=gmeta.get("params")))
