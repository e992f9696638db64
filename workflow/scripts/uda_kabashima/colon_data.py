"""The colon data (Colon.rda, sha256 checked): centred, row-normalised and whitened versions."""
import os

import numpy as np

from statmech_bayes.core.atomic_io import save_npz
from statmech_bayes.core.provenance import provenance
from statmech_bayes.core.rule_runtime import rule_context
from statmech_bayes.data.colon import COLON_SHA256
from statmech_bayes.sparse_classifier.experiments import colon_prepare

smk = snakemake  # noqa: F821
with rule_context(smk) as log:
    out = colon_prepare(os.path.dirname(smk.input.rda), **smk.params.kw)
    log.info("X_pre %s, Z_white %s, tumour %d, normal %d", out["X_pre"].shape, out["Z_white"].shape,
             int(np.sum(out["y"] > 0)), int(np.sum(out["y"] < 0)))
    save_npz(smk.output[0], out, provenance({**smk.params.kw, "sha256": COLON_SHA256}))
