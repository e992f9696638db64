"""Uda & Kabashima 2005: replica-symmetric saddle point, closed-form errors, state evolution."""

import numpy as np
import pytest
from claim_checks import paper_config
from scipy import integrate
from scipy.stats import norm

from statmech_bayes.sparse_classifier.pruning import _nested_brentq, moments, solve_pruning
from statmech_bayes.sparse_classifier.quadrature import gauss_grid
from statmech_bayes.sparse_classifier.replica import (
    RSConvergenceError,
    energetic,
    eps_gibbs,
    eps_sbc,
    solve_rs,
    solve_rs_grid,
)
from statmech_bayes.sparse_classifier.state_evolution import state_evolution
from statmech_bayes.sparse_classifier.transfer import a_out, b_out, f_step, z_out

KAPPA = 0.05
ALPHA = 1.0  # M / N of Figs 1, 3, 4
N_QUAD = paper_config("uda_kabashima")["n_quad"]  # the reference values below are at the paper-scale quadrature
GRID = gauss_grid(N_QUAD)  # built once, as solve_rs_grid does, for the solves outside it


@pytest.mark.parametrize("Ct", [0.1, 0.2, 0.3])
def test_nishimori_point(Ct):
    """At C = C_t the prior matches the teacher: Q = R, Q̂ = R̂, F = 1, λ = ln(C_t/(1 − C_t))."""
    s = solve_rs(Ct, Ct, ALPHA, KAPPA, grid=GRID)
    assert s.Q == pytest.approx(s.R, abs=1e-7)
    assert s.Qh == pytest.approx(s.Rh, rel=1e-6)
    assert s.F == pytest.approx(1.0, abs=1e-6)
    assert s.lam == pytest.approx(np.log(Ct / (1 - Ct)), abs=1e-6)
    # And SBC = optimal: the SBC error equals that of a Gibbs student only if Q = C, never here.
    assert s.eps_sbc < s.eps_gibbs


def test_nishimori_fails_off_optimum_and_with_eq53():
    off = solve_rs(0.3, 0.2, ALPHA, KAPPA, grid=GRID)
    assert abs(off.Q - off.R) > 1e-2 and abs(off.F - 1) > 0.1
    bad = state_evolution(0.2, 0.2, 1.0, KAPPA, T=40, n_quad=N_QUAD, r_equation="53")
    assert abs(bad["Q"][-1] - bad["R"][-1]) > 0.01   # Eq. (53) breaks the identity (spec §2.4)
    assert bad["eps"][-1] > 0.28


def test_rs_reference_values():
    """Regression targets of the independent prototype (spec §4, Figs. 3-4 tables)."""
    assert solve_rs(0.2, 0.2, ALPHA, KAPPA, grid=GRID).Q == pytest.approx(0.1230, abs=2e-4)
    for C, Ct, eps in [(0.1, 0.2, 0.2532), (0.2, 0.2, 0.2418), (0.3, 0.2, 0.2460), (0.02, 0.1, 0.2729),
                       (0.05, 0.1, 0.1936), (0.1, 0.1, 0.1757), (0.5, 0.1, 0.2431), (0.9, 0.1, 0.2954)]:
        assert solve_rs(C, Ct, ALPHA, KAPPA, grid=GRID).eps_sbc == pytest.approx(eps, abs=2e-4), (C, Ct)
    assert solve_rs(0.05, 0.1, ALPHA, KAPPA, grid=GRID).F == pytest.approx(-9.3, abs=0.05)  # F may be negative


def test_fig1_minima():
    C = np.round(np.arange(0.01, 1.0, 0.01), 2)
    g = solve_rs_grid(C, [0.1, 0.2, 0.3], ALPHA, KAPPA, n_quad=N_QUAD)
    for i, Ct in enumerate(g["Ct"]):
        assert C[np.argmin(g["eps_sbc"][i])] == pytest.approx(Ct)       # Fig. 1a: min at C = C_t
        assert C[np.argmin(g["eps_gibbs"][i])] < Ct - 0.02               # Fig. 1b: not at C = C_t
        assert np.all(g["eps_gibbs"][i] >= g["eps_sbc"][i] - 1e-12)
    assert np.all(g["iterations"] > 0) and g["eps_sbc"].shape == (3, C.size)


def test_solver_raises_when_not_converged():
    with pytest.raises(RSConvergenceError):
        solve_rs(0.2, 0.2, ALPHA, KAPPA, max_iter=3, grid=GRID)
    with pytest.raises(ValueError, match="C must"):
        solve_rs(1.2, 0.2, ALPHA, KAPPA, grid=GRID)
    with pytest.raises(ValueError, match="kappa"):
        solve_rs(0.2, 0.2, ALPHA, 0.5, grid=GRID)


def test_state_evolution_reaches_rs_and_reference_trajectory():
    se = state_evolution(0.2, 0.2, 1.0, KAPPA, T=60, n_quad=N_QUAD)
    rs = solve_rs(0.2, 0.2, ALPHA, KAPPA, grid=GRID)
    assert se["Q"][-1] == pytest.approx(rs.Q, abs=1e-6) and se["R"][-1] == pytest.approx(rs.R, abs=1e-6)
    se = state_evolution(0.1, 0.2, 1.0, KAPPA, T=3, n_quad=N_QUAD)
    np.testing.assert_allclose(se["eps"], [0.5, 0.2860, 0.2611, 0.2549], atol=2e-4)


