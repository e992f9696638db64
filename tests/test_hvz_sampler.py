"""Hartog & van Zanten, Algorithm 1: truncated normals in the far tails, the corrected reversible-jump
ratio (detailed balance), the k-marginal without data, the fixed-k posterior against quadrature."""

import numpy as np
import pytest
from scipy import special, stats

from statmech_bayes.truncated_laplacian import eigenbasis as eb
from statmech_bayes.truncated_laplacian import sampler as sa

# ------------------------------------------------------------------ truncated normals


def chain_settings(**kw) -> sa.ChainSettings:
    """A chain's settings for these unit tests: Algorithm 1 as printed on a small problem (the library has no
    defaults for what the configuration sets), overridden by ``kw``."""
    base = dict(q=1.0, a=0.0, b=0.0, n_iter=1000, burn_in=0, thin=1, k0=10, k_move="bin4", refresh_g_on_reject=False)
    return sa.ChainSettings(**(base | kw))


def _truncnorm_cdf_positive(w, m):
    """cdf of N(m, 1) conditioned on w > 0, in log space: 1 - Φ̄(w - m)/Φ̄(-m)."""
    return -np.expm1(special.log_ndtr(m - w) - special.log_ndtr(m))


@pytest.mark.parametrize("m", [-45.0, -30.0, -8.0, 0.0, 8.0, 30.0])
def test_truncated_normal_tails_ks(m):
    rng = np.random.default_rng(11)
    w = sa.truncated_normal_positive(np.full(20_000, m), rng)
    assert np.all(np.isfinite(w)) and np.all(w > 0)
    res = stats.kstest(w, lambda x: _truncnorm_cdf_positive(x, m))
    assert res.pvalue > 1e-3, (m, res)
    # exact mean m + φ(m)/Φ(m) (Mills ratio, log space)
    mean = m + np.exp(-0.5 * m * m - 0.5 * np.log(2 * np.pi) - special.log_ndtr(m))
    sd = np.sqrt(max(1 + (-m) * (mean - m) - (mean - m) ** 2, 0.0))  # Var = 1 - a·h - h², a = -m
    assert abs(w.mean() - mean) < 5 * sd / np.sqrt(w.size) + 1e-12


def test_sample_latent_signs_and_truncnorm_agreement():
    rng = np.random.default_rng(2)
    n = 30_000
    f = np.concatenate([np.full(n, 6.0), np.full(n, -6.0), np.full(n, 0.5), np.full(n, 0.3),
                        np.full(n, -0.8)])
    signs = np.concatenate([np.full(n, -1), np.full(n, 1), np.zeros(n), np.full(n, 1),
                            np.full(n, -1)]).astype(np.int8)
    z = sa.sample_latent(f, signs, rng)
    blocks = z.reshape(5, n)
    assert np.all(blocks[0] < 0) and np.all(blocks[1] > 0) and np.all(blocks[3] > 0) and np.all(blocks[4] < 0)
    # y = 0 with f = 6: N(6, 1) truncated to (-inf, 0), compared with scipy.stats.truncnorm
    assert stats.kstest(blocks[0], stats.truncnorm(-np.inf, -6.0, loc=6.0).cdf).pvalue > 1e-3
    assert stats.kstest(blocks[2], stats.norm(0.5).cdf).pvalue > 1e-3
    # mixed regime (most plain draws kept, the rest by inversion): still the exact truncated law
    assert stats.kstest(blocks[3], stats.truncnorm(-0.3, np.inf, loc=0.3).cdf).pvalue > 1e-3
    assert stats.kstest(blocks[4], stats.truncnorm(-np.inf, 0.8, loc=-0.8).cdf).pvalue > 1e-3


# ------------------------------------------------------------------ marginal likelihood and RJ ratio


def _small_problem(n=8, seed=0):
    basis = eb.DCTBasis((n,))
    rng = np.random.default_rng(seed)
    z = rng.standard_normal(n)
    return basis, z, basis.project(z, n), sa.tau(basis.lam, n, 1.0)


