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
    """The commit of the source tree, with ``-dirty`` if it has uncommitted changes to tracked files under
    ``src`` or ``workflow``; when it cannot be determined, ``unknown: <why>`` (never a bare "unknown")."""
    root = Path(__file__).resolve().parents[3]
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True)
    except OSError as err:
        return f"unknown: git could not be run ({err.strerror or err})"
    if head.returncode != 0:
        why = head.stderr.strip().splitlines()[-1] if head.stderr.strip() else f"exit status {head.returncode}"
        return f"unknown: {root} is not a git checkout with a commit ({why})"
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", "src", "workflow"],
                           cwd=root, capture_output=True, text=True)
    if dirty.returncode != 0:
        return f"{head.stdout.strip()}-unknown-state: git status failed"
    return head.stdout.strip() + ("-dirty" if dirty.stdout.strip() else "")


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
