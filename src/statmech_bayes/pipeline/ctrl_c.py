"""Ctrl-C in a Snakemake run: remember it, and keep the console to the workflow's own account of the stop.

Ctrl-C sends SIGINT to the whole foreground process group, so Snakemake and its running jobs get it at once. Two
things then race: Snakemake's main thread runs the Python-level handler (``on_ctrl_c``), and a job dies of the
signal, which a worker thread of Snakemake sees and logs as an error. Under load the worker thread can win: the
main thread has been sent the signal but has not yet been scheduled to run its handler. A console filter that
only looked at "has the handler run?" then let the stopped job's error block through (CI, 2026-11-30). So a worker
thread that logs a job's death by SIGINT before the handler has run waits, for a bounded time, for the handler:
Ctrl-C reaches both processes together, so the handler follows within milliseconds; if the signal was sent to the
job alone, no handler comes, and the error is shown after the wait as Snakemake logged it.
"""
from __future__ import annotations

import logging
import signal
import threading

# How long a worker thread waits for the main thread's handler. Both receive the same Ctrl-C, so the handler comes
# as soon as the main thread is scheduled; the bound only delays the error of a job killed by SIGINT on its own.
HANDLER_WAIT_S = 5.0

# The texts of a job that died of SIGINT, as Snakemake words the job's CalledProcessError: killed by the signal, or
# the shell's exit status for it (128 + 2).
_SIGINT_DEATH = ("died with <Signals.SIGINT", "returned non-zero exit status 130")
# What Snakemake logs, for a job the interrupt stopped, after its exception (which may carry another wording of the
# stop), and at the end of a failed run: left out once the interrupt is known.
_AFTER_A_STOP = ("died with <Signals.SIG", "returned non-zero exit status",
                 "At least one job did not complete successfully")

interrupted = threading.Event()


def on_ctrl_c(signum, frame):
    """SIGINT handler: remember the interrupt (for the console filter and the run's closing message), then stop as
    Snakemake does on Ctrl-C (KeyboardInterrupt in the main thread)."""
    interrupted.set()
    signal.default_int_handler(signum, frame)


def _event_name(record: logging.LogRecord) -> str | None:
    return getattr(getattr(record, "event", None), "name", None)


class QuietAfterInterrupt(logging.Filter):
    """After Ctrl-C, the console leaves out Snakemake's error block for each job the interrupt stopped (its "Error in
    rule" block and its RuleException, a CalledProcessError that "died with SIGINT") and the closing "At least one
    job did not complete successfully", as the workflow's own message says what happened. Snakemake's log file keeps
    them all (this filter sits on the console handler only)."""

    def __init__(self, flag: threading.Event = interrupted, wait_s: float = HANDLER_WAIT_S):
        super().__init__()
        self._flag = flag
        self._wait_s = wait_s

    def filter(self, record: logging.LogRecord) -> bool:
        event = _event_name(record)
        text = str(record.msg or "")
        if not self._flag.is_set() and event == "ERROR" and any(s in text for s in _SIGINT_DEATH) \
                and threading.current_thread() is not threading.main_thread():
            # A job died of SIGINT before the main thread ran its handler: wait for it (module docstring). Never on
            # the main thread, which is the one that runs the handler.
            self._flag.wait(self._wait_s)
        if not self._flag.is_set():
            return True
        if event in ("JOB_ERROR", "GROUP_ERROR"):
            return False
        return not (event == "ERROR" and any(s in text for s in _AFTER_A_STOP))


def quiet_console_after_interrupt(logger: logging.Logger) -> None:
    """Put the filter on ``logger``'s console handlers (stream handlers that are not file handlers), once."""
    for handler in logger.handlers:
        if isinstance(handler, logging.StreamHandler) and not isinstance(handler, logging.FileHandler) \
                and not any(isinstance(f, QuietAfterInterrupt) for f in handler.filters):
            handler.addFilter(QuietAfterInterrupt())