def test_log_marginal_matches_multivariate_normal():
    basis, z, zeta, tau = _small_problem()
    V = basis.vectors(basis.n)
    c = 0.7
    for k in (1, 3, 8):
        cov = np.eye(basis.n) + V[:, :k] @ np.diag(1 / (c * tau[:k])) @ V[:, :k].T
        want = stats.multivariate_normal(np.zeros(basis.n), cov).logpdf(z)
        assert sa.log_marginal_z(z, zeta, c, tau, k) == pytest.approx(want, rel=1e-10)


def test_rj_ratio_is_ratio_of_marginals():
    basis, z, zeta, tau = _small_problem()
    c, gamma = 1.3, 0.2
    for k, kp in [(3, 5), (5, 3), (4, 4), (1, 2), (8, 6)]:
        want = (sa.log_marginal_z(z, zeta, c, tau, kp) - gamma * kp
                - sa.log_marginal_z(z, zeta, c, tau, k) + gamma * k)
        assert sa.rj_log_ratio(zeta, c, tau, k, kp, gamma) == pytest.approx(want, abs=1e-10)


def _exact_k_posterior(zeta, c, tau, gamma, K):
    ct = c * tau[:K]
    terms = 0.5 * (np.log(ct) - np.log1p(ct) + zeta[:K] ** 2 / (1 + ct))
    lp = np.cumsum(terms) - gamma * np.arange(1, K + 1)
    return np.exp(lp - special.logsumexp(lp))


def _k_chain_stationary(log_ratio, K):
    """Stationary law of the Metropolis chain on 1..K with Bin(4, ½) steps, rejection outside 1..K."""
    P = np.zeros((K, K))
    for k in range(1, K + 1):
        for step, p in zip(range(-2, 3), sa.PROPOSAL_PROBS):
            kp = k + step
            if step and 1 <= kp <= K:
                P[k - 1, kp - 1] = p * min(1.0, np.exp(log_ratio(k, kp)))
        P[k - 1, k - 1] = 1 - P[k - 1].sum()
    w, v = np.linalg.eig(P.T)
    pi = np.real(v[:, np.argmin(np.abs(w - 1))])
    return pi / pi.sum()


def test_rj_move_detailed_balance_exact_and_catches_missing_square():
    """Lemma 1 with z, c fixed: the k-move is a Metropolis chain for p(k|z,c) ∝ p(z|k,c) e^{-γk}."""
    n = 30
    basis, z, zeta, tau = _small_problem(n, seed=0)
    c, gamma = 10.0, 0.1  # p(k|z,c) spread over 1..30 (mean 7.7)
    exact = _exact_k_posterior(zeta, c, tau, gamma, n)
    pi = _k_chain_stationary(lambda k, kp: sa.rj_log_ratio(zeta, c, tau, k, kp, gamma), n)
    np.testing.assert_allclose(pi, exact, atol=1e-10)

    # The ratio as printed (ζ instead of ζ²) targets a different law, far in total variation.
    def printed(k, kp):
        lo, hi = min(k, kp), max(k, kp)
        ct = c * tau[lo:hi]
        t = 0.5 * np.sum(np.log(ct) - np.log1p(ct) + zeta[lo:hi] / (1 + ct))
        return -gamma * (kp - k) + (t if kp > k else -t)

    pi_wrong = _k_chain_stationary(printed, n)
    assert 0.5 * np.abs(pi_wrong - exact).sum() > 0.2


