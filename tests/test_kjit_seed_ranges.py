"""Exp. 5's repeated KJIT run split by seed ranges (issue 45): the joined ranges are the whole run exactly, because
each (target, seed) stream is drawn from its index, not from the job that runs it."""
from pathlib import Path

import numpy as np
import pytest

from statmech_bayes.core.job_ranges import check_joined, job_ranges
from statmech_bayes.core.seeding import rng_for
from statmech_bayes.kjit.experiments.exp5 import exp5_seeds
from statmech_bayes.kjit.experiments.exp5_seed_ranges import SEED_KEYS, exp5_seed_range, join_seed_ranges

UCI = Path(__file__).resolve().parents[1] / "data" / "uci"
KW = dict(names=["fertility", "blood_transfusion"], n_sweeps=1, n_samples=400, n_init=20, threshold=-8.5, D_in=20, D_out=30,
          sigma_y2=1e-4, median_factor=0.5, skip_improper=True, consult_unusable=True)


def test_job_ranges_cover_every_repetition_once_in_order():
    assert job_ranges(35, 5) == [(a, a + 5) for a in range(0, 35, 5)]
    assert job_ranges(7, 3) == [(0, 3), (3, 6), (6, 7)] and job_ranges(2, 5) == [(0, 2)]
    with pytest.raises(ValueError):
        job_ranges(0, 5)


def test_joined_parts_must_hold_their_ranges_in_order():
    """The join refuses a stale or truncated part, a repeated or missing range, and ranges out of order, even where
    the total count is right."""
    check_joined([3, 3, 1], [(0, 3), (3, 6), (6, 7)], 7)
    with pytest.raises(ValueError, match=r"range \[3, 6\) holds 2, not 3"):
        check_joined([3, 2, 2], [(0, 3), (3, 6), (6, 7)], 7)
    with pytest.raises(ValueError, match="do not cover"):
        check_joined([3, 3, 1], [(0, 3), (0, 3), (6, 7)], 7)   # one repeated, one missing: the count alone is 7
    with pytest.raises(ValueError, match="do not cover"):
        check_joined([3, 1, 3], [(0, 3), (6, 7), (3, 6)], 7)
    with pytest.raises(ValueError, match="2 parts for 3 ranges"):
        check_joined([3, 3], [(0, 3), (3, 6), (6, 7)], 7)


def test_seed_ranges_joined_are_the_whole_run_exactly():
    """Two arms over three seeds: the ranges [0, 2) and [2, 3) run separately and joined equal exp5_seeds's one job
    bit for bit (every stream the same child of the experiment's seed)."""
    targets, n = ["suff_stats", "mean_logvar"], 3
    whole = exp5_seeds(UCI, rng_for(5, "kj_exp5", "seeds"), targets=targets, n_seeds=n, **KW)
    parts = [exp5_seed_range(UCI, rng_for(5, "kj_exp5", "seeds"), targets=targets, n_seeds=n, first=a, last=b, **KW)
             for a, b in job_ranges(n, 2)]
    joined = join_seed_ranges(parts, n_seeds=n)
    for k in SEED_KEYS:
        np.testing.assert_array_equal(joined[k], whole[k], err_msg=k)
    assert list(joined["targets"]) == targets and list(joined["names"]) == KW["names"]
    # the seeds differ (the test is not passed by a run that ignores its stream)
    assert len({tuple(whole["oracle_calls"][0, s]) for s in range(n)}) > 1 or \
        len({tuple(whole["test_error"][0, s]) for s in range(n)}) > 1
    with pytest.raises(ValueError, match="hold 2 seeds, not 3"):
        join_seed_ranges(parts[:1], n_seeds=n)
