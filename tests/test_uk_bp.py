"""Uda & Kabashima 2005: fast BP (Eqs. 38-41) against dense references, state evolution and brute-force LOO."""

import math

import numpy as np
import pytest
from claim_checks import paper_config
from scipy.optimize import brentq

from statmech_bayes.sparse_classifier.bp import bp_fast, predict, signed_data
from statmech_bayes.sparse_classifier.pruning import moments, solve_pruning
from statmech_bayes.sparse_classifier.state_evolution import state_evolution
from statmech_bayes.sparse_classifier.teacher import (
    noisy_labels,
    overlap_error,
    sample_spherical,
    sample_teacher,
    teacher_student_data,
)
from statmech_bayes.sparse_classifier.transfer import a_out

KAPPA = 0.05
N_QUAD = paper_config("uda_kabashima")["n_quad"]  # the state evolution's quadrature at paper scale


# --- an element-by-element transcription of Eqs. (40)-(41), independent of the vectorised code ----------

def _scalar_a(h, V, kappa):
    x = h / math.sqrt(V)
    phi = math.exp(-x * x / 2) / math.sqrt(2 * math.pi)
    Phi = 0.5 * math.erfc(-x / math.sqrt(2))
    return phi / (math.sqrt(V) * (kappa / (1 - 2 * kappa) + Phi))


def _sigmoid(x):
    return 1 / (1 + math.exp(-x)) if x > -700 else 0.0


def _scalar_prune(h, C):
    """(S, λ) from the pruning conditions by nested scalar brentq (no Newton, no shared code)."""
    def mean_p(S, lam):
        return sum(_sigmoid(lam - 0.5 * math.log(S) + x * x / (2 * S)) for x in h) / len(h)

    def lam_of(S):
        base = math.log(C / (1 - C)) + 0.5 * math.log(S)
        lo = base - max(x * x for x in h) / (2 * S) - 1
        return brentq(lambda lam: mean_p(S, lam) - C, lo, base + 1, xtol=1e-15)

    def second(logS):
        S = math.exp(logS)
        lam = lam_of(S)
        tot = 0.0
        for x in h:
            p = _sigmoid(lam - 0.5 * math.log(S) + x * x / (2 * S))
            tot += p * (1 / S + x * x / S**2)
        return tot / len(h) - C

    S = math.exp(brentq(second, -15, 15, xtol=1e-15))
    return S, lam_of(S)


def _reference_bp(A, C, kappa, T):
    M, N = len(A), len(A[0])
    m, a, Q = [0.0] * N, [0.0] * M, 0.0
    Delta = [0.0] * M
    traj = []
    for _ in range(T):
        V = C - Q
        omega = [Delta[mu] - V * a[mu] for mu in range(M)]
        a = [_scalar_a(omega[mu], V, kappa) for mu in range(M)]
        Gamma = sum(-a[mu] * (a[mu] + omega[mu] / V) for mu in range(M)) / N
        h = [sum(A[mu][l] * a[mu] for mu in range(M)) - Gamma * m[l] for l in range(N)]
        S, lam = _scalar_prune(h, C)
        m = [x / S * _sigmoid(lam - 0.5 * math.log(S) + x * x / (2 * S)) for x in h]
        Q = sum(x * x for x in m) / N
        Delta = [sum(A[mu][l] * m[l] for l in range(N)) for mu in range(M)]
        traj.append(list(m))
    return np.array(traj)


def test_fast_bp_equals_elementwise_transcription():
    rng = np.random.default_rng(11)
    w, X, y = teacher_student_data(40, 30, 0.3, KAPPA, rng)
    A = signed_data(X, y)
    ref = _reference_bp(A.tolist(), 0.3, KAPPA, 6)
    res = bp_fast(A, 0.3, KAPPA, 6)
    np.testing.assert_allclose(res.m, ref[-1], rtol=1e-8, atol=1e-10)
    assert res.n_updates == 6 and res.history["Q"][-1] == pytest.approx(np.mean(ref[-1] ** 2), rel=1e-10)


# --- the naive (edge-message) algorithm of Eqs. (28)-(36), dense O(N^2 M) per update ------------------

def _naive_bp(A, C, kappa, T):
    M, N = A.shape
    off_n = 1.0 - np.eye(N)
    off_m = 1.0 - np.eye(M)
    msg_m = np.zeros((M, N))          # m_{l→μ}
    m, Q = np.zeros(N), 0.0
    sol = None
    for _ in range(T):
        V = C - Q
        cav = (A * msg_m) @ off_n     # ⟨Δ_{μ\l}⟩ = Σ_{j≠l} A_μj m_{j→μ}
        a_edge = a_out(cav, V, kappa)
        Aa = A * a_edge
        h = Aa.sum(axis=0)            # h_l = Σ_μ A_μl a_{μ→l}
        h_cav = off_m @ Aa            # h_{l\μ} = Σ_{ν≠μ} A_νl a_{ν→l}
        sol = solve_pruning(h * h, C, init=sol)
        msg_m = moments(h_cav, sol.S, sol.lam)[1]
        m = moments(h, sol.S, sol.lam)[1]
        Q = m @ m / N
    return m


