"""Section 5's degenerate scenario: exact curve (eq. 30) in both forms and by Monte Carlo, eq. (31),
the single-data-set minimum (eq. 32) against brute force and the Plaskota bound."""
import itertools

import numpy as np
import pytest
from claim_checks import paper_config
from numpy.testing import assert_allclose

from statmech_bayes.gp.bounds import lc_curve, ov_bound, plaskota_bound, uc_curve
from statmech_bayes.gp.degenerate import (
    concentrated_inputs,
    deg_learning_curve,
    deg_learning_curve_integral,
    deg_min_single_dataset,
    deg_single_dataset,
)
from statmech_bayes.gp.spectra import Spectrum, periodic_rbf_spectrum

TOL = paper_config("sollich_halees")["spectrum_tol"]  # the paper's scenario rbf4 truncated as the workflow does


def spectrum(lam, mult=None):
    lam = np.asarray(lam, float)
    mult = np.ones_like(lam) if mult is None else np.asarray(mult, float)
    return Spectrum(lam, mult, np.ones(lam.size, bool), float(lam @ mult), 0.0)


SPEC = spectrum([0.5, 0.2, 0.1, 0.05, 0.01], [1, 2, 3, 1, 4])


@pytest.mark.parametrize("s2", [0.5, 0.05, 0.001])
def test_binomial_sum_equals_the_integral_of_eq_30(s2):
    n = np.array([0, 1, 3, 10, 40])
    assert_allclose(deg_learning_curve(SPEC, n, s2), deg_learning_curve_integral(SPEC, n, s2), rtol=1e-8)
    p = np.array([0.4, 0.1, 0.05, 0.1, 0.0375])  # non-uniform prior variance, sum with multiplicities = 1
    assert_allclose(deg_learning_curve(SPEC, n, s2, p), deg_learning_curve_integral(SPEC, n, s2, p), rtol=1e-8)


def test_exact_curve_against_monte_carlo_of_eq_29():
    s2, n, R = 0.05, 7, 40_000
    rng = np.random.default_rng(5)
    lam = np.repeat(SPEC.lam, SPEC.mult.astype(int))      # one input per eigenvalue
    p = lam / lam.sum()
    counts = rng.multinomial(n, p, size=R)
    eps = (lam * s2 / (s2 + counts * lam / p)).sum(1)       # eq. (29)
    assert abs(eps.mean() - deg_learning_curve(SPEC, [n], s2)[0]) < 4 * eps.std() / np.sqrt(R)


def test_greedy_minimum_equals_brute_force():
    spec = spectrum([0.4, 0.3, 0.1, 0.05])
    for s2 in (0.3, 0.02):
        best = deg_min_single_dataset(spec, 6, s2)
        for n in range(7):
            brute = min(deg_single_dataset(spec, c, s2)
                        for c in itertools.product(range(n + 1), repeat=4) if sum(c) == n)
            assert_allclose(best[n], brute, rtol=1e-13)


@pytest.mark.parametrize("s2", [0.05, 0.001])
def test_plaskota_below_single_data_set_minimum_with_equality_at_one_example(s2):
    spec = periodic_rbf_spectrum(4, 0.3, TOL, min_explicit=101)
    n = np.arange(101)
    pl, dm = plaskota_bound(spec, n, s2), deg_min_single_dataset(spec, 100, s2)
    assert np.all(pl <= dm * (1 + 1e-12))
    assert_allclose(dm[1], pl[1], rtol=1e-13)
    # sigma2 -> 0: both become MW, the bound is saturated
    assert_allclose(deg_min_single_dataset(spec, 100, 1e-12), plaskota_bound(spec, n, 1e-12), rtol=1e-6)


def test_degenerate_curve_respects_the_eigenvalue_bounds_but_not_uc():
    spec = periodic_rbf_spectrum(4, 0.3, TOL, min_explicit=301)
    n = np.arange(0, 301, 10)
    deg = deg_learning_curve(spec, n, 0.05)
    assert np.all(ov_bound(spec, n, 0.05) <= deg + 1e-14)
    assert deg[-1] > uc_curve(spec, n, 0.05)[-1] > lc_curve(spec, n, 0.05)[-1]   # UC is no upper bound
    assert_allclose(deg[0], spec.T)


def test_eq_31_limit_of_one_dominant_input():
    spec = periodic_rbf_spectrum(4, 0.3, TOL, min_explicit=301)
    s2, delta, level = 0.05, 1e-7, 2
    split, p = concentrated_inputs(spec, level, delta)
    assert_allclose(p @ split.mult, 1.0) and split.T == pytest.approx(spec.T)
    n = np.array([0, 1, 10, 100, 300])
    lam = split.lam[level]
    exact = deg_learning_curve(split, n, s2, p)
    assert_allclose(exact, spec.T - lam + lam * s2 / (s2 + n * lam), rtol=2 * 300 * delta)
