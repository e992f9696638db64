"""Several files that belong together (a figure's PNG, PDF, plotted data and claims) written all or none.

:func:`written_together` hands out one temporary path per final path, beside it and named as
:func:`statmech_bayes.core.atomic_io.atomic_path` names its temporaries (``.<name>.<random>.tmp``, which the next
run's clean-up finds: :mod:`statmech_bayes.pipeline.temp_files`). Only when the block has written every one of them
are they renamed onto their final names, one after another with SIGINT and SIGTERM held back until the last rename
is done: Ctrl-C or a plain ``kill`` then stops the job before the first rename or after the last, never between. A
failure or an interrupt before that removes the temporaries and leaves no final name written. (SIGKILL cannot be held
back: a job killed that way in the instant of the renames is marked incomplete by Snakemake and rerun.)
"""

from __future__ import annotations

import contextlib
import os
import signal
import tempfile
from collections.abc import Iterator
from pathlib import Path

HELD = {signal.SIGINT, signal.SIGTERM}


def _temporary(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o666 & ~umask)
    return Path(tmp)


@contextlib.contextmanager
def signals_held(signals=HELD) -> Iterator[None]:
    """Hold ``signals`` back in the block and deliver the first one received on leaving it. The Python-level handlers
    are swapped (a thread mask would not do: the kernel hands a process-directed signal to any thread that does not
    block it, such as the log's heartbeat thread, and Python then interrupts the main thread anyway). Only the main
    thread can swap them: elsewhere nothing is held."""
    received: list[int] = []

    def hold(signum, frame):
        received.append(signum)

    try:
        old = {s: signal.signal(s, hold) for s in signals}
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        for s, handler in old.items():
            signal.signal(s, handler)
        if received:
            signal.raise_signal(received[0])


@contextlib.contextmanager
def written_together(*paths: str | os.PathLike) -> Iterator[list[Path]]:
    """Yield a temporary path for each of ``paths``; when the block succeeds rename them all onto ``paths`` at
    once (as far as signals go), else remove them and write none. The temporaries exist, empty, when handed out
    (so their names are taken); the block overwrites them (directly or through ``atomic_path``)."""
    finals = [Path(p) for p in paths]
    if len(set(finals)) != len(finals):
        raise ValueError(f"a path named twice: {[str(p) for p in finals]}")
    temps: list[Path] = []
    try:
        for p in finals:
            temps.append(_temporary(p))
        yield list(temps)
        with signals_held():
            for f, t in zip(finals, temps):
                os.replace(t, f)
    finally:
        for t in temps:
            with contextlib.suppress(FileNotFoundError):
                t.unlink()