def test_rj_move_monte_carlo_fixed_z_c():
    """Same as above by simulation of the move itself (TV < 0.03 over 150 000 moves)."""
    n = 30
    basis, z, zeta, tau = _small_problem(n, seed=0)
    c, gamma = 10.0, 0.1  # p(k|z,c) spread over 1..30 (mean 7.7)
    exact = _exact_k_posterior(zeta, c, tau, gamma, n)
    rng = np.random.default_rng(7)
    n_steps = 150_000
    steps = rng.binomial(4, 0.5, n_steps) - 2
    logu = np.log(rng.random(n_steps))
    # cumulative sums make each ratio O(1): log r = -γΔ + (S[k'] - S[k])
    ct = c * tau
    S = np.concatenate([[0.0], np.cumsum(0.5 * (np.log(ct) - np.log1p(ct) + zeta ** 2 / (1 + ct)))])
    k, ks = 10, np.empty(n_steps, dtype=int)
    for t in range(n_steps):
        kp = k + steps[t]
        if 1 <= kp <= n and logu[t] <= -gamma * (kp - k) + S[kp] - S[k]:
            k = kp
        ks[t] = k
    spot = [(3, 5), (9, 7), (1, 3)]
    for a_, b_ in spot:  # the fast cumulative form equals the library function
        assert -gamma * (b_ - a_) + S[b_] - S[a_] == pytest.approx(sa.rj_log_ratio(zeta, c, tau, a_, b_, gamma))
    emp = np.bincount(ks[5000:], minlength=n + 1)[1:] / (n_steps - 5000)
    assert 0.5 * np.abs(emp - exact).sum() < 0.03


def test_conditional_k_profile_differences_are_the_rj_ratios():
    """log p(k|z,c) of the conditional move and the corrected ratio of Algorithm 1 line 5 are one object."""
    basis, z, zeta, tau = _small_problem(30, seed=3)
    c, gamma = 4.0, 0.07
    lp = sa.log_k_conditional(zeta, c, tau, gamma)
    for k, kp in [(1, 30), (30, 1), (7, 19), (12, 11), (5, 5)]:
        assert lp[kp - 1] - lp[k - 1] == pytest.approx(sa.rj_log_ratio(zeta, c, tau, k, kp, gamma), abs=1e-9)
    np.testing.assert_allclose(np.exp(lp - special.logsumexp(lp)), _exact_k_posterior(zeta, c, tau, gamma, 30),
                               atol=1e-12)


def test_conditional_k_draw_has_the_exact_law_and_survives_underflow():
    """With z, c fixed the conditional move draws k' ~ p(k'|z,c) whatever the current k (acceptance 1):
    a chi-square test of 40 000 draws against the exact law, and a profile whose tail underflows exp()."""
    n = 30
    basis, z, zeta, tau = _small_problem(n, seed=0)
    c, gamma = 10.0, 0.1
    exact = _exact_k_posterior(zeta, c, tau, gamma, n)
    u = np.random.default_rng(4).random(40_000)
    ks = np.array([sa.draw_k_conditional(zeta, c, tau, gamma, x) for x in u])
    assert ks.min() >= 1 and ks.max() <= n
    counts = np.bincount(ks, minlength=n + 1)[1:]
    keep = exact * ks.size >= 5
    expected = exact[keep] * ks.size
    chi2 = np.sum((counts[keep] - expected) ** 2 / expected) + (counts[~keep].sum() - exact[~keep].sum() * ks.size) ** 2 / max(exact[~keep].sum() * ks.size, 1e-9)
    assert stats.chi2(keep.sum()).sf(chi2) > 1e-3
    # ζ_7 = 80 with c = τ = 1: every k < 7 lies 1600 nats below k = 7, where exp() underflows to 0 (never
    # drawn); each k > 7 costs ½ log 2 - ½ ζ²/2 = 0.35 nats, so k = 7 carries 1 - e^{-0.35} = 0.29 of
    # the mass and the draw must never fall below 7 whatever the uniform
    spike = np.zeros(n)
    spike[6] = 80.0
    lp = sa.log_k_conditional(spike, 1.0, np.ones(n), 0.0)
    assert np.all(np.exp(lp[:6] - lp.max()) == 0.0)
    for x in (0.0, 1e-300, 0.2, 0.5, 1 - 1e-16):
        assert 7 <= sa.draw_k_conditional(spike, 1.0, np.ones(n), 0.0, x) <= n
    assert sa.draw_k_conditional(spike, 1.0, np.ones(n), 0.0, 0.0) == 7
    assert sa.draw_k_conditional(spike, 1.0, np.ones(n), 0.0, 1 - 1e-16) == n