# --- closed forms of Eqs. (11) and (18) against direct quadrature ------------------------------------

_GL_X, _GL_W = np.polynomial.legendre.leggauss(120)


def _gl(g, lo=-12.0, hi=12.0, points=()):
    """∫ Dz g(z) by Gauss-Legendre on each piece between discontinuities (vectorised in z)."""
    edges = [lo, *sorted(p for p in points if lo < p < hi), hi]
    total = 0.0
    for a, b in zip(edges[:-1], edges[1:]):
        x = 0.5 * (b - a) * _GL_X + 0.5 * (a + b)
        total += 0.5 * (b - a) * np.dot(_GL_W, g(x) * norm.pdf(x))
    return total


def _eps_quadrature(Q, R, C, Ct, kappa, gibbs):
    """Eq. (11) (SBC) or (18) (Gibbs) by direct numerical integration of f: adaptive outer integral
    over z, Gauss-Legendre inner integrals over v and u split at the step of f."""
    V, sq = C - Q, np.sqrt(Q)
    sv = np.sqrt(Ct - R * R / Q)

    def teacher_plus(z):            # ∫Dv f(Δ°), Δ° = sv v + (R/√Q) z
        return _gl(lambda v: f_step(sv * v + R / sq * z, kappa), points=[-(R / sq) * z / sv])

    def student_plus(z):            # SBC: Θ(∫Du f(√V u + √Q z) − ½); Gibbs: ∫Du Θ(f(√V u + √Q z) − ½)
        brk = [-sq * z / np.sqrt(V)]
        if gibbs:
            return _gl(lambda u: (f_step(np.sqrt(V) * u + sq * z, kappa) > 0.5).astype(float), points=brk)
        return float(_gl(lambda u: f_step(np.sqrt(V) * u + sq * z, kappa), points=brk) > 0.5)

    integrand = lambda z: (1 - teacher_plus(z)) * student_plus(z) * norm.pdf(z)
    return 2 * sum(integrate.quad(integrand, a, b, epsabs=1e-13, epsrel=1e-12, limit=200)[0]
                   for a, b in ((-9.0, 0.0), (0.0, 9.0)))


@pytest.mark.parametrize("Q,R,C,Ct,kappa", [(0.12, 0.10, 0.25, 0.2, 0.05), (0.05, 0.03, 0.3, 0.1, 0.2)])
def test_error_closed_forms_match_quadrature(Q, R, C, Ct, kappa):
    assert eps_sbc(Q, R, Ct, kappa) == pytest.approx(_eps_quadrature(Q, R, C, Ct, kappa, False), abs=1e-8)
    assert eps_gibbs(Q, R, C, Ct, kappa) == pytest.approx(_eps_quadrature(Q, R, C, Ct, kappa, True), abs=1e-8)


# --- building blocks ------------------------------------------------------------------------------

def test_output_functions_are_derivatives_of_log_zout():
    h, V, d = np.linspace(-3, 3, 13), 0.3, 1e-5
    for kappa in (0.0, 0.05, 0.3):
        lz = lambda x: np.log(z_out(x, V, kappa))
        np.testing.assert_allclose(a_out(h, V, kappa), (lz(h + d) - lz(h - d)) / (2 * d), rtol=1e-5, atol=1e-9)
        num_b = (a_out(h + d, V, kappa) - a_out(h - d, V, kappa)) / (2 * d)
        np.testing.assert_allclose(b_out(h, V, kappa), num_b, rtol=1e-5, atol=1e-8)
    # Deep negative tail at κ = 0: the inverse Mills ratio, finite and ≈ −h/V.
    assert np.isfinite(a_out(-60.0, 1.0, 0.0)) and a_out(-60.0, 1.0, 0.0) == pytest.approx(60.0, rel=1e-3)


def test_energetic_regular_at_zero_overlap():
    grid = gauss_grid(401)
    Qh, Rh = energetic(0.0, 0.0, 0.2, 0.2, 1.0, KAPPA, grid)
    a0 = float(a_out(0.0, 0.2, KAPPA))
    assert Qh == pytest.approx(a0**2, rel=1e-10)
    assert Rh == pytest.approx(2 * 0.9 / np.sqrt(2 * np.pi * 0.2) * a0, rel=1e-10)


def test_pruning_solver_newton_matches_brentq():
    rng = np.random.default_rng(0)
    h = rng.standard_normal(500) * 2
    sol = solve_pruning(h * h, 0.15)
    p, m, s2 = moments(h, sol.S, sol.lam)
    assert p.mean() == pytest.approx(0.15, abs=1e-10) and s2.mean() == pytest.approx(0.15, abs=1e-10)
    u, ell = _nested_brentq(h * h, None, 0.15, 0.0, 1e-12)
    assert np.exp(-ell) == pytest.approx(sol.S, rel=1e-8) and u == pytest.approx(sol.u, abs=1e-8)
    # Posterior variance s2 - m² equals ∂m/∂h (used by the Onsager term Ξ = C − Q).
    d = 1e-6
    dm = (moments(h + d, sol.S, sol.lam)[1] - moments(h - d, sol.S, sol.lam)[1]) / (2 * d)
    np.testing.assert_allclose(s2 - m * m, dm, rtol=1e-5, atol=1e-10)
