"""Simulated learning curves on cached graphs: matched (Figs 3, 5, 9) or mismatched (Figs 7, 8).

Exact GP posteriors per data set; the giant component sees the simulated examples and every small
component is averaged exactly over where the remaining examples fall (the variance-reduced estimator of
statmech_bayes.gp.component_averages). Graphs [first_graph, last_graph) of the graph file are simulated at the
noise levels params.sigma2; without cached spectra each graph is eigendecomposed here. Graph i's data set and placements depend only on (seed, ensemble, i), so ranges run as separate jobs join
into exactly the run of their union (sims_join.py)."""
import numpy as np

from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import progress, rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.graphs.operators import from_edge_list
from statmech_bayes.graphs.spectral import SpectralBasis
from statmech_bayes.randomwalk import simulated_curves as sc

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    k, s = smk.params.kernel, smk.params.sims
    sigma2 = [float(x) for x in smk.params.sigma2]
    first, last = int(smk.params.first_graph), int(smk.params.last_graph)
    spectra = load_npz(smk.input.spectra)[0] if "spectra" in smk.input.keys() else None
    graphs, gmeta = load_npz(smk.input.graphs)
    nus = np.geomspace(*s["nu_range"], s["n_nu"])
    if smk.params.pairing not in ("matched", "mismatch"):
        raise ValueError(f"params.pairing must be 'matched' or 'mismatch', got {smk.params.pairing!r}")
    matched = smk.params.pairing == "matched"
    norms = tuple(smk.params.normalisations)
    out = []
    V = int(graphs["V"])
    offsets = graphs["offsets"]
    if not 0 <= first < last <= offsets.size - 1:
        raise ValueError(f"graphs [{first}, {last}) are not in the graph file's {offsets.size - 1}")
    for i in progress(range(first, last), desc=smk.params.pairing):
        edges = graphs["edges"][offsets[i]:offsets[i + 1]]
        basis = (SpectralBasis(mu=spectra["mu"][i], U=spectra["U"][i]) if spectra is not None
                 else SpectralBasis.of_graph(from_edge_list(edges, V)))
        split = sc.ComponentSplit.of_edges(edges, V)
        # The same keys in every rule: matched and mismatched curves see the same data sets.
        rng = rng_for(smk.params.seed, "dataset", smk.params.ensemble_name, i)
        placement_rng = rng_for(smk.params.seed, "placements", smk.params.ensemble_name, i)
        if matched:
            out.append(sc.matched_sample(basis, k["p"], k["a"], nus, sigma2, rng, split=split, placement_rng=placement_rng,
                                         draws=s["placement_draws"], normalisations=norms))
        else:
            out.append(sc.mismatch_sample(basis, k["p"], k["a"], nus, sigma2, rng, split=split,
                                          placement_rng=placement_rng, draws=s["placement_draws"]))
    deg = np.diff(offsets)[first:last]  # edges per graph
    arrays = {"nu": nus, "N": sc.sample_sizes(V, nus), "sigma2": np.asarray(sigma2),
              "edges_per_graph": deg, "graphs": np.arange(first, last)}
    if matched:
        arrays |= {"eps": np.stack([o.eps for o in out]), "var": np.stack([o.var for o in out]),
                   "normalisations": np.array(norms)}
    else:
        arrays |= {"eps": np.stack(out), "pairings": np.array(["/".join(m) for m in sc.MISMATCHES])}
    save_npz(smk.output[0], arrays, provenance({"kernel": k, "sims": s, "sigma2": sigma2, "graphs": [first, last]},
                                               seed=[smk.params.seed, "dataset"], graphs=gmeta.get("params")))