# ------------------------------------------------------------------ the full sampler


@pytest.mark.parametrize("k_move, scale_sd", [("bin4", 0.0), ("conditional", 0.0), ("conditional", 0.4)])
def test_k_marginal_equals_exact_posterior_small_graph(k_move, scale_sd):
    """The whole sampler (z, (g, k), c steps) on a 5-vertex path with 3 observed labels (+, -, +): its
    k-marginal must equal p(k | D) ∝ e^{-γk} ∫ P(sign z_obs = y_obs | k, c) Gamma(c; a, b) dc, where
    z | k, c ~ N(0, I + U_k (cΛ_k)^{-1} U_kᵀ) (g integrated out, Section 3.2) and the orthant probability
    of three coordinates is 1/8 + Σ_{i<j} arcsin(ρ_ij)/(4π) (exact), integrated over log c on a fine grid.
    The data move p(k|D) well away from the prior (TV 0.1), so a sampler with the wrong stationary law
    on k fails."""
    n, q, gamma, a, b = 5, 1.0, 0.0, 2.0, 4.0
    obs, s = np.array([0, 2, 4]), np.array([1, -1, 1])
    basis = eb.DCTBasis((n,))
    U, tau = basis.vectors(n), sa.tau(basis.lam, n, q)
    u = np.linspace(-20.0, np.log(80.0 / b), 4001)
    log_w = a * np.log(b) - special.gammaln(a) + a * u - b * np.exp(u)  # Gamma(a, rate b) density of log c
    lp = np.empty(n)
    for k in range(1, n + 1):
        Uo = U[obs, :k]
        cov = np.eye(3) + np.einsum("ik,jk,ck->cij", Uo, Uo, 1.0 / (np.exp(u)[:, None] * tau[:k]))
        S = cov * np.outer(s, s)
        d = np.sqrt(np.einsum("cii->ci", S))
        R = S / (d[:, :, None] * d[:, None, :])
        P = 0.125 + (np.arcsin(R[:, 0, 1]) + np.arcsin(R[:, 0, 2]) + np.arcsin(R[:, 1, 2])) / (4 * np.pi)
        lp[k - 1] = special.logsumexp(np.log(P) + log_w) - gamma * k
    exact = np.exp(lp - special.logsumexp(lp))
    prior = np.exp(sa.log_prior_k(gamma, n))
    assert 0.5 * np.abs(exact - prior).sum() > 0.08

    signs = np.zeros(n, dtype=np.int8)
    signs[obs] = s
    st = chain_settings(gamma=gamma, q=q, a=a, b=b, n_iter=60_000, burn_in=1000, k0=3, k_move=k_move,
                          scale_sd=scale_sd)
    r = sa.run_chain(basis, signs, st, np.random.default_rng(12))
    emp = np.bincount(r["k"][st.burn_in:], minlength=n + 1)[1:] / (st.n_iter - st.burn_in)
    assert 0.5 * np.abs(emp - exact).sum() < 0.02, (emp, exact)
    if scale_sd:
        assert 0.2 * st.n_iter < r["n_scale_accepted"] < st.n_iter  # the scale move runs and is not trivial


