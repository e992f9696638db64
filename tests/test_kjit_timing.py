"""Experiment 3's timing job (Fig. 6's claims): one job per interleaved repeat, merged, and the sampling run's
whole-run time built from the per-sweep times of its first sweeps."""
import numpy as np
import pytest

from statmech_bayes.kjit.experiments.exp3 import EXP3_TIMED, exp3_timing
from statmech_bayes.kjit.experiments.summaries import merge_timing

TINY = dict(d=3, n=20, n_problems=3, n_sweeps=4, n_samples=2000, n_test=100, n_init=10, threshold=-8.5, D_in=20,
            D_out=30, sigma_y2=1e-4, median_factor=0.5, timing_sampling_every=1, timing_sampling_sweeps=2,
            target_z="suff_stats", skip_improper=True, consult_unusable=False)


def _run(repeats):
    return exp3_timing(np.random.default_rng(5), **TINY, repeats=repeats)


def test_sampling_whole_run_time_from_its_sweeps():
    out = _run([0])
    s = EXP3_TIMED.index("sampling")
    sw = out["sampling_sweep_ms"][0]
    timed = out["sampled"]
    assert timed.tolist() == [1, 2]
    expected = (TINY["n_sweeps"] - 1) * sw[timed, :-1].mean(axis=1) + sw[timed, -1]
    np.testing.assert_allclose(out["time_ms"][0, timed, s], expected)
    assert np.all(np.isnan(out["time_ms"][0, 0, s]))                 # problem 1 not timed for sampling


def test_per_repeat_jobs_merge_into_one_replay():
    """Two one-repeat jobs give the same KJIT errors and oracle calls as each other (a replay of one sequence),
    and merge along the repeat axis."""
    a, b = _run([0]), _run([1])
    m = merge_timing([a, b])
    assert m["time_ms"].shape == (2, TINY["n_problems"], len(EXP3_TIMED))
    assert m["repeats"].tolist() == [0, 1]
    np.testing.assert_array_equal(m["kjit_error"][0], m["kjit_error"][1])
    np.testing.assert_array_equal(m["kjit_oracle_calls"][0], m["kjit_oracle_calls"][1])
    with pytest.raises(ValueError):
        merge_timing([a, {**b, "sampled": np.array([0])}])
