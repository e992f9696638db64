"""The tests and estimators that the claims use to decide a noisy number, in one place (issue 42), each checked
against scipy or a known value in ``tests/test_statistics.py``.

- :func:`t_quantile`: Student's quantile (the protocol's pooled-over-seeds rule 4).
- :func:`corrected_resampled_t`, :func:`corrected_from_paired_t`: the corrected resampled t of Nadeau and Bengio
  (2003) for random train/test splits of one data set (rule 6; Uda & Kabashima's Table 1).
- :func:`paired_difference`: the mean of paired differences and its standard error (independent draws).
- :func:`wilson_interval`: the Wilson score interval of a frequency.
- :func:`welch_t`, :func:`rank_z`: the two-sample Welch t and the one-sided Mann-Whitney test as a normal z.
- :func:`percentile_interval`, :func:`paired_bootstrap_se`: bootstrap summaries.

The estimators that the science rules compute into their cached results (the sign test and t-tests of
``sparse_classifier.stats``, the jackknife over chains and split R-hat of ``truncated_laplacian.mcerror``) stay
beside the science: moving them would change those rules' code and rerun them at paper scale for no change in any
number. They are tested in ``tests/test_statistics.py`` too.

scipy is imported inside the functions that use it: every figure and controls job imports this module, and most
never call a scipy test, so a top-level ``scipy.stats`` (about half a second) would be paid by every job
(tests/test_import_cost.py keeps it out).
"""

from __future__ import annotations

import math

import numpy as np


def t_quantile(level: float, df: int) -> float:
    """Student's t quantile: ``P(T_df <= t) = level``.

    Bit for bit ``scipy.stats.t.ppf(level, df)`` (tests/test_import_cost.py), which is ``stdtrit(df, level) * scale
    + loc`` with scale 1 and loc 0 on 0 < level < 1 (so a -0.0 becomes 0.0), the ends of the support at level 0 and
    1, and NaN elsewhere or for df <= 0; scipy.special, unlike scipy.stats, costs a figure job little to import."""
    from scipy.special import stdtrit

    if level == 0 and df > 0:
        return -math.inf  # t.ppf gives the lower end of the support; stdtrit(df, 0) gives +inf (scipy 1.17)
    return float(stdtrit(df, level) + 0.0)


def corrected_resampled_t(d, n_train: int, n_test: int) -> float:
    """The corrected resampled t of Nadeau and Bengio (2003, Machine Learning 52, 239, their Eq. for the
    "corrected resampled t-test"): ``mean(d) / sqrt((1/J + n_test/n_train) var(d))`` over the per-split differences
    ``d`` of J random splits of one data set into ``n_train`` training and ``n_test`` test points (``var`` with
    J - 1 degrees of freedom), judged at Student's t(J - 1). The term n_test/n_train stands for the correlation of
    the splits' differences: the splits share training points, so their mean varies with the data set, which no
    number of further splits averages away. NaN when every difference is the same (no spread to judge by)."""
    d = np.asarray(d, float).ravel()
    if d.size < 2:
        return math.nan
    var = float(np.var(d, ddof=1))
    if not var > 0:
        return math.nan
    return float(np.mean(d)) / math.sqrt((1.0 / d.size + n_test / n_train) * var)


def corrected_from_paired_t(t_paired: float, J: int, n_train: int, n_test: int) -> float:
    """:func:`corrected_resampled_t` from the paired t over the same J splits (``mean(d) / sqrt(var(d) / J)``):
    the two differ only in the variance factor, so ``t_corrected = t_paired / sqrt(1 + J n_test / n_train)``."""
    return float(t_paired) / math.sqrt(1.0 + J * n_test / n_train)


def paired_difference(a, b) -> tuple[float, float]:
    """Mean of the per-draw differences ``a - b`` and its standard error (draws independent)."""
    diff = np.asarray(a, float) - np.asarray(b, float)
    return float(diff.mean()), float(diff.std(ddof=1) / np.sqrt(diff.size))


def wilson_interval(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a frequency ``k/n`` at normal quantile ``z``."""
    f = k / n
    c = (f + z * z / (2 * n)) / (1 + z * z / n)
    h = z * np.sqrt(f * (1 - f) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return c - h, c + h


def welch_t(a, b) -> float:
    """Welch's unequal-variance t of ``mean(a) - mean(b)``; NaN with fewer than two values on a side."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    if a.size < 2 or b.size < 2:
        return math.nan
    from scipy import stats

    return float(stats.ttest_ind(a, b, equal_var=False).statistic)


def rank_z(a, b) -> float:
    """The one-sided Mann-Whitney test that ``a`` tends to exceed ``b``, as the normal z of its p-value
    (``Phi^-1(1 - p)``); NaN when a side is empty."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    if a.size == 0 or b.size == 0:
        return math.nan
    from scipy import stats

    return float(stats.norm.isf(stats.mannwhitneyu(a, b, alternative="greater").pvalue))


def percentile_interval(samples, level: float, axis: int = 0):
    """The central percentile interval at ``level`` of bootstrap ``samples`` along ``axis``: (lo, hi)."""
    lo, hi = np.percentile(np.asarray(samples, float), [50 * (1 - level), 50 * (1 + level)], axis=axis)
    return lo, hi


def paired_bootstrap_se(a, b, stat, n_boot: int, seed: int = 0) -> float:
    """Standard error of ``stat(a) - stat(b)`` by a bootstrap over pairs (``a[i]`` and ``b[i]`` resampled together,
    non-finite pairs dropped; ``stat`` reduces along axis 1); NaN with fewer than two pairs."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    n = min(a.size, b.size)
    a, b = a[:n], b[:n]
    ok = np.isfinite(a) & np.isfinite(b)
    a, b = a[ok], b[ok]
    if a.size < 2:
        return math.nan
    idx = np.random.default_rng(seed).integers(0, a.size, (n_boot, a.size))
    return float(np.std(stat(a[idx], axis=1) - stat(b[idx], axis=1), ddof=1))
