"""The BLAS thread cap every rule's script runs under: the rule's ``threads``, never more.

Snakemake does not see a script's BLAS thread pool, so ``--cores 8`` on a 2-core machine could oversubscribe;
the pools are limited to the rule's ``threads`` instead. The cap is part of what a job computes, not only of
how fast: a dense eigensolver's reductions are ordered by its thread count, and eigenvectors differed at 1e-13
between one and two threads before the cap (docs/usage.md, "Determinism"). So this module carries no
output-neutral marker: editing it reruns every rule whose script runs under it (statmech_bayes.pipeline.code_deps).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from threadpoolctl import threadpool_limits


def blas_thread_cap(threads) -> int:
    """The number of BLAS threads a job given ``threads`` Snakemake threads runs (at least one)."""
    return max(1, int(threads))


@contextlib.contextmanager
def capped_blas_threads(threads) -> Iterator[int]:
    """Run the body with every BLAS/OpenMP thread pool limited to :func:`blas_thread_cap` threads."""
    cap = blas_thread_cap(threads)
    with threadpool_limits(limits=cap):
        yield cap
