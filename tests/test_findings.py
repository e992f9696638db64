"""Findings: statements of the papers that are wrong, each re-derived by an independent route.

One test per finding. None of them calls the figure modules (``statmech_bayes.figures``): every
contradiction is recomputed here from a closed form, a bound, an exact small case or a different
algorithm, and each test is written so that it would FAIL if the paper's statement were right.
The figure code refers to these tests by name.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import scipy.sparse as sp
from scipy.special import expit

from statmech_bayes.graphs.ensembles import erdos_renyi_graph, powerlaw_grg_graph

# ---------------------------------------------------------------------------------------------------
# Urry & Sollich 2013, Sec. 3.2 / Fig. 2: max_i C_ii on V = 10^4 graphs
# ---------------------------------------------------------------------------------------------------

US_P, US_A = 10, 2.0  # the kernel of Figs. 2-9: random walk kernel with p = 10, a = 2 (Sec. 5)
US_V = 10_000  # Fig. 2: "graphs with V = 10^4 vertices"
US_N_GRAPHS = 4  # independent draws per ensemble (the paper shows one; kappa concentrates at this V)


def _walk_operator(A, a: float) -> sp.csr_array:
    """``T = (1 - 1/a) I + D^{-1/2} A D^{-1/2} / a``, built here from the adjacency.

    An isolated vertex gets ``(D^{-1/2})_ii = 0`` (the paper's ``D -> D + delta I``, ``delta -> 0``), so
    its row of T is ``(1 - 1/a) e_i`` -- the same convention as the library's kernel code.
    """
    A = sp.csr_array(A, dtype=np.float64)
    deg = np.asarray(A.sum(axis=1)).ravel()
    inv_sqrt = np.zeros_like(deg)
    inv_sqrt[deg > 0] = deg[deg > 0] ** -0.5
    Dm = sp.diags_array(inv_sqrt)
    return sp.csr_array((1.0 - 1.0 / a) * sp.eye_array(A.shape[0]) + (Dm @ A @ Dm) / a)


def _diag_of_power(T: sp.csr_array, p: int, block: int = 500) -> np.ndarray:
    """``diag(T^p)`` for symmetric sparse T, by sparse-times-dense products on blocks of the identity.

    With ``X = T^h E`` (``h = p // 2``, ``E`` a block of unit vectors) ``(T^p)_ii = ||X e_i||^2`` for even
    p and ``<X e_i, T X e_i>`` for odd p. No eigendecomposition and no sparse matrix power.
    """
    V = T.shape[0]
    out = np.empty(V)
    for s in range(0, V, block):
        e = min(s + block, V)
        X = np.zeros((V, e - s))
        X[np.arange(s, e), np.arange(e - s)] = 1.0
        for _ in range(p // 2):
            X = T @ X
        out[s:e] = np.einsum("ij,ij->j", X, T @ X) if p % 2 else np.einsum("ij,ij->j", X, X)
    return out


def _check_walk_spectrum_in_unit_interval(make_small_graph) -> None:
    """The spectral fact behind the bound, on a small graph of the same ensemble (dense eigvalsh):
    for a = 2 every eigenvalue of T lies in [0, 1] (those of D^{-1/2} A D^{-1/2} lie in [-1, 1])."""
    T = _walk_operator(make_small_graph(), US_A).toarray()
    ev = np.linalg.eigvalsh(T)
    assert ev.min() >= -1e-12 and ev.max() <= 1.0 + 1e-12, (ev.min(), ev.max())
    # the bound is attained (every component with an edge has eigenvalue 1), so it cannot be sharpened
    assert ev.max() == pytest.approx(1.0, abs=1e-12)


def _max_prior_variance_bound(make_graph, paper_max: float, seed: int) -> list[dict]:
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(US_N_GRAPHS):
        c_hat = _diag_of_power(_walk_operator(make_graph(rng), US_A), US_P)  # diag Ĉ = diag T^p
        kappa = float(c_hat.mean())  # global normalisation C = Ĉ / kappa
        rows.append({"kappa": kappa, "inv_kappa": 1.0 / kappa, "max_C": float(c_hat.max()) / kappa,
                     "max_C_hat": float(c_hat.max()), "margin": paper_max - 1.0 / kappa})
        # Ĉ_ii = e_i^T T^p e_i <= ||T||^p = 1 because spec(T) ⊂ [0, 1]: checked numerically on every graph
        assert c_hat.max() <= 1.0 + 1e-12, c_hat.max()
        assert c_hat.min() >= 0.0
    for r in rows:
        # max_i C_ii <= 1/kappa < the paper's value: the paper's maximum is unattainable on this ensemble
        assert r["max_C"] <= r["inv_kappa"] * (1.0 + 1e-12)
        assert r["inv_kappa"] < paper_max, rows
        # the maximum actually reached is less than 60 % of the claimed value
        assert r["max_C"] < 0.6 * paper_max, rows
    return rows


def _longer_kernel_contrast(make_graph, paper_max: float, p: int, seed: int) -> dict:
    """Contrast (rule 5): the same route on the same ensemble with a longer kernel (p steps), where kappa is small
    enough that a maximum near the paper's value is attainable. The bound must not exclude it there, and the
    attained maximum must not fall short as at p = 10: the contradiction is a property of p = 10, not of the route."""
    c_hat = _diag_of_power(_walk_operator(make_graph(np.random.default_rng(seed)), US_A), p)
    kappa = float(c_hat.mean())
    row = {"p": p, "inv_kappa": 1.0 / kappa, "max_C": float(c_hat.max()) / kappa}
    assert row["inv_kappa"] >= paper_max, row
    assert row["max_C"] >= 0.6 * paper_max, row
    return row


def test_us_fig2_er3_max_prior_variance_exceeds_bound():
    """Urry & Sollich 2013, Sec. 3.2: on the V = 10^4 Erdős–Rényi graph of Fig. 2 (mean degree 3) with the
    globally normalised random walk kernel p = 10, a = 2, "max_i C_ii ≈ 15".

    Independent route: a bound. For a >= 2, ``T = (1-1/a) I + D^{-1/2} A D^{-1/2}/a`` has its spectrum in
    [0, 1] (asserted by dense eigvalsh on a small graph), so ``Ĉ_ii = (T^p)_ii <= 1`` and
    ``max_i C_ii <= 1/kappa``, ``kappa = mean_i Ĉ_ii``. kappa is computed here from scratch (diag T^10 by
    sparse-dense products on identity blocks) on several independent V = 10^4 draws of the ensemble.
    Found (4 draws): 1/kappa = 13.44, 13.86, 13.91, 14.15 (margins 0.85-1.56 below 15, i.e. 6-10 %), and
    the maximum actually attained is 0.5/kappa ≈ 6.7-7.1 (isolated edges and stars: Ĉ_ii = 1/2), less than
    half the claimed value -- the bound is the robust part of the argument, the attained maximum the
    decisive one.

    If the paper were right (max_i C_ii ≈ 15 on a typical graph of this ensemble), 1/kappa >= max_i C_ii
    would be >= 15 and the assertion ``1/kappa < 15`` would fail.
    """
    _check_walk_spectrum_in_unit_interval(lambda: erdos_renyi_graph(400, 3.0, np.random.default_rng(7)))
    rows = _max_prior_variance_bound(lambda rng: erdos_renyi_graph(US_V, 3.0, rng), 15.0, seed=20131)
    print("er3:", [{k: round(v, 4) for k, v in r.items()} for r in rows])
    # contrast: at p = 18 the same route gives 1/kappa = 27.7 and max C_ii = 13.9 (within 25 % of 15)
    print("er3 contrast:", _longer_kernel_contrast(lambda rng: erdos_renyi_graph(US_V, 3.0, rng), 15.0, 18, 20131))


def test_us_fig2_pl_max_prior_variance_exceeds_bound():
    """Urry & Sollich 2013, Sec. 3.2: on the V = 10^4 power-law generalised random graph of Fig. 2
    (Pareto exponent 2.5, cutoff 2) with the globally normalised kernel p = 10, a = 2, "max_i C_ii ≈ 40".

    Independent route: the same bound as for the ER graph, ``max_i C_ii <= 1/kappa`` because
    ``spec(T) ⊂ [0, 1]`` for a = 2 (asserted on a small graph), with kappa = mean_i (T^10)_ii computed from
    scratch on several independent V = 10^4 draws of the ensemble. Found (4 draws): 1/kappa = 17.71, 17.07,
    16.53, 17.80 (less than half of 40), and the attained maximum is 0.5/kappa ≈ 8.3-8.9.

    If the paper were right, 1/kappa >= max_i C_ii ≈ 40 and the assertion ``1/kappa < 40`` would fail.
    """
    _check_walk_spectrum_in_unit_interval(lambda: powerlaw_grg_graph(400, 2.5, 2.0, np.random.default_rng(7)))
    rows = _max_prior_variance_bound(lambda rng: powerlaw_grg_graph(US_V, 2.5, 2.0, rng), 40.0, seed=20132)
    print("pl:", [{k: round(v, 4) for k, v in r.items()} for r in rows])
    # contrast: at p = 30 the same route gives 1/kappa = 99.5 and max C_ii = 49.7
    print("pl contrast:", _longer_kernel_contrast(lambda rng: powerlaw_grg_graph(US_V, 2.5, 2.0, rng), 40.0, 30,
                                                  20132))


# ---------------------------------------------------------------------------------------------------
# Urry & Sollich 2013, Appendix A.2 / Fig. 10: the Gaussian cutoff constant of R̂_{l,p}
# ---------------------------------------------------------------------------------------------------


def _distance_chain_B(d: int, a: float, p: int, x_cut: float = 9.0, pad: int = 300) -> float:
    """Moment estimate ``B_p = p Σ_l ρ_l / Σ_l l^2 ρ_l`` of the cutoff constant at finite p.

    ``P_l(p)`` is the exact distribution of the distance from the start of the lazy walk on the infinite
    d-regular tree after p steps: a birth-death chain on l >= 0 that stays with probability 1 - 1/a and
    otherwise moves to a uniform neighbour, i.e. ``0 -> 1`` w.p. 1/a, ``l -> l+1`` w.p. (d-1)/(ad) and
    ``l -> l-1`` w.p. 1/(ad) for l >= 1. Then ``R̂_{l,p} = Ĉ_{l,p} sqrt(v_l) = P_l / sqrt(v_l)`` and
    ``ρ_{l,p} ∝ R̂_{l,p}``; the constant factor ``γ^{-p}`` cancels in the ratio, so γ is not used here.
    If ``ρ ∝ x exp(-B x^2)`` in ``x = l/sqrt(p)`` then ``<l^2>_ρ = p/B``.

    For the numerical range the chain is evolved in the exact diagonal gauge ``w_l = P_l (d-1)^{-l/2}``
    (rescaled by its maximum every step). Mass beyond ``l_max = x_cut sqrt(p) + pad`` is dropped: it
    comes back into the window with relative weight <= (d-1)^{-pad/2}, and ``exp(-B x_cut^2) ~ 1e-36``.
    """
    L = int(min(p, x_cut * np.sqrt(p) + pad))
    g = np.sqrt(d - 1.0)
    stay, out0, up, down = 1.0 - 1.0 / a, 1.0 / a, (d - 1.0) / (a * d), 1.0 / (a * d)
    w = np.zeros(L + 1)
    w[0] = 1.0
    for _ in range(p):
        new = stay * w
        new[1] += out0 / g * w[0]
        new[2:] += up / g * w[1:-1]
        new[1:-1] += down * g * w[2:]
        new[0] += down * g * w[1]
        w = new / new.max()
    l = np.arange(L + 1)
    # P_l / sqrt(v_l) = w_l (d-1)^{l/2} / sqrt(d (d-1)^{l-1}) = w_l sqrt((d-1)/d) for l >= 1; w_0 at l = 0
    rho = w * np.where(l == 0, 1.0, np.sqrt((d - 1.0) / d))
    return float(p * rho.sum() / (l * l * rho).sum())


def _extrapolated_B(d: int, a: float, p_values=(1000, 4000, 16000, 64000)) -> tuple[float, float]:
    """``B_∞`` from ``B_p = B_∞ + c_1 p^{-1/2} + c_2 p^{-1}`` through the last three p, and through the first
    three (a stability check of the extrapolation)."""
    p = np.asarray(p_values, float)
    Bp = np.array([_distance_chain_B(d, a, int(q)) for q in p_values])
    s = p ** -0.5

    def through(idx):
        M = np.stack([np.ones(3), s[idx], s[idx] ** 2], axis=1)
        return float(np.linalg.solve(M, Bp[idx])[0])

    return through(slice(1, 4)), through(slice(0, 3))


def test_us_fig10_text_constant_omits_gamma():
    """Urry & Sollich 2013, Appendix A.2: for large l and p on the d-regular tree (a = 2),
    "R̂_{l,p} ∝ l' exp(-l'^2 d / (2 sqrt(d-1)))", l' = l/sqrt(p), i.e. a Gaussian cutoff constant
    ``B_text = d/(2 sqrt(d-1))`` (= 1.0607 for Fig. 10's d = 3).

    Independent route: the exact distance distribution of the lazy walk on the infinite tree (a
    birth-death chain on l, not recursion (4) and not the figure's fit), evolved to p = 1000 ... 64000;
    B is read off the second moment ``<l^2>_ρ = p/B`` and extrapolated to p -> ∞ in powers of p^{-1/2}.
    The closed form it is compared with is the local CLT of the γ-renormalised walk ρ = R̂ γ^{-p}: away
    from l = 0 it steps ±1 with probability sqrt(d-1)/(a d γ) each, so its per-step variance is
    ``σ² = 2 sqrt(d-1)/(a d γ)`` and ``B = 1/(2σ²) = a d γ/(4 sqrt(d-1))``, γ = (1-1/a) + 2 sqrt(d-1)/(a d).
    Found: d = 3: B = 1.030277 vs derived 1.030330 (-5e-5) vs text 1.060660 (-2.9 %); d = 6: B = 1.170814
    vs derived 1.170820 vs text 1.341641 (-12.7 %).

    If the text were right, the extrapolated B would equal d/(2 sqrt(d-1)); the test requires it to differ
    from that by > 2 % (d = 3) and > 10 % (d = 6) while matching the derived constant to 0.3 %.
    """
    a = 2.0  # Fig. 10 / the text's statement: a = 2; d = 3 as in the fig10 configuration (unstated in the paper)
    for d, min_gap in ((3, 0.02), (6, 0.10)):
        s = np.sqrt(d - 1.0)
        gamma = (1.0 - 1.0 / a) + 2.0 * s / (a * d)
        step = s / (a * d * gamma)  # probability of each of the ±1 steps of the renormalised walk
        stay = (1.0 - 1.0 / a) / gamma
        assert stay + 2.0 * step == pytest.approx(1.0, abs=1e-14)  # γ restores normalisation in the bulk
        B_clt = 1.0 / (2.0 * (2.0 * step))
        B_derived = a * d * gamma / (4.0 * s)
        B_text = d / (2.0 * s)
        assert B_clt == pytest.approx(B_derived, rel=1e-14)

        B_num, B_num_early = _extrapolated_B(d, a)
        print(f"d={d}: B_num={B_num:.6f} (first three p: {B_num_early:.6f}), a d gamma/(4 sqrt(d-1))="
              f"{B_derived:.6f}, text d/(2 sqrt(d-1))={B_text:.6f}")
        assert abs(B_num - B_num_early) < 1e-3 * B_derived  # the extrapolation is stable
        assert B_num == pytest.approx(B_derived, rel=3e-3)
        assert abs(B_num / B_text - 1.0) > min_gap

    # Contrast (rule 5): the same route on the tree where the text's constant is right. For a = 3 - 2 sqrt(2)/3
    # (d = 3), a gamma = 2 makes a d gamma/(4 sqrt(d-1)) equal d/(2 sqrt(d-1)): there the route must pass the text's
    # constant, so the failure at a = 2 is the missing gamma, not a bias of the chain or the extrapolation.
    d, a_star = 3, 3.0 - 2.0 * np.sqrt(2.0) / 3.0
    B_text = d / (2.0 * np.sqrt(d - 1.0))
    B_star, _ = _extrapolated_B(d, a_star)
    print(f"contrast a={a_star:.6f}: B_num={B_star:.6f}, text={B_text:.6f}")
    assert B_star == pytest.approx(B_text, rel=3e-3)


# ---------------------------------------------------------------------------------------------------
# Urry & Sollich 2013, Sec. 3.4 / Fig. 3: the eigenvalue approximation's initial slope under global normalisation
# ---------------------------------------------------------------------------------------------------

US_FIG3_V = 500  # the V of Fig. 3's simulations
US_FIG3_SIGMA2 = (0.1, 0.01, 0.001, 0.0001)  # Fig. 3's noise levels
US_FIG3_SMALL_NU_MAX = 0.1  # the registered bar of the small-nu claim: |ratio - 1| <= 0.1


def _globally_normalised_kernel(A) -> np.ndarray:
    """``C = T^p / kappa``, kappa = mean_i (T^p)_ii, with T built here from the adjacency (dense matrix power)."""
    C = np.linalg.matrix_power(_walk_operator(A, US_A).toarray(), US_P)
    C = 0.5 * (C + C.T)
    return C / float(np.mean(np.diag(C)))


def _eq18_by_fixed_point(e: np.ndarray, nu: float, sigma2: float) -> float:
    """Eq. (18) solved by plain fixed-point iteration: ``eps = (1/V) sum_a e_a / (1 + e_a nu / (eps + sigma2))``
    (kernel eigenvalues e_a of C, lambda_a = e_a / V, N = nu V)."""
    eps = 1.0
    for _ in range(200):
        eps = float(np.mean(e / (1.0 + e * nu / (eps + sigma2))))
    return eps


def _initial_slopes(C: np.ndarray, sigma2: float) -> tuple[float, float]:
    """``(exact, approximation)`` initial slopes -d eps / d nu at nu = 0 on one graph.

    Exact: the first example, at a uniformly random vertex i, lowers the posterior variance at j by
    ``C_ij^2 / (C_ii + sigma2)`` (the rank-one GP update), so ``-d eps/d nu = (1/V) sum_ij C_ij^2/(C_ii + sigma2)``.
    Approximation: differentiating Eq. (18) at N = 0, where eps = (1/V) tr C = 1, gives
    ``-d eps/d nu = (1/V) sum_a e_a^2 / (1 + sigma2) = (1/V) sum_ij C_ij^2 / (1 + sigma2)``: the exact slope with
    every prior variance C_ii replaced by its mean."""
    V = C.shape[0]
    d = np.diag(C)
    exact = float(np.sum(C**2 / (d[:, None] + sigma2)) / V)
    approx = float(np.sum(C**2) / V / (1.0 + sigma2))  # sum_a e_a^2 = tr C^2 (checked on one graph below)
    return exact, approx


def _fig3_slope_ratios(make_graph, n_graphs: int, seed: int) -> dict:
    """Approximation over exact initial slope for each noise level, both averaged over ``n_graphs`` draws (the
    claim compares graph-averaged curves), and the spread of the prior variances."""
    rng = np.random.default_rng(seed)
    ex, ap, spread = np.zeros(len(US_FIG3_SIGMA2)), np.zeros(len(US_FIG3_SIGMA2)), []
    for g in range(n_graphs):
        C = _globally_normalised_kernel(make_graph(rng))
        spread.append(float(np.std(np.diag(C))))
        for k, s2 in enumerate(US_FIG3_SIGMA2):
            x, y = _initial_slopes(C, s2)
            ex[k] += x / n_graphs
            ap[k] += y / n_graphs
        if g == 0:
            # the two slopes by other routes, on the first graph: the exact one from the full GP posterior after
            # one example at a few vertices, the approximation's from Eq. (18) solved at a tiny nu
            V, s2 = C.shape[0], US_FIG3_SIGMA2[0]
            x, y = _initial_slopes(C, s2)
            red = []
            for i in range(V):
                post = np.diag(C) - C[:, i] ** 2 / (C[i, i] + s2)
                red.append(np.mean(np.diag(C) - post))
            assert np.mean(red) * V == pytest.approx(x, rel=1e-10)
            for i in rng.choice(V, 3, replace=False):
                K = np.array([[C[i, i] + s2]])
                post = np.diag(C) - np.einsum("j,j->j", C[i], np.linalg.solve(K, C[i][None, :])[0])
                assert np.sum(np.diag(C) - post) == pytest.approx(np.sum(C[i] ** 2) / (C[i, i] + s2), rel=1e-10)
            nu = 1e-6
            e = np.linalg.eigvalsh(C)
            assert np.sum(e**2) == pytest.approx(np.sum(C**2), rel=1e-10)
            assert (1.0 - _eq18_by_fixed_point(e, nu, s2)) / nu == pytest.approx(y, rel=1e-4)
    return {"ratio": ap / ex, "exact": ex, "approx": ap, "sd_Cii": float(np.mean(spread))}


def test_us_fig3_eigenvalue_approximation_initial_slope_off_with_spread_prior_variances():
    """Urry & Sollich 2013, Sec. 3.4 / Fig. 3: the eigenvalue approximation (Eq. 18) is "accurate for small nu" on
    all three ensembles. Registered reading: what the first examples teach, (1 - eps_eigen)/(1 - eps_sim), within
    10 % at the smallest nu; it fails on er3 (1.21-1.22) and pl (1.34-1.36) and passes on reg3 (1.002-1.003).

    Independent route: the initial slopes in closed form, on graphs drawn here and kernels built here (dense
    T^10, no library kernel or simulation code). The exact slope is the first example's rank-one update,
    (1/V) sum_ij C_ij^2/(C_ii + sigma2); Eq. (18)'s is (1/V) sum_ij C_ij^2/(1 + sigma2) (its derivative at N = 0,
    checked against Eq. (18) solved by fixed point at nu = 1e-6). They agree only when every prior variance C_ii
    equals the mean 1. Under global normalisation the C_ii spread on Erdos-Renyi and power-law graphs (Fig. 2),
    so Eq. (18) overstates the initial error reduction: found (V = 500, 20 graphs, graph-averaged slopes) ratios
    about 1.20 (er3) and 1.34 (pl), the pattern and size of the failures (curvature at nu = 0.01 is the same
    factor, about 0.97, for both curves, so the ratio at nu = 0.01 is the slope ratio).

    Control (shares everything but the spread of C_ii): random 3-regular graphs, where C_ii is constant up to
    rare short cycles; there the same route gives 1.002. If the paper were right for er3 and pl, the slope ratio
    would lie within 10 % of 1 there and the assertions ``ratio > 1.1`` would fail.
    """
    from statmech_bayes.graphs.ensembles import random_regular_graph

    V = US_FIG3_V
    cases = {"er3": lambda rng: erdos_renyi_graph(V, 3.0, rng),
             "pl": lambda rng: powerlaw_grg_graph(V, 2.5, 2.0, rng),
             "reg3": lambda rng: random_regular_graph(V, 3, rng)}
    out = {name: _fig3_slope_ratios(make, n_graphs=20, seed=20133 + k) for k, (name, make) in enumerate(cases.items())}
    for name, r in out.items():
        print(f"{name}: slope ratio approx/exact per sigma2 {np.round(r['ratio'], 4)}, "
              f"mean sd(C_ii) {r['sd_Cii']:.3g}")
    for name in ("er3", "pl"):
        assert out[name]["sd_Cii"] > 0.3, out[name]
        assert out[name]["ratio"].min() > 1.0 + US_FIG3_SMALL_NU_MAX, out[name]
    # control: constant prior variances, the approximation's slope is the exact one
    assert out["reg3"]["sd_Cii"] < 0.1, out["reg3"]
    assert np.abs(out["reg3"]["ratio"] - 1.0).max() < 0.01, out["reg3"]
    assert out["pl"]["ratio"].min() > out["er3"]["ratio"].max()  # the wider spread (Fig. 2) gives the larger error


# ---------------------------------------------------------------------------------------------------
# Hartog & van Zanten 2018, Eq. (4): path-graph Laplacian eigenvectors
# ---------------------------------------------------------------------------------------------------


def _path_laplacian(n: int) -> np.ndarray:
    A = np.zeros((n, n))
    i = np.arange(n - 1)
    A[i, i + 1] = A[i + 1, i] = 1.0
    return np.diag(A.sum(axis=1)) - A


def _eq4(n: int, shift: int) -> tuple[np.ndarray, np.ndarray]:
    """λ_k and the columns u^(k), k = 1..n, of Eq. (4); ``shift = 0`` as printed (cos(π(i-1/2)k/n) for
    k >= 2), ``shift = 1`` with the index k-1 in the cosine."""
    k = np.arange(1, n + 1)
    i = np.arange(1, n + 1)[:, None]
    lam = 4.0 * np.sin(np.pi * (k - 1) / (2.0 * n)) ** 2
    U = np.sqrt(2.0 / n) * np.cos(np.pi * (i - 0.5) * (k - shift)[None, :] / n)
    U[:, 0] = 1.0 / np.sqrt(n)
    return lam, U


def test_hvz_eq4_printed_eigenvectors_are_wrong():
    """Hartog & van Zanten 2018, Eq. (4): for the path graph on n vertices, λ_k = 4 sin²(π(k-1)/(2n)) with
    eigenvectors u_i^(k) = sqrt(2/n) cos(π(i-1/2)k/n) (k = 2..n) and 1/sqrt(n) (k = 1).

    Independent route: the exact small case. L = D - A of the path is built and diagonalised densely
    (eigh) for n = 12 and the paper's n = 500. The printed λ_k are the eigenvalues, but the printed u^(n)
    is identically zero (cos(π(i-1/2)) = 0) and the printed u^(k), 2 <= k < n, are eigenvectors of
    λ_{k+1}, not of λ_k: ||L u^(k) - λ_k u^(k)|| is O(1/n), far above rounding. With k-1 in the cosine
    every residual is < 1e-10 and the basis is orthonormal and equal (up to sign) to eigh's.

    If the printed formula were right, the residuals of the printed vectors would be at rounding level
    and u^(n) would have unit norm; both assertions below would then fail.
    """
    for n in (12, 500):
        L = _path_laplacian(n)
        ev, V = np.linalg.eigh(L)
        lam, U_printed = _eq4(n, shift=0)
        _, U_fixed = _eq4(n, shift=1)
        assert np.allclose(np.sort(lam), ev, atol=1e-10)  # the eigenvalues are printed correctly

        # printed u^(n) vanishes identically
        assert np.linalg.norm(U_printed[:, -1]) < 1e-12

        res_printed = np.linalg.norm(L @ U_printed - U_printed * lam, axis=0)
        res_fixed = np.linalg.norm(L @ U_fixed - U_fixed * lam, axis=0)
        print(f"n={n}: printed residuals k=2..n-1 min {res_printed[1:-1].min():.3g}, "
              f"max {res_printed[1:-1].max():.3g}; corrected max {res_fixed.max():.3g}")
        assert np.all(res_printed[1:-1] > 1e-6)  # ≫ 1e-10 for every k = 2..n-1 (smallest ≈ 1.2e-4 at n = 500)
        assert res_fixed.max() < 1e-10
        # printed u^(k) is in fact the eigenvector of λ_{k+1}
        assert np.linalg.norm(L @ U_printed[:, 1:-1] - U_printed[:, 1:-1] * lam[2:], axis=0).max() < 1e-10
        # the corrected basis is orthonormal and agrees with the dense eigenvectors up to sign
        assert np.allclose(U_fixed.T @ U_fixed, np.eye(n), atol=1e-10)
        assert np.allclose(np.abs(U_fixed.T @ V), np.eye(n), atol=1e-8)
        assert not np.allclose(U_printed.T @ U_printed, np.eye(n), atol=1e-3)


def test_hvz_laplacian_printed_as_a_minus_d_is_not_non_negative():
    """Hartog & van Zanten 2018, Section 2: "The Laplacian is given by L = A - D ... It is a symmetric,
    non-negative definite matrix", with eigenvalues λ_k = 4 sin²(π(k-1)/(2n)) >= 0 on the path (Eq. 4).

    Independent route: dense eigenvalues of A - D built from the adjacency, on the path graph (n = 12, 500) and a
    small cycle with a chord. A - D = -(D - A) has eigenvalues -λ_k: the smallest is -max λ < 0, so A - D is
    negative semi-definite. If the printed L were right, its smallest eigenvalue would be >= 0 (to rounding) and
    its spectrum the paper's λ_k; both assertions below would then fail. Contrast: D - A, built the same way, is
    non-negative definite with exactly the paper's λ_k (the case where the same claim passes).
    """
    ring = np.zeros((7, 7))
    for i in range(7):
        ring[i, (i + 1) % 7] = ring[(i + 1) % 7, i] = 1.0
    ring[0, 3] = ring[3, 0] = 1.0
    for A in (_path_laplacian(12), _path_laplacian(500), np.diag(ring.sum(axis=1)) - ring):
        A = np.diag(np.diag(A)) - A  # the adjacency back from D - A
        D = np.diag(A.sum(axis=1))
        printed = np.linalg.eigvalsh(A - D)
        right = np.linalg.eigvalsh(D - A)
        assert printed.min() < -1.0  # far below 0: not non-negative definite
        assert printed.max() < 1e-10  # in fact negative semi-definite
        assert right.min() > -1e-10  # contrast: D - A is non-negative definite
        np.testing.assert_allclose(np.sort(-printed), right, atol=1e-10)
    n = 500
    lam = 4.0 * np.sin(np.pi * np.arange(n) / (2.0 * n)) ** 2
    np.testing.assert_allclose(np.linalg.eigvalsh(_path_laplacian(n)), np.sort(lam), atol=1e-10)


def test_hvz_acceptance_ratio_printed_without_square_is_wrong():
    """Hartog & van Zanten 2018, Section 3.2 and Algorithm 1 line 5: the k-move accepts k' with the ratio r whose
    exponent holds z^T u^(i) / (1 + c τ_i), and Lemma 1 says the chain keeps the posterior invariant.

    Independent route: the exact small case. On a path graph (n = 20) with z ~ N(0, I) and c, γ fixed, the target
    p(k | z, c) ∝ N(z; 0, I + U_k diag(1/(c τ)) U_kᵀ) e^{-γk} is computed from dense multivariate normal densities
    (scipy), not from the paper's product formula, and the k-chain (Bin(4, ½) steps, Metropolis) is built as a
    transition matrix whose stationary law is its left eigenvector. With the exponent as printed the stationary law
    is far from the target (TV > 0.1); if the paper's ratio were right the two would agree to rounding and the first
    assertion would fail. Contrast: the same chain with (z^T u^(i))² keeps the target to 1e-8, so the mechanism is
    the missing square, not the chain or the target.
    """
    from scipy import stats

    n, c, gamma, q = 20, 10.0, 0.1, 1.0
    i = np.arange(1, n + 1)[:, None]
    k = np.arange(1, n + 1)[None, :]
    U = np.sqrt(2.0 / n) * np.cos(np.pi * (i - 0.5) * (k - 1) / n)
    U[:, 0] = 1.0 / np.sqrt(n)
    lam = 4.0 * np.sin(np.pi * np.arange(n) / (2.0 * n)) ** 2
    tau = (lam + 1.0 / n**2) ** q
    z = np.random.default_rng(0).standard_normal(n)
    logp = np.array([stats.multivariate_normal(np.zeros(n), np.eye(n) + U[:, :m] @ np.diag(1 / (c * tau[:m]))
                                               @ U[:, :m].T).logpdf(z) - gamma * m for m in range(1, n + 1)])
    target = np.exp(logp - logp.max())
    target /= target.sum()
    zeta = U.T @ z

    def stationary(x):
        cum = np.concatenate([[0.0], np.cumsum(0.5 * (np.log(c * tau) - np.log1p(c * tau) + x / (1 + c * tau)))])
        P = np.zeros((n, n))
        for a in range(1, n + 1):
            for step, pr in zip(range(-2, 3), np.array([1, 4, 6, 4, 1]) / 16.0):
                b = a + step
                if step and 1 <= b <= n:
                    P[a - 1, b - 1] = pr * min(1.0, np.exp(-gamma * (b - a) + cum[b] - cum[a]))
            P[a - 1, a - 1] = 1.0 - P[a - 1].sum()
        w, v = np.linalg.eig(P.T)
        pi = np.abs(np.real(v[:, np.argmin(np.abs(w - 1))]))
        return pi / pi.sum()

    tv_printed = 0.5 * np.abs(stationary(zeta) - target).sum()
    tv_squared = 0.5 * np.abs(stationary(zeta**2) - target).sum()
    print(f"TV to p(k | z, c): printed {tv_printed:.3f}, squared {tv_squared:.1e}")
    assert tv_printed > 0.1
    assert tv_squared < 1e-8


# ---------------------------------------------------------------------------------------------------
# Uda & Kabashima 2005, Eq. (53): the state evolution of R drops a term
# ---------------------------------------------------------------------------------------------------

UK_KAPPA, UK_ALPHA, UK_CT = 0.05, 1.0, 0.2  # Fig. 3: kappa = 0.05, alpha = M/N = 1, C_t = 0.2
UK_C_VALUES = (0.1, 0.2, 0.3)  # Fig. 3's three C


def _uk_averages(Qh: float, Rh: float, S: float, lam: float, Ct: float, n: int = 200) -> dict:
    """Averages of Eqs. (51)-(55) over ``h = sqrt(Q̂) z + R̂ w_o`` by tensor Gauss-Hermite quadrature.

    ``z ~ N(0, 1)``; the teacher component w_o is 0 with probability 1 - C_t and N(0, 1) with probability
    C_t (Eq. 7). ``p(h) = σ(λ - ln(S)/2 + h²/(2S))`` is the posterior probability of c = 1 (S = F + Q̂).
    """
    x, wx = np.polynomial.hermite_e.hermegauss(n)
    wx = wx / np.sqrt(2.0 * np.pi)
    Z, W = np.meshgrid(x, x, indexing="ij")
    WW = np.outer(wx, wx)

    def p_of(h):
        return expit(lam - 0.5 * np.log(S) + h * h / (2.0 * S))

    h = np.sqrt(Qh) * Z + Rh * W  # active teacher component
    p = p_of(h)
    h0 = np.sqrt(Qh) * x  # w_o = 0
    p0 = p_of(h0)
    E1 = lambda f: float(np.sum(WW * f))
    return {
        "p_mean": (1.0 - Ct) * float(wx @ p0) + Ct * E1(p),  # Eq. (55): = C
        "Q": (1.0 - Ct) * float(wx @ (p0 * h0 / S) ** 2) + Ct * E1((p * h / S) ** 2),  # Eq. (51)
        "R52": Ct * E1(p * W * h) / S,  # Eq. (52): <w_o m(h)>, m = p h / S
        "R53": Ct * Rh * E1(p * W * W) / S,  # Eq. (53) as printed
        "dropped": Ct * np.sqrt(Qh) * E1(p * W * Z) / S,  # (sqrt(Q̂)/S) <w_o ∫Dz z p(h)>
        # the same term by Stein's lemma, ∫Dz z g(sqrt(Q̂) z) = sqrt(Q̂) ∫Dz g'; p'(h) = p (1 - p) h / S
        "dropped_stein": Ct * Qh * E1(W * p * (1.0 - p) * h / S) / S,
    }


def test_uk_eq53_drops_a_term():
    """Uda & Kabashima 2005, Eq. (53): the state evolution of the teacher overlap is printed as
    ``R = (R̂/S) <∫Dz p(h) w_o²>``, h = sqrt(Q̂) z + R̂ w_o, as the evaluation of Eq. (52),
    ``R = <w_o ∫Dz p(h) h / S>`` (S = F + Q̂).

    Since ``w_o h = R̂ w_o² + sqrt(Q̂) z w_o``, Eq. (52) equals Eq. (53) plus ``(sqrt(Q̂)/S) <w_o ∫Dz z p(h)>``,
    which Eq. (53) drops. Independent route: at the RS fixed point of the library's solver (Fig. 3's
    parameters κ = 0.05, α = 1, C_t = 0.2, C = 0.1, 0.2, 0.3; solved with Eq. 52), the conjugates
    (Q̂, R̂, S, λ) are taken and all averages are recomputed here by 200x200 Gauss-Hermite quadrature
    (the library uses 801-point Simpson): the dropped term (also via Stein's lemma), R from (52) and
    from (53). Found (C = 0.2): R(52) = 0.122988 = Q (Nishimori), R(53) = 0.110627, dropped term
    0.012361 = R(52) - R(53) to ~1e-10; about 10 % of R at every C.

    Tolerance: the solver stops at |ΔQ| + |ΔR| < 1e-10, and both quadratures are accurate to ~1e-10, so the
    dropped term (~1e-2) is matched to 1e-6 relative. If Eq. (53) were the same state evolution as (52),
    the difference and the dropped term would vanish and ``dropped > 0.05 R`` would fail; at C = C_t
    Eq. (53) would also satisfy the Nishimori identity R = Q, which it breaks by 10 %.
    """
    from statmech_bayes.sparse_classifier.quadrature import gauss_grid
    from statmech_bayes.sparse_classifier.replica import entropic, solve_rs

    grid = gauss_grid(801)
    for C in UK_C_VALUES:
        sol = solve_rs(C, UK_CT, UK_ALPHA, UK_KAPPA, grid=grid)  # the fixed point under test (Eq. 52)
        # Eq. (53) as printed, evaluated by the library at the same conjugates (same S, λ: (54)-(55) do not
        # involve R)
        _, R53_lib, sol53 = entropic(sol.Qh, sol.Rh, C, UK_CT, grid, r_equation="53")
        assert sol53.S == pytest.approx(sol.S, rel=1e-10) and sol53.lam == pytest.approx(sol.lam, rel=1e-10)

        m = _uk_averages(sol.Qh, sol.Rh, sol.S, sol.lam, UK_CT)
        print(f"C={C}: R(52 fixed point)={sol.R:.8f}, R(53 printed)={R53_lib:.8f}, difference="
              f"{sol.R - R53_lib:.8f}, dropped term={m['dropped']:.8f} (Stein {m['dropped_stein']:.8f}), "
              f"Q={m['Q']:.8f}")
        # my quadrature reproduces the pruning condition (55) and the fixed point's R and Q
        assert m["p_mean"] == pytest.approx(C, rel=1e-8)
        assert m["R52"] == pytest.approx(sol.R, rel=1e-7)
        assert m["Q"] == pytest.approx(sol.Q, rel=1e-7)
        assert m["R53"] == pytest.approx(R53_lib, rel=1e-7)
        assert m["dropped_stein"] == pytest.approx(m["dropped"], rel=1e-8)
        # the finding: R(52) - R(53) is exactly the dropped term, and it is far from zero
        assert sol.R - R53_lib == pytest.approx(m["dropped"], rel=1e-6)
        assert m["dropped"] > 0.05 * sol.R
        if C == UK_CT:  # Nishimori: R = Q at C = C_t holds with (52), not with (53)
            assert sol.R == pytest.approx(m["Q"], rel=1e-7)
            assert abs(R53_lib / m["Q"] - 1.0) > 0.05
# ---------------------------------------------------------------------------------------------------
# Uda & Kabashima 2005, Section 5: the stated whitening of the 62 colon tissues does not exist
# ---------------------------------------------------------------------------------------------------


def test_uk_whitening_of_62_centred_samples_has_rank_61():
    """Uda & Kabashima 2005, Section 5: the colon data are whitened so that (1/M) sum_mu x^mu = 0 and
    (1/M) sum_mu x_i^mu x_j^mu = delta_ij hold "in the reduced space" of dimension M = 62.

    Independent route (no library code): the 62 centred tissues of Colon.rda (data/colon), before and after the
    paper's row normalisation, have rank 61 by the singular values of numpy's SVD; and for any 62 x d matrix Z with
    zero column means, Z^T Z / 62 = I_d needs rank(Z) = d while the centring matrix forces rank(Z) <= 61, so d = 62 is
    impossible: the smallest eigenvalue of Z^T Z / 62 for the best 62-column candidate (sqrt(62) U of the full SVD)
    is 0, not 1. Tolerance: singular values below 1e-10 of the largest count as zero (the gap is ~1e-12 vs ~1e-1).
    """
    from statmech_bayes.data.colon import load_colon

    X = load_colon(Path(__file__).resolve().parents[1] / "data" / "colon").X
    for Y in (X, X - X.mean(0)):
        Yc = Y - Y.mean(0)
        Yc = Yc * (np.sqrt(Yc.shape[1]) / np.linalg.norm(Yc, axis=1, keepdims=True))
        Yc = Yc - Yc.mean(0)
        s = np.linalg.svd(Yc, compute_uv=False)
        assert np.sum(s > 1e-10 * s[0]) == 61
        assert s[-1] < 1e-10 * s[0] and s[-2] > 1e-3 * s[0]
    U, _, _ = np.linalg.svd(Yc, full_matrices=True)
    Z = np.sqrt(62) * U[:, :62]
    Z = Z - Z.mean(0)  # the zero-mean condition
    ev = np.linalg.eigvalsh(Z.T @ Z / 62)
    assert ev.min() < 1e-10 and np.allclose(ev[1:], 1.0, atol=1e-8)


# ---------------------------------------------------------------------------------------------------
# KJIT (Jitkrittum et al. 2015), Sec. 3.3 / Exp. 5: the paper's regression target (expected sufficient statistics
# of the projected belief) cannot resolve the outgoing messages of Blood transfusion's narrow cavities
# ---------------------------------------------------------------------------------------------------


def _kj_tilted_moments(mu, var, y):
    """Mean and variance of N(z; mu, var) sigma(z)^y sigma(-z)^(1-y) on a 4001-point grid over mu +- 12 sd (numpy
    only; the Beta(1 + y, 2 - y) message of an observed label contributes sigma(z)^y sigma(-z)^(1 - y))."""
    t = np.linspace(-12.0, 12.0, 4001)
    z = mu[:, None] + np.sqrt(var)[:, None] * t
    lw = -0.5 * t * t - np.logaddexp(0.0, np.where(y[:, None] == 1, -z, z))
    w = np.exp(lw - lw.max(axis=1, keepdims=True))
    w /= w.sum(axis=1, keepdims=True)
    m = (w * z).sum(axis=1)
    return m, (w * (z - m[:, None]) ** 2).sum(axis=1)


def _kj_cavities(name, n_sweeps=10):
    """Parallel EP (Infer.NET's schedule) for logistic regression without bias on the authors' standardised training
    split (read with scipy.io.loadmat), exact moments of :func:`_kj_tilted_moments`; the cavities and projected
    moments of sweeps 2..n_sweeps."""
    from scipy.io import loadmat

    raw = loadmat(Path(__file__).resolve().parents[1] / "data" / "uci" / f"{name}_norm_tr.mat")
    X, y = np.asarray(raw["X"], float).T, np.asarray(raw["Y"]).ravel().astype(int)
    n, d = X.shape
    nu, tau = np.zeros(n), np.zeros(n)
    out = []
    for sweep in range(n_sweeps):
        prec = np.eye(d) + (X.T * tau) @ X
        cov = np.linalg.inv(prec)
        mean = cov @ (X.T @ nu)
        s, m = np.einsum("ij,jk,ik->i", X, cov, X), X @ mean
        tc, nc = 1.0 / s - tau, m / s - nu
        ok = tc > 0
        mu_c, var_c = nc[ok] / tc[ok], 1.0 / tc[ok]
        mq, vq = _kj_tilted_moments(mu_c, var_c, y[ok])
        if sweep >= 1:
            out.append((var_c, mq, vq))
        new_tau = np.maximum(1.0 / vq - 1.0 / var_c, 0.0)
        new_nu = np.where(new_tau > 0, mq / vq - mu_c / var_c, mq * (1.0 / var_c) - mu_c / var_c)
        nu[ok], tau[ok] = new_nu, new_tau
    return [np.concatenate(p) for p in zip(*out)]


def test_kj_sufficient_statistics_target_cannot_resolve_blood_sites():
    """KJIT, Sec. 3.3 states the regression outputs as the expected sufficient statistics of the projected belief,
    for the Gaussian message to z (E[z], E[z^2]); Exp. 5 uses the threshold -9 on the log predictive variance, so a
    prediction the operator accepts without consulting its oracle may be off by one predictive standard deviation
    delta = exp(-9/2) = 0.011 in E[z^2]. The outgoing message to z is N(E z, E z^2 - (E z)^2) / cavity, whose
    precision 1/v_q - 1/v_c is a small difference for the narrow cavities of Blood transfusion.

    Independent route (numpy / scipy only, no library code): exact parallel EP on the authors' Blood training split;
    for the messages of sweeps 2-10, the relative change of the site precision caused by an error of delta in
    E[z^2] has median above 10 (the site is undetermined), and for more than 90 % of them the error makes the
    quotient improper (v_q + delta >= v_c). On Fertility, whose cavities are broad, the same error changes the site
    precision by under 50 % (median) and never makes it improper. (Measured: Blood median 32, 95 %; Fertility 0.08,
    0 %.)

    A test of the MECHANISM only, not the proof of a finding (issue 34, rule 5): it holds on Banknote as well
    (measured: median 5.9, 87 % improper), whose Fig. 9 accuracy claim passes (0.0072 <= 0.02), and the authors' own
    target also misses on Blood; so it does not single out Blood's failure, which stays unexplained (the claims note
    proposes this mechanism through unproven()). The Banknote assertion below keeps that contrast visible."""
    delta = np.exp(-4.5)

    def stats(name):
        var_c, mq, vq = _kj_cavities(name)
        site = 1.0 / vq - 1.0 / var_c
        rel = (1.0 / np.maximum(vq - delta, 1e-300) - 1.0 / vq) / site
        return float(np.median(rel)), float(np.mean(var_c - vq < delta))

    blood_rel, blood_improper = stats("blood_transfusion")
    fert_rel, fert_improper = stats("fertility")
    bank_rel, bank_improper = stats("banknote")
    assert blood_rel > 10.0 and blood_improper > 0.9
    assert fert_rel < 0.5 and fert_improper == 0.0
    assert bank_rel > 1.0 and bank_improper > 0.5          # the contrast case: the mechanism is not Blood's alone


# ---------------------------------------------------------------------------------------------------
# KJIT, Exp. 1 / Fig. 3: the regression target of the text, (E z, E z^2), admits predictions that are no
# distribution; the authors' code regresses (E z, log Var z), which cannot give one
# ---------------------------------------------------------------------------------------------------


def _kj_ridge_weights(X_train, X_test, width, lam):
    """Gaussian-kernel ridge regression as a linear smoother: prediction = W @ target with
    W = k(X_test, X_train) (K + lam I)^-1, the same W for every output regressed on the same inputs (Sec. 3.3
    treats each output as a separate regression problem on shared features)."""
    def gram(A, B):
        return np.exp(-((A[:, None, :] - B[None, :, :]) ** 2).sum(-1) / (2.0 * width ** 2))

    return np.linalg.solve(gram(X_train, X_train) + lam * np.eye(len(X_train)), gram(X_train, X_test)).T


def test_kj_sufficient_statistics_target_admits_improper_predictions():
    """KJIT, Sec. 3.3: the regression outputs are the expected sufficient statistics of the projected belief, for
    the Gaussian belief q_{f->z} (E z, E z^2), read back as N(E z, E z^2 - (E z)^2). A linear smoother with weights
    a_i (ridge regression on any features) predicts E z = sum a_i m_i and E z^2 = sum a_i (v_i + m_i^2). With
    a_i >= 0 and sum a_i <= 1 the predicted variance is >= 0 (convexity of m^2); ridge weights are partly negative,
    and for a narrow belief far from 0 (v << m^2) the variance is a small difference of two large predictions, so it
    can come out negative. The authors' code regresses (E z, log Var z) instead (MATLAB DNormalLogVarBuilder.getStat
    and fromStat, used by exp6_logistic_factor.m and exp7_kl_table.m; C# KEPOnlineISLogisticOpIns), whose
    prediction exp(sum a_i log v_i) > 0 is a proper Gaussian whatever the weights.

    Independent route (numpy only, no library code): (a) by hand, two training beliefs N(0, 1) and N(1, 0.01) and
    the extrapolating weights (-0.5, 1.5) give E z = 1.5, E z^2 = 1.015: variance -1.235, while the log-variance
    target gives variance 0.01^1.5 = 0.001. (b) Gaussian-kernel ridge (lambda = 1e-4, the LOOCV choice of the
    build) on 1,000 exact logistic projected beliefs (incoming N(mu, s^2), mu ~ N(0, 9), log s^2 ~ U(-4, 2), label
    y), every training target proper, predicting 3,000 test beliefs: on the paper's target 15 of 3,000 (0.5 %)
    predictions are improper, all narrow beliefs far from 0 (v / m^2 below 0.02; 37 % of the test set is below
    0.05) and all in the upper 16 % of the predictive variance (our build's three: its top 0.6 %). The control shares
    the inputs, features, lambda and the weights W themselves and changes only the target to (E z, log Var z):
    0 of 3,000. A second control keeps the paper's target and clips W to non-negative rows of sum <= 1: 0 improper,
    so the negative weights are what the paper's target cannot absorb.
    """
    # (a) two training beliefs, weights by hand
    a = np.array([-0.5, 1.5])
    m2, v2 = np.array([0.0, 1.0]), np.array([1.0, 0.01])
    ez, ez2 = a @ m2, a @ (v2 + m2 ** 2)
    assert ez2 - ez ** 2 == pytest.approx(-1.235)               # the paper's target: no distribution
    assert np.exp(a @ np.log(v2)) == pytest.approx(1e-3)        # the code's target: a proper Gaussian

    # (b) ridge regression of exact logistic projected beliefs
    rng = np.random.default_rng(0)

    def beliefs(k):
        mu, logv, y = rng.normal(0.0, 3.0, k), rng.uniform(-4.0, 2.0, k), rng.integers(0, 2, k)
        m, v = _kj_tilted_moments(mu, np.exp(logv), y)
        return np.c_[mu / 3.0, logv / 3.0, y], m, v

    X_tr, m_tr, v_tr = beliefs(1000)
    X_te, m_te, v_te = beliefs(3000)
    assert np.all(v_tr > 0)                                      # valid training targets only
    W = _kj_ridge_weights(X_tr, X_te, width=0.5, lam=1e-4)
    var_paper = W @ (v_tr + m_tr ** 2) - (W @ m_tr) ** 2         # (E z, E z^2)
    var_code = np.exp(W @ np.log(v_tr))                          # (E z, log Var z), same W
    bad = var_paper <= 0
    assert bad.sum() >= 5                                        # the paper's target: improper predictions (15)
    assert np.all(var_code > 0) and np.all(np.isfinite(var_code))  # the control: none, by construction
    assert np.max(v_te[bad] / m_te[bad] ** 2) < 0.05             # narrow beliefs far from zero
    assert np.mean(W < 0) > 0.3                                  # ridge weights are partly negative
    Wc = np.clip(W, 0.0, None)
    Wc /= np.maximum(Wc.sum(axis=1, keepdims=True), 1.0)
    assert np.all(Wc @ (v_tr + m_tr ** 2) - (Wc @ m_tr) ** 2 >= 0)   # convex weights: always proper


# ---------------------------------------------------------------------------------------------------
# KJIT, Exp. 1 / Fig. 3b: at the log KL the paper prints for its 99th-percentile example (-5.46) no two Gaussians
# differ by less than 5.59 % of the peak, so that example fails the 5 % reading of "barely visible" as ours does
# ---------------------------------------------------------------------------------------------------

KJ_P99_LOG_KL = -5.46       # Fig. 3b: the title of the published 99th-percentile panel
KJ_BARELY_VISIBLE = 0.05    # the registered reading: largest density difference under 5 % of the peak


def _kj_visible_difference(mu, s, z):
    """max_z |N(z; 0, 1) - N(z; mu, s^2)| / max N(.; 0, 1) on the grid z. The truth may be taken standard: both
    KL[q || q_hat] and this ratio are unchanged by z -> a z + b applied to the two densities."""
    return float(np.max(np.abs(np.exp(-0.5 * z * z) - np.exp(-0.5 * ((z - mu) / s) ** 2) / s)))


def _kj_least_visible_difference(log_kl, z):
    """The smallest largest density difference over all N(mu, s^2) with KL[N(0, 1) || N(mu, s^2)] = exp(log_kl):
    a scan of the sd ratio s over the feasible interval (KL of the variance alone <= kappa), mu from the constraint,
    refined around the best scan point. Returns (difference, s, mu)."""
    from scipy.optimize import brentq, minimize_scalar

    kappa = np.exp(log_kl)

    def kl_var(s):                          # KL[N(0, 1) || N(0, s^2)]
        return 0.5 * (np.log(s * s) + 1.0 / (s * s) - 1.0)

    def mu_of(s):                           # (1 + mu^2) / s^2 = 2 kappa + 1 - log s^2
        return np.sqrt(max(s * s * (2.0 * kappa + 1.0 - np.log(s * s)) - 1.0, 0.0))

    lo = brentq(lambda s: kl_var(s) - kappa, 0.2, 1.0)
    hi = brentq(lambda s: kl_var(s) - kappa, 1.0, 5.0)
    grid = np.linspace(lo, hi, 801)
    vals = np.array([_kj_visible_difference(mu_of(s), s, z) for s in grid])
    k = int(np.argmin(vals))
    res = minimize_scalar(lambda s: _kj_visible_difference(mu_of(s), s, z), method="bounded",
                          bounds=(grid[max(k - 1, 0)], grid[min(k + 1, grid.size - 1)]),
                          options={"xatol": 1e-7})
    best = min((vals[k], grid[k]), (float(res.fun), float(res.x)))
    return best[0], best[1], mu_of(best[1])


def _kj_mean_shift_difference(log_kl):
    """Closed form for a pure mean shift mu = sqrt(2 kappa): with u = z - mu/2 the difference is
    2 exp(-mu^2/8 - u^2/2) sinh(u mu/2), largest where u tanh(u mu / 2) = mu / 2."""
    from scipy.optimize import brentq

    mu = np.sqrt(2.0 * np.exp(log_kl))
    u = brentq(lambda u: u * np.tanh(u * mu / 2.0) - mu / 2.0, 1e-6, 10.0)
    return 2.0 * np.exp(-mu * mu / 8.0 - u * u / 2.0) * np.sinh(u * mu / 2.0)


def test_kj_fig3_papers_log_kl_forces_a_visible_difference():
    """KJIT, Sec. 4 Exp. 1: "The discrepancy with respect to the ground truth is barely visible even at the 99th
    percentile", with Fig. 3b's 99th-percentile panel titled log KL -5.46. The registered reading of "barely
    visible" is a largest density difference under 5 % of the true peak; our 99th-percentile example fails it
    (6.9 % at log KL -5.35).

    Independent route (numpy / scipy only): over every pair of Gaussians with KL[q || q_hat] = exp(-5.46), minimised
    numerically over the sd ratio (the mean from the constraint), the smallest largest difference is 5.59 % of the
    peak, reached by a pure mean shift (s = 1, mu = 0.092 sd); it agrees with the closed form
    2 exp(-mu^2/8 - u^2/2) sinh(u mu/2) (u tanh(u mu/2) = mu/2) and to first order with mu exp(-1/2), and it
    stays above 5 % on the claims' 300-point grid over the true mean +- 4 sd. So no prediction at the paper's own
    log KL meets the reading: the paper's example fails it as ours does (at our -5.35 the least possible is 5.9 %).
    Control: at log KL -6 the least difference is 4.27 %, under the bar; the bound crosses 5 % at log KL -5.684,
    so the reading is attainable only for a 99th-percentile log KL 0.22 below the paper's.
    """
    z_fine = np.linspace(-10.0, 10.0, 40001)
    least, s, mu = _kj_least_visible_difference(KJ_P99_LOG_KL, z_fine)
    closed = _kj_mean_shift_difference(KJ_P99_LOG_KL)
    assert least == pytest.approx(closed, abs=2e-5)                       # the minimiser is the pure mean shift
    assert s == pytest.approx(1.0, abs=5e-3)
    assert closed == pytest.approx(np.sqrt(2.0 * np.exp(KJ_P99_LOG_KL)) * np.exp(-0.5), rel=5e-3)
    assert least == pytest.approx(0.0559, abs=1e-4)
    assert least > KJ_BARELY_VISIBLE                                        # the paper's example: fails the reading
    z_claims = np.linspace(-4.0, 4.0, 300)                                  # the grid the claims use
    assert _kj_least_visible_difference(KJ_P99_LOG_KL, z_claims)[0] > KJ_BARELY_VISIBLE
    assert _kj_least_visible_difference(-5.35, z_fine)[0] == pytest.approx(0.0591, abs=2e-4)

    # control: a smaller KL, where the bar is attainable
    assert _kj_least_visible_difference(-6.0, z_fine)[0] == pytest.approx(0.0427, abs=2e-4)
    assert _kj_least_visible_difference(-6.0, z_fine)[0] < KJ_BARELY_VISIBLE
    from scipy.optimize import brentq

    crossing = brentq(lambda lk: _kj_mean_shift_difference(lk) - KJ_BARELY_VISIBLE, -8.0, -4.0)
    assert crossing == pytest.approx(-5.684, abs=2e-3) and -6.0 < crossing < KJ_P99_LOG_KL


# ---------------------------------------------------------------------------------------------------
# Urry & Sollich 2013, Sec. 5 / Figs 7-8: the mismatch maximum is a low-noise effect
# ---------------------------------------------------------------------------------------------------

US_MISMATCH_SIGMA2 = (1e-4, 1e-3, 1e-2, 1e-1)  # the legend of Figs 7 and 8
US_MISMATCH_RISE_MIN = 0.02  # the claims' rise_min: a rise must exceed it (and 3 standard errors)


def _us_both_normalisations(A) -> tuple[np.ndarray, np.ndarray]:
    """Globally (mean diagonal 1) and locally (unit diagonal) normalised T^p, p = 10, a = 2, dense, built here."""
    T = _walk_operator(A, US_A).toarray()
    w, U = np.linalg.eigh(T)
    C = (U * w**US_P) @ U.T
    s = np.sqrt(np.diag(C))
    return C / np.mean(np.diag(C)), C / np.outer(s, s)


def _us_mismatch_errors(CS, CT, counts, sigma2s) -> np.ndarray:
    """Exact mismatched error of one data set (teacher N(0, CT), student N(0, CS), noise sigma2 for both),
    averaged over teacher and noise, at every sigma2 from one eigendecomposition of G^(1/2) CS[O,O] G^(1/2)
    (G: the counts at the observed vertices): eps = (1/V)[tr CT - 2 tr(A CT[O,:]) + tr(A (CT[O,O] + s2/G) A^T)],
    A = CS[:,O] (CS[O,O] + s2/G)^(-1). Another route than the library's per-noise Cholesky solves."""
    V = counts.size
    O = np.flatnonzero(counts > 0)
    g = np.sqrt(counts[O].astype(float))
    m, U = np.linalg.eigh(g[:, None] * CS[np.ix_(O, O)] * g[None, :])
    X = g[:, None] * U                       # K^-1 = X diag(1/(m + s2)) X^T
    PS, PT = CS[:, O] @ X, CT[:, O] @ X
    B1, B2 = PS.T @ PS, X.T @ CT[np.ix_(O, O)] @ X
    cross_k = np.einsum("ik,ik->k", PT, PS)
    out = []
    for s2 in sigma2s:
        w = 1.0 / (np.maximum(m, 0.0) + s2)
        quad = np.einsum("k,kl,l,lk->", w, B1, w, B2) + s2 * np.einsum("k,kk,k->", w, B1, w)
        out.append((np.trace(CT) - 2.0 * (w @ cross_k) + quad) / V)
    return np.array(out)


def _rise(curve: np.ndarray) -> float:
    """Largest rise of a curve from a point to any later point (0 for a non-increasing curve)."""
    return float(max(curve[i:].max() - curve[i] for i in range(curve.size)))


def test_us_fig7_fig8_mismatch_maximum_only_at_the_lowest_noise_level():
    """Urry & Sollich 2013, Sec. 5 / Figs 7-8: the mismatched learning curves "for a range of noise levels" show "an
    increase in error as nu approaches unity"; "similar behaviour" in every panel. Registered reading: every curve
    drawn (sigma2 = 1e-1 ... 1e-4) rises to a maximum; ours rises only at sigma2 = 1e-4, in all four panels.

    Mechanism: the rise is an amplification that the student's noise level cuts off. With C_T = Lam C_S Lam (the
    two normalisations differ by a diagonal rescaling), the teacher puts power into directions where the student's
    kernel on the observed vertices is weak; the student's mean amplifies those by up to ~1/sigma2 once the observed
    vertices crowd together (nu ~ 1), and the noise level bounds it. Writing eps = eps_T + D (eps_T the teacher's
    own Bayes error, monotone; D the mean squared difference of student and teacher posterior means), the bump is
    D's peak: on one V = 500 er3 graph D peaks at 0.90, 0.47, 0.20, 0.08 for sigma2 = 1e-5, 1e-4, 1e-3, 1e-2, and
    only below sigma2 ~ 3e-4 does it outgrow the fall of eps_T. Measured (er3, exact averages over teacher and
    noise, nested data sets, 22 nu in 0.1-3): the rise of the graph-averaged curve is 1.55 / 1.74 (student global /
    local) at sigma2 = 1e-5, 0.71 / 0.68 at 3e-5, 0.17 / 0.20 at 1e-4, 0.05 / 0.07 at 2e-4, at most 0.001 from 5e-4
    (V = 500, 10 graphs); 0.16 / 0.21 at 1e-4, 0.01 / 0.015 at 3e-4 and 0 from 1e-3 (V = 1000, 3 graphs); at
    V = 125 (12 graphs) 0.31 / 0.42 at 1e-4 and 0 from 1e-3. So the threshold, sigma2 ~ 3e-4, does not move with
    the unstated V, and the paper's noise levels, p, a and error (Eq. 11, the caption's parameters) are ours: under
    the stated model the curves at sigma2 >= 1e-3 have no maximum, and the registered every-curve reading cannot
    hold.

    Independent route: kernels built here (dense eigendecomposition of the walk operator), the exact error in the
    eigenbasis of the observed block (not the library's Cholesky solves), checked against explicit GP regression
    with sampled teachers and noise. Paper's version: sigma2 = 1e-2 and 1e-1, where every panel's averaged
    curve falls and no single graph's curve rises by the claims' 0.02; at 1e-3 the rise left is at most a quarter
    of that at 1e-4 (a shoulder: heavy-tailed over graphs, one power-law graph in six can lift a 6-graph average by
    0.08, while the build's 100-graph average has no significant rise). Control, sharing graphs, data sets,
    kernels and pairing: sigma2 = 1e-4, where every panel rises by more than 0.05.
    """
    rng = np.random.default_rng(20131207)
    V, n_graphs = 400, 4
    nus = np.geomspace(0.2, 2.0, 12)
    Ns = np.round(nus * V).astype(int)
    # the exact formula against explicit GP regression on a small graph (teachers and noise sampled)
    A = erdos_renyi_graph(60, 3.0, rng)
    Cg, Cl = _us_both_normalisations(A)
    x = rng.integers(0, 60, 45)
    counts = np.bincount(x, minlength=60)
    s2 = 1e-2
    exact = _us_mismatch_errors(Cg, Cl, counts, [s2])[0]
    w, U = np.linalg.eigh(Cl)
    root = U * np.sqrt(np.maximum(w, 0.0))
    K = Cg[np.ix_(x, x)] + s2 * np.eye(x.size)
    P = np.linalg.solve(K, Cg[x, :]).T                       # student mean = P y
    draws = 4000
    g = root @ rng.standard_normal((60, draws))
    y = g[x] + np.sqrt(s2) * rng.standard_normal((x.size, draws))
    err = np.mean((g - P @ y) ** 2, axis=0)
    assert abs(err.mean() - exact) < 4 * err.std() / np.sqrt(draws), (err.mean(), exact)

    rises = {}
    for ens, make in (("er3", lambda r: erdos_renyi_graph(V, 3.0, r)),
                      ("pl", lambda r: powerlaw_grg_graph(V, 2.5, 2.0, r))):
        curves = np.zeros((n_graphs, 2, len(US_MISMATCH_SIGMA2), Ns.size))
        for gi in range(n_graphs):
            Cg, Cl = _us_both_normalisations(make(rng))
            x = rng.integers(0, V, Ns[-1])
            for k, N in enumerate(Ns):
                c = np.bincount(x[:N], minlength=V)
                curves[gi, 0, :, k] = _us_mismatch_errors(Cg, Cl, c, US_MISMATCH_SIGMA2)   # Fig 7
                curves[gi, 1, :, k] = _us_mismatch_errors(Cl, Cg, c, US_MISMATCH_SIGMA2)   # Fig 8
        mean = curves.mean(axis=0)
        for i, fig in enumerate(("fig7", "fig8")):
            rises[(fig, ens)] = {s2: _rise(mean[i, j]) for j, s2 in enumerate(US_MISMATCH_SIGMA2)}
            rises[(fig, ens)]["largest single graph at 1e-2, 1e-1"] = max(
                _rise(curves[gi, i, j]) for gi in range(n_graphs) for j in (2, 3))
    for panel, r in rises.items():
        print(panel, {(f"{k:g}" if isinstance(k, float) else k): round(v, 4) for k, v in r.items()})
    for panel, r in rises.items():
        assert r[1e-4] > 0.05, (panel, r)                                  # control: the maximum is there
        # the paper's version: no maximum at 1e-2 and 1e-1, not even on a single graph and data set ...
        assert r[1e-2] < 1e-3 and r[1e-1] < 1e-3, (panel, r)
        assert r["largest single graph at 1e-2, 1e-1"] < US_MISMATCH_RISE_MIN, (panel, r)
        # ... and at 1e-3 at most a remnant a quarter of the 1e-4 rise or less (heavy-tailed over graphs: the
        # 100-graph average of the build has no significant rise there)
        assert r[1e-3] < 0.25 * r[1e-4], (panel, r)


# ---------------------------------------------------------------------------------------------------
# Sollich & Halees 2002, Sec. 5 / Fig. 10: Degmin against Plaskota, closer for lower sigma^2 only asymptotically
# ---------------------------------------------------------------------------------------------------

SH_L4 = 0.3  # Figs 5, 7, 9, 10: RBF length scale in d = 4
SH_SIGMA_X2 = 1.0 / 12.0  # Gaussian inputs: the variance of the uniform distribution on [0, 1] (ours: spec)


def _sh_rbf4_uniform_spectrum(q_max: int = 8) -> tuple[np.ndarray, float]:
    """Periodic RBF on [0,1]^4, l = 0.3: lambda_q = prod_j sqrt(2 pi) l exp(-(2 pi l q_j)^2/2), q in Z^4 (sorted,
    multiplicities expanded), and T = C(x,x) = (sum_r exp(-r^2/(2 l^2)))^4."""
    q = np.arange(-q_max, q_max + 1)
    one = np.sqrt(2 * np.pi) * SH_L4 * np.exp(-((2 * np.pi * SH_L4 * q) ** 2) / 2)
    lam = one
    for _ in range(3):
        lam = np.multiply.outer(lam, one).ravel()
    r = np.arange(-60, 61)
    return np.sort(lam)[::-1], float(np.exp(-r * r / (2 * SH_L4**2)).sum() ** 4)


def _sh_rbf4_gaussian_spectrum(k_max: int = 40) -> tuple[np.ndarray, float]:
    """RBF, l = 0.3, inputs N(0, sigma_x^2 I) in d = 4: the 1-d eigenvalues sqrt(2a/A) B^k (a = 1/(4 sigma_x^2),
    b = 1/(2 l^2), c = sqrt(a^2 + 2ab), A = a + b + c, B = b/A; Zhu et al. 1998) multiplied over the dimensions;
    T = C(x,x) = 1."""
    a, b = 1 / (4 * SH_SIGMA_X2), 1 / (2 * SH_L4**2)
    A = a + b + np.sqrt(a * a + 2 * a * b)
    one = np.sqrt(2 * a / A) * (b / A) ** np.arange(k_max)
    lam = one
    for _ in range(3):
        lam = np.sort(np.multiply.outer(lam, one).ravel())[::-1][:20000]
    return lam, 1.0


def _sh_plaskota_by_multiplier(lam, T, n: int, s2: float) -> float:
    """Eq. (19) with S = nT, solved by its KKT condition instead of App. B's cut-off search: eta_i =
    max(0, sqrt(lam_i s2/mu) - s2) on the top n eigenvalues, mu by bisection so that sum eta = nT."""
    if n == 0:
        return T
    top = lam[:n]
    lo, hi = 1e-300, top[0] / s2
    for _ in range(300):
        mid = np.sqrt(lo * hi)
        if np.maximum(np.sqrt(top * s2 / mid) - s2, 0.0).sum() > n * T:
            lo = mid
        else:
            hi = mid
    eta = np.maximum(np.sqrt(top * s2 / np.sqrt(lo * hi)) - s2, 0.0)
    eta *= n * T / eta.sum()
    return float((top * s2 / (s2 + eta)).sum() + T - top.sum())


def _sh_degmin(lam, T, n_max: int, s2: float) -> np.ndarray:
    """min over integer n_alpha (sum n) of eq. (32), sum lam_a s2/(s2 + n_a T), for n = 0..n_max: each example to
    the level with the largest marginal gain (exact: the terms are separable, decreasing and convex)."""
    import heapq

    top, beta = lam[: n_max + 1], T / s2
    count = np.zeros(top.size)
    heap = [(-(v * beta / (1 + beta)), i) for i, v in enumerate(top)]
    heapq.heapify(heap)
    eps, out = float(T), [float(T)]
    for _ in range(n_max):
        gain, i = heapq.heappop(heap)
        eps += gain
        count[i] += 1
        m = count[i]
        heapq.heappush(heap, (-(top[i] * beta / ((1 + m * beta) * (1 + (m + 1) * beta))), i))
        out.append(eps)
    return np.array(out)


def _sh_log_gap(lam, T, n_max: int, s2: float) -> np.ndarray:
    """ln(Degmin/Pl) at n = 1..n_max."""
    dm = _sh_degmin(lam, T, n_max, s2)
    pl = np.array([_sh_plaskota_by_multiplier(lam, T, n, s2) for n in range(1, n_max + 1)])
    return np.log(dm[1:] / pl)


def test_sh_fig10_closer_for_lower_noise_only_below_the_gap_maximum():
    """Sollich & Halees 2002, Sec. 5 / Fig. 10 caption: "for a given n, the curves [Degmin and Pl] become closer
    for lower sigma^2; this is as expected since for sigma^2 -> 0 the Plaskota bound can be saturated". Our rbf4
    pair (sigma2 = 0.001 against 0.05, the noise levels of Fig. 5; the legend is lost) is farther apart at the
    lower noise level at 184 of 300 n (all n >= 117); gauss4 passes.

    Exact limits: the gap ln(Degmin/Pl) vanishes at BOTH ends of the noise axis. As sigma2 -> 0 both reduce to MW
    (the caption's reason). For sigma2 >= c n, c = T sqrt(lam_2)/(sqrt(lam_1) - sqrt(lam_2)) (0.72 for rbf4), the
    Plaskota optimum puts all of S = nT on lam_1 (eta_2 <= 0 in eq. 42), which the data set with all n examples on
    the top input attains: Degmin = Pl exactly. So at each n the gap has an interior maximum in sigma2, and "closer
    for lower sigma2" holds only between noise levels below it. For rbf4 that maximum falls with n (measured on a
    grid of sigma2 from 1e-6 to 10: sigma2 ~ 0.3-1 for 2 <= n <= 20, the gap being 0 at n = 1; 0.05 at n = 50,
    0.01 at n = 150, 1e-3 at n = 200-250, 1e-4 at n = 300), and the pair (1e-3, 0.05) straddles it from n = 117
    on (the 0.01/0.1 variant's pair from n = 71, failing at 230 n). For gauss4 the maximum stays at sigma2 >= 0.05
    for every n <= 300, so the same pair lies below it and the caption holds. The caption's rule is the
    sigma2 -> 0 asymptote, not a property of the curves at a given n. Nor does the lost legend (spec A6) rescue it
    for rbf4: against 0.05 the lower noise level must be 1e-6 or below for no n to be farther apart (1e-5: 28 n,
    1e-4: 111 n), far below the noise levels of every other figure.

    Independent route: spectra built here (periodic RBF on the hypercube; the closed-form Gaussian-input
    eigenvalues), Plaskota by its KKT multiplier (not App. B's cut-off search), Degmin by greedy allocation.
    Paper's version: rbf4 at (1e-3, 0.05), farther apart at the lower noise level at more than 150 n (the
    claims' 184 reproduced). Controls: the same spectrum and n with both noise levels below the maximum
    (1e-5 against 1e-4, 1e-6 against 1e-5): closer at every n; the same pair on gauss4: closer at every n.
    """
    n_max = 300
    lam_u, T_u = _sh_rbf4_uniform_spectrum()
    lam_g, T_g = _sh_rbf4_gaussian_spectrum()
    assert T_u == pytest.approx(1.0312879, rel=1e-6) and lam_u.sum() == pytest.approx(T_u, rel=1e-10)
    assert lam_g.sum() == pytest.approx(T_g, rel=1e-6)
    gap_u = {s2: _sh_log_gap(lam_u, T_u, n_max, s2) for s2 in (0.05, 1e-3, 1e-4, 1e-5, 1e-6)}
    gap_g = {s2: _sh_log_gap(lam_g, T_g, n_max, s2) for s2 in (0.05, 1e-3)}

    def farther(gaps, lo, hi):
        return np.flatnonzero(gaps[lo] > gaps[hi] + 1e-12) + 1

    # the exact large-noise end: Degmin = Pl for sigma2 >= c n, a gap just below it
    c = T_u * np.sqrt(lam_u[1]) / (np.sqrt(lam_u[0]) - np.sqrt(lam_u[1]))
    assert c == pytest.approx(0.7207, abs=1e-4)
    for n in (2, 5, 10):
        assert abs(_sh_log_gap(lam_u, T_u, n, 1.01 * c * n)[-1]) < 1e-12
        assert _sh_log_gap(lam_u, T_u, n, 0.5 * c * n)[-1] > 1e-3
    # ... and the small-noise end: the gap falls toward 0 (MW)
    assert gap_u[1e-6].max() < 0.1 * gap_u[1e-4].max()
    # the paper's version: rbf4 at the noise levels of Fig. 5
    worse = farther(gap_u, 1e-3, 0.05)
    print(f"rbf4 (1e-3 vs 0.05): farther at the lower noise level at {worse.size} n, from n = {worse.min()}")
    assert worse.size > 150 and worse.min() > 100
    # controls: the same spectrum below the maximum, the same pair on the Gaussian-input spectrum
    assert farther(gap_u, 1e-5, 1e-4).size == 0 and farther(gap_u, 1e-6, 1e-5).size == 0
    assert farther(gap_u, 1e-6, 0.05).size == 0 and farther(gap_u, 1e-5, 0.05).size == 28
    assert farther(gap_u, 1e-4, 0.05).size == 111
    assert farther(gap_g, 1e-3, 0.05).size == 0


# ---------------------------------------------------------------------------------------------------
# Sollich & Halees 2002, Sec. 3: "the LC approximation performs best", against Fig. 6 (Gaussian inputs, d = 1)
# ---------------------------------------------------------------------------------------------------

SH_L1, SH_S2 = 0.01, 0.05  # Figs 4 and 6: RBF length scale and noise level in d = 1


def _sh_lc(lam, n: float) -> float:
    from scipy.optimize import brentq

    return brentq(lambda e: e - np.sum(lam / (1 + n * lam / (SH_S2 + e))), 0.0, lam.sum() + 1.0, xtol=1e-14)


def _sh_uc(lam, n: float) -> float:
    from scipy.optimize import brentq

    h = brentq(lambda m: m + np.sum(np.log1p(m * lam / SH_S2)) - n, 0.0, n, xtol=1e-12)
    return float(np.sum(lam / (1 + h * lam / SH_S2)))


def _sh_d1_spectrum(inputs: str) -> np.ndarray:
    if inputs == "gaussian":   # closed form (Zhu et al. 1998), as in _sh_rbf4_gaussian_spectrum
        a, b = 1 / (4 * SH_SIGMA_X2), 1 / (2 * SH_L1**2)
        A = a + b + np.sqrt(a * a + 2 * a * b)
        return np.sqrt(2 * a / A) * (b / A) ** np.arange(3000)
    q = np.arange(-400, 401)   # periodic RBF on [0, 1]
    return np.sqrt(2 * np.pi) * SH_L1 * np.exp(-((2 * np.pi * SH_L1 * q) ** 2) / 2)


def _sh_d1_simulation(inputs: str, ns, n_sets: int, rng) -> np.ndarray:
    """Exact eps(D) = <C(x,x) - k(x)^T K^-1 k(x)>_x of n_sets nested data sets, the x-average by quadrature on a
    grid of spacing < l/3 (Gaussian: density weights over +-8 sd; uniform: periodic distance on [0, 1))."""
    from scipy import linalg

    if inputs == "gaussian":
        x = np.linspace(-8 * np.sqrt(SH_SIGMA_X2), 8 * np.sqrt(SH_SIGMA_X2), 4001)
        w = np.exp(-x * x / (2 * SH_SIGMA_X2))

        def kern(u, v):
            return np.exp(-((u[:, None] - v[None, :]) ** 2) / (2 * SH_L1**2))

        def draw(n):
            return rng.normal(0.0, np.sqrt(SH_SIGMA_X2), n)
    else:
        x = np.linspace(0.0, 1.0, 2000, endpoint=False)
        w = np.ones_like(x)

        def kern(u, v):   # images beyond the nearest are below exp(-1250) at l = 0.01
            d = u[:, None] - v[None, :]
            d = d - np.round(d)
            return np.exp(-d * d / (2 * SH_L1**2))

        def draw(n):
            return rng.random(n)
    w = w / w.sum()
    out = np.zeros((n_sets, len(ns)))
    for s in range(n_sets):
        X = draw(max(ns))
        for j, n in enumerate(ns):
            L = linalg.cholesky(kern(X[:n], X[:n]) + SH_S2 * np.eye(n), lower=True)
            W = linalg.solve_triangular(L, kern(x, X[:n]).T, lower=True)
            out[s, j] = 1.0 - np.sum(w * np.einsum("ij,ij->j", W, W))
    return out


def test_sh_lc_not_best_for_gaussian_inputs_in_d1():
    """Sollich & Halees 2002, Sec. 3: "In summary, of the approximations which we have derived, the LC approximation
    performs best". Registered reading: LC closer to Sim than UC in every learning-curve panel of Figs 3-7 by the
    worst gap max_n |ln(curve/Sim)|; it fails in one panel, Fig. 6 (RBF, l = 0.01, Gaussian inputs in d = 1,
    sigma2 = 0.05): LC's worst gap 0.58 (n = 300) against UC's 0.28.

    Mechanism (the paper's own Malzahn-Opper remark, Sec. 3): LC closes its self-consistency with one global eps
    in sigma2 + eps, exact only when the local error eps(x) does not depend on x. With l = 0.01 far below the input
    spread (sd 0.29), the tails of the Gaussian stay unlearned long after the centre, so eps(n) decays slower than
    LC predicts and LC falls ever further below Sim as n grows (ln gap 0.09, 0.29, 0.49, 0.57 at n = 50, 100, 200,
    300), while UC, above Sim, stays within 0.3. A local version of the same LC (the uniform-input LC at the local
    density n p(x), averaged over p) removes most of that shortfall at large n (0.059 against LC's 0.042 and Sim's
    0.074 at n = 300), locating it in the x-dependence LC averages away.

    Independent route: exact eps(D) of simulated data sets (Cholesky, quadrature over x; not the library's
    simulator), LC and UC from spectra built here (closed-form Gaussian-input eigenvalues; periodic RBF Fourier
    eigenvalues). Paper's version: Gaussian inputs, where UC is the closer approximation by the worst gap (margin
    > 0.15). Control, sharing kernel, l, sigma2 and n (Fig. 4's rbf1 setting): uniform inputs on [0, 1], where eps(x)
    is x-independent and LC is the closer one by the worst gap (0.53 against 0.69), as the paper says.
    """
    rng = np.random.default_rng(20020706)
    ns = [50, 100, 200, 300]
    worst = {}
    for inputs in ("gaussian", "uniform"):
        lam = _sh_d1_spectrum(inputs)
        assert lam.sum() == pytest.approx(1.0, rel=1e-6)     # C(x,x) = 1: tr Lambda
        sims = _sh_d1_simulation(inputs, ns, 16 if inputs == "gaussian" else 48, rng)
        m, se = sims.mean(axis=0), sims.std(axis=0, ddof=1) / np.sqrt(sims.shape[0])
        lc = np.array([_sh_lc(lam, n) for n in ns])
        uc = np.array([_sh_uc(lam, n) for n in ns])
        worst[inputs] = (np.abs(np.log(lc / m)).max(), np.abs(np.log(uc / m)).max(), (se / m).max())
        print(inputs, "Sim", np.round(m, 4), "LC", np.round(lc, 4), "UC", np.round(uc, 4))
        if inputs == "gaussian":
            x = np.linspace(-8 * np.sqrt(SH_SIGMA_X2), 8 * np.sqrt(SH_SIGMA_X2), 801)
            p = np.exp(-x * x / (2 * SH_SIGMA_X2)) / np.sqrt(2 * np.pi * SH_SIGMA_X2)
            lam_u = _sh_d1_spectrum("uniform")
            local = sum(pi * (x[1] - x[0]) * _sh_lc(lam_u, 300 * pi) for pi in p if 300 * pi > 1e-9)
            assert abs(np.log(local / m[-1])) < 0.5 * abs(np.log(lc[-1] / m[-1]))   # the x-dependence
    print({k: np.round(v, 3) for k, v in worst.items()})
    lc_g, uc_g, rel_g = worst["gaussian"]
    lc_u, uc_u, rel_u = worst["uniform"]
    assert lc_g - uc_g > max(0.15, 4 * rel_g)          # the paper's version: UC is closer
    assert uc_u - lc_u > max(0.05, 3 * rel_u)          # control: LC is closer


# ---------------------------------------------------------------------------------------------------
# Sollich & Halees 2002, Sec. 3: "the LC approximation performs best", under both readings (worst and mean gap)
# ---------------------------------------------------------------------------------------------------

SH_L_OU2 = 0.1  # Fig. 3 right: periodic OU (and the RBF contrast) in d = 2


def _sh_kernel_1d(kind: str, inputs: str):
    """RBF or OU at l = 0.01 in d = 1; uniform inputs: periodic on [0, 1) by the nearest image (the next image is
    below exp(-1250) for the RBF, exp(-50) for the OU)."""
    def kern(u, v):
        d = u[:, None] - v[None, :]
        if inputs == "uniform":
            d = d - np.round(d)
        return np.exp(-(d * d) / (2 * SH_L1**2)) if kind == "rbf" else np.exp(-np.abs(d) / SH_L1)
    return kern


def _sh_nested_curves(kern, draw, x, w, c0: float, n_max: int, n_sets: int, s2: float = SH_S2) -> np.ndarray:
    """eps(D_n) for n = 0..n_max on n_sets nested data sets: C(x,x) - k(x)^T K_n^-1 k(x) averaged over the test
    inputs x with weights w (a quadrature, or equal weights on random test inputs), all n from one Cholesky factor
    (its first n rows factor K_n)."""
    from scipy import linalg

    out = np.empty((n_sets, n_max + 1))
    out[:, 0] = c0
    for s in range(n_sets):
        X = draw(n_max)
        L = linalg.cholesky(kern(X, X) + s2 * np.eye(n_max), lower=True)
        W = linalg.solve_triangular(L, kern(X, x(s) if callable(x) else x), lower=True)
        out[s, 1:] = c0 - np.cumsum((W * W) @ w)
    return out


def _sh_sim_1d(kind: str, inputs: str, n_max: int, n_sets: int, rng, grid: int) -> np.ndarray:
    if inputs == "gaussian":
        sd = np.sqrt(SH_SIGMA_X2)
        x = np.linspace(-8 * sd, 8 * sd, grid)
        w = np.exp(-x * x / (2 * SH_SIGMA_X2))

        def draw(n):
            return rng.normal(0.0, sd, n)
    else:
        x = (np.arange(grid) + 0.5) / grid     # midpoints: the OU's posterior variance has kinks at the data
        w = np.ones(grid)

        def draw(n):
            return rng.random(n)
    return _sh_nested_curves(_sh_kernel_1d(kind, inputs), draw, x, w / w.sum(), 1.0, n_max, n_sets)


def _sh_ou1_lc(n: float, s2: float = SH_S2) -> float:
    """LC for the periodic OU, d = 1, l = 0.01 in closed form: lambda_q = 2l/(1 + (2 pi l q)^2) sums to
    g(h) = coth(pi a)/sqrt(1 + 2lh), a = sqrt(1 + 2lh)/(2 pi l), and coth(pi a) = 1 to 1e-43."""
    from scipy.optimize import brentq

    return brentq(lambda e: e - 1 / np.sqrt(1 + 2 * SH_L1 * n / (s2 + e)), 1e-12, 1.5, xtol=1e-15)


def _sh_ou1_uc(n: float, s2: float = SH_S2) -> float:
    """UC for the same: sum_q ln(1 + h lambda_q) = (sqrt(1 + 2lh) - 1)/l (the product formula of sinh)."""
    from scipy.optimize import brentq

    if s2 == 0.0:
        return 1.0 / (1.0 + SH_L1 * n)
    h = brentq(lambda m: m + (np.sqrt(1 + 2 * SH_L1 * m / s2) - 1) / SH_L1 - n, 0.0, n, xtol=1e-13)
    return 1 / np.sqrt(1 + 2 * SH_L1 * h / s2)


def _sh_ou1_noise_free(n: int) -> float:
    """Exact noise-free learning curve of the periodic OU in d = 1 (the prior is Markov): between neighbouring
    data at distance D the posterior is the OU bridge, whose variance integrates to D coth(D/l) - l; the n gaps of
    n uniform points on the circle are each Beta(1, n - 1)."""
    from scipy.integrate import quad

    f = lambda D: (D / np.tanh(D / SH_L1) - SH_L1) * (n - 1) * (1 - D) ** (n - 2)
    return n * quad(f, 0.0, 1.0, limit=400, points=[SH_L1, 10 * SH_L1, 1 / n, 5 / n])[0]


def _sh_margins(sims: np.ndarray, lc: np.ndarray, uc: np.ndarray) -> dict:
    """UC's minus LC's log-axis gap from Sim, max and mean over n = 1..n_max (positive: LC closer), with the
    standard error of the mean one (delta method over the data sets)."""
    m = sims.mean(axis=0)[1:]
    gl, gu = np.abs(np.log(lc / m)), np.abs(np.log(uc / m))
    sl, su = np.sign(np.log(m / lc)), np.sign(np.log(m / uc))
    infl = ((su - sl) * (sims[:, 1:] / m)).mean(axis=1)
    return {"worst": float(gu.max() - gl.max()), "mean": float(gu.mean() - gl.mean()),
            "mean_se": float(infl.std(ddof=1) / np.sqrt(sims.shape[0]))}


def test_sh_lc_not_best_under_either_gap_reading():
    """Sollich & Halees 2002, Sec. 3: "In summary, of the approximations which we have derived, the LC approximation
    performs best" (LC and UC). Our claim reads it in every learning-curve panel of Figs 3-7 under two readings of
    "best", LC's log-axis gap from Sim smaller than UC's at the worst n and on the mean over n = 1..300; both fail
    (worst: gauss1; mean: gauss1 and ou1). This test shows the statement false under each reading.

    Gaussian inputs (Fig. 6, RBF, l = 0.01, d = 1, sigma2 = 0.05): UC is closer under both readings, the mechanism
    of test_sh_lc_not_best_for_gaussian_inputs_in_d1 (LC's one global eps against an input density whose tails stay
    unlearned): UC - LC margin -0.29 worst, -0.15 mean (se 0.014).

    ou1 (Fig. 3 left, periodic OU, l = 0.01, d = 1, sigma2 = 0.05): UC is closer on the mean over n (margin -0.015,
    se 0.003; our claims: -0.016); LC is closer only at the first n and the last few (n >~ 265). Mechanism: over n <= 300 the OU curve
    stays in its initial regime (Sim falls only to 0.23, at least 4.6 sigma2, n l <= 3), where for this rough
    kernel the exact curve lies nearer UC. Noise-free it is exact in closed form (the OU bridge between
    neighbouring data): n E[D coth(D/l) - l], D ~ Beta(1, n - 1), against LC's root of eps = (1 + 2nl/eps)^(-1/2)
    and UC's 1/(1 + nl): mean gaps over n = 10..300 of 0.15 (LC) against 0.10 (UC); LC becomes the nearer one only
    from n l between 5 and 10 on; as n l -> infinity exact 2/(3nl), LC 1/(2nl), UC 1/(nl) (gaps ln 4/3, ln 3/2).

    Independent route: exact eps(D) of simulated nested data sets (one Cholesky factor per set, the x-average by
    quadrature; not the library's simulator or its x-averaged matrix M), LC and UC from spectra or closed forms
    built here. Control sharing inputs, l, sigma2 and n: the RBF kernel on uniform inputs (Fig. 4's rbf1), where
    LC is closer under both readings (margins +0.13 worst, +0.06 mean, se 0.017), as the paper says.
    """
    rng = np.random.default_rng(20020707)
    n_max, ns = 300, np.arange(1, 301)
    out = {}
    for name, kind, inputs, n_sets, grid in (("gauss1", "rbf", "gaussian", 80, 2401),
                                             ("rbf1", "rbf", "uniform", 150, 1000),
                                             ("ou1", "ou", "uniform", 240, 2000)):
        sims = _sh_sim_1d(kind, inputs, n_max, n_sets, rng, grid)
        if kind == "ou":
            lc, uc = np.array([_sh_ou1_lc(n) for n in ns]), np.array([_sh_ou1_uc(n) for n in ns])
        else:
            lam = _sh_d1_spectrum(inputs)
            lc, uc = np.array([_sh_lc(lam, n) for n in ns]), np.array([_sh_uc(lam, n) for n in ns])
        out[name] = _sh_margins(sims, lc, uc)
        if inputs == "uniform":   # exact eps(1) on every data set: 1 - int c(d)^2 dd / (1 + sigma2)
            sum_lam2 = np.sqrt(np.pi) * SH_L1 if kind == "rbf" else SH_L1 * (1 - np.exp(-1 / SH_L1))
            assert sims[:, 1] == pytest.approx(1 - sum_lam2 / (1 + SH_S2), abs=1e-5)
    print({k: {a: round(b, 4) for a, b in v.items()} for k, v in out.items()})
    g, o, u = out["gauss1"], out["ou1"], out["rbf1"]
    # the paper's version: UC closer under both readings (Gaussian inputs) and on the mean (ou1)
    assert g["worst"] < -0.15 and g["mean"] < -0.08 and g["mean"] + 4 * g["mean_se"] < 0
    assert o["mean"] < -0.01 and o["mean"] + 3 * o["mean_se"] < 0
    # control: the same inputs, l, sigma2 and n with the RBF kernel: LC closer under both readings
    assert u["worst"] > 0.05 and u["mean"] > 0.03 and u["mean"] - 3 * u["mean_se"] > 0
    # ou1's mechanism, noise-free and exact: UC nearer over the range shown, LC nearer for n l >> 1
    grid_n = np.arange(10, 301, 10)
    ex = np.array([_sh_ou1_noise_free(n) for n in grid_n])
    gap_lc = np.abs(np.log(np.array([_sh_ou1_lc(n, 0.0) for n in grid_n]) / ex))
    gap_uc = np.abs(np.log(np.array([_sh_ou1_uc(n, 0.0) for n in grid_n]) / ex))
    assert gap_uc.mean() < gap_lc.mean() - 0.03 and np.all(gap_uc[1:] < gap_lc[1:])
    for nl, want in ((20, True), (100, True), (3, False)):
        n = int(round(nl / SH_L1))
        e0 = _sh_ou1_noise_free(n)
        assert bool(abs(np.log(_sh_ou1_lc(n, 0.0) / e0)) < abs(np.log(_sh_ou1_uc(n, 0.0) / e0))) is want, nl
    assert _sh_ou1_noise_free(10_000) * 10_000 * SH_L1 == pytest.approx(2 / 3, rel=2e-3)


# ---------------------------------------------------------------------------------------------------
# Sollich & Halees 2002, Sec. 3 / Fig. 3: Plaskota "rather loose", TWO "far from tight" on the OU panels
# ---------------------------------------------------------------------------------------------------


def _sh_periodic_2d(kind: str):
    """Periodic OU (exp(-|x|/l), isotropic) or RBF on the unit torus at l = 0.1: the 9 images nearest to the
    wrapped difference (those left out are below exp(-15))."""
    def kern(U, V):
        d = U[:, None, :] - V[None, :, :]
        d = d - np.round(d)
        out = 0.0
        for a in (-1, 0, 1):
            for b in (-1, 0, 1):
                r2 = (d[..., 0] - a) ** 2 + (d[..., 1] - b) ** 2
                out = out + (np.exp(-np.sqrt(r2) / SH_L_OU2) if kind == "ou" else np.exp(-r2 / (2 * SH_L_OU2**2)))
        return out
    return kern


def _sh_spectrum_2d(kind: str, q_max: int = 400) -> np.ndarray:
    """Fourier eigenvalues on the torus, q in Z^2, |q_j| <= q_max: OU 2 pi l^2 (1 + (2 pi l)^2 |q|^2)^(-3/2), RBF
    2 pi l^2 exp(-(2 pi l)^2 |q|^2 / 2); sorted descending."""
    q = np.arange(-q_max, q_max + 1)
    q2 = (q[:, None] ** 2 + q[None, :] ** 2).ravel()
    k = (2 * np.pi * SH_L_OU2) ** 2 * q2
    lam = 2 * np.pi * SH_L_OU2**2 * ((1 + k) ** -1.5 if kind == "ou" else np.exp(-k / 2))
    return np.sort(lam)[::-1]


def _sh_two(lam, T: float, n: int, s2: float = SH_S2) -> float:
    """Eq. (24) with uniform C(x,x) = T; the eigenvalues left out (their sum T - sum lam, each far below sigma2 and
    1/n) each contribute lambda (T + s2 - lambda)/(T + s2 + (n-1) lambda) ~ lambda."""
    a = T + s2
    return float(np.sum(lam * (a - lam) / (a + (n - 1) * lam)) + (T - lam.sum()))


def test_sh_fig3_ou_bounds_within_a_factor_2_over_the_range_shown():
    """Sollich & Halees 2002, Sec. 3 on Fig. 3 (periodic OU, uniform inputs, sigma2 = 0.05; left d = 1, l = 0.01,
    right d = 2, l = 0.1): "the lower bounds (Plaskota and OV) are rather loose in both cases. The TWO upper bound
    is also far from tight". Registered reading: the bound misses Sim by at least a factor 2 at some n <= 300. It
    fails for TWO on ou1 (largest factor 1.66), Plaskota on ou2 (1.78) and TWO on ou2 (1.33), all at n = 300.

    Mechanism: the OU prior's rough paths (eigenvalues ~ |q|^-(d+1)) keep both curves in their initial regime over
    the range shown (Sim falls only to 0.23 and 0.33, n l^d <= 3): TWO equals Sim at n = 0 and n = 1 and the
    Plaskota bound at n = 0, and they leave Sim only as Sim falls, so each gap grows with n and is largest at the
    last n shown. The same panel carried on to n = 1000 takes TWO past a factor 2 on ou1 (from n ~ 520; 2.5 at
    n = 1000); on ou2 the LC-UC bracket puts TWO/Sim below 2 up to n ~ 5000. With the RBF kernel in the same
    setting (inputs, d, l, sigma2, n) the curve falls by orders of magnitude and both bounds miss it by far more than
    a factor 2: Fig. 4's rbf1 (d = 1; "similar comments apply") and the d = 2 RBF at l = 0.1 (no panel of the paper).

    Independent route: TWO and Plaskota from spectra or sums built here (Plaskota by its KKT multiplier, not App. B's
    cut-off search; the eigenvalues left out by their trace, T - sum lambda), Sim from simulated nested data sets
    (d = 1: x-average by quadrature; d = 2: the paper's own route, random test inputs), not the library's simulator.
    Paper's version: the three bounds within a factor 2 of Sim at every n <= 300 (ou1 TWO < 1.75, ou2 Plaskota
    < 1.9, ou2 TWO < 1.45). Controls: the same setting with the RBF kernel, every one of the three gaps above 2
    (and ou1's TWO above 2 at n = 1000).
    """
    rng = np.random.default_rng(20020708)
    n_max = 300
    gaps = {}
    # d = 1: ou1 and the RBF control (rbf1), theory from the 1-d spectra
    q = np.arange(-200_000, 200_001)
    lam_ou1 = np.sort(2 * SH_L1 / (1 + (2 * np.pi * SH_L1 * q) ** 2))[::-1]
    T_ou1 = 1 / np.tanh(1 / (2 * SH_L1))           # sum_r exp(-|r|/l), periodic
    for name, kind, lam, T, n_sets, grid in (("ou1", "ou", lam_ou1, T_ou1, 60, 2000),
                                             ("rbf1", "rbf", np.sort(_sh_d1_spectrum("uniform"))[::-1], 1.0, 40,
                                              1000)):
        m = _sh_sim_1d(kind, "uniform", n_max, n_sets, rng, grid).mean(axis=0)
        two = np.array([_sh_two(lam, T, n) for n in range(1, n_max + 1)])
        pl = np.array([_sh_plaskota_by_multiplier(lam, T, n, SH_S2) for n in range(1, n_max + 1)])
        gaps[name] = {"TWO": float((two / m[1:]).max()), "Pl": float((m[1:] / pl).max()),
                      "TWO at n_max": float(two[-1] / m[-1])}
    # d = 2: ou2 and its RBF control, Sim on random test inputs
    for name, kind in (("ou2", "ou"), ("rbf2", "rbf")):
        kern = _sh_periodic_2d(kind)
        c0 = float(kern(np.zeros((1, 2)), np.zeros((1, 2)))[0, 0])
        tests = rng.random((20, 3000, 2))
        sims = _sh_nested_curves(kern, lambda n: rng.random((n, 2)), lambda s: tests[s], np.full(3000, 1 / 3000),
                                 c0, n_max, 20)
        m = sims.mean(axis=0)
        lam = _sh_spectrum_2d(kind)
        two = np.array([_sh_two(lam, c0, n) for n in range(1, n_max + 1)])
        pl = np.array([_sh_plaskota_by_multiplier(lam, c0, n, SH_S2) for n in range(1, n_max + 1)])
        gaps[name] = {"TWO": float((two / m[1:]).max()), "Pl": float((m[1:] / pl).max()),
                      "TWO at n_max": float(two[-1] / m[-1])}
    print({k: {a: round(b, 3) for a, b in v.items()} for k, v in gaps.items()})
    # the paper's version: within a factor 2 over n <= 300, the largest gap at the last n
    assert gaps["ou1"]["TWO"] < 1.75 and gaps["ou1"]["TWO"] == pytest.approx(gaps["ou1"]["TWO at n_max"], rel=1e-9)
    assert gaps["ou2"]["Pl"] < 1.9 and gaps["ou2"]["TWO"] < 1.45
    assert gaps["ou2"]["TWO"] == pytest.approx(gaps["ou2"]["TWO at n_max"], rel=1e-9)
    # controls: the same setting with the RBF kernel, every gap beyond a factor 2
    for name in ("rbf1", "rbf2"):
        assert gaps[name]["TWO"] > 4 and gaps[name]["Pl"] > 3, name
    # ... and ou1 itself carried on to n = 1000: TWO beyond a factor 2
    m = _sh_sim_1d("ou", "uniform", 1000, 12, rng, 4000).mean(axis=0)
    at = {n: _sh_two(lam_ou1, T_ou1, n) / m[n] for n in (300, 500, 1000)}
    print("ou1 TWO/Sim", {n: round(v, 3) for n, v in at.items()})
    assert at[300] < 1.75 < 2.2 < at[1000]
