"""Splitting a run of independent repetitions (seeds, data sets) into jobs (issue 45): a split never changes what
is drawn, because each repetition's random stream is derived from its index, not from the job that runs it."""
from __future__ import annotations


def job_ranges(n: int, per_job: int) -> list[tuple[int, int]]:
    """[first, last) of each job over ``n`` repetitions: ``per_job`` each, the last job the remainder."""
    if n < 1 or per_job < 1:
        raise ValueError(f"need n >= 1 and per_job >= 1, got {n}, {per_job}")
    return [(lo, min(lo + per_job, n)) for lo in range(0, n, per_job)]


def check_joined(lengths, ranges, n: int) -> None:
    """Before joining the parts of a split run: ``ranges`` ([first, last) pairs, in the order of the parts) cover
    0..n-1 once and in order, and each part holds exactly its range (``lengths``: the parts' sizes along the split
    axis). A stale, truncated, repeated or missing part raises ValueError naming it."""
    ranges = [(int(a), int(b)) for a, b in ranges]
    if len(ranges) != len(lengths):
        raise ValueError(f"{len(lengths)} parts for {len(ranges)} ranges")
    edges = [0] + [b for _, b in ranges]
    if [a for a, _ in ranges] != edges[:-1] or edges[-1] != n:
        raise ValueError(f"the ranges {ranges} do not cover 0..{n - 1} once and in order")
    for (a, b), size in zip(ranges, lengths):
        if size != b - a:
            raise ValueError(f"the part of range [{a}, {b}) holds {size}, not {b - a}")
