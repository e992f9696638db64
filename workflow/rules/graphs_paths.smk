# Path helpers of the shared graph artefacts (rules in graphs.smk).


def graph_samples_file(ensemble, V, n):
    """n independent graphs of one configured ensemble on V vertices (one concatenated edge list)."""
    return res("graphs", f"{ensemble}_V{V}_n{n}.npz")


def graph_spectra_file(ensemble, V, n):
    """One eigendecomposition of the normalised adjacency of each graph of :func:`graph_samples_file`."""
    return res("spectra", f"{ensemble}_V{V}_n{n}.npz")
