"""The claims' statistics (reporting/statistics.py) and the science's own estimators against scipy or known
values: each is the textbook quantity it names."""
import math

import numpy as np
import pytest
from scipy import stats

from statmech_bayes.reporting import statistics as st
from statmech_bayes.sparse_classifier.stats import paired_t, sign_test, welch
from statmech_bayes.truncated_laplacian.mcerror import gelman_rubin, jackknife_se, leave_one_out_means

RNG = np.random.default_rng(20131122)


def test_t_quantile_is_students():
    assert st.t_quantile(0.975, 199) == pytest.approx(1.97196, abs=1e-5)
    assert st.t_quantile(0.975, 1) == pytest.approx(12.7062, abs=1e-4)
    assert st.t_quantile(0.5, 7) == pytest.approx(0.0, abs=1e-12)


def test_corrected_resampled_t_is_nadeau_bengio_and_matches_its_paired_form():
    a, b = RNG.normal(20, 8, 200), RNG.normal(21, 8, 200)
    d = a - b
    t_c = st.corrected_resampled_t(d, 42, 20)
    # the definition: mean / sqrt((1/J + n_test/n_train) var)
    assert t_c == pytest.approx(d.mean() / math.sqrt((1 / 200 + 20 / 42) * d.var(ddof=1)), rel=1e-12)
    # from the paired t of the same splits (scipy's ttest_rel)
    assert t_c == pytest.approx(st.corrected_from_paired_t(stats.ttest_rel(a, b).statistic, 200, 42, 20), rel=1e-12)
    # with no overlap between splits (n_test/n_train -> 0) it is the paired t
    assert st.corrected_resampled_t(d, 10**12, 1) == pytest.approx(stats.ttest_rel(a, b).statistic, rel=1e-9)
    assert math.isnan(st.corrected_resampled_t(np.zeros(5), 42, 20))


def test_paired_difference_is_the_one_sample_mean_and_its_standard_error():
    a, b = RNG.normal(1, 1, 50), RNG.normal(0, 1, 50)
    m, se = st.paired_difference(a, b)
    assert m == pytest.approx(np.mean(a - b)) and se == pytest.approx(stats.sem(a - b))


def test_wilson_interval_known_values_and_coverage_of_its_centre():
    lo, hi = st.wilson_interval(0, 10)
    assert lo == pytest.approx(0.0, abs=1e-12) and hi == pytest.approx(0.2775, abs=1e-4)  # the rule-of-three region
    lo, hi = st.wilson_interval(50, 100)
    assert (lo + hi) / 2 == pytest.approx(0.5) and hi - lo == pytest.approx(2 * 0.0960, abs=1e-3)
    r = stats.binomtest(37, 120).proportion_ci(0.95, method="wilson")
    assert st.wilson_interval(37, 120, z=stats.norm.isf(0.025)) == pytest.approx((r.low, r.high), rel=1e-9)


def test_welch_and_rank_z_are_scipys():
    a, b = RNG.normal(1, 1, 30), RNG.normal(0, 2, 40)
    assert st.welch_t(a, b) == pytest.approx(stats.ttest_ind(a, b, equal_var=False).statistic)
    assert st.welch_t(a, b) == pytest.approx(welch(a, b)["t"])
    p = stats.mannwhitneyu(a, b, alternative="greater").pvalue
    assert st.rank_z(a, b) == pytest.approx(stats.norm.isf(p)) and st.rank_z(a, b) > 0
    assert st.rank_z(b, a) < 0 and math.isnan(st.welch_t(a[:1], b)) and math.isnan(st.rank_z(a[:0], b))


def test_percentile_interval_and_paired_bootstrap_se():
    x = np.arange(1001.0)
    lo, hi = st.percentile_interval(x, 0.9)
    assert (lo, hi) == pytest.approx((50.0, 950.0))
    # the bootstrap standard error of a difference of means approaches the paired standard error
    a, b = RNG.normal(0, 1, 400), RNG.normal(0, 1, 400)
    se = st.paired_bootstrap_se(a, b, np.mean, 4000, seed=1)
    assert se == pytest.approx(stats.sem(a - b), rel=0.05)
    assert math.isnan(st.paired_bootstrap_se([1.0], [2.0], np.mean, 10))
    assert st.paired_bootstrap_se([1.0, np.nan, 2.0, 3.0], [0.0, 5.0, 1.0, 1.0], np.median, 50, seed=2) >= 0


def test_science_estimators_sign_test_paired_t_jackknife_and_rhat():
    a = np.array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10.0])
    b = a + np.array([1, 1, 1, 1, 1, 1, 1, -1, 0, 0.0])
    s = sign_test(a, b)  # a < b 7 times, a > b once, two ties dropped: z = |7 - 4| / sqrt(2)
    assert (s["n_less"], s["n_greater"], s["n_equal"]) == (7, 1, 2) and s["z"] == pytest.approx(3 / math.sqrt(2))
    assert s["p_exact"] == pytest.approx(stats.binomtest(7, 8, 0.5, alternative="greater").pvalue)
    assert paired_t(a, b)["t"] == pytest.approx(stats.ttest_rel(a, b).statistic)
    # the jackknife over chains of a mean equals sd / sqrt(R)
    x = RNG.normal(0, 1, 8)
    assert jackknife_se(leave_one_out_means(x)) == pytest.approx(x.std(ddof=1) / math.sqrt(8))
    # split R-hat: identical chains give sqrt((n - 1)/n) of the split halves; separated chains a large value
    same = np.tile(RNG.normal(0, 1, 200), (4, 1))
    assert gelman_rubin(same, split=False) == pytest.approx(math.sqrt(199 / 200))
    apart = RNG.normal(0, 1, (4, 200)) + np.arange(4)[:, None] * 5
    assert gelman_rubin(apart) > 3
