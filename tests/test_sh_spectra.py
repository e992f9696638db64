"""Sollich & Halees App. C spectra: traces, closed forms, and the eigenvalues of the discretised operator."""
import itertools

import numpy as np
import pytest
from numpy.testing import assert_allclose
from scipy.special import comb

from statmech_bayes.gp.simulation import _periodic_pair_values
from statmech_bayes.gp.spectra import (
    Spectrum,
    _lattice_shell_counts,
    gaussian_beta,
    gaussian_rbf_spectrum,
    ou_prefactor,
    periodic_ou_spectrum,
    periodic_prior_variance,
    periodic_rbf_spectrum,
)


@pytest.mark.parametrize("d,l", [(1, 0.01), (1, 0.3), (2, 0.1), (4, 0.3), (3, 0.5)])
def test_periodic_rbf_trace_is_the_prior_variance(d, l):
    s = periodic_rbf_spectrum(d, l, tol=1e-14)
    # T = C(x,x) = sum_r c(r) to the stated truncation tolerance (Poisson summation)
    assert abs(s.T - s.prior_variance) <= 1e-13 * s.prior_variance
    assert s.neglected <= 1e-14 * s.T


@pytest.mark.parametrize("d,l,q_max,rtol", [(1, 0.01, 10000, 1e-11), (1, 0.1, 5000, 1e-11), (2, 0.1, 300, 1e-9)])
def test_periodic_ou_trace_and_second_moment(d, l, q_max, rtol):
    s = periodic_ou_spectrum(d, l, q_max, n_tail=160)
    assert abs(s.T - s.prior_variance) <= rtol * s.prior_variance
    # sum_q lambda_q^2 = M(0) = (c*c)(0) summed over images: l (d = 1), pi l^2/2 (d = 2)
    m0 = _periodic_pair_values("ou", l, np.zeros((1, d)), 4)[1][0]
    assert_allclose(s.lam**2 @ s.mult, m0, rtol=1e-7)


def test_ou_prefactor_and_prior_variance_closed_forms():
    assert_allclose([ou_prefactor(d) for d in (1, 2, 3)], [2, 2 * np.pi, 8 * np.pi], rtol=1e-14)
    for l in (0.05, 0.2, 0.7):
        assert_allclose(periodic_prior_variance("ou", 1, l), 1 / np.tanh(1 / (2 * l)), rtol=1e-13)


def test_periodic_ou_d1_closed_form_of_g():
    """g(h) = sum_q lambda_q/(1 + h lambda_q) = coth(b/(2l))/b with b = sqrt(1 + 2 l h) (spec 2.2)."""
    l = 0.01
    s = periodic_ou_spectrum(1, l, 10000, n_tail=160)
    h = np.array([0.0, 1.0, 30.0, 1e3, 6e3, 1e5])
    b = np.sqrt(1 + 2 * l * h)
    assert_allclose(s.g(h), 1 / np.tanh(b / (2 * l)) / b, rtol=1e-9)


def test_lattice_shell_counts_match_enumeration():
    for d in (1, 2, 3, 4):
        box = np.array(list(itertools.product(range(-7, 8), repeat=d)))
        m = (box**2).sum(1)
        want = np.bincount(m[m <= 40], minlength=41)
        assert np.array_equal(_lattice_shell_counts(d, 40), want)


def _aliased(lam_of, N, d, K=4000):
    """Eigenvalues of the N^d-point discretised periodic operator: sum over aliases q + kN (Poisson)."""
    q = np.arange(N) - N // 2
    if d == 1:
        k = np.arange(-K, K + 1)
        return np.sort((lam_of(((q[:, None] + k[None, :] * N) ** 2).astype(float))).sum(1))[::-1]
    k = np.arange(-100, 101)
    a = (q[:, None] + k[None, :] * N).astype(float)  # (N, K) per dimension
    out = []
    for i in range(N):
        for j in range(N):
            out.append(lam_of(a[i][:, None] ** 2 + a[j][None, :] ** 2).sum())
    return np.sort(out)[::-1]


@pytest.mark.parametrize("kernel,d,l,N", [("rbf", 1, 0.1, 200), ("ou", 1, 0.1, 200), ("ou", 2, 0.25, 16),
                                          ("rbf", 2, 0.15, 24)])
