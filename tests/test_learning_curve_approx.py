"""Eigenvalue learning-curve approximation (Eq. 18), Kesten–McKay curves (Eq. 21), master curve (Eq. 26)."""
import numpy as np
import pytest
from numpy.testing import assert_allclose
from scipy import integrate, optimize

from statmech_bayes.gp.graph_posterior import kernels_from_basis
from statmech_bayes.gp.learning_curve_approx import (
    eigen_learning_curve,
    graph_eigen_learning_curve,
    spectral_g,
)
from statmech_bayes.graphs.ensembles import random_regular_graph
from statmech_bayes.graphs.spectral import SpectralBasis
from statmech_bayes.randomwalk.regular_graph_curves import (
    F,
    c_prime,
    initial_slope,
    kesten_mckay_density,
    kesten_mckay_nodes,
    lambda_minus,
    lambda_plus,
    master_curve,
    r,
    regular_tree_learning_curve,
)


def quadratic_root(T, lam, n, sigma2):
    """K equal eigenvalues lam with K lam = T: ε² + ε(σ² + lam n - T) - T σ² = 0, positive root."""
    b = sigma2 + lam * n - T
    disc = np.sqrt(b * b + 4.0 * T * sigma2)
    # cancellation-free form of (-b + disc)/2
    return np.where(b > 0, 2.0 * T * sigma2 / (b + disc), 0.5 * (disc - b))


def brentq_curve(lam, n_values, sigma2):
    out = []
    for n in n_values:
        f = lambda e: e - np.sum(lam / (1.0 + lam * n / (e + sigma2)))
        out.append(optimize.brentq(f, 1e-300, lam.sum(), xtol=1e-300, rtol=1e-14) if n > 0 else lam.sum())
    return np.array(out)


N_GRID = np.concatenate([[0.0], np.logspace(-3, 5, 41)])


def test_single_and_equal_eigenvalues_closed_form():
    for sigma2 in (1.0, 0.1, 1e-4):
        got = eigen_learning_curve([0.7], N_GRID, sigma2)
        assert_allclose(got, quadratic_root(0.7, 0.7, N_GRID, sigma2), rtol=1e-11)
        K, lam = 25, 0.04
        want = quadratic_root(K * lam, lam, N_GRID, sigma2)
        assert_allclose(eigen_learning_curve(np.full(K, lam), N_GRID, sigma2), want, rtol=1e-11)
        assert_allclose(eigen_learning_curve([lam], N_GRID, sigma2, weights=[K]), want, rtol=1e-11)


def test_general_spectrum_against_brentq():
    rng = np.random.default_rng(1)
    lam = np.sort(rng.exponential(size=80) ** 3)[::-1]
    lam /= lam.sum()
    lam = np.concatenate([lam, [0.0, -1e-18]])  # exact zeros and rounding negatives are clipped
    for sigma2 in (0.1, 1e-3):
        got = eigen_learning_curve(lam, N_GRID, sigma2)
        assert_allclose(got, brentq_curve(np.clip(lam, 0, None), N_GRID, sigma2), rtol=1e-10)
        assert got[0] == pytest.approx(1.0, rel=1e-14)  # ε(0) = Σλ
        assert np.all(np.diff(got) < 0)  # decreasing in n
        # bracket: Opper-Vivarelli lower bound g(n/σ²) ≤ ε ≤ Σλ
        assert np.all(got >= spectral_g(lam, N_GRID / sigma2) * (1 - 1e-12))
    with pytest.raises(ValueError):
        eigen_learning_curve([0.5, -0.1], [1.0], 0.1)


def test_output_shape_and_trace_scaling():
    lam = np.array([0.5, 0.3, 0.2, 0.1])
    n = np.array([[0.0, 1.0], [10.0, 100.0]])
    got = eigen_learning_curve(lam, n, 0.1)
    assert got.shape == (2, 2)
    # ε scales with the spectrum when σ² and n are rescaled accordingly: λ → cλ, σ² → cσ², ε → cε
    assert_allclose(eigen_learning_curve(3.0 * lam, n, 0.3), 3.0 * got, rtol=1e-11)


def test_graph_wrapper_on_regular_graph():
    basis = SpectralBasis.of_graph(random_regular_graph(200, 3, np.random.default_rng(2)))
    Cg, _ = kernels_from_basis(basis, 10, 2.0)
    e = np.linalg.eigvalsh(Cg)
    V, sigma2 = 200, 0.01
    nus = np.logspace(-2, 1, 13)
    got = graph_eigen_learning_curve(e, nus, sigma2)
    assert_allclose(got, eigen_learning_curve(e / V, nus * V, sigma2), rtol=1e-14)
    assert_allclose(got, brentq_curve(np.clip(e, 0, None) / V, nus * V, sigma2), rtol=1e-10)
    assert np.all(np.diff(got) < 0) and got[0] < 1.0
    # initial slope of Eq. (18): -dε/dν at 0 = (1/V) tr C² / (1 + σ²)
    dnu = 1e-7
    slope = (1.0 - graph_eigen_learning_curve(e, [dnu], sigma2)[0]) / dnu
    assert slope == pytest.approx(np.sum(Cg**2) / V / (1 + sigma2), rel=1e-5)