def test_scale_log_ratio_is_greens_ratio():
    """The scale move's ratio equals π(λg, c/λ²)/π(g, c) times the Jacobian λ^k λ^{-2}, with π the
    unnormalised posterior of (g, c) at fixed k (probit likelihood, Gaussian prior, Gamma(a, b) prior)."""
    basis = eb.DCTBasis((7,))
    signs = np.array([1, -1, 0, 1, 1, 0, -1], dtype=np.int8)
    k, q, a, b = 4, 1.0, 1.7, 0.6
    tau = sa.tau(basis.lam, basis.n, q)[:k]
    rng = np.random.default_rng(3)
    g, c = rng.standard_normal(k) * 2, 0.8

    def log_pi(g_, c_):
        return (sa.probit_loglik(basis.synth(g_), signs) + 0.5 * np.sum(np.log(c_ * tau)) - 0.5 * c_ * np.dot(tau, g_ ** 2)
                + (a - 1) * np.log(c_) - b * c_)

    for u in (-0.7, 0.05, 1.3):
        lam = np.exp(u)
        want = log_pi(lam * g, c / lam ** 2) - log_pi(g, c) + k * u - 2 * u
        f = basis.synth(g)
        got = sa.scale_log_ratio(sa.probit_loglik(lam * f, signs), sa.probit_loglik(f, signs), u, c, a, b)
        assert got == pytest.approx(want, abs=1e-10)


@pytest.mark.parametrize("k_move", sa.K_MOVES)
def test_k_marginal_without_labels_is_prior_eq2(k_move):
    """No observed labels: the posterior is the prior, so the chain's k-marginal must be eq. (2)
    (restricted to 1..K_max). Exercises all three steps, including g kept on rejection (Lemma 1).
    A proper Gamma(2, 1) prior on c is used: with a = b = 0 and no data the target is improper."""
    n, gamma = 12, 0.3
    basis = eb.DCTBasis((n,))
    st = chain_settings(gamma=gamma, a=2.0, b=1.0, n_iter=80_000, burn_in=1000, k0=6, k_move=k_move)
    r = sa.run_chain(basis, np.zeros(n, dtype=np.int8), st, np.random.default_rng(2024))
    emp = np.bincount(r["k"][st.burn_in:], minlength=n + 1)[1:] / (st.n_iter - st.burn_in)
    prior = np.exp(sa.log_prior_k(gamma, n))
    assert 0.5 * np.abs(emp - prior).sum() < 0.025, (emp, prior)
    # the top of the support is reached: proposals above it rejected (bin4) / k = K_max drawn (conditional)
    assert (r["n_reject_kmax"] if k_move == "bin4" else r["n_at_kmax"]) > 0
    # c's marginal is its Gamma(2, rate 1) prior as well
    assert r["c"][st.burn_in:].mean() == pytest.approx(2.0, rel=0.1)


@pytest.mark.parametrize("scale_sd", [0.0, 0.5])
def test_fixed_k_posterior_matches_quadrature(scale_sd):
    """k fixed at 2 on a 5-vertex path: p(g | y) ∝ (b + ½Σ τ_i g_i²)^{-(a + k/2)} Π_obs Φ(s_i f_i)
    (c integrated out analytically), evaluated on a 2-D grid, against 40 000 sweeps."""
    n, k, a, b = 5, 2, 2.0, 1.0
    basis = eb.DCTBasis((n,))
    y = np.array([1, 1, 0, 0, 0], dtype=np.int8)
    observed = np.array([True, True, False, False, True])
    signs = sa.label_signs(y, observed)
    tau = sa.tau(basis.lam, n, 1.0)[:k]
    U = basis.vectors(k)

    grid = np.linspace(-80, 80, 1601)
    G1, G2 = np.meshgrid(grid, grid, indexing="ij")
    S = 0.5 * (tau[0] * G1 ** 2 + tau[1] * G2 ** 2)
    F = G1[..., None] * U[:, 0] + G2[..., None] * U[:, 1]  # (g1, g2, vertex)
    logp = -(a + k / 2) * np.log(b + S)
    for i in np.flatnonzero(observed):
        logp = logp + special.log_ndtr(signs[i] * F[..., i])
    w = np.exp(logp - logp.max())
    w /= w.sum()
    ell_exact = np.einsum("ij,ijv->v", w, special.ndtr(F))
    c_exact = np.sum(w * (a + k / 2) / (b + S))

    st = chain_settings(gamma=0.0, a=a, b=b, n_iter=40_000, burn_in=1000, fixed_k=k, scale_sd=scale_sd)
    r = sa.run_chain(basis, signs, st, np.random.default_rng(99))
    assert np.all(r["k"] == k)
    np.testing.assert_allclose(r["ell_mean"], ell_exact, atol=0.015)
    assert r["c"][st.burn_in:].mean() == pytest.approx(c_exact, rel=0.1)
    # the observed labels really moved the posterior away from ½
    assert ell_exact[0] > 0.6 and ell_exact[4] < 0.4