def test_spectrum_matches_the_discretised_kernel_operator(kernel, d, l, N):
    """The eigenvalues of (1/N^d) C(x_i, x_j) on a uniform grid are the kernel's eigenvalues folded by
    aliasing (the trapezoid rule is exact for trigonometric polynomials), so the top of the analytic
    spectrum must match them, and for the RBF (no aliasing to speak of) match directly."""
    g = np.arange(N) / N
    P = np.stack(np.meshgrid(*([g] * d), indexing="ij"), -1).reshape(-1, d)
    delta = P[:, None, :] - P[None, :, :]
    delta -= np.round(delta)
    C, _ = _periodic_pair_values(kernel, l, delta, 6 if kernel == "ou" else 3)
    ev = np.sort(np.linalg.eigvalsh(C / P.shape[0]))[::-1]
    if kernel == "rbf":
        top = periodic_rbf_spectrum(d, l, tol=1e-14).top(20)
        assert_allclose(ev[:20], top, rtol=1e-10, atol=1e-15)
    else:
        kd = ou_prefactor(d) * l**d
        lam_of = lambda q2: kd * (1 + (2 * np.pi * l) ** 2 * q2) ** (-(d + 1) / 2)
        al = _aliased(lam_of, N, d)
        # the alias sums are cut at |k| <= K; the omitted far aliases add an (almost) q-independent
        # constant, which cancels in differences
        assert_allclose(ev[:30] - ev[30], al[:30] - al[30], rtol=1e-6, atol=1e-12)
        assert_allclose(ev[:30], al[:30], rtol=1e-3)
        # and the analytic spectrum's top eigenvalues are the un-aliased ones
        s = periodic_ou_spectrum(d, l, 200, n_tail=160)
        assert_allclose(s.top(5), lam_of(np.array([0, 1, 1, 1, 1][: 5] if d == 2 else [0, 1, 1, 4, 4],
                                                   float)), rtol=1e-14)


def test_gaussian_input_spectrum_against_nystrom_quadrature():
    """Gauss-Hermite Nystrom: eigenvalues of W^1/2 C W^1/2 for nodes of N(0, sigma_x^2) (eq. 45)."""
    l, sx2 = 0.3, 1 / 12
    x, w = np.polynomial.hermite_e.hermegauss(80)
    x, w = x * np.sqrt(sx2), w / w.sum()
    C = np.exp(-((x[:, None] - x[None, :]) ** 2) / (2 * l * l))
    ev = np.sort(np.linalg.eigvalsh(np.sqrt(w)[:, None] * C * np.sqrt(w)[None, :]))[::-1]
    s = gaussian_rbf_spectrum(1, l, sx2, tol=1e-14)
    assert_allclose(ev[:12], s.lam[:12], rtol=1e-9, atol=1e-14)
    beta = gaussian_beta(l, sx2)
    assert_allclose(s.lam**2 @ s.mult, (1 - beta) / (1 + beta), rtol=1e-12)


@pytest.mark.parametrize("d,l", [(1, 0.01), (4, 0.3), (2, 0.05)])
def test_gaussian_input_spectrum_trace_and_multiplicities(d, l):
    s = gaussian_rbf_spectrum(d, l, 1 / 12, tol=1e-14, min_explicit=301)
    assert abs(s.T - 1.0) <= 1e-13 and s.neglected <= 1e-14
    S = 10
    assert s.mult[: S + 1].sum() == comb(S + d, d, exact=True)  # levels s <= S of d non-negative integers
    assert s.mult.sum() >= 301


def test_top_refuses_the_continuous_tail_and_round_trips():
    s = periodic_ou_spectrum(1, 0.01, 50, n_tail=16)
    assert s.top(101).size == 101
    with pytest.raises(ValueError, match="tail"):
        s.top(102)
    r = Spectrum.from_arrays(s.arrays())
    assert np.array_equal(r.lam, s.lam) and np.array_equal(r.explicit, s.explicit)
    with pytest.raises(ValueError, match="descending"):
        Spectrum(np.array([1.0, 2.0]), np.ones(2), np.ones(2, bool), 3.0, 0.0)
