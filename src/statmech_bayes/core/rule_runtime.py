"""What every Snakemake script does first: log to the rule's log file, cap BLAS threads, show progress.

The thread cap itself is :mod:`statmech_bayes.core.threads` (it can change an output in the last bits, so it is a
code input of every rule that runs under it); this module only enters it.

Every job's log gets a start line with the job's size (its wildcards and scalar parameters), a heartbeat line
with the elapsed wall and CPU time at least every :data:`HEARTBEAT_S` seconds while it runs, and a finish line
with its times, so ``tail -f results/logs/<rule>.log`` shows a long job moving even where its loop has no bar.
"""

from __future__ import annotations

import contextlib
import logging
import os
import resource
import signal
import sys
import threading
import time
from collections.abc import Iterable, Iterator, Mapping

from tqdm import tqdm

from statmech_bayes.core.threads import capped_blas_threads

# Logging, heartbeat and progress bars only (the thread cap is core.threads, imported above, so it stays a code
# input): editing this module never changes an output, so rules do not list it among their code inputs (see
# statmech_bayes.pipeline.code_deps).
OUTPUT_NEUTRAL = True

log = logging.getLogger("statmech_bayes")
# Seconds between heartbeat lines (the issue asks for a line at least every 30 s); STATMECH_HEARTBEAT_S overrides.
HEARTBEAT_S = 20.0


def job_size(params, limit: int = 10) -> str:
    """The scalar parameters of a job as ``name=value`` pairs (nested mappings by dotted name, lists by length),
    at most ``limit`` of them: enough to tell a 200-split chunk from a 4-split one in the log."""
    items: list[str] = []

    def walk(prefix, value):
        if len(items) >= limit:
            return
        if isinstance(value, Mapping):
            for k, v in value.items():
                walk(f"{prefix}.{k}" if prefix else str(k), v)
        elif isinstance(value, (list, tuple)):
            items.append(f"{prefix}=[{len(value)} items]" if len(value) > 4 else f"{prefix}={list(value)}")
        elif isinstance(value, (bool, int, float, str)) and len(str(value)) <= 40:
            items.append(f"{prefix}={value}")

    try:
        pairs = dict(params.items()) if hasattr(params, "items") else {}
    except Exception:  # a Snakemake Params object without named items
        pairs = {}
    for k, v in pairs.items():
        walk(str(k), v)
    return ", ".join(items) if items else "-"


class _Heartbeat(threading.Thread):
    """Logs the elapsed wall and CPU time every ``interval`` seconds until stopped."""

    def __init__(self, interval: float):
        super().__init__(daemon=True, name="statmech-heartbeat")
        self.interval, self.stopped = float(interval), threading.Event()
        self.t0, self.c0 = time.monotonic(), time.process_time()

    def times(self) -> tuple[float, float]:
        return time.monotonic() - self.t0, time.process_time() - self.c0

    def run(self):
        while not self.stopped.wait(self.interval):
            log.info("running: %.0f s elapsed, %.0f s CPU", *self.times())


def process_cpu_seconds() -> float:
    """CPU seconds of this process since it started (interpreter start-up and imports included) plus those of its
    finished children: the job's whole CPU time when read at its end."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


@contextlib.contextmanager
def rule_context(smk) -> Iterator[logging.Logger]:
    """Enter a script run by Snakemake's ``script:`` directive (``smk`` is the ``snakemake`` object)."""
    log_path = smk.log[0] if len(smk.log) else None
    stream = open(log_path, "w", buffering=1) if log_path else sys.stderr
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    old_stderr = sys.stderr
    sys.stderr = stream  # tqdm and warnings land in the log
    beat = _Heartbeat(float(os.environ.get("STATMECH_HEARTBEAT_S", HEARTBEAT_S)))
    interrupted = False
    try:
        with capped_blas_threads(smk.threads):
            log.info("rule %s started, threads=%s, wildcards=%s, size: %s", smk.rule, smk.threads,
                     dict(smk.wildcards), job_size(getattr(smk, "params", {})))
            beat.start()
            yield log
            # The whole process's CPU is the job's CPU time for pipeline.timing: Snakemake's benchmark samples
            # cpu_time every 30 s after the first 30 and not at the end, so it misses up to 30 s of a job.
            log.info("done in %.1f s (%.1f s CPU; whole process %.1f s CPU)", *beat.times(), process_cpu_seconds())
    except KeyboardInterrupt:
        # Ctrl-C reaches every process of the terminal's group: Snakemake says what happened, once; the job says
        # it in its log and ends as the signal would have ended it, without a traceback on the console.
        log.warning("interrupted (Ctrl-C) after %.1f s", beat.times()[0])
        interrupted = True
        raise
    except Exception:
        log.exception("rule failed after %.1f s", beat.times()[0])
        raise
    finally:
        beat.stopped.set()
        sys.stderr = old_stderr
        log.removeHandler(handler)
        if stream is not old_stderr:
            stream.close()
        if interrupted:
            die_of_sigint()


def die_of_sigint() -> None:
    """End this process as SIGINT's default action does (its parent sees it killed by SIGINT), without the
    traceback of the KeyboardInterrupt that Python made of it."""
    sys.stdout.flush()
    sys.stderr.flush()
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGINT)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # in case it was held back


def progress(iterable: Iterable, desc: str = "", total: int | None = None) -> Iterable:
    """A progress bar written to the rule's log (stderr is redirected there by :func:`rule_context`)."""
    return tqdm(iterable, desc=desc, total=total, file=sys.stderr, mininterval=5.0, ascii=True)
