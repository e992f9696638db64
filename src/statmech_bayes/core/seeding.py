"""Deterministic random streams.

Every rule gets its own ``numpy.random.Generator`` derived from the configuration's master seed and
the rule's identity (its name and wildcard values), so results do not depend on the order in which
Snakemake schedules jobs, and the global numpy state is never touched.
"""

from __future__ import annotations

import hashlib

import numpy as np


def _key_to_int(key: object) -> int:
    # A stable 32-bit integer for any printable key; Python's hash() is salted per process.
    digest = hashlib.sha256(str(key).encode("utf-8")).digest()
    return int.from_bytes(digest[:4], "little")


def seed_sequence(master_seed: int, *keys: object) -> np.random.SeedSequence:
    """``SeedSequence`` for ``master_seed`` spawned along the path ``keys`` (e.g. rule name, wildcards)."""
    if not isinstance(master_seed, (int, np.integer)) or master_seed < 0:
        raise ValueError(f"master_seed must be a non-negative integer, got {master_seed!r}")
    return np.random.SeedSequence(int(master_seed), spawn_key=tuple(_key_to_int(k) for k in keys))


def rng_for(master_seed: int, *keys: object) -> np.random.Generator:
    """An independent ``Generator`` identified by ``(master_seed, *keys)``."""
    return np.random.Generator(np.random.PCG64(seed_sequence(master_seed, *keys)))


def spawn_rngs(master_seed: int, n: int, *keys: object) -> list[np.random.Generator]:
    """``n`` independent generators, e.g. one per graph sample, reproducible one by one."""
    return [rng_for(master_seed, *keys, i) for i in range(n)]
