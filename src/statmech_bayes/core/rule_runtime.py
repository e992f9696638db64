"""What every Snakemake script does first: log to the rule's log file, cap BLAS threads, show progress.

Snakemake does not see a script's BLAS thread pool, so ``--cores 8`` on a 2-core machine could
oversubscribe; the thread pools are limited to the rule's ``threads`` instead.
"""

from __future__ import annotations

import contextlib
import logging
import sys
from collections.abc import Iterable, Iterator

from threadpoolctl import threadpool_limits
from tqdm import tqdm

# Logging, progress and thread caps only: editing this module never changes an output, so rules do not
# list it among their code inputs (see statmech_bayes.pipeline.code_deps).
OUTPUT_NEUTRAL = True

log = logging.getLogger("statmech_bayes")


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
    try:
        with threadpool_limits(limits=max(1, int(smk.threads))):
            log.info("rule %s, threads=%s, wildcards=%s", smk.rule, smk.threads, dict(smk.wildcards))
            yield log
            log.info("done")
    except Exception:
        log.exception("rule failed")
        raise
    finally:
        sys.stderr = old_stderr
        log.removeHandler(handler)
        if stream is not old_stderr:
            stream.close()


def progress(iterable: Iterable, desc: str = "", total: int | None = None) -> Iterable:
    """A progress bar written to the rule's log (stderr is redirected there by :func:`rule_context`)."""
    return tqdm(iterable, desc=desc, total=total, file=sys.stderr, mininterval=5.0, ascii=True)
