"""Draw n graphs of one ensemble; cache them as one concatenated edge list with per-graph offsets."""
import numpy as np

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import progress, rule_context
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.graphs.ensembles import make_graph
from statmech_bayes.graphs.operators import edge_list

smk = snakemake  # noqa: F821  (injected by Snakemake)
with rule_context(smk) as log:
    spec = dict(smk.params.ensemble)
    kind = spec.pop("kind")
    V, n = int(smk.wildcards.V), int(smk.wildcards.n)
    parts = []
    for i in progress(range(n), desc="graphs"):
        # Graph i depends only on (seed, ensemble, V, i): growing n keeps the first graphs unchanged.
        rng = rng_for(smk.params.seed, "graph", smk.wildcards.ensemble, V, i)
        parts.append(edge_list(make_graph(kind, V, rng, **spec)))
    offsets = np.concatenate([[0], np.cumsum([len(e) for e in parts])])
    log.info("%d graphs, %d edges in total", n, offsets[-1])
    save_npz(smk.output[0], {"edges": np.concatenate(parts), "offsets": offsets, "V": np.int64(V)},
             provenance({"ensemble": smk.params.ensemble, "V": V, "n": n}, seed=[smk.params.seed, "graph"]))