def test_fast_bp_agrees_with_naive_edge_algorithm():
    rng = np.random.default_rng(5)
    for _ in range(2):
        w, X, y = teacher_student_data(400, 400, 0.2, KAPPA, rng)
        A = signed_data(X, y)
        m_naive = _naive_bp(A, 0.2, KAPPA, 20)
        fast = bp_fast(A, 0.2, KAPPA, 20, w_true=w)
        assert np.corrcoef(fast.m, m_naive)[0, 1] > 0.99
        assert abs(fast.history["eps"][-1] - overlap_error(m_naive, w, KAPPA)) < 0.01


def test_state_evolution_matches_bp_average():
    """Macroscopic BP trajectory (5 runs, N = M = 1000) against Eqs. (47)-(55) with (52)."""
    T, runs = 10, 5
    rng = np.random.default_rng(2024)
    for C in (0.1, 0.3):
        se = state_evolution(C, 0.2, 1.0, KAPPA, T=T, n_quad=N_QUAD)
        eps, Q, R = np.zeros(T), np.zeros(T), np.zeros(T)
        for _ in range(runs):
            w, X, y = teacher_student_data(1000, 1000, 0.2, KAPPA, rng)
            h = bp_fast(signed_data(X, y), C, KAPPA, T, w_true=w).history
            eps += h["eps"] / runs
            Q += h["Q"] / runs
            R += h["R"] / runs
        np.testing.assert_allclose(eps, se["eps"][1:], atol=0.015)
        np.testing.assert_allclose(Q, se["Q"][1:], rtol=0.08)
        np.testing.assert_allclose(R, se["R"][1:], rtol=0.08)


def test_looe_matches_brute_force_leave_one_out():
    """Cavity stabilities Δ_μ − (C − Q) a_μ (Eq. 38) vs retraining without μ; LOOE (Eq. 56) vs brute force."""
    rng = np.random.default_rng(3)
    w, X, y = teacher_student_data(400, 200, 0.3, KAPPA, rng)
    A = signed_data(X, y)
    full = bp_fast(A, 0.3, KAPPA, 2000, damping=0.5, tol=1e-11)
    assert full.converged
    idx = rng.choice(A.shape[0], 50, replace=False)
    brute = np.empty(idx.size)
    for k, mu in enumerate(idx):
        keep = np.arange(A.shape[0]) != mu
        r = bp_fast(A[keep], 0.3, KAPPA, 2000, damping=0.5, tol=1e-11, m0=full.m, a0=full.a[keep])
        assert r.converged
        brute[k] = A[mu] @ r.m
    cav = full.omega[idx]
    assert np.corrcoef(brute, cav)[0, 1] > 0.99
    assert np.sqrt(np.mean((brute - cav) ** 2)) < 0.15 * brute.std()
    # Without the Onsager correction the training stability is a much worse LOO estimate.
    assert np.sqrt(np.mean((brute - full.Delta[idx]) ** 2)) > 3 * np.sqrt(np.mean((brute - cav) ** 2))
    # Disagreements in sign only where the left-out stability is near zero; LOOE within 3/50.
    assert np.all(np.abs(brute[(brute < 0) != (cav < 0)]) < 0.1)
    assert abs(np.mean(brute < 0) - np.mean(cav < 0)) <= 3 / 50


def test_damped_bp_converges_to_undamped_fixed_point():
    rng = np.random.default_rng(9)
    w, X, y = teacher_student_data(300, 300, 0.2, KAPPA, rng)
    A = signed_data(X, y)
    r0 = bp_fast(A, 0.3, KAPPA, 500, tol=1e-10)
    r1 = bp_fast(A, 0.3, KAPPA, 2000, damping=0.8, tol=1e-10)
    assert r0.converged and r1.converged and r1.n_updates > r0.n_updates
    np.testing.assert_allclose(r1.m, r0.m, atol=1e-8)
    assert r0.looe == r1.looe


def test_teacher_and_data_generation():
    rng = np.random.default_rng(0)
    w = sample_teacher(20000, 0.2, rng)
    assert np.mean(w != 0) == pytest.approx(0.2, abs=0.01) and w @ w / w.size == pytest.approx(0.2, abs=0.01)
    X = sample_spherical(50, 300, rng)
    np.testing.assert_allclose(np.sum(X * X, axis=1), 300)
    X2 = sample_spherical(20000, 50, rng)
    y2 = noisy_labels(X2, np.ones(50), 0.1, rng)
    assert np.mean(y2 != np.sign(X2.sum(1))) == pytest.approx(0.1, abs=0.01)   # flip rate κ
    assert set(np.unique(y2)) == {-1.0, 1.0}
    assert overlap_error(w, w, 0.05) == pytest.approx(0.05) and overlap_error(-w, w, 0.05) == pytest.approx(0.95)
    with pytest.raises(TypeError, match="rng"):
        sample_teacher(10, 0.2, rng=1)
    with pytest.raises(ValueError, match="Ct"):
        sample_teacher(10, 0.0, rng)


def test_bp_input_validation_and_prediction():
    A = np.ones((3, 4))
    with pytest.raises(ValueError, match="C must"):
        bp_fast(A, 1.5, KAPPA, 5)
    with pytest.raises(ValueError, match="damping"):
        bp_fast(A, 0.3, KAPPA, 5, damping=1.0)
    with pytest.raises(ValueError, match="y must"):
        signed_data(np.ones((3, 4)), np.array([1, 0, 1]))
    assert np.array_equal(predict(np.array([1.0, -1.0]), np.array([[2.0, 1.0], [0.0, 1.0]])), [1.0, -1.0])
