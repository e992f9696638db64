"""Seeding streams shared by the experiments of Jitkrittum et al. (2015) (:mod:`.exp1`, :mod:`.exp3`, :mod:`.exp4`,
:mod:`.exp5`).

Reproducible parallel slices: functions over problems derive one child generator per problem with
``_streams`` (children of the seed of a freshly seeded ``rng``), so running problems ``[0, 15)`` and
``[15, 30)`` as two jobs gives exactly the same numbers as one job over ``[0, 30)``.
"""

from __future__ import annotations

import numpy as np


def _streams(rng, n: int) -> list:
    """``n`` child generators determined only by the seed of ``rng`` (not by its use so far), so
    every job of a sliced experiment derives identical per-problem streams."""
    if not isinstance(rng, np.random.Generator):
        raise TypeError("rng must be a numpy.random.Generator")
    ss = rng.bit_generator.seed_seq
    base = np.random.SeedSequence(ss.entropy, spawn_key=ss.spawn_key, pool_size=ss.pool_size)
    return [np.random.default_rng(c) for c in base.spawn(int(n))]


def _indices(indices, n_total):
    idx = np.arange(n_total) if indices is None else np.asarray(list(indices), int)
    if idx.size and (idx.min() < 0 or idx.max() >= n_total):
        raise ValueError(f"problem indices must lie in [0, {n_total}), got {idx}")
    return idx


def _children(rng, n_total, indices):
    idx = _indices(indices, n_total)
    kids = _streams(rng, n_total)
    return idx, [kids[i] for i in idx]
