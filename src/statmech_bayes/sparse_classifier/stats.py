"""Statistics of Section 5: the sign test with its normal-approximation z, Welch's and the paired t-test,
and t-based 95 % confidence intervals for the experiment curves.

scipy.stats is imported inside the functions that use it: the Uda & Kabashima figure modules import this one, and a
top-level import would cost each of their jobs about half a second (tests/test_import_cost.py)."""

from __future__ import annotations

import numpy as np
from scipy.special import stdtrit


def _paired(a, b):
    a = np.asarray(a, float).ravel()
    b = np.asarray(b, float).ravel()
    if a.shape != b.shape or a.size == 0:
        raise ValueError(f"a and b must be non-empty and of equal length, got {a.size} and {b.size}")
    return a, b


def sign_test(a, b) -> dict:
    """Paired sign test of ``a`` against ``b`` (e.g. per-split errors of SBC and SBL), ties dropped.

    Returns counts ``n_less`` (a < b), ``n_equal``, ``n_greater``; the paper's normal-approximation
    statistic ``z = |n_less − n/2| / √(n/4)`` with ``n = n_less + n_greater``; and the exact one-sided
    binomial p-value for "a < b more often than not" (``p_exact``).
    """
    a, b = _paired(a, b)
    n_less, n_greater = int(np.sum(a < b)), int(np.sum(a > b))
    n = n_less + n_greater
    z = abs(n_less - n / 2) / np.sqrt(n / 4) if n else float("nan")
    from scipy import stats as _st

    p = _st.binomtest(n_less, n, 0.5, alternative="greater").pvalue if n else float("nan")
    return {"n_less": n_less, "n_equal": int(a.size - n), "n_greater": n_greater, "z": float(z),
            "p_exact": float(p)}


def welch(a, b) -> dict:
    """Welch's unequal-variance t-test of the means of two samples (ignores pairing, as the paper does)."""
    a = np.asarray(a, float).ravel()
    b = np.asarray(b, float).ravel()
    if a.size < 2 or b.size < 2:
        raise ValueError("each sample needs at least two values")
    from scipy import stats as _st

    r = _st.ttest_ind(a, b, equal_var=False)
    return {"t": float(r.statistic), "p": float(r.pvalue), "df": float(r.df)}


def paired_t(a, b) -> dict:
    """Paired t-test of ``mean(a − b) = 0``."""
    a, b = _paired(a, b)
    if a.size < 2:
        raise ValueError("need at least two pairs")
    from scipy import stats as _st

    r = _st.ttest_rel(a, b)
    return {"t": float(r.statistic), "p": float(r.pvalue), "df": float(r.df)}


def mean_ci95(x, axis: int = 0):
    """``(mean, half_width)`` with half width ``t_{0.975, n−1} · sd / √n`` along ``axis``."""
    x = np.asarray(x, float)
    n = x.shape[axis]
    if n < 2:
        raise ValueError(f"need at least two samples along axis {axis}, got {n}")
    # scipy.stats.t.ppf without importing scipy.stats: bit for bit at 0 < q < 1, df > 0 (tests/test_import_cost.py)
    half = stdtrit(n - 1, 0.975) * x.std(axis=axis, ddof=1) / np.sqrt(n)
    return x.mean(axis=axis), half
