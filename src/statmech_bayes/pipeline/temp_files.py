"""Temporary files that an interrupted job leaves beside its outputs, and their removal at the next run.

Every output is written under a temporary name in its own directory and renamed into place
(:func:`statmech_bayes.core.atomic_io.atomic_path`: ``.<name>.<random>.tmp``; the MNIST download:
``<name>.part``). A job killed while writing leaves that file behind. The workflow's ``onstart`` handler
(``workflow/rules/common.smk``) removes, before any job starts, the temporary files of the outputs of the
jobs that this run will execute. Snakemake locks exactly those outputs for the run, so no other run can be
writing them at the same moment, and this run's own jobs have not started yet: nothing in use is removed.
A temporary file beside an output that this run does not rebuild is left alone (another run may own it).
"""

from __future__ import annotations

import glob
import os
from collections.abc import Iterable
from pathlib import Path

# The names the project's writers give their temporary files, as glob patterns of the final name.
TEMP_PATTERNS = (".{name}.*.tmp", "{name}.part")


def temp_files_of(output: str | os.PathLike) -> list[Path]:
    """The temporary files that the project's writers leave beside the final path ``output`` when they are
    interrupted."""
    output = Path(output)
    directory, name = glob.escape(str(output.parent)), glob.escape(output.name)
    found = {Path(p) for pattern in TEMP_PATTERNS for p in glob.glob(os.path.join(directory, pattern.format(name=name)))}
    return sorted(p for p in found if p.is_file())


def remove_stale_temp_files(outputs: Iterable[str | os.PathLike]) -> list[Path]:
    """Remove the temporary files of ``outputs`` (the outputs of the jobs a run is about to execute);
    return what was removed."""
    removed = []
    for output in outputs:
        for tmp in temp_files_of(output):
            try:
                tmp.unlink()
            except FileNotFoundError:
                continue
            removed.append(tmp)
    return removed
