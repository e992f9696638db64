"""Loaders for the real data sets: each reads the original file format from a configured directory,
verifies the file's sha256, and fails with a :class:`DataError` that says how to obtain a missing file."""

from __future__ import annotations

import hashlib
from pathlib import Path


class DataError(FileNotFoundError):
    """A data file is missing or corrupt; the message names the file and how to get it."""


def sha256_of(path: str | Path) -> str:
    """Hex sha256 of a file, read in chunks."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def verified_file(directory: str | Path, name: str, sha256: str, how_to_get: str) -> Path:
    """``directory/name`` after checking that it exists and has the expected sha256.

    Raises :class:`DataError` naming the file, what was expected, and ``how_to_get`` it.
    """
    path = Path(directory) / name
    if not path.is_file():
        raise DataError(f"data file {path} not found. {how_to_get}")
    got = sha256_of(path)
    if got != sha256:
        raise DataError(f"data file {path} is corrupt or a different version: sha256 {got}, "
                        f"expected {sha256}. {how_to_get}")
    return path