def test_untruncated_is_fixed_k_equal_n():
    basis = eb.DCTBasis((20,))
    rng = np.random.default_rng(5)
    signs = rng.choice(np.array([-1, 0, 1], dtype=np.int8), 20)
    st = chain_settings(gamma=0.05, n_iter=200, burn_in=50, k0=20)
    r1 = sa.run_untruncated(basis, signs, st, np.random.default_rng(1))
    r2 = sa.run_chain(basis, signs, chain_settings(gamma=0.05, n_iter=200, burn_in=50, k0=3, fixed_k=20),
                      np.random.default_rng(1))
    assert np.all(r1["k"] == 20)
    np.testing.assert_array_equal(r1["c"], r2["c"])
    np.testing.assert_array_equal(r1["ell_mean"], r2["ell_mean"])
    with pytest.raises(ValueError, match="all n=10 eigenpairs"):
        sa.run_untruncated(eb.DenseBasis(np.arange(3.0), np.eye(10)[:, :3]), np.zeros(10, np.int8), st,
                           np.random.default_rng(0))


def test_improper_c_prior_first_sweep_finite_and_kmax_rejections_counted():
    """a = b = 0: g is drawn before the first proposal, so a rejected first move cannot leave g = 0
    (which would make c's conditional improper). With K_max = 1 every upward proposal is rejected."""
    basis = eb.DCTBasis((10,))
    signs = np.array([1, 1, 1, 0, 0, -1, -1, -1, 0, 0], dtype=np.int8)
    st = chain_settings(gamma=0.1, a=0.0, b=0.0, n_iter=300, k0=1, K_max=1)
    r = sa.run_chain(basis, signs, st, np.random.default_rng(8))
    assert np.all(np.isfinite(r["c"])) and np.all(r["c"] > 0)
    assert np.all(r["k"] == 1)
    assert r["n_reject_kmax"] == np.sum(r["k_proposed"] > 1)
    assert r["n_reject_kmax"] > 60  # expected 300 · 5/16


def test_draw_c_conditional_and_guard():
    rng = np.random.default_rng(0)
    g, t = np.array([1.0, -2.0, 0.5]), np.array([0.5, 1.0, 2.0])
    draws = np.array([sa.draw_c(g, t, 1.0, 0.5, rng) for _ in range(20_000)])
    rate = 0.5 + 0.5 * np.dot(t, g * g)
    assert draws.mean() == pytest.approx((1.0 + 1.5) / rate, rel=0.02)
    with pytest.raises(FloatingPointError, match="improper"):
        sa.draw_c(np.zeros(3), t, 0.0, 0.0, rng)


def test_input_validation_names_argument():
    basis = eb.DCTBasis((10,))
    signs = np.zeros(10, np.int8)
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match="K_max"):
        sa.run_chain(basis, signs, chain_settings(gamma=0.1, K_max=11), rng)
    with pytest.raises(ValueError, match="k0"):
        sa.run_chain(basis, signs, chain_settings(gamma=0.1, k0=0), rng)
    with pytest.raises(ValueError, match="signs"):
        sa.run_chain(basis, np.zeros(9, np.int8), chain_settings(gamma=0.1), rng)
    with pytest.raises(ValueError, match="gamma"):
        sa.run_chain(basis, signs, chain_settings(gamma=-1.0), rng)
    with pytest.raises(ValueError, match="observed labels"):
        sa.label_signs(np.array([2, 0]), np.array([True, True]))


