"""What the figures read back from the experiments' results of Jitkrittum et al. (2015), kept apart from the
experiments so that a figure's code inputs hold none of them: the log-KL statistics of Exp. 1 and the App. C table
(:func:`log_kl_summary`, also used by :mod:`.exp1`) and the merge of Exp. 3's per-repeat timing jobs
(:func:`merge_timing`).
"""

from __future__ import annotations

import numpy as np


def log_kl_summary(log_kl) -> dict:
    """Mean and SD (population) of the log KL over the *proper* predictions, with the count and share of improper
    ones (NaN, from :func:`~.exp1.predicted_log_kl`) beside them: the statistics a claim on the mean or SD uses, with
    the failures shown, not hidden."""
    lk = np.asarray(log_kl, float)
    ok = np.isfinite(lk)
    n_bad = int(np.sum(~ok))
    return {"mean": float(np.mean(lk[ok])) if ok.any() else np.nan, "sd": float(np.std(lk[ok])) if ok.any() else np.nan,
            "n": int(lk.size), "n_improper": n_bad, "share_improper": n_bad / lk.size if lk.size else np.nan}


def merge_timing(parts) -> dict:
    """One :func:`~.exp3.exp3_timing` result from the per-repeat jobs' results (stacked along the repeat axis)."""
    parts = list(parts)
    out = {k: np.concatenate([np.asarray(p[k]) for p in parts])
           for k in ("time_ms", "kjit_error", "kjit_oracle_calls", "sampling_sweep_ms", "repeats")}
    for k in ("methods", "sampled", "sampling_sweeps_timed"):
        vals = [np.asarray(p[k]) for p in parts]
        if any(not np.array_equal(v, vals[0]) for v in vals):
            raise ValueError(f"timing parts disagree on {k}")
        out[k] = vals[0]
    return out

