"""Exp. 5's repeated KJIT run (Fig. 9) split into jobs by seed ranges (issue 45): each seed's oracle and feature
streams are the same children of the experiment's seed whichever job runs it (:func:`.exp5.exp5_seeds` draws
them with :func:`.streams._streams` once for every (target, seed)), so the joined ranges equal the whole run
exactly; ``tests/test_kjit_experiments.py`` checks it against :func:`.exp5.exp5_seeds`."""
from __future__ import annotations

import numpy as np

from ..operator import Z_TARGETS
from .exp5 import _uci, exp5_kjit
from .streams import _streams

SEED_KEYS = ("test_error", "oracle_calls", "n_improper", "n_skipped_improper", "n_unusable_pred", "n_calls")


def exp5_seed_range(data_dir, rng, *, names, targets, n_seeds: int, first: int, last: int, **kw) -> dict:
    """Seeds ``first`` to ``last - 1`` of :func:`.exp5.exp5_seeds` (its arrays' seed axis restricted to them): the
    streams are drawn for all ``n_seeds`` seeds of every target, as there, and the range's own taken."""
    if not 0 <= first < last <= n_seeds:
        raise ValueError(f"seed range [{first}, {last}) outside [0, {n_seeds})")
    data = _uci(data_dir, names)
    kids = _streams(rng, len(Z_TARGETS) * int(n_seeds))
    out = {k: np.zeros((len(targets), last - first, len(names)), float if k == "test_error" else int)
           for k in SEED_KEYS}
    for a, t in enumerate(targets):
        for j, s in enumerate(range(first, last)):
            r = exp5_kjit(data_dir, kids[Z_TARGETS.index(t) * int(n_seeds) + s], names=names, target_z=t, data=data,
                          **kw)
            for k in SEED_KEYS:
                out[k][a, j] = r[k]
    out.update(names=np.asarray(names), targets=np.asarray(targets))
    return out


def join_seed_ranges(parts: list[dict], *, n_seeds: int) -> dict:
    """The ranges of one arm, in seed order, joined along the seed axis: :func:`.exp5.exp5_seeds`'s arrays for
    ``n_seeds`` seeds (a missing or extra seed is an error)."""
    if not parts:
        raise ValueError("no seed range to join")
    for p in parts[1:]:
        if list(p["names"]) != list(parts[0]["names"]) or list(p["targets"]) != list(parts[0]["targets"]):
            raise ValueError("seed ranges of different data sets or targets")
    out = {k: np.concatenate([np.asarray(p[k]) for p in parts], axis=1) for k in SEED_KEYS}
    if out["test_error"].shape[1] != int(n_seeds):
        raise ValueError(f"the seed ranges hold {out['test_error'].shape[1]} seeds, not {n_seeds}")
    out.update(names=np.asarray(parts[0]["names"]), targets=np.asarray(parts[0]["targets"]))
    return out
