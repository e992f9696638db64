"""The compiled Newton sums of the pruning conditions against the NumPy expressions they replace, bit for bit."""

import numpy as np
import pytest
from scipy.special import expit

from statmech_bayes.sparse_classifier import pruning_kernels
from statmech_bayes.sparse_classifier.pruning import solve_pruning


@pytest.mark.parametrize("n", [1, 7, 8, 9, 127, 128, 129, 200, 1000, 2000, 2001, 4097, 65537])
def test_pairwise_sum_is_numpy_add_reduce_exactly(n):
    rng = np.random.default_rng(n)
    for _ in range(5):
        a = rng.standard_normal(n) * np.exp(4 * rng.standard_normal(n))  # wide magnitudes: order matters
        assert pruning_kernels.pairwise_sum(a) == np.add.reduce(a)


@pytest.mark.parametrize("n", [50, 2000])
def test_newton_means_equal_the_numpy_means_exactly(n):
    rng = np.random.default_rng(3)
    h2 = rng.standard_normal(n) ** 2 * 3.0
    work = np.empty((6, n))
    for u, ell in ((-2.0, 0.3), (1.5, -1.2), (-9.0, 2.0)):
        s = np.exp(ell)
        sh = 0.5 * s * h2
        p = expit(u + sh)
        q = p * (1.0 - p)
        g = s + s * s * h2
        want = [np.add.reduce(x) / n for x in (p, p * g, q, q * sh, q * g, q * sh * g + p * (s + 2.0 * s * s * h2))]
        got = pruning_kernels.newton_means(h2, u, float(s), work)
        assert list(got) == want


def test_compiled_bp_solve_satisfies_the_pruning_conditions_and_matches_the_weighted_path():
    """Unweighted (compiled) and uniformly weighted (NumPy) solves agree, and both satisfy Eqs. (34)-(35)."""
    rng = np.random.default_rng(8)
    h2 = (rng.standard_normal(2000) * 1.7) ** 2
    C = 0.1
    a = solve_pruning(h2, C)
    b = solve_pruning(h2, C, weights=np.full(h2.size, 1.0 / h2.size))
    assert a.S == pytest.approx(b.S, rel=1e-10) and a.lam == pytest.approx(b.lam, rel=1e-10, abs=1e-12)
    p = expit(a.lam - 0.5 * np.log(a.S) + h2 / (2 * a.S))
    assert np.mean(p) == pytest.approx(C, rel=1e-10)
    assert np.mean(p * (1 / a.S + h2 / a.S**2)) == pytest.approx(C, rel=1e-10)
