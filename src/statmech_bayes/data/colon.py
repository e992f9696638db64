"""Alon et al. (1999) colon-cancer microarray data (62 tissues × 2000 genes), as shipped in the CRAN
package plsgenomics (``data/Colon.rda``, GPL ≥ 2), read with the pure-Python ``rdata`` parser.

Used by Uda & Kabashima (2005), Section 5. Labels in the file: 1 = normal (22), 2 = tumour (40).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from statmech_bayes.data import DataError, verified_file

COLON_FILE = "Colon.rda"
COLON_SHA256 = "c0138c39df533b6a122133ec4fe9f63cbced94e7462990262da33f2836cc2e06"
COLON_SHAPE = (62, 2000)
HOW_TO_GET = (
    "The repository ships it in data/colon/ (see data/MANIFEST.csv; configuration key data.colon). "
    "Colon.rda (385,204 bytes) is data/Colon.rda of the CRAN package 'plsgenomics' (version 1.5-3; "
    "GitHub mirror cran/plsgenomics, commit 8c770daf139b94f6dd073529a53863d6db902a98): download the "
    "package source from https://cran.r-project.org/package=plsgenomics (or its archive) and copy "
    "data/Colon.rda into the configured directory. The data originate from Alon et al. (1999), "
    "http://genomics-pubs.princeton.edu/oncology/affydata/index.html. Do not substitute R's "
    "survival::colon, an unrelated clinical-trial table."
)


@dataclass(frozen=True)
class ColonData:
    """``X`` (62, 2000) raw intensities; ``y`` (62,) with +1 = tumour, −1 = normal; ``gene_names`` (2000,)."""

    X: np.ndarray
    y: np.ndarray
    gene_names: np.ndarray


def load_colon(directory: str | Path) -> ColonData:
    """Read ``directory/Colon.rda`` after verifying its sha256; raise :class:`DataError` (saying where
    to obtain the file) if it is missing, corrupt, or not the expected 62 × 2000 object."""
    path = verified_file(directory, COLON_FILE, COLON_SHA256, HOW_TO_GET)
    try:
        import rdata
    except ImportError as exc:  # pragma: no cover - rdata is a declared dependency
        raise DataError(f"reading {path} needs the PyPI package 'rdata' (pip install rdata)") from exc
    with warnings.catch_warnings():
        # The file declares no string encoding; its gene names are plain ASCII.
        warnings.filterwarnings("ignore", message="Unknown encoding")
        obj = rdata.read_rda(str(path))
    if "Colon" not in obj:
        raise DataError(f"{path} holds no object 'Colon' (found {sorted(map(str, obj))}). {HOW_TO_GET}")
    colon = {str(k): v for k, v in obj["Colon"].items()}
    X = np.ascontiguousarray(np.asarray(colon["X"], dtype=np.float64))
    codes = np.asarray(colon["Y"], dtype=np.float64)
    if X.shape != COLON_SHAPE or codes.shape != (COLON_SHAPE[0],) or not np.all(np.isin(codes, (1, 2))):
        raise DataError(f"{path}: unexpected contents (X {X.shape}, Y {codes.shape}). {HOW_TO_GET}")
    y = np.where(codes == 2, 1, -1).astype(np.int8)
    return ColonData(X=X, y=y, gene_names=np.asarray(colon["gene.names"]).astype(str))
