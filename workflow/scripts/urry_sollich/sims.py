"""Simulated learning curves on cached graphs: matched (Figs 3, 5, 9) or mismatched (Figs 7, 8).

Exact GP posteriors per data set; the giant component sees the simulated examples and every small
component is averaged exactly over where the remaining examples fall (the variance-reduced estimator of
statmech_bayes.gp.component_averages)."""
import numpy as np

from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import progress, rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.graphs.spectral import SpectralBasis
from statmech_bayes.randomwalk import simulated_curves as sc

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    k, s = smk.params.kernel, smk.params.sims
    spectra, _ = load_npz(smk.input.spectra)
    graphs, gmeta = load_npz(smk.input.graphs)
    nus = np.geomspace(*s["nu_range"], s["n_nu"])
    if smk.params.pairing not in ("matched", "mismatch"):
        raise ValueError(f"params.pairing must be 'matched' or 'mismatch', got {smk.params.pairing!r}")
    matched = smk.params.pairing == "matched"
    out = []
    V = int(graphs["V"])
    offsets = graphs["offsets"]
    for i in progress(range(spectra["mu"].shape[0]), desc=smk.params.pairing):
        basis = SpectralBasis(mu=spectra["mu"][i], U=spectra["U"][i])
        split = sc.ComponentSplit.of_edges(graphs["edges"][offsets[i]:offsets[i + 1]], V)
        # The same keys in both rules: matched and mismatched curves see the same data sets.
        rng = rng_for(smk.params.seed, "dataset", smk.params.ensemble_name, i)
        placement_rng = rng_for(smk.params.seed, "placements", smk.params.ensemble_name, i)
        sample = sc.matched_sample if matched else sc.mismatch_sample
        out.append(sample(basis, k["p"], k["a"], nus, s["sigma2"], rng, split=split,
                          placement_rng=placement_rng, draws=s["placement_draws"]))
    deg = np.diff(offsets)  # edges per graph
    arrays = {"nu": nus, "N": sc.sample_sizes(int(graphs["V"]), nus), "sigma2": np.asarray(s["sigma2"]),
              "edges_per_graph": deg}
    if matched:
        arrays |= {"eps": np.stack([o.eps for o in out]), "var": np.stack([o.var for o in out]),
                   "normalisations": np.array(sc.NORMALISATIONS)}
    else:
        arrays |= {"eps": np.stack(out), "pairings": np.array(["/".join(m) for m in sc.MISMATCHES])}
    save_npz(smk.output[0], arrays, provenance({"kernel": k, "sims": s}, seed=[smk.params.seed, "dataset"],
                                               graphs=gmeta.get("params")))
