"""Sollich & Halees's simulated learning curves split into jobs by data-set ranges (issue 45): joining the ranges
gives the curves of one job over all data sets exactly (each range job draws every data set's inputs in one call
and takes its own, and its ranges are whole kernel batches of :func:`.simulation.simulate_curves`)."""
from __future__ import annotations

import numpy as np

# what every range computes from the scenario alone, so all ranges must agree on it
SHARED = ("sigma2", "C0", "R_images", "image_check", "image_history")


def join_dataset_ranges(parts: list[dict], n_datasets: int) -> dict:
    """The ranges' curves ``eps`` (n_sigma2, data sets, n + 1) joined along the data-set axis, in order, with the
    scenario's shared arrays (:data:`SHARED`), which must be the same in every range; ``n_datasets`` data sets in
    all (a missing or repeated range is an error)."""
    if not parts:
        raise ValueError("no data-set range to join")
    for k in SHARED:
        for p in parts[1:]:
            if not np.array_equal(np.asarray(p[k]), np.asarray(parts[0][k])):
                raise ValueError(f"the data-set ranges disagree on {k}")
    eps = np.concatenate([np.asarray(p["eps"]) for p in parts], axis=1)
    if eps.shape[1] != int(n_datasets):
        raise ValueError(f"the ranges hold {eps.shape[1]} data sets, not {n_datasets}")
    return {"eps": eps} | {k: np.asarray(parts[0][k]) for k in SHARED}
