"""The console filter after Ctrl-C (statmech_bayes.pipeline.ctrl_c), in the order of events that failed CI on
2026-11-30: a worker thread logs the stopped job's death by SIGINT before the main thread has run its handler."""
import io
import logging
import threading
import time

from snakemake.logging import LogEvent

from statmech_bayes.pipeline.ctrl_c import QuietAfterInterrupt, quiet_console_after_interrupt

DEATH = ("RuleException:\nCalledProcessError in file rules.smk, line 27:\nCommand 'set -euo pipefail; python x.py' "
         "died with <Signals.SIGINT: 2>.")


def _record(msg: str, event) -> logging.LogRecord:
    record = logging.LogRecord("snakemake", logging.ERROR, __file__, 1, msg, None, None)
    record.event = event
    return record


def _in_worker(f, *args):
    """f(*args) run on a thread other than the main one (as Snakemake's job callbacks are): (result, seconds)."""
    out = {}

    def run():
        t0 = time.monotonic()
        out["value"] = f(*args)
        out["s"] = time.monotonic() - t0
    t = threading.Thread(target=run)
    t.start()
    return t, out


def test_a_job_death_logged_before_the_handler_runs_waits_for_it_and_is_left_out():
    flag = threading.Event()
    quiet = QuietAfterInterrupt(flag, wait_s=30)
    t, out = _in_worker(quiet.filter, _record(DEATH, LogEvent.ERROR))
    time.sleep(0.3)                 # the main thread is slow to run its handler ...
    assert t.is_alive(), "the worker must not decide before the handler has run"
    flag.set()                      # ... and then does
    t.join(10)
    assert out["value"] is False and 0.25 < out["s"] < 10
    assert quiet.filter(_record("Error in rule uk_rs_fig1", LogEvent.JOB_ERROR)) is False
    assert quiet.filter(_record("At least one job did not complete successfully.", LogEvent.ERROR)) is False
    # what is not about the stopped jobs stays on the console
    assert quiet.filter(_record("MissingInputException: no file x", LogEvent.ERROR)) is True


def test_a_job_killed_by_sigint_alone_keeps_its_error_block_after_the_bounded_wait():
    flag = threading.Event()
    quiet = QuietAfterInterrupt(flag, wait_s=0.3)
    t, out = _in_worker(quiet.filter, _record(DEATH, LogEvent.ERROR))
    t.join(10)
    assert out["value"] is True and out["s"] >= 0.3
    assert quiet.filter(_record("Error in rule uk_rs_fig1", LogEvent.JOB_ERROR)) is True


def test_other_errors_and_the_main_thread_never_wait():
    flag = threading.Event()
    quiet = QuietAfterInterrupt(flag, wait_s=30)
    t0 = time.monotonic()
    assert quiet.filter(_record(DEATH, LogEvent.ERROR)) is True   # the main thread runs the handler: no wait there
    t, out = _in_worker(quiet.filter, _record("Command 'x' returned non-zero exit status 1.", LogEvent.ERROR))
    t.join(10)
    assert out["value"] is True and time.monotonic() - t0 < 5


def test_the_filter_goes_on_console_handlers_once_and_not_on_log_files(tmp_path):
    logger = logging.getLogger("test_ctrl_c_console")
    console, log_file = logging.StreamHandler(io.StringIO()), logging.FileHandler(tmp_path / "run.log")
    logger.handlers[:] = [console, log_file]
    try:
        quiet_console_after_interrupt(logger)
        quiet_console_after_interrupt(logger)
        assert [type(f) for f in console.filters] == [QuietAfterInterrupt] and log_file.filters == []
    finally:
        log_file.close()
        logger.handlers[:] = []
