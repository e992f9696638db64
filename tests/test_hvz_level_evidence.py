"""Laplace's marginal likelihood of one truncation level (level_evidence): the Gram matrix of the grid eigenvectors
against the dense basis, the mode's stationarity, and the evidence against brute-force quadrature in two dimensions."""

import numpy as np
from scipy import special

from statmech_bayes.truncated_laplacian import eigenbasis as eb
from statmech_bayes.truncated_laplacian import level_evidence as le
from statmech_bayes.truncated_laplacian import sampler as sa

Q = 1.0  # the power of the Laplacian in the prior precision (small problems; the paper's q, too)


def test_dct_gram_matches_dense_eigenvectors():
    basis = eb.DCTBasis((3, 5, 4))
    w = np.random.default_rng(0).random(basis.n)
    U = basis.vectors(17)
    np.testing.assert_allclose(le.dct_gram(basis, w, 17), (U * w[:, None]).T @ U, atol=1e-12)


def _problem(shape, k, n_obs_frac, seed):
    basis = eb.DCTBasis(shape)
    rng = np.random.default_rng(seed)
    f0 = basis.synth(np.r_[0.3, 1.5, -1.0][:k])
    y = (rng.random(basis.n) < special.ndtr(f0)).astype(int)
    obs = rng.random(basis.n) < n_obs_frac
    return basis, sa.label_signs(y, obs)


def test_mode_is_stationary():
    basis, signs = _problem((4, 12, 12), 30, 0.9, 1)
    m = le.laplace_mode(basis, signs, 30, c=0.5, q=Q)
    grad_f = le._probit_terms(basis.synth(m["g"]), signs)[1]
    np.testing.assert_allclose(basis.project(grad_f, 30), m["tau_c"] * m["g"], atol=1e-6)


def test_laplace_evidence_matches_quadrature_in_two_dimensions():
    """k = 2 with 400 labels: the posterior of g is close to Gaussian, so Laplace must agree with a fine grid
    quadrature of ∫ Π Φ(s_i f_i) N(g; 0, (cτ)^{-1}) dg to a few hundredths of a nat; a wrong sign or factor ½ in the
    Occam term would miss by far more."""
    basis, signs = _problem((400,), 2, 1.0, 2)
    c, k = 2.0, 2
    ev = le.log_evidence(basis, signs, k, c, q=Q)
    ct = c * sa.tau(basis.lam[:k], basis.n, Q)
    g = ev["g"]
    sd = 8.0 / np.sqrt(ct + 0.1)  # the labels give each g_i a curvature above 0.1: the window spans > 8 sd
    a1 = np.linspace(g[0] - sd[0], g[0] + sd[0], 301)
    a2 = np.linspace(g[1] - sd[1], g[1] + sd[1], 301)
    G1, G2 = np.meshgrid(a1, a2, indexing="ij")
    U = basis.vectors(2)
    F = G1[..., None] * U[:, 0] + G2[..., None] * U[:, 1]
    obs = signs != 0
    ll = special.log_ndtr(signs[obs] * F[..., obs]).sum(-1)
    lp = ll - 0.5 * (ct[0] * G1 ** 2 + ct[1] * G2 ** 2) + 0.5 * np.log(ct).sum() - np.log(2 * np.pi)
    quad = special.logsumexp(lp) + np.log((a1[1] - a1[0]) * (a2[1] - a2[0]))
    assert abs(ev["log_evidence"] - quad) < 0.05, (ev["log_evidence"], quad)
    assert ev["log_det"] > 0


def test_dct_gram_on_a_path():
    basis = eb.DCTBasis((30,))
    w = np.random.default_rng(1).random(30)
    U = basis.vectors(9)
    np.testing.assert_allclose(le.dct_gram(basis, w, 9), (U * w[:, None]).T @ U, atol=1e-12)
