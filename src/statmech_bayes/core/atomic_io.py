"""Atomic, byte-stable writing of intermediates and tables.

Every writer goes to a temporary file in the destination directory and renames it into place, so an
interrupted or failed rule never leaves a half-written file that a later run would trust. ``.npz``
archives are written with fixed zip timestamps (numpy's own ``savez`` stamps the current time) so the
same numbers give the same bytes, and carry their provenance as an embedded JSON member.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import tempfile
import zipfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:  # only the annotation: a science job that writes no table need not import pandas (0.4 s)
    import pandas as pd

_META_KEY = "__provenance__"
_FIXED_ZIP_TIME = (1980, 1, 1, 0, 0, 0)


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike) -> Iterator[Path]:
    """Yield a temporary path next to ``path``; rename it onto ``path`` only if the block succeeds."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    tmp = Path(tmp)
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)  # mkstemp's 0600 would make shared outputs unreadable to others
    try:
        yield tmp
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def save_npz(path: str | os.PathLike, arrays: Mapping[str, Any], meta: Mapping | None = None) -> None:
    """Write ``arrays`` as an uncompressed ``.npz`` readable by ``numpy.load``, with embedded metadata."""
    if _META_KEY in arrays:
        raise ValueError(f"array name {_META_KEY!r} is reserved")
    with atomic_path(path) as tmp, zipfile.ZipFile(tmp, "w", zipfile.ZIP_STORED) as zf:
        items = dict(arrays)
        if meta is not None:
            items[_META_KEY] = np.array(json.dumps(meta, sort_keys=True))
        for name in sorted(items):
            buf = io.BytesIO()
            np.lib.format.write_array(buf, np.asarray(items[name]), allow_pickle=False)
            info = zipfile.ZipInfo(f"{name}.npy", date_time=_FIXED_ZIP_TIME)
            info.external_attr = 0o644 << 16
            zf.writestr(info, buf.getvalue())


def load_npz(path: str | os.PathLike) -> tuple[dict[str, np.ndarray], dict]:
    """Read an archive written by :func:`save_npz`: ``(arrays, metadata)``."""
    with np.load(path, allow_pickle=False) as data:
        arrays = {k: data[k] for k in data.files if k != _META_KEY}
        meta = json.loads(str(data[_META_KEY])) if _META_KEY in data.files else {}
    return arrays, meta


def save_json(path: str | os.PathLike, obj: Any) -> None:
    """Write JSON with sorted keys and a trailing newline (stable diffs)."""
    with atomic_path(path) as tmp:
        tmp.write_text(json.dumps(obj, indent=2, sort_keys=True, allow_nan=True) + "\n")


def save_csv(path: str | os.PathLike, frame: pd.DataFrame, float_format: str = "%.10g") -> None:
    """Write a table a person may open: plain CSV, no index, fixed float format."""
    with atomic_path(path) as tmp:
        frame.to_csv(tmp, index=False, float_format=float_format, lineterminator="\n")
