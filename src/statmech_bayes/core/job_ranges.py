"""Splitting a run of independent repetitions (seeds, data sets) into jobs (issue 45): a split never changes what
is drawn, because each repetition's random stream is derived from its index, not from the job that runs it."""
from __future__ import annotations


def job_ranges(n: int, per_job: int) -> list[tuple[int, int]]:
    """[first, last) of each job over ``n`` repetitions: ``per_job`` each, the last job the remainder."""
    if n < 1 or per_job < 1:
        raise ValueError(f"need n >= 1 and per_job >= 1, got {n}, {per_job}")
    return [(lo, min(lo + per_job, n)) for lo in range(0, n, per_job)]
