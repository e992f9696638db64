"""Eigendecompose the normalised adjacency of every cached graph (one dense eigh each)."""
import numpy as np

from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import progress, rule_context
from statmech_bayes.graphs.operators import from_edge_list
from statmech_bayes.graphs.spectral import SpectralBasis

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    g, meta = load_npz(smk.input.graphs)
    V, off = int(g["V"]), g["offsets"]
    n = off.size - 1
    mu, U = np.empty((n, V)), np.empty((n, V, V))
    for i in progress(range(n), desc="eigh"):
        b = SpectralBasis.of_graph(from_edge_list(g["edges"][off[i]: off[i + 1]], V))
        mu[i], U[i] = b.mu, b.U
    save_npz(smk.output[0], {"mu": mu, "U": U}, provenance(meta.get("params"), seed=meta.get("seed"),
                                                             graphs=str(smk.input.graphs)))