def _orthant3(U_obs, tau_k, c, s):
    """P(sign z_obs = s | k, c) for three observed vertices, z | k, c ~ N(0, I + U_k (c τ_k)^{-1} U_kᵀ) (g integrated
    out, Section 3.2): the exact orthant probability 1/8 + Σ_{i<j} arcsin(ρ_ij)/(4π) of three correlated normals."""
    cov = np.eye(3) + (U_obs / (c * tau_k)) @ U_obs.T
    S = cov * np.outer(s, s)
    d = np.sqrt(np.diag(S))
    R = S / np.outer(d, d)
    return 0.125 + (np.arcsin(R[0, 1]) + np.arcsin(R[0, 2]) + np.arcsin(R[1, 2])) / (4 * np.pi)


def test_posterior_of_c_with_a_equal_b_equal_0_is_improper_at_both_ends():
    """Why the tracking chains cannot converge with the paper's a = b = 0 (fig8_convergence). With p(c) ∝ 1/c the
    marginal posterior of log c is ∝ p(D | k, c) (flat in log c), so it is proper only if p(D | k, c) vanishes at
    both ends. It does not: as c -> ∞, f -> 0 and p(D | k, c) -> 2^{-N} (each label a coin flip); as c -> 0, when the
    observed labels can be matched by a sign pattern of f in span(U_k) (always at k = n, where the span is all of
    R^n; noise-free labels are matched at smaller k too), p(D | k, c) tends to the positive probability of that
    pattern under N(0, U_k diag(1/τ) U_kᵀ) / c. Exact orthant probabilities on a 3-vertex path, all labelled
    (+, -, +), k = 3: both limits are positive, so ∫ p(D | k, c) dc / c diverges at both ends (logarithmically)."""
    n, q = 3, 1.0
    basis = eb.DCTBasis((n,))
    U, tau = basis.vectors(n), sa.tau(basis.lam, n, q)
    s = np.array([1.0, -1.0, 1.0])
    small = np.array([_orthant3(U, tau, c, s) for c in 10.0 ** -np.arange(4, 12)])
    large = np.array([_orthant3(U, tau, c, s) for c in 10.0 ** np.arange(4, 12)])
    assert np.all(np.abs(np.diff(small)) < 1e-3 * small[-1]) and small[-1] > 0.01  # a positive limit as c -> 0
    np.testing.assert_allclose(large[-1], 0.5 ** 3, rtol=1e-6)  # the coin-flip limit as c -> ∞
    # the integral over log c from -L to +L grows linearly in L: no normalising constant exists
    grid = np.linspace(-30.0, 30.0, 6001)
    dens = np.array([_orthant3(U, tau, np.exp(u), s) for u in grid])
    part = [np.trapezoid(dens[np.abs(grid) <= L], grid[np.abs(grid) <= L]) for L in (10.0, 20.0, 30.0)]
    assert part[2] - part[1] == pytest.approx(part[1] - part[0], rel=0.01)
    assert part[2] - part[1] > 10 * (small[-1] + large[-1]) * 0.9
    # a proper Gamma(a, b) prior (a, b > 0) makes the same integral converge
    w = np.exp(2.0 * grid - 4.0 * np.exp(grid))  # Gamma(2, rate 4) density of log c, up to a constant
    prop = [np.trapezoid((dens * w)[np.abs(grid) <= L], grid[np.abs(grid) <= L]) for L in (10.0, 20.0, 30.0)]
    assert prop[2] == pytest.approx(prop[1], rel=1e-9)
