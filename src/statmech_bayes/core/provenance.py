"""What an output was built from: configuration values, seed, package version, git commit."""

from __future__ import annotations

import functools
import platform
import subprocess
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from statmech_bayes import __version__


@functools.lru_cache(maxsize=1)
def git_commit() -> str:
    """The commit of the source tree, with ``-dirty`` if it has uncommitted changes to tracked files."""
    root = Path(__file__).resolve().parents[3]
    try:
        sha = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no", "--", "src", "workflow"],
            cwd=root, capture_output=True, text=True, check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return sha + ("-dirty" if dirty else "")


def _jsonable(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


def provenance(params: Mapping[str, Any] | None = None, seed: Any = None, **extra: Any) -> dict:
    """A JSON-able provenance record.

    Deliberately free of timestamps and host names so that the same configuration at the same
    commit produces byte-identical files.
    """
    record = {
        "package": "statmech_bayes",
        "package_version": __version__,
        "git_commit": git_commit(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "params": _jsonable(dict(params or {})),
        "seed": _jsonable(seed),
    }
    record.update({k: _jsonable(v) for k, v in extra.items()})
    return record
