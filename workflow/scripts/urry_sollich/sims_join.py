"""The simulated learning curves of one ensemble and pairing, joined from its jobs (sims.py on consecutive
graph ranges) in graph order: the arrays one job over all the graphs would write."""
import numpy as np

from statmech_bayes.core.atomic_io import load_npz, save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context

PER_GRAPH = ("eps", "var", "edges_per_graph", "graphs")  # first axis: the graph

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    parts = [load_npz(path) for path in smk.input.chunks]
    arrays = dict(parts[0][0])
    for key in arrays:
        if key in PER_GRAPH:
            arrays[key] = np.concatenate([p[key] for p, _ in parts])
        elif not all(np.array_equal(p[key], arrays[key]) for p, _ in parts):
            raise ValueError(f"the simulation jobs disagree on {key!r}: they were run with different settings")
    graphs = arrays["graphs"]
    if not np.array_equal(graphs, np.arange(graphs[0], graphs[0] + graphs.size)):
        raise ValueError(f"the jobs' graphs are not one consecutive range: {graphs}")
    log.info("joined %d jobs: graphs %d-%d", len(parts), graphs[0], graphs[-1])
    save_npz(smk.output[0], arrays, provenance({"jobs": [m.get("params") for _, m in parts]}))