@pytest.mark.parametrize("d", [3, 4, 7])
def test_kesten_mckay_moments(d):
    lam, w = kesten_mckay_nodes(d, 20_000)
    assert lam.min() > lambda_minus(d) and lam.max() < lambda_plus(d)
    assert w.sum() == pytest.approx(1.0, abs=1e-12)
    assert w @ lam == pytest.approx(1.0, abs=1e-12)  # mean Laplacian eigenvalue = 1 - tr(S)/V
    # moments of 1 - λ = eigenvalues of S = A/d: closed-walk return probabilities on the d-regular tree
    assert w @ (1 - lam) ** 2 == pytest.approx(1.0 / d, abs=1e-12)
    assert w @ (1 - lam) ** 4 == pytest.approx((2 * d - 1) / d**3, abs=1e-12)
    # the quadrature integrates the density of Eq. (20)
    val, _ = integrate.quad(lambda x: kesten_mckay_density(d, x), lambda_minus(d), lambda_plus(d), limit=200)
    assert val == pytest.approx(1.0, abs=1e-8)


def test_constants():
    assert lambda_minus(3) == pytest.approx(0.0571910, abs=5e-8)
    assert r(3) == pytest.approx(5.900798, abs=5e-7)
    assert c_prime(3, 2.0) == pytest.approx(14.161227, abs=5e-7)


def test_F():
    assert F(0.0) == pytest.approx(np.sqrt(np.pi) / 2, rel=1e-14)
    z = np.array([0.0, 1e-3, 0.3, 1.0, 7.0, 1e2, 1e4, 1e8, 1e15, 1e40])
    got = F(z)
    for zi, gi in zip(z, got):
        q, _ = integrate.quad(lambda y: np.sqrt(y) * np.exp(-y) / (1 + zi * np.exp(-y)), 0, np.inf,
                              limit=500, epsabs=0, epsrel=1e-12)
        assert gi == pytest.approx(q, rel=1e-10)
    assert np.all(np.diff(got) < 0)
    # large-z Sommerfeld form (2/3)(ln z)^{3/2}/z [1 + π²/(8 ln² z)]
    L = np.log(1e40)
    assert got[-1] == pytest.approx(2 / 3 * L**1.5 / 1e40 * (1 + np.pi**2 / (8 * L**2)), rel=1e-6)
    assert F(np.array([[1.0, 2.0], [3.0, 4.0]])).shape == (2, 2)


def test_master_curve_value():
    assert master_curve(3, 2.0, [0.0], 0.1)[0] == pytest.approx(1.0, rel=1e-14)
    assert master_curve(3, 2.0, [1000.0], 0.1)[0] == pytest.approx(0.0214, abs=5e-4)
    x = np.logspace(-2, 3, 30)
    m = master_curve(3, 2.0, x, 0.1)
    assert np.all(np.diff(m) < 0)
    # Eq. (26) directly: ε = F(x/(c'(ε+σ²)))/F(0)
    assert_allclose(m, F(x / (c_prime(3, 2.0) * (m + 0.1))) / F(0.0), rtol=1e-10)


def test_regular_tree_curve_limits_and_master_collapse():
    d, a, sigma2 = 3, 2.0, 0.1
    x = np.logspace(-2, 3, 26)
    p = 1500
    e = regular_tree_learning_curve(d, a, p, np.concatenate([[0.0, 1e-12], x / p**1.5]), sigma2, n_nodes=40_000)
    assert e[0] == pytest.approx(1.0, rel=1e-12) and e[1] == pytest.approx(1.0, abs=1e-8)
    e = e[2:]
    assert np.all(np.diff(e) < 0)
    m = master_curve(d, a, x, sigma2)
    initial = x <= 10.0
    assert np.all(np.abs(e[initial] / m[initial] - 1) < 0.02)
    # approach from below, slower in the tail
    assert np.all(e[~initial] < m[~initial]) and abs(e[-1] / m[-1] - 1) < 0.15
    # the quadrature is converged: more nodes change nothing
    e2 = regular_tree_learning_curve(d, a, p, x[::5] / p**1.5, sigma2, n_nodes=80_000)
    assert_allclose(e2, e[::5], rtol=1e-10)


def test_initial_slope_matches_tree_curve_and_scaling():
    d, a, sigma2 = 3, 2.0, 0.1
    for p in (10, 50):
        # Eq. (19) / (1+σ²) is the initial slope of the Kesten–McKay curve (Parseval: ∫ρ t² = Σ v_l C_l²)
        dnu = 1e-8
        e = regular_tree_learning_curve(d, a, p, [dnu], sigma2, n_nodes=20_000)[0]
        assert (1 - e) / dnu == pytest.approx(initial_slope(d, a, p, sigma2), rel=1e-5)
    assert initial_slope(d, a, 0) == 1.0  # C_{l,0} = δ_{l,0}
    s = initial_slope(d, a, [1000, 4000])
    assert s[1] / s[0] == pytest.approx(8.0, rel=0.1)  # p^{3/2}
